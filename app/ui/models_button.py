"""The Models button beside the model picker: "Get models…" until one is installed, it opens the Models window
and keeps the picker's choices (and the LoRA list) as the models folder holds them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QPushButton, QWidget

from app.core.models.catalog import Catalog, model_choices, save_custom_set
from app.core.words import translate
from app.services.system.machine import Machine
from app.ui.models_window import ModelsWindow
from app.ui.prompt_panel import PromptPanel


class ModelsButton(QPushButton):
    """Opens `models_window` (made when first needed) over `models_dir`; the panel's picker follows."""

    def __init__(self, catalog: Catalog, models_dir: Path, machine: Machine, panel: PromptPanel,
                 parent: QWidget | None = None) -> None:
        super().__init__(translate("MainWindow", "Get mod&els…"), parent)
        self.setToolTip(translate("MainWindow", "Download Flux, SD 1.5 or SDXL, or add model files you already have"))
        self.catalog, self.models_dir, self._machine, self._panel = catalog, models_dir, machine, panel
        self.models_window: ModelsWindow | None = None
        self.clicked.connect(self.open_models)
        panel.own_set_edited.connect(self._on_own_set_edited)

    def refresh_model_choices(self) -> None:
        choices = model_choices(self.catalog, self.models_dir)
        self._panel.set_model_choices(choices)
        # the LoRA folder is the models folder's: a LoRA added in the Models window shows at once
        self._panel.lora_picker.folder = self.models_dir / "loras"
        self._panel.lora_picker.refresh()
        # nothing installed yet: say where models come from
        self.setText(translate("MainWindow", "Mod&els…") if choices else translate("MainWindow", "Get mod&els…"))

    def _on_own_set_edited(self, name: str, slots: dict[str, str]) -> None:
        save_custom_set(self.models_dir, name, slots)
        self.refresh_model_choices()

    def open_models(self) -> None:
        if self.models_window is None:
            self.models_window = ModelsWindow(self.catalog, self.models_dir, self._machine, self.window())
            self.models_window.choices_changed.connect(self.refresh_model_choices)
        self.models_window.show()
        self.models_window.raise_()
