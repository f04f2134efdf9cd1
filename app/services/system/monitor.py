"""Samples RAM, VRAM and the backend's own memory for the gauge, at a throttled rate: VRAM through the app's one
`Machine`, whose vulkaninfo answers (the gauge's samples and every other part's questions) all show."""

from __future__ import annotations

import shutil

import psutil
from PySide6.QtCore import QObject, QTimer, Signal

from app.core.queue.rig import card_label, rig_cards
from app.core.system.nvidia_smi import nvidia_smi_argv, reserved_bytes
from app.core.system.usage import ResourceSample, vram_usage
from app.core.system.vulkaninfo import VENDOR_NVIDIA, VulkanDevice, preferred_device
from app.services.system.machine import Machine
from app.services.system.vulkaninfo_run import VulkaninfoResult
from app.services.tool_run import ToolResult, ToolRun

BUSY_INTERVAL_MS = 1000  # while a generation runs
IDLE_INTERVAL_MS = 5000
# vulkaninfo costs tens of milliseconds of CPU: ask it only every this many samples
VRAM_EVERY_BUSY = 2
VRAM_EVERY_IDLE = 3


class ResourceMonitor(QObject):
    """Emits `sampled(ResourceSample)`; never blocks and never runs two vulkaninfo at once."""

    sampled = Signal(object)
    cards_sampled = Signal(list)  # [(card label, VRAM total, VRAM used)] of every card a rig's queue can use

    def __init__(self, machine: Machine, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._on_tick)
        self._machine = machine
        machine.looked.connect(self._on_looked)
        self._vulkaninfo = machine.can_look  # none at all: the gauge shows RAM only, without asking again
        self._vram: tuple[int | None, int | None] = (None, None)
        self._backend: psutil.Process | None = None
        # what NVIDIA's driver keeps for itself, asked of nvidia-smi once: the gauge shows what programs use
        self._reserved = 0
        self._reservation = ToolRun(10_000, self)
        self._reservation.finished.connect(self._on_reservation_answered)
        self._reservation_asked = False
        self._ticks = 0
        self.vulkaninfo_runs = 0

    @property
    def busy(self) -> bool:
        return self._backend is not None

    def start(self) -> None:
        self._timer.start(IDLE_INTERVAL_MS)
        self._on_tick()

    def stop(self) -> None:
        self._timer.stop()  # a vulkaninfo in flight is the machine's: others may wait for its answer
        self._reservation.stop_now()

    def set_backend_pid(self, pid: int | None) -> None:
        """Follow the backend's memory while it runs, and sample faster meanwhile."""
        try:
            self._backend = psutil.Process(pid) if pid else None
        except psutil.Error:
            self._backend = None
        if self._timer.isActive():
            self._timer.start(BUSY_INTERVAL_MS if self.busy else IDLE_INTERVAL_MS)

    def _on_tick(self) -> None:
        every = VRAM_EVERY_BUSY if self.busy else VRAM_EVERY_IDLE
        if self._vulkaninfo and not self._machine.looking and self._ticks % every == 0:
            self.vulkaninfo_runs += 1
            self._machine.sample()
        self._ticks += 1
        self.sampled.emit(self.sample())

    def sample(self) -> ResourceSample:
        memory = psutil.virtual_memory()
        rss = None
        if self._backend is not None:
            try:
                rss = self._backend.memory_info().rss
            except psutil.Error:
                self._backend = None
        total, used = self._vram
        return ResourceSample(memory.total, memory.total - memory.available, total, used, rss)

    def _on_looked(self, _result: VulkaninfoResult, devices: list[VulkanDevice] | None) -> None:
        if devices is not None:
            device = preferred_device(devices)
            if device is not None and device.vendor_id == VENDOR_NVIDIA and not self._reservation_asked:
                self._ask_the_reservation()
            self._vram = vram_usage(device, self._reserved)
            self.sampled.emit(self.sample())
            self.cards_sampled.emit([(card_label(card.device), *vram_usage(card.device))
                                     for card in rig_cards(devices)])

    def _ask_the_reservation(self) -> None:
        self._reservation_asked = True
        argv = find_nvidia_smi()
        if argv is not None:
            self._reservation.start(argv)

    def _on_reservation_answered(self, result: ToolResult) -> None:
        reserved = reserved_bytes(result.stdout) if result.exit_code == 0 else None
        self._reserved = reserved or 0  # no answer: the gauge stays as Vulkan reads it


def find_nvidia_smi() -> list[str] | None:
    return nvidia_smi_argv(shutil.which)
