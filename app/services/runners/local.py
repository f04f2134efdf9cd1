"""What this computer's two runners share (Generation, Upscaling): a job waits for the machine's answers (the card,
the backend's options) before its one sd.cpp process starts, and is cancelled, stopped or refused the same way."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.services.runners.runner import JobEvents
from app.services.runners.sd_process import SdProcess
from app.services.system.machine import Machine


class LocalRunner(JobEvents):
    """A runner of this computer's backend: `_waiting` holds a started job's request until the machine has answered
    (`_begin` runs it then), `_process` runs it, and `_end` ends it, once, whatever happened."""

    def __init__(self, machine: Machine, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._machine = machine
        self._process = SdProcess(self)
        self._busy = False
        self._waiting: object | None = None  # the request started before the machine answered

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

    def _fail_soon(self, kind: ErrorKind, message: str) -> None:
        self._end_soon(Outcome(None, None, BackendError(kind, message)))

    def _end_soon(self, outcome: Outcome) -> None:
        # queued, so that a job's end never comes inside start() and callers see one code path
        QTimer.singleShot(0, lambda: self._end(outcome))

    def _end(self, outcome: Outcome) -> None:
        raise NotImplementedError
