"""Windows Python's pytest as a child of the Linux test run: started, then judged when it ends; and the Windows
tests' run started as soon as the Linux run knows its tests (conftest.py), so that the two run side by side. When
it is done, the slow Linux tests marked `beside` (our programs whole: the bundles, the installer, other
processors under qemu) run in a Linux pytest of their own on that side, so that both cores work to the end."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from subprocess import Popen

import psutil
import pytest

from installer.windows_python import PYTHON_ENV, WindowsPython, WindowsPythonError, windows_python
from installer.wine import WineMissing, WinePrefix, cache_root
from tests.conftest import TEST_TIMES_RUN
from tests.helpers.shader_cache import SHADER_CACHE
from tests.helpers.windows_side import WindowsSide

REPO = Path(__file__).resolve().parents[2]
WINDOWS_SUITE_TEST = "tests/windows/test_suite_on_windows.py::test_the_windows_tests_pass_on_windows_python"
BESIDE_TEST = "tests/windows/test_suite_on_windows.py::test_the_slow_tests_beside_pass"
# the tests marked `windows` (test_what_windows_runs.py says which must be); -rs lists each skip with its reason,
# so the log shows that none is unexplained; -rf each failure's node
WINDOWS_SUITE = ("tests", "-q", "-rfs", "-m", "windows")
# what the suite starts: Windows Python (the app, the CLI, helpers) and the backends
OUR_PROGRAMS = ("python.exe", "sd-cli.exe", "llama-server.exe")


def programs_left_running(prefix: WinePrefix, since: float) -> list[psutil.Process]:
    """Our Windows programs in this prefix started since `since` (epoch seconds) and still running."""
    left = []
    for process in psutil.process_iter(["cmdline", "create_time"]):
        try:
            line = " ".join(process.info["cmdline"] or []).lower()
            if (process.info["create_time"] >= since and any(name in line for name in OUR_PROGRAMS)
                    and process.environ().get("WINEPREFIX") == str(prefix.path)):
                left.append(process)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return left


@dataclass
class ReadOutput:
    """A child's output read on a thread as it comes, so that its pipe never fills; `text()` once it has ended."""

    process: Popen[str]
    lines: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None

    @classmethod
    def of(cls, process: Popen[str]) -> ReadOutput:
        output = cls(process)
        output.reader = threading.Thread(target=lambda: output.lines.extend(process.stdout or ()), daemon=True)
        output.reader.start()
        return output

    def text(self) -> str:
        """All it printed (a pipe an orphan still holds open is given up after 60 s, then closed)."""
        if self.reader is not None:
            self.reader.join(60)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return "".join(self.lines)


@dataclass
class WindowsPytest:
    """One run of Windows Python's pytest, read on a thread: a program a test leaves running holds the pipe open,
    so its end is no sign that pytest has ended; pytest's own exit is, and then any orphan is ended (and
    reported) to close the pipe."""

    windows: WindowsPython
    process: Popen[str]
    output: ReadOutput
    since: float = field(default_factory=time.time)
    started: float = field(default_factory=time.monotonic)

    @classmethod
    def start(cls, windows: WindowsPython, *arguments: str) -> WindowsPytest:
        since = time.time()
        # Mesa's shader cache is the Linux run's: sd-cli.exe's shaders are compiled once, by whichever runs first
        env = {**PYTHON_ENV, "POLARIS_TEST_SHADER_CACHE": SHADER_CACHE}
        process = windows.prefix.popen(windows.argv("-m", "pytest", *arguments), cwd=REPO, env=env)
        return cls(windows, process, ReadOutput.of(process), since)

    def finish(self) -> tuple[int, str, list[str]]:
        """Its exit status, its output and the programs it left running (ended here)."""
        status = self.process.wait()
        left = programs_left_running(self.windows.prefix, self.since)
        for orphan in left:
            orphan.kill()
        return status, self.output.text(), [" ".join(orphan.info["cmdline"]) for orphan in left]


