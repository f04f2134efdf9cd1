"""What the commands without the window share (app/services/commands.py); the commands themselves run as a user
would in tests/integration and tests/api."""

from __future__ import annotations

import argparse
import signal
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from app.services.commands import STOP_SIGNALS, add_studio_arguments, hear_stop_signals, open_studio

pytestmark = pytest.mark.windows


def test_every_stop_signal_reaches_the_command(qapp: QCoreApplication) -> None:
    before = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    heard: list[int] = []
    try:
        wake = hear_stop_signals(lambda signum, _frame: heard.append(signum))
        for signum in STOP_SIGNALS:
            signal.raise_signal(signum)
        wake.stop()
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
    assert heard == list(STOP_SIGNALS)


def test_the_studio_sends_pictures_to_out(qapp: QCoreApplication, tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_studio_arguments(parser)
    studio = open_studio(parser.parse_args(["--out", str(tmp_path / "made")]))
    try:
        assert studio.out_dir == tmp_path / "made"
    finally:
        studio.stop_now()
