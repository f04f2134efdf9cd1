from __future__ import annotations

from pathlib import Path

from app.core.vulkaninfo import VulkanDevice, parse_summary, preferred_device

DATA = Path(__file__).resolve().parents[1] / "data" / "vulkaninfo"


def test_lavapipe_summary_is_one_cpu_device() -> None:
    [device] = parse_summary((DATA / "lavapipe_summary.txt").read_text())
    assert device.index == 0
    assert device.is_cpu
    assert device.name.startswith("llvmpipe")
    assert device.api_version.startswith("1.3")


def test_nvidia_summary_is_one_discrete_gpu() -> None:
    [device] = parse_summary((DATA / "nvidia_h200_summary.txt").read_text())
    assert (device.name, device.device_type, device.driver_info) == (
        "NVIDIA H200", "PHYSICAL_DEVICE_TYPE_DISCRETE_GPU", "580.159.04")


def test_a_discrete_card_wins_over_the_igpu_and_the_cpu_device() -> None:
    def device(index: int, kind: str) -> VulkanDevice:
        return VulkanDevice(index, f"dev{index}", f"PHYSICAL_DEVICE_TYPE_{kind}", "1.3", "")

    devices = [device(0, "INTEGRATED_GPU"), device(1, "CPU"), device(2, "DISCRETE_GPU")]
    assert preferred_device(devices) == devices[2]
    assert preferred_device(devices[:2]) == devices[0]
    assert preferred_device([]) is None


def test_text_without_devices_gives_none() -> None:
    assert parse_summary("ERROR: [Loader Message] vkCreateInstance failed\n") == []
