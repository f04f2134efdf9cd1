"""The prompt panel: what to draw, how big, and with which model files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.core.request import MAX_SEED, MAX_SIDE, MAX_STEPS, MIN_SIDE, GenerationRequest, MemoryFlags, ModelFiles

RANDOM_SEED = -1


class FileField(QWidget):
    """A path box with a Browse button."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = title
        self.line_edit = QLineEdit(self)
        self.line_edit.setPlaceholderText("none")
        browse = QPushButton("Browse…", self)
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
        chosen, _ = QFileDialog.getOpenFileName(self, self._title, self.line_edit.text(),
                                                "Models (*.gguf *.safetensors *.ckpt);;All files (*)")
        if chosen:
            self.line_edit.setText(chosen)


class PromptPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = QPlainTextEdit(self)
        self.prompt.setPlaceholderText("Describe the image…")
        self.prompt.setMaximumHeight(90)
        self.negative = QLineEdit(self)
        self.negative.setPlaceholderText("What to avoid (optional)")
        self.width_box = self._spin(MIN_SIDE, MAX_SIDE, 512, step=64, suffix=" px")
        self.height_box = self._spin(MIN_SIDE, MAX_SIDE, 512, step=64, suffix=" px")
        self.steps = self._spin(1, MAX_STEPS, 4)
        self.seed = self._spin(RANDOM_SEED, MAX_SEED, RANDOM_SEED)
        self.seed.setSpecialValueText("random")
        self.model = FileField("Model file", self)
        self.taesd = FileField("Tiny autoencoder (TAESD) file", self)
        self.clip_on_cpu = QCheckBox("Text encoder on CPU", self)
        self.vae_on_cpu = QCheckBox("Image decoder on CPU", self)
        self.vae_tiling = QCheckBox("Decode in tiles", self)
        defaults = MemoryFlags()
        self.clip_on_cpu.setChecked(defaults.clip_on_cpu)
        self.vae_on_cpu.setChecked(defaults.vae_on_cpu)
        self.vae_tiling.setChecked(defaults.vae_tiling)

        size = QHBoxLayout()
        size.addWidget(self.width_box)
        size.addWidget(self.height_box)
        memory = QHBoxLayout()
        for box in (self.clip_on_cpu, self.vae_on_cpu, self.vae_tiling):
            memory.addWidget(box)
        form = QFormLayout(self)
        form.addRow("Prompt", self.prompt)
        form.addRow("Negative", self.negative)
        form.addRow("Width x height", size)
        form.addRow("Steps", self.steps)
        form.addRow("Seed", self.seed)
        form.addRow("Model", self.model)
        form.addRow("TAESD", self.taesd)
        form.addRow("Memory", memory)

    def _spin(self, low: int, high: int, value: int, step: int = 1, suffix: str = "") -> QSpinBox:
        box = QSpinBox(self)
        box.setRange(low, high)
        box.setSingleStep(step)
        box.setValue(value)
        box.setSuffix(suffix)
        return box

    def request(self) -> GenerationRequest:
        seed = self.seed.value()
        return GenerationRequest(
            prompt=self.prompt.toPlainText(),
            negative_prompt=self.negative.text(),
            width=self.width_box.value(),
            height=self.height_box.value(),
            steps=self.steps.value(),
            seed=None if seed == RANDOM_SEED else seed,
            models=ModelFiles(model=self.model.path(), taesd=self.taesd.path()),
            memory=MemoryFlags(clip_on_cpu=self.clip_on_cpu.isChecked(), vae_on_cpu=self.vae_on_cpu.isChecked(),
                               vae_tiling=self.vae_tiling.isChecked()),
        )
