"""The prompt panel's number fields: whole numbers, decimals and the memory switches' controls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QSpinBox, QWidget

from app.core.models.families import MemoryFlags, MemorySwitch
from app.core.words import translate


def whole_box(parent: QWidget, low: int, high: int, value: int, name: str, tip: str, step: int = 1,
              suffix: str = "") -> QSpinBox:
    box = QSpinBox(parent)
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setValue(value)
    box.setSuffix(suffix)
    box.setAccessibleName(name)
    box.setToolTip(tip)
    return box


def decimal_box(parent: QWidget, low: float, high: float, step: float, value: float, name: str,
                decimals: int = 2) -> QDoubleSpinBox:
    box = QDoubleSpinBox(parent)
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setDecimals(decimals)
    box.setValue(value)
    box.setAccessibleName(name)
    return box


def memory_control(parent: QWidget, switch: MemorySwitch, default: bool | float | None) -> QCheckBox | QDoubleSpinBox:
    """A check box for an on/off switch; a spin box for a number, 0 meaning off."""
    if not switch.unit:
        box = QCheckBox(translate("Memory", switch.words), parent)
        box.setChecked(bool(default))
        return box
    spin = decimal_box(parent, 0, 64, 0.5, 0, translate("Memory", switch.words), decimals=1)
    spin.setSuffix(f" {switch.unit}")
    spin.setSpecialValueText(translate("Memory", switch.off_words))
    spin.setToolTip(translate("Memory", switch.tooltip))
    return spin


def flags_chosen(controls: Mapping[str, QCheckBox | QDoubleSpinBox]) -> MemoryFlags:
    """The memory switches as set by hand: each ticked or not, or its number (0: off)."""
    chosen: dict[str, Any] = {name: control.isChecked() if isinstance(control, QCheckBox) else control.value() or None
                              for name, control in controls.items()}
    return MemoryFlags(**chosen)
