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
from app.core.system.processor import CpuVariant, cpu_variant, slower_words
from app.core.system.vulkaninfo import (
    MIN_VULKAN,
    VENDOR_AMD,
    VENDOR_INTEL,
    VENDOR_NVIDIA,
    VISIBLE_DEVICES_VARIABLE,
    VulkanDevice,
    VulkanLayer,
    preferred_device,
    software_name,
)
from app.core.words import capitalised, translate

GIB = 2**30


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


def _backend_sees(facts: SystemFacts) -> tuple[str, ...]:
    return facts.backend.devices_seen if facts.backend is not None else ()


# the driver to install for a card, found by its vendor ID or by a word of its name (a translated device, such as
# Dozen's "Microsoft Direct3D12 (NVIDIA GeForce RTX 3080)", names the card underneath, and a summary has no IDs)
_CARD_VENDORS = ((VENDOR_AMD, ("AMD", "Radeon")), (VENDOR_NVIDIA, ("NVIDIA", "GeForce", "Quadro")),
                 (VENDOR_INTEL, ("Intel",)))


def _driver_words(vendor: int | None) -> str:
    """The driver to install, in words: a card's maker's, or any card's when none shows."""
    return {VENDOR_AMD: translate("Check", "the AMD driver for your Radeon"),
            VENDOR_NVIDIA: translate("Check", "the NVIDIA driver for your graphics card"),
            VENDOR_INTEL: translate("Check", "the Intel graphics driver")}.get(
        vendor or 0, translate("Check", "the driver of your graphics card, from its maker"))


def _card_vendor(facts: SystemFacts) -> int | None:
    """The maker of the graphics card that Vulkan or the backend shows signs of; None when none shows."""
    names = [*(d.name for d in facts.devices if not d.is_cpu), *_backend_sees(facts)]
    for vendor, words in _CARD_VENDORS:
        if any(d.vendor_id == vendor for d in facts.devices if not d.is_cpu) or any(
                re.search(rf"\b{word}\b", name) for word in words for name in names):
            return vendor
    return None


def _processor_only_fix(facts: SystemFacts, for_card: str, for_any: str) -> str:
    """Vulkan shows the processor only: install the driver of the card something shows signs of (`for_card`, with
    {driver}), or, without a sign, of the card the computer may have (`for_any`)."""
    vendor = _card_vendor(facts)
    return for_any if vendor is None else for_card.format(driver=_driver_words(vendor))


def check_title(check_id: str) -> str:
    """A check's name in the window ('Graphics card'), for its id ('gpu', which the CLI and the JSON report keep)."""
    return {
        "vulkan_loader": translate("Check", "Vulkan"),
        "gpu": translate("Check", "Graphics card"),
        "vulkan_api": translate("Check", "Vulkan version"),
        "device_order": translate("Check", "Which card is used"),
        "amd_driver": translate("Check", "AMD driver"),
        "overlay_layers": translate("Check", "Overlays"),
        "vram": translate("Check", "Video memory"),
        "max_allocation": translate("Check", "Largest memory block"),
        "host_ram": translate("Check", "Computer's memory (RAM)"),
        "disk_free": translate("Check", "Disk space"),
        "disk_rotational": translate("Check", "Disk speed"),
        "cpu_features": translate("Check", "Processor"),
        "backend": translate("Check", "Image backend"),
    }.get(check_id, check_id)


def _seen_words(facts: SystemFacts) -> str:
    """The devices the backend lists, in words: software Vulkan (llvmpipe's 'llvmpipe (LLVM 15.0.6, 256 bits)') is
    this computer's processor, no card to name."""
    return ", ".join(dict.fromkeys(
        translate("Check", "this computer's processor (no graphics card)") if software_name(name) else name
        for name in _backend_sees(facts)))


