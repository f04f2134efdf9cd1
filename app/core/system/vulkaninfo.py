"""`vulkaninfo` text -> the Vulkan devices a machine has. The only place that reads vulkaninfo output.

Reads the layouts users paste: the modern `--summary` (`GPU0:` blocks), the full text output (device
properties, memory heaps with `budget`/`usage` where VK_EXT_memory_budget exists, limits), and the older
1.1/1.2-era layouts (numeric `apiVersion = 4194306 (1.0.2)`, `deviceType = DISCRETE_GPU`, `memoryHeaps[0] :`,
`flags = 0x1`). Windows CRLF, loader warnings and several GPUs are fine; a partial paste gives partial
devices, never an exception. A fragment without any `GPU0` line (only the memory heaps, or only a properties
block) is the one device it describes; with no `deviceType` its kind is read from its heaps. The implicit layers the
loader puts into every Vulkan program (FPS counters, recorders) are read from the `Layers:` section (`layers`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum

_GPU_HEADER = re.compile(r"^GPU\s?(\d+)\s*:?$")
_KEY_VALUE = re.compile(r"^(\w+)\s*[=:]\s*(.*?)\s*$")
_HEAP_HEADER = re.compile(r"^memoryHeaps\s*\[(\d+)\]\s*:?\s*(.*)$")
# memory types name DEVICE_LOCAL too, so a heap's lines end where they or another section begin
_ENDS_HEAP = re.compile(r"^(?:memoryType|Vk\w+|=+$)")
_SUBGROUP_OPERATION = re.compile(r"SUBGROUP_FEATURE_(\w+?)_BIT")
_DOTTED = re.compile(r"\b(\d+\.\d+\.\d+(?:\.\d+)?)\b")
_INTEGER = re.compile(r"\b(0x[0-9a-fA-F]+|\d+)\b")

VENDOR_AMD = 0x1002
VENDOR_NVIDIA = 0x10DE
VENDOR_INTEL = 0x8086
# ggml-vulkan skips CPU-type devices (lavapipe) unless they are listed here, and this is also how a
# machine with an iGPU and an RX 580 is told which card to use.
VISIBLE_DEVICES_VARIABLE = "GGML_VK_VISIBLE_DEVICES"
MIN_VULKAN = (1, 2)  # ggml-vulkan's minimum


class DeviceType(StrEnum):
    DISCRETE = "discrete"
    INTEGRATED = "integrated"
    VIRTUAL = "virtual"
    CPU = "cpu"
    OTHER = "other"


_DEVICE_TYPES = {
    "DISCRETE_GPU": DeviceType.DISCRETE,
    "INTEGRATED_GPU": DeviceType.INTEGRATED,
    "VIRTUAL_GPU": DeviceType.VIRTUAL,
    "CPU": DeviceType.CPU,
}
# ggml prefers real GPUs; among several, a discrete card (the RX 580) beats the CPU's iGPU.
_PREFERENCE = [DeviceType.DISCRETE, DeviceType.INTEGRATED, DeviceType.VIRTUAL, DeviceType.OTHER, DeviceType.CPU]
# Vulkan drivers that draw on the processor, whatever deviceType they report
_SOFTWARE_DRIVERS = {"DRIVER_ID_MESA_LLVMPIPE", "DRIVER_ID_GOOGLE_SWIFTSHADER"}
_SOFTWARE_NAMES = ("llvmpipe", "SwiftShader", "Microsoft Basic Render Driver")
# Vulkan drivers that translate to another graphics API: they report the card's own type (Dozen: DISCRETE_GPU) but
# ggml's shader compiles hang on Dozen (sd.cpp #548), so the real driver of the same card is always preferred
_TRANSLATING_DRIVERS = {"DRIVER_ID_MESA_DOZEN": "Direct3D 12", "DRIVER_ID_MESA_VENUS": "a virtual machine's host"}
_DOZEN_NAME = "Microsoft Direct3D12 ("


def software_name(name: str) -> bool:
    """A Vulkan device's name that gives a driver drawing on the processor away (llvmpipe, SwiftShader)."""
    return name.startswith(_SOFTWARE_NAMES)


@dataclass(frozen=True)
class MemoryHeap:
    size: int
    device_local: bool
    budget: int | None = None  # only drivers with VK_EXT_memory_budget report these two
    usage: int | None = None


