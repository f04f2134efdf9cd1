"""Does every visible text fit? The walk over a window's widgets that the clipping tests share, and a child
program that runs it in a process of its own (Qt reads QT_SCALE_FACTOR once, at its start):

    QT_SCALE_FACTOR=1.5 python -m tests.helpers.clipping   (prints {"shown": N, "problems": {...}} as JSON)
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QScrollArea,
    QWidget,
)


def clipped(widget: QWidget) -> str | None:
    """Why `widget`'s text does not fit, or None."""
    metrics = QFontMetrics(widget.font())
    if isinstance(widget, QLabel):
        text = widget.text()
        if not text or (widget.pixmap() is not None and not widget.pixmap().isNull()):
            return None
        room = widget.contentsRect().width() - 2 * widget.margin() - 2 * widget.indent()
        if widget.wordWrap():
            needed = widget.heightForWidth(widget.width())
            return f"{needed} px tall in {widget.height()}" if needed > widget.height() else None
        needed = metrics.horizontalAdvance(text.replace("&", ""))
        return f"{needed} px wide in {room}" if needed > room else None
    if isinstance(widget, QAbstractButton) and widget.text():
        # what the button's style asks for its text is what it must be given
        needed = widget.sizeHint().width()
        return f"{needed} px wide in {widget.width()}" if needed > widget.width() else None
    return None


def cut_off_by_a_pane(widget: QWidget) -> str | None:
    """A widget running past the right edge of a pane that never scrolls sideways (the Advanced panel)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea) and parent.viewport().isAncestorOf(widget) and \
                parent.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            viewport = parent.viewport()
            right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
            return f"ends at {right} px in a pane {viewport.width()} px wide" if right > viewport.width() else None
        parent = parent.parentWidget()
    return None


def problems_in(window: QWidget) -> tuple[int, dict[str, str]]:
    """How many widgets show, and each clipped text or unnamed input among them."""
    problems = {}
    shown = 0
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window) or widget.window() is not window:
            continue
        shown += 1
        why = clipped(widget) or cut_off_by_a_pane(widget)
        if why:
            problems[f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r}"] = why
        if (isinstance(widget, QLineEdit | QPlainTextEdit | QComboBox | QAbstractSpinBox | QListView)
                and not widget.accessibleName() and not isinstance(widget.parent(), QAbstractSpinBox | QComboBox)):
            problems[f"{type(widget).__name__} {widget.objectName()}"] = "no accessible name"
    return shown, problems


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.services.user_dirs import keep_settings_in
    from app.ui.theme import high_dpi_before_the_app_starts
    from tests.helpers.window_tour import STATES, open_window

    high_dpi_before_the_app_starts()
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        keep_settings_in(Path(folder) / "settings")
        window = open_window(Path(folder))
        STATES["everything open"](window, Path(folder))
        # the whole screen, in logical pixels: 1280x720 at 150 % of 1920x1080; sized here as a window manager
        # would (Xvfb has none), so only the window's own minimum could make it larger
        window.resize(window.screen().availableGeometry().size())
        window.showMaximized()
        QTimer.singleShot(1500, app.quit)
        app.exec()
        shown, problems = problems_in(window)
        screen = window.screen()
        print(json.dumps({"shown": shown, "problems": problems, "scale": screen.devicePixelRatio(),
                          "window": [window.width(), window.height()],
                          "screen": [screen.availableGeometry().width(), screen.availableGeometry().height()]}))
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
