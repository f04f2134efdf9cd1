"""The whole test suite, run again by Windows CPython under Wine: every Windows code path for real."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from installer.windows_python import PYTHON_ENV, WindowsPython
from installer.wine import WinePrefix

REPO = Path(__file__).resolve().parents[2]
# pytest -q ends with "2 failed, 407 passed, ... in 422.32s", without the rule of = around it
SUMMARY = re.compile(r"^(?:=+ )?(?P<counts>.*\d+ (passed|failed|errors?|skipped).*) in (?P<seconds>[\d.]+)s",
                     re.MULTILINE)
# what the suite starts: Windows Python (the app, the CLI, helpers) and the backend
OUR_PROGRAMS = ("python.exe", "sd-cli.exe")


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


# Wine 8 itself fails now and then under the load of an 800-test run: CreateProcess answering "[WinError 1359]
# Internal error", a QProcess deleted under a finishing child, sd-cli.exe's last lines lost. A test that fails is
# run once more on its own; one that fails again fails the suite, more than this many failing at once is no
# flake, and each second chance is printed in CI's log.
MAX_SECOND_CHANCES = 3
FAILED = re.compile(r"^FAILED (\S+::\S+)", re.MULTILINE)


def run_pytest(windows: WindowsPython, *arguments: str) -> tuple[int, str, list[str]]:
    """Windows Python's pytest with these arguments: its exit status, its output and the programs it left running
    (ended here)."""
    since = time.time()
    process = windows.prefix.popen(windows.argv("-m", "pytest", *arguments), cwd=REPO, env=PYTHON_ENV)
    assert process.stdout is not None
    lines: list[str] = []
    # read on a thread: a program a test leaves running holds the pipe open, so its end is no sign that pytest
    # has ended; pytest's own exit is, and then any orphan is ended (and reported) to close the pipe
    reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)  # type: ignore[arg-type]
    reader.start()
    status = process.wait()
    left = programs_left_running(windows.prefix, since)
    for orphan in left:
        orphan.kill()
    reader.join(60)
    process.stdout.close()
    return status, "".join(lines), [" ".join(orphan.info["cmdline"]) for orphan in left]


@pytest.mark.timeout(3600)
def test_the_whole_suite_passes_on_windows_python(windows: WindowsPython, say: Callable[[str], None]) -> None:
    started = time.monotonic()
    # -rs lists each skip with its reason, so the log shows that none is unexplained; -rf each failure's node
    status, output, left = run_pytest(windows, "tests", "-q", "-rfs")
    counts = SUMMARY.search(output)
    say(f"Windows suite: {counts['counts'] if counts else 'no summary'} "
        f"in {time.monotonic() - started:.0f} s under Wine")
    say("\n".join(line for line in output.splitlines() if line.startswith("SKIPPED")))
    failed = FAILED.findall(output)
    if status != 0 and counts is not None and 0 < len(failed) <= MAX_SECOND_CHANCES:
        say(f"failed under Wine, run once more on their own: {', '.join(failed)}\n{output[-6000:]}")
        status, output, left_again = run_pytest(windows, *failed, "-q", "-rfs")
        left += left_again
        counts = SUMMARY.search(output)
        say(f"the second run: {counts['counts'] if counts else 'no summary'}")
    assert status == 0, output[-12000:]
    # "5 xfailed" is no failure: a count of failed or errors is
    assert counts is not None and not re.search(r"\b\d+ (failed|errors?)\b", counts["counts"]), counts
    # an app or backend a test left behind is an orphan on a user's PC too (and it slows every test after it)
    assert left == []