@dataclass(frozen=True)
class VulkanDevice:
    index: int
    name: str = "unknown device"
    vendor_id: int | None = None
    device_id: int | None = None
    device_type: DeviceType = DeviceType.OTHER
    api_version: str = ""
    driver_version: str = ""
    driver_id: str | None = None  # e.g. DRIVER_ID_AMD_PROPRIETARY, DRIVER_ID_MESA_RADV
    driver_name: str | None = None
    driver_info: str | None = None  # e.g. the Adrenalin or Mesa version, as the driver words it
    max_allocation_bytes: int | None = None
    heaps: tuple[MemoryHeap, ...] = ()
    subgroup_operations: frozenset[str] = frozenset()  # e.g. SHUFFLE, VOTE; empty when the paste lacks them

    @property
    def flash_attention(self) -> bool:
        # ggml-vulkan's scalar flash attention needs subgroup shuffle and vote (without coopmat2)
        return {"SHUFFLE", "VOTE"} <= self.subgroup_operations

    @property
    def is_cpu(self) -> bool:
        """Software Vulkan (lavapipe, SwiftShader): images are made on the processor."""
        return self.device_type is DeviceType.CPU or self.driver_id in _SOFTWARE_DRIVERS or software_name(self.name)

    @property
    def translates_to(self) -> str | None:
        """The graphics API this Vulkan device is built on, e.g. 'Direct3D 12' for Dozen; None for a card's own
        driver (and for software Vulkan, which is `is_cpu`)."""
        if self.is_cpu:
            return None
        if self.driver_id in _TRANSLATING_DRIVERS:
            return _TRANSLATING_DRIVERS[self.driver_id]
        return "Direct3D 12" if self.name.startswith(_DOZEN_NAME) else None

    @property
    def meets_vulkan_floor(self) -> bool:
        """It offers the Vulkan version ggml needs (True when the paste does not say)."""
        numbers = tuple(int(part) for part in re.findall(r"\d+", self.api_version)[:2])
        return not numbers or numbers >= MIN_VULKAN

    @property
    def is_hardware(self) -> bool:
        """A graphics card or iGPU driven by its own Vulkan driver: neither software nor a translation."""
        return not self.is_cpu and self.translates_to is None

    @property
    def vram_bytes(self) -> int | None:
        local = [heap.size for heap in self.heaps if heap.device_local]
        return max(local) if local else None

    @property
    def vram_heap(self) -> MemoryHeap | None:
        local = [heap for heap in self.heaps if heap.device_local]
        return max(local, key=lambda heap: heap.size) if local else None

    @property
    def host_heap(self) -> MemoryHeap | None:
        """The system memory the card reaches over PCIe (the heap without DEVICE_LOCAL): amdgpu's GTT, Windows'
        "shared GPU memory". Weights offloaded to the CPU are pinned there, within its `budget`."""
        host = [heap for heap in self.heaps if not heap.device_local]
        return max(host, key=lambda heap: heap.size) if host else None


def _integer(text: str) -> int | None:
    match = _INTEGER.search(text)
    if not match:
        return None
    return int(match.group(1), 16) if match.group(1).lower().startswith("0x") else int(match.group(1))


def vulkan_version(packed: int) -> str:
    """The Vulkan packing: variant 3 bits, major 7, minor 10, patch 12."""
    return f"{(packed >> 22) & 0x7F}.{(packed >> 12) & 0x3FF}.{packed & 0xFFF}"


def driver_version(packed: int, vendor_id: int | None) -> str:
    """Decode a driverVersion number; each vendor packs it its own way."""
    if vendor_id == VENDOR_NVIDIA:  # 10.8.8.6 bits
        return f"{packed >> 22}.{(packed >> 14) & 0xFF}.{(packed >> 6) & 0xFF}.{packed & 0x3F}"
    # AMD (proprietary, AMDVLK), Mesa and most others use the Vulkan packing.
    return vulkan_version(packed)


def _api_version(text: str) -> str:
    dotted = _DOTTED.search(text)
    if dotted:
        return dotted.group(1)
    packed = _integer(text)
    return vulkan_version(packed) if packed is not None else ""


def _device_type(text: str) -> DeviceType:
    name = text.split()[0] if text.split() else ""
    name = name.removeprefix("VK_").removeprefix("PHYSICAL_DEVICE_TYPE_")
    return _DEVICE_TYPES.get(name, DeviceType.OTHER)


@dataclass
class _Draft:
    """One device as it is being read; a GPU can appear in several sections of the output."""

    fields: dict[str, str] = field(default_factory=dict)
    heaps: dict[int, dict[str, int | None]] = field(default_factory=dict)  # device_local is a bool
    subgroups: set[str] = field(default_factory=set)