def run_pytest(windows: WindowsPython, *arguments: str) -> tuple[int, str, list[str]]:
    return WindowsPytest.start(windows, *arguments).finish()


# pytest -q ends with "2 failed, 407 passed, ... in 422.32s", without the rule of = around it
SUMMARY = re.compile(r"^(?:=+ )?(?P<counts>.*\d+ (passed|failed|errors?|skipped).*) in (?P<seconds>[\d.]+)s",
                     re.MULTILINE)
# a node id may hold spaces (a parameter's id, "[a file]"); pytest puts " - " before the message
FAILED = re.compile(r"^FAILED (\S+::.*?)(?: - |$)", re.MULTILINE)
# Wine 8 itself fails now and then under the load of an 800-test run: CreateProcess answering "[WinError 1359]
# Internal error", a QProcess deleted under a finishing child, a timing test over its bound. (sd-cli.exe's last lines
# lost on their way, which read as "finished without writing an image", are no flake now: SdProcess finds the file.) A
# test that fails is run once more on its own; one that fails again fails the suite, more than this many failing
# at once is no flake, and each second chance is printed in CI's log. Measured in two whole warm runs beside the
# Linux tests (2026-11-27): 5 and 6 such failures, each of which passed when run again on its own.
MAX_SECOND_CHANCES = 8


@dataclass
class Outcome:
    """How a pytest run beside the Linux run ended: its exit status, its output, its summary line, the programs it
    left running (ended) and what is worth a line in CI's log (second chances)."""

    status: int
    output: str
    left: list[str]
    said: list[str] = field(default_factory=list)
    first: re.Match[str] | None = None  # the whole run's summary, when a second chance's run followed it

    @property
    def counts(self) -> re.Match[str] | None:
        """The summary of the run: the whole run's, not a second chance's."""
        return self.first or SUMMARY.search(self.output)


def windows_outcome(windows: WindowsPython, run: WindowsPytest) -> Outcome:
    """Wait for the Windows tests, give a few failures their second chance, and end every program left behind."""
    status, output, left = run.finish()
    failed = FAILED.findall(output)
    outcome = Outcome(status, output, left)
    if status != 0 and outcome.counts is not None and 0 < len(failed) <= MAX_SECOND_CHANCES:
        outcome.said.append(f"failed under Wine, run once more on their own: {', '.join(failed)}\n{output[-6000:]}")
        status, output, left_again = run_pytest(windows, *failed, "-q", "-rfs")
        again = SUMMARY.search(output)
        outcome = Outcome(status, output, left + left_again, outcome.said, outcome.counts)
        outcome.said.append(f"the second run: {again['counts'] if again else 'no summary'}")
    return outcome


