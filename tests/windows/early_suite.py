"""Windows Python's pytest as a child of the Linux test run: started, then judged when it ends; and the Windows
tests' run started as soon as the Linux run knows its tests (conftest.py), so that the two run side by side."""

from __future__ import annotations

import subprocess
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
from tests.helpers.shader_cache import SHADER_CACHE
from tests.helpers.windows_side import WindowsSide

REPO = Path(__file__).resolve().parents[2]
WINDOWS_SUITE_TEST = "tests/windows/test_suite_on_windows.py::test_the_windows_tests_pass_on_windows_python"
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
class WindowsPytest:
    """One run of Windows Python's pytest, read on a thread: a program a test leaves running holds the pipe open,
    so its end is no sign that pytest has ended; pytest's own exit is, and then any orphan is ended (and
    reported) to close the pipe."""

    windows: WindowsPython
    process: Popen[str]
    since: float = field(default_factory=time.time)
    started: float = field(default_factory=time.monotonic)
    lines: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None

    @classmethod
    def start(cls, windows: WindowsPython, *arguments: str) -> WindowsPytest:
        since = time.time()
        # Mesa's shader cache is the Linux run's: sd-cli.exe's shaders are compiled once, by whichever runs first
        env = {**PYTHON_ENV, "POLARIS_TEST_SHADER_CACHE": SHADER_CACHE}
        run = cls(windows, windows.prefix.popen(windows.argv("-m", "pytest", *arguments), cwd=REPO, env=env), since)
        run.reader = threading.Thread(target=lambda: run.lines.extend(run.process.stdout or ()), daemon=True)
        run.reader.start()
        return run

    def finish(self) -> tuple[int, str, list[str]]:
        """Its exit status, its output and the programs it left running (ended here)."""
        status = self.process.wait()
        left = programs_left_running(self.windows.prefix, self.since)
        for orphan in left:
            orphan.kill()
        if self.reader is not None:
            self.reader.join(60)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return status, "".join(self.lines), [" ".join(orphan.info["cmdline"]) for orphan in left]


def run_pytest(windows: WindowsPython, *arguments: str) -> tuple[int, str, list[str]]:
    return WindowsPytest.start(windows, *arguments).finish()


@dataclass
class EarlyWindowsSuite:
    """The Windows tests under Windows Python, started on a thread as soon as the Windows side is ready (it is
    made beside the Linux tests from the moment they are collected) and running beside the rest of them."""

    side: WindowsSide
    stack: ExitStack = field(default_factory=ExitStack)
    windows: WindowsPython | None = None
    run: WindowsPytest | None = None
    failed: str | None = None
    closing: bool = False
    thread: threading.Thread | None = None

    @classmethod
    def start(cls, side: WindowsSide) -> EarlyWindowsSuite:
        early = cls(side)
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
            self.run = WindowsPytest.start(self.windows, *WINDOWS_SUITE)
        except (RuntimeError, OSError, subprocess.SubprocessError, WineMissing, WindowsPythonError) as error:
            self.failed = str(error)

    def started(self) -> tuple[WindowsPython, WindowsPytest]:
        """Windows Python and its pytest run, once started; a reason in words when they could not be."""
        assert self.thread is not None
        self.thread.join()
        if self.windows is None or self.run is None:
            pytest.fail(f"the Windows tests could not start: {self.failed}")
        return self.windows, self.run

    def close(self) -> None:
        """The Linux run ends: a suite still running (its test was deselected or the run interrupted) is ended."""
        self.closing = True
        self.side.stop()
        if self.thread is not None:
            self.thread.join(60)
        if self.run is not None and self.run.process.poll() is None:
            self.run.process.kill()
            self.run.process.wait(30)
        self.stack.close()


EARLY_RUN = pytest.StashKey[EarlyWindowsSuite]()
