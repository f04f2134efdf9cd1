"""Child-process settings per platform; the Windows choices are checked on Linux by passing "win32"."""

from __future__ import annotations

from pathlib import Path

from app.services.child_process import (
    CREATE_NO_WINDOW,
    creation_flags,
    path_for_backend,
    without_bundle_libraries,
)

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
    assert path_for_backend(folder) == str(folder)  # Linux opens any byte string: nothing to work around