_FIELDS = ("apiVersion", "driverVersion", "vendorID", "deviceID", "deviceType", "deviceName", "driverID",
           "driverName", "driverInfo", "maxMemoryAllocationSize")


def parse(text: str) -> list[VulkanDevice]:
    """Devices in any vulkaninfo text layout, in their index order."""
    drafts: dict[int, _Draft] = {}
    current: _Draft | None = None
    heap: dict[str, int | None] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        gpu = _GPU_HEADER.match(line)
        if gpu:
            current = drafts.setdefault(int(gpu.group(1)), _Draft())
            heap = None
            continue
        if not line:
            continue
        heap_header = _HEAP_HEADER.match(line)
        if current is None:
            # a fragment pasted without its `GPU0` line: the first device field or heap starts device 0
            key_value = _KEY_VALUE.match(line)
            if not heap_header and not (key_value and key_value.group(1) in _FIELDS):
                continue
            current = drafts.setdefault(0, _Draft())
        if heap_header:
            heap = current.heaps.setdefault(int(heap_header.group(1)), {})
            _read_heap_line(heap, heap_header.group(2))  # old layouts put size/flags on this line
            continue
        if _ENDS_HEAP.match(line):
            heap = None
        if heap is not None:
            _read_heap_line(heap, line)
            continue
        current.subgroups.update(_SUBGROUP_OPERATION.findall(line))
        key_value = _KEY_VALUE.match(line)
        if key_value and key_value.group(1) in _FIELDS:
            # the first value wins: later sections repeat some fields in other words
            current.fields.setdefault(key_value.group(1), key_value.group(2))
    return [_finish(index, draft) for index, draft in sorted(drafts.items())]


def _read_heap_line(heap: dict[str, int | None], line: str) -> None:
    if "DEVICE_LOCAL" in line:
        heap["device_local"] = True
    for key in ("size", "budget", "usage"):
        match = re.match(rf"^{key}\s*=\s*(.*)$", line)
        if match:
            heap[key] = _integer(match.group(1))
    flags = re.match(r"^flags\s*=\s*(0x[0-9a-fA-F]+|\d+)", line)
    if flags:
        heap["device_local"] = bool((_integer(flags.group(1)) or 0) & 0x1)  # VK_MEMORY_HEAP_DEVICE_LOCAL_BIT
    inline_size = re.search(r"\bsize\s*=\s*(0x[0-9a-fA-F]+|\d+)", line)
    if inline_size and "size" not in heap:
        heap["size"] = _integer(inline_size.group(1))


def _finish(index: int, draft: _Draft) -> VulkanDevice:
    f = draft.fields
    vendor_id = _integer(f["vendorID"]) if "vendorID" in f else None
    packed_driver = f.get("driverVersion", "")
    number = re.search(r"\((0x[0-9a-fA-F]+|\d+)\)", packed_driver) or re.fullmatch(r"(0x[0-9a-fA-F]+|\d+)",
                                                                                    packed_driver)
    if number:
        version = driver_version(_integer(number.group(1)) or 0, vendor_id)
    else:
        dotted = _DOTTED.search(packed_driver)
        version = dotted.group(1) if dotted else packed_driver
    heaps = tuple(
        MemoryHeap(size=size, device_local=bool(h.get("device_local")), budget=h.get("budget"), usage=h.get("usage"))
        for _, h in sorted(draft.heaps.items()) if (size := h.get("size")) is not None
    )
    device_type = _device_type(f["deviceType"]) if "deviceType" in f else _type_from_heaps(heaps)
    return VulkanDevice(
        index=index,
        name=f.get("deviceName", "unknown device"),
        vendor_id=vendor_id,
        device_id=_integer(f["deviceID"]) if "deviceID" in f else None,
        device_type=device_type,
        api_version=_api_version(f.get("apiVersion", "")),
        driver_version=version,
        driver_id=f.get("driverID"),
        driver_name=f.get("driverName"),
        driver_info=f.get("driverInfo"),
        max_allocation_bytes=_integer(f["maxMemoryAllocationSize"]) if "maxMemoryAllocationSize" in f else None,
        heaps=heaps,
        subgroup_operations=frozenset(draft.subgroups),
    )


