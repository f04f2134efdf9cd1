"""Build the Vulkan stable-diffusion.cpp binaries (sd-cli, sd-server) from the pinned PyPI sdist.

    python -m backend_bin.build [--native] [--jobs N] [--cache DIR]

The sdist of stable-diffusion-cpp-python vendors sd.cpp and ggml; PyPI has no wheels for it, so
building from that sdist is our route. Builds land in a cache outside the repository, keyed by
version and options, and are copied into backend_bin/bin/ (git-ignored). A warm cache takes seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from pathlib import Path

SDIST_NAME = "stable-diffusion-cpp-python"
SDIST_VERSION = "0.4.7"
SDIST_SHA256 = "998d1957260dd5ae4e18a8acc0c14b0a8757aaa9f96515197b6d5bbf46df9282"
SDIST_FILE = f"stable_diffusion_cpp_python-{SDIST_VERSION}.tar.gz"
SD_CPP_SUBDIR = f"stable_diffusion_cpp_python-{SDIST_VERSION}/vendor/stable-diffusion.cpp"
TARGETS = ("sd-cli", "sd-server")
BIN_DIR = Path(__file__).resolve().parent / "bin"

# What each build step needs, and the Debian package that provides it.
REQUIRED_TOOLS = {"cmake": "cmake", "c++": "build-essential", "make": "build-essential", "glslc": "glslc"}
REQUIRED_FILES = {
    "vulkan/vulkan.hpp": "libvulkan-dev",
    "spirv/unified1/spirv.hpp": "spirv-headers",
}
LIBRARY_DIRS = (Path("/usr/lib"), Path("/usr/lib64"), Path("/usr/local/lib"))
INCLUDE_DIRS = (Path("/usr/include"), Path("/usr/local/include"))

# Debian 12's Vulkan headers (VK_HEADER_VERSION 239) predate VK_EXT_layer_settings, which this ggml
# uses unconditionally when it creates the Vulkan instance. The guard keeps both paths compiling.
OLD_HEADERS_MARKER = "polaris: old Vulkan headers lack VK_EXT_layer_settings"
LAYER_SETTINGS_START = "    VkBool32 enable_best_practice = layer_settings;\n"
LAYER_SETTINGS_END = (
    "    vk::InstanceCreateInfo instance_create_info(vk::InstanceCreateFlags{}, &app_info, layers, "
    "extensions, &layer_setting_info);\n"
)
LAYER_SETTINGS_FALLBACK = (
    "#else\n"
    f"    // {OLD_HEADERS_MARKER}\n"
    "    vk::InstanceCreateInfo instance_create_info(vk::InstanceCreateFlags{}, &app_info, layers, "
    "extensions);\n"
    "#endif\n"
)


class BuildError(Exception):
    """A build step failed; the message says what to do."""


@dataclass(frozen=True)
class BuildOptions:
    # Portable by default (GGML_NATIVE=OFF): the same binary serves tests, bundles and other machines.
    native: bool = False
    build_type: str = "Release"

    def cmake_flags(self) -> list[str]:
        return [
            "-DSD_VULKAN=ON",
            f"-DCMAKE_BUILD_TYPE={self.build_type}",
            f"-DGGML_NATIVE={'ON' if self.native else 'OFF'}",
        ]

    def cache_key(self) -> str:
        digest = hashlib.sha256(" ".join(self.cmake_flags()).encode()).hexdigest()[:12]
        return f"{SDIST_VERSION}-{digest}"


def say(message: str) -> None:
    print(f"[backend build] {message}", flush=True)


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "polaris-studio" / "backend"


def missing_packages() -> list[str]:
    missing: set[str] = set()
    for tool, package in REQUIRED_TOOLS.items():
        if shutil.which(tool) is None:
            missing.add(package)
    for header, package in REQUIRED_FILES.items():
        if not any((d / header).exists() for d in INCLUDE_DIRS):
            missing.add(package)
    if not any(d.rglob("libvulkan.so") for d in LIBRARY_DIRS if d.exists()):
        missing.add("libvulkan-dev")
    return sorted(missing)


def vulkan_headers_lack_layer_settings() -> bool:
    for include_dir in INCLUDE_DIRS:
        header = include_dir / "vulkan" / "vulkan_core.h"
        if header.exists():
            return "VK_EXT_layer_settings" not in header.read_text(errors="replace")
    return False


def guard_layer_settings(source: str) -> str:
    """Return ggml-vulkan.cpp with the VK_EXT_layer_settings use wrapped in #ifdef."""
    if OLD_HEADERS_MARKER in source:
        return source
    if source.count(LAYER_SETTINGS_START) != 1 or source.count(LAYER_SETTINGS_END) != 1:
        raise BuildError("ggml-vulkan.cpp changed shape; the old-Vulkan-headers fix needs updating")
    source = source.replace(LAYER_SETTINGS_START, "#ifdef VK_EXT_layer_settings\n" + LAYER_SETTINGS_START)
    return source.replace(LAYER_SETTINGS_END, LAYER_SETTINGS_END + LAYER_SETTINGS_FALLBACK)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_sdist(downloads: Path) -> Path:
    downloads.mkdir(parents=True, exist_ok=True)
    target = downloads / SDIST_FILE
    if not target.exists():
        say(f"downloading {SDIST_NAME}=={SDIST_VERSION} (sdist) from PyPI")
        # pip honours the machine's index and proxy settings, which a plain URL fetch would not
        run_step([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                  "--dest", str(downloads), f"{SDIST_NAME}=={SDIST_VERSION}"])
    actual = sha256_of(target)
    if actual != SDIST_SHA256:
        target.unlink()
        raise BuildError(f"sha256 mismatch for {SDIST_FILE}: expected {SDIST_SHA256}, got {actual}")
    return target


