"""The Linux backend: sd-cli, sd-server and llama-server (backend_bin/engine.py), built natively with the system's
Vulkan headers and loader, with ggml's libraries beside them (one CPU backend per processor generation:
backend_bin/cpu_variants.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from backend_bin.cpu_variants import CPU_VARIANTS, check_instruction_levels, cpu_variant_flags, shared_library_flags
from backend_bin.engine import PROGRAM_FLAGS, TARGETS, build_programs, configure_programs, project_key
from backend_bin.output import (
    BIN_DIR,
    cached_build,
    copy_build_output,
    expose,
    folder_files,
    host_code_key,
    options_digest,
    read_stamp,
)
from backend_bin.source import (
    LLAMA_CPP_SDIST,
    SD_CPP_SDIST,
    build_patches,
    extract_sources,
    patches_digest,
    source_patches_record,
)
from backend_bin.tools import (
    BuildError,
    Program,
    Requirement,
    SystemFile,
    missing_packages,
    missing_packages_message,
    say,
)

LIBRARY_DIRS = (Path("/usr/lib"), Path("/usr/lib64"), Path("/usr/local/lib"))
INCLUDE_DIRS = (Path("/usr/include"), Path("/usr/local/include"))
REQUIREMENTS = (
    Program("cmake", "cmake"),
    Program("c++", "build-essential"),
    Program("make", "build-essential"),
    Program("glslc", "glslc"),
    Program("patch", "patch"),
    Program("objdump", "binutils"),
    SystemFile(tuple(d / "vulkan" / "vulkan.hpp" for d in INCLUDE_DIRS), "libvulkan-dev"),
    SystemFile(tuple(d / "spirv" / "unified1" / "spirv.hpp" for d in INCLUDE_DIRS), "spirv-headers"),
)


@dataclass(frozen=True)
class BuildOptions:
    # Portable by default (GGML_NATIVE=OFF with ggml's CPU variants): the same files serve tests, bundles and
    # other machines, each processor running the best variant it can.
    native: bool = False
    build_type: str = "Release"
    variants: tuple[str, ...] = CPU_VARIANTS

    def cmake_flags(self) -> list[str]:
        return [
            *PROGRAM_FLAGS,
            f"-DCMAKE_BUILD_TYPE={self.build_type}",
            f"-DGGML_NATIVE={'ON' if self.native else 'OFF'}",
            # ggml as shared libraries beside the programs (sd.cpp's and llama.cpp's own code stays linked into each)
            *shared_library_flags(),
            # tuned for this processor alone, one CPU backend is enough
            *([] if self.native else cpu_variant_flags(self.variants)),
        ]

    def cache_key(self) -> str:
        digest = options_digest(*self.cmake_flags(), *patches_digest(build_patches(windows=False)), project_key(),
                                host_code_key())
        return f"linux-{SD_CPP_SDIST.version}-{LLAMA_CPP_SDIST.version}-{digest}"


def requirements(ninja: bool) -> tuple[Requirement, ...]:
    return (*REQUIREMENTS, Program("ninja", "ninja-build")) if ninja else REQUIREMENTS


def missing_linux_packages(ninja: bool = False) -> list[str]:
    missing = set(missing_packages(requirements(ninja)))
    # the loader's development link may sit in any multiarch folder below these
    if not any(d.rglob("libvulkan.so") for d in LIBRARY_DIRS if d.exists()):
        missing.add("libvulkan-dev")
    return sorted(missing)


def build(options: BuildOptions, cache: Path, jobs: int, ninja: bool = False,
          programs: tuple[str, ...] = TARGETS) -> tuple[Path, dict[str, Any]]:
    """The programs asked for, and those an earlier build in the same cache folder made: a build of everything after
    the first set-up's pictures-only one compiles only llama-server's part, and neither drops the other's programs."""
    work = cache / options.cache_key()
    earlier = read_stamp(work / "build-ok.json")
    made = earlier.get("programs", TARGETS) if earlier is not None else ()
    programs = tuple(target for target in TARGETS if target in programs or target in made)

    def build_into(work: Path, folder: Path) -> dict[str, Any]:
        sources = extract_sources(cache / "downloads", work, INCLUDE_DIRS, windows=False)
        build_dir = work / "build"
        configure_programs(sources, build_dir, options.cmake_flags(), ninja)
        build_programs(build_dir, jobs, programs)
        libraries = copy_build_output(build_dir / "bin", folder, programs, "lib*.so")
        levels = {} if options.native else check_instruction_levels(folder, options.variants, windows=False,
                                                                    objdump="objdump")
        return {"sources": [SD_CPP_SDIST.record(), LLAMA_CPP_SDIST.record()], "cmake_flags": options.cmake_flags(),
                "patches": source_patches_record(build_patches(windows=False)), "programs": list(programs),
                "libraries": libraries, "cpu_variants": list(options.variants), "instruction_levels": levels}

    missing = missing_linux_packages(ninja)
    if missing:
        raise BuildError(missing_packages_message(missing))
    every_variant = cache / replace(options, variants=CPU_VARIANTS).cache_key()
    return cached_build(work, programs, requirements(ninja), build_into, served_by=every_variant)


def build_and_expose(options: BuildOptions, cache: Path, jobs: int, ninja: bool = False,
                     programs: tuple[str, ...] = TARGETS) -> None:
    folder, built = build(options, cache, jobs, ninja, programs)
    # what was built (a cache of all five CPU variants may serve a request for three): its own record
    expose("linux", folder_files(folder), {**built, "cache": str(folder.parent)})
    say(f"ready: {BIN_DIR / TARGETS[0]}")
