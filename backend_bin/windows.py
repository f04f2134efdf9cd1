"""The Windows backend, cross-built on Linux with mingw-w64: sd-cli.exe, sd-server.exe and llama-server.exe (from the
pinned sdists, Vulkan: backend_bin/engine.py) and vulkaninfo.exe (from Debian's vulkan-tools source package).

The three programs share ggml's DLLs beside them (one CPU backend per processor generation, chosen when the program
starts: backend_bin/cpu_variants.py). Every file is linked against the C and C++ runtimes
statically, so together they need only Windows' own DLLs and the driver's vulkan-1.dll (vulkaninfo.exe, one
file, loads the loader itself at run time). Windows promises no vulkaninfo.exe, so the app brings its own for the
system check.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tarfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from backend_bin.cpu_variants import CPU_VARIANTS, check_instruction_levels, cpu_variant_flags, shared_library_flags
from backend_bin.engine import PROGRAM_FLAGS, TARGETS, build_programs, configure_programs, project_key
from backend_bin.linux import BuildOptions
from backend_bin.output import (
    BIN_DIR,
    c_code,
    cached_build,
    cmake_code,
    copy_build_output,
    expose,
    folder_files,
    host_code_key,
    options_digest,
    read_stamp,
    reuse_compiled_shaders,
)
from backend_bin.source import (
    LLAMA_CPP_SDIST,
    SD_CPP_SDIST,
    DebianSource,
    build_patches,
    debian_patches,
    extract_sources,
    fetch_debian_source,
    patches_digest,
    source_patches_record,
)
from backend_bin.tools import BuildError, Program, Requirement, SystemFile, require_packages, run_step, say

MINGW = "x86_64-w64-mingw32"
# the posix-thread compilers: ggml uses std::thread, which mingw-w64's win32-thread compilers lack
MINGW_CC = f"{MINGW}-gcc-posix"
MINGW_CXX = f"{MINGW}-g++-posix"
MINGW_WINDRES = f"{MINGW}-windres"
MINGW_DLLTOOL = f"{MINGW}-dlltool"
MINGW_STRIP = f"{MINGW}-strip"
MINGW_OBJDUMP = f"{MINGW}-objdump"
# no libstdc++-6.dll, libgcc_s_seh-1.dll or libwinpthread-1.dll beside a program or a DLL of ours
STATIC_LINK_FLAGS = ("-static", "-static-libgcc", "-static-libstdc++")
# A mingw DLL exports every global symbol when its sources mark none (ggml's GGML_API marks none for mingw), the
# static runtime's too: ggml-base.dll would export libgcc's _Unwind_Resume, and every DLL linked against it would
# then find that symbol twice (and winpthreads' pthread_mutex_lock, from libpthread.a). The runtime's archives are
# kept out of the export table (not "ALL": CMake hands mingw's linker a target's own objects as an archive too).
DLL_LINK_FLAGS = (*STATIC_LINK_FLAGS, "-Wl,--exclude-libs=libgcc.a:libgcc_eh.a:libstdc++.a:libpthread.a")

# Wine's own loader DLL: its exports are the Vulkan loader's, so an import library made from it links
# against any vulkan-1.dll (the driver installs the real one into System32)
WINE_VULKAN_DLL = Path("/usr/lib/x86_64-linux-gnu/wine/x86_64-windows/vulkan-1.dll")
# copied into a folder of their own: /usr/include itself on a mingw include path would pull Linux's libc
# headers in place of mingw's
SYSTEM_VULKAN_HEADERS = (Path("/usr/include/vulkan"), Path("/usr/include/vk_video"))

VULKAN_TOOLS_PACKAGE = "vulkan-tools"
VULKAN_TOOLS_VERSION = "1.3.239.0+dfsg1-1"  # Debian 12's; its headers (libvulkan-dev) are the same 1.3.239

SD_CLI_EXE = "sd-cli.exe"
PROGRAMS = tuple(f"{target}.exe" for target in TARGETS)  # sd-cli.exe, sd-server.exe, llama-server.exe
VULKANINFO_EXE = "vulkaninfo.exe"
# what a Windows machine has without installing anything; vulkan-1.dll comes with every Vulkan driver
WINDOWS_SYSTEM_DLLS = frozenset({
    "kernel32.dll", "msvcrt.dll", "advapi32.dll", "shell32.dll", "user32.dll", "gdi32.dll", "ole32.dll",
    "oleaut32.dll", "ws2_32.dll", "bcrypt.dll", "shlwapi.dll", "comdlg32.dll", "version.dll", "winmm.dll",
})
VULKAN_LOADER_DLL = "vulkan-1.dll"

# ggml reads SPIR-V's own header (ggml-vulkan-types.h) beside Vulkan's; the mingw build sees no /usr/include
SPIRV_HEADERS = Path("/usr/include/spirv")
PROGRAMS_REQUIREMENTS: tuple[Requirement, ...] = (
    Program(MINGW_CC, "mingw-w64"),
    Program(MINGW_CXX, "mingw-w64"),
    Program(MINGW_WINDRES, "mingw-w64"),
    Program(MINGW_DLLTOOL, "mingw-w64"),
    Program(MINGW_STRIP, "mingw-w64"),
    Program(MINGW_OBJDUMP, "mingw-w64"),
    Program("gendef", "mingw-w64-tools"),
    Program("cmake", "cmake"),
    # ggml builds its shader generator for the build machine, with the host's compilers
    Program("gcc", "build-essential"),
    Program("g++", "build-essential"),
    Program("make", "build-essential"),
    Program("glslc", "glslc"),
    Program("patch", "patch"),
    SystemFile((WINE_VULKAN_DLL,), "libwine"),
    *(SystemFile((folder,), "libvulkan-dev") for folder in SYSTEM_VULKAN_HEADERS),
    SystemFile((SPIRV_HEADERS / "unified1" / "spirv.hpp",), "spirv-headers"),
)
VULKANINFO_REQUIREMENTS: tuple[Requirement, ...] = (
    Program(MINGW_CXX, "mingw-w64"),
    Program(MINGW_STRIP, "mingw-w64"),
    Program(MINGW_OBJDUMP, "mingw-w64"),
    Program("apt-get", "apt"),
    *(SystemFile((folder,), "libvulkan-dev") for folder in SYSTEM_VULKAN_HEADERS),
)

TOOLCHAIN_FILE_TEXT = f"""\
# Written by backend_bin/windows.py: cross-compile for 64-bit Windows with mingw-w64.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
# the posix-thread compilers: ggml uses std::thread
set(CMAKE_C_COMPILER {MINGW_CC})
set(CMAKE_CXX_COMPILER {MINGW_CXX})
set(CMAKE_RC_COMPILER {MINGW_WINDRES})
set(CMAKE_FIND_ROOT_PATH /usr/{MINGW})
# programs (glslc) run here; libraries and headers come from the Windows side only, never /usr
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
"""

COMPAT_HEADER_TEXT = """\
/* Written by backend_bin/windows.py and force-included into C files only (ggml-cpu.c is C).
   mingw-w64 10 (Debian 12) lacks THREAD_POWER_THROTTLING_STATE, a Windows 8 declaration that ggml-cpu.c
   uses to keep its threads at full speed; newer mingw-w64 has it, and then this defines nothing. */
