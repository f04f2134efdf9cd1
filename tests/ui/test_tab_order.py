"""Tab walks the window top to bottom, as the README says: the column (what to draw, Generate, the queue, the
folds and what they open), then the picture, then the gallery; Generate is in the walk. Real Tab key presses on a
real window (offscreen), in the states a user meets."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.ui.main_window import MainWindow
from tests.helpers.window_tour import SIZES, settle, window_in


def walk(qtbot: QtBot, window: MainWindow) -> list[QWidget]:
    """Each widget Tab reaches from the model picker, once round the window."""
    window.activateWindow()
    window.panel.model_picker.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.panel.model_picker, timeout=5000)
    walked: list[QWidget] = []
    while (focused := QApplication.focusWidget()) not in walked and len(walked) < 300:
        assert focused is not None and window.isAncestorOf(focused)  # the walk stays in the window
        walked.append(focused)
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is walked[0]  # round the whole window, back to where it began
    return walked


def part_of(window: MainWindow, widget: QWidget) -> str:
    if window.main_splitter.widget(0).isAncestorOf(widget):
        return "column"
    if window.gallery is not None and window.gallery.isAncestorOf(widget):
        return "gallery"
    return "picture"


@pytest.mark.parametrize("state", ["queue of three", "advanced open", "details open", "everything open"])
def test_tab_walks_the_window_top_to_bottom_with_generate_in_it(qtbot: QtBot, tmp_path: Path, state: str) -> None:
    with window_in(state, SIZES["1366x768"], tmp_path) as window:
        settle()
        window.go.generate.setEnabled(True)  # a model chosen: Generate can be pressed
        walked = walk(qtbot, window)
        parts = [part_of(window, widget) for widget in walked]
        # one stretch each, in reading order: no jump back to the column from the picture or the gallery
        assert list(dict.fromkeys(parts)) == ["column", "picture", "gallery"], parts
        assert parts == sorted(parts, key=["column", "picture", "gallery"].index)
        assert window.go.generate in walked
        column = walked[:parts.count("column")]
        prompt, generate = column.index(window.panel.prompt), column.index(window.go.generate)
        assert column[0] is window.panel.model_picker and prompt < generate
        assert generate < column.index(window.advanced_toggle)  # Generate before the folds and what they open
        if window.advanced_toggle.isChecked():  # Advanced's fields are walked, after its button
            fields = [widget for widget in column if window.folds.advanced.isAncestorOf(widget)]
            assert fields and column.index(fields[0]) > column.index(window.advanced_toggle)
        assert walked[-1] in (window.language_button, window.folder_button)  # the gallery's last row
