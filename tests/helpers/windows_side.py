"""The Windows side of the tests, made while the Linux tests run: the cross-built Windows programs (sd-cli.exe,
llama-server.exe, vulkaninfo.exe) and Windows Python with our dependencies under Wine.

Only a few tests need them (the Windows build's checks, the installer, the Windows tests under Windows Python), and
they run last (tests/conftest.py moves them to the end): started as soon as pytest knows its tests, the ~20 minutes a
new machine needs for them run beside the Linux tests instead of before them, on every core at a lower priority
(nice 10): the Linux tests keep the processor whenever they want it, and the builds take what they leave. Both steps
are cached (~/.cache/polaris-studio/): on a warm machine they take seconds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def steps(jobs: int, beside_tests: bool) -> tuple[tuple[str, ...], ...]:
    politely = ("nice", "-n", "10") if beside_tests else ()
    return ((*politely, sys.executable, "-m", "backend_bin.build", "--windows", "--cpu-variants", "tests", "--jobs",
             str(jobs)),
            (*politely, sys.executable, "-m", "installer.windows_python"))


@dataclass
class WindowsSide:
    """The steps, run at once on a thread (the builds and Windows Python need nothing of each other, and Windows
    Python's step mostly waits on downloads and Wine); `wait()` returns when they are done, or says why not."""

    jobs: int
    beside_tests: bool
    log: Path = field(default_factory=lambda: Path(tempfile.mkstemp(prefix="windows-side-", suffix=".log")[1]))
    started: float = field(default_factory=time.monotonic)
    seconds: float | None = None
    failed: str | None = None
    thread: threading.Thread | None = None
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    stopping: bool = False
    # the environment when the tests were collected: the steps start while tests run and monkeypatch os.environ
    environment: dict[str, str] = field(default_factory=lambda: dict(os.environ))

    @classmethod
    def start(cls, jobs: int, beside_tests: bool) -> WindowsSide:
        side = cls(jobs, beside_tests)
        side.thread = threading.Thread(target=side._run, name="windows side", daemon=True)
        side.thread.start()
        return side

    def _run(self) -> None:
        started = []
        for number, argv in enumerate(steps(self.jobs, self.beside_tests)):
            log = self.log.with_name(f"{self.log.stem}-{number}.log")
            with log.open("w", encoding="utf-8") as out:
                out.write(f"$ {' '.join(argv)}\n")
                out.flush()
                # a session of its own: stop() ends the build's compilers with it
                self.processes.append(subprocess.Popen(argv, cwd=REPO, env=self.environment, stdin=subprocess.DEVNULL,
                                                       stdout=out, stderr=subprocess.STDOUT, start_new_session=True))
            started.append((argv, log))
        for (argv, _), process in zip(started, self.processes, strict=True):
            status = process.wait()
            if (status != 0 or self.stopping) and self.failed is None:
                self.failed = f"{' '.join(argv[argv.index('-m') + 1:])} ended with exit status {status}"
        # one log, a step after the other
        self.log.write_text("".join(log.read_text(encoding="utf-8", errors="replace") for _, log in started),
                            encoding="utf-8")
        for _, log in started:
            log.unlink()
        self.seconds = time.monotonic() - self.started

    def stop(self) -> None:
        """The test run ends before the side is done (interrupted, or its tests deselected): no build outlives it."""
        self.stopping = True
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
        if self.thread is not None:
            self.thread.join(60)

    def wait(self) -> None:
        """Block until the steps are done; a failed step raises, with the end of what it printed."""
        assert self.thread is not None
        self.thread.join()
        if self.failed:
            raise RuntimeError(f"the Windows side could not be made: {self.failed} (log: {self.log})\n"
                               + self.log.read_text(encoding="utf-8", errors="replace")[-6000:])

    def summary(self) -> list[str]:
        """What each build and Windows Python took (their own lines), and the whole."""
        lines = [line for line in self.log.read_text(encoding="utf-8", errors="replace").splitlines()
                 if "] built " in line or "] ready in " in line or "cache is warm" in line]
        return [*lines, f"the Windows side was ready {self.seconds or 0:.0f} s after the tests started"]


WINDOWS_SIDE = pytest.StashKey[WindowsSide]()


def start_windows_side(session: pytest.Session) -> WindowsSide | None:
    """Start the Windows side when a collected test needs it (once per run; on Linux, not for --collect-only), on
    every core: below the Linux tests' priority when they run beside it."""
    config = session.config
    if WINDOWS_SIDE in config.stash:
        return config.stash[WINDOWS_SIDE]
    needing = sum("windows_side" in getattr(item, "fixturenames", ()) for item in session.items)
    if sys.platform == "win32" or config.option.collectonly or not needing:
        return None
    alone = needing == len(session.items)
    side = config.stash[WINDOWS_SIDE] = WindowsSide.start(jobs=os.cpu_count() or 2, beside_tests=not alone)
    return side
