"""The expert's part of the prompt panel, which the window folds away as "Advanced": the batch, the declared
fields' rows (sampler, scheduler, CFG, seed, ...), the model files, the memory switches, hires fix, fix faces and
ControlNet."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.core.generation.request import HiresFix
from app.core.models.families import MEMORY_SWITCHES, SET_SLOTS, MemoryFlags
from app.core.words import translate
from app.ui.batch import BatchControls
from app.ui.draft_binding import DraftBinding
from app.ui.faces_and_control import FacesAndControl
from app.ui.file_field import FileField
from app.ui.number_boxes import decimal_box, flags_chosen, memory_control
from app.ui.request_rows import RequestRows


class AdvancedPart(QWidget):
    """`rows` (one control per declared field), `memory_controls` (one per memory switch, by its name), under
    `automatic`; `hires` with its scale and strength; `faces_and_control`; `batch`."""

    def __init__(self, slot_fields: dict[str, FileField], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.batch = BatchControls(self)
        self.rows = RequestRows(self)
        self.automatic = QCheckBox(translate("PromptPanel", "&Automatic"), self)
        self.automatic.setChecked(True)
        self.automatic.setToolTip(translate("PromptPanel", "The planner chooses where each part goes, and retries "
                                                           "safer when VRAM runs out"))
        defaults = MemoryFlags()
        self.memory_controls: dict[str, QCheckBox | QDoubleSpinBox] = {
            name: memory_control(self, switch, getattr(defaults, name)) for name, switch in MEMORY_SWITCHES.items()}
        for widget in self.memory_controls.values():
            widget.setEnabled(False)
        self.automatic.toggled.connect(self._on_automatic_toggled)
        # short: the row is labelled "Hires fix", and Windows' fonts make every word of the pane wider
        self.hires = QCheckBox(translate("PromptPanel", "&On"), self)
        self.hires.setAccessibleName(translate("PromptPanel", "Hires fix: a second pass at a larger size"))
        self.hires.setToolTip(translate("PromptPanel", "Draws at the chosen size, then enlarges and refines it "
                                                       "(A1111's hires fix)"))
        self.faces_and_control = FacesAndControl(self)
        self.hires_scale = decimal_box(self, 1.1, 4, 0.25, HiresFix().scale, translate("PromptPanel",
                                                                                       "Hires fix scale"))
        self.hires_scale.setPrefix("x")
        self.hires_strength = decimal_box(self, 0.05, 1, 0.05, HiresFix().denoising_strength,
                                          translate("PromptPanel", "Hires fix denoising strength"))
        self._lay_out(slot_fields)

    def _lay_out(self, slot_fields: dict[str, FileField]) -> None:
        manual = QGridLayout()
        for i, box in enumerate(self.memory_controls.values()):
            manual.addWidget(box, i, 0)  # one column: two side by side need ~640 px with Windows' fonts
        memory = QVBoxLayout()
        memory.addWidget(self.automatic)
        memory.addLayout(manual)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        # rows too wide for the window's narrow column go under their label (the memory switches, hires fix)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        form.addRow(self.batch)
        self.rows.add_rows(form)
        for name, field in slot_fields.items():
            form.addRow(translate("Slots", SET_SLOTS[name].words), field)
        form.addRow(QLabel(translate("PromptPanel", "Memory"), self))
        form.addRow(memory)
        hires = QHBoxLayout()
        hires.addWidget(self.hires)
        hires.addWidget(self.hires_scale)
        hires.addWidget(QLabel(translate("PromptPanel", "denoising"), self))
        hires.addWidget(self.hires_strength)
        form.addRow(QLabel(translate("PromptPanel", "Hires fix"), self))
        form.addRow(hires)
        self.faces_and_control.add_rows(form, self)

    def bind(self, binding: DraftBinding) -> None:
        """The rows show the draft's values (reuse puts them back); memory, hires fix, fix faces and ControlNet
        stay the user's."""
        binding.bind(self.rows.changes(), self.rows.values, self.rows.show)
        memory_changes = [control.toggled if isinstance(control, QCheckBox) else control.valueChanged
                          for control in self.memory_controls.values()]
        binding.bind([self.automatic.toggled, *memory_changes], self.memory)
        binding.bind([self.hires.toggled, self.hires_scale.valueChanged, self.hires_strength.valueChanged],
                     self.hires_fix)
        binding.bind(self.faces_and_control.changes(), self.faces_and_control_held)

    def memory(self) -> dict[str, Any]:
        return {"memory": None if self.automatic.isChecked() else flags_chosen(self.memory_controls)}

    def hires_fix(self) -> dict[str, Any]:
        return {"hires": HiresFix(self.hires_scale.value(), self.hires_strength.value()) if self.hires.isChecked()
                else None}

    def faces_and_control_held(self) -> dict[str, Any]:
        return {"face_fix": self.faces_and_control.face_fix(), "control": self.faces_and_control.control()}

    def _on_automatic_toggled(self, automatic: bool) -> None:
        for control in self.memory_controls.values():
            control.setEnabled(not automatic)
