"""The prompt panel: what to draw, how big, and with which model files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.core.catalog import ModelChoice
from app.core.metadata import ReusableSettings, settings_from_png
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
        self.model_picker = QComboBox(self)
        self.model_picker.setToolTip("Complete downloads from the Models window and sets of your own files")
        self.model_picker.activated.connect(self._on_model_picked)
        self._choices: list[ModelChoice] = []
        self._cfg_scale: float | None = None  # the picked preset's (turbo models want 1); None: the default
        self._filling = False
        self.set_model_choices([])
        self.model = FileField("Model file", self)
        self.diffusion_model = FileField("Diffusion model file", self)
        self.vae = FileField("VAE file", self)
        self.taesd = FileField("Tiny autoencoder (TAESD) file", self)
        self.clip_l = FileField("CLIP-L text encoder file", self)
        self.t5xxl = FileField("T5-XXL text encoder file", self)
        self.automatic = QCheckBox("Automatic (the planner chooses, and retries safer when VRAM runs out)", self)
        self.automatic.setChecked(True)
        self.clip_on_cpu = QCheckBox("Text encoder on CPU", self)
        self.vae_on_cpu = QCheckBox("Image decoder on CPU", self)
        self.vae_tiling = QCheckBox("Decode in tiles", self)
        self.offload_to_cpu = QCheckBox("Weights in RAM between stages", self)
        self.diffusion_fa = QCheckBox("Flash attention", self)
        self.max_vram = QDoubleSpinBox(self)
        self.max_vram.setRange(0, 64)
        self.max_vram.setSingleStep(0.5)
        self.max_vram.setDecimals(1)
        self.max_vram.setSuffix(" GiB")
        self.max_vram.setSpecialValueText("no VRAM cap")
        self.max_vram.setToolTip("With 'Weights in RAM between stages': stream the diffusion model within this "
                                 "much VRAM")
        self.manual_memory = (self.clip_on_cpu, self.vae_on_cpu, self.vae_tiling, self.offload_to_cpu,
                              self.diffusion_fa, self.max_vram)
        defaults = MemoryFlags()
        for box, value in zip(self.manual_memory[:5], (defaults.clip_on_cpu, defaults.vae_on_cpu,
                                                       defaults.vae_tiling, defaults.offload_to_cpu,
                                                       defaults.diffusion_fa), strict=True):
            box.setChecked(value)
        for widget in self.manual_memory:
            widget.setEnabled(False)
        self.automatic.toggled.connect(self._on_automatic_toggled)
        self.setAcceptDrops(True)  # a PNG with parameters (ours or A1111's) dropped here loads them

        size = QHBoxLayout()
        size.addWidget(self.width_box)
        size.addWidget(self.height_box)
        manual = QGridLayout()
        for i, box in enumerate(self.manual_memory):
            manual.addWidget(box, i // 3, i % 3)
        memory = QVBoxLayout()
        memory.addWidget(self.automatic)
        memory.addLayout(manual)
        form = QFormLayout(self)
        form.addRow("Prompt", self.prompt)
        form.addRow("Negative", self.negative)
        form.addRow("Width x height", size)
        form.addRow("Steps", self.steps)
        form.addRow("Seed", self.seed)
        form.addRow("Models", self.model_picker)
        form.addRow("Model", self.model)
        form.addRow("Diffusion model", self.diffusion_model)
        form.addRow("VAE", self.vae)
        form.addRow("TAESD", self.taesd)
        form.addRow("CLIP-L", self.clip_l)
        form.addRow("T5-XXL", self.t5xxl)
        form.addRow("Memory", memory)
        for field in self.slot_fields.values():
            field.line_edit.textChanged.connect(self._on_model_field_edited)

    @property
    def slot_fields(self) -> dict[str, FileField]:
        return {"model": self.model, "diffusion_model": self.diffusion_model, "vae": self.vae, "taesd": self.taesd,
                "clip_l": self.clip_l, "t5xxl": self.t5xxl}

    def set_model_choices(self, choices: list[ModelChoice]) -> None:
        """The picker's entries; the one shown stays shown when it is still offered."""
        shown = self.model_picker.currentText()
        self._choices = choices
        self.model_picker.clear()
        self.model_picker.addItem("Files chosen below")
        for choice in choices:
            self.model_picker.addItem(choice.label)
        self.model_picker.setCurrentIndex(max(self.model_picker.findText(shown), 0))

    def pick_model(self, label: str) -> None:
        """Fill every model slot from a complete preset or a custom set (the other slots are cleared)."""
        choice = next(c for c in self._choices if c.label == label)
        self._filling = True
        for slot, field in self.slot_fields.items():
            field.set_path(choice.slots.get(slot))
        self._filling = False
        if choice.steps:
            self.steps.setValue(choice.steps)
        self._cfg_scale = choice.cfg_scale
        self.model_picker.setCurrentText(label)

    def _on_model_field_edited(self) -> None:
        if not self._filling:  # the user's own files now: the preset's settings no longer apply
            self.model_picker.setCurrentIndex(0)
            self._cfg_scale = None

    def _on_model_picked(self, index: int) -> None:
        if index > 0:
            self.pick_model(self._choices[index - 1].label)

    def apply(self, settings: ReusableSettings) -> None:
        """Fill the panel from an image's settings (reuse, or a PNG dropped on the panel)."""
        self.prompt.setPlainText(settings.prompt)
        self.negative.setText(settings.negative_prompt)
        for box, value in ((self.width_box, settings.width), (self.height_box, settings.height),
                           (self.steps, settings.steps), (self.seed, settings.seed)):
            if value is not None:
                box.setValue(value)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.toLocalFile().lower().endswith(".png") for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            path = Path(url.toLocalFile())
            settings = settings_from_png(path) if path.suffix.lower() == ".png" else None
            if settings is not None:
                self.apply(settings)
                event.acceptProposedAction()
                return

    def _on_automatic_toggled(self, automatic: bool) -> None:
        for box in self.manual_memory:
            box.setEnabled(not automatic)

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
            cfg_scale=self._cfg_scale,
            seed=None if seed == RANDOM_SEED else seed,
            models=ModelFiles(model=self.model.path(), diffusion_model=self.diffusion_model.path(),
                              vae=self.vae.path(), taesd=self.taesd.path(), clip_l=self.clip_l.path(),
                              t5xxl=self.t5xxl.path()),
            memory=None if self.automatic.isChecked() else MemoryFlags(
                clip_on_cpu=self.clip_on_cpu.isChecked(), vae_on_cpu=self.vae_on_cpu.isChecked(),
                vae_tiling=self.vae_tiling.isChecked(), offload_to_cpu=self.offload_to_cpu.isChecked(),
                diffusion_fa=self.diffusion_fa.isChecked(), max_vram_gib=self.max_vram.value() or None),
        )
