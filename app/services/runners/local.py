"""What this computer's two runners share (Generation, Upscaling): a job waits for the machine's answers (the card,
the backend's options) before its one sd.cpp process starts, and is cancelled, stopped or refused the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer

from app.core.gallery.gallery_index import GalleryIndex
from app.core.gallery.image_store import FolderProblem
from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.core.generation.request import ModelRejected
from app.core.words import reason_of, translate
from app.services.runners.runner import RunnerBase
from app.services.runners.sd_process import SdProcess
from app.services.system.backend import BackendMissing
from app.services.system.machine import Machine


class LocalRunner(RunnerBase):
    """A runner of this computer's backend: `_waiting` holds a started job's request until the machine has answered
    (`_begin` runs it then), `_process` runs it, and `_end` ends it, once, whatever happened."""

    def __init__(self, out_dir: Path, machine: Machine, gallery: GalleryIndex | None,
                 parent: QObject | None = None) -> None:
        super().__init__(out_dir, gallery, parent)
        self._machine = machine
        self._process = SdProcess(self)
        self._busy = False
        self._waiting: object | None = None  # the request started before the machine answered
        machine.devices_changed.connect(self._on_machine_answered)
        machine.backend_answered.connect(self._on_machine_answered)

    @property
    def running(self) -> bool:
        return self._busy

    def pid(self) -> int | None:
        return self._process.pid()

    def cancel(self) -> None:
        if self._waiting is not None:  # nothing runs yet: the job ends here
            self._waiting = None
            self._end_soon(Outcome(None, cancelled=True))
            return
        self._process.cancel()

    def stop_now(self) -> None:
        self._machine.stop_now()
        if self._waiting is not None:
            self._waiting, self._busy = None, False
        self._process.stop_now()

    def _asking_machine(self) -> bool:
        """An answer a job here needs is awaited: which card there is, or what the backend offers."""
        return not self._machine.devices_known or self._machine.asking_backend

    def _on_machine_answered(self, *_: object) -> None:
        if self._asking_machine():
            return
        self._machine_answered()
        request, self._waiting = self._waiting, None
        if request is not None:
            self._begin(request)

    def _machine_answered(self) -> None:
        """The machine has answered all a job here needs (whether or not one waits)."""

    def _begin(self, request: Any) -> None:
        raise NotImplementedError

    def _fail_soon(self, kind: ErrorKind, message: str) -> None:
        self._end_soon(Outcome(None, None, BackendError(kind, message)))

    def _end_soon(self, outcome: Outcome) -> None:
        # queued, so that a job's end never comes inside start() and callers see one code path
        QTimer.singleShot(0, lambda: self._end(outcome))

    def _end(self, outcome: Outcome) -> None:
        raise NotImplementedError


def why_it_cannot_start(error: Exception, out_dir: Path) -> tuple[ErrorKind, str]:
    """A job refused before its backend starts (an image or an upscale), as the user is told it."""
    if isinstance(error, ModelRejected):
        return ErrorKind.MODEL_LOAD_FAILED, reason_of(error)
    if isinstance(error, BackendMissing):
        return ErrorKind.BACKEND_MISSING, reason_of(error)
    if isinstance(error, FolderProblem):
        return ErrorKind.CANNOT_SAVE, reason_of(error)
    if isinstance(error, OSError):
        return ErrorKind.BAD_REQUEST, translate("Generation", "cannot use output folder {folder}: {error}").format(
            folder=out_dir, error=error)
    return ErrorKind.BAD_REQUEST, reason_of(error)  # a request, a picture or a model the checks refused
