"""The Windows side of child_process, run for real: the kill-on-close Job object and the console a child gets.

Each test starts a small parent Python (as the app runs its backend) that starts a child the app's way, and
looks at the child from outside with psutil (Wine's tasklist prints nothing).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

from tests.helpers.cli import REPO

pytestmark = [pytest.mark.windows,
              pytest.mark.skipif(sys.platform != "win32", reason="Windows-only API: Job objects, consoles")]

CREATE_NEW_CONSOLE = 0x00000010
DETACHED_PROCESS = 0x00000008
SLEEPER = "import time; time.sleep(120)"
# what a child reports: its console's window (0: a console with no window, or none)
CONSOLE_PROBE = "import ctypes; print(ctypes.windll.kernel32.GetConsoleWindow())"

# a parent that starts `child_argv` the way the app starts sd-cli.exe, says what it sees and waits to be killed
APP_PARENT = textwrap.dedent("""
    import ctypes, json, sys
    from PySide6.QtCore import QCoreApplication, QTimer
    from app.services.child_process import contained_process, start_contained

    child_argv, report, wait = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3] == "wait"
    app = QCoreApplication([])
    process = contained_process(app)

    def on_started():
        if wait:
            with open(report, "w", encoding="utf-8") as f:
                json.dump({"child": process.processId()}, f)

    def on_finished():
        out = bytes(process.readAllStandardOutput()).decode().strip()
        with open(report, "w", encoding="utf-8") as f:
            json.dump({"parent_window": ctypes.windll.kernel32.GetConsoleWindow(), "child_window": int(out)}, f)
        app.quit()

    process.started.connect(on_started)
    process.finished.connect(on_finished)
    QTimer.singleShot(0, lambda: start_contained(process, child_argv))
    app.exec()
""")
# the control: the same child started by plain CreateProcess, no Job object, default flags
PLAIN_PARENT = textwrap.dedent("""
    import ctypes, json, subprocess, sys, time
    child_argv, report, wait = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3] == "wait"
    child = subprocess.Popen(child_argv, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    if wait:
        with open(report, "w", encoding="utf-8") as f:
            json.dump({"child": child.pid}, f)
        time.sleep(120)
    with open(report, "w", encoding="utf-8") as f:
        json.dump({"parent_window": ctypes.windll.kernel32.GetConsoleWindow(),
                   "child_window": int(child.communicate()[0].decode().strip())}, f)
""")


def start_parent(tmp_path: Path, script: str, child_argv: list[str], wait: bool,
                 flags: int = 0) -> tuple[subprocess.Popen, Path]:
    (tmp_path / "parent.py").write_text(script, encoding="utf-8")
    report = tmp_path / "report.json"
    parent = subprocess.Popen([sys.executable, str(tmp_path / "parent.py"), json.dumps(child_argv), str(report),
                               "wait" if wait else "report"], cwd=REPO, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=(tmp_path / "parent.err").open("wb"),
                              env={**os.environ, "PYTHONPATH": str(REPO)}, creationflags=flags)
    return parent, report


def read_report(parent: subprocess.Popen, report: Path, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if report.is_file() and report.stat().st_size:
            return json.loads(report.read_text(encoding="utf-8"))
        if parent.poll() is not None and not report.is_file():
            pytest.fail(f"the parent ended ({parent.returncode}) without a report: "
                        + (report.parent / "parent.err").read_text(encoding="utf-8", errors="replace"))
        time.sleep(0.2)
    parent.kill()
    pytest.fail("no report from the parent")


def killed_parents_child(tmp_path: Path, script: str) -> psutil.Process:
    """Start `script` with a sleeping child, kill the parent with `taskkill /F` and return the child."""
    parent, report = start_parent(tmp_path, script, [sys.executable, "-c", SLEEPER], wait=True)
    child = psutil.Process(read_report(parent, report)["child"])
    assert child.is_running() and child.ppid() == parent.pid
    # taskkill /F is TerminateProcess: none of the app's own cleanup runs, as when Windows ends a hung app
    subprocess.run(["taskkill", "/F", "/PID", str(parent.pid)], check=True, capture_output=True)
    parent.wait(timeout=10)
    return child


def test_killing_the_app_ends_its_child_through_the_job_object(tmp_path: Path) -> None:
    child = killed_parents_child(tmp_path, APP_PARENT)
    gone, _alive = psutil.wait_procs([child], timeout=10)
    assert child in gone, f"the child {child.pid} outlived the killed app"


def test_without_the_job_object_the_child_outlives_its_parent(tmp_path: Path) -> None:
    # the control: it shows the test above can fail, that Windows (and Wine) does not end children by itself
    child = killed_parents_child(tmp_path, PLAIN_PARENT)
    try:
        _gone, alive = psutil.wait_procs([child], timeout=3)
        assert child in alive
    finally:
        child.kill()


def child_console(tmp_path: Path, script: str, parent_flags: int) -> dict:
    parent, report = start_parent(tmp_path, script, [sys.executable, "-c", CONSOLE_PROBE], wait=False,
                                  flags=parent_flags)
    result = read_report(parent, report)
    parent.wait(timeout=30)
    return result


def test_a_child_of_the_app_run_from_a_console_shares_it_and_opens_no_window(tmp_path: Path) -> None:
    # `python -m app` typed in a console: the backend writes into that console, no window of its own appears
    seen = child_console(tmp_path, APP_PARENT, CREATE_NEW_CONSOLE)
    assert seen["parent_window"] != 0
    assert seen["child_window"] == seen["parent_window"]


def test_a_child_of_the_windowed_app_gets_a_console_without_a_window(tmp_path: Path) -> None:
    # the windowed PolarisStudio.exe has no console: Qt then passes CREATE_NO_WINDOW to CreateProcess, and the
    # console sd-cli.exe gets has no window (0); without the flag Windows would flash a console window per run
    seen = child_console(tmp_path, APP_PARENT, DETACHED_PROCESS)
    assert seen == {"parent_window": 0, "child_window": 0}


def test_without_create_no_window_a_child_of_a_windowed_process_gets_a_console_window(tmp_path: Path) -> None:
    # the control for the test above: plain CreateProcess flags from a process with no console give the child a
    # console with a window (the flash the flag prevents), so a 0 there is the flag's doing
    seen = child_console(tmp_path, PLAIN_PARENT, DETACHED_PROCESS)
    assert seen["parent_window"] == 0 and seen["child_window"] != 0
