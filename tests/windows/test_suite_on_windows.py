"""The tests of what Windows can break (marked `windows`: paths, processes and Job objects, files and locks, the
console's encoding, fonts and the window), run again by Windows CPython under Wine: every Windows code path for
real; tests of pure logic answer the same everywhere and run on Linux alone. It starts as soon as the Linux run
has collected its tests and runs beside them (conftest.py); this test judges it."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from installer.windows_python import WindowsPython
from tests.windows.early_suite import EARLY_RUN, WINDOWS_SUITE, WindowsPytest, run_pytest

# pytest -q ends with "2 failed, 407 passed, ... in 422.32s", without the rule of = around it
SUMMARY = re.compile(r"^(?:=+ )?(?P<counts>.*\d+ (passed|failed|errors?|skipped).*) in (?P<seconds>[\d.]+)s",
                     re.MULTILINE)
# Wine 8 itself fails now and then under the load of an 800-test run: CreateProcess answering "[WinError 1359]
# Internal error", a QProcess deleted under a finishing child, sd-cli.exe's last lines lost. A test that fails is
# run once more on its own; one that fails again fails the suite, more than this many failing at once is no
# flake, and each second chance is printed in CI's log.
MAX_SECOND_CHANCES = 3
FAILED = re.compile(r"^FAILED (\S+::\S+)", re.MULTILINE)


@pytest.mark.timeout(3600)
def test_the_windows_tests_pass_on_windows_python(windows: WindowsPython, say: Callable[[str], None],
                                                  pytestconfig: pytest.Config) -> None:
    early = pytestconfig.stash.get(EARLY_RUN, None)  # started beside the Linux tests (conftest.py)
    run = early.started()[1] if early is not None else WindowsPytest.start(windows, *WINDOWS_SUITE)
    started = run.started
    status, output, left = run.finish()
    counts = SUMMARY.search(output)
    # pytest's own time: this test runs when the Linux run reaches it, often long after Windows Python's ended
    say(f"Windows tests: {counts['counts'] if counts else 'no summary'} "
        f"in {float(counts['seconds']) if counts else time.monotonic() - started:.0f} s under Wine")
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
