"""The window says how long a picture will take, before Generate: in the plan and on the status line."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.ui.main_window import MainWindow


def test_the_plan_says_how_long_on_this_card(qtbot: QtBot, window: MainWindow, sd_cli: Path, tiny_model) -> None:
    model, taesd = tiny_model
    window.panel.model.set_path(model)
    window.panel.taesd.set_path(taesd)
    qtbot.waitUntil(lambda: " a picture on " in window.plan.summary.text(), timeout=20_000)
    card = window.studio.generation.card
    assert card is not None and card.is_cpu
    # lavapipe here: the host's cores, estimated until a first picture is made on it; no "llvmpipe" said
    assert "a picture on this computer's processor (mostly " in window.plan.label.text()
    assert "About " in window.plan.summary.text() and "an estimate until a first picture is made." in \
        window.plan.summary.text()
    assert "llvmpipe" not in window.plan.summary.text() and "llvmpipe" not in window.plan.label.text()
