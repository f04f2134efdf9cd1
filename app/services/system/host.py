"""Facts about this computer for the checks and the gauge: RAM, processor features, the models disk."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import psutil

from app.core.system.checks import DiskInfo, HostInfo


def host_info() -> HostInfo:
    memory = psutil.virtual_memory()
    return HostInfo(memory.total, memory.available, cpu_flags(), sys.platform)


def cpu_flags() -> frozenset[str] | None:
    if sys.platform.startswith("linux"):
        try:
            with Path("/proc/cpuinfo").open(encoding="utf-8", errors="replace") as cpuinfo:
                for line in cpuinfo:
                    if line.startswith("flags"):
                        return frozenset(line.split(":", 1)[1].split())
        except OSError:
            return None
        return None
    if sys.platform == "win32":
        import ctypes

        # PF_AVX2_INSTRUCTIONS_AVAILABLE; Windows has no FMA3 flag, but every CPU with AVX2 also has FMA3
        if ctypes.windll.kernel32.IsProcessorFeaturePresent(40):
            return frozenset({"avx2", "fma"})
        return frozenset()
    return None


def disk_info(path: Path) -> DiskInfo:
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    try:
        free = psutil.disk_usage(str(existing)).free
    except OSError:
        free = None
    return DiskInfo(str(path), free, _rotational(existing))


def _rotational(path: Path) -> bool | None:
    """Linux says per block device in sysfs; elsewhere (Windows needs WMI) this stays unknown."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        device = path.stat().st_dev
        block = Path(f"/sys/dev/block/{os.major(device)}:{os.minor(device)}").resolve()
    except OSError:
        return None
    # a partition's queue settings live on its parent disk
    for candidate in (block, block.parent):
        flag = candidate / "queue" / "rotational"
        if flag.exists():
            return flag.read_text(encoding="ascii").strip() == "1"
    return None
