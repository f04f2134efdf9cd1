"""A short helper program run for its output (vulkaninfo, the backend's device listing), never blocking."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QTimer, Signal

from app.services.child_process import contained_process, start_contained, unrunnable_reason


@dataclass(frozen=True)
class ToolResult:
    exit_code: int | None  # None when it did not start, crashed or timed out
    stdout: str
    stderr: str
    error: str | None = None  # why there is no exit code, in the user's words
    missing_library: bool = False  # it could not start because a shared library (.so, DLL) is not there


STATUS_DLL_NOT_FOUND = 0xC0000135


class ToolRun(QObject):
    """Runs one command to its end and reports its whole output once, in `finished(ToolResult)`;
    `line(str)` gives each line of either stream as it comes, for long runs such as the backend build."""

    finished = Signal(object)
    line = Signal(str)

    def __init__(self, timeout_ms: int = 20_000, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._process = contained_process(self)
        self._process.finished.connect(self._on_finished)
        self._process.errorOccurred.connect(self._on_error)
        # methods, not lambdas: Qt drops a method's connection before this object's children (the process) go,
        # whereas a lambda still ran when a closing window's QProcess said its last words while being deleted
        self._process.readyReadStandardOutput.connect(self._read_stdout)
        self._process.readyReadStandardError.connect(self._read_stderr)
        self._output = {QProcess.ProcessChannel.StandardOutput: bytearray(),
                        QProcess.ProcessChannel.StandardError: bytearray()}
        self._line_start = dict.fromkeys(self._output, 0)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(timeout_ms)
        self._timer.timeout.connect(self._on_timeout)
        self._timed_out = False
        self._busy = False
        self._command = ""

    @property
    def running(self) -> bool:
        return self._busy

    def start(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        if self._busy:
            raise RuntimeError("ToolRun is already running a command")
        self._busy = True
        self._timed_out = False
        self._command = argv[0]
        for channel, buffer in self._output.items():
            buffer.clear()
            self._line_start[channel] = 0
        problem = unrunnable_reason(Path(argv[0]), Path(argv[0]).name)
        if problem:
            QTimer.singleShot(0, lambda: self._end(ToolResult(None, "", "", problem)))
            return
        self._timer.start()
        start_contained(self._process, argv, env)

    def stop_now(self) -> None:
        """Kill a run in flight at once (the app is closing): its result is dropped."""
        if self._process.state() != QProcess.ProcessState.NotRunning:
            self._process.kill()
            self._process.waitForFinished(1000)  # a killed child ends at once; this only reaps it

    def _on_timeout(self) -> None:
        self._timed_out = True
        self._process.kill()

    def _read_stdout(self) -> None:
        self._read(QProcess.ProcessChannel.StandardOutput)

    def _read_stderr(self) -> None:
        self._read(QProcess.ProcessChannel.StandardError)

    def _read(self, channel: QProcess.ProcessChannel) -> None:
        self._process.setReadChannel(channel)
        buffer = self._output[channel]
        buffer += self._process.readAll().data()
        end = buffer.rfind(b"\n") + 1
        if end > self._line_start[channel]:
            for text in bytes(buffer[self._line_start[channel]:end]).decode("utf-8", errors="replace").splitlines():
                self.line.emit(text)
            self._line_start[channel] = end

    def _on_finished(self, exit_code: int, status: QProcess.ExitStatus) -> None:
        for channel in self._output:
            self._read(channel)
        stdout = self._output[QProcess.ProcessChannel.StandardOutput].decode("utf-8", errors="replace")
        stderr = self._output[QProcess.ProcessChannel.StandardError].decode("utf-8", errors="replace")
        if self._timed_out:
            self._end(ToolResult(None, stdout, stderr, f"{Path(self._command).name} did not answer in time"))
        elif status == QProcess.ExitStatus.CrashExit:
            # on Windows the code names the cause: 0xC0000135 (STATUS_DLL_NOT_FOUND) is a DLL that is not there
            code = exit_code & 0xFFFFFFFF if sys.platform == "win32" else None
            said = f" (exit code 0x{code:08X})" if code is not None else ""
            self._end(ToolResult(None, stdout, stderr, f"{Path(self._command).name} crashed{said}",
                                 missing_library=code == STATUS_DLL_NOT_FOUND))
        elif exit_code == 127 and "error while loading shared libraries" in stderr:
            # the Linux loader refused to start it: a failed start, not a program that ran
            self._end(ToolResult(None, stdout, stderr, f"{Path(self._command).name} could not start: "
                                 f"{stderr.strip().splitlines()[-1]}", missing_library=True))
        else:
            self._end(ToolResult(exit_code, stdout, stderr))

    def _on_error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:  # no finished() follows
            message = f"could not start {Path(self._command).name}: {self._process.errorString()}"
            self._end(ToolResult(None, "", "", message))

    def _end(self, result: ToolResult) -> None:
        if not self._busy:
            return
        self._timer.stop()
        self._busy = False
        self.finished.emit(result)