#ifndef POLARIS_MINGW_COMPAT_H
#define POLARIS_MINGW_COMPAT_H
#ifdef _WIN32
#include <windows.h>
#ifndef THREAD_POWER_THROTTLING_CURRENT_VERSION
typedef struct _THREAD_POWER_THROTTLING_STATE {
    ULONG Version;
    ULONG ControlMask;
    ULONG StateMask;
} THREAD_POWER_THROTTLING_STATE;
#define THREAD_POWER_THROTTLING_CURRENT_VERSION 1
#define THREAD_POWER_THROTTLING_EXECUTION_SPEED 0x1
#endif
#endif
#endif
"""

# msvcrt.dll, the C runtime mingw-w64 10 links against, has no _set_abort_behavior (it came with msvcr80 and
# is in the UCRT); upstream links MinGW builds against the UCRT instead, which mixed with a msvcrt-based
# mingw runtime is worse. The call only silences abort()'s message box, so it is commented out.
ABORT_BEHAVIOR_CALL = "    _set_abort_behavior(0, _WRITE_ABORT_MSG | _CALL_REPORTFAULT);\n"
ABORT_BEHAVIOR_MARKER = "polaris: msvcrt.dll has no _set_abort_behavior"
ABORT_BEHAVIOR_REPLACEMENT = f"    // {ABORT_BEHAVIOR_MARKER}: {ABORT_BEHAVIOR_CALL.strip()}\n"

VULKANINFO_DEFINES = (
    # what vulkaninfo's CMakeLists.txt defines for Windows
    "-DVK_USE_PLATFORM_WIN32_KHR", "-DWIN32_LEAN_AND_MEAN", "-D_CRT_SECURE_NO_WARNINGS", "-DVK_NO_PROTOTYPES",
    "-DVK_ENABLE_BETA_EXTENSIONS",
)


def neutralise_set_abort_behavior(source: str) -> str:
    """Return vulkaninfo.cpp with its one _set_abort_behavior call commented out (applying it twice is a no-op)."""
    if ABORT_BEHAVIOR_MARKER in source:
        return source
    if source.count("_set_abort_behavior") != 1 or source.count(ABORT_BEHAVIOR_CALL) != 1:
        raise BuildError("vulkaninfo.cpp changed shape; the _set_abort_behavior fix needs updating")
    return source.replace(ABORT_BEHAVIOR_CALL, ABORT_BEHAVIOR_REPLACEMENT)


@dataclass(frozen=True)
class WindowsOptions:
    """How the Windows programs are configured; paths inside the build folder are added by cmake_flags()."""

    build_type: str = "Release"
    variants: tuple[str, ...] = CPU_VARIANTS

    def option_flags(self) -> list[str]:
        return [
            *PROGRAM_FLAGS,
            f"-DCMAKE_BUILD_TYPE={self.build_type}",
            # a Windows build must run on any x86-64 CPU; OpenMP would need libgomp's DLL beside the exe
            "-DGGML_NATIVE=OFF",
            "-DGGML_OPENMP=OFF",
            *shared_library_flags(),
            *cpu_variant_flags(self.variants),
            f"-DCMAKE_EXE_LINKER_FLAGS={' '.join(STATIC_LINK_FLAGS)}",
            *(f"-DCMAKE_{kind}_LINKER_FLAGS={' '.join(DLL_LINK_FLAGS)}" for kind in ("SHARED", "MODULE")),
        ]

    def cmake_flags(self, work: Path, glslc: str) -> list[str]:
        return [
            f"-DCMAKE_TOOLCHAIN_FILE={work / 'mingw-toolchain.cmake'}",
            *self.option_flags(),
            f"-DVulkan_INCLUDE_DIR={work / 'vulkan-headers'}",
            f"-DVulkan_LIBRARY={work / 'vulkan-import' / 'libvulkan-1.a'}",
            f"-DVulkan_GLSLC_EXECUTABLE={glslc}",
            # C only: the compat header's windows.h must not reach the C++ files
            f"-DCMAKE_C_FLAGS=-include {work / 'mingw_compat.h'}",
        ]

    def cache_key(self) -> str:
        digest = options_digest(*self.option_flags(), cmake_code(TOOLCHAIN_FILE_TEXT), c_code(COMPAT_HEADER_TEXT),
                                *patches_digest(build_patches(windows=True)), project_key(), host_code_key())
        return f"windows-{SD_CPP_SDIST.version}-{LLAMA_CPP_SDIST.version}-{digest}"


@dataclass(frozen=True)
class VulkaninfoOptions:
    """How vulkaninfo.exe is compiled: one translation unit, so no build system."""

    optimisation: str = "-O2"

    def compile_flags(self) -> list[str]:
        return ["-std=c++17", self.optimisation, *VULKANINFO_DEFINES]

    def link_flags(self) -> list[str]:
        # user32 and gdi32: the window it opens to test presentation support
        return [*STATIC_LINK_FLAGS, "-luser32", "-lgdi32"]

    def cache_key(self) -> str:
        digest = options_digest(*self.compile_flags(), *self.link_flags(), ABORT_BEHAVIOR_REPLACEMENT)
        return f"vulkaninfo-{VULKAN_TOOLS_VERSION}-{digest}"


def copy_vulkan_headers(destination: Path) -> Path:
    if not (destination / "vulkan" / "vulkan_core.h").exists():
        shutil.rmtree(destination, ignore_errors=True)
        for folder in SYSTEM_VULKAN_HEADERS:
            shutil.copytree(folder, destination / folder.name)
    return destination


def make_vulkan_import_library(folder: Path) -> Path:
    """libvulkan-1.a for mingw's linker, from the export list of Wine's vulkan-1.dll."""
    library = folder / "libvulkan-1.a"
    if not library.exists():
        folder.mkdir(parents=True, exist_ok=True)
        run_step(["gendef", str(WINE_VULKAN_DLL)], cwd=folder)  # writes vulkan-1.def here
        run_step([MINGW_DLLTOOL, "-d", "vulkan-1.def", "-l", library.name, "-D", VULKAN_LOADER_DLL], cwd=folder)
    return library


def pe_header_offset(image: bytes, name: str) -> int:
    """Where a PE file's signature starts (its COFF header follows it), checked."""
    if image[:2] != b"MZ":
        raise BuildError(f"{name} is not a Windows program (no MZ header)")
    (pe_offset,) = struct.unpack_from("<I", image, 0x3C)
    if image[pe_offset:pe_offset + 4] != b"PE\0\0":
        raise BuildError(f"{name} has no PE signature")
    return int(pe_offset)


