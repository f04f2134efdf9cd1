"""What a crashed or killed app of ours left behind (a job's preview folder, sd.cpp's unfinished picture): each
name carries its owner's process id and start time, and the next start removes those whose owner no longer runs.
Another copy of the app that still runs (the window beside a CLI) keeps its own."""

from __future__ import annotations

import contextlib
import re
import shutil
import tempfile
import time
from pathlib import Path

import psutil
from PySide6.QtCore import QRunnable

from app.core.gallery.image_store import STAGING_PREFIX
from app.services.user_dirs import current_user_dirs

PREVIEW_FOLDER_PREFIX = "polaris-preview-"
# <prefix><pid>-<start time in ms>-<random>: the start time tells the app's process from a later one the system gave
# the same id
_OWNER = re.compile(r"(\d+)-(\d+)-")
LEFT_BEHIND_AFTER_S = 24 * 3600  # a name of an older version names no owner: this old, no running job has it


def owner_tag() -> str:
    """This process, as the names of what it leaves in shared folders carry it."""
    process = psutil.Process()
    return f"{process.pid}-{round(process.create_time() * 1000)}"


def _owner_runs(pid: int, started_ms: int) -> bool:
    try:
        # psutil reads a start time to the clock's tick (10 ms on Linux): a second apart is another process
        return bool(abs(psutil.Process(pid).create_time() * 1000 - started_ms) < 1000)
    except psutil.NoSuchProcess:
        return False
    except psutil.AccessDenied:
        return True  # someone else's process, which cannot be told apart: its file stays


def is_left_behind(path: Path, prefix: str, cutoff: float) -> bool:
    owner = _OWNER.match(path.name.removeprefix(prefix))
    if owner is None:
        return path.stat().st_mtime < cutoff
    return not _owner_runs(int(owner.group(1)), int(owner.group(2)))


class RemoveLeftBehind(QRunnable):
    """On a worker thread: the preview folders in the temporary folder and the unfinished pictures in the app's
    staging folder whose owner no longer runs."""

    def run(self) -> None:
        cutoff = time.time() - LEFT_BEHIND_AFTER_S
        for folder in Path(tempfile.gettempdir()).glob(PREVIEW_FOLDER_PREFIX + "*"):
            with contextlib.suppress(OSError):
                if folder.is_dir() and is_left_behind(folder, PREVIEW_FOLDER_PREFIX, cutoff):
                    shutil.rmtree(folder, ignore_errors=True)
        for staged in current_user_dirs().staging.glob(STAGING_PREFIX + "*"):
            with contextlib.suppress(OSError):
                if is_left_behind(staged, STAGING_PREFIX, cutoff):
                    staged.unlink()
