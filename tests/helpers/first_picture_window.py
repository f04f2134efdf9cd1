"""A window whose sd-cli is the stand-in (tests/helpers/standin.py, its case set by the test), about to draw this
processor's first picture: the tiny model set, 128 px, two steps, and its plan made with the first picture's
words."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.generation.aspect import Aspect
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.ui.main_window import MainWindow

FIRST_ON_THE_PROCESSOR = ("for this first picture on this computer's processor: it includes a one-time set-up "
                          "(preparing the processor's code for drawing); later pictures take less.")


def first_picture_window(qtbot: QtBot, out_dir: Path, standin: Path, tiny_model: tuple[Path, Path]) -> MainWindow:
    window = MainWindow(Studio(out_dir, Machine(standin)))
    qtbot.addWidget(window)
    window.show()
    model, taesd = tiny_model
    panel = window.panel
    qtbot.mouseClick(panel.aspect_buttons[Aspect.CUSTOM], Qt.MouseButton.LeftButton)
    qtbot.keyClicks(panel.prompt, "a lighthouse")
    panel.model.set_path(model)
    panel.taesd.set_path(taesd)
    for box, value in ((panel.width_box, 128), (panel.height_box, 128), (panel.steps, 2)):
        box.setValue(value)
    qtbot.waitUntil(lambda: FIRST_ON_THE_PROCESSOR in window.plan.summary.text(), timeout=60_000)
    return window
