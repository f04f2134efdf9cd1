"""Finished images: sd.cpp writes into a staging file in the app's own data folder, and only a verified PNG reaches
its final name in the user's folder. Whatever the user's folder does (read-only, full, gone, a file held by another
program), the picture is never half-written there and never lost: it is kept in the app's folder instead."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import uuid
from datetime import datetime
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from app.core.file_words import file_problem
from app.core.gallery.picture_check import DrawnBy, PictureFault, Refusal, check_picture
from app.core.sizes import format_size
from app.core.words import translate

STAGING_PREFIX = ".staging-"
_PROBE_PREFIX = ".polaris-write-test-"


class ImageRejected(Exception):
    """The backend's file is missing or not a whole PNG."""


class BadPicture(ImageRejected):
    """A whole PNG that is not a picture (black, flat, one tile, saturated noise: see picture_check): sd.cpp said
    success, but the numbers went wrong on the card. The file stays: it is kept aside, never deleted, as the check
    may be wrong."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.words)
        self.refusal = refusal

    @property
    def fault(self) -> PictureFault:
        return self.refusal.fault


class FolderProblem(Exception):
    """A folder the app must write a picture into refuses it; the message is for the user. `kept`: where the
    finished picture went instead, when there was one."""

    def __init__(self, message: str, kept: Path | None = None) -> None:
        super().__init__(message)
        self.kept = kept


def staging_path(folder: Path, job_id: str) -> Path:
    return folder / f"{STAGING_PREFIX}{job_id}.png"


def final_name(seed: int, when: datetime) -> str:
    return f"polaris-{when:%Y%m%d-%H%M%S}-{seed}.png"


# the text chunks: the prompts (at most 2,400 bytes each), the settings and the files' hashes
PICTURE_TEXT_BYTES = 64 * 2**10


def picture_bytes(width: int, height: int) -> int:
    """Room one finished picture may need: PNG cannot shrink noise below its raw size; its copy with the settings
    written in stands beside it for a moment; plus the text chunks. In proportion to the picture: a 128 x 128
    picture asks 224 KiB, not a megabyte and more."""
    return 2 * (width * height * 3 + PICTURE_TEXT_BYTES)


def check_folder(folder: Path, needed: int) -> None:
    """Before a job runs: `folder` can be made, written in, and has `needed` bytes free. Raises FolderProblem."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f"{_PROBE_PREFIX}{uuid.uuid4().hex}"
        probe.write_bytes(b"")
        probe.unlink()
        free = shutil.disk_usage(folder).free
    except OSError as error:
        raise FolderProblem(translate("Files", "Pictures cannot be saved: {problem}. Choose another folder.").format(
            problem=file_problem(error, folder))) from error
    if free < needed:
        raise FolderProblem(translate("Files", "Pictures cannot be saved: the disk with {folder} is full ({free} free; "
                                               "a picture of this size needs about {needed}). Free some space or "
                                               "choose another folder.").format(
            folder=folder, free=format_size(free), needed=format_size(needed)))


def verify(staged: Path, drawn: DrawnBy | None = None) -> None:
    """`staged` is a complete PNG and a picture (`drawn`: what drew it, see picture_check); raises ImageRejected (the
    file is removed), or BadPicture (the file stays, to be kept aside)."""
    try:
        with Image.open(staged) as image:
            if image.format != "PNG":
                raise ImageRejected(translate("Picture", "The backend wrote {file} as {format}, not as a PNG "
                                                         "picture").format(file=staged.name, format=image.format))
            image.load()  # decodes every row: a truncated file fails here
            refusal = check_picture(image, drawn)
    except (OSError, UnidentifiedImageError, SyntaxError) as error:
        discard(staged)
        raise ImageRejected(translate("Picture", "The picture the backend wrote ({file}) is not whole and cannot be "
                                                 "read").format(file=staged.name)) from error
    if refusal is not None:
        raise BadPicture(refusal)


def set_aside(staged: Path, folder: Path, seed: int, when: datetime) -> Path:
    """Move a picture the check refused into `folder` (the app's own) under its would-be name: never deleted."""
    return _move_to_free_name(staged, folder, final_name(seed, when).removesuffix(".png"), make=True)


def accept(staged: Path, out_dir: Path, seed: int, when: datetime, rescue: Path, drawn: DrawnBy | None = None) -> Path:
    """Verify `staged` (drawn by `drawn`) and move it to a name no file has in `out_dir`, as `place` does."""
    verify(staged, drawn)
    return place(staged, out_dir, final_name(seed, when).removesuffix(".png"), rescue)


def place(staged: Path, out_dir: Path, stem: str, rescue: Path) -> Path:
    """Move a whole picture to `stem`.png, or the first free `stem`-N.png, in `out_dir`: a checked one, or one the
    user keeps though the check doubted it. When the folder refuses, the picture goes to `rescue` (the app's own
    folder) and FolderProblem says why and where; nothing half-written stays behind."""
    try:
        return _move_to_free_name(staged, out_dir, stem)
    except OSError as error:
        problem = file_problem(error, out_dir)
    try:
        kept = _move_to_free_name(staged, rescue, stem, make=True)
    except OSError as error:
        raise FolderProblem(translate("Files", "The picture could not be saved: {problem}; nor in {rescue} "
                                               "({rescue_problem}). It is still in {staged}.").format(
            problem=problem, rescue=rescue, rescue_problem=file_problem(error, rescue), staged=staged), staged) \
            from error
    raise FolderProblem(translate("Files", "The picture could not be saved: {problem}. It is kept in {kept}.").format(
        problem=problem, kept=kept), kept)


def _move_to_free_name(source: Path, folder: Path, stem: str, make: bool = False) -> Path:
    """Move `source` to `folder`; only the app's own folder is `make`d (a removed drive's is not made again on the
    system disk)."""
    if make:
        folder.mkdir(parents=True, exist_ok=True)
    for n in range(1000):
        target = folder / (f"{stem}.png" if n == 0 else f"{stem}-{n}.png")
        if target.exists():
            continue
        try:
            source.replace(target)  # atomic on one volume
        except OSError as error:
            if error.errno != errno.EXDEV:
                raise
            _copy_whole(source, target)
        return target
    raise OSError(errno.EEXIST, f"no free file name for {stem}.png")


def _copy_whole(source: Path, target: Path) -> None:
    """Another volume: copy under a staging name, flush it to the disk, then rename; a copy cut short (a full
    disk, a removed drive) is removed, and the source stays until the copy is whole."""
    partial = staging_path(target.parent, uuid.uuid4().hex)
    try:
        with source.open("rb") as reading, partial.open("wb") as writing:
            shutil.copyfileobj(reading, writing)
            writing.flush()
            os.fsync(writing.fileno())
        partial.replace(target)
    except BaseException:
        discard(partial)
        raise
    discard(source)


def discard(path: Path) -> None:
    """Remove a file the app no longer needs, if it can: a folder that refuses this loses nothing of the user's."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