def pe_machine_and_magic(path: Path) -> tuple[int, int]:
    """(COFF machine, optional-header magic) of a PE file: (0x8664, 0x20B) is PE32+ for x86-64."""
    with path.open("rb") as f:
        head = f.read(4096)
    pe_offset = pe_header_offset(head, path.name)
    (machine,) = struct.unpack_from("<H", head, pe_offset + 4)
    (magic,) = struct.unpack_from("<H", head, pe_offset + 24)
    return machine, magic


def constructor_tables_start(path: Path) -> int | None:
    """Where mingw's constructor and destructor tables start in a program or DLL it linked, as an address: its linker
    ends .text with __CTOR_LIST__ and __DTOR_LIST__ (each a -1, pointers, a 0), data that objdump decodes as
    instructions, where a pointer's bytes can read as an AVX one. Found in the stripped file by that shape, walking
    back from the end of .text; None when .text does not end so."""
    image = path.read_bytes()
    pe_offset = pe_header_offset(image, path.name)
    sections, optional_size = struct.unpack_from("<H12xH", image, pe_offset + 6)
    (image_base,) = struct.unpack_from("<Q", image, pe_offset + 24 + 24)
    table = pe_offset + 24 + optional_size
    for index in range(sections):
        name, size, address, _, raw = struct.unpack_from("<8sIIII", image, table + 40 * index)
        if name.rstrip(b"\0") == b".text":
            break
    else:
        return None
    words = [word for (word,) in struct.iter_unpack("<Q", image[raw:raw + size - size % 8])]
    last, minus_one = len(words) - 1, 2**64 - 1
    for _ in ("__DTOR_LIST__", "__CTOR_LIST__"):
        if last < 0 or words[last] != 0:
            return None
        while last >= 0 and words[last] != minus_one:
            last -= 1
        if last < 0:
            return None
        start, last = last, last - 1
    return image_base + address + 8 * start


