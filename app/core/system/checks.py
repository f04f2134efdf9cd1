"""Compatibility checks: facts about the machine -> verdicts, each with a message and a concrete fix.

Every check is a pure function of `SystemFacts`, so recorded vulkaninfo pastes and made-up hosts test
them without hardware. The probes that gather the facts live in app/services/system/system_check.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from app.core.models.families import FAMILIES, ModelFamily
from app.core.sizes import format_size
from app.core.system.overlay_layers import OverlayLayer, known_bad
from app.core.system.polaris import amd_windows_driver, driver_facts, is_polaris, mesa_version, version_text
from app.core.system.vulkaninfo import (
    MIN_VULKAN,
    VENDOR_AMD,
    VENDOR_INTEL,
    VENDOR_NVIDIA,
    VISIBLE_DEVICES_VARIABLE,
    VulkanDevice,
    VulkanLayer,
    preferred_device,
)

GIB = 2**30
BUILD_COMMAND = "python -m backend_bin.build"


class Verdict(StrEnum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"


_SEVERITY = [Verdict.PASS, Verdict.WARN, Verdict.FAIL]


@dataclass(frozen=True)
class CheckResult:
    id: str
    status: Verdict
    message: str
    fix: str | None = None


@dataclass(frozen=True)
class HostInfo:
    ram_total_bytes: int | None  # None: unknown (a paste that does not say)
    ram_available_bytes: int | None
    cpu_flags: frozenset[str] | None  # lower-case, as /proc/cpuinfo names them; None: unknown
    platform: str | None  # sys.platform; None for a paste
    from_paste: bool = False  # read from someone's pasted text, not measured on this computer


_MEMINFO = re.compile(r"^\s*Mem(Total|Available):\s*(\d+)\s*kB", re.MULTILINE)
_SYSTEMINFO = re.compile(r"^\s*(Total|Available) Physical Memory:\s*([\d.,\s]+?)\s*MB", re.MULTILINE)
# /proc/cpuinfo's x86 flags line starts with fpu (vulkaninfo's own `flags: count = 1` lines do not)
_CPUINFO_FLAGS = re.compile(r"^\s*flags\s*:\s*(fpu\b.*)$", re.MULTILINE | re.IGNORECASE)


def host_from_paste(*texts: str) -> HostInfo:
    """The host facts a pasted text holds (/proc/meminfo and /proc/cpuinfo lines, Windows `systeminfo`);
    what it does not hold stays unknown, never this computer's."""
    text = "\n".join(texts)
    ram: dict[str, int] = {}
    for which, kib in _MEMINFO.findall(text):
        ram.setdefault(which, int(kib) * 1024)
    for which, mib in _SYSTEMINFO.findall(text):
        ram.setdefault(which, int(re.sub(r"\D", "", mib)) * 2**20)
    flags = _CPUINFO_FLAGS.search(text)
    return HostInfo(ram.get("Total"), ram.get("Available"),
                    frozenset(flags.group(1).lower().split()) if flags else None, None, from_paste=True)


@dataclass(frozen=True)
class DiskInfo:
    path: str
    free_bytes: int | None
    rotational: bool | None  # None: the OS did not say


@dataclass(frozen=True)
class BackendStatus:
    problem: str | None  # why the sd.cpp binary cannot run; None when it runs
    devices_seen: tuple[str, ...] = ()  # the Vulkan devices ggml listed when the backend started
    missing_library: bool = False  # it could not start: a shared library (.so, DLL) it needs is not there


@dataclass(frozen=True)
class SystemFacts:
    vulkaninfo_error: str | None  # None when vulkaninfo ran (or a pasted output was given)
    devices: tuple[VulkanDevice, ...]
    host: HostInfo
    models_disk: DiskInfo | None = None
    backend: BackendStatus | None = None  # None when not probed (reading someone's paste)
    pinned_device: str | None = None  # GGML_VK_VISIBLE_DEVICES from the user's environment
    family: ModelFamily = ModelFamily.FLUX
    layers: tuple[VulkanLayer, ...] | None = None  # the implicit layers vulkaninfo listed; None: not in the output

    @property
    def selected(self) -> VulkanDevice | None:
        return preferred_device(list(self.devices))


