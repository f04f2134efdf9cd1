"""The prompt helper's backend: llama.cpp's `llama-server`, built with Vulkan from the pinned llama-cpp-python
sdist (which vendors llama.cpp), natively for Linux and cross-built with mingw-w64 for Windows.

Its ggml is newer than sd.cpp's: it has upstream's own submit cap (GGML_VK_MAX_NODES_PER_SUBMIT), so our
ggml-vulkan patch is not applied here; the old-Vulkan-headers guard is (its instance creation is the same), and
so is the CPU variants' subset (backend_bin/cpu_variants.py). Its libraries (llama, ggml and the CPU variants)
share their names with sd.cpp's older ggml, so the server and its libraries live in a folder of their own,
backend_bin/bin/llama/. The server's web page is left out (LLAMA_BUILD_UI=OFF, no prebuilt download: a build
never reaches the network beyond PyPI).
"""

from __future__ import annotations

import shutil
import tarfile
from pathlib import Path
from typing import Any

from backend_bin import linux, windows
from backend_bin.cpu_variants import CPU_VARIANTS, check_instruction_levels, cpu_variant_flags, shared_library_flags
from backend_bin.output import (
    c_code,
    cached_build,
    cmake_code,
    configure,
    copy_build_output,
    expose,
    folder_files,
    host_code_key,
    options_digest,
    reuse_compiled_shaders,
)
from backend_bin.source import (
    LLAMA_CPP_PATCHES,
    LLAMA_CPP_SDIST,
    LLAMA_CPP_WINDOWS_PATCHES,
    SourcePatch,
    fetch_sdist,
    guard_for_headers,
    patches_digest,
    source_patches_record,
)
from backend_bin.tools import BuildError, SystemFile, missing_packages_message, run_step, say

LLAMA_SERVER = "llama-server"
LLAMA_SERVER_EXE = "llama-server.exe"
LLAMA_FOLDER = "llama/"  # below backend_bin/bin/, for both targets (app/core/resources.py finds it there)
# what llama.cpp builds beyond its server (tests, examples, the unified app, TLS, the web page) is switched off
COMMON_FLAGS = (
    "-DGGML_VULKAN=ON",
    "-DCMAKE_BUILD_TYPE=Release",
    "-DGGML_NATIVE=OFF",
    *shared_library_flags(),
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_APP=OFF",
    "-DLLAMA_BUILD_UI=OFF",
    "-DLLAMA_USE_PREBUILT_UI=OFF",
    "-DLLAMA_OPENSSL=OFF",
)


def extract_llama_cpp(sdist: Path, work: Path, include_dirs: list[Path],
                      patches: tuple[SourcePatch, ...] = LLAMA_CPP_PATCHES) -> Path:
    """Unpack llama.cpp's folder of the sdist (only it: the sdist also carries the Python package) into work/src,
    guarded for the Vulkan headers it will be compiled against."""
    source_root = work / "src"
    llama_cpp = source_root / LLAMA_CPP_SDIST.subdir
    if not llama_cpp.exists():
        say("unpacking llama.cpp")
        shutil.rmtree(source_root, ignore_errors=True)
        with tarfile.open(sdist) as archive:
            members = [m for m in archive.getmembers() if m.name.startswith(LLAMA_CPP_SDIST.subdir + "/")]
            archive.extractall(source_root, members=members, filter="data")
    for patch in patches:
        patch.apply(llama_cpp)
    guard_for_headers(llama_cpp, include_dirs)
    return llama_cpp


def linux_flags(variants: tuple[str, ...]) -> list[str]:
    return [*COMMON_FLAGS, *cpu_variant_flags(variants)]


def linux_cache_key(variants: tuple[str, ...] = CPU_VARIANTS) -> str:
    digest = options_digest(*linux_flags(variants), *patches_digest(LLAMA_CPP_PATCHES), host_code_key())
    return f"llama-{LLAMA_CPP_SDIST.version}-{digest}"


def build_linux(cache: Path, jobs: int, variants: tuple[str, ...], ninja: bool = False) -> tuple[Path, dict[str, Any]]:
    def build(work: Path, folder: Path) -> dict[str, Any]:
        sdist = fetch_sdist(cache / "downloads", LLAMA_CPP_SDIST)
        llama_cpp = extract_llama_cpp(sdist, work, list(linux.INCLUDE_DIRS))
        build_dir = work / "build"
        configure(llama_cpp, build_dir, linux_flags(variants), ninja)
        run_step(["cmake", "--build", str(build_dir), f"-j{jobs}", "--target", LLAMA_SERVER])
        libraries = copy_build_output(build_dir / "bin", folder, (LLAMA_SERVER,), "lib*.so")
        return {"source": LLAMA_CPP_SDIST.record(), "patches": source_patches_record(LLAMA_CPP_PATCHES),
                "cmake_flags": linux_flags(variants), "libraries": libraries, "cpu_variants": list(variants),
                "instruction_levels": check_instruction_levels(folder, variants, windows=False, objdump="objdump")}

    missing = linux.missing_linux_packages(ninja)
    if missing:
        raise BuildError(missing_packages_message(missing))
    return cached_build(cache / linux_cache_key(variants), (LLAMA_SERVER,), linux.requirements(ninja), build,
                        served_by=cache / linux_cache_key())