def parse_pe_imports(objdump_text: str) -> list[str]:
    """The DLL names in `objdump -p` output, in order."""
    return re.findall(r"^\s*DLL Name: (\S+)\s*$", objdump_text, flags=re.MULTILINE)


def pe_imports(path: Path) -> list[str]:
    result = subprocess.run([MINGW_OBJDUMP, "-p", str(path)], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BuildError(f"{MINGW_OBJDUMP} could not read {path.name}: {result.stderr.strip()}")
    return parse_pe_imports(result.stdout)


def foreign_imports(imports: list[str], allowed_extra: frozenset[str] = frozenset()) -> list[str]:
    """Imported DLLs a plain Windows machine with a Vulkan driver lacks (libstdc++-6.dll and the like)."""
    return [name for name in imports if name.lower() not in WINDOWS_SYSTEM_DLLS | allowed_extra]


def check_standalone(program: Path, allowed_extra: frozenset[str] = frozenset()) -> list[str]:
    """Refuse a program that is not a 64-bit PE or that needs DLLs we do not ship; return its imports."""
    if pe_machine_and_magic(program) != (0x8664, 0x20B):
        raise BuildError(f"{program.name} is not a PE32+ x86-64 program")
    imports = pe_imports(program)
    foreign = foreign_imports(imports, allowed_extra)
    if foreign:
        raise BuildError(f"{program.name} needs {', '.join(foreign)}: the static link did not take")
    return imports


def check_folder(folder: Path, programs: tuple[str, ...], libraries: list[str]) -> dict[str, list[str]]:
    """check_standalone for each program and DLL of a build's folder, where the folder's own DLLs are allowed;
    return each file's imports."""
    allowed = frozenset({VULKAN_LOADER_DLL, *(name.lower() for name in libraries)})
    return {name: check_standalone(folder / name, allowed) for name in (*programs, *libraries)}


def build_windows_programs(options: WindowsOptions, cache: Path, jobs: int) -> tuple[Path, dict[str, Any]]:
    def build(work: Path, folder: Path) -> dict[str, Any]:
        headers = copy_vulkan_headers(work / "vulkan-headers")
        shutil.copytree(SPIRV_HEADERS, headers / SPIRV_HEADERS.name, dirs_exist_ok=True)
        sources = extract_sources(cache / "downloads", work, [headers], windows=True)
        make_vulkan_import_library(work / "vulkan-import")
        (work / "mingw-toolchain.cmake").write_text(TOOLCHAIN_FILE_TEXT, encoding="utf-8")
        (work / "mingw_compat.h").write_text(COMPAT_HEADER_TEXT, encoding="utf-8")
        build_dir = work / "build"
        glslc = shutil.which("glslc") or "glslc"
        configure_programs(sources, build_dir, options.cmake_flags(work, glslc))
        shaders_reused = any(reuse_compiled_shaders(cache / linux_options.cache_key() / "build", build_dir)
                             for linux_options in (BuildOptions(variants=options.variants), BuildOptions()))
        build_programs(build_dir, jobs)
        libraries = copy_build_output(build_dir / "bin", folder, PROGRAMS, "*.dll", MINGW_STRIP)
        imports = check_folder(folder, PROGRAMS, libraries)
        levels = check_instruction_levels(folder, options.variants, windows=True, objdump=MINGW_OBJDUMP,
                                          code_end=constructor_tables_start)
        return {"sources": [SD_CPP_SDIST.record(), LLAMA_CPP_SDIST.record()],
                "patches": source_patches_record(build_patches(windows=True)),
                "cmake_flags": options.cmake_flags(work, glslc), "libraries": libraries, "imports": imports,
                "cpu_variants": list(options.variants), "instruction_levels": levels,
                "shaders_from_linux_build": shaders_reused}

    return cached_build(cache / options.cache_key(), PROGRAMS, PROGRAMS_REQUIREMENTS, build,
                        served_by=cache / replace(options, variants=CPU_VARIANTS).cache_key())


def unpack_upstream(source: DebianSource, work: Path) -> Path:
    """Unpack the upstream tarball (Python's tarfile: dpkg-source is not always there) and return its folder.

    Debian applies no patches to this package; a version that does would need them, so it is refused.
    """
    patches = debian_patches(source.file_matching(r"\.debian\.tar\."))
    if patches:
        raise BuildError(f"{source.package} {source.version} carries Debian patches ({', '.join(patches)}): "
                         "building it from the upstream tarball alone would differ from Debian's")
    destination = work / "src"
    shutil.rmtree(destination, ignore_errors=True)
    with tarfile.open(source.file_matching(r"\.orig\.tar\.")) as archive:
        archive.extractall(destination, filter="data")
    [top] = [path for path in destination.iterdir() if path.is_dir()]
    return top


def build_vulkaninfo(options: VulkaninfoOptions, cache: Path) -> tuple[Path, dict[str, Any]]:
    def build(work: Path, folder: Path) -> dict[str, Any]:
        program = folder / VULKANINFO_EXE
        source = fetch_debian_source(VULKAN_TOOLS_PACKAGE, VULKAN_TOOLS_VERSION, cache / "downloads")
        say(f"{source.dsc.name}: every file matches its sha256")
        tools = unpack_upstream(source, work)
        headers = copy_vulkan_headers(work / "vulkan-headers")
        vulkaninfo_dir = tools / "vulkaninfo"
        main_file = vulkaninfo_dir / "vulkaninfo.cpp"
        main_file.write_text(neutralise_set_abort_behavior(main_file.read_text()))
        unstripped = work / "vulkaninfo-unstripped.exe"
        run_step([MINGW_CXX, *options.compile_flags(), f"-I{headers}", "-I.", "-Igenerated", "vulkaninfo.cpp",
                  "-o", str(unstripped), *options.link_flags()], cwd=vulkaninfo_dir)
        run_step([MINGW_STRIP, "-o", str(program), str(unstripped)])
        imports = check_standalone(program)
        return {"source": source.record(), "compile_flags": options.compile_flags(),
                "link_flags": options.link_flags(), "patches": [ABORT_BEHAVIOR_MARKER], "imports": imports}

    return cached_build(cache / options.cache_key(), (VULKANINFO_EXE,), VULKANINFO_REQUIREMENTS, build)


def build_and_expose(cache: Path, jobs: int, variants: tuple[str, ...] = CPU_VARIANTS,
                     backends: bool = True) -> None:
    """vulkaninfo.exe, then (with `backends`) sd-cli.exe, sd-server.exe and llama-server.exe."""
    programs_options, vulkaninfo_options = WindowsOptions(variants=variants), VulkaninfoOptions()
    cold = [requirements for key, program, requirements in (
        *([(programs_options.cache_key(), SD_CLI_EXE, PROGRAMS_REQUIREMENTS)] if backends else []),
        (vulkaninfo_options.cache_key(), VULKANINFO_EXE, VULKANINFO_REQUIREMENTS),
    ) if read_stamp(cache / key / "build-ok.json", cache / key / "bin" / program) is None]
    # every missing package named at once, before the first download
    require_packages([requirement for requirements in cold for requirement in requirements])
    # vulkaninfo.exe first: seconds to build, and a missing deb-src entry shows before the long build of the programs
    vulkaninfo, vulkaninfo_record = build_vulkaninfo(vulkaninfo_options, cache)
    expose("vulkaninfo", folder_files(vulkaninfo), {**vulkaninfo_record, "cache": str(vulkaninfo.parent)})
    if not backends:
        say(f"ready: {BIN_DIR / VULKANINFO_EXE}")
        return
    folder, record = build_windows_programs(programs_options, cache, jobs)
    expose("windows", folder_files(folder), {**record, "cache": str(folder.parent)})
    say(f"ready: {BIN_DIR / SD_CLI_EXE} and {BIN_DIR / VULKANINFO_EXE}")