def check_vulkan_runs(facts: SystemFacts) -> CheckResult:
    # the tool's own error text (facts.vulkaninfo_error) goes into the report for a forum post, not the sentence
    if facts.vulkaninfo_error is None:
        return CheckResult("vulkan_loader", Verdict.PASS, translate("Check", "Vulkan is installed and works."))
    if _backend_sees(facts):
        # Vulkan itself works: only the tool that tells the card's kind and memory is missing or broken
        return CheckResult(
            "vulkan_loader", Verdict.WARN,
            translate("Check", "Vulkan works (the sd.cpp backend sees {devices}), but the card's type and memory "
                               "could not be read, so automatic memory placement cannot plan for it.").format(
                devices=_seen_words(facts)),
            translate("Check", "Reinstall or update the graphics driver; until then untick Automatic memory and "
                               "choose the placement yourself."))
    return CheckResult(
        "vulkan_loader", Verdict.FAIL,
        translate("Check", "Vulkan does not work here: the graphics driver did not start it."),
        translate("Check", "Reinstall the graphics driver: it brings Vulkan. On Linux install the packages "
                           "mesa-vulkan-drivers and vulkan-tools."))


def check_gpu(facts: SystemFacts) -> CheckResult:
    selected = facts.selected
    if selected is None and _backend_sees(facts):
        # the device list failed or was empty, yet the backend found devices: those are what images run on
        return CheckResult(
            "gpu", Verdict.WARN,
            translate("Check", "The sd.cpp backend sees {devices}, but whether that is your graphics card and how "
                               "much memory it has could not be read.").format(devices=_seen_words(facts)),
            translate("Check", "Update the graphics driver, then run the check again."))
    if selected is None:
        return CheckResult("gpu", Verdict.FAIL, translate("Check", "No Vulkan device was found."),
                           translate("Check", "Install {driver}, then run the check again.").format(
                               driver=_driver_words(_card_vendor(facts))))
    if selected.is_cpu:
        return CheckResult(
            "gpu", Verdict.WARN,
            translate("Check", "No graphics card that can draw was found: pictures will be made by the processor, "
                               "many times slower. (Vulkan lists only {device}, which runs on the processor.)").format(
                device=selected.name),
            _processor_only_fix(facts, translate("Check", "Install {driver} so that Vulkan lists the card."),
                                translate("Check", "If this computer has a graphics card, install its maker's "
                                                   "driver so that Vulkan lists it.")))
    if selected.translates_to is not None:
        return CheckResult(
            "gpu", Verdict.WARN,
            translate("Check", "The only graphics device Vulkan lists is {device}, {why}.").format(
                device=selected.name, why=_not_used_because(selected)),
            translate("Check", "Install {driver} so that Vulkan lists the card itself.").format(
                driver=_driver_words(_card_vendor(facts))))
    others = [d for d in facts.devices if not d.is_hardware]
    not_used = "".join(" " + translate("Check", "Not used: {device}, {why}.").format(
        device=d.name, why=_not_used_because(d)) for d in others)
    if selected.name == VulkanDevice(0).name:  # a fragment without the properties block
        return CheckResult("gpu", Verdict.PASS, translate(
            "Check", "Using the graphics card the paste shows (its name is not in the paste).") + not_used)
    using = (translate("Check", "Using {device} (a Polaris card).") if is_polaris(selected) else
             translate("Check", "Using {device}."))
    return CheckResult("gpu", Verdict.PASS, using.format(device=selected.name) + not_used)


def _not_used_because(device: VulkanDevice) -> str:
    if device.is_cpu:
        return translate("Check", "Vulkan run by the processor, not a graphics card")
    # Dozen: shader compiles hang and model loads stall on it (leejet/stable-diffusion.cpp #548)
    if device.translates_to == "Direct3D 12":
        return translate("Check", "Vulkan translated to Direct3D 12 (Microsoft's Dozen), on which loading a model "
                                  "can hang")
    return translate("Check", "Vulkan passed on to {other}").format(other=device.translates_to)


