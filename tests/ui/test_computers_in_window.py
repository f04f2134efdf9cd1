"""Add a computer… from the queue strip: an address where nothing answers is refused in words and nothing is
added; the real sd-server is added as a ticked card beside this computer's, and removed from the same menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.settings_schema import REMOTE_COMPUTERS
from app.services.settings import Settings
from app.services.studio import Studio
from app.ui.computer_dialog import AddComputerDialog
from app.ui.queue_strip import QueueStrip
from tests.helpers.image_server import free_port, sd_server


def open_dialog(qtbot: QtBot, strip: QueueStrip) -> AddComputerDialog:
    strip.add_computer_action.trigger()
    dialog = strip.computer_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return dialog


def test_an_address_where_nothing_answers_is_refused_in_words_and_not_added(qtbot: QtBot, out_dir: Path) -> None:
    studio = Studio(out_dir)
    strip = QueueStrip(studio)
    qtbot.addWidget(strip)
    dialog = open_dialog(qtbot, strip)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.message.text() == "Type the other computer's address, such as http://192.168.0.12:7860"
    port = free_port()
    qtbot.keyClicks(dialog.address, f"127.0.0.1:{port}")
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "cannot be added" in dialog.message.text(), timeout=30_000)
    assert dialog.message.text() == (f"http://127.0.0.1:{port} cannot be added: nothing answers at that address (is "
                                     "the image server running there, on that port?).")
    assert dialog.isVisible() and dialog.add_button.isEnabled()
    assert studio.queue.computers == [] and len(studio.queue.cards) == 1


def test_a_computer_that_answers_is_added_ticked_kept_and_removed(qtbot: QtBot, sd_cli: Path, tiny_model,
                                                                   out_dir: Path) -> None:
    settings = Settings()
    studio = Studio(out_dir, settings=settings, remember_computers=True)
    strip = QueueStrip(studio)
    qtbot.addWidget(strip)
    assert strip.isHidden()  # no job and no computer: nothing to show yet
    with sd_server(*tiny_model) as server:
        dialog = open_dialog(qtbot, strip)
        qtbot.keyClicks(dialog.address, server.address)
        with qtbot.waitSignal(dialog.accepted, timeout=30_000):
            qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert [c.address for c in studio.queue.computers] == [server.address]
    assert [c.address for c in settings.get(REMOTE_COMPUTERS)] == [server.address]
    assert not strip.isHidden()  # a computer to tick, or to remove
    assert sorted(strip.card_boxes) == sorted(["the graphics card", server.name])
    assert strip.card_boxes[server.name].isChecked()
    strip.computers_menu.aboutToShow.emit()
    removes = [a for a in strip.computers_menu.actions() if a is not strip.add_computer_action]
    assert [a.text() for a in removes] == [f"Remove {server.name}"]
    removes[0].trigger()
    assert studio.queue.computers == [] and settings.get(REMOTE_COMPUTERS) == []
    assert strip.card_boxes == {}
