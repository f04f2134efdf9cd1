"""Finding and probing the sd.cpp backend and the Vulkan devices it can use."""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
from pathlib import Path

from app.core.backend_caps import BackendCaps, parse_help
from app.core.resources import bundled_backend_dir
from app.core.vulkaninfo import VulkanDevice, parse
from app.services.child_process import unrunnable_reason

BUILD_COMMAND = "python -m backend_bin.build"
PROBE_TIMEOUT_S = 20


class BackendMissing(Exception):
    """No usable sd.cpp binary; the message says how to get one."""


def find_backend(override: Path | None = None) -> Path:
    if override is not None:
        binary = override.absolute()
        problem = unrunnable_reason(binary)
        if problem:
            raise BackendMissing(problem)
        return binary
    folder = bundled_backend_dir()
    suffix = ".exe" if sys.platform == "win32" else ""
    for name in ("sd-cli", "sd"):  # older sd.cpp builds name the binary `sd`
        candidate = folder / f"{name}{suffix}"
        if candidate.is_file():
            return candidate
    raise BackendMissing(f"sd.cpp backend not found in {folder}; build it with: {BUILD_COMMAND}")


def probe_caps(binary: Path) -> BackendCaps:
    try:
        stat = binary.stat()
    except OSError as error:
        raise BackendMissing(f"cannot read {binary}: {error}") from error
    return _probe_caps(binary, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _probe_caps(binary: Path, mtime_ns: int, size: int) -> BackendCaps:
    # `--help` prints usage on stdout and exits 0 (this sd.cpp also logs an [ERROR] about it on stderr)
    try:
        result = subprocess.run([str(binary), "--help"], capture_output=True, timeout=PROBE_TIMEOUT_S,
                                check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BackendMissing(f"could not run {binary} --help: {error}") from error
    return parse_help(result.stdout.decode("utf-8", errors="replace"))


def probe_vulkan_devices() -> list[VulkanDevice]:
    """Devices from `vulkaninfo` (the full text: heaps, budget, limits); empty when it is absent or fails."""
    vulkaninfo = shutil.which("vulkaninfo")
    if vulkaninfo is None:
        return []
    try:
        result = subprocess.run([vulkaninfo], capture_output=True, timeout=PROBE_TIMEOUT_S,
                                check=False)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return parse(result.stdout.decode("utf-8", errors="replace"))
