"""The whole test suite, run again by Windows CPython under Wine: every Windows code path for real."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from installer.windows_python import PYTHON_ENV, WindowsPython

REPO = Path(__file__).resolve().parents[2]
SUMMARY = re.compile(r"^=+ (?P<counts>.*\d+ (passed|failed|errors?|skipped).*) in (?P<seconds>[\d.]+)s", re.MULTILINE)


@pytest.mark.timeout(3600)
def test_the_whole_suite_passes_on_windows_python(windows: WindowsPython, say: Callable[[str], None]) -> None:
    started = time.monotonic()
    # -rs lists each skip with its reason, so the log shows that none is unexplained
    process = windows.prefix.popen(windows.argv("-m", "pytest", "tests", "-q", "-rs"),
                                   cwd=REPO, env=PYTHON_ENV)
    assert process.stdout is not None
    output = process.stdout.read()
    status = process.wait()
    counts = SUMMARY.search(output)
    say(f"Windows suite: {counts['counts'] if counts else 'no summary'} "
          f"in {time.monotonic() - started:.0f} s under Wine")
    assert status == 0, output[-12000:]
    assert counts is not None and "failed" not in counts["counts"] and "error" not in counts["counts"]
