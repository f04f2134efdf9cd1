"""A portable copy (the zip unpacked anywhere) keeps everything in its own folder, and may write there."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from app.__main__ import main
from app.core.platform_paths import BASEDIR_VARIABLE, PORTABLE_MARKER, UserDirs
from app.services.user_dirs import current_user_dirs, install_dir, portable_folder

pytestmark = pytest.mark.windows


@pytest.fixture
def frozen_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This process as a bundle unpacked in a folder named like a user's, as PyInstaller's bootloader runs it."""
    folder = tmp_path / "Zoë Müller tools" / "PolarisStudio"
    folder.mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(folder / "PolarisStudio.exe"))
    monkeypatch.delenv(BASEDIR_VARIABLE, raising=False)
    return folder


def test_only_a_bundle_with_the_marker_beside_it_is_portable(frozen_copy: Path, monkeypatch: pytest.MonkeyPatch,
                                                             ) -> None:
    assert install_dir() == frozen_copy and portable_folder() is None  # an installed copy
    (frozen_copy / PORTABLE_MARKER).write_text("portable", encoding="utf-8")
    assert portable_folder() == frozen_copy
    monkeypatch.setattr(sys, "frozen", False)
    assert portable_folder() is None  # from source: never


def plan(sd_cli: Path) -> list[str]:
    # a command that runs through main()'s whole start-up and touches the user's folders (model hashes)
    return ["plan", "--vram", "4GiB", "--ram", "64GB", "--preset", "flux-schnell-q4k", "--sd-binary", str(sd_cli)]


@pytest.mark.backend
def test_a_portable_copy_keeps_its_data_beside_itself(frozen_copy: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], sd_cli: Path) -> None:
    (frozen_copy / PORTABLE_MARKER).write_text("portable", encoding="utf-8")
    monkeypatch.setenv(BASEDIR_VARIABLE, "")  # main() sets it; monkeypatch restores it afterwards
    assert main(plan(sd_cli)) == 0
    capsys.readouterr()
    assert os.environ[BASEDIR_VARIABLE] == str(frozen_copy)
    assert current_user_dirs() == UserDirs.under(frozen_copy)


@pytest.mark.backend
def test_an_installed_copy_keeps_to_the_users_folders(frozen_copy: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], sd_cli: Path) -> None:
    monkeypatch.setenv(BASEDIR_VARIABLE, "")
    assert main(plan(sd_cli)) == 0
    capsys.readouterr()
    assert os.environ[BASEDIR_VARIABLE] == ""
    assert not any(str(folder).startswith(str(frozen_copy)) for folder in vars(current_user_dirs()).values())
