"""A tool button whose words are cut to its width with an ellipsis, the whole of them in its tooltip: a line
that grows with what it counts (the queue's summary) never widens the column it sits in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QToolButton, QWidget


class ElidedToolButton(QToolButton):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._words = ""
        # the column's width decides, not the words' (Ignored: no minimum from them either)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def words(self) -> str:
        """All of the words, whatever part of them shows."""
        return self._words

    def set_words(self, words: str) -> None:
        self._words = words
        self._show()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show()

    def _show(self) -> None:
        metrics = self.fontMetrics()
        self.setText(self._words)
        around = self.sizeHint().width() - metrics.horizontalAdvance(self._words)  # the arrow, margins, spacing
        shown = metrics.elidedText(self._words, Qt.TextElideMode.ElideRight, max(self.width() - around, 0))
        self.setText(shown)
        self.setToolTip(self._words if shown != self._words else "")
