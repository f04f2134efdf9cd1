"""This computer's facts as each platform reports them: RAM, processor features, the free room on a disk."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.services.system.host import disk_info, host_info

pytestmark = pytest.mark.windows


def test_ram_and_platform_are_this_computers() -> None:
    info = host_info()
    assert info.platform == sys.platform
    assert info.ram_total_bytes is not None and info.ram_available_bytes is not None
    assert 0 < info.ram_available_bytes <= info.ram_total_bytes


def test_processor_features_are_read_where_the_platform_tells_them() -> None:
    flags = host_info().cpu_flags
    assert flags is not None
    if sys.platform.startswith("linux"):
        assert "sse2" in flags  # every x86-64 processor has it; /proc/cpuinfo lists it
    else:
        # Windows says AVX2 or not (IsProcessorFeaturePresent); with it comes FMA3
        assert flags in (frozenset(), frozenset({"avx2", "fma"}))


def test_free_room_is_read_from_the_nearest_existing_folder(tmp_path: Path) -> None:
    disk = disk_info(tmp_path / "not" / "made" / "yet")
    assert disk.path == str(tmp_path / "not" / "made" / "yet")
    assert disk.free_bytes is not None and disk.free_bytes > 0
