"""The prompt panel: what to draw, its shape and steps up front; the model files, sampler, CFG, seed and memory
switches in `advanced`, which the window folds away."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.gallery.metadata import settings_from_png
from app.core.generation.request import MAX_STEPS, GenerationRequest
from app.core.models.catalog import ModelChoice
from app.core.words import translate
from app.services.draft import Draft
from app.services.user_dirs import current_user_dirs
from app.ui.advanced_part import AdvancedPart
from app.ui.draft_binding import DraftBinding
from app.ui.folds import fold_arrow
from app.ui.lora_picker import LoraPicker
from app.ui.model_fields import ModelFields
from app.ui.number_boxes import whole_box
from app.ui.picture_input import PictureInput
from app.ui.shape_controls import ShapeControls
from app.ui.styles_picker import StylesPicker


class PromptPanel(QWidget):
    """What to draw, bound to `draft` (a panel on its own edits a draft of its own): each field's change writes its
    own part of the request there, and what another part puts in the draft (reuse, a seed, a picture to edit) shows
    in the fields. The prompt, shape and steps live in this widget; `advanced` holds the rest, for the window to
    place (folded away by default)."""

    def __init__(self, draft: Draft | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft or Draft(self)
        self.prompt = QPlainTextEdit(self)
        self.prompt.setPlaceholderText(translate("PromptPanel", "Describe the image… (Ctrl+Enter draws it)"))
        self.prompt.setAccessibleName(translate("PromptPanel", "Prompt"))
        self.prompt.setTabChangesFocus(True)  # Tab moves on, as in every other field
        self.prompt.setMaximumHeight(72)
        self.negative = QLineEdit(self)
        self.negative.setPlaceholderText(translate("PromptPanel", "What to avoid (optional)"))
        self.negative.setAccessibleName(translate("PromptPanel", "Negative prompt"))
        self.negative_toggle = QToolButton(self)
        self.negative_toggle.setText(translate("PromptPanel", "&Negative prompt"))
        self.negative_toggle.setAccessibleName(translate("PromptPanel", "Show the negative prompt"))
        self.negative_toggle.setCheckable(True)
        self.negative_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.negative_toggle.setArrowType(fold_arrow(False))
        self.negative_toggle.setAutoRaise(True)
        self.negative_toggle.toggled.connect(self._on_negative_toggled)
        self.negative.hide()
        self.shape = ShapeControls(self.draft, self)
        self.aspect_buttons = self.shape.aspect_buttons
        self.width_box, self.height_box = self.shape.width_box, self.shape.height_box
        self.steps = whole_box(self, 1, MAX_STEPS, 4, translate("PromptPanel", "Steps"), translate(
            "PromptPanel", "More steps: more detail, more time. The model's preset sets a good default."))
        self.models = ModelFields(self.draft, self)
        self.own_set_edited = self.models.own_set_edited
        self.model_picker = self.models.picker
        self.slot_fields = self.models.fields
        self.advanced = AdvancedPart(self.slot_fields, self)
        self.rows, self.batch, self.automatic = self.advanced.rows, self.advanced.batch, self.advanced.automatic
        self.hires, self.faces_and_control = self.advanced.hires, self.advanced.faces_and_control
        self.memory_controls = self.advanced.memory_controls
        # each declared field's row, model slot and memory switch is the panel's attribute of its name
        # (panel.seed, panel.taesd, panel.vae_tiling), which the window and the tests reach
        for name, control in [*self.rows.controls.items(), *self.slot_fields.items(), *self.memory_controls.items()]:
            setattr(self, name, control)
        self._make_inputs()
        self._lay_out()
        self.binding = DraftBinding(self.draft)
        self._bind()

    def _make_inputs(self) -> None:
        """The LoRA picker, the styles, and the picture to start from or to edit."""
        dirs = current_user_dirs()
        self.lora_picker = LoraPicker(self.prompt, dirs.loras, self)
        self.styles_picker = StylesPicker(self.prompt, self)  # the window gives it the studio that keeps the styles
        # img2img: the picture to start from, its strength and the painted mask (kept in the cache until a job
        # copies it beside its image)
        self.picture = PictureInput(dirs.cache / "masks", self)
        self.picture.picture_changed.connect(self._on_picture_changed)
        # FLUX.2 klein edits: the picture the prompt's instruction applies to (sd.cpp's --ref-image)
        self.edit_label = QLabel(self)
        self.stop_editing = QPushButton(translate("PromptPanel", "Stop editing"), self)
        self.stop_editing.clicked.connect(lambda: self.draft.edit_picture(None))
        self.setAcceptDrops(True)  # a PNG with parameters (ours or A1111's) dropped here loads them

    def _lay_out(self) -> None:
        steps_label = QLabel(translate("PromptPanel", "S&teps"), self)
        steps_label.setBuddy(self.steps)
        self.shape.size_row.addWidget(steps_label)
        self.shape.size_row.addWidget(self.steps)
        basics = self._basics = QVBoxLayout(self)
        basics.setContentsMargins(0, 0, 0, 0)
        prompt_row, self._prompt_tools = QHBoxLayout(), QVBoxLayout()  # its tools beside it: the next row is widest
        prompt_row.addWidget(self.prompt, 1)
        prompt_row.addLayout(self._prompt_tools)
        self._prompt_tools.addWidget(self.styles_picker)
        self._prompt_tools.addStretch(1)
        basics.addLayout(prompt_row)
        negative_row = QHBoxLayout()
        negative_row.addWidget(self.negative_toggle)
        negative_row.addStretch(1)
        negative_row.addWidget(self.lora_picker)
        basics.addLayout(negative_row)
        basics.addWidget(self.negative)
        basics.addWidget(self.shape)
        basics.addWidget(self.picture)
        editing = QHBoxLayout()
        editing.addWidget(self.edit_label, 1)
        editing.addWidget(self.stop_editing)
        basics.addLayout(editing)
        self._show_edit()

    def _bind(self) -> None:
        """Each part's fields, in the order the draft shows them back: the picture before the size, which the
        picture sets first and the size said then overrides. The draft starts as the fields hold it."""
        binding = self.binding
        binding.bind([self.prompt.textChanged], self._prompt_held, self._show_prompt)
        binding.bind([self.negative.textChanged], lambda: {"negative_prompt": self.negative.text()},
                     self._show_negative)
        binding.bind([self.steps.valueChanged], lambda: {"steps": self.steps.value()},
                     lambda request: self.steps.setValue(request.steps))
        binding.bind([self.styles_picker.chosen_changed], lambda: {"styles": self.styles_picker.chosen()},
                     lambda request: self.styles_picker.set_chosen(request.styles))
        picture = self.picture
        binding.bind([picture.picture_changed, picture.strength.valueChanged, picture.paint_mask.toggled,
                      picture.painter.canvas.mask_changed], self._picture_held, self._show_picture)
        self.shape.bind(binding)
        self.models.bind(binding)
        self.advanced.bind(binding)
        binding.write_all()
        self.draft.changed.connect(self._show_edit)

    def _prompt_held(self) -> dict[str, Any]:
        prompt = self.prompt.toPlainText()
        return {"prompt": prompt, "lora_dir": self.lora_picker.folder if "<lora:" in prompt else None}

    def _show_prompt(self, request: GenerationRequest) -> None:
        if request.prompt != self.prompt.toPlainText():  # setting it again would move the cursor
            self.prompt.setPlainText(request.prompt)

    def _show_negative(self, request: GenerationRequest) -> None:
        if request.negative_prompt != self.negative.text():
            self.negative.setText(request.negative_prompt)
            self.negative_toggle.setChecked(bool(request.negative_prompt))

    def _picture_held(self) -> dict[str, Any]:
        return {"init_image": self.picture.picture(), "mask": self.picture.mask_file(),
                "strength": self.picture.strength_value()}

    def _show_picture(self, request: GenerationRequest) -> None:
        if request.init_image != self.picture.picture():
            self.picture.set_picture(request.init_image)
        self.picture.set_strength(request.strength)
        if request.init_image is not None and request.mask is not None and request.mask != self.picture.mask_file():
            self.picture.load_mask(request.mask)

    def _on_picture_changed(self, path: Path | None) -> None:
        self.shape.follow_picture(self.picture.picture_size() if path else None)

    def set_model_choices(self, choices: list[ModelChoice]) -> None:
        self.models.set_choices(choices)

    def pick_model(self, label: str) -> None:
        self.models.pick(label)

    def set_size(self, width: int, height: int) -> None:
        self.shape.set_size(width, height)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.toLocalFile().lower().endswith(".png") for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            path = Path(url.toLocalFile())
            settings = settings_from_png(path) if path.suffix.lower() == ".png" else None
            if settings is not None:
                self.draft.reuse(settings)
                event.acceptProposedAction()
                return

    def _on_negative_toggled(self, shown: bool) -> None:
        self.negative.setVisible(shown)
        self.negative_toggle.setArrowType(fold_arrow(shown))
        if shown:
            self.negative.setFocus()

    def add_prompt_helper(self, button: QWidget, suggestion: QWidget) -> None:
        self._prompt_tools.insertWidget(0, button)  # beside the prompt, above Styles
        self._basics.insertWidget(1, suggestion)  # right under the prompt

    def _show_edit(self) -> None:
        """The picture being edited, if any (the prompt is the instruction)."""
        path = next(iter(self.draft.request.ref_images), None)
        self.edit_label.setText(translate("PromptPanel", "Editing {name}: the prompt says what to change")
                                .format(name=path.name) if path else "")
        self.edit_label.setVisible(path is not None)
        self.stop_editing.setVisible(path is not None)