def _type_from_heaps(heaps: tuple[MemoryHeap, ...]) -> DeviceType:
    """A card has its own memory beside the system's (a second, host heap); an integrated GPU or a CPU device
    shares one, or carves a few hundred MiB out of it (an APU's 256-512 MiB local heap)."""
    local = [heap.size for heap in heaps if heap.device_local]
    if not local:
        return DeviceType.OTHER
    if any(not heap.device_local for heap in heaps) and max(local) >= _DEDICATED_VRAM:
        return DeviceType.DISCRETE
    return DeviceType.INTEGRATED


_DEDICATED_VRAM = 1 << 30


# what the top of any vulkaninfo output says, before its devices (full text, --summary, older and newer releases)
_VULKANINFO_TOP = re.compile(r"^\s*(?:VULKANINFO\b|Vulkan Instance Version:)", re.MULTILINE)


def cut_before_its_devices(text: str) -> bool:
    """`text` begins as vulkaninfo's output does but lists no device: a paste cut off (a chat's or a forum's length
    limit), not some other file."""
    return _VULKANINFO_TOP.search(text) is not None and not parse(text)


def decode_paste(data: bytes) -> str:
    """Text of a saved vulkaninfo output; PowerShell's `vulkaninfo > file.txt` writes UTF-16 with a BOM."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8-sig", errors="replace")


def merge(*outputs: str) -> list[VulkanDevice]:
    """Devices from several pastes of one machine (say --summary and the full text): fields combined."""
    by_index: dict[int, VulkanDevice] = {}
    for text in outputs:
        for device in parse(text):
            known = by_index.get(device.index)
            by_index[device.index] = device if known is None else _combine(known, device)
    return [by_index[i] for i in sorted(by_index)]


def _combine(old: VulkanDevice, new: VulkanDevice) -> VulkanDevice:
    changes = {name: getattr(new, name) for name in ("vendor_id", "device_id", "driver_id", "driver_name",
                                                      "driver_info", "max_allocation_bytes")
               if getattr(old, name) is None and getattr(new, name) is not None}
    if not old.heaps:
        changes["heaps"] = new.heaps
    if not old.subgroup_operations:
        changes["subgroup_operations"] = new.subgroup_operations
    return replace(old, **changes)


def preferred_device(devices: list[VulkanDevice]) -> VulkanDevice | None:
    """The device to draw on: a card's own driver before a translation (Dozen) before software Vulkan, whatever
    order or type the drivers report; lavapipe alone is still chosen (it is what CI runs on). A card below the
    Vulkan floor is still the one chosen: the check refuses it in words (`meets_vulkan_floor`)."""
    ranked = sorted(devices, key=lambda d: (_kind_rank(d), _PREFERENCE.index(d.device_type), d.index))
    return ranked[0] if ranked else None


def _kind_rank(device: VulkanDevice) -> int:
    if device.is_hardware:
        return 0
    return 2 if device.is_cpu else 1


@dataclass(frozen=True)
class VulkanLayer:
    name: str  # VK_LAYER_RTSS
    description: str  # RTSS overlay hook bootstrap


# full output: `VK_LAYER_RTSS (RTSS overlay hook bootstrap) Vulkan version 1.3.224, layer version 1:` (1.1-era
# output has no colon); --summary: `VK_LAYER_RTSS   RTSS overlay hook bootstrap   1.3.224  version 1`
_FULL_LAYER = re.compile(r"^(\S+) \((.*)\) Vulkan version [\d.]+, layer version \d+:?$")
_SUMMARY_LAYER = re.compile(r"^(\S+)\s+(.*?)\s+\d+\.\d+\.\d+\s+version \d+$")
_LAYERS_HEADER = re.compile(r"^(?:Instance )?Layers\s*:?\s*count\s*=\s*\d+")
# what follows the layers in either layout
_AFTER_LAYERS = re.compile(r"^(?:Presentable Surfaces|Device Groups|Devices|Device Properties|GPU\s?\d)")


def layers(text: str) -> tuple[VulkanLayer, ...] | None:
    """The layers vulkaninfo lists (each once); None when the text has no layers section (a short paste)."""
    found: dict[str, VulkanLayer] = {}
    inside = seen = False
    for raw in text.splitlines():
        line = raw.rstrip()
        if _LAYERS_HEADER.match(line.strip()):
            inside = seen = True
            continue
        if not inside or not line or line[0].isspace():
            continue  # a layer's own lines (its extensions, the devices it sees) are indented
        if _AFTER_LAYERS.match(line):
            inside = False
            continue
        match = _FULL_LAYER.match(line) or _SUMMARY_LAYER.match(line)
        if match:
            found.setdefault(match.group(1), VulkanLayer(match.group(1), match.group(2).strip()))
    return tuple(found.values()) if seen else None
