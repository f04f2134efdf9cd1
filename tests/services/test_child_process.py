"""Child-process settings per platform; the Windows choices are checked on Linux by passing "win32"."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core.platform_paths import extended_length
from app.services.child_process import (
    CREATE_NO_WINDOW,
    creation_flags,
    is_program,
    path_for_backend,
    unrunnable_reason,
    without_bundle_libraries,
)

pytestmark = pytest.mark.windows

CREATE_SUSPENDED = 0x4  # a flag Qt itself may pass: it must survive


def test_windows_children_get_no_console_window() -> None:
    assert creation_flags("win32", CREATE_SUSPENDED) == CREATE_SUSPENDED | CREATE_NO_WINDOW
    assert creation_flags("win32", CREATE_NO_WINDOW) == CREATE_NO_WINDOW
    assert creation_flags("linux", CREATE_SUSPENDED) == CREATE_SUSPENDED


def test_bundle_children_get_the_users_library_path_back() -> None:
    bundle = {"LD_LIBRARY_PATH": "/opt/PolarisStudio/_internal", "LD_LIBRARY_PATH_ORIG": "/opt/rocm/lib",
              "HOME": "/home/josé"}
    assert without_bundle_libraries(bundle) == {"LD_LIBRARY_PATH": "/opt/rocm/lib", "HOME": "/home/josé"}
    # the user had none: the children get none either
    assert without_bundle_libraries({"LD_LIBRARY_PATH": "/opt/PolarisStudio/_internal"}) == {}


def test_paths_for_the_backend_on_this_platform(tmp_path: Path) -> None:
    folder = tmp_path / "Modèles José" / ("a long folder name " * 16)
    if sys.platform == "win32":  # no 8.3 name for a folder that does not exist: the long form
        assert path_for_backend(folder) == extended_length(str(folder))
    else:
        assert path_for_backend(folder) == str(folder)  # Linux opens any byte string: nothing to work around


def test_windows_starts_only_pe_files(tmp_path: Path) -> None:
    assert is_program(b"MZ\x90\x00", "win32") and not is_program(b"#!/u", "win32")
    assert not is_program(b"\x7fELF", "win32")
    assert is_program(b"#!/u", "linux") and is_program(b"\x7fELF", "linux")
    script = tmp_path / "sd-cli.exe"
    script.write_bytes(b"#!/usr/bin/env python3\n")
    script.chmod(0o755)
    assert unrunnable_reason(script, platform="win32") == f"sd.cpp backend is not a program: {script}"
    assert unrunnable_reason(script, platform="linux") is None
