"""A Wine prefix of ours keeps the Windows user's folders to itself (issue 53): wineboot links Pictures to the Linux
user's ~/Pictures, so the installer's test, saving a picture where the installed app saves them, wrote into the
real ~/Pictures/Polaris Studio."""

from __future__ import annotations

from pathlib import Path

import pytest

from installer.wine import WineMissing, WinePrefix, find_wine, keep_user_folders_inside


def test_the_user_folders_linked_out_of_the_prefix_become_its_own(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "Pictures" / "Polaris Studio").mkdir(parents=True)
    (home / "Pictures" / "Polaris Studio" / "holiday.png").write_bytes(b"the user's own")
    user = tmp_path / "prefix" / "drive_c" / "users" / "zoe"
    (user / "AppData").mkdir(parents=True)
    (user / "Pictures").symlink_to(home / "Pictures")
    (user / "Music").symlink_to(home)  # where the Linux user has no such folder, Wine links the home itself
    assert keep_user_folders_inside(tmp_path / "prefix") == [user / "Music", user / "Pictures"]
    for folder in ("Pictures", "Music", "AppData"):
        assert (user / folder).is_dir() and not (user / folder).is_symlink()
    assert list((user / "Pictures").iterdir()) == []
    (user / "Pictures" / "Polaris Studio").mkdir()
    (user / "Pictures" / "Polaris Studio" / "my-image.png").write_bytes(b"a test's")
    assert [p.name for p in (home / "Pictures" / "Polaris Studio").iterdir()] == ["holiday.png"]
    assert keep_user_folders_inside(tmp_path / "prefix") == []  # opened again: nothing left to do
    assert keep_user_folders_inside(tmp_path / "nothing here") == []


@pytest.mark.full
@pytest.mark.timeout(600)
def test_a_prefix_booted_by_wine_keeps_its_pictures_to_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        find_wine()
    except WineMissing as missing:
        pytest.skip(str(missing))
    home = tmp_path / "home"  # the tests' HOME (isolated_user_dirs), given a Pictures folder as a user's has
    (home / "Pictures").mkdir(parents=True)
    prefix = WinePrefix.open(tmp_path / "prefix", ":0")  # wineboot links the user's folders; open() unlinks them
    pictures = prefix.user_folder / "Pictures"
    assert pictures.is_dir() and not pictures.is_symlink()
    assert [entry.name for entry in prefix.user_folder.iterdir() if entry.is_symlink()] == []
    said = prefix.run(["cmd", "/c", "mkdir %USERPROFILE%\\Pictures\\Polaris"], timeout=120)
    prefix.wait()
    assert said.returncode == 0, said.stdout + said.stderr
    assert (pictures / "Polaris").is_dir() and list((home / "Pictures").iterdir()) == []
