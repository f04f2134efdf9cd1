"""A finished picture meets a folder that refuses it: read-only, full, gone, not a folder. On real filesystems (a
tmpfs mounted for the test) where the tests run as root; the words for each fault as a table."""

from __future__ import annotations

import errno
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from PIL import Image

from app.core.file_words import file_problem
from app.core.gallery.image_store import (
    FolderProblem,
    accept,
    check_folder,
    picture_bytes,
    staging_path,
)
from tests.helpers.filesystems import fill, make_read_only, tmpfs

pytestmark = pytest.mark.windows

WHEN = datetime(2026, 11, 24, 9, 30, 5)


def noise_png(path: Path, side: int = 64) -> Path:
    Image.effect_noise((side, side), 80).convert("RGB").save(path)
    return path


@pytest.mark.parametrize(("error", "words"), [
    (OSError(errno.ENOSPC, "No space left on device"), "is full"),
    (OSError(errno.EROFS, "Read-only file system"), "read-only disk"),
    (OSError(errno.EACCES, "Permission denied"), "you may not write in"),
    (OSError(errno.ENOENT, "No such file or directory"), "no longer exists"),
    (OSError(errno.ENOTDIR, "Not a directory"), "is a file, not a folder"),
    (OSError(errno.EIO, "Input/output error"), "cannot be used (input/output error)"),
])
def test_each_fault_is_said_in_words(tmp_path: Path, error: OSError, words: str) -> None:
    said = file_problem(error, tmp_path)
    assert words in said and str(tmp_path) in said
    assert "Errno" not in said


def test_a_file_held_by_another_program_on_windows_is_said_so(tmp_path: Path) -> None:
    held = OSError(errno.EACCES, "The process cannot access the file")
    held.winerror = 32  # type: ignore[attr-defined]  # ERROR_SHARING_VIOLATION, as Windows' OSError carries it
    assert "another program is using a file" in file_problem(held, tmp_path)


def test_a_full_disk_says_how_much_is_free(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "small", "256k") as small:
        fill(small)
        with pytest.raises(FolderProblem, match=r"is full \(\d+ bytes free; a picture of this size needs about"):
            check_folder(small, picture_bytes(512, 512))
        assert list(small.iterdir()) == [small / "filler"]  # the check leaves nothing of its own


def test_the_room_asked_is_in_proportion_to_the_picture() -> None:
    assert picture_bytes(128, 128) == 224 * 2**10  # 48 KiB of pixels and 64 KiB of text, twice for a moment
    assert picture_bytes(1024, 1024) / picture_bytes(512, 512) > 3.5


def test_a_read_only_disk_is_refused_before_anything_runs(tmp_path: Path) -> None:
    with (tmpfs(tmp_path / "ro", "1m", read_only=True) as read_only,
          pytest.raises(FolderProblem, match=r"read-only disk\. Choose another folder")):
        check_folder(read_only / "images", picture_bytes(64, 64))


def test_a_file_in_the_folder_s_place_is_refused(tmp_path: Path) -> None:
    (tmp_path / "images").write_text("not a folder")
    with pytest.raises(FolderProblem, match="is a file, not a folder"):
        check_folder(tmp_path / "images", picture_bytes(64, 64))


def test_a_folder_turned_read_only_mid_run_keeps_the_picture_in_the_app_s_folder(tmp_path: Path) -> None:
    rescue = tmp_path / "data" / "Unsaved pictures"
    staged = noise_png(staging_path(tmp_path, "job"))
    with tmpfs(tmp_path / "out", "1m") as out:
        make_read_only(out)
        with pytest.raises(FolderProblem) as raised:
            accept(staged, out, 7, WHEN, rescue)
        assert list(out.iterdir()) == []
    kept = raised.value.kept
    assert kept == rescue / "polaris-20261124-093005-7.png" and kept.is_file()
    assert f"read-only disk. It is kept in {kept}." in str(raised.value)
    assert not staged.exists()


def test_a_disk_that_fills_mid_copy_leaves_no_half_picture(tmp_path: Path) -> None:
    rescue = tmp_path / "data" / "Unsaved pictures"
    staged = noise_png(staging_path(tmp_path, "job"), side=256)  # ~200 KB of noise: more than the disk holds
    with tmpfs(tmp_path / "out", "64k") as out:  # another volume: the picture is copied, not renamed
        with pytest.raises(FolderProblem, match=r"is full \(.*\)\. It is kept in") as raised:
            accept(staged, out, 7, WHEN, rescue)
        assert list(out.iterdir()) == []  # the copy cut short is gone
    assert raised.value.kept is not None and raised.value.kept.stat().st_size > 64 * 1024


def test_a_folder_deleted_mid_run_is_not_made_again(tmp_path: Path) -> None:
    out = tmp_path / "usb" / "images"
    out.mkdir(parents=True)
    staged = noise_png(staging_path(tmp_path, "job"))
    shutil.rmtree(tmp_path / "usb")
    with pytest.raises(FolderProblem, match="no longer exists") as raised:
        accept(staged, out, 7, WHEN, tmp_path / "unsaved")
    assert not out.exists()  # a removed drive's folder is not made again on the system disk
    assert raised.value.kept is not None and raised.value.kept.parent == tmp_path / "unsaved"


def test_another_volume_gets_the_whole_picture(tmp_path: Path) -> None:
    staged = noise_png(staging_path(tmp_path, "job"))
    data = staged.read_bytes()
    with tmpfs(tmp_path / "out", "1m") as out:
        final = accept(staged, out, 7, WHEN, tmp_path / "unsaved")
        assert final.read_bytes() == data and [p.name for p in out.iterdir()] == [final.name]
    assert not staged.exists()
