"""Downloading a preset's files in the background, for the Models window (the CLI calls download_preset)."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal

from app.core.models.catalog import Preset
from app.core.models.downloads import DownloadError, PresetProgress
from app.core.words import translate
from app.services.models.downloader import download_preset


class PresetDownload(QObject):
    """Fetches one preset on a worker thread; progress and the end arrive as signals in the GUI thread."""

    progress = Signal(object)  # PresetProgress
    finished = Signal(str, object)  # preset id, None on success or DownloadError (DownloadCancelled: cancelled)
    # the worker emits these; queued signal-to-signal connections re-emit them from this object's (GUI) thread.
    # Sent straight from the worker, a receiver (pytest-qt's waitSignal) got `finished` without its arguments
    # in 4 of 30 loaded runs; relayed, in none of 30.
    _worker_progress = Signal(object)
    _worker_finished = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker_progress.connect(self.progress, Qt.ConnectionType.QueuedConnection)
        self._worker_finished.connect(self.finished, Qt.ConnectionType.QueuedConnection)
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._active = False  # cleared before `finished` is sent, so its receivers see the download over
        self.preset_id: str | None = None

    @property
    def running(self) -> bool:
        return self._active

    def start(self, preset: Preset, models_dir: Path, allowed_hosts: frozenset[str]) -> None:
        if self.running:
            raise RuntimeError("a download is already running")
        self._cancel.clear()
        self.preset_id = preset.id
        self._active = True
        self._thread = threading.Thread(target=self._run, args=(preset, models_dir, allowed_hosts),
                                        name=f"download {preset.id}", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop soon; what arrived stays as .part files and the next start resumes from there."""
        self._cancel.set()

    def wait(self, timeout_s: float = 10.0) -> None:
        """Closing the app: cancel and let the worker close its file cleanly."""
        self._cancel.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def _run(self, preset: Preset, models_dir: Path, allowed_hosts: frozenset[str]) -> None:
        def report(step: PresetProgress) -> None:
            self._worker_progress.emit(step)

        outcome: DownloadError | None = None
        try:
            download_preset(preset, models_dir, allowed_hosts, report, self._cancel)
        except DownloadError as error:  # DownloadCancelled too
            outcome = error
        except OSError as error:  # the models folder cannot be made or written
            outcome = DownloadError(translate("Download", "cannot use {folder}: {error}; choose another folder")
                                    .format(folder=models_dir, error=error))
        self._active = False
        self._worker_finished.emit(preset.id, outcome)