@dataclass
class BesideRun:
    """The Linux tests marked `beside` in a pytest of their own, read on a thread."""

    node_ids: tuple[str, ...]
    process: Popen[str]
    output: ReadOutput

    @classmethod
    def start(cls, node_ids: tuple[str, ...], environment: dict[str, str]) -> BesideRun:
        # a session of its own: ending the run ends its builds and servers with it
        process = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-rfs", *node_ids], cwd=REPO,
                                   env={**environment, TEST_TIMES_RUN: "Linux, beside the Windows tests"},
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, errors="replace", start_new_session=True)
        return cls(node_ids, process, ReadOutput.of(process))

    def finish(self) -> Outcome:
        status = self.process.wait()
        return Outcome(status, self.output.text(), [])

    def end(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(30)


@dataclass
class EarlyWindowsSuite:
    """The Windows tests under Windows Python, started on a thread as soon as the Windows side is ready (it is
    made beside the Linux tests from the moment they are collected) and running beside the rest of them; once
    they are done (their programs ended), the Linux tests marked `beside` run there in a pytest of their own, on
    the core Wine used, while the Linux run goes on. Those of them that need no Wine (`beside_free`) start earlier
    when the Linux run's own tests end first (`lane_free()`): then the Windows tests still run, and a core is idle."""

    side: WindowsSide
    beside: tuple[str, ...] = ()
    beside_free: tuple[str, ...] = ()
    stack: ExitStack = field(default_factory=ExitStack)
    windows: WindowsPython | None = None
    run: WindowsPytest | None = None
    outcome: Outcome | None = None
    beside_runs: list[BesideRun] = field(default_factory=list)
    failed: str | None = None
    closing: bool = False
    ready: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    starting: threading.Lock = field(default_factory=threading.Lock)
    lane_is_free: bool = False  # the Linux run's own tests are done

    @classmethod
    def start(cls, side: WindowsSide, beside: tuple[str, ...], beside_free: tuple[str, ...] = ()
              ) -> EarlyWindowsSuite:
        early = cls(side, beside, beside_free)
        early.thread = threading.Thread(target=early._begin, name="early Windows suite", daemon=True)
        early.thread.start()
        return early

    def _begin(self) -> None:
        try:
            self.side.wait()
            if self.closing:
                return
            # the cache the Windows side used: os.environ is the running test's now
            self.windows = self.stack.enter_context(windows_python(cache_root(self.side.environment)))
            with self.starting:
                self.run = WindowsPytest.start(self.windows, *WINDOWS_SUITE)
                lane_is_free = self.lane_is_free
            if lane_is_free:
                self._start_beside(*self.beside_free)
            self.ready.set()
            self.outcome = windows_outcome(self.windows, self.run)
        except (RuntimeError, OSError, subprocess.SubprocessError, WineMissing, WindowsPythonError) as error:
            self.failed = str(error)
        finally:
            self.ready.set()
            # the tests that need Wine start only now: the Windows tests' end ended their programs in the shared
            # prefix (and those that need none, unless the Linux run's end started them already)
            self._start_beside(*self.beside, *self.beside_free)

    def _start_beside(self, *node_ids: str) -> None:
        with self.starting:
            started = {node_id for run in self.beside_runs for node_id in run.node_ids}
            waiting = tuple(node_id for node_id in node_ids if node_id not in started)
            if waiting and not self.closing:
                self.beside_runs.append(BesideRun.start(waiting, self.side.environment))

    def lane_free(self) -> None:
        """The Linux run's own tests are done: the tests beside that need no Wine start on the core they left, now
        if the Windows tests run, else as those start (once they are done, everything beside that is left starts)."""
        with self.starting:
            self.lane_is_free = True
            running = self.run is not None and self.thread is not None and self.thread.is_alive()
        # only once the Windows tests run (_begin starts them then): before, the Windows side is still being made,
        # and their pytest would make it too
        if running:
            self._start_beside(*self.beside_free)

    def started(self) -> WindowsPython:
        """Windows Python, once the Windows tests run on it; a reason in words when it could not be made."""
        self.ready.wait()
        if self.windows is None:
            pytest.fail(f"the Windows tests could not start: {self.failed}")
        return self.windows

    def windows_done(self) -> Outcome:
        """The Windows tests' outcome, once they are done."""
        assert self.thread is not None
        self.thread.join()
        if self.outcome is None:
            pytest.fail(f"the Windows tests could not run: {self.failed}")
        return self.outcome

    def beside_done(self) -> list[Outcome]:
        """The outcome of each pytest of the `beside` tests, once they are done."""
        assert self.thread is not None
        self.thread.join()
        assert self.beside_runs, "the tests beside never started: the run is closing"
        return [run.finish() for run in self.beside_runs]

    def close(self) -> None:
        """The Linux run ends: what still runs beside it (its judge was deselected or the run interrupted) is
        ended."""
        self.closing = True
        self.side.stop()
        if self.run is not None and self.run.process.poll() is None:
            self.run.process.kill()
            self.run.process.wait(30)
        if self.thread is not None:
            self.thread.join(60)
        for run in self.beside_runs:
            run.end()
        self.stack.close()


EARLY_RUN = pytest.StashKey[EarlyWindowsSuite]()
