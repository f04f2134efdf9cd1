"""Pick a LoRA from the LoRA folder and put `<lora:name:weight>` into the prompt; show which LoRAs it uses."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QWidget

from app.core.generation.lora import lora_files, lora_tag, loras_in
from app.core.words import translate


class LoraPicker(QWidget):
    """A row under the prompt: the LoRAs in the folder, a weight, Insert; and "Uses: ..." for the prompt."""

    def __init__(self, prompt: QPlainTextEdit, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._prompt = prompt
        self.folder = folder
        self.names = QComboBox(self)
        self.names.setAccessibleName("LoRA")
        self.names.setToolTip(translate("LoraPicker", "LoRA files (.safetensors, .gguf) in {folder}")
                              .format(folder=folder))
        self.weight = QDoubleSpinBox(self)
        self.weight.setRange(-4, 4)
        self.weight.setSingleStep(0.1)
        self.weight.setValue(1.0)
        self.weight.setAccessibleName(translate("LoraPicker", "LoRA weight"))
        self.insert_button = QPushButton(translate("LoraPicker", "Add LoRA"), self)
        self.insert_button.setAccessibleName(translate("LoraPicker", "Add the chosen LoRA to the prompt"))
        self.folder_button = QPushButton(translate("LoraPicker", "LoRA folder…"), self)
        self.folder_button.setToolTip(translate("LoraPicker",
                                                "Put LoRA files in {folder}, or add them in the Models window")
                                      .format(folder=folder))
        self.used = QLabel(self)
        self.used.setAccessibleName(translate("LoraPicker", "LoRAs this prompt uses"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.names, self.weight, self.insert_button, self.folder_button):
            layout.addWidget(widget)
        layout.addWidget(self.used, 1)
        self.insert_button.clicked.connect(self._on_insert_clicked)
        self.folder_button.clicked.connect(self._on_folder_clicked)
        prompt.textChanged.connect(self.show_used)
        self.refresh()

    def refresh(self) -> None:
        """Read the folder again (a LoRA was just added to it)."""
        chosen = self.names.currentText()
        self.names.clear()
        self.names.addItems(sorted(lora_files(self.folder)))
        if chosen:
            self.names.setCurrentText(chosen)
        # no LoRA yet: only the way to the folder shows, not an empty list beside the prompt
        for widget in (self.names, self.weight, self.insert_button):
            widget.setVisible(self.names.count() > 0)
        self.show_used()

    def show_used(self) -> None:
        uses = loras_in(self._prompt.toPlainText())
        available = lora_files(self.folder)
        missing = translate("LoraPicker", "{name} ({weight}) - not in the folder")
        parts = [("{name} ({weight})" if use.name in available else missing).format(name=use.name,
                                                                                  weight=f"{use.weight:g}")
                 for use in uses]
        self.used.setText(translate("LoraPicker", "Uses: {loras}").format(loras=", ".join(parts)) if parts
                          else translate("LoraPicker", "No LoRA") if available else "")

    def _on_insert_clicked(self) -> None:
        name = self.names.currentText()
        if name:
            cursor = self._prompt.textCursor()
            before = self._prompt.toPlainText()[: cursor.position()]
            cursor.insertText(("" if not before or before.endswith(" ") else " ") + lora_tag(name,
                                                                                            self.weight.value()))
            self._prompt.setTextCursor(cursor)

    def _on_folder_clicked(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder)))
        self.refresh()
