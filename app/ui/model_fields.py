"""Which model draws: the picker of the downloaded models and the user's own sets, and one file field per model
slot (in the Advanced part), which the picker fills and names."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from app.core.models.catalog import ModelChoice, files_label
from app.core.models.families import SET_SLOTS, ModelFiles
from app.core.words import translate
from app.services.draft import Draft
from app.ui.draft_binding import DraftBinding
from app.ui.file_field import FileField
from app.ui.model_picker import ModelPicker


class ModelFields(QObject):
    """The `picker` and the slots' `fields` (by slot name), writing the request's model files into the draft; a
    choice picked also sets its steps and CFG there."""

    own_set_edited = Signal(str, dict)  # (a set of the user's own files, its slots as the fields now hold them)

    def __init__(self, draft: Draft, parent: QWidget) -> None:
        super().__init__(parent)
        self.draft = draft
        self.picker = ModelPicker(parent)
        self.picker.setAccessibleName(translate("PromptPanel", "Model"))
        self.picker.activated.connect(self._on_model_picked)
        self.fields = {name: FileField(translate("Slots", slot.title), parent) for name, slot in SET_SLOTS.items()}
        self._choices: list[ModelChoice] = []
        self._filling = False  # a choice fills the fields: no field is the user's edit meanwhile
        self._own_set: str | None = None  # the user's own set the fields were filled from, while they are edited
        for field in self.fields.values():
            field.line_edit.textChanged.connect(self._on_field_edited)
        draft.family_changed.connect(self._show_model)  # own files are named with their family
        self.set_choices([])

    def bind(self, binding: DraftBinding) -> None:
        binding.bind([field.line_edit.textChanged for field in self.fields.values()], self.held)

    def held(self) -> dict[str, Any]:
        return {"models": ModelFiles(**{name: field.path() for name, field in self.fields.items()})}

    def set_choices(self, choices: list[ModelChoice]) -> None:
        """The picker's entries: the downloaded models and the user's sets, each by its name."""
        self._choices = choices
        self._show_model()

    def pick(self, label: str) -> None:
        """Fill every model slot from a complete preset or a custom set (the other slots are cleared)."""
        choice = next(c for c in self._choices if c.label == label)
        self._own_set = choice.own_set
        self._filling = True
        for slot, field in self.fields.items():
            field.set_path(choice.slots.get(slot))
        self._filling = False
        steps = choice.steps or self.draft.request.steps
        self.draft.edit(dataclasses.replace(self.draft.request, steps=steps, cfg_scale=choice.cfg_scale))
        self._show_model()

    def _chosen_files(self) -> dict[str, Path]:
        return {slot: path for slot, field in self.fields.items() if (path := field.path()) is not None}

    def _show_model(self) -> None:
        """The picker names what the model fields hold: the choice they are, else their own name (the demo model,
        or the main file's name and its family) as an entry of its own before the choices."""
        files = self._chosen_files()
        chosen = next((i for i, choice in enumerate(self._choices) if choice.slots == files), None)
        labels = [choice.label for choice in self._choices]
        if chosen is None:
            labels.insert(0, files_label(ModelFiles(**files), self.draft.family))
        picker = self.picker
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

    def _on_field_edited(self) -> None:
        if self._filling:
            return
        files = self._chosen_files()  # the user corrects their own set: it keeps that, after a restart too
        if self._own_set and {"model", "diffusion_model"} & files.keys() and all(p.is_file() for p in files.values()):
            self.own_set_edited.emit(self._own_set, {slot: str(path) for slot, path in files.items()})
        self._show_model()
        if self.picker.currentText() not in (choice.label for choice in self._choices):
            # the user's own files now: the preset's settings no longer apply
            self.draft.edit(dataclasses.replace(self.draft.request, cfg_scale=None))

    def _on_model_picked(self, index: int) -> None:
        label = self.picker.itemText(index)
        if any(choice.label == label for choice in self._choices):
            self.pick(label)
