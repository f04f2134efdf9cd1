"""A model file's path with a Browse button (one for each slot under Advanced)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLineEdit, QPushButton, QWidget

from app.core.words import translate


class FileField(QWidget):
    """A path box with a Browse button."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = title
        self.line_edit = QLineEdit(self)
        self.line_edit.setPlaceholderText(translate("FileField", "none"))
        self.line_edit.setAccessibleName(title)
        browse = QPushButton(translate("FileField", "Browse…"), self)
        browse.setAccessibleName(translate("FileField", "Browse for: {file}").format(file=title))
        browse.clicked.connect(self._on_browse_clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line_edit, 1)
        layout.addWidget(browse)

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
