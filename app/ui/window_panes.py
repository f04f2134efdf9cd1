"""Containers that share out the window's height: the top as tall as it needs, the picture everything left."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QSplitter, QWidget


class FitToContents(QScrollArea):
    """A scroll area as tall as what it holds when there is room, scrolling only when there is not."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def setWidget(self, widget: QWidget) -> None:
        super().setWidget(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # what it holds grew or shrank (a picture to start from, a banner): ask the window's layout again
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        inner = self.widget()
        return inner.sizeHint() + QSize(0, 2 * self.frameWidth()) if inner else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        inner = self.widget()
        return QSize(inner.minimumSizeHint().width(), 80) if inner else super().minimumSizeHint()


class TakesTheRest(QSplitter):
    """The picture, the queue and the gallery: they ask for no more than their minimum height, so that on a short
    screen the top gets what it needs first; every pixel left over is theirs (the layout's stretch)."""

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.minimumSizeHint().height())
