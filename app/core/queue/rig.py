"""Rigs: which cards the queue runs jobs on at once, and when the host's RAM says one job must wait."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.sizes import format_size
from app.core.system.vulkaninfo import DeviceType, VulkanDevice, preferred_device
from app.core.words import translate


@dataclass(frozen=True)
class RigCard:
    device: VulkanDevice
    ticked: bool  # runs jobs unless the user unticks it


def rig_cards(devices: list[VulkanDevice]) -> list[RigCard]:
    """The graphics cards the queue can run jobs on at once, the one a single job would use first. Every card
    is ticked; an integrated GPU beside a card is offered unticked (it shares the host's RAM and would hold the
    batch up), and a CPU device (lavapipe) is no card at all."""
    gpus = [d for d in devices if d.device_type in (DeviceType.DISCRETE, DeviceType.INTEGRATED)
            and d.vram_heap is not None and d.is_hardware]  # Dozen's copy of a card is no second card
    first = preferred_device(gpus)
    ordered = sorted(gpus, key=lambda d: (d is not first, d.index))
    any_discrete = any(d.device_type is DeviceType.DISCRETE for d in gpus)
    return [RigCard(d, d.device_type is DeviceType.DISCRETE or not any_discrete) for d in ordered]


# the label of this computer's one device when it is no card of a rig: a name in events, the queue file and the
# command line's JSON, in English; the window says it with `card_words`
LOCAL_CARD = "the graphics card"


def card_words(label: str, on_processor: bool) -> str:
    """A card's label as the window shows it: this computer's own device in the user's language, and as the
    processor where Vulkan runs on it (no graphics card that can draw); a rig's card or another computer by name."""
    if label != LOCAL_CARD:
        return label
    return translate("Queue", "this computer's processor") if on_processor else translate("Queue",
                                                                                          "the graphics card")


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
