"""The queue kept in the user's data folder, so that unfinished jobs survive a crash: read once as the queue is
made, written whole after each change that must survive one (core/queue/jobs.py knows the file's format)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from app.core.queue.jobs import Job, LoadedQueue, load_queue, save_queue
from app.core.words import translate


class QueueFile:
    """`path` None: a queue kept in memory only (a test). A file that cannot be written is said through `tell`;
    the queue is kept until the app closes."""

    def __init__(self, path: Path | None, tell: Callable[[str], None]) -> None:
        self._path, self._tell = path, tell

    def load(self) -> LoadedQueue:
        return load_queue(self._path, datetime.now()) if self._path is not None else LoadedQueue([])

    def save(self, jobs: list[Job]) -> None:
        if self._path is None:
            return
        try:
            save_queue(self._path, jobs)
        except OSError as error:
            self._tell(translate("JobQueue", "The job queue could not be saved ({error}); it is kept until the app "
                                             "closes.").format(error=error))
