"""The big Generate button, and what takes its place while jobs run."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from app.core.words import translate
from app.ui.icons import put_icons


class GenerateButtons(QWidget):
    """One big Generate; while jobs run, an as big Cancel in its place, and Add to queue under it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.generate = QPushButton(translate("GenerateButtons", "&Generate"), self)
        self.generate.setToolTip(translate("GenerateButtons", "Draw the picture (Ctrl+Enter)"))
        self.cancel = QPushButton(translate("GenerateButtons", "Cancel"), self)
        self.cancel.setToolTip(translate("GenerateButtons", "Stop drawing (Esc)"))
        self.cancel.setEnabled(False)
        self.cancel.hide()
        self.add = QPushButton(translate("GenerateButtons", "Add to &queue"), self)
        self.add.setToolTip(translate("GenerateButtons",
                                      "Queue these settings too; they run after the jobs before them"))
        self.add.hide()
        big = QFont(self.generate.font())
        big.setPointSizeF(big.pointSizeF() * 1.3)
        big.setBold(True)
        for button in (self.generate, self.cancel):
            button.setFont(big)
            button.setMinimumHeight(48)
        self.generate.setDefault(True)
        put_icons(((self.generate, "generate"), (self.cancel, "cancel"), (self.add, "add_to_queue")))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.generate, 1)
        layout.addWidget(self.cancel, 1)
        layout.addWidget(self.add)

    def show_busy(self, focus: bool = True) -> None:
        """Cancel in Generate's place; `focus` moves the keyboard there (not for a job the user did not start
        here and now: Run queue's, another app's)."""
        self.generate.setEnabled(False)
        self.cancel.setEnabled(True)
        self.generate.hide()
        self.cancel.show()
        if focus:
            self.cancel.setFocus()
        self.add.show()

    def show_idle(self) -> None:
        self.generate.setEnabled(True)
        self.cancel.setEnabled(False)
        self.cancel.hide()
        self.add.hide()
        self.generate.show()
