"""Why the operating system refused a file or a folder, in the user's words: the one place that reads errno.

Python's own text (`[Errno 30] Read-only file system: '…'`) is for the log; the window says what it means and
names the place.
"""

from __future__ import annotations

import contextlib
import errno
import shutil
from pathlib import Path

from app.core.sizes import format_size
from app.core.words import translate

# Windows' "the disk is full", and "the file is in use by another process" / "part of it is locked" (an antivirus
# scan, a viewer)
_WINDOWS_DISK_FULL = 112
_WINDOWS_FILE_IN_USE = (32, 33)


def file_problem(error: OSError, place: Path) -> str:
    """What went wrong with `place` (a file or a folder), as a clause to put in a sentence."""
    code, windows = error.errno, getattr(error, "winerror", None)
    if code == errno.ENOSPC or windows == _WINDOWS_DISK_FULL:
        return translate("Files", "the disk with {place} is full ({free})").format(place=place, free=_free(place))
    if code == errno.EROFS:
        return translate("Files", "{place} is on a read-only disk").format(place=place)
    if windows in _WINDOWS_FILE_IN_USE:
        return translate("Files", "another program is using a file in {place} (an antivirus or a picture viewer, "
                                  "perhaps)").format(place=place)
    if code in (errno.EACCES, errno.EPERM):
        return translate("Files", "you may not write in {place} (it is read-only or another user's)").format(
            place=place)
    if code == errno.ENOENT:
        return translate("Files", "{place} no longer exists (a removed drive or a deleted folder?)").format(
            place=place)
    if code in (errno.ENOTDIR, errno.EEXIST):
        return translate("Files", "{place} is a file, not a folder").format(place=place)
    if code == errno.EISDIR:
        return translate("Files", "{place} is a folder, not a file").format(place=place)
    if code == errno.ENAMETOOLONG:
        return translate("Files", "the name {place} is too long for this disk").format(place=place)
    if code == errno.EBUSY:
        return translate("Files", "{place} is busy (another program or the system is using it)").format(place=place)
    # an unusual refusal: the system's own short text (already in the user's language on Windows), not its number
    why = error.strerror or translate("Files", "the system refused it")
    return translate("Files", "{place} cannot be used ({why})").format(place=place, why=why[:1].lower() + why[1:])


def _free(place: Path) -> str:
    for folder in (place, *place.parents):
        with contextlib.suppress(OSError):
            return translate("Files", "{size} free").format(size=format_size(shutil.disk_usage(folder).free))
    return translate("Files", "no room left")
