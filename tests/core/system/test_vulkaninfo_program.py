"""Which vulkaninfo runs and how, per platform: the Windows choices are checked on Linux by passing "win32"."""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

import pytest

from app.core.system.vulkaninfo_program import VulkaninfoProgram, vulkaninfo_argv, vulkaninfo_programs

pytestmark = pytest.mark.windows

OURS = Path("Polaris Studio") / "_internal" / "backend_bin"
DRIVERS = PureWindowsPath(r"C:\Windows\System32\vulkaninfo.exe")


def on_path(found: dict[str, str]):
    return found.get


def test_windows_uses_the_drivers_own_then_ours() -> None:
    ours = VulkaninfoProgram(OURS / "vulkaninfo.exe", bundled=True)
    shipped = {OURS / "vulkaninfo.exe"}.__contains__
    assert vulkaninfo_programs("win32", on_path({}), OURS, shipped) == [ours]
    both = vulkaninfo_programs("win32", on_path({"vulkaninfo.exe": str(DRIVERS)}), OURS, shipped)
    assert both == [VulkaninfoProgram(Path(str(DRIVERS)), bundled=False), ours]


def test_linux_has_only_the_users_own() -> None:
    # our bundle carries a vulkaninfo for Windows only: Linux distributions package it (vulkan-tools)
    nothing_shipped = set().__contains__
    assert vulkaninfo_programs("linux", on_path({}), OURS, nothing_shipped) == []
    assert vulkaninfo_programs("linux", on_path({"vulkaninfo": "/usr/bin/vulkaninfo"}), OURS, nothing_shipped) == [
        VulkaninfoProgram(Path("/usr/bin/vulkaninfo"), bundled=False)]


def test_ours_found_on_path_is_tried_once() -> None:
    ours = OURS / "vulkaninfo.exe"
    assert vulkaninfo_programs("win32", on_path({"vulkaninfo.exe": str(ours)}), OURS, {ours}.__contains__) == [
        VulkaninfoProgram(ours, bundled=False)]


def test_windows_writes_into_a_file_because_a_pipe_never_ends() -> None:
    program = Path("vulkaninfo.exe")
    assert vulkaninfo_argv(program, "win32", r"C:\Users\ZOMLLE~1\AppData\Local\Temp\vi.txt") == [
        "vulkaninfo.exe", "-o", r"C:\Users\ZOMLLE~1\AppData\Local\Temp\vi.txt"]
    with pytest.raises(ValueError, match="never exits"):
        vulkaninfo_argv(program, "win32", None)
    assert vulkaninfo_argv(Path("/usr/bin/vulkaninfo"), "linux", None) == [str(Path("/usr/bin/vulkaninfo"))]
