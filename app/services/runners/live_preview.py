"""Each step's preview frame, from the job's own temporary folder to a decoded image, off the GUI thread."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QImage

from app.core.planning.preview import PREVIEW_FILE_NAME, read_whole_png
from app.services.child_process import path_for_backend
from app.services.left_behind import PREVIEW_FOLDER_PREFIX, RemoveLeftBehind, owner_tag


@dataclass(frozen=True)
class PreviewFrame:
    image: QImage
    step: int
    path: Path  # the file it was read from: overwritten by the next step, removed when the job ends


class _Signals(QObject):
    decoded = Signal(int, int, QImage)  # job number, step, image (null: no whole frame there)


class _ReadFrame(QRunnable):
    def __init__(self, job: int, step: int, path: Path, signals: _Signals) -> None:
        super().__init__()
        self._job, self._step, self._path, self._signals = job, step, path, signals

    def run(self) -> None:
        # sd.cpp writes the file in place: only a PNG whose every chunk is there and intact is decoded
        data = read_whole_png(self._path)
        # PySide6 types the format as bytes, takes only str
        image = QImage.fromData(data, "PNG") if data is not None else QImage()  # type: ignore[arg-type]
        self._signals.decoded.emit(self._job, self._step, image)


class _RemoveFolder(QRunnable):
    def __init__(self, folder: Path) -> None:
        super().__init__()
        self._folder = folder

    def run(self) -> None:
        shutil.rmtree(self._folder, ignore_errors=True)


_left_behind_asked = False


class LivePreview(QObject):
    """One job's preview folder: `begin()` makes it and names the file for sd.cpp, `step_done(step)` (on each
    progress event: sd.cpp writes a step's frame just before it reports the step) reads and decodes the frame on
    a worker thread, `frame(PreviewFrame)` brings it back, and `end()` removes the folder. A frame still being
    written is skipped; the next step's brings the picture up to date."""

    frame = Signal(object)  # PreviewFrame
    skipped = Signal(int)  # a step whose file was not a whole PNG when read (sd.cpp was still writing it)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # one worker: reads happen in order, and the folder is removed only after the last read of it
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.decoded.connect(self._on_decoded)
        global _left_behind_asked  # once a process: every card's Generation has a LivePreview
        if not _left_behind_asked:
            _left_behind_asked = True
            self._pool.start(RemoveLeftBehind())
        self._folder: Path | None = None
        self._job = 0
        self._reading = False
        self._pending: int | None = None  # a step reported while the last one was still being read
        self._shown = 0

    @property
    def folder(self) -> Path | None:
        return self._folder

    @property
    def file(self) -> Path | None:
        return self._folder / PREVIEW_FILE_NAME if self._folder else None

    def begin(self) -> str:
        """Make the job's folder (a retry of the same job keeps it); the preview file's name for the backend."""
        if self._folder is None:
            self._job += 1
            self._folder = Path(tempfile.mkdtemp(prefix=f"{PREVIEW_FOLDER_PREFIX}{owner_tag()}-"))
            self._reading, self._pending, self._shown = False, None, 0
        # the folder exists, so on Windows its 8.3 name can stand in for a user name sd.cpp cannot open
        return str(Path(path_for_backend(self._folder)) / PREVIEW_FILE_NAME)

    def step_done(self, step: int) -> None:
        if self._folder is None:
            return
        if self._reading:
            self._pending = step  # only the newest frame matters
            return
        self._reading = True
        self._pool.start(_ReadFrame(self._job, step, self._folder / PREVIEW_FILE_NAME, self._signals))

    def end(self) -> None:
        """The job is over: no more frames, and the folder goes (after any read still running)."""
        if self._folder is None:
            return
        self._pool.start(_RemoveFolder(self._folder))
        self._folder = None
        self._pending = None

    def wait_until_removed(self, timeout_ms: int = 2000) -> bool:
        """For the app's last moments (and tests): let the worker finish removing the folder."""
        return self._pool.waitForDone(timeout_ms)

    def _on_decoded(self, job: int, step: int, image: QImage) -> None:
        if job != self._job or self._folder is None:
            return  # a frame of a job that has ended
        self._reading = False
        if image.isNull():
            self.skipped.emit(step)
        elif step > self._shown:
            self._shown = step
            self.frame.emit(PreviewFrame(image, step, self._folder / PREVIEW_FILE_NAME))
        pending, self._pending = self._pending, None
        if pending is not None:
            self.step_done(pending)
