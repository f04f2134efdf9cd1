"""How full the memories are: one sample for the live gauge."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.system.vulkaninfo import VulkanDevice


@dataclass(frozen=True)
class ResourceSample:
    ram_total: int
    ram_used: int
    vram_total: int | None = None  # None until vulkaninfo has answered
    vram_used: int | None = None  # None where the driver has no VK_EXT_memory_budget
    backend_rss: int | None = None  # the running sd.cpp process's resident memory

    @property
    def ram_fraction(self) -> float:
        return self.ram_used / self.ram_total if self.ram_total else 0.0

    @property
    def vram_fraction(self) -> float | None:
        if self.vram_total is None or self.vram_used is None or not self.vram_total:
            return None
        return self.vram_used / self.vram_total


def vram_usage(device: VulkanDevice | None, driver_reserved: int = 0) -> tuple[int | None, int | None]:
    """(total, used by all programs) of the device's largest VRAM heap; used is None without a budget.

    VK_EXT_memory_budget reports for the asking process (here vulkaninfo): its budget is what is left after
    every other program's use, so size - budget + its own usage is all the memory no program can have. On the
    H100 that was nvidia-smi's Used plus its Reserved plus 16 MiB, idle (496 = 0 + 480 + 16) and while SDXL
    ran (6054 = 5558 + 480 + 16; tests/data/calibration/h100_gauge.json): the ~500 MiB the gauge read above
    nvidia-smi is the driver's own reservation, not vulkaninfo's (its usage is 0). Given that reservation
    (`driver_reserved`, e.g. nvidia-smi's memory.reserved), the gauge shows what programs use of the rest."""
    heap = device.vram_heap if device else None
    if heap is None:
        return None, None
    total = heap.size - driver_reserved
    if not heap.budget:  # absent, or 0 from drivers that list the field without filling it in
        return total, None
    return total, max(0, heap.size - heap.budget + (heap.usage or 0) - driver_reserved)