# this ggml reads SPIR-V's own header (ggml-vulkan-types.h) beside Vulkan's; the mingw build sees no /usr/include
SPIRV_HEADERS = Path("/usr/include/spirv")
WINDOWS_REQUIREMENTS = (*windows.SD_CLI_REQUIREMENTS,
                        SystemFile((SPIRV_HEADERS / "unified1" / "spirv.hpp",), "spirv-headers"))


def windows_flags(work: Path, glslc: str, variants: tuple[str, ...]) -> list[str]:
    options = windows.WindowsOptions(variants=variants)
    return [
        *(flag for flag in options.cmake_flags(work, glslc) if not flag.startswith("-DSD_")),
        *(flag for flag in COMMON_FLAGS if flag not in options.option_flags()),
    ]


def windows_cache_key(variants: tuple[str, ...] = CPU_VARIANTS) -> str:
    digest = options_digest(*windows_flags(Path("work"), "glslc", variants), cmake_code(windows.TOOLCHAIN_FILE_TEXT),
                            c_code(windows.COMPAT_HEADER_TEXT), *patches_digest(LLAMA_CPP_WINDOWS_PATCHES),
                            host_code_key())
    return f"llama-windows-{LLAMA_CPP_SDIST.version}-{digest}"


def build_windows(cache: Path, jobs: int, variants: tuple[str, ...]) -> tuple[Path, dict[str, Any]]:
    def build(work: Path, folder: Path) -> dict[str, Any]:
        sdist = fetch_sdist(cache / "downloads", LLAMA_CPP_SDIST)
        headers = windows.copy_vulkan_headers(work / "vulkan-headers")
        shutil.copytree(SPIRV_HEADERS, headers / SPIRV_HEADERS.name, dirs_exist_ok=True)
        llama_cpp = extract_llama_cpp(sdist, work, [headers], LLAMA_CPP_WINDOWS_PATCHES)
        windows.make_vulkan_import_library(work / "vulkan-import")
        (work / "mingw-toolchain.cmake").write_text(windows.TOOLCHAIN_FILE_TEXT, encoding="utf-8")
        (work / "mingw_compat.h").write_text(windows.COMPAT_HEADER_TEXT, encoding="utf-8")
        build_dir = work / "build"
        flags = windows_flags(work, shutil.which("glslc") or "glslc", variants)
        configure(llama_cpp, build_dir, flags)
        shaders_reused = any(reuse_compiled_shaders(cache / key / "build", build_dir)
                             for key in (linux_cache_key(variants), linux_cache_key()))
        run_step(["cmake", "--build", str(build_dir), f"-j{jobs}", "--target", LLAMA_SERVER])
        libraries = copy_build_output(build_dir / "bin", folder, (LLAMA_SERVER_EXE,), "*.dll", windows.MINGW_STRIP)
        imports = windows.check_folder(folder, (LLAMA_SERVER_EXE,), libraries)
        levels = check_instruction_levels(folder, variants, windows=True, objdump=windows.MINGW_OBJDUMP)
        return {"source": LLAMA_CPP_SDIST.record(), "patches": source_patches_record(LLAMA_CPP_WINDOWS_PATCHES),
                "cmake_flags": flags, "libraries": libraries, "cpu_variants": list(variants), "imports": imports,
                "instruction_levels": levels,
                "shaders_from_linux_build": shaders_reused}

    return cached_build(cache / windows_cache_key(variants), (LLAMA_SERVER_EXE,), WINDOWS_REQUIREMENTS, build,
                        served_by=cache / windows_cache_key())


def build_and_expose(cache: Path, jobs: int, for_windows: bool, variants: tuple[str, ...] = CPU_VARIANTS,
                     ninja: bool = False) -> None:
    if for_windows:
        folder, record = build_windows(cache, jobs, variants)
        expose("llama-windows", folder_files(folder, LLAMA_FOLDER), {**record, "cache": str(folder.parent)})
        say(f"ready: {LLAMA_FOLDER}{LLAMA_SERVER_EXE}")
    else:
        folder, record = build_linux(cache, jobs, variants, ninja)
        expose("llama-linux", folder_files(folder, LLAMA_FOLDER), {**record, "cache": str(folder.parent)})
        say(f"ready: {LLAMA_FOLDER}{LLAMA_SERVER}")
