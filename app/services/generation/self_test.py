"""`--self-test`: the system check and one tiny generation with the bundled backend, in a throwaway folder.

It proves that an installed (or source) copy of the app works end to end on this machine: the bundle
carries its resources and backend, the backend starts and sees a Vulkan device, and an image comes back
whole. The model is the random-weight demo model, written on the spot (no download, no network).
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QObject, Signal

from app import __version__
from app.core.demo.picture_models import write_tiny_models
from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.core.generation.request import GenerationRequest
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.platform_paths import BASEDIR_VARIABLE, UserDirs
from app.core.queue.jobs import Job
from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.report import report_markdown
from app.services.runners.events import JobEnded
from app.services.runners.generation import Generation
from app.services.secret_store import SecretStore
from app.services.system.backend import BackendMissing
from app.services.system.machine import Machine
from app.services.system.system_check import SystemCheck

SIDE = 64  # the smallest image sd.cpp makes: a few seconds on a CPU Vulkan device


@dataclass(frozen=True)
class SelfTestResult:
    ok: bool
    reason: str | None  # why it failed, in one line
    report: str  # Markdown, for a person or a bug report


class SelfTest(QObject):
    """Runs the check, then the generation, in `dirs`; `finished(SelfTestResult)` fires once."""

    finished = Signal(object)

    def __init__(self, dirs: UserDirs, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._dirs = dirs
        self._machine = Machine(parent=self)  # the check's vulkaninfo answer is the one the generation plans with
        self._check = SystemCheck(self._machine, dirs.models, self)
        self._check.finished.connect(self._on_check_finished)
        self._generation = Generation(dirs.images, self._machine, parent=self)
        self._generation.job_event.connect(self._on_generation_event)
        self._facts: SystemFacts | None = None
        self._report: CompatibilityReport | None = None
        self._started = time.monotonic()

    def start(self) -> None:
        self._started = time.monotonic()
        self._check.start()

    def _on_check_finished(self, facts: SystemFacts, report: CompatibilityReport) -> None:
        self._facts, self._report = facts, report
        try:
            model, taesd = write_tiny_models(self._dirs.models)
        except OSError as error:  # a slot's exception would only be printed, and the self-test would never end
            self._on_generation_finished(Outcome(None, None, BackendError(
                ErrorKind.BAD_REQUEST, f"cannot write the test model into {self._dirs.models}: {error}")))
            return
        # the parts a tiny model runs fastest with on any device, lavapipe included
        request = GenerationRequest(prompt="Polaris Studio self-test", width=SIDE, height=SIDE, steps=1, seed=1,
                                    models=ModelFiles(model=model, taesd=taesd),
                                    memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))
        self._started = time.monotonic()
        self._generation.start(Job(request))

    def _on_generation_event(self, event: object) -> None:
        if isinstance(event, JobEnded):
            self._on_generation_finished(event.outcome)

    def _on_generation_finished(self, outcome: Outcome) -> None:
        seconds = time.monotonic() - self._started
        assert self._facts is not None and self._report is not None
        reason = failure_reason(self._report, outcome)
        if outcome.ok:
            generation = f"- one {SIDE}x{SIDE} image in {seconds:.1f} s: {outcome.image}"
        else:
            generation = f"- failed after {seconds:.1f} s: {_generation_error(outcome)}"
        try:
            backend = str(self._machine.backend())
        except BackendMissing as error:
            backend = str(error)
        lines = [
            f"# Polaris Studio {__version__} self-test: {'PASS' if reason is None else 'FAIL'}", "",
            f"- {platform.platform()}, Python {platform.python_version()}, "
            f"{'bundle' if getattr(sys, 'frozen', False) else 'source'}",
            f"- backend: {backend}", f"- folder: {self._dirs.data.parent}",
            f"- secrets kept by: {SecretStore.where_kept()}", "",
            "## Generation", "", generation, "",
            report_markdown(self._facts, self._report).replace("# Polaris Studio system check", "## System check"),
        ]
        self.finished.emit(SelfTestResult(reason is None, reason, "\n".join(lines)))


def failure_reason(report: CompatibilityReport, outcome: Outcome) -> str | None:
    """Why the self-test failed, in one line; None when it passed. A failed check fails it even when an image
    came back: an install whose check says "no Vulkan device" is not one that works."""
    reasons = [] if outcome.ok else [f"generation failed: {_generation_error(outcome)}"]
    failed = [f"{check.id}: {check.message}" for check in report.checks if check.status is Verdict.FAIL]
    if failed:
        reasons.append("system check failed: " + "; ".join(failed))
    return "; ".join(reasons) or None


def _generation_error(outcome: Outcome) -> str:
    return outcome.error.message if outcome.error else "no image came back"


def run_self_test(base: Path | None, report_file: Path | None) -> int:
    """Run the self-test headless; 0 when it passed, 1 otherwise, never an exception (in the windowed bundle
    that would end on an error box nobody closes). The report goes to stdout (a windowed Windows app has
    none) and to `report_file`; the reason for a failure to stderr."""
    try:
        return _run_self_test(base, report_file)
    except Exception as error:  # said, not hidden: the report and stderr name it, and the exit code is 1
        reason = f"{type(error).__name__}: {error}"
        report = f"# Polaris Studio {__version__} self-test: FAIL\n\n- the self-test itself broke: {reason}\n"
        if report_file is not None:
            with contextlib.suppress(OSError):  # the report file may be what broke
                report_file.write_text(report, encoding="utf-8")
        if sys.stdout is not None:
            print(report, end="", flush=True)
        if sys.stderr is not None:
            traceback.print_exc(file=sys.stderr)
            print(f"self-test failed: {reason}", file=sys.stderr, flush=True)
        return 1


def _run_self_test(base: Path | None, report_file: Path | None) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    # Windows refuses to delete a file still open (the model-hash thread may be reading the test model): a
    # scratch folder left in %TEMP% must not turn a finished self-test into a failure
    with tempfile.TemporaryDirectory(prefix="polaris-self-test-", ignore_cleanup_errors=True) as scratch:
        folder = (base or Path(scratch)).absolute()
        # every per-user folder (model hashes too) goes here, not into the user's own
        os.environ[BASEDIR_VARIABLE] = str(folder)
        result: list[SelfTestResult] = []
        test = SelfTest(UserDirs.under(folder))

        def ended(outcome: SelfTestResult) -> None:
            result.append(outcome)
            app.quit()

        test.finished.connect(ended)
        # an exception in a slot (a broken install: a table missing from the bundle) would only be printed, and
        # the self-test would wait for ever: it ends the run, and the self-test fails with it
        broke: list[BaseException] = []

        def on_exception(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
            broke.append(error)
            app.quit()

        previous, sys.excepthook = sys.excepthook, on_exception
        try:
            test.start()
            app.exec()
        finally:
            sys.excepthook = previous
        if broke:
            raise broke[0]
    [outcome] = result
    if report_file is not None:
        report_file.write_text(outcome.report, encoding="utf-8")
    if sys.stdout is not None:
        print(outcome.report, end="", flush=True)
    if outcome.reason is not None and sys.stderr is not None:
        print(f"self-test failed: {outcome.reason}", file=sys.stderr, flush=True)
    return 0 if outcome.ok else 1
