"""The one QProcess wrapper: runs an sd.cpp binary and turns its output into typed signals."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QTimer, Signal

from app.core.generation.output import (
    BackendError,
    ErrorKind,
    Event,
    ImageSaved,
    LogLine,
    Outcome,
    OutputParser,
    Progress,
    StageChanged,
)
from app.services.child_process import contained_process, start_contained, unrunnable_reason

# what sd.cpp says goes to the app's log too (app/services/app_log.py), as Details shows it: a bug report's lines
said = logging.getLogger("sd.cpp")
# A backend that does not exit on SIGTERM (stuck in a driver call, say) gets this long before SIGKILL.
TERMINATE_GRACE_MS = 2000


class SdProcess(QObject):
    """Runs one sd.cpp command. `finished` fires exactly once per `start`, also when it never started.

    The child never outlives the app: on Linux it is started through `setpriv --pdeathsig KILL`, so
    the kernel kills it when we die, even by SIGKILL; on Windows it joins a kill-on-close Job object.
    """

    stage_changed = Signal(object)  # Stage
    progress = Signal(object)  # Progress
    log_line = Signal(str, str)  # text, stream ("stdout" | "stderr")
    image_saved = Signal(str)  # the path sd.cpp reports
    finished = Signal(object)  # Outcome; its image is the path sd.cpp wrote, not yet verified

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._process = contained_process(self)
        self._process.readyReadStandardOutput.connect(self._on_stdout)
        self._process.readyReadStandardError.connect(self._on_stderr)
        self._process.finished.connect(self._on_finished)
        self._process.errorOccurred.connect(self._on_error)
        self._parser = OutputParser()
        self._cancelled = False
        self._done = True
        self._writes: Path | None = None
        self._kill_timer = QTimer(self)
        self._kill_timer.setSingleShot(True)
        self._kill_timer.timeout.connect(self._process.kill)

    def pid(self) -> int | None:
        pid = self._process.processId()
        return pid or None

    def start(self, argv: list[str], env: dict[str, str], workdir: Path, writes: Path | None = None) -> None:
        """Run argv in workdir; `writes` is the picture the command writes (its `--output`), when it writes one."""
        if not self._done:
            raise RuntimeError("SdProcess is already running a command")
        self._parser = OutputParser()
        self._writes = writes
        self._cancelled = False
        self._done = False
        binary = Path(argv[0])
        problem = unrunnable_reason(binary)
        if problem:
            # finished is queued so that callers which connect after start() still hear it
            error = BackendError(ErrorKind.BACKEND_MISSING, problem)
            QTimer.singleShot(0, lambda: self._finish(None, error))
            return
        self._process.setWorkingDirectory(str(workdir))
        start_contained(self._process, argv, env)

    def cancel(self) -> None:
        if self._done or self._cancelled:
            return
        self._cancelled = True
        if sys.platform == "win32":
            self._process.kill()  # console programs have no window to receive WM_CLOSE
        else:
            self._process.terminate()
            self._kill_timer.start(TERMINATE_GRACE_MS)

    def stop_now(self) -> None:
        """Kill the backend at once and wait for it (the app is closing); `finished` reports a cancel."""
        if self._done:
            return
        self._cancelled = True
        self._process.kill()
        self._process.waitForFinished(2000)  # a killed child ends at once; this only reaps it

    def _on_stdout(self) -> None:
        self._dispatch(self._parser.feed(bytes(self._process.readAllStandardOutput().data()), "stdout"))

    def _on_stderr(self) -> None:
        self._dispatch(self._parser.feed(bytes(self._process.readAllStandardError().data()), "stderr"))

    def _dispatch(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, StageChanged):
                self.stage_changed.emit(event.stage)
            elif isinstance(event, Progress):
                self.progress.emit(event)
            elif isinstance(event, LogLine):
                said.info(event.text)
                self.log_line.emit(event.text, event.stream)
            elif isinstance(event, ImageSaved):
                self.image_saved.emit(event.path)

    def _on_finished(self, exit_code: int, status: QProcess.ExitStatus) -> None:
        self._kill_timer.stop()
        self._on_stdout()
        self._on_stderr()
        crashed = status == QProcess.ExitStatus.CrashExit
        if (not crashed and exit_code == 0 and not self._parser.images and self._writes is not None
                and self._writes.is_file()):
            # its last words were lost on their way, not its picture: under Wine on a busy machine the pipe
            # dropped everything from the sampling on in 8 of 24 sd-cli.exe runs, each of which wrote its picture
            self._dispatch(self._parser.wrote(str(self._writes)))
        events = self._parser.finish(None if crashed else exit_code, crashed)
        self._dispatch(events)
        error = next((e for e in events if isinstance(e, BackendError)), None)
        self._finish(None if crashed else exit_code, None if self._cancelled else error)

    def _on_error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            # QProcess emits no finished() for a process that never started
            message = f"could not start {self._process.program()}: {self._process.errorString()}"
            self._finish(None, BackendError(ErrorKind.BACKEND_MISSING, message))

    def _finish(self, exit_code: int | None, error: BackendError | None) -> None:
        if self._done:
            return
        self._done = True
        if error is not None:
            said.warning("%s ended: %s (exit status %s)", self._process.program(), error.message, exit_code)
        image = self._parser.images[-1] if self._parser.images and error is None else None
        self.finished.emit(Outcome(exit_code, image, error, self._cancelled))
