"""Each check's verdicts, from real vulkaninfo outputs and made-up hosts."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.core.models.families import ModelFamily
from app.core.system.checks import (
    BackendStatus,
    DiskInfo,
    HostInfo,
    SystemFacts,
    Verdict,
    host_from_paste,
    run_checks,
)
from app.core.system.processor import REQUIRED_FLAGS, VARIANT_SHARE_OF_AVX2, CpuVariant
from app.core.system.report import report_markdown
from app.core.system.vulkaninfo import VulkanDevice, decode_paste, layers, parse
from tests.helpers.captures import CAPTURES, vulkaninfo_devices

AVX2 = REQUIRED_FLAGS[CpuVariant.HASWELL]  # what /proc/cpuinfo lists of a processor since Haswell

pytestmark = pytest.mark.windows

GIB = 2**30
GOOD_HOST = HostInfo(32 * GIB, 24 * GIB, AVX2, "win32")


def devices(name: str) -> tuple[VulkanDevice, ...]:
    return tuple(vulkaninfo_devices(name))


def layers_in(name: str):
    return layers(decode_paste((CAPTURES / "vulkaninfo" / name).read_bytes()))


RX470 = devices("public/amd_rx470_radv_linux_full.txt")
GOOD = SystemFacts(None, RX470, dataclasses.replace(GOOD_HOST, platform="linux"),
                   DiskInfo("/models", 200 * GIB, False), BackendStatus(None, ("AMD Radeon RX 470 Graphics",)),
                   layers=layers_in("public/amd_rx470_radv_linux_full.txt"))


def verdicts(facts: SystemFacts) -> dict[str, Verdict]:
    return {c.id: c.status for c in run_checks(facts).checks}


def result(facts: SystemFacts, check_id: str):
    [found] = [c for c in run_checks(facts).checks if c.id == check_id]
    return found


def test_a_good_polaris_machine_passes_everything() -> None:
    report = run_checks(GOOD)
    assert {c.id for c in report.checks} == {
        "vulkan_loader", "gpu", "vulkan_api", "device_order", "amd_driver", "overlay_layers", "vram", "max_allocation",
        "host_ram", "disk_free", "disk_rotational", "cpu_features", "backend"}
    assert report.overall is Verdict.PASS, [c for c in report.checks if c.status is not Verdict.PASS]
    assert "Polaris" in result(GOOD, "gpu").message
    assert all(c.fix is None for c in report.checks)


def test_every_problem_says_how_to_fix_it() -> None:
    bad = SystemFacts("vulkaninfo was not found", (), HostInfo(8 * GIB, 1 * GIB, frozenset(), "win32"),
                      DiskInfo("D:/models", 2 * GIB, True), BackendStatus("sd.cpp backend not found: x"))
    report = run_checks(bad)
    assert report.overall is Verdict.FAIL
    assert all(c.fix for c in report.checks if c.status is not Verdict.PASS)
    assert verdicts(bad) == {"vulkan_loader": Verdict.FAIL, "gpu": Verdict.FAIL, "host_ram": Verdict.FAIL,
                             "disk_free": Verdict.WARN, "disk_rotational": Verdict.WARN,
                             "cpu_features": Verdict.WARN, "backend": Verdict.FAIL}


def test_only_a_cpu_device_warns_that_it_runs_on_the_processor() -> None:
    facts = dataclasses.replace(GOOD, devices=devices("lavapipe_full.txt"))
    assert result(facts, "gpu").status is Verdict.WARN
    assert result(facts, "gpu").message.startswith("No graphics card that can draw was found: pictures will be made "
                                                   "by the processor, many times slower.")
    assert result(facts, "vram").status is Verdict.WARN


def test_old_vulkan_fails() -> None:
    facts = dataclasses.replace(GOOD, devices=devices("public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt"))
    check = result(facts, "vulkan_api")
    assert check.status is Verdict.FAIL and "1.0.65" in check.message and "1.2" in check.message


def test_a_card_behind_an_igpu_is_chosen_and_said() -> None:
    facts = dataclasses.replace(GOOD, devices=devices("public/multi_gpu_amd_igpu_nvidia_rtx3070_windows_summary.txt"))
    check = result(facts, "device_order")
    assert check.status is Verdict.PASS
    assert "NVIDIA GeForce RTX 3070 comes after AMD Radeon(TM) Graphics" in check.message
    pinned = dataclasses.replace(facts, pinned_device="0")
    assert result(pinned, "device_order").status is Verdict.WARN
    assert "Remove the GGML_VK_VISIBLE_DEVICES variable" in (result(pinned, "device_order").fix or "")


def test_amd_driver_kinds() -> None:
    rx470 = RX470[0]
    radv_old = dataclasses.replace(rx470, driver_info="Mesa 21.2.6")
    amdvlk = dataclasses.replace(rx470, driver_id="DRIVER_ID_AMD_OPEN_SOURCE", name="AMD Radeon RX 470 Graphics")
    old_windows = VulkanDevice(0, "Radeon RX 580 Series", 0x1002, 0x67DF, RX470[0].device_type, "1.2.131",
                               "2.0.117", "DRIVER_ID_AMD_PROPRIETARY", "AMD proprietary driver", "20.4.2")
    new_windows = dataclasses.replace(old_windows, api_version="1.3.260", driver_info="23.19.10.11")
    cases = [(radv_old, "linux", Verdict.WARN, "Mesa 21.2.6 is too old"), (amdvlk, "linux", Verdict.WARN, "AMDVLK"),
             (old_windows, "win32", Verdict.WARN, "Adrenalin Edition 20.4.2 is older than Adrenalin 22.11.2"),
             (new_windows, "win32", Verdict.PASS, "23.19.10.11 (the pre-RDNA branch 23.19")]
    for device, platform, verdict, words in cases:
        facts = dataclasses.replace(GOOD, devices=(device,), host=dataclasses.replace(GOOD_HOST, platform=platform))
        check = result(facts, "amd_driver")
        assert (check.status, words in check.message) == (verdict, True), check
    windows_fix = result(dataclasses.replace(GOOD, devices=(old_windows,), host=GOOD_HOST), "amd_driver").fix
    assert windows_fix and "Polaris" in windows_fix and "own driver branch" in windows_fix
    nvidia = dataclasses.replace(GOOD, devices=devices("nvidia_h200_full.txt"))
    assert "amd_driver" not in verdicts(nvidia)


def test_vram_and_the_allocation_cap() -> None:
    card = RX470[0]
    small = dataclasses.replace(card, heaps=(dataclasses.replace(card.heaps[0], size=2 * GIB),))
    assert result(dataclasses.replace(GOOD, devices=(small,)), "vram").status is Verdict.FAIL
    capped = dataclasses.replace(card, max_allocation_bytes=2 * GIB - 4096)  # AMD's Windows driver
    check = result(dataclasses.replace(GOOD, devices=(capped,)), "max_allocation")
    assert check.status is Verdict.WARN and "tiles" in check.message
    unknown = dataclasses.replace(card, heaps=())
    assert result(dataclasses.replace(GOOD, devices=(unknown,)), "vram").status is Verdict.WARN


@pytest.mark.parametrize(("family", "total_gib", "verdict"), [
    (ModelFamily.FLUX, 8, Verdict.FAIL), (ModelFamily.FLUX, 16, Verdict.PASS), (ModelFamily.SD1, 8, Verdict.PASS),
    (ModelFamily.SDXL, 8, Verdict.FAIL)])
def test_ram_for_the_model_family(family: ModelFamily, total_gib: int, verdict: Verdict) -> None:
    host = dataclasses.replace(GOOD_HOST, ram_total_bytes=total_gib * GIB, ram_available_bytes=total_gib * GIB)
    assert result(dataclasses.replace(GOOD, host=host, family=family), "host_ram").status is verdict


def test_little_free_ram_warns() -> None:
    host = dataclasses.replace(GOOD_HOST, ram_available_bytes=3 * GIB)
    assert result(dataclasses.replace(GOOD, host=host), "host_ram").status is Verdict.WARN


def test_a_spinning_disk_says_loading_is_slow() -> None:
    check = result(dataclasses.replace(GOOD, models_disk=DiskInfo("D:/models", 500 * GIB, True)), "disk_rotational")
    assert check.status is Verdict.WARN and "minutes" in check.message
    unknown = dataclasses.replace(GOOD, models_disk=DiskInfo("D:/models", 500 * GIB, None))
    assert "disk_rotational" not in verdicts(unknown)


def test_a_processor_without_avx2_warns_how_much_slower_its_parts_run_and_unknown_warns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # our programs carry a CPU variant for each level (issue 35): nothing stops at once any more, it is slower
    monkeypatch.setitem(VARIANT_SHARE_OF_AVX2, CpuVariant.SANDYBRIDGE, (0.25, 0.5))
    sandy_bridge = dataclasses.replace(GOOD_HOST, cpu_flags=REQUIRED_FLAGS[CpuVariant.SANDYBRIDGE] | {"sse2"})
    check = result(dataclasses.replace(GOOD, host=sandy_bridge), "cpu_features")
    assert check.status is Verdict.WARN
    assert check.message == ("Your processor has AVX but not AVX2: its parts of a picture run about 3 times slower "
                             "than on a newer one.")
    assert "graphics card" in (check.fix or "")
    assert result(GOOD, "cpu_features").status is Verdict.PASS
    unknown = dataclasses.replace(GOOD_HOST, cpu_flags=None)
    assert result(dataclasses.replace(GOOD, host=unknown), "cpu_features").status is Verdict.WARN


def test_backend_that_sees_no_device_fails() -> None:
    facts = dataclasses.replace(GOOD, backend=BackendStatus(None, ()))
    assert result(facts, "backend").status is Verdict.FAIL
    assert "backend" not in verdicts(dataclasses.replace(GOOD, backend=None))  # a paste: not probed


def test_a_backend_missing_a_dll_on_windows_gets_the_reinstall_fix() -> None:
    # QProcess reports STATUS_DLL_NOT_FOUND as a crash; ToolRun names the code and flags it (see tool_run.py)
    status = BackendStatus("the sd.cpp backend did not run: sd-cli.exe crashed (exit code 0xC0000135)",
                           missing_library=True)
    check = result(dataclasses.replace(GOOD, host=GOOD_HOST, backend=status), "backend")
    assert check.status is Verdict.FAIL
    assert check.message.startswith("A library the sd.cpp backend needs is missing")
    assert "Models > Drawing engine" in (check.fix or "") and "vulkan-1.dll" in (check.fix or "")


@pytest.mark.parametrize("error", ["vulkaninfo was not found (it comes with the graphics driver)",
                                   "vulkaninfo failed (exit code 1): vkCreateInstance failed"])
def test_a_device_the_backend_sees_is_never_no_device(error: str) -> None:
    # Windows promises no vulkaninfo.exe: when it is missing or fails, the backend's own device list still counts
    facts = dataclasses.replace(GOOD, vulkaninfo_error=error, devices=(),
                                backend=BackendStatus(None, ("AMD Radeon RX 580 Series",)))
    report = run_checks(facts)
    assert "No Vulkan device was found." not in [c.message for c in report.checks]
    loader, gpu = result(facts, "vulkan_loader"), result(facts, "gpu")
    assert loader.status is Verdict.WARN and "AMD Radeon RX 580 Series" in loader.message
    assert error not in loader.message and error in report_markdown(facts, report)  # the tool's words: the report's
    assert gpu.status is Verdict.WARN and "The sd.cpp backend sees AMD Radeon RX 580 Series" in gpu.message
    assert report.overall is Verdict.WARN
    # vulkaninfo ran but listed nothing the backend sees: the same
    listed_nothing = dataclasses.replace(facts, vulkaninfo_error=None)
    assert result(listed_nothing, "gpu").status is Verdict.WARN
    assert result(listed_nothing, "gpu").message.startswith("The sd.cpp backend sees AMD Radeon RX 580 Series, but")
    # neither sees a device: that is the failure it was
    blind = dataclasses.replace(facts, backend=BackendStatus(None, ()))
    assert (result(blind, "vulkan_loader").status, result(blind, "gpu").status) == (Verdict.FAIL, Verdict.FAIL)
    assert result(blind, "gpu").message == "No Vulkan device was found."


HEAPS_ONLY = (Path(__file__).resolve().parents[2] / "data" / "vulkaninfo" / "fragments" /
              "rx470_memory_heaps_only.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(("extra", "ram", "available", "flags"), [
    ("", None, None, None),
    ("MemTotal:       16314024 kB\nMemAvailable:    9120000 kB\n", 16314024 * 1024, 9120000 * 1024, None),
    ("Total Physical Memory:     16,314 MB\nAvailable Physical Memory: 9,120 MB\n", 16314 * 2**20, 9120 * 2**20,
     None),
    ("processor\t: 0\nflags\t\t: fpu vme sse4_2 AVX2 fma\n", None, None,
     frozenset({"fpu", "vme", "sse4_2", "avx2", "fma"})),
], ids=["vulkaninfo only", "meminfo", "systeminfo", "cpuinfo"])
def test_a_paste_gives_its_own_host_facts_or_none(extra: str, ram: int | None, available: int | None,
                                                   flags: frozenset[str] | None) -> None:
    host = host_from_paste(HEAPS_ONLY, extra)
    assert (host.ram_total_bytes, host.ram_available_bytes, host.cpu_flags, host.platform, host.from_paste) == \
        (ram, available, flags, None, True)


def test_a_heaps_only_paste_finds_the_card_and_says_the_host_is_unknown() -> None:
    facts = SystemFacts(None, tuple(parse(HEAPS_ONLY)), host_from_paste(HEAPS_ONLY))
    checks = {c.id: c for c in run_checks(facts).checks}
    assert checks["gpu"].status is Verdict.PASS and "No Vulkan device" not in checks["gpu"].message
    assert checks["vram"].status is Verdict.PASS and checks["vram"].message == "3.8 GiB of VRAM."
    assert checks["host_ram"].message == "RAM unknown: the paste does not say."
    assert checks["disk_free"].message == "Free disk space unknown: the paste does not say."
    assert checks["cpu_features"].message.startswith("Processor unknown: the paste does not say")


# Golden cases: real public vulkaninfo outputs of Polaris cards, their drivers, Dozen and overlay layers
# (tests/data/vulkaninfo/polaris/README.md and ../public/SOURCES.md say where each was transcribed from), and what
# the check says of each, word for word. A case that writes a value into a real device says which.
RX580_WINDOWS = devices("polaris/rx580_windows_amd_26_5_2_excerpt.txt")[0]
DOZEN_ON_RADEON = devices("polaris/dozen_radeon_8060s_wsl2_summary_excerpt.txt")[0]
OVERLAYS_FULL = "public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt"
OVERLAYS_SUMMARY = "polaris/amd_igpu_26_3_1_nvidia_rtx3070_windows_summary_overlays.txt"
GOLDEN_CHECKS = ("gpu", "vulkan_api", "device_order", "amd_driver", "overlay_layers")


def golden_facts(case: str) -> SystemFacts:
    windows, linux = GOOD_HOST, dataclasses.replace(GOOD_HOST, platform="linux")
    if case == "rx580 windows adrenalin 26.5.2":
        return SystemFacts(None, (RX580_WINDOWS,), windows)
    if case == "rx580 windows, a 2021 branch driver":  # the excerpt's card with an older driver's driverInfo
        old = dataclasses.replace(RX580_WINDOWS, driver_info="21.30.02.13 (AMD proprietary shader compiler)")
        return SystemFacts(None, (old,), windows)
    if case == "rx580 windows, Vulkan 1.2 and no driverInfo":  # as a driver from before Adrenalin 22.1.2 says
        old = dataclasses.replace(RX580_WINDOWS, api_version="1.2.131", driver_version="2.0.117", driver_info=None)
        return SystemFacts(None, (old,), windows)
    if case == "vega igpu on the pre-rdna branch":
        vega = devices(OVERLAYS_FULL)[1]
        return SystemFacts(None, (dataclasses.replace(vega, index=0),), windows)
    if case == "rx470 linux radv":
        return dataclasses.replace(GOOD, layers=layers_in("public/amd_rx470_radv_linux_full.txt"))
    if case == "dozen beside the radeon":  # two real excerpts as one machine, Dozen first
        return SystemFacts(None, (DOZEN_ON_RADEON, dataclasses.replace(RX580_WINDOWS, index=1)), windows)
    if case == "dozen and llvmpipe only":
        return SystemFacts(None, devices("polaris/dozen_rtx3080_llvmpipe_wsl2_summary_excerpt.txt"), linux)
    if case == "lavapipe only":
        return SystemFacts(None, devices("lavapipe_full.txt"), linux, layers=layers_in("lavapipe_full.txt"))
    if case == "overlay layers, full output":
        return SystemFacts(None, devices(OVERLAYS_FULL), windows, layers=layers_in(OVERLAYS_FULL))
    if case == "overlay layers, summary":
        return SystemFacts(None, devices(OVERLAYS_SUMMARY), windows, layers=layers_in(OVERLAYS_SUMMARY))
    if case == "vulkan 1.0 only":
        return SystemFacts(None, devices("public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt"), linux)
    raise KeyError(case)


GOLDEN = [
    ('rx580 windows adrenalin 26.5.2', {
        'gpu': (Verdict.PASS,
            'Using Radeon RX 580 Series (a Polaris card).',
            None),
        'device_order': (Verdict.PASS,
            'Radeon RX 580 Series is Vulkan device 0.',
            None),
        'amd_driver': (Verdict.PASS,
            'AMD Software: Adrenalin Edition 26.5.2. Polaris users report Adrenalin 22.11.2 as the '
            'fastest release for these cards; newer ones bring fixes, not speed.',
            None),
    }),
    ('rx580 windows, a 2021 branch driver', {
        'gpu': (Verdict.PASS,
            'Using Radeon RX 580 Series (a Polaris card).',
            None),
        'device_order': (Verdict.PASS,
            'Radeon RX 580 Series is Vulkan device 0.',
            None),
        'amd_driver': (Verdict.WARN,
            "AMD's driver 21.30.02.13 (a 2021 driver branch) is older than Adrenalin 22.11.2.",
            'Install Adrenalin 22.11.2, the release Polaris users report as the fastest, or the '
            'newest driver AMD lists for your card on amd.com/support (since late 2023 Polaris has '
            'its own driver branch with critical fixes only, so choose your card there rather than '
            "using the auto-detect tool). Run AMD's Cleanup Utility before installing either."),
    }),
    ('rx580 windows, Vulkan 1.2 and no driverInfo', {
        'gpu': (Verdict.PASS,
            'Using Radeon RX 580 Series (a Polaris card).',
            None),
        'vulkan_api': (Verdict.PASS,
            'Vulkan 1.2.131.',
            None),
        'device_order': (Verdict.PASS,
            'Radeon RX 580 Series is Vulkan device 0.',
            None),
        'amd_driver': (Verdict.WARN,
            "AMD's driver (Vulkan driver 2.0.117) is older than Adrenalin 22.11.2, and it offers only"
            ' Vulkan 1.2.131 (Vulkan 1.3 came with Adrenalin 22.1.2).',
            'Install Adrenalin 22.11.2, the release Polaris users report as the fastest, or the '
            'newest driver AMD lists for your card on amd.com/support (since late 2023 Polaris has '
            'its own driver branch with critical fixes only, so choose your card there rather than '
            "using the auto-detect tool). Run AMD's Cleanup Utility before installing either."),
    }),
    ('vega igpu on the pre-rdna branch', {
        'gpu': (Verdict.PASS,
            'Using AMD Radeon(TM) Graphics.',
            None),
        'vulkan_api': (Verdict.PASS,
            'Vulkan 1.3.260.',
            None),
        'device_order': (Verdict.PASS,
            'AMD Radeon(TM) Graphics is Vulkan device 0.',
            None),
        'amd_driver': (Verdict.PASS,
            "AMD's driver 23.19.10.11 (the pre-RDNA branch 23.19, which AMD keeps for Polaris and "
            'Vega cards with critical fixes only).',
            None),
    }),
    ('rx470 linux radv', {
        'gpu': (Verdict.PASS,
            'Using AMD Radeon RX 470 Graphics (RADV POLARIS10) (a Polaris card). Not used: llvmpipe '
            '(LLVM 15.0.7, 256 bits), Vulkan run by the processor, not a graphics card.',
            None),
        'vulkan_api': (Verdict.PASS,
            'Vulkan 1.3.255.',
            None),
        'device_order': (Verdict.PASS,
            'AMD Radeon RX 470 Graphics (RADV POLARIS10) is Vulkan device 0.',
            None),
        'amd_driver': (Verdict.PASS,
            'RADV from Mesa 23.2.1, new enough (22.0 or newer is needed).',
            None),
        'overlay_layers': (Verdict.PASS,
            'No FPS counter or recording overlay hooks into Vulkan programs.',
            None),
    }),
    ('dozen beside the radeon', {
        'gpu': (Verdict.PASS,
            'Using Radeon RX 580 Series (a Polaris card). Not used: Microsoft Direct3D12 (AMD '
            "Radeon(TM) 8060S Graphics), Vulkan translated to Direct3D 12 (Microsoft's Dozen), on "
            'which loading a model can hang.',
            None),
        'device_order': (Verdict.PASS,
            'Radeon RX 580 Series comes after Microsoft Direct3D12 (AMD Radeon(TM) 8060S Graphics); '
            'Polaris Studio tells the image backend to use it.',
            None),
        'amd_driver': (Verdict.PASS,
            'AMD Software: Adrenalin Edition 26.5.2. Polaris users report Adrenalin 22.11.2 as the '
            'fastest release for these cards; newer ones bring fixes, not speed.',
            None),
    }),
    ('dozen and llvmpipe only', {
        'gpu': (Verdict.WARN,
            'The only graphics device Vulkan lists is Microsoft Direct3D12 (NVIDIA GeForce RTX 3080),'
            " Vulkan translated to Direct3D 12 (Microsoft's Dozen), on which loading a model can "
            'hang.',
            'Install the NVIDIA driver for your graphics card so that Vulkan lists the card itself.'),
        'vulkan_api': (Verdict.PASS,
            'Vulkan 1.2.362.',
            None),
        'device_order': (Verdict.PASS,
            'Microsoft Direct3D12 (NVIDIA GeForce RTX 3080) is Vulkan device 0.',
            None),
    }),
    ('lavapipe only', {
        'gpu': (Verdict.WARN,
            'No graphics card that can draw was found: pictures will be made by the processor, many '
            'times slower. (Vulkan lists only llvmpipe (LLVM 15.0.6, 256 bits), which runs on the '
            'processor.)',
            "If this computer has a graphics card, install its maker's driver so that Vulkan lists "
            'it.'),
        'vulkan_api': (Verdict.PASS,
            'Vulkan 1.3.230.',
            None),
        'device_order': (Verdict.PASS,
            'llvmpipe (LLVM 15.0.6, 256 bits) is Vulkan device 0.',
            None),
        'overlay_layers': (Verdict.PASS,
            'No FPS counter or recording overlay hooks into Vulkan programs.',
            None),
    }),
    ('overlay layers, full output', {
        'gpu': (Verdict.PASS,
            'Using NVIDIA GeForce RTX 3060 Ti.',
            None),
        'vulkan_api': (Verdict.PASS,
            'Vulkan 1.3.280.',
            None),
        'device_order': (Verdict.PASS,
            'NVIDIA GeForce RTX 3060 Ti is Vulkan device 0.',
            None),
        'overlay_layers': (Verdict.WARN,
            'These programs hook into every Vulkan program, the image backend too, and can crash or '
            "hang it while a model loads: Overwolf's in-game overlay. These overlays hook into Vulkan"
            " programs: RivaTuner Statistics Server; OBS Studio's game capture; Overwolf's game "
            "capture; the Steam overlay; the Epic Games overlay; Medal.tv's clip recorder. Polaris "
            'Studio keeps them out of the image backend.',
            "Overwolf's in-game overlay: quit Overwolf from the system tray while you generate."),
    }),
    ('overlay layers, summary', {
        'gpu': (Verdict.PASS,
            'Using NVIDIA GeForce RTX 3070.',
            None),
        'vulkan_api': (Verdict.PASS,
            'Vulkan 1.4.325.',
            None),
        'device_order': (Verdict.PASS,
            'NVIDIA GeForce RTX 3070 comes after AMD Radeon(TM) Graphics; Polaris Studio tells the '
            'image backend to use it.',
            None),
        'overlay_layers': (Verdict.PASS,
            'These overlays hook into Vulkan programs: the Steam overlay; the Epic Games overlay. '
            'Polaris Studio keeps them out of the image backend.',
            None),
    }),
    ('vulkan 1.0 only', {
        'gpu': (Verdict.PASS,
            'Using Quadro K620.',
            None),
        'vulkan_api': (Verdict.FAIL,
            'Quadro K620 offers Vulkan 1.0.65; the image backend needs Vulkan 1.2 or newer, so it '
            'cannot draw on it.',
            'Update the graphics driver; Polaris cards get Vulkan 1.3 from current drivers.'),
        'device_order': (Verdict.PASS,
            'Quadro K620 is Vulkan device 0.',
            None),
    }),
]


@pytest.mark.parametrize(("case", "expected"), GOLDEN, ids=[case for case, _ in GOLDEN])
def test_golden_driver_device_and_layer_words(case: str, expected: dict) -> None:
    said = {c.id: (c.status, c.message, c.fix) for c in run_checks(golden_facts(case)).checks if c.id in GOLDEN_CHECKS}
    assert said == expected


@pytest.mark.parametrize(("shown", "driver"), [
    ((), None),  # llvmpipe alone: nothing says which card, if any, the computer has
    (("AMD Radeon RX 580 Series (RADV POLARIS10)",), "the AMD driver for your Radeon"),
    (("NVIDIA GeForce RTX 3080",), "the NVIDIA driver for your graphics card"),
])
def test_the_processor_alone_is_told_the_driver_of_the_card_it_shows(shown: tuple[str, ...],
                                                                     driver: str | None) -> None:
    lavapipe = golden_facts("lavapipe only")
    # the backend's own list of devices is the only sign of a card here (vulkaninfo showed the processor only)
    facts = dataclasses.replace(lavapipe, backend=BackendStatus(None, shown))
    fixes = [result(facts, "gpu").fix, result(facts, "vram").fix]
    if driver is None:
        assert fixes == ["If this computer has a graphics card, install its maker's driver so that Vulkan lists it.",
                         "If this computer has a graphics card, install its maker's driver so that its video memory "
                         "is used."]
    else:
        assert fixes == [f"Install {driver} so that Vulkan lists the card.",
                         f"Install {driver} so that the card's video memory is used."]
    assert ("Radeon" in " ".join(fixes)) == ("Radeon" in " ".join(shown))


def test_dozen_on_a_radeon_alone_is_told_to_install_the_amd_driver() -> None:
    facts = SystemFacts(None, (DOZEN_ON_RADEON,), dataclasses.replace(GOOD_HOST, platform="linux"))
    assert result(facts, "gpu").fix == "Install the AMD driver for your Radeon so that Vulkan lists the card itself."


def test_no_device_at_all_is_told_to_install_the_card_makers_driver() -> None:
    facts = SystemFacts("vulkaninfo was not found", (), GOOD_HOST)
    assert result(facts, "gpu").fix == ("Install the driver of your graphics card, from its maker, then run the check "
                                        "again.")
