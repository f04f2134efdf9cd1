"""The window as the installed Windows program runs it, with no console (no sys.stdout, no sys.stderr): ticked
"Let other apps use this PC" at one start, it opens again and serves at the next, and what it said is in its log.
(tests/windows/test_installer.py does the same with the installed windowed bundle under Wine.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from app.core.settings_schema import OTHER_APPS_ALLOWED, OTHER_APPS_PORT, OTHER_APPS_STARTING
from app.services.app_log import LOG_FILE_NAME
from app.services.settings import Settings
from app.services.user_dirs import keep_settings_in
from tests.helpers.cli import REPO, utf8_env
from tests.helpers.image_server import free_port

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="closes the console's file descriptors as a "
                                "Linux child; Windows runs the windowed bundle itself (tests/windows)")
# the child closes its stdout and stderr before Python starts: Python then sets sys.stdout and sys.stderr to None,
# as in PyInstaller's windowed build on Windows
WITHOUT_CONSOLE = "import os, sys; os.close(1); os.close(2); os.execv(sys.executable, sys.argv[1:])"


def answers(port: int, process: subprocess.Popen[bytes]) -> httpx.Response:
    """The samplers the window's server lists, once it answers (the window takes seconds to open)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the app ended with exit status {process.returncode}"
        try:
            return httpx.get(f"http://127.0.0.1:{port}/sdapi/v1/samplers", timeout=10)
        except httpx.TransportError:
            time.sleep(0.5)
    raise AssertionError("the window's server never answered")


def said(log: Path, line: str, times: int, process: subprocess.Popen[bytes]) -> None:
    """Wait until the app's log holds `line` `times` times."""
    deadline = time.monotonic() + 30
    while not (log.is_file() and log.read_text(encoding="utf-8").count(line) >= times):
        assert process.poll() is None, f"the app ended with exit status {process.returncode}"
        assert time.monotonic() < deadline, f"the app's log never said {line!r} {times} times"
        time.sleep(0.1)
    assert log.read_text(encoding="utf-8").count(line) == times


def open_window(base: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", WITHOUT_CONSOLE, sys.executable, "-m", "app", "--basedir",
                             str(base)], cwd=REPO, env=utf8_env(), stdin=subprocess.DEVNULL,
                            start_new_session=True)


def close(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGKILL)  # as the user's PC ending it: the next start must open regardless
    process.wait(30)


@pytest.mark.timeout(300)
def test_ticked_at_one_start_the_window_opens_and_serves_at_the_next(tmp_path: Path) -> None:
    base = tmp_path / "portable"
    port = free_port()
    keep_settings_in(base / "data" / "settings")  # where --basedir keeps them: as the switch left them
    Settings().set(OTHER_APPS_ALLOWED, True)
    Settings().set(OTHER_APPS_PORT, port)
    log = base / "data" / "logs" / LOG_FILE_NAME
    for count, start in enumerate(("first", "second"), 1):
        process = open_window(base)
        try:
            answer = answers(port, process)
            assert answer.status_code == 200 and "Euler a" in [sampler["name"] for sampler in answer.json()], start
            # the server answers from the moment it listens, a moment before the window notes that it started (the
            # flag cleared, then the log's line): ended in between, the next start would rightly open with the switch
            # off. The line says the start is over.
            said(log, f"other apps may draw here, on port {port}", count, process)
        finally:
            close(process)
        assert Settings().get(OTHER_APPS_ALLOWED) and not Settings().get(OTHER_APPS_STARTING)