def extract_source(sdist: Path, work: Path) -> Path:
    source_root = work / "src"
    sd_cpp = source_root / SD_CPP_SUBDIR
    if not sd_cpp.exists():
        say("unpacking sources")
        shutil.rmtree(source_root, ignore_errors=True)
        with tarfile.open(sdist) as archive:
            archive.extractall(source_root, filter="data")
    ggml_vulkan = sd_cpp / "ggml" / "src" / "ggml-vulkan" / "ggml-vulkan.cpp"
    if vulkan_headers_lack_layer_settings():
        text = ggml_vulkan.read_text()
        fixed = guard_layer_settings(text)
        if fixed != text:
            say("system Vulkan headers lack VK_EXT_layer_settings: applying the guard to ggml-vulkan.cpp")
            ggml_vulkan.write_text(fixed)
    return sd_cpp


def run_step(argv: list[str]) -> None:
    say("$ " + " ".join(argv))
    result = subprocess.run(argv, check=False)
    if result.returncode != 0:
        raise BuildError(f"step failed with exit status {result.returncode}: {argv[0]} {argv[1]}")


def build(options: BuildOptions, cache: Path, jobs: int) -> Path:
    work = cache / options.cache_key()
    stamp = work / "build-ok.json"
    binaries = work / "bin"
    if stamp.exists() and all((binaries / t).exists() for t in TARGETS):
        say(f"cache is warm: {work}")
        return binaries
    missing = missing_packages()
    if missing:
        raise BuildError(
            "missing system packages: " + " ".join(missing) + "\n"
            "install them with: sudo apt-get install " + " ".join(missing)
        )
    sdist = fetch_sdist(cache / "downloads")
    sd_cpp = extract_source(sdist, work)
    build_dir = work / "build"
    started = time.monotonic()
    run_step(["cmake", "-S", str(sd_cpp), "-B", str(build_dir), *options.cmake_flags()])
    run_step(["cmake", "--build", str(build_dir), f"-j{jobs}", "--target", *TARGETS])
    binaries.mkdir(exist_ok=True)
    for target in TARGETS:
        shutil.copy2(build_dir / "bin" / target, binaries / target)
    stamp.write_text(json.dumps({"version": SDIST_VERSION, "cmake_flags": options.cmake_flags()}))
    say(f"built in {time.monotonic() - started:.0f}s")
    return binaries


def expose(binaries: Path, options: BuildOptions) -> None:
    BIN_DIR.mkdir(exist_ok=True)
    for target in TARGETS:
        source, dest = binaries / target, BIN_DIR / target
        if not dest.exists() or sha256_of(source) != sha256_of(dest):
            shutil.copy2(source, dest)
    info = {"version": SDIST_VERSION, "cmake_flags": options.cmake_flags(), "cache": str(binaries.parent)}
    (BIN_DIR / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")
    say(f"ready: {BIN_DIR / TARGETS[0]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backend_bin.build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--native", action="store_true", help="tune for this CPU only (GGML_NATIVE=ON)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel compile jobs")
    parser.add_argument("--cache", type=Path, default=default_cache_dir(), help="build cache directory")
    args = parser.parse_args(argv)
    options = BuildOptions(native=args.native)
    try:
        expose(build(options, args.cache, args.jobs), options)
    except BuildError as error:
        say(f"error: {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
