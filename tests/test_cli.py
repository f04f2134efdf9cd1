"""The command line's own words (app/cli.py); its commands run as a user would in tests/integration."""

from __future__ import annotations

import pytest

from app.cli import EventPrinter
from app.core.generation.output import Progress


def test_progress_says_the_time_left_in_words_and_nothing_at_the_last_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    printer = EventPrinter(as_json=False)
    for step in (1, 3, 4):
        printer.progress(Progress(step, 4, 12.2))
    assert capsys.readouterr().err.splitlines() == ["step 1/4, 37 seconds left", "step 3/4, 12 seconds left",
                                                    "step 4/4"]
