"""The prompt panel: what to draw, its shape and steps up front; the model files, sampler, CFG, seed and memory
switches in `advanced`, which the window folds away."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
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
from app.core.generation.aspect import Aspect, aspect_of, aspect_size, snap_size
from app.core.generation.request import MAX_SIDE, MAX_STEPS, MIN_SIDE, REQUEST_FIELDS, GenerationRequest, HiresFix
from app.core.models.catalog import ModelChoice, files_label
from app.core.models.families import (
    MEMORY_SWITCHES,
    SET_SLOTS,
    MemoryFlags,
    ModelFiles,
)
from app.core.words import translate
from app.services.draft import Draft
from app.services.user_dirs import current_user_dirs
from app.ui.batch import BatchControls
from app.ui.faces_and_control import FacesAndControl
from app.ui.file_field import FileField
from app.ui.folds import fold_arrow
from app.ui.lora_picker import LoraPicker
from app.ui.model_picker import ModelPicker
from app.ui.number_boxes import decimal_box, flags_chosen, memory_control, whole_box
from app.ui.picture_input import PictureInput
from app.ui.request_rows import RequestRows
from app.ui.shape_words import aspect_words
from app.ui.styles_picker import StylesPicker


class PromptPanel(QWidget):
    """What to draw, written into `draft` as the user changes it (a panel on its own edits a draft of its own).
    The prompt, shape and steps live in this widget; `advanced` holds the rest, for the window to place (folded
    away by default)."""

    own_set_edited = Signal(str, dict)  # (a set of the user's own files, its slots as the fields now hold them)

    def __init__(self, draft: Draft | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft or Draft(self)
        self._showing = False  # the fields are being filled from the draft, or the draft from the fields
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
        self.width_box = whole_box(self, MIN_SIDE, MAX_SIDE, 512, translate("PromptPanel", "Width"),
                                   translate("PromptPanel", "Width in pixels"), step=64, suffix=" px")
        self.height_box = whole_box(self, MIN_SIDE, MAX_SIDE, 512, translate("PromptPanel", "Height"),
                                    translate("PromptPanel", "Height in pixels"), step=64, suffix=" px")
        self.aspect_buttons: dict[Aspect, QPushButton] = {}
        self.aspect_group = QButtonGroup(self)
        self.aspect_group.setExclusive(True)
        for aspect in Aspect:
            label, name = aspect_words(aspect)
            button = QPushButton(label, self)
            button.setCheckable(True)
            button.setAccessibleName(name)
            button.clicked.connect(lambda _=False, chosen=aspect: self.set_aspect(chosen))
            self.aspect_group.addButton(button)
            self.aspect_buttons[aspect] = button
        self.size_label = QLabel(self)
        self.size_label.setAccessibleName(translate("PromptPanel", "Picture size"))
        self._make_sampling()
        self._make_model_fields()
        self._make_memory_switches()
        self._make_inputs()
        self._lay_out_basics()
        self._lay_out_advanced()
        for field in self.slot_fields.values():
            field.line_edit.textChanged.connect(self._on_model_field_edited)
        self.width_box.editingFinished.connect(self._on_custom_size_edited)
        self.height_box.editingFinished.connect(self._on_custom_size_edited)
        self.set_aspect(Aspect.SQUARE)
        self._write_the_draft()
        self.draft.changed.connect(self._on_draft_changed)
        self.draft.family_changed.connect(self._on_family_changed)

    def _write_the_draft(self) -> None:
        """Every field's change goes into the draft at once: Generate and the plan read it there."""
        changes = [self.prompt.textChanged, self.negative.textChanged, self.automatic.toggled, self.hires.toggled,
                   *self.rows.changes(), self.picture.picture_changed, self.picture.strength.valueChanged,
                   self.picture.paint_mask.toggled, self.picture.painter.canvas.mask_changed,
                   self.styles_picker.chosen_changed]
        changes += [box.valueChanged for box in (self.width_box, self.height_box, self.steps, self.hires_scale,
                                                 self.hires_strength)]
        changes += [field.line_edit.textChanged for field in self.slot_fields.values()]
        changes += self.faces_and_control.changes()
        changes += [control.toggled if isinstance(control, QCheckBox) else control.valueChanged
                    for control in self.memory_controls.values()]
        for change in changes:
            change.connect(self._write)
        self._write()

    def _make_sampling(self) -> None:
        self.steps = whole_box(self, 1, MAX_STEPS, 4, translate("PromptPanel", "Steps"), translate(
            "PromptPanel", "More steps: more detail, more time. The model's preset sets a good default."))
        # the declared fields' rows (sampler, scheduler, CFG scale, seed, ...), each the panel's attribute of the
        # field's name (panel.sampler, panel.seed), which the window and the tests reach
        self.rows = RequestRows(self)
        for name, control in self.rows.controls.items():
            setattr(self, name, control)

    def _make_model_fields(self) -> None:
        self.model_picker = ModelPicker(self)
        self.model_picker.setAccessibleName(translate("PromptPanel", "Model"))
        self.model_picker.activated.connect(self._on_model_picked)
        self._choices: list[ModelChoice] = []
        self._filling = False
        self._own_set: str | None = None  # the user's own set the fields were filled from, while they are edited
        self.aspect = Aspect.SQUARE
        # one file field per model slot and one control per memory switch, each the panel's attribute of the
        # slot's or switch's name (panel.taesd, panel.vae_tiling), which the window and the tests reach
        for name, slot in SET_SLOTS.items():
            setattr(self, name, FileField(translate("Slots", slot.title), self))
        self.set_model_choices([])

    def _make_memory_switches(self) -> None:
        self.automatic = QCheckBox(translate("PromptPanel", "&Automatic"), self)
        self.automatic.setChecked(True)
        for name, switch in MEMORY_SWITCHES.items():
            setattr(self, name, memory_control(self, switch, getattr(MemoryFlags(), name)))
        for widget in self.memory_controls.values():
            widget.setEnabled(False)
        self.automatic.toggled.connect(self._on_automatic_toggled)

    def _make_inputs(self) -> None:
        """The LoRA picker, the picture to start from or to edit, and hires fix."""
        dirs = current_user_dirs()
        self.lora_picker = LoraPicker(self.prompt, dirs.loras, self)
        self.styles_picker = StylesPicker(self.prompt, self)  # the window gives it the studio that keeps the styles
        # img2img: the picture to start from, its strength and the painted mask (kept in the cache until a job
        # copies it beside its image)
        self.picture = PictureInput(dirs.cache / "masks", self)
        self.picture.picture_changed.connect(self._on_picture_changed)
        self._size_of_picture: tuple[int, int] | None = None
        # FLUX.2 klein edits: the picture the prompt's instruction applies to (sd.cpp's --ref-image)
        self.edit_label = QLabel(self)
        self.stop_editing = QPushButton(translate("PromptPanel", "Stop editing"), self)
        self.stop_editing.clicked.connect(lambda: self.draft.edit_picture(None))
        # short: the row is labelled "Hires fix", and Windows' fonts make every word of the pane wider
        self.hires = QCheckBox(translate("PromptPanel", "&On"), self)
        self.hires.setAccessibleName(translate("PromptPanel", "Hires fix: a second pass at a larger size"))
        self.hires.setToolTip(translate("PromptPanel", "Draws at the chosen size, then enlarges and refines it "
                                             "(A1111's hires fix)"))
        self.faces_and_control = FacesAndControl(self)
        self.hires_scale = decimal_box(self, 1.1, 4, 0.25, HiresFix().scale,
                                       translate("PromptPanel", "Hires fix scale"))
        self.hires_scale.setPrefix("x")
        self.hires_strength = decimal_box(self, 0.05, 1, 0.05, HiresFix().denoising_strength,
                                          translate("PromptPanel", "Hires fix denoising strength"))
        self.setAcceptDrops(True)  # a PNG with parameters (ours or A1111's) dropped here loads them

    def _lay_out_basics(self) -> None:
        # two rows, for a narrow column: the shapes, then the size and the steps
        shapes = QHBoxLayout()  # a layout inside another has no margins of its own
        for button in self.aspect_buttons.values():
            shapes.addWidget(button)
        shape = QHBoxLayout()
        shape.addWidget(self.width_box)
        self._times = QLabel("x", self)
        shape.addWidget(self._times)
        shape.addWidget(self.height_box)
        shape.addWidget(self.size_label)
        shape.addStretch(1)
        steps_label = QLabel(translate("PromptPanel", "S&teps"), self)
        steps_label.setBuddy(self.steps)
        shape.addWidget(steps_label)
        shape.addWidget(self.steps)
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
        basics.addLayout(shapes)
        basics.addLayout(shape)
        basics.addWidget(self.picture)
        editing = QHBoxLayout()
        editing.addWidget(self.edit_label, 1)
        editing.addWidget(self.stop_editing)
        basics.addLayout(editing)
        self._show_edit()

    def _lay_out_advanced(self) -> None:
        # the expert's part: the window puts it in its folded "Advanced" panel
        self.advanced = QWidget(self)
        self.batch = BatchControls(self.advanced)
        manual = QGridLayout()
        for i, box in enumerate(self.memory_controls.values()):
            manual.addWidget(box, i, 0)  # one column: two side by side need ~640 px with Windows' fonts
        memory = QVBoxLayout()
        memory.addWidget(self.automatic)
        memory.addLayout(manual)
        self.automatic.setToolTip(translate("PromptPanel", "The planner chooses where each part goes, and retries "
                                                           "safer when VRAM runs out"))
        form = QFormLayout(self.advanced)
        form.setContentsMargins(0, 0, 0, 0)
        # rows too wide for the window's narrow column go under their label (the memory switches, hires fix)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        form.addRow(self.batch)
        self.rows.add_rows(form)
        for name, field in self.slot_fields.items():
            form.addRow(translate("Slots", SET_SLOTS[name].words), field)
        form.addRow(QLabel(translate("PromptPanel", "Memory"), self.advanced))
        form.addRow(memory)
        hires = QHBoxLayout()
        hires.addWidget(self.hires)
        hires.addWidget(self.hires_scale)
        hires.addWidget(QLabel(translate("PromptPanel", "denoising"), self))
        hires.addWidget(self.hires_strength)
        form.addRow(QLabel(translate("PromptPanel", "Hires fix"), self.advanced))
        form.addRow(hires)
        self.faces_and_control.add_rows(form, self.advanced)

    @property
    def slot_fields(self) -> dict[str, FileField]:
        fields: dict[str, FileField] = {name: getattr(self, name) for name in SET_SLOTS}
        return fields

    @property
    def memory_controls(self) -> dict[str, QCheckBox | QDoubleSpinBox]:
        controls: dict[str, QCheckBox | QDoubleSpinBox] = {name: getattr(self, name) for name in MEMORY_SWITCHES}
        return controls

    def set_model_choices(self, choices: list[ModelChoice]) -> None:
        """The picker's entries: the downloaded models and the user's sets, each by its name."""
        self._choices = choices
        self._show_model()

    def _chosen_files(self) -> dict[str, Path]:
        return {slot: path for slot, field in self.slot_fields.items() if (path := field.path()) is not None}

    def _show_model(self) -> None:
        """The picker names what the model fields hold: the choice they are, else their own name (the demo model,
        or the main file's name and its family) as an entry of its own before the choices."""
        files = self._chosen_files()
        chosen = next((i for i, choice in enumerate(self._choices) if choice.slots == files), None)
        labels = [choice.label for choice in self._choices]
        if chosen is None:
            labels.insert(0, files_label(ModelFiles(**files), self.draft.family))
        picker = self.model_picker
        current = chosen if chosen is not None else 0
        if [picker.itemText(i) for i in range(picker.count())] != labels or picker.currentIndex() != current:
            picker.blockSignals(True)  # filled here, not picked by the user
            picker.clear()
            for label in labels:
                picker.addItem(label)
            picker.setCurrentIndex(current)
            picker.blockSignals(False)
        picker.setToolTip("\n".join(str(path) for path in files.values()) or
                          translate("PromptPanel", "Complete downloads from the Models window and sets of your own "
                                                "files"))

    def pick_model(self, label: str) -> None:
        """Fill every model slot from a complete preset or a custom set (the other slots are cleared)."""
        choice = next(c for c in self._choices if c.label == label)
        self._own_set = choice.own_set
        self._filling = True
        for slot, field in self.slot_fields.items():
            field.set_path(choice.slots.get(slot))
        self._filling = False
        if choice.steps:
            self.steps.setValue(choice.steps)
        self.rows.set_value("cfg_scale", choice.cfg_scale)
        self._show_model()

    def _on_model_field_edited(self) -> None:
        if self._filling:
            return
        files = self._chosen_files()  # the user corrects their own set: it keeps that, after a restart too
        if self._own_set and {"model", "diffusion_model"} & files.keys() and all(p.is_file() for p in files.values()):
            self.own_set_edited.emit(self._own_set, {slot: str(path) for slot, path in files.items()})
        self._show_model()
        if self.model_picker.currentText() not in (choice.label for choice in self._choices):
            self.rows.set_value("cfg_scale", None)  # the user's own files now: the preset's settings no longer apply

    def _on_family_changed(self) -> None:
        """The family the chosen files make (read from their headers off the GUI thread, by the plan): the shape
        buttons resize to it."""
        if self.aspect is not Aspect.CUSTOM:
            self.set_aspect(self.aspect)
        self._show_model()  # own files are named with their family
        self._show_size()

    def set_aspect(self, aspect: Aspect) -> None:
        """Square, portrait or landscape at the model family's size; custom keeps the typed size (snapped)."""
        self.aspect = aspect
        self.aspect_buttons[aspect].setChecked(True)
        custom = aspect is Aspect.CUSTOM
        self.width_box.setVisible(custom)
        self.height_box.setVisible(custom)
        self._times.setVisible(custom)
        if not custom:
            width, height = aspect_size(self.draft.family, aspect)
            self.width_box.setValue(width)
            self.height_box.setValue(height)
        self._show_size()

    def set_size(self, width: int, height: int) -> None:
        """A size from elsewhere (the demo, a reused image): light the button it belongs to, else Custom."""
        self.width_box.setValue(width)
        self.height_box.setValue(height)
        self.set_aspect(aspect_of(self.draft.family, width, height))

    def _on_custom_size_edited(self) -> None:
        width, height = snap_size(self.draft.family, self.width_box.value(), self.height_box.value())
        self.width_box.setValue(width)
        self.height_box.setValue(height)
        self._show_size()

    def _show_size(self) -> None:
        size = f"{self.width_box.value()} x {self.height_box.value()}"
        self.size_label.setText("" if self.aspect is Aspect.CUSTOM else size)
        self.size_label.setToolTip(translate("PromptPanel", "Sized for {family}").format(
            family=self.draft.family.words))

    def _on_model_picked(self, index: int) -> None:
        label = self.model_picker.itemText(index)
        if any(choice.label == label for choice in self._choices):
            self.pick_model(label)

    def _write(self) -> None:
        if not self._showing:
            self._showing = True
            self.draft.edit(self.request())
            self._showing = False

    def _on_draft_changed(self) -> None:
        """What another part put in the draft (reuse, a seed, a picture to edit) shown in the fields, which then
        write it back as they hold it (sizes snapped, the mask as a file)."""
        if self._showing:
            return
        self._showing = True
        self._show(self.draft.request)
        self._showing = False
        self._show_edit()
        self._write()

    def _show(self, request: GenerationRequest) -> None:
        """The fields that reuse puts back; the model files, CFG, memory and hires fix stay the user's."""
        size, shown_size = (request.width, request.height), (self.width_box.value(), self.height_box.value())
        if request.prompt != self.prompt.toPlainText():  # setting it again would move the cursor
            self.prompt.setPlainText(request.prompt)
        if request.negative_prompt != self.negative.text():
            self.negative.setText(request.negative_prompt)
            self.negative_toggle.setChecked(bool(request.negative_prompt))
        self.steps.setValue(request.steps)
        self.rows.show(request)
        self.styles_picker.set_chosen(request.styles)
        new_picture = request.init_image != self.picture.picture()
        if new_picture:
            self.picture.set_picture(request.init_image)
        self.picture.set_strength(request.strength)
        if request.init_image is not None and request.mask is not None and request.mask != self.picture.mask_file():
            self.picture.load_mask(request.mask)
        # the size the image was made at, not the input's; the same size again leaves Custom as the user chose it
        if not request.size_from_input and (new_picture or size != shown_size):
            self.set_size(*size)

    def _on_picture_changed(self, path: Path | None) -> None:
        size = self.picture.picture_size() if path else None
        self._size_of_picture = snap_size(self.draft.family, *size) if size else None
        if self._size_of_picture:
            # Custom, as it is: a shape button would put its own size (Flux's square is 1024) in its place
            self.set_aspect(Aspect.CUSTOM)
            self.width_box.setValue(self._size_of_picture[0])
            self.height_box.setValue(self._size_of_picture[1])
            self._show_size()

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

    def _on_automatic_toggled(self, automatic: bool) -> None:
        for control in self.memory_controls.values():
            control.setEnabled(not automatic)

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

    def request(self) -> GenerationRequest:
        # the declared fields without a control of their own here (a reused picture's clip skip) stay the draft's
        kept = {name: getattr(self.draft.request, name) for name in REQUEST_FIELDS}
        return GenerationRequest(
            prompt=self.prompt.toPlainText(), negative_prompt=self.negative.text(),
            **kept | self.rows.values() | {"width": self.width_box.value(), "height": self.height_box.value(),
                                            "steps": self.steps.value(), "strength": self.picture.strength_value()},
            models=ModelFiles(**{name: field.path() for name, field in self.slot_fields.items()}),
            memory=None if self.automatic.isChecked() else flags_chosen(self.memory_controls),
            init_image=self.picture.picture(), mask=self.picture.mask_file(),
            # untouched size boxes: the core follows the picture (and says how it snapped)
            size_from_input=(self.width_box.value(), self.height_box.value()) == self._size_of_picture,
            hires=HiresFix(self.hires_scale.value(), self.hires_strength.value()) if self.hires.isChecked() else None,
            lora_dir=self.lora_picker.folder if "<lora:" in self.prompt.toPlainText() else None,
            # the picture to edit and the prompt as written come from elsewhere (the gallery, the prompt helper)
            ref_images=self.draft.request.ref_images, prompt_as_written=self.draft.request.prompt_as_written,
            styles=self.styles_picker.chosen(),
            face_fix=self.faces_and_control.face_fix(), control=self.faces_and_control.control(),
        )
