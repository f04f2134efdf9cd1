"""The tests of what Windows can break (marked `windows`: paths, processes and Job objects, files and locks, the
console's encoding, fonts and the window), run again by Windows CPython under Wine: every Windows code path for
real; tests of pure logic answer the same everywhere and run on Linux alone. It starts as soon as the Linux run
has collected its tests and runs beside them (conftest.py); this file's first test judges it. Then the slow tests
marked `beside` run there, in a Linux pytest of their own (early_suite.py; those that need no Wine start as soon as
the Linux run's own tests are done, when that comes first); the second test judges them."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from installer.windows_python import WindowsPython
from tests.windows.early_suite import EARLY_RUN, SUMMARY, WINDOWS_SUITE, Outcome, WindowsPytest, windows_outcome


def summed_up(outcome: Outcome, seconds: float) -> str:
    counts = outcome.counts
    # pytest's own time: this test runs when the Linux run reaches it, often long after the other run ended
    return f"{counts['counts'] if counts else 'no summary'} in {float(counts['seconds']) if counts else seconds:.0f} s"


def assert_green(outcome: Outcome) -> None:
    assert outcome.status == 0, outcome.output[-12000:]
    last = SUMMARY.search(outcome.output)  # a second chance's run, when one followed the whole run
    # "5 xfailed" is no failure: a count of failed or errors is
    assert last is not None and not re.search(r"\b\d+ (failed|errors?)\b", last["counts"]), last


@pytest.mark.timeout(3600)
def test_the_windows_tests_pass_on_windows_python(windows: WindowsPython, say: Callable[[str], None],
                                                  pytestconfig: pytest.Config) -> None:
    started = time.monotonic()
    early = pytestconfig.stash.get(EARLY_RUN, None)  # started beside the Linux tests (conftest.py)
    if early is not None:
        early.lane_free()  # the judges come last: the Linux run's own tests are done
    outcome = (early.windows_done() if early is not None
               else windows_outcome(windows, WindowsPytest.start(windows, *WINDOWS_SUITE)))
    say(f"Windows tests: {summed_up(outcome, time.monotonic() - started)} under Wine")
    say("\n".join(line for line in outcome.output.splitlines() if line.startswith("SKIPPED")))
    for line in outcome.said:
        say(line)
    assert_green(outcome)
    # an app or backend a test left behind is an orphan on a user's PC too (and it slows every test after it)
    assert outcome.left == []


@pytest.mark.timeout(3600)
def test_the_slow_tests_beside_pass(say: Callable[[str], None], pytestconfig: pytest.Config) -> None:
    early = pytestconfig.stash.get(EARLY_RUN, None)
    if early is None or not (early.beside or early.beside_free):
        pytest.skip("no test marked `beside` left this run: those collected ran in it")
    started = time.monotonic()
    outcomes = early.beside_done()
    for outcome in outcomes:
        say(f"the tests beside ({len(early.beside) + len(early.beside_free)}, in {len(outcomes)} runs): "
            f"{summed_up(outcome, time.monotonic() - started)}")
        say("\n".join(line for line in outcome.output.splitlines()
                      if line.startswith(("SKIPPED", "FAILED", "ERROR")) or "slowest" in line or line.startswith("[")))
    for outcome in outcomes:
        assert_green(outcome)
