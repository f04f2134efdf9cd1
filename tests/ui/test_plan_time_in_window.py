"""The window says how long a picture will take, before Generate: in the plan and on the status line."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.ui.main_window import MainWindow


def test_the_plan_says_how_long_on_this_card(qtbot: QtBot, window: MainWindow, sd_cli: Path, tiny_model) -> None:
    model, taesd = tiny_model
    window.panel.model.set_path(model)
    window.panel.taesd.set_path(taesd)
    qtbot.waitUntil(lambda: " a picture on the " in window.plan.summary.text(), timeout=20_000)
    card = window.generation.card
    assert card is not None
    # lavapipe here: the host's cores, estimated until a first picture is made on it
    assert f"a picture on the {card.name.split(' (')[0]}" in window.plan.label.text()
    assert "About " in window.plan.summary.text() and "estimated from the card's specifications" in \
        window.plan.summary.text()
