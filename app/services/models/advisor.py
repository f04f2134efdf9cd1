"""Which catalog model suits this computer: the Machine's card and backend, this computer's memory and cores, and
the core's advice (app/core/models/advice.py) for them, without blocking the window."""

from __future__ import annotations

from dataclasses import dataclass

import psutil
from PySide6.QtCore import QObject, Signal

from app.core.generation.status_words import short_card_name
from app.core.models.catalog import Catalog
from app.core.planning.advice import ModelAdvice, advise, recommended, time_words
from app.core.planning.plan import device_from_vulkan
from app.core.sizes import format_size
from app.core.system.vulkaninfo import VulkanDevice
from app.core.words import translate
from app.services.system.backend import BackendMissing
from app.services.system.host import time_host
from app.services.system.machine import Machine


@dataclass(frozen=True)
class MachineAdvice:
    """The catalog on this computer's card: every preset's plan and time, and the one to recommend."""

    device: VulkanDevice
    models: tuple[ModelAdvice, ...]
    best: ModelAdvice | None

    @property
    def card_words(self) -> str:
        """'AMD Radeon RX 580 Series', or the processor when Vulkan runs on it (llvmpipe)."""
        return translate("Advice", "processor") if self.device.is_cpu else short_card_name(self.device.name)

    @property
    def sentence(self) -> str:
        """'Recommended for your AMD Radeon RX 580 Series: FLUX.2 klein 4B, 6.6 GiB to download; a picture takes
        about 4-7 minutes at 1024 x 1024.', or that nothing fits. The model by the name people call it: how its
        weights are stored ("Q8_0", "fp16") is an engineer's word, on its card for those who look."""
        if self.best is None:
            return translate("Advice", "None of the models to download fits your {card}: the Models window takes "
                                       "model files you already have.").format(card=self.card_words)
        preset = self.best.preset
        return translate("Advice", "Recommended for your {card}: {model}, {size} to download; a picture takes "
                                   "{time}.").format(card=self.card_words, model=preset.known_as,
                                                     size=format_size(preset.total_bytes), time=time_words(self.best))

    def of(self, preset_id: str) -> ModelAdvice | None:
        return next((item for item in self.models if item.preset.id == preset_id), None)


class ModelAdvisor(QObject):
    """`advised(MachineAdvice | str)` after `ask`: the advice, or why there is none, in words. The Machine's card
    and backend are asked once for the app; until they have answered, the advice waits for them."""

    advised = Signal(object)

    def __init__(self, machine: Machine, catalog: Catalog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.machine = machine
        self.catalog = catalog
        self._waiting = False
        machine.devices_changed.connect(self._on_machine_answered)
        machine.backend_answered.connect(self._on_machine_answered)

    def ask(self) -> None:
        self._waiting = True
        if not self.machine.ask():
            self._answer()

    def _on_machine_answered(self, *_: object) -> None:
        if self._waiting and not (self.machine.looking or self.machine.asking_backend):
            self._answer()

    def _answer(self) -> None:
        self._waiting = False
        self.advised.emit(self._advice())

    def _advice(self) -> MachineAdvice | str:
        device = self.machine.preferred_device
        if device is None:
            return translate("Advice", "No graphics device was found, so no model can be recommended yet.")
        try:
            caps = self.machine.caps(self.machine.backend())
        except BackendMissing:
            return translate("Advice", "The drawing program did not start, so no model can be recommended yet.")
        memory = psutil.virtual_memory()
        planned = device_from_vulkan(device, memory.total, time_host())
        if planned is None:
            return translate("Advice", "The graphics card did not say how much memory it has, so no model can be "
                                       "recommended.")
        models = advise(self.catalog, planned, memory.available, caps)
        return MachineAdvice(device, tuple(models), recommended(models, self.catalog.recommended_order))
