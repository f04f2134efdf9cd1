"""The demo says once, on screen, that it is a demo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
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
    assert "demo model" in window.demo_note.text.text() and "noise" in window.demo_note.text.text()
    # it names the Models button as it reads, and says where it is: beside the picker, on the same row
    assert "“Get models…” beside the model picker" in window.demo_note.text.text()
    picker, button = window.panel.model_picker, window.models_button
    picker_box = QRect(picker.mapTo(window, QPoint(0, 0)), picker.size())
    button_box = QRect(button.mapTo(window, QPoint(0, 0)), button.size())
    assert 0 <= button_box.left() - picker_box.right() < 20
    assert button_box.top() < picker_box.center().y() < button_box.bottom()
    qtbot.mouseClick(window.demo_note.close_button, Qt.MouseButton.LeftButton)
    assert not window.demo_note.isVisible()