@dataclass(frozen=True)
class CompatibilityReport:
    checks: tuple[CheckResult, ...]

    @property
    def overall(self) -> Verdict:
        return max((c.status for c in self.checks), key=_SEVERITY.index, default=Verdict.PASS)


MIN_VRAM_GIB = 4
# AMD's Windows driver caps one allocation near 2 GiB (RADV: 4 GiB less 4 bytes); below this the
# image decoder must work in tiles
ONE_ALLOCATION_GIB = 3
MIN_FREE_DISK_GIB = 15  # one Flux Schnell q4 set with T5 and CLIP is about 12 GB
NEEDED_CPU_FLAGS = ("avx2", "fma")  # our portable backend build targets these (GGML_NATIVE=OFF)


def _backend_sees(facts: SystemFacts) -> tuple[str, ...]:
    return facts.backend.devices_seen if facts.backend is not None else ()


# the driver to install for a card, found by its vendor ID or by a word of its name (a translated device, such as
# Dozen's "Microsoft Direct3D12 (NVIDIA GeForce RTX 3080)", names the card underneath, and a summary has no IDs)
_CARD_DRIVERS = ((VENDOR_AMD, ("AMD", "Radeon"), "the AMD driver for your Radeon"),
                 (VENDOR_NVIDIA, ("NVIDIA", "GeForce", "Quadro"), "the NVIDIA driver for your graphics card"),
                 (VENDOR_INTEL, ("Intel",), "the Intel graphics driver"))
_ANY_CARD_DRIVER = "the driver of your graphics card, from its maker"


def _card_driver(facts: SystemFacts) -> str | None:
    """The driver of the graphics card that Vulkan or the backend shows signs of; None when none shows."""
    names = [*(d.name for d in facts.devices if not d.is_cpu), *_backend_sees(facts)]
    for vendor, words, driver in _CARD_DRIVERS:
        if any(d.vendor_id == vendor for d in facts.devices if not d.is_cpu) or any(
                re.search(rf"\b{word}\b", name) for word in words for name in names):
            return driver
    return None


def check_vulkan_runs(facts: SystemFacts) -> CheckResult:
    if facts.vulkaninfo_error is None:
        return CheckResult("vulkan_loader", Verdict.PASS, "The Vulkan runtime is installed and vulkaninfo runs.")
    seen = _backend_sees(facts)
    if seen:
        # Vulkan itself works: only the tool that tells the card's kind and memory is missing or broken
        return CheckResult(
            "vulkan_loader", Verdict.WARN,
            f"Vulkan works (the sd.cpp backend sees {', '.join(seen)}), but {facts.vulkaninfo_error}, so the "
            "card's type and memory are unknown and automatic memory placement cannot plan for it.",
            "Reinstall or update the graphics driver (it brings vulkaninfo); until then untick Automatic memory "
            "and choose the placement yourself.")
    return CheckResult(
        "vulkan_loader", Verdict.FAIL, f"Vulkan does not work here: {facts.vulkaninfo_error}",
        "Reinstall the graphics driver: it brings the Vulkan runtime. On Linux install mesa-vulkan-drivers and "
        "vulkan-tools.")


