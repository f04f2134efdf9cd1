"""The demo says once, on screen, that it is a demo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.services.studio import Studio
from app.ui.launch import load_demo
from app.ui.main_window import MainWindow


def test_the_demo_note_says_it_draws_noise_and_can_be_dismissed(qtbot: QtBot, out_dir: Path) -> None:
    window = MainWindow(Studio(out_dir))
    qtbot.addWidget(window)
    window.show()
    assert not window.demo_note.isVisible()
    load_demo(window.panel)
    window.show_demo_note()
    assert window.demo_note.isVisible()
    assert "demo model" in window.demo_note.text.text() and "random" in window.demo_note.text.text()
    qtbot.mouseClick(window.demo_note.close_button, Qt.MouseButton.LeftButton)
    assert not window.demo_note.isVisible()
