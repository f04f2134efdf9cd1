"""How every runner ends a picture it made (here, on another computer, or upscaled): its settings written in, the
check, then kept in the output folder or set aside, then listed in the gallery. Every fault on the way ends the
job in words; none raises out of the Qt slot that called it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from app.core.file_words import file_problem
from app.core.gallery.gallery_index import GalleryIndex, entry_from_png
from app.core.gallery.image_store import (
    BadPicture,
    FolderProblem,
    ImageRejected,
    accept,
    check_folder,
    discard,
    final_name,
    place,
    set_aside,
)
from app.core.gallery.picture_check import DrawnBy
from app.core.generation.lora import LoraUse
from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.core.words import reason_of, translate
from app.services.user_dirs import current_user_dirs

# the output folders this run has checked and written in: one gone mid-run (moved, renamed, its drive removed) is not
# made again behind the user's back: every picture drawn meanwhile is kept in the app's folder and says so, as the
# one running when it went did
_FOLDERS_IN_USE: set[Path] = set()


def check_output_folder(folder: Path, needed: int) -> None:
    """check_folder() for the user's output folder before a job runs, but one this run used that is gone now stays
    gone: the job runs, and finish_picture() keeps its picture in the app's folder in the same words."""
    if folder.absolute() in _FOLDERS_IN_USE and not folder.exists():
        return
    check_folder(folder, needed)
    _FOLDERS_IN_USE.add(folder.absolute())


def finish_picture(staged: Path, out_dir: Path, seed: int, gallery: GalleryIndex | None, exit_code: int | None, *,
                   label: Callable[[Path], None], tell: Callable[[str], None],
                   refused: Callable[[BadPicture], Outcome | None], drawn: DrawnBy | None = None) -> Outcome | None:
    """The job's outcome once its whole picture `staged` is labelled (`label` writes its settings in), checked (as
    drawn by `drawn`, when known) and kept in `out_dir`; `tell` says what the user should know though the job
    goes on. A picture the check refuses goes to `refused` (None from it: the runner tries again)."""
    try:
        label(staged)
    except (OSError, ValueError) as error:  # a whole picture is kept without its settings; a broken one fails below
        why = file_problem(error, staged.parent) if isinstance(error, OSError) else reason_of(error)
        tell(translate("Generation", "the picture is kept without its settings: {why}").format(why=why))
    try:
        final = accept(staged, out_dir, seed, datetime.now(), current_user_dirs().unsaved, drawn)
    except BadPicture as error:
        return refused(error)
    except FolderProblem as problem:
        return Outcome(exit_code, None, BackendError(ErrorKind.CANNOT_SAVE, reason_of(problem)))
    except (ImageRejected, OSError) as error:
        discard(staged)
        return Outcome(exit_code, None, BackendError(ErrorKind.UNKNOWN, reason_of(error)))
    return listed(final, gallery, exit_code, tell)


def kept_as_drawn(staged: Path, out_dir: Path, seed: int, gallery: GalleryIndex | None, exit_code: int | None,
                  tell: Callable[[str], None]) -> Outcome:
    """A picture the check doubted, kept all the same (a safer try drew the same): in `out_dir` and the gallery."""
    try:
        name = final_name(seed, datetime.now()).removesuffix(".png")
        final = place(staged, out_dir, name, current_user_dirs().unsaved)
    except FolderProblem as problem:
        return Outcome(exit_code, None, BackendError(ErrorKind.CANNOT_SAVE, reason_of(problem)))
    return listed(final, gallery, exit_code, tell)


def said_why_not_saved(outcome: Outcome, needed: int) -> Outcome:
    """sd.cpp could not write its picture into the app's own folder: why (full, read-only), when the folder shows
    it; else the outcome as it is."""
    try:
        check_folder(current_user_dirs().staging, needed)
    except FolderProblem as problem:
        return Outcome(outcome.exit_code, None, BackendError(ErrorKind.CANNOT_SAVE, reason_of(problem)))
    return outcome


def not_finished(exit_code: int | None, error: Exception | str) -> Outcome:
    """A fault of ours after the backend drew (a bug, a picture that cannot be read): the job ends, in words."""
    why = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return Outcome(exit_code, None, BackendError(
        ErrorKind.UNKNOWN, translate("Generation", "the picture could not be finished ({error})").format(error=why)))


def listed(final: Path, gallery: GalleryIndex | None, exit_code: int | None, tell: Callable[[str], None]) -> Outcome:
    """A picture in its folder, listed in the gallery: the job is done (a gallery that cannot list it yet is said)."""
    note = list_in_gallery(final, gallery)
    if note:
        tell(note)
    return Outcome(exit_code, str(final))


def set_picture_aside(staged: Path, seed: int, error: BadPicture, said: str = "", advice: str = "") -> BackendError:
    """A picture the check refused, kept in the app's folder for the user to keep or not, never deleted; the
    error says where it is. `said`: what follows the check's words (" on the safer try too")."""
    folder = current_user_dirs().bad_pictures
    kept: Path | None = None
    try:
        kept = set_aside(staged, folder, seed, datetime.now())
        where = translate("Generation", "It is kept in {folder}").format(folder=kept)
    except OSError as problem:
        where = translate("Generation", "It is still in {file} ({why})").format(
            file=staged, why=file_problem(problem, folder))
    # three short lines under Generate: what went wrong, where the picture is, what to try
    lines = [translate("Generation", "{error}{tried}: it is set aside, not in the gallery.").format(
        error=error, tried=said), where + ".", advice]
    return BackendError(ErrorKind.BAD_PICTURE, "\n".join(line for line in lines if line), picture=str(kept or staged))


def loras_still_there(loras: tuple[tuple[LoraUse, Path], ...]) -> list[tuple[LoraUse, Path]]:
    """The job's LoRAs, as checked before it ran, for its picture's settings; none when a file went away mid-run
    (the picture is fine, but its LoRAs' hashes cannot be told)."""
    return list(loras) if all(path.is_file() for _, path in loras) else []


def list_in_gallery(final: Path, gallery: GalleryIndex | None) -> str | None:
    """Add a finished picture to the gallery; what to tell the user when it could not be listed yet."""
    entry = entry_from_png(final) if gallery is not None else None
    if entry is not None and gallery is not None:
        try:
            gallery.add(entry)
        except sqlite3.Error as error:  # the picture is in its folder; the gallery finds it on its next scan
            return translate("Generation", "the gallery could not list the picture yet: {error}").format(error=error)
    return None


def keep_set_aside(picture: Path, out_dir: Path, gallery: GalleryIndex | None) -> tuple[Path | None, list[str]]:
    """A picture the check set aside, which the user keeps: moved into `out_dir` under its own name (its settings
    were written in before the check) and listed in the gallery; where it is now (None: it could not be moved), and
    what to tell the user (the folder refused it and it is kept in the app's folder; the gallery cannot list it
    yet)."""
    try:
        final = place(picture, out_dir, picture.stem, current_user_dirs().unsaved)
    except FolderProblem as problem:
        return problem.kept, [str(problem)]
    except OSError as error:
        return None, [translate("JobQueue", "The picture could not be kept: {problem}").format(
            problem=file_problem(error, picture))]
    listed = list_in_gallery(final, gallery)
    return final, [listed] if listed else []
