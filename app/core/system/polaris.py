"""Is this Vulkan device an AMD Polaris card (RX 460-590), and what do its drivers say? From the PCI ID table and
the driver facts in resources/ (polaris_ids.json, polaris_drivers.json)."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any

from app.core.resources import resource_path
from app.core.system.vulkaninfo import VENDOR_AMD, VulkanDevice


@dataclass(frozen=True)
class PolarisTable:
    device_ids: frozenset[int]
    radv_names: tuple[str, ...]
    chips: dict[int, str]  # device ID -> its chip, e.g. 0x67DF -> "Polaris10"
    model_names: tuple[str, ...] = ()


@functools.cache
def polaris_table() -> PolarisTable:
    data = json.loads(resource_path("polaris_ids.json").read_text(encoding="utf-8"))
    chips = {int(i, 16): chip for chip, ids in data["families"].items() for i in ids}
    return PolarisTable(frozenset(chips), tuple(data["radv_names"]), chips, tuple(data["model_names"]))


def is_polaris(device: VulkanDevice, table: PolarisTable | None = None) -> bool:
    table = table or polaris_table()
    if device.vendor_id == VENDOR_AMD and device.device_id in table.device_ids:
        return True
    # RADV names the chip in the device name, e.g. "AMD Radeon RX 580 Series (RADV POLARIS10)"
    if any(name in device.name.upper() for name in table.radv_names):
        return True
    # AMD's Windows driver names only the model ("Radeon RX 580 Series"); an excerpt may lack the PCI ID.
    # "RX 5500 XT" is not an "RX 550": no digit may follow.
    if device.vendor_id not in (None, VENDOR_AMD):
        return False
    return any(re.search(rf"\b{re.escape(model)}(?!\d)", device.name) for model in table.model_names)


@dataclass(frozen=True)
class DriverFacts:
    """What users and AMD report about Polaris drivers (resources/polaris_drivers.json)."""

    pre_rdna_branch: tuple[int, int]  # AMD's Windows branch for Polaris and Vega: 23.19
    best_release: tuple[int, ...]  # the Adrenalin release Polaris users report as the best: 22.11.2
    floor_release: tuple[int, ...]  # older than this is worth replacing
    vulkan_1_3_release: tuple[int, ...]  # the first Adrenalin release with Vulkan 1.3
    mesa_floor: tuple[int, ...]  # the oldest RADV (Mesa) we accept without a warning


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


@functools.cache
def driver_facts() -> DriverFacts:
    data: dict[str, Any] = json.loads(resource_path("polaris_drivers.json").read_text(encoding="utf-8"))
    windows = data["amd_windows"]
    major, minor = _numbers(windows["pre_rdna_branch"])
    return DriverFacts((major, minor), _numbers(windows["best_release"]), _numbers(windows["floor_release"]),
                       _numbers(windows["vulkan_1_3_release"]), _numbers(data["mesa"]["floor"]))


def version_text(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


@dataclass(frozen=True)
class AmdWindowsDriver:
    """AMD's own (proprietary) driver as vulkaninfo words it."""

    text: str  # the version as driverInfo words it ("21.30.02.13"); "" when it does not say
    version: tuple[int, ...]  # its numbers
    is_branch: bool  # `version` is AMD's internal branch number (23.19.10.11), not an Adrenalin release (26.5.2)
    packed: str  # driverVersion decoded, AMD's Vulkan driver number (2.0.279)
    api_version: tuple[int, ...]

    @property
    def on_pre_rdna_branch(self) -> bool:
        return self.is_branch and self.version[:2] == driver_facts().pre_rdna_branch

    @property
    def below_vulkan_1_3(self) -> bool:
        """It says it offers less than Vulkan 1.3: older than Adrenalin 22.1.2."""
        return bool(self.api_version) and self.api_version[:2] < (1, 3)

    @property
    def older_than_floor(self) -> bool:
        facts = driver_facts()
        if self.below_vulkan_1_3:
            return True
        if not self.version:
            return False
        if self.is_branch:
            # branch numbers start with the year they were cut: one from before 2022 predates 22.11.2
            return self.version[0] < facts.floor_release[0]
        return self.version < facts.floor_release


_LEADING_VERSION = re.compile(r"^\s*(\d+(?:\.\d+)+)")


def amd_windows_driver(device: VulkanDevice) -> AmdWindowsDriver:
    """Decode the driver version: driverInfo is "26.5.2 (AMD proprietary shader compiler)" from newer drivers (the
    Adrenalin release: year, month, patch) or "23.19.10.11 (...)" from older ones (AMD's branch number, whose second
    part is above 12); driverVersion packs AMD's Vulkan driver number (2.0.279) the Vulkan way."""
    match = _LEADING_VERSION.match(device.driver_info or "")
    version = _numbers(match.group(1)) if match else ()
    api = tuple(int(part) for part in re.findall(r"\d+", device.api_version)[:3])
    return AmdWindowsDriver(match.group(1) if match else "", version, len(version) >= 2 and version[1] > 12,
                            device.driver_version, api)


_MESA_VERSION = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?")


def mesa_version(device: VulkanDevice) -> tuple[int, ...]:
    """RADV's Mesa version: driverInfo "Mesa 23.2.1-1ubuntu3.1~22.04.3", else driverVersion (the Vulkan packing)."""
    match = _MESA_VERSION.search(device.driver_info or "") or _MESA_VERSION.search(device.driver_version)
    if not match:
        return ()
    return tuple(int(part) for part in match.groups() if part is not None)
