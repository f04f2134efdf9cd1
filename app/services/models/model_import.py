"""Adding model files the user already has, on a worker thread: reading headers on an HDD and copying a LoRA
that cannot be linked take long enough to freeze a window."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal

from app.core.models.model_files import ImportReport, import_into


class ModelImport(QObject):
    """`finished(ImportReport)` arrives in the GUI thread; one import at a time (a second waits for the first)."""

    finished = Signal(object)
    _worker_finished = Signal(object)  # relayed, as PresetDownload does, so receivers get it in this thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker_finished.connect(self._on_worker_finished, Qt.ConnectionType.QueuedConnection)
        self._waiting: list[tuple[list[Path], Path]] = []
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self, paths: list[Path], models_dir: Path) -> None:
        self._waiting.append((paths, models_dir))
        if self._thread is None:
            self._next()

    def wait(self) -> None:
        """The window is closing: let a copy under way finish whole (its .partial never stays behind)."""
        self._waiting.clear()
        if self._thread is not None:
            self._thread.join()

    def _next(self) -> None:
        paths, models_dir = self._waiting.pop(0)
        self._thread = threading.Thread(target=lambda: self._worker_finished.emit(import_into(paths, models_dir)),
                                        name="model-import", daemon=True)
        self._thread.start()

    def _on_worker_finished(self, report: ImportReport) -> None:
        if self._thread is not None:
            self._thread.join()
        self._thread = None
        self.finished.emit(report)
        if self._waiting:
            self._next()
