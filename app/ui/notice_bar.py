"""A strip across the top of the window that says one thing (the check's verdict, the demo model), with an
optional action button and a close button; it never blocks the window as a dialog would."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QToolButton, QWidget

from app.core.words import translate
from app.ui.icons import put_icons

# tints that read on light and dark palettes alike: a translucent wash over the window colour
_TINTS = {"info": QColor(64, 128, 255, 48), "good": QColor(40, 170, 80, 48), "warn": QColor(230, 160, 0, 64),
          "bad": QColor(220, 50, 50, 64)}


class NoticeBar(QFrame):
    """One dismissable message; `action_clicked` fires when its button (if any) is pressed."""

    action_clicked = Signal()
    dismissed = Signal()

    def __init__(self, name: str, title: str, parent: QWidget | None = None) -> None:
        """`name`: the object's name (its style sheet's); `title`: what it is, in the user's words."""
        super().__init__(parent)
        self.setObjectName(name)
        self._tint = _TINTS["info"]
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(title)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.action = QPushButton(self)
        self.action.hide()
        self.close_button = QToolButton(self)
        self.close_button.setText("✕")
        self.close_button.setToolTip(translate("NoticeBar", "Hide this message"))
        self.close_button.setAccessibleName(translate("NoticeBar", "Hide this message"))
        self.close_button.setAutoRaise(True)
        put_icons(((self.close_button, "close"),))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 1, 2, 1)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.action)
        layout.addWidget(self.close_button)
        self.action.clicked.connect(self.action_clicked)
        self.close_button.clicked.connect(self._on_close_clicked)
        self.hide()

    def say(self, text: str, tone: str = "info", action: str = "") -> None:
        self.text.setText(text)
        self._tint = _TINTS[tone]
        self.update()
        self.action.setText(action)
        self.action.setAccessibleName(action.replace("&", "").rstrip("…"))
        self.action.setVisible(bool(action))
        self.show()

    def _on_close_clicked(self) -> None:
        self.hide()
        self.dismissed.emit()

    def paintEvent(self, event: QPaintEvent) -> None:
        # painted rather than set by a style sheet: a style sheet would keep the action button in the palette of
        # the moment it was set (a light button on a dark window once the system turns dark), and would draw the
        # native Windows styles' buttons in its own way
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._tint)
        painter.drawRoundedRect(QRectF(self.rect()), 4, 4)
        painter.end()
        super().paintEvent(event)
