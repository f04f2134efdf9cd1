"""A model file's box in Advanced: the file's name shown, its whole path behind it, and a button to browse."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFocusEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QStyle,
    QStyleOptionFrame,
    QToolButton,
    QWidget,
)

from app.core.words import translate

NAME_LETTERS = 16  # most of 'z_image_turbo-Q3_K.gguf', the rest elided in the middle


class PathEdit(QLineEdit):
    """A path box that shows the file's name while it is not being edited (a narrow pane would show only the
    path's last letters); the whole path is its text, its tooltip and what editing shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.textChanged.connect(lambda text: self.setToolTip(text))

    def minimumSizeHint(self) -> QSize:
        # room for a usual model file's name: in a narrow form, the box goes under its label rather than show
        # a few letters beside it
        hint = super().minimumSizeHint()
        return QSize(max(hint.width(), self.fontMetrics().horizontalAdvance("x" * NAME_LETTERS)), hint.height())

    def shown_text(self) -> str:
        """What the box shows now: the path while it has the focus, else the file's name."""
        text = self.text()
        return text if self.hasFocus() else Path(text).name or text

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.hasFocus() or not self.text():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        option = QStyleOptionFrame()
        self.initStyleOption(option)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelLineEdit, option, painter, self)
        area = self.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, self)
        area = area.adjusted(2, 0, -2, 0)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        shown = self.fontMetrics().elidedText(self.shown_text(), Qt.TextElideMode.ElideMiddle, area.width())
        painter.drawText(area, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), shown)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()  # the whole path, to edit

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.setCursorPosition(0)
        self.update()


class FileField(QWidget):
    """A path box with a button that browses for the file."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = title
        self.line_edit = PathEdit(self)
        self.line_edit.setPlaceholderText(translate("FileField", "none"))
        self.line_edit.setAccessibleName(title)
        # a small button: the pane is narrow, and the file's name is what needs the room
        self.browse = QToolButton(self)
        self.browse.setText("…")
        browse_words = translate("FileField", "Browse for: {file}").format(file=title)
        self.browse.setAccessibleName(browse_words)
        self.browse.setToolTip(browse_words)
        self.browse.clicked.connect(self._on_browse_clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line_edit, 1)
        layout.addWidget(self.browse)

    def path(self) -> Path | None:
        text = self.line_edit.text().strip()
        return Path(text) if text else None

    def set_path(self, path: Path | None) -> None:
        self.line_edit.setText(str(path) if path else "")

    def _on_browse_clicked(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, self._title, self.line_edit.text(),
            translate("FileField", "Models (*.gguf *.safetensors *.ckpt);;All files (*)"))
        if chosen:
            self.line_edit.setText(chosen)
