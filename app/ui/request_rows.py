"""The Advanced part's rows for the request's declared fields (request.REQUEST_FIELDS with `row`): a list for a
choice, a number box for a number, each with its "model's default" (or "random") at the bottom of its range."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QFormLayout, QWidget

from app.core.generation.fields import RequestField
from app.core.generation.request import REQUEST_FIELDS, GenerationRequest
from app.core.words import translate
from app.ui.number_boxes import decimal_box


def field_control(parent: QWidget, declared: RequestField) -> QComboBox | QDoubleSpinBox:
    """A field's control, at its unset value (the model's own) where it has one, else at its least."""
    words = translate("RequestFields", declared.words)
    if declared.choices:
        combo = QComboBox(parent)
        combo.addItem(translate("RequestFields", declared.unset), None)
        for choice in declared.choices:
            combo.addItem(choice.name, choice.code)
        combo.setAccessibleName(words)
        control: QComboBox | QDoubleSpinBox = combo
    else:
        assert declared.least is not None and declared.most is not None, "a number row has a range"
        # the bottom of the box says "model's default": the least itself where it is refused (CFG 0), else one
        # step below it (a seed of -1)
        bottom = declared.least if declared.above_least or not declared.unset else declared.least - declared.step
        # a whole number in a decimal box: seeds go up to 2**32 - 1 (A1111's), past a QSpinBox's C int
        decimals = 0 if declared.kind is int else 2 if declared.step < 0.1 else 1
        box = decimal_box(parent, bottom, declared.most, declared.step, bottom, words, decimals)
        box.setSpecialValueText(translate("RequestFields", declared.unset))
        control = box
    if declared.help:
        control.setToolTip(translate("RequestFields", declared.help))
    return control


class RequestRows:
    """One control per declared field with a row, by the field's name."""

    def __init__(self, parent: QWidget) -> None:
        self.controls = {name: field_control(parent, declared) for name, declared in REQUEST_FIELDS.items()
                         if declared.row}

    def changes(self) -> list[SignalInstance]:
        return [control.currentIndexChanged if isinstance(control, QComboBox) else control.valueChanged
                for control in self.controls.values()]

    def add_rows(self, form: QFormLayout) -> None:
        for name, control in self.controls.items():
            form.addRow(translate("RequestFields", REQUEST_FIELDS[name].words), control)

    def values(self) -> dict[str, Any]:
        """Each row's value: None at its "model's default"."""
        values: dict[str, Any] = {}
        for name, control in self.controls.items():
            if isinstance(control, QComboBox):
                values[name] = control.currentData()
            elif control.value() == control.minimum() and REQUEST_FIELDS[name].unset:
                values[name] = None
            else:
                values[name] = REQUEST_FIELDS[name].kind(round(control.value(), control.decimals()))
        return values

    def show(self, request: GenerationRequest) -> None:
        for name in self.controls:
            self.set_value(name, getattr(request, name))

    def set_value(self, name: str, value: object) -> None:
        control = self.controls[name]
        if isinstance(control, QComboBox):
            control.setCurrentIndex(max(0, control.findData(value)))  # an unknown name: the model's default
        else:
            control.setValue(control.minimum() if value is None else float(value))  # type: ignore[arg-type]