def check_gpu(facts: SystemFacts) -> CheckResult:
    selected = facts.selected
    if selected is None and (seen := _backend_sees(facts)):
        # vulkaninfo failed or listed nothing, yet the backend found devices: those are what images run on
        what = "vulkaninfo could not list the devices" if facts.vulkaninfo_error else "vulkaninfo listed no device"
        return CheckResult(
            "gpu", Verdict.WARN,
            f"{what}, but the sd.cpp backend sees {', '.join(seen)}; whether that is your graphics card and how "
            "much memory it has could not be read.",
            "Update the graphics driver, then run the check again.")
    if selected is None:
        return CheckResult("gpu", Verdict.FAIL, "No Vulkan device was found.",
                           f"Install {_card_driver(facts) or _ANY_CARD_DRIVER}, "
                           "then run the check again.")
    if selected.is_cpu:
        return CheckResult(
            "gpu", Verdict.WARN,
            f"The only Vulkan device is {selected.name}, {_not_used_because(selected)}: images will be made on "
            "the processor, many times slower than on a graphics card.",
            f"Install {driver} so that Vulkan lists the card." if (driver := _card_driver(facts)) else
            "If this computer has a graphics card, install its maker's driver so that Vulkan lists it.")
    if selected.translates_to is not None:
        return CheckResult(
            "gpu", Verdict.WARN,
            f"The only graphics device Vulkan lists is {selected.name}, {_not_used_because(selected)}.",
            f"Install {_card_driver(facts) or _ANY_CARD_DRIVER} so that Vulkan "
            "lists the card itself.")
    polaris = " (a Polaris card)" if is_polaris(selected) else ""
    others = [d for d in facts.devices if not d.is_hardware]
    not_used = "".join(f" Not used: {d.name}, {_not_used_because(d)}." for d in others)
    if selected.name == VulkanDevice(0).name:  # a fragment without the properties block
        return CheckResult("gpu", Verdict.PASS, f"Using the {selected.device_type.value} GPU the paste shows "
                                                f"(its name is not in the paste).{not_used}")
    return CheckResult("gpu", Verdict.PASS, f"Using {selected.name}{polaris}.{not_used}")


def _not_used_because(device: VulkanDevice) -> str:
    if device.is_cpu:
        return "Vulkan run by the processor, not a graphics card"
    # Dozen: shader compiles hang and model loads stall on it (leejet/stable-diffusion.cpp #548)
    return (f"Vulkan translated to {device.translates_to} (Microsoft's Dozen), on which loading a model can hang"
            if device.translates_to == "Direct3D 12" else f"Vulkan passed on to {device.translates_to}")


