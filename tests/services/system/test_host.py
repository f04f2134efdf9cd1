"""This computer's facts as each platform reports them: RAM, processor features, the free room on a disk."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core.system.processor import REQUIRED_FLAGS, CpuVariant, cpu_variant
from app.services.system.host import disk_info, host_info, time_host, windows_flags

pytestmark = pytest.mark.windows


def test_ram_and_platform_are_this_computers() -> None:
    info = host_info()
    assert info.platform == sys.platform
    assert info.ram_total_bytes is not None and info.ram_available_bytes is not None
    assert 0 < info.ram_available_bytes <= info.ram_total_bytes


def test_processor_features_are_read_where_the_platform_tells_them() -> None:
    flags = host_info().cpu_flags
    if sys.platform.startswith("linux"):
        assert flags is not None and "sse2" in flags  # every x86-64 processor has it; /proc/cpuinfo lists it
    elif flags is not None:  # None: a Windows (or Wine) that does not know the newer feature numbers
        assert "ssse3" in flags and flags <= REQUIRED_FLAGS[CpuVariant.SKYLAKEX] | {"ssse3"}
    host = time_host()
    assert host.cores >= 1
    assert host.variant is (cpu_variant(flags) if flags is not None else CpuVariant.HASWELL)


@pytest.mark.parametrize(("present", "variant"), [
    ({36}, CpuVariant.X64),  # SSSE3 only: a Core 2
    ({36, 38}, CpuVariant.SSE42),
    ({36, 38, 39}, CpuVariant.SANDYBRIDGE),  # an i5-2500, a Xeon E5-2600 v1/v2, an FX-8350
    ({36, 38, 39, 40}, CpuVariant.HASWELL),
    ({36, 38, 39, 40, 41}, CpuVariant.SKYLAKEX),
])
def test_windows_features_name_the_variant_ggml_picks(present: set[int], variant: CpuVariant) -> None:
    flags = windows_flags(present.__contains__)
    assert flags is not None and cpu_variant(flags) is variant


def test_a_windows_that_knows_none_of_the_numbers_leaves_the_features_unknown() -> None:
    assert windows_flags(lambda feature: False) is None


def test_free_room_is_read_from_the_nearest_existing_folder(tmp_path: Path) -> None:
    disk = disk_info(tmp_path / "not" / "made" / "yet")
    assert disk.path == str(tmp_path / "not" / "made" / "yet")
    assert disk.free_bytes is not None and disk.free_bytes > 0
