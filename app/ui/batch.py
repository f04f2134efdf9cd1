"""Batches and variations in the prompt panel: how many images (seeds in a row or random each), or the same seed
for each prompt of a list (pasted, or read from a .txt file)."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import MAX_BATCH, batch_requests, parse_prompt_list, prompt_list_requests
from app.core.words import translate


class PromptListDialog(QDialog):
    """One prompt a line: typed, pasted or loaded from a text file."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("PromptListDialog", "Prompt list"))
        self.editor = QPlainTextEdit(self)
        self.editor.setPlaceholderText(translate("PromptListDialog",
                                                 "One prompt a line; each is drawn with the same seed and settings."
                                                 "\nLines starting with # are skipped."))
        self.editor.setAccessibleName(translate("PromptListDialog", "Prompts, one a line"))
        self.editor.setPlainText(text)
        load = QPushButton(translate("PromptListDialog", "&Load a .txt file…"), self)
        load.clicked.connect(self._on_load_clicked)
        self.note = QLabel(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.editor, 1)
        row = QHBoxLayout()
        row.addWidget(load)
        row.addWidget(self.note, 1)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.resize(520, 360)

    def load(self, path: Path) -> None:
        try:
            self.editor.setPlainText(path.read_text(encoding="utf-8-sig"))
            self.note.setText(translate("PromptListDialog", "Read {name}").format(name=path.name))
        except (OSError, UnicodeDecodeError) as error:
            self.note.setText(translate("PromptListDialog", "Cannot read {name}: {error}").format(name=path.name,
                                                                                        error=error))

    def _on_load_clicked(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, translate("PromptListDialog", "A text file with one prompt a line"), "",
            translate("PromptListDialog", "Text files (*.txt);;All files (*)"))
        if chosen:
            self.load(Path(chosen))

    def prompts(self) -> list[str]:
        return parse_prompt_list(self.editor.toPlainText())


class BatchControls(QWidget):
    """`Images [4] [seeds in a row]  [Prompt list…]`: what one click on Generate puts in the queue."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = QSpinBox(self)
        self.count.setRange(1, MAX_BATCH)
        self.count.setAccessibleName(translate("BatchControls", "Number of images"))
        self.count.setToolTip(translate("BatchControls", "How many pictures one click on Generate queues"))
        self.seeds = QComboBox(self)
        self.seeds.addItem(translate("BatchControls", "seeds in a row"), False)
        self.seeds.addItem(translate("BatchControls", "random seeds"), True)
        self.seeds.setAccessibleName(translate("BatchControls", "Seeds of the images"))
        self.seeds.setToolTip(translate("BatchControls", "In a row: seed s, s+1, s+2… (small variations you can find "
                                        "again); random: each its own"))
        self.list_button = QPushButton(translate("BatchControls", "&Prompt list…"), self)
        self.list_button.setToolTip(translate("BatchControls", "The same seed and settings for each prompt of a list"))
        self.list_button.clicked.connect(self.edit_prompt_list)
        self.prompt_list: list[str] = []
        self._list_text = ""
        label = QLabel(translate("BatchControls", "&Images"), self)
        label.setBuddy(self.count)
        # two rows: the window's column is narrow
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self.count)
        row.addWidget(self.seeds)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.list_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.count.valueChanged.connect(self._show)
        self._show()

    def edit_prompt_list(self) -> None:
        dialog = PromptListDialog(self._list_text, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_prompt_list(dialog.editor.toPlainText())

    def set_prompt_list(self, text: str) -> None:
        self._list_text = text
        self.prompt_list = parse_prompt_list(text)
        self._show()

    def _show(self) -> None:
        listed = len(self.prompt_list)
        self.list_button.setText(translate("BatchControls", "&Prompt list: {count}").format(count=listed) if listed
                                 else translate("BatchControls", "&Prompt list…"))
        # a list sets how many images there are; its seed is one for all
        self.count.setEnabled(not listed)
        self.seeds.setEnabled(not listed and self.count.value() > 1)

    def requests(self, request: GenerationRequest, rng: random.Random) -> list[GenerationRequest]:
        """The jobs one click queues for `request` (the panel's settings)."""
        if self.prompt_list:
            return prompt_list_requests(request, self.prompt_list, rng)
        if self.count.value() == 1:
            return [request]
        return batch_requests(request, self.count.value(), bool(self.seeds.currentData()), rng)