def check_vulkan_version(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None or not selected.api_version:
        return None
    if not selected.meets_vulkan_floor:
        return CheckResult(
            "vulkan_api", Verdict.FAIL,
            translate("Check", "{device} offers Vulkan {version}; the image backend needs Vulkan {floor} or newer, "
                               "so it cannot draw on it.").format(
                device=selected.name, version=selected.api_version, floor=".".join(map(str, MIN_VULKAN))),
            translate("Check", "Update the graphics driver; Polaris cards get Vulkan 1.3 from current drivers."))
    return CheckResult("vulkan_api", Verdict.PASS,
                       translate("Check", "Vulkan {version}.").format(version=selected.api_version))


def check_device_order(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None:
        return None
    if facts.pinned_device is not None and facts.pinned_device != str(selected.index):
        return CheckResult(
            "device_order", Verdict.WARN,
            translate("Check", "A setting in your environment ({variable}={value}) keeps the image backend off "
                               "{device}.").format(variable=VISIBLE_DEVICES_VARIABLE, value=facts.pinned_device,
                                                   device=selected.name),
            translate("Check", "Remove the {variable} variable and let Polaris Studio choose the card.").format(
                variable=VISIBLE_DEVICES_VARIABLE))
    if selected.index == 0:
        return CheckResult("device_order", Verdict.PASS,
                           translate("Check", "{device} is Vulkan device 0.").format(device=selected.name))
    ahead = ", ".join(d.name for d in facts.devices if d.index < selected.index)
    return CheckResult(
        "device_order", Verdict.PASS,
        translate("Check", "{device} comes after {ahead}; Polaris Studio tells the image backend to use it.").format(
            device=selected.name, ahead=ahead))


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
                           translate("Check", "AMDVLK{version} is in use: AMD has stopped developing it, and Mesa's "
                                              "RADV is the maintained Vulkan driver for Radeon cards.").format(
                               version=version),
                           translate("Check", "Remove the amdvlk package; Mesa's RADV (package mesa-vulkan-drivers) "
                                              "then drives the card."))
    return _amd_own_driver(selected, facts.host.platform)


_AMD_DRIVERS = ("DRIVER_ID_AMD_PROPRIETARY", "DRIVER_ID_AMD_OPEN_SOURCE", "DRIVER_ID_MESA_RADV")


def _radv(device: VulkanDevice) -> CheckResult:
    mesa, floor = mesa_version(device), driver_facts().mesa_floor
    if not mesa:
        return CheckResult("amd_driver", Verdict.PASS,
                           translate("Check", "RADV (Mesa); the paste does not say which Mesa version."))
    if mesa[:2] < floor[:2]:
        return CheckResult(
            "amd_driver", Verdict.WARN,
            translate("Check", "RADV from Mesa {version} is too old: it predates Mesa {floor}, which brought "
                               "Vulkan 1.3 to Radeon cards.").format(version=version_text(mesa),
                                                                     floor=version_text(floor)),
            translate("Check", "Update Mesa's Vulkan driver (package mesa-vulkan-drivers) to {floor} or newer with "
                               "your distribution's updates.").format(floor=version_text(floor)))
    return CheckResult("amd_driver", Verdict.PASS,
                       translate("Check", "RADV from Mesa {version}, new enough ({floor} or newer is needed).").format(
                           version=version_text(mesa), floor=version_text(floor)))


def _amd_driver_words(device: VulkanDevice) -> str:
    driver, facts = amd_windows_driver(device), driver_facts()
    if driver.on_pre_rdna_branch:
        return translate("Check", "AMD's driver {driver} (the pre-RDNA branch {branch}, which AMD keeps for Polaris "
                                  "and Vega cards with critical fixes only)").format(
            driver=driver.text, branch=version_text(facts.pre_rdna_branch))
    if driver.is_branch:
        return translate("Check", "AMD's driver {driver} (a 20{year} driver branch)").format(
            driver=driver.text, year=driver.version[0])
    if driver.version:
        return translate("Check", "AMD Software: Adrenalin Edition {driver}").format(driver=driver.text)
    if driver.packed:
        return translate("Check", "AMD's driver (Vulkan driver {driver})").format(driver=driver.packed)
    return translate("Check", "AMD's driver")


def _amd_own_driver(device: VulkanDevice, platform: str | None) -> CheckResult:
    driver, facts = amd_windows_driver(device), driver_facts()
    best = version_text(facts.best_release)
    polaris = is_polaris(device)
    what = _amd_driver_words(device)
    if driver.older_than_floor:
        if platform not in (None, "win32"):
            fix = translate("Check", "Use Mesa's RADV driver (package mesa-vulkan-drivers) {floor} or newer.").format(
                floor=version_text(facts.mesa_floor))
        elif polaris:
            fix = translate("Check", "Install Adrenalin {best}, the release Polaris users report as the fastest, or "
                                     "the newest driver AMD lists for your card on amd.com/support (since late 2023 "
                                     "Polaris has its own driver branch with critical fixes only, so choose your "
                                     "card there rather than using the auto-detect tool). Run AMD's Cleanup Utility "
                                     "before installing either.").format(best=best)
        else:
            fix = translate("Check", "Install the newest AMD Software: Adrenalin Edition that amd.com/support lists "
                                     "for your card.")
        if driver.below_vulkan_1_3:
            message = translate("Check", "{driver} is older than Adrenalin {floor}, and it offers only Vulkan "
                                         "{version} (Vulkan 1.3 came with Adrenalin {vulkan_1_3}).").format(
                driver=what, floor=version_text(facts.floor_release), version=device.api_version,
                vulkan_1_3=version_text(facts.vulkan_1_3_release))
        else:
            message = translate("Check", "{driver} is older than Adrenalin {floor}.").format(
                driver=what, floor=version_text(facts.floor_release))
        return CheckResult("amd_driver", Verdict.WARN, message, fix)
    if polaris:
        return CheckResult("amd_driver", Verdict.PASS, translate(
            "Check", "{driver}. Polaris users report Adrenalin {best} as the fastest release for these cards; newer "
                     "ones bring fixes, not speed.").format(driver=what, best=best))
    return CheckResult("amd_driver", Verdict.PASS, translate("Check", "{driver}.").format(driver=what))


def check_overlay_layers(facts: SystemFacts) -> CheckResult | None:
    """Overlays whose layer declares a variable that keeps it out are kept out of the backend by the app itself
    (command.py's backend_environment); only the others are the user's to close."""
    if facts.layers is None:
        return None
    found = known_bad(facts.layers)
    if not found:
        return CheckResult("overlay_layers", Verdict.PASS,
                           translate("Check", "No FPS counter or recording overlay hooks into Vulkan programs."))
    kept_out = [entry for entry in found if entry.disable_variable]
    left = [entry for entry in found if not entry.disable_variable]
    kept_words = translate("Check", "These overlays hook into Vulkan programs: {overlays}. Polaris Studio keeps them "
                                    "out of the image backend.").format(overlays=_names(kept_out)) if kept_out else ""
    if not left:
        return CheckResult("overlay_layers", Verdict.PASS, kept_words)
    how = " ".join(f"{capitalised(entry.program)}: {entry.how}." for entry in left)
    return CheckResult(
        "overlay_layers", Verdict.WARN,
        translate("Check", "These programs hook into every Vulkan program, the image backend too, and can crash or "
                           "hang it while a model loads: {programs}.").format(programs=_names(left))
        + (f" {kept_words}" if kept_words else ""), how)


def _names(entries: list[OverlayLayer]) -> str:
    return "; ".join(entry.program for entry in entries)


def check_vram(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None:
        return None
    if selected.is_cpu:
        return CheckResult("vram", Verdict.WARN,
                           translate("Check", "The processor has no video memory of its own; it uses the computer's "
                                              "memory (RAM)."),
                           _processor_only_fix(
                               facts, translate("Check", "Install {driver} so that the card's video memory is used."),
                               translate("Check", "If this computer has a graphics card, install its maker's driver "
                                                  "so that its video memory is used.")))
    vram = selected.vram_bytes
    if vram is None:
        return CheckResult("vram", Verdict.WARN, translate("Check", "The driver did not report the video memory size."),
                           translate("Check", "Run the check on the computer itself (a short pasted report lacks the "
                                              "memory sizes)."))
    # a "4 GB" RX 470 reports 3.75 GiB device-local on RADV (the rest is a separate 256 MiB BAR heap)
    if vram < MIN_VRAM_GIB * GIB * 0.85:
        return CheckResult("vram", Verdict.FAIL,
                           translate("Check", "{device} has {size} of VRAM; Flux and SDXL need at least 4 "
                                              "GiB.").format(device=selected.name, size=format_size(vram)),
                           translate("Check", "Use SD 1.5 models, or a card with 4 GiB or more."))
    return CheckResult("vram", Verdict.PASS,
                       translate("Check", "{size} of VRAM.").format(size=format_size(vram)))


def check_max_allocation(facts: SystemFacts) -> CheckResult | None:
    selected = facts.selected
    if selected is None or selected.max_allocation_bytes is None:
        return None
    cap = selected.max_allocation_bytes
    if cap < ONE_ALLOCATION_GIB * GIB:
        return CheckResult(
            "max_allocation", Verdict.WARN,
            translate("Check", "The driver caps one memory block at {size}: large images must be decoded in "
                               "tiles.").format(size=format_size(cap)),
            translate("Check", "Keep 'Decode in tiles' on; the memory planner turns it on for you."))
    return CheckResult("max_allocation", Verdict.PASS,
                       translate("Check", "One memory block may be up to {size}.").format(size=format_size(cap)))


def check_host_ram(facts: SystemFacts) -> CheckResult:
    # the system RAM a generation needs is its family's (an unknown family is taken to need Flux's)
    needed = facts.family.traits.ram_gb
    total, available = facts.host.ram_total_bytes, facts.host.ram_available_bytes
    family = facts.family.words if facts.family is not ModelFamily.UNKNOWN else ModelFamily.FLUX.words
    smallest = min(FAMILIES.values(), key=lambda traits: traits.ram_gb)
    if total is None:
        return CheckResult("host_ram", Verdict.WARN, translate("Check", "RAM unknown: the paste does not say."),
                           translate("Check", "{family} models need about {needed} GB of RAM; run the check on that "
                                              "computer.").format(family=family, needed=needed))
    if total < needed * GIB * 0.95:
        return CheckResult(
            "host_ram", Verdict.FAIL,
            translate("Check", "{total} of RAM; {family} models need about {needed} GB (the text encoder lives in "
                               "RAM).").format(total=format_size(total), family=family, needed=needed),
            translate("Check", "Add RAM, or use {smallest} models, which need about {size} GB.").format(
                smallest=smallest.words, size=smallest.ram_gb))
    if available is not None and available < needed * GIB / 2:
        return CheckResult("host_ram", Verdict.WARN,
                           translate("Check", "Only {free} of {total} RAM is free right now.").format(
                               free=format_size(available), total=format_size(total)),
                           translate("Check", "Close other programs (browsers, games) before generating."))
    if available is None:
        return CheckResult("host_ram", Verdict.PASS,
                           translate("Check", "{total} of RAM.").format(total=format_size(total)))
    return CheckResult("host_ram", Verdict.PASS, translate("Check", "{total} of RAM, {free} free.").format(
        total=format_size(total), free=format_size(available)))


def check_disk_space(facts: SystemFacts) -> CheckResult | None:
    disk = facts.models_disk
    if disk is None and facts.host.from_paste:
        return CheckResult("disk_free", Verdict.WARN,
                           translate("Check", "Free disk space unknown: the paste does not say."),
                           translate("Check", "A Flux set takes about 12 GB; keep {free} GB free where models "
                                              "go.").format(free=MIN_FREE_DISK_GIB))
    if disk is None or disk.free_bytes is None:
        return None
    if disk.free_bytes < MIN_FREE_DISK_GIB * GIB:
        return CheckResult(
            "disk_free", Verdict.WARN,
            translate("Check", "Only {free} free where models go ({folder}); a Flux set takes about 12 GB.").format(
                free=format_size(disk.free_bytes), folder=disk.path),
            translate("Check", "Free some space, or choose a models folder on another drive."))
    return CheckResult("disk_free", Verdict.PASS, translate("Check", "{free} free for models in {folder}.").format(
        free=format_size(disk.free_bytes), folder=disk.path))


def check_disk_kind(facts: SystemFacts) -> CheckResult | None:
    disk = facts.models_disk
    if disk is None or disk.rotational is None:
        return None
    if disk.rotational:
        return CheckResult(
            "disk_rotational", Verdict.WARN,
            translate("Check", "The models folder {folder} is on a spinning hard disk: loading a Flux model takes "
                               "several minutes each time.").format(folder=disk.path),
            translate("Check", "Move the models folder to an SSD if you have one."))
    return CheckResult("disk_rotational", Verdict.PASS,
                       translate("Check", "The models folder is on a solid-state drive."))


def check_cpu(facts: SystemFacts) -> CheckResult:
    """Which variant of ggml's CPU backend our programs run on this processor, and how much slower than AVX2 its
    parts of a picture (the text encoders, often the decoder) are there."""
    flags = facts.host.cpu_flags
    if flags is None:
        what = (translate("Check", "Processor unknown: the paste does not say which instructions it has.")
                if facts.host.from_paste else
                translate("Check", "Could not read which instructions the processor has."))
        return CheckResult("cpu_features", Verdict.WARN, what,
                           translate("Check", "Its parts of a picture are timed as on a processor with AVX2."))
    variant = cpu_variant(flags)
    slower = slower_words(variant)
    if slower is not None:
        return CheckResult("cpu_features", Verdict.WARN, slower,
                           translate("Check", "The plan keeps the text encoders and the image decoder on the "
                                              "graphics card where they fit and that is quicker."))
    return CheckResult("cpu_features", Verdict.PASS,
                       translate("Check", "The processor has AVX-512.") if variant is CpuVariant.SKYLAKEX else
                       translate("Check", "The processor has AVX2 and FMA3.") if variant is CpuVariant.HASWELL else
                       translate("Check", "The processor runs its parts of a picture at about full speed."))


def check_backend(facts: SystemFacts) -> CheckResult | None:
    backend = facts.backend
    if backend is None:
        return None
    if backend.problem is not None:
        problem = backend.problem
        if backend.missing_library:
            problem = translate("Check", "A library the sd.cpp backend needs is missing, so it cannot start "
                                         "({library}).").format(library=problem)
        fix = (translate("Check", "Download the drawing engine again (Models > Drawing engine: it brings "
                                  "sd-cli.exe with all its DLLs), and update the graphics driver if vulkan-1.dll is "
                                  "the one missing.")
               if facts.host.platform == "win32" else
               translate("Check", "Build the drawing engine again (Models > Drawing engine > Build the engine), and "
                                  "install your distribution's Vulkan package (libvulkan1)."))
        return CheckResult("backend", Verdict.FAIL, problem, fix)
    if not backend.devices_seen:
        return CheckResult("backend", Verdict.FAIL, translate("Check", "The sd.cpp backend runs but sees no Vulkan "
                                                                       "device."),
                           translate("Check", "Update the graphics driver, then run the check again."))
    return CheckResult("backend", Verdict.PASS,
                       translate("Check", "The sd.cpp backend runs and sees {devices}.").format(
                           devices=_seen_words(facts)))


CHECKS: tuple[Callable[[SystemFacts], CheckResult | None], ...] = (
    check_vulkan_runs, check_gpu, check_vulkan_version, check_device_order, check_amd_driver, check_overlay_layers,
    check_vram, check_max_allocation, check_host_ram, check_disk_space, check_disk_kind, check_cpu, check_backend,
)


def run_checks(facts: SystemFacts) -> CompatibilityReport:
    """Every check that applies to what is known; a check without its facts is left out."""
    return CompatibilityReport(tuple(result for check in CHECKS if (result := check(facts)) is not None))

