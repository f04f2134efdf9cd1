"""Facts about this computer for the checks and the gauge: RAM, processor features, the models disk."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import psutil

from app.core.planning.timing import Host
from app.core.system.checks import DiskInfo, HostInfo
from app.core.system.processor import cpu_variant


def host_info() -> HostInfo:
    memory = psutil.virtual_memory()
    return HostInfo(memory.total, memory.available, cpu_flags(), sys.platform)


def time_host() -> Host:
    """This computer's processor as the time model prices it: its cores and the variant of ggml's CPU backend our
    programs run on it (as AVX2, the processor the rates were measured on, where its features are unknown)."""
    flags = cpu_flags()
    cores = os.cpu_count() or 1
    return Host(cores, variant=cpu_variant(flags)) if flags is not None else Host(cores)


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

        return windows_flags(lambda feature: bool(ctypes.windll.kernel32.IsProcessorFeaturePresent(feature)))
    return None


# IsProcessorFeaturePresent's PF_* numbers (winnt.h; learn.microsoft.com, "IsProcessorFeaturePresent function")
PF_SSSE3, PF_SSE4_2, PF_AVX, PF_AVX2, PF_AVX512F = 36, 38, 39, 40, 41


def windows_flags(present: Callable[[int], bool]) -> frozenset[str] | None:
    """Windows' processor features named as /proc/cpuinfo names them, so that the variant ggml's loader picks can be
    told (app/core/system/processor.py). Windows says SSE4.2, AVX, AVX2 and AVX-512F, not what comes with them: every
    processor with AVX2 also has FMA3, F16C and BMI2 (Intel from Haswell, AMD from Excavator), and one with AVX-512F
    the rest of the Skylake-X set (only the Xeon Phi lacked it). A Windows (or Wine) that does not know these numbers
    answers no to each, SSSE3 included, which every processor since 2011 has: then the features stay unknown rather
    than read as a processor without any."""
    if not present(PF_SSSE3):
        return None
    flags = {"ssse3"}
    if present(PF_SSE4_2):
        flags.add("sse4_2")
    if present(PF_AVX):
        flags.add("avx")
    if present(PF_AVX2):
        flags |= {"avx2", "fma", "f16c", "bmi2"}
    if present(PF_AVX512F):
        flags |= {"avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"}
    return frozenset(flags)


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
