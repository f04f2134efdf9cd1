"""Runs vulkaninfo without blocking, the way that ends on every platform: the one place that starts it.

Which program and which arguments come from app/core/system/vulkaninfo_program.py; this runs them on `ToolRun`, reads
the text from stdout (Linux) or from a temporary file it always removes (Windows), and falls back to the next
vulkaninfo (ours, beside the backend) when the user's own is missing or fails.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from app.core.resources import bundled_backend_dir
from app.core.system.vulkaninfo import decode_paste
from app.core.system.vulkaninfo_program import VulkaninfoProgram, vulkaninfo_argv, vulkaninfo_programs, writes_to_file
from app.services.child_process import path_for_backend
from app.services.tool_run import ToolResult, ToolRun

NOT_FOUND = "vulkaninfo was not found (it comes with the graphics driver; on Linux in the vulkan-tools package)"


@dataclass(frozen=True)
class VulkaninfoResult:
    text: str | None  # vulkaninfo's full text output; None when none ran to its end
    error: str | None = None  # why there is no text, in the user's words
    program: Path | None = None  # the vulkaninfo that answered
    missing: bool = False  # there is no vulkaninfo at all (as opposed to one that failed)


def installed_vulkaninfo(platform: str = sys.platform) -> list[VulkaninfoProgram]:
    """This machine's vulkaninfo programs, best first (see `vulkaninfo_programs`)."""
    return vulkaninfo_programs(platform, shutil.which, bundled_backend_dir(), Path.is_file)


class VulkaninfoRun(QObject):
    """`start()` runs vulkaninfo; `finished(VulkaninfoResult)` fires once per start, whatever happens."""

    finished = Signal(object)

    def __init__(self, timeout_ms: int = 20_000, parent: QObject | None = None,
                 platform: str = sys.platform) -> None:
        super().__init__(parent)
        self._platform = platform
        self._run = ToolRun(timeout_ms=timeout_ms, parent=self)
        self._run.finished.connect(self._on_tool_finished)
        self._left: list[VulkaninfoProgram] = []
        self._trying: VulkaninfoProgram | None = None
        self._output_file: Path | None = None
        self._errors: list[str] = []
        self._answered: Path | None = None  # the program that worked last time: tried first next time
        self._busy = False

    @property
    def running(self) -> bool:
        return self._busy

    @property
    def available(self) -> bool:
        return bool(installed_vulkaninfo(self._platform))

    def start(self) -> None:
        if self._busy:
            raise RuntimeError("vulkaninfo is already running")
        self._busy = True
        self._errors = []
        programs = installed_vulkaninfo(self._platform)
        programs.sort(key=lambda program: program.path != self._answered)
        self._left = programs
        if not programs:
            QTimer.singleShot(0, lambda: self._end(VulkaninfoResult(None, NOT_FOUND, missing=True)))
            return
        self._try_next()

    def stop_now(self) -> None:
        """Kill a run in flight at once (the app is closing): its result is dropped."""
        self._busy = False
        self._left = []
        self._run.stop_now()
        self._remove_output_file()

    def _try_next(self) -> None:
        self._trying = self._left.pop(0)
        output_text = None
        if writes_to_file(self._platform):
            handle, name = tempfile.mkstemp(prefix="polaris-vulkaninfo-", suffix=".txt")
            os.close(handle)
            self._output_file = Path(name)
            # vulkaninfo opens the file with the ANSI calls: the short name where the user's name is not ASCII
            output_text = path_for_backend(self._output_file)
        self._run.start(vulkaninfo_argv(self._trying.path, self._platform, output_text))

    def _on_tool_finished(self, result: ToolResult) -> None:
        if not self._busy or self._trying is None:
            return
        try:
            text = self._read_output(result)
        finally:
            self._remove_output_file()
        error = self._failure(result, text)
        if error is None:
            self._answered = self._trying.path
            self._end(VulkaninfoResult(text, None, self._trying.path))
            return
        self._errors.append(error if not self._trying.bundled else f"{error} (the one bundled with the app)")
        if self._left:
            self._try_next()
        else:
            self._end(VulkaninfoResult(None, "; ".join(self._errors), self._trying.path))

    def _read_output(self, result: ToolResult) -> str:
        if self._output_file is None:
            return result.stdout
        try:
            return decode_paste(self._output_file.read_bytes())
        except OSError:
            return ""

    def _failure(self, result: ToolResult, text: str) -> str | None:
        """Why this run gave nothing to read; None when it worked."""
        name = self._trying.path.name if self._trying else "vulkaninfo"
        if result.error is not None:
            return result.error
        if result.exit_code != 0:
            said = _last_line(result.stderr)
            return f"{name} failed (exit code {result.exit_code})" + (f": {said}" if said else "")
        if not text.strip():
            return f"{name} wrote nothing"
        return None

    def _remove_output_file(self) -> None:
        if self._output_file is not None:
            with contextlib.suppress(OSError):  # a scanner holding it a moment: one small file left in %TEMP%
                self._output_file.unlink(missing_ok=True)
            self._output_file = None

    def _end(self, result: VulkaninfoResult) -> None:
        if not self._busy:
            return
        self._busy = False
        self._trying = None
        self.finished.emit(result)


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip() if lines else ""
