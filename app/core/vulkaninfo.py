"""`vulkaninfo --summary` text -> the Vulkan devices a machine has (the only place that parses it)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_GPU = re.compile(r"^GPU(\d+):\s*$")
_FIELD = re.compile(r"^\s+(\w+)\s*=\s*(.*?)\s*$")

# ggml prefers real GPUs; among several, a discrete card (the RX 580) beats the CPU's iGPU.
_PREFERENCE = {
    "PHYSICAL_DEVICE_TYPE_DISCRETE_GPU": 0,
    "PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU": 1,
    "PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU": 2,
    "PHYSICAL_DEVICE_TYPE_CPU": 3,
}


@dataclass(frozen=True)
class VulkanDevice:
    index: int
    name: str
    device_type: str
    api_version: str
    driver_info: str

    @property
    def is_cpu(self) -> bool:
        return self.device_type == "PHYSICAL_DEVICE_TYPE_CPU"


def parse_summary(text: str) -> list[VulkanDevice]:
    devices: list[VulkanDevice] = []
    fields: dict[str, str] = {}
    index: int | None = None

    def close() -> None:
        if index is not None:
            devices.append(VulkanDevice(
                index=index,
                name=fields.get("deviceName", "unknown device"),
                device_type=fields.get("deviceType", "PHYSICAL_DEVICE_TYPE_OTHER"),
                api_version=fields.get("apiVersion", ""),
                driver_info=fields.get("driverInfo", ""),
            ))

    for line in text.splitlines():
        gpu = _GPU.match(line)
        if gpu:
            close()
            index, fields = int(gpu.group(1)), {}
        elif index is not None and (field := _FIELD.match(line)):
            fields[field.group(1)] = field.group(2)
    close()
    return devices


def preferred_device(devices: list[VulkanDevice]) -> VulkanDevice | None:
    ranked = sorted(devices, key=lambda d: (_PREFERENCE.get(d.device_type, 4), d.index))
    return ranked[0] if ranked else None
