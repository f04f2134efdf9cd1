"""The one build of every backend program: sd-cli and sd-server (sd.cpp 0.4.7's code) and llama-server (llama.cpp's,
for the prompt helper) on one ggml, 0.25.3 from the llama-cpp-python sdist, built once as shared libraries beside
them: the Vulkan backend and one CPU backend per processor generation (backend_bin/cpu_variants.py), loaded by all
three alike. Linux (backend_bin/linux.py) and Windows (backend_bin/windows.py) build it with their own compilers.

engine/CMakeLists.txt, our own top-level CMake project, adds ggml first; sd.cpp's and llama.cpp's CMake files add
ggml only when no `ggml` target exists yet, so they take that one. sd.cpp 0.4.7's code needs no change for the
newer ggml beyond the patch it needed before (its CPU backend through the registry).
"""

from __future__ import annotations

from pathlib import Path

from backend_bin.output import cmake_code, configure
from backend_bin.source import Sources
from backend_bin.tools import run_step

# what the build makes, in the order cmake builds them (the app's build progress counts these:
# app/core/models/backend_package.py, and a test keeps them equal)
TARGETS = ("sd-cli", "sd-server", "llama-server")
# the programs that draw: the README's first set-up builds these alone (`--pictures-only`), and llama-server, a third
# of a build from an empty cache, when asked for everything (the app's Build the engine, the tests' set-up). Either
# build goes on in the same cache folder: the later one compiles only what the earlier did not.
PICTURE_PROGRAMS = TARGETS[:2]
PROJECT = Path(__file__).resolve().parent / "engine"
# What each program's own CMake file builds beyond the programs is switched off: sd.cpp's WebP and WebM output (the
# app writes PNG and hands sd.cpp PNG copies of its input pictures); llama.cpp's tests, examples, its unified app,
# TLS and the server's web page (no prebuilt download: a build never reaches the network beyond PyPI). Neither is the
# top-level project here, so the programs' folders are asked for by name.
PROGRAM_FLAGS = (
    "-DGGML_VULKAN=ON",
    "-DSD_VULKAN=ON",
    "-DSD_BUILD_EXAMPLES=ON",
    "-DSD_WEBP=OFF",
    "-DSD_WEBM=OFF",
    "-DLLAMA_BUILD_COMMON=ON",
    "-DLLAMA_BUILD_TOOLS=ON",
    "-DLLAMA_BUILD_SERVER=ON",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_APP=OFF",
    "-DLLAMA_BUILD_UI=OFF",
    "-DLLAMA_USE_PREBUILT_UI=OFF",
    "-DLLAMA_OPENSSL=OFF",
)


def project_key() -> str:
    """engine/CMakeLists.txt's part of a cache key: its code, not its comments."""
    return cmake_code((PROJECT / "CMakeLists.txt").read_text(encoding="utf-8"))


def source_flags(sources: Sources) -> list[str]:
    """Where engine/CMakeLists.txt finds the three trees (paths of this build's folder, so never in a cache key)."""
    return [f"-DPOLARIS_GGML={sources.ggml}", f"-DPOLARIS_SD_CPP={sources.sd_cpp}",
            f"-DPOLARIS_LLAMA_CPP={sources.llama_cpp}"]


def configure_programs(sources: Sources, build_dir: Path, flags: list[str], ninja: bool = False) -> None:
    configure(PROJECT, build_dir, [*flags, *source_flags(sources)], ninja)


def build_programs(build_dir: Path, jobs: int, programs: tuple[str, ...] = TARGETS) -> None:
    run_step(["cmake", "--build", str(build_dir), f"-j{jobs}", "--target", *programs])