def check_vulkan_version(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None or not selected.api_version:
        return None
    if not selected.meets_vulkan_floor:
        floor = ".".join(map(str, MIN_VULKAN))
        return CheckResult(
            "vulkan_api", Verdict.FAIL,
            f"{selected.name} offers Vulkan {selected.api_version}; the image backend needs Vulkan {floor} or newer, "
            "so it cannot draw on it.",
            "Update the graphics driver; Polaris cards get Vulkan 1.3 from current drivers.")
    return CheckResult("vulkan_api", Verdict.PASS, f"Vulkan {selected.api_version}.")


def check_device_order(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None:
        return None
    if facts.pinned_device is not None and facts.pinned_device != str(selected.index):
        return CheckResult(
            "device_order", Verdict.WARN,
            f"{VISIBLE_DEVICES_VARIABLE}={facts.pinned_device} is set in your environment, so the backend "
            f"will not use {selected.name} (device {selected.index}).",
            f"Remove the {VISIBLE_DEVICES_VARIABLE} variable and let Polaris Studio choose the card.")
    if selected.index == 0:
        return CheckResult("device_order", Verdict.PASS, f"{selected.name} is Vulkan device 0.")
    ahead = ", ".join(d.name for d in facts.devices if d.index < selected.index)
    return CheckResult(
        "device_order", Verdict.PASS,
        f"{selected.name} is device {selected.index}, behind {ahead}; Polaris Studio tells the backend to use "
        f"it ({VISIBLE_DEVICES_VARIABLE}={selected.index}).")


def check_amd_driver(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None or not selected.is_hardware:
        return None
    driver_id = selected.driver_id or ""
    # an excerpt of a paste may lack the vendor ID: AMD's drivers name themselves
    if selected.vendor_id != VENDOR_AMD and driver_id not in _AMD_DRIVERS:
        return None
    if driver_id == "DRIVER_ID_MESA_RADV" or "RADV" in selected.name:
        return _radv(selected)
    if driver_id == "DRIVER_ID_AMD_OPEN_SOURCE":
        version = f" {selected.driver_info.split(' (')[0]}" if selected.driver_info else ""
        return CheckResult("amd_driver", Verdict.WARN,
                           f"AMDVLK{version} is in use: AMD has stopped developing it, and Mesa's RADV is the "
                           "maintained Vulkan driver for Radeon cards.",
                           "Remove the amdvlk package; Mesa's RADV (package mesa-vulkan-drivers) then drives the card.")
    return _amd_own_driver(selected, facts.host.platform)


_AMD_DRIVERS = ("DRIVER_ID_AMD_PROPRIETARY", "DRIVER_ID_AMD_OPEN_SOURCE", "DRIVER_ID_MESA_RADV")


def _radv(device: VulkanDevice) -> CheckResult:
    mesa, floor = mesa_version(device), driver_facts().mesa_floor
    if not mesa:
        return CheckResult("amd_driver", Verdict.PASS, "RADV (Mesa); the paste does not say which Mesa version.")
    if mesa[:2] < floor[:2]:
        return CheckResult(
            "amd_driver", Verdict.WARN,
            f"RADV from Mesa {version_text(mesa)} is too old: it predates Mesa {version_text(floor)}, which brought "
            "Vulkan 1.3 to Radeon cards.",
            f"Update Mesa's Vulkan driver (package mesa-vulkan-drivers) to {version_text(floor)} or newer with your "
            "distribution's updates.")
    return CheckResult("amd_driver", Verdict.PASS,
                       f"RADV from Mesa {version_text(mesa)}, new enough ({version_text(floor)} or newer is needed).")


def _amd_own_driver(device: VulkanDevice, platform: str | None) -> CheckResult:
    driver, facts = amd_windows_driver(device), driver_facts()
    best = version_text(facts.best_release)
    polaris = is_polaris(device)
    if driver.on_pre_rdna_branch:
        what = (f"AMD's driver {driver.text} (the pre-RDNA branch "
                f"{version_text(facts.pre_rdna_branch)}, which AMD keeps for Polaris and Vega cards with critical "
                "fixes only)")
    elif driver.is_branch:
        what = f"AMD's driver {driver.text} (a 20{driver.version[0]} driver branch)"
    elif driver.version:
        what = f"AMD Software: Adrenalin Edition {driver.text}"
    else:
        what = f"AMD's driver (Vulkan driver {driver.packed})" if driver.packed else "AMD's driver"
    if driver.older_than_floor:
        vulkan = (f", and it offers only Vulkan {device.api_version} (Vulkan 1.3 came with Adrenalin "
                  f"{version_text(facts.vulkan_1_3_release)})" if driver.below_vulkan_1_3 else "")
        if platform not in (None, "win32"):
            fix = f"Use Mesa's RADV driver (package mesa-vulkan-drivers) {version_text(facts.mesa_floor)} or newer."
        elif polaris:
            fix = (f"Install Adrenalin {best}, the release Polaris users report as the fastest, or the newest driver "
                   "AMD lists for your card on amd.com/support (since late 2023 Polaris has its own driver branch "
                   "with critical fixes only, so choose your card there rather than using the auto-detect tool). "
                   "Run AMD's Cleanup Utility before installing either.")
        else:
            fix = "Install the newest AMD Software: Adrenalin Edition that amd.com/support lists for your card."
        return CheckResult("amd_driver", Verdict.WARN,
                           f"{what} is older than Adrenalin {version_text(facts.floor_release)}{vulkan}.", fix)
    users = (f" Polaris users report Adrenalin {best} as the fastest release for these cards; newer ones bring "
             "fixes, not speed." if polaris else "")
    return CheckResult("amd_driver", Verdict.PASS, f"{what}.{users}")


def check_overlay_layers(facts: SystemFacts) -> CheckResult | None:
    """Overlays whose layer declares a variable that keeps it out are kept out of the backend by the app itself
    (command.py's backend_environment); only the others are the user's to close."""
    if facts.layers is None:
        return None
    found = known_bad(facts.layers)
    if not found:
        return CheckResult("overlay_layers", Verdict.PASS,
                           "No FPS counter or recording overlay hooks into Vulkan programs.")
    kept_out = [entry for entry in found if entry.disable_variable]
    left = [entry for entry in found if not entry.disable_variable]
    kept_words = (f"{_capitalised(_names(kept_out))} {'hook' if len(kept_out) > 1 else 'hooks'} into Vulkan programs; "
                  f"Polaris Studio keeps {'them' if len(kept_out) > 1 else 'it'} out of the image backend."
                  if kept_out else "")
    if not left:
        return CheckResult("overlay_layers", Verdict.PASS, kept_words)
    how = " ".join(f"{_capitalised(entry.program)}: {entry.how}." for entry in left)
    return CheckResult(
        "overlay_layers", Verdict.WARN,
        f"{'These programs hook' if len(left) > 1 else 'This program hooks'} into every Vulkan program, the image "
        f"backend too, and can crash or hang it while a model loads: {_names(left)}."
        + (f" {kept_words}" if kept_words else ""), how)


def _names(entries: list[OverlayLayer]) -> str:
    return "; ".join(f"{entry.program} ({entry.layer})" for entry in entries)


def _capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]


def check_vram(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None:
        return None
    if selected.is_cpu:
        return CheckResult("vram", Verdict.WARN, "A CPU device has no video memory of its own; it uses RAM.",
                           f"Install {driver} so that the card's video memory is used."
                           if (driver := _card_driver(facts)) else
                           "If this computer has a graphics card, install its maker's driver so that its video "
                           "memory is used.")
    vram = selected.vram_bytes
    if vram is None:
        return CheckResult("vram", Verdict.WARN, "The driver did not report the video memory size.",
                           "Run the check on the machine itself (a short vulkaninfo paste lacks the heaps).")
    # a "4 GB" RX 470 reports 3.75 GiB device-local on RADV (the rest is a separate 256 MiB BAR heap)
    if vram < MIN_VRAM_GIB * GIB * 0.85:
        return CheckResult("vram", Verdict.FAIL,
                           f"{selected.name} has {format_size(vram)} of VRAM; Flux and SDXL need at least 4 GiB.",
                           "Use SD 1.5 models, or a card with 4 GiB or more.")
    return CheckResult("vram", Verdict.PASS, f"{format_size(vram)} of VRAM.")


def check_max_allocation(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None or selected.max_allocation_bytes is None:
        return None
    cap = selected.max_allocation_bytes
    if cap < ONE_ALLOCATION_GIB * GIB:
        return CheckResult(
            "max_allocation", Verdict.WARN,
            f"The driver caps one memory block at {format_size(cap)}: large images must be decoded in tiles.",
            "Keep 'Decode in tiles' on; the memory planner turns it on for you.")
    return CheckResult("max_allocation", Verdict.PASS, f"One memory block may be up to {format_size(cap)}.")


def check_host_ram(facts: SystemFacts) -> CheckResult:
    # the system RAM a generation needs is its family's (an unknown family is taken to need Flux's)
    needed = facts.family.traits.ram_gb
    total, available = facts.host.ram_total_bytes, facts.host.ram_available_bytes
    family = facts.family.words if facts.family is not ModelFamily.UNKNOWN else ModelFamily.FLUX.words
    smallest = min(FAMILIES.values(), key=lambda traits: traits.ram_gb)
    if total is None:
        return CheckResult("host_ram", Verdict.WARN, "RAM unknown: the paste does not say.",
                           f"{family} models need about {needed} GB of RAM; run the check on that computer.")
    if total < needed * GIB * 0.95:
        return CheckResult(
            "host_ram", Verdict.FAIL,
            f"{format_size(total)} of RAM; {family} models need about {needed} GB (the text encoder lives in RAM).",
            f"Add RAM, or use {smallest.words} models, which need about {smallest.ram_gb} GB.")
    if available is not None and available < needed * GIB / 2:
        return CheckResult("host_ram", Verdict.WARN,
                           f"Only {format_size(available)} of {format_size(total)} RAM is free right now.",
                           "Close other programs (browsers, games) before generating.")
    free = f", {format_size(available)} free" if available is not None else ""
    return CheckResult("host_ram", Verdict.PASS, f"{format_size(total)} of RAM{free}.")


def check_disk_space(facts: SystemFacts) -> CheckResult | None:
    disk = facts.models_disk
    if disk is None and facts.host.from_paste:
        return CheckResult("disk_free", Verdict.WARN, "Free disk space unknown: the paste does not say.",
                           f"A Flux set takes about 12 GB; keep {MIN_FREE_DISK_GIB} GB free where models go.")
    if disk is None or disk.free_bytes is None:
        return None
    if disk.free_bytes < MIN_FREE_DISK_GIB * GIB:
        return CheckResult(
            "disk_free", Verdict.WARN,
            f"Only {format_size(disk.free_bytes)} free where models go ({disk.path}); a Flux set takes about 12 GB.",
            "Free some space, or choose a models folder on another drive.")
    return CheckResult("disk_free", Verdict.PASS, f"{format_size(disk.free_bytes)} free for models in {disk.path}.")


def check_disk_kind(facts: SystemFacts) -> CheckResult | None:
    disk = facts.models_disk
    if disk is None or disk.rotational is None:
        return None
    if disk.rotational:
        return CheckResult(
            "disk_rotational", Verdict.WARN,
            f"The models folder {disk.path} is on a spinning hard disk: loading a Flux model takes several "
            "minutes each time.",
            "Move the models folder to an SSD if you have one.")
    return CheckResult("disk_rotational", Verdict.PASS, "The models folder is on a solid-state drive.")


def check_cpu(facts: SystemFacts) -> CheckResult:
    flags = facts.host.cpu_flags
    if flags is None:
        what = ("Processor unknown: the paste does not say which instructions it has." if facts.host.from_paste
                else "Could not read which instructions the processor has.")
        return CheckResult("cpu_features", Verdict.WARN, what,
                           "If the backend crashes at once, your processor may lack AVX2/FMA3.")
    missing = [flag.upper() for flag in NEEDED_CPU_FLAGS if flag not in flags]
    if missing:
        return CheckResult(
            "cpu_features", Verdict.FAIL,
            f"The processor lacks {', '.join(missing)}, which the prebuilt backend uses: it would crash.",
            f"Build the backend on this machine for its own processor: {BUILD_COMMAND} --native")
    return CheckResult("cpu_features", Verdict.PASS, "The processor has AVX2 and FMA3.")


def check_backend(facts: SystemFacts) -> CheckResult | None:
    backend = facts.backend
    if backend is None:
        return None
    if backend.problem is not None:
        windows = facts.host.platform == "win32"
        problem = backend.problem
        if backend.missing_library:
            problem = f"A library the sd.cpp backend needs is missing, so it cannot start ({problem})."
        fix = ("Install the backend again from Models > Backend (it brings sd-cli.exe with all its DLLs), and "
               "update the graphics driver if vulkan-1.dll is the one missing." if windows
               else f"Build it again: {BUILD_COMMAND}, or install the distribution's Vulkan loader (libvulkan1).")
        return CheckResult("backend", Verdict.FAIL, problem, fix)
    if not backend.devices_seen:
        return CheckResult("backend", Verdict.FAIL, "The sd.cpp backend runs but sees no Vulkan device.",
                           "Update the graphics driver; check that vulkaninfo lists your card.")
    return CheckResult("backend", Verdict.PASS, "The sd.cpp backend runs and sees " +
                       ", ".join(backend.devices_seen) + ".")


CHECKS: tuple[Callable[[SystemFacts], CheckResult | None], ...] = (
    check_vulkan_runs, check_gpu, check_vulkan_version, check_device_order, check_amd_driver, check_overlay_layers,
    check_vram, check_max_allocation, check_host_ram, check_disk_space, check_disk_kind, check_cpu, check_backend,
)


def run_checks(facts: SystemFacts) -> CompatibilityReport:
    """Every check that applies to what is known; a check without its facts is left out."""
    return CompatibilityReport(tuple(result for check in CHECKS if (result := check(facts)) is not None))

