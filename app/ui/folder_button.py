"""Output folder…: where finished pictures go, chosen in the window; a folder that cannot take them is refused
at once, not at the next Generate."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFileDialog, QPushButton, QWidget

from app.core.gallery.image_store import FolderProblem, check_folder, picture_bytes
from app.core.words import translate
from app.services.draft import Draft
from app.services.studio import Studio


class FolderButton(QPushButton):
    """`said(str)`: what the choice came to, for the status line; `moved(Path)` once pictures go there."""

    said = Signal(str)
    moved = Signal(object)  # Path

    def __init__(self, studio: Studio, draft: Draft, parent: QWidget | None = None) -> None:
        super().__init__(translate("MainWindow", "Output &folder…"), parent)
        self.studio, self._draft = studio, draft
        self.setToolTip(str(studio.out_dir))
        self.clicked.connect(self._on_clicked)

    def _on_clicked(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, translate("MainWindow", "Where finished images go"),
                                                  str(self.studio.out_dir))
        if not chosen:
            return
        try:  # a read-only or full folder is refused now, not at the next Generate
            check_folder(Path(chosen), picture_bytes(self._draft.request.width, self._draft.request.height))
        except FolderProblem as problem:
            self.said.emit(str(problem))
            return
        self.set_output_folder(Path(chosen))

    def set_output_folder(self, folder: Path) -> None:
        """Send the next images to `folder`, remember it, and say so."""
        self.studio.set_output_folder(folder)
        self.setToolTip(str(folder))
        self.moved.emit(folder)
        self.said.emit(translate("MainWindow", "New images go to {folder}").format(folder=folder))
