"""The two folds of the window's column: Advanced (the expert's settings and the memory plan) over Details (the
memory gauge, the switch that lets other apps draw here, and the backend's log). Each opens in the column's lower
part and scrolls within itself, so that on a short screen the column's Generate and queue keep their room and the
picture beside them keeps its own."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QScrollArea, QSplitter, QVBoxLayout, QWidget

from app.core.words import translate

FOLD_MIN_LINES = 2  # an open fold never shrinks below two lines of text: it shows it is there and scrolls


def fold_arrow(open_: bool) -> Qt.ArrowType:
    """The arrow of a toggle that shows a part under it: pointing down while the part shows."""
    return Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow


def _scrolling(parts: list[QWidget], margin: int, parent: QWidget, room_under: bool = False) -> QScrollArea:
    """`parts` one under the other (and the room left under them, if asked) in a pane that scrolls up and down,
    never sideways."""
    pane = QScrollArea(parent)
    pane.setWidgetResizable(True)
    pane.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    inner = QWidget(pane)
    layout = QVBoxLayout(inner)
    layout.setContentsMargins(margin, margin, margin, margin)
    for part in parts:
        layout.addWidget(part)
    if room_under:
        layout.addStretch(1)
    pane.setWidget(inner)
    # its own rows never set the window's height: a short screen (1366x768 under a taskbar, with both folds and
    # the first start's banners open) keeps the whole window on it, and the pane scrolls
    pane.setMinimumHeight(FOLD_MIN_LINES * pane.fontMetrics().lineSpacing() + 2 * pane.frameWidth())
    return pane


class Folds(QSplitter):
    """Advanced over Details; the window's toggles show and hide them (`WindowLayout` remembers which)."""

    def __init__(self, settings: QWidget, plan: QWidget, gauge: QWidget, other_apps: QWidget,
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("folds_splitter")
        self.setChildrenCollapsible(False)
        self.log = QPlainTextEdit(self)
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.log.setPlaceholderText(translate("Folds", "The drawing program's log"))
        self.log.setAccessibleName(translate("Folds", "The drawing program's log"))
        self.log.setMinimumHeight(40)
        self.advanced = _scrolling([settings, plan], 4, self, room_under=True)
        self.advanced.setAccessibleName(translate("Folds", "Advanced settings"))
        self.details = _scrolling([gauge, other_apps, self.log], 0, self)
        self.details.setFrameShape(QFrame.Shape.NoFrame)
        self.addWidget(self.advanced)
        self.addWidget(self.details)
