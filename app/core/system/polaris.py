"""Is this Vulkan device an AMD Polaris card (RX 460-590)? From the PCI ID table in resources/."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from app.core.resources import resource_path
from app.core.system.vulkaninfo import VENDOR_AMD, VulkanDevice


@dataclass(frozen=True)
class PolarisTable:
    device_ids: frozenset[int]
    radv_names: tuple[str, ...]
    chips: dict[int, str]  # device ID -> its chip, e.g. 0x67DF -> "Polaris10"


@functools.cache
def polaris_table() -> PolarisTable:
    data = json.loads(resource_path("polaris_ids.json").read_text(encoding="utf-8"))
    chips = {int(i, 16): chip for chip, ids in data["families"].items() for i in ids}
    return PolarisTable(frozenset(chips), tuple(data["radv_names"]), chips)


def is_polaris(device: VulkanDevice, table: PolarisTable | None = None) -> bool:
    table = table or polaris_table()
    if device.vendor_id == VENDOR_AMD and device.device_id in table.device_ids:
        return True
    # RADV names the chip in the device name, e.g. "AMD Radeon RX 580 Series (RADV POLARIS10)"
    return any(name in device.name.upper() for name in table.radv_names)
