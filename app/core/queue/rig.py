"""Rigs: which cards the queue runs jobs on at once, and when the host's RAM says one job must wait."""

from __future__ import annotations

from app.core.sizes import format_size
from app.core.system.vulkaninfo import DeviceType, VulkanDevice, preferred_device


def rig_cards(devices: list[VulkanDevice]) -> list[VulkanDevice]:
    """Every discrete card when there are two or more (an ex-mining rig): one job on each at once. Otherwise the
    one card the app would pick for a single job; an iGPU beside a card shares the host's RAM and would only
    slow the card's jobs down."""
    discrete = [d for d in devices if d.device_type is DeviceType.DISCRETE and d.vram_heap is not None]
    if len(discrete) >= 2:
        return discrete
    chosen = preferred_device(devices)
    return [chosen] if chosen else []


def card_label(device: VulkanDevice) -> str:
    """`GPU 1: AMD Radeon RX 580 (8.0 GiB)`: the card as the queue strip and the gauge name it."""
    vram = f" ({format_size(device.vram_bytes)})" if device.vram_bytes else ""
    return f"GPU {device.index}: {device.name}{vram}"


def ram_wait_reason(job_ram: int, running_ram: list[int], host_ram: int) -> str | None:
    """Why a job must wait for a running one to end before it starts beside it, or None when the predicted RAM
    of all of them fits the host (two Flux jobs each holding T5-XXL in RAM do not fit 32 GB)."""
    if not running_ram:
        return None
    total = job_ram + sum(running_ram)
    if total <= host_ram:
        return None
    return (f"Waits for a running job: beside it, it would need {format_size(total)} of RAM in all "
            f"and {format_size(host_ram)} is free.")
