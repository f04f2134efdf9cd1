"""vulkaninfo parsing over real outputs: ours, and public ones (tests/data/vulkaninfo/public/SOURCES.md)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.system.overlay_layers import known_bad
from app.core.system.polaris import amd_windows_driver, is_polaris, mesa_version
from app.core.system.vulkaninfo import (
    DeviceType,
    VulkanDevice,
    cut_before_its_devices,
    decode_paste,
    driver_version,
    layers,
    merge,
    parse,
    preferred_device,
    vulkan_version,
)
from tests.helpers.captures import vulkaninfo_devices

DATA = Path(__file__).resolve().parents[2] / "data" / "vulkaninfo"
GIB = 2**30


# file, device index, expected (name, vendor, device id, type, api, driver version, vram, max allocation)
EXPECTED = [
    ("lavapipe_summary.txt", 0, ("llvmpipe (LLVM 15.0.6, 256 bits)", 0x10005, 0, DeviceType.CPU, "1.3.230",
                                 "0.0.1", None, None)),
    ("lavapipe_full.txt", 0, ("llvmpipe (LLVM 15.0.6, 256 bits)", 0x10005, 0, DeviceType.CPU, "1.3.230", "0.0.1",
                              2 * GIB, 2 * GIB)),
    ("nvidia_h200_full.txt", 0, ("NVIDIA H200", 0x10DE, 0x2335, DeviceType.DISCRETE, "1.4.312", "580.159.4.0",
                                 150754820096, 0xFFE00000)),
    ("public/amd_rx470_radv_linux_full.txt", 0, ("AMD Radeon RX 470 Graphics (RADV POLARIS10)", 0x1002, 0x67DF,
                                                 DeviceType.DISCRETE, "1.3.255", "23.2.1", 4026531840, 4294967292)),
    ("public/amd_rx470_radv_linux_full.txt", 1, ("llvmpipe (LLVM 15.0.7, 256 bits)", 0x10005, 0, DeviceType.CPU,
                                                 "1.3.255", "0.0.1", 16658817024, 2 * GIB)),
    ("public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt", 0, ("Quadro K620", 0x10DE, 0x13BB, DeviceType.DISCRETE,
                                                                 "1.0.65", "390.87.0.0", 2 * GIB, None)),
    ("public/llvmpipe_rpi_display_warning_full.txt", 0, ("llvmpipe (LLVM 11.0.1, 128 bits)", 0x10005, 0,
                                                         DeviceType.CPU, "1.0.2", "0.0.1", 2 * GIB, None)),
    ("public/intel_iris_xe_windows_full_utf16le_crlf.txt", 0, ("Intel(R) Iris(R) Xe Graphics", 0x8086, 0x46A6,
                                                               DeviceType.INTEGRATED, "1.3.224", "0.404.3616",
                                                               8387096576, 8387096576)),
    ("public/intel_xe_tgl_linux_mesa_warnings_full_sdk1_2.txt", 0, ("Intel(R) Xe Graphics (TGL GT2)", 0x8086,
                                                                    0x9A49, DeviceType.INTEGRATED, "1.2.145",
                                                                    "20.2.6", 6099397632, 2 * GIB)),
    ("public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt", 1, ("AMD Radeon(TM) Graphics", 0x1002, 0x1638,
                                                                        DeviceType.INTEGRATED, "1.3.260", "2.0.279",
                                                                        268435456, 2 * GIB)),
    ("public/multi_gpu_amd_igpu_nvidia_rtx3070_windows_summary.txt", 1, ("NVIDIA GeForce RTX 3070", 0x10DE, 0x2488,
                                                                         DeviceType.DISCRETE, "1.4.312",
                                                                         "581.57.0.0", None, None)),
    ("public/amd_rx7800xt_radv_summary_validation_warnings.txt", 0, ("AMD Radeon RX 7800 XT (RADV NAVI32)", 0x1002,
                                                                     0x747E, DeviceType.DISCRETE, "1.4.335",
                                                                     "26.0.8", None, None)),
]


@pytest.mark.parametrize(("name", "index", "expected"), EXPECTED, ids=[f"{n}#{i}" for n, i, _ in EXPECTED])
def test_real_outputs_parse_to_the_devices_they_show(name: str, index: int, expected: tuple) -> None:
    device = vulkaninfo_devices(name)[index]
    assert (device.name, device.vendor_id, device.device_id, device.device_type, device.api_version,
            device.driver_version, device.vram_bytes, device.max_allocation_bytes) == expected


def test_budget_and_usage_come_from_memory_budget_drivers() -> None:
    [h200] = vulkaninfo_devices("nvidia_h200_full.txt")
    assert [(h.size, h.device_local, h.budget, h.usage) for h in h200.heaps] == [
        (150754820096, True, 150092709888, 0), (101361423360, False, 101361423360, 1601536)]
    rx470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]
    assert rx470.vram_heap is not None and rx470.vram_heap.budget == 2580123648
    [quadro] = vulkaninfo_devices("public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt")
    assert all(h.budget is None and h.usage is None for h in quadro.heaps)


def test_driver_info_is_kept_as_the_driver_words_it() -> None:
    amd_igpu = vulkaninfo_devices("public/multi_gpu_amd_igpu_nvidia_rtx3070_windows_summary.txt")[0]
    assert amd_igpu.driver_id == "DRIVER_ID_AMD_PROPRIETARY"
    assert amd_igpu.driver_info == "23.40.02 (AMD proprietary shader compiler)"


def test_several_gpus_and_the_preferred_one() -> None:
    devices = vulkaninfo_devices("public/multi_gpu_amd_igpu_nvidia_rtx3070_windows_summary.txt")
    assert [d.device_type for d in devices] == [DeviceType.INTEGRATED, DeviceType.DISCRETE]
    assert preferred_device(devices) == devices[1]  # the card, not the iGPU that is device 0
    rx470_machine = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")
    assert preferred_device(rx470_machine) == rx470_machine[0]
    assert preferred_device([]) is None


def test_polaris_is_recognised_by_pci_id_or_radv_name() -> None:
    rx470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]
    assert is_polaris(rx470)
    assert is_polaris(VulkanDevice(0, name="Radeon RX 580 Series", vendor_id=0x1002, device_id=0x6FDF))
    assert is_polaris(VulkanDevice(0, name="AMD Radeon RX 550 / 550 Series (RADV POLARIS12)"))
    assert not is_polaris(vulkaninfo_devices("public/amd_rx7800xt_radv_summary_validation_warnings.txt")[0])
    assert not is_polaris(vulkaninfo_devices("nvidia_h200_full.txt")[0])
    # AMD's Windows driver names only the model, and an excerpt may lack the PCI ID
    assert is_polaris(vulkaninfo_devices("polaris/rx580_windows_amd_26_5_2_excerpt.txt")[0])
    assert is_polaris(VulkanDevice(0, name="Radeon (TM) RX 480 Graphics", vendor_id=0x1002))
    assert not is_polaris(VulkanDevice(0, name="AMD Radeon RX 5500 XT", vendor_id=0x1002))  # Navi, not an RX 550
    assert not is_polaris(VulkanDevice(0, name="Radeon RX 580 Series", vendor_id=0x10DE))


def test_driver_versions_decode_per_vendor() -> None:
    assert driver_version(2435301632, 0x10DE) == "580.159.4.0"  # NVIDIA: 10.8.8.6 bits
    assert driver_version(8388887, 0x1002) == "2.0.279"  # AMD: the Vulkan packing
    assert vulkan_version(4206847) == "1.3.255"
    assert vulkan_version(4194306) == "1.0.2"


def test_summary_and_full_pastes_merge() -> None:
    summary = (DATA / "lavapipe_summary.txt").read_text(encoding="utf-8")
    full = (DATA / "lavapipe_full.txt").read_text(encoding="utf-8")
    [merged] = merge(summary, full)
    assert merged.vram_bytes == 2 * GIB and merged.max_allocation_bytes == 2 * GIB
    assert merged.driver_info == "Mesa 22.3.6 (LLVM 15.0.6)"


def test_windows_utf16_and_crlf_are_decoded() -> None:
    raw = (DATA / "public/intel_iris_xe_windows_full_utf16le_crlf.txt").read_bytes()
    assert raw.startswith(b"\xff\xfe") and b"\r\x00\n\x00" in raw
    assert "Intel(R) Iris(R) Xe Graphics" in decode_paste(raw)


def test_nothing_recognisable_gives_no_devices() -> None:
    assert parse("ERROR: [Loader Message] Code 0 : vkCreateInstance failed\n") == []
    assert parse("") == []


PASTES = [(DATA / "public/amd_rx470_radv_linux_full.txt").read_text(encoding="utf-8"),
          (DATA / "public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt").read_text(encoding="utf-8")]


@settings(max_examples=150, deadline=None)
@given(which=st.sampled_from([0, 1]), start=st.floats(0, 1), length=st.floats(0, 1))
def test_any_partial_paste_parses_without_error(which: int, start: float, length: float) -> None:
    lines = PASTES[which].splitlines()
    first = int(start * len(lines))
    part = "\n".join(lines[first:first + int(length * len(lines))])
    for device in parse(part):
        assert device.index in (0, 1)
        assert all(heap.size >= 0 for heap in device.heaps)


# fragments cut from the public dumps (tests/data/vulkaninfo/fragments/), as users paste them:
# file, expected (name, type, vram, budget, is polaris)
FRAGMENTS = [
    # only the memory heaps section: no name, the kind read from the heaps (its own VRAM beside the host's)
    ("rx470_memory_heaps_only.txt", ("unknown device", DeviceType.DISCRETE, 4026531840, 2580123648, False)),
    # only the properties block, without `GPU0:` or `VkPhysicalDeviceProperties:`: no heaps, so no VRAM
    ("rx470_properties_without_header.txt", ("AMD Radeon RX 470 Graphics (RADV POLARIS10)", DeviceType.DISCRETE,
                                             None, None, True)),
    # the 2018 SDK 1.1 layout (`memoryHeaps[0] :`, `deviceType = DISCRETE_GPU`) without its `GPU0` line
    ("k620_2018_properties_and_heaps.txt", ("Quadro K620", DeviceType.DISCRETE, 2 * GIB, None, False)),
]


@pytest.mark.parametrize(("name", "expected"), FRAGMENTS, ids=[n for n, _ in FRAGMENTS])
def test_a_fragment_without_its_section_headers_is_one_device(name: str, expected: tuple) -> None:
    devices = parse((DATA / "fragments" / name).read_text(encoding="utf-8"))
    assert len(devices) == 1
    device = devices[0]
    heap = device.vram_heap
    assert (device.name, device.device_type, device.vram_bytes, heap.budget if heap else None,
            is_polaris(device)) == expected


def test_heaps_alone_tell_a_card_from_a_shared_memory_gpu() -> None:
    def kind(heaps: str) -> DeviceType:
        return parse(heaps)[0].device_type

    card = "memoryHeaps[0]:\n size = 8589934592\n flags:\n  MEMORY_HEAP_DEVICE_LOCAL_BIT\n" \
           "memoryHeaps[1]:\n size = 17179869184\n flags:\n  None\n"
    shared = "memoryHeaps[0]:\n size = 8387096576\n flags:\n  MEMORY_HEAP_DEVICE_LOCAL_BIT\n"
    apu = "memoryHeaps[0]:\n size = 268435456\n flags = 0x1\nmemoryHeaps[1]:\n size = 16000000000\n flags = 0x0\n"
    assert (kind(card), kind(shared), kind(apu)) == (DeviceType.DISCRETE, DeviceType.INTEGRATED,
                                                     DeviceType.INTEGRATED)


def text_of(name: str) -> str:
    return decode_paste((DATA / name).read_bytes())


# file, the layers vulkaninfo lists (None: the paste has no layers section)
LAYERS = [
    ("public/amd_rx470_radv_linux_full.txt", ["VK_LAYER_INTEL_nullhw", "VK_LAYER_MESA_device_select",
                                              "VK_LAYER_MESA_overlay"]),
    # the 2018 SDK 1.1 layout: no colon after a layer's line
    ("public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt", [
        "VK_LAYER_LUNARG_core_validation", "VK_LAYER_LUNARG_standard_validation", "VK_LAYER_GOOGLE_unique_objects",
        "VK_LAYER_GOOGLE_threading", "VK_LAYER_LUNARG_object_tracker", "VK_LAYER_LUNARG_parameter_validation"]),
    # --summary: name, description, version in columns; the Epic layer is listed twice and kept once
    ("polaris/amd_igpu_26_3_1_nvidia_rtx3070_windows_summary_overlays.txt", [
        "VK_LAYER_AMD_switchable_graphics", "VK_LAYER_EOS_Overlay", "VK_LAYER_NV_optimus", "VK_LAYER_NV_present",
        "VK_LAYER_VALVE_steam_fossilize", "VK_LAYER_VALVE_steam_overlay"]),
    ("fragments/rx470_memory_heaps_only.txt", None),
    ("polaris/rx580_windows_amd_26_5_2_excerpt.txt", None),
]


@pytest.mark.parametrize(("name", "expected"), LAYERS, ids=[n for n, _ in LAYERS])
def test_layers_are_read_from_each_layout(name: str, expected: list[str] | None) -> None:
    found = layers(text_of(name))
    assert (None if found is None else [layer.name for layer in found]) == expected


def test_known_bad_layers_are_found_in_real_outputs() -> None:
    full = layers(text_of("public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt"))
    assert full is not None and len(full) == 21  # 23 listed, the Epic and Medal layers twice each
    assert [entry.layer for entry in known_bad(full)] == [
        "VK_LAYER_RTSS", "VK_LAYER_OBS_HOOK", "VK_LAYER_OW_OBS_HOOK", "VK_LAYER_OW_OVERLAY",
        "VK_LAYER_VALVE_steam_overlay", "VK_LAYER_EOS_Overlay", "VK_LAYER_MEDAL_HOOK"]
    # the Steam overlay's 32- and 64-bit layers are one entry; its pipeline cache (fossilize) is no overlay
    summary = layers(text_of("public/amd_rx7800xt_radv_summary_validation_warnings.txt"))
    assert summary is not None
    assert [entry.layer for entry in known_bad(summary)] == ["VK_LAYER_VALVE_steam_overlay"]
    lavapipe = layers(text_of("lavapipe_full.txt"))
    assert lavapipe is not None and known_bad(lavapipe) == ()  # Mesa's own overlay is off unless asked for


def test_dozen_and_software_vulkan_are_never_chosen_beside_a_card() -> None:
    rx580 = vulkaninfo_devices("polaris/rx580_windows_amd_26_5_2_excerpt.txt")[0]
    dozen = vulkaninfo_devices("polaris/dozen_radeon_8060s_wsl2_summary_excerpt.txt")[0]
    assert (dozen.translates_to, dozen.is_hardware, rx580.is_hardware) == ("Direct3D 12", False, True)
    machine = [dozen, replace(rx580, index=1)]  # Dozen says DISCRETE/INTEGRATED and comes first
    assert preferred_device(machine) == machine[1]
    # without a driver ID, Dozen is known by its name; alone with llvmpipe it still beats the processor
    dozen_rtx, llvmpipe = vulkaninfo_devices("polaris/dozen_rtx3080_llvmpipe_wsl2_summary_excerpt.txt")
    assert dozen_rtx.driver_id is None and dozen_rtx.translates_to == "Direct3D 12"
    assert (llvmpipe.is_cpu, llvmpipe.translates_to) == (True, None)
    assert preferred_device([llvmpipe, dozen_rtx]) == dozen_rtx
    # a software device that calls itself a GPU is still software (SwiftShader, lavapipe by driver ID)
    swiftshader = VulkanDevice(0, "SwiftShader Device (LLVM 16.0.0)", device_type=DeviceType.INTEGRATED)
    lavapipe_as_gpu = VulkanDevice(1, "lavapipe", device_type=DeviceType.OTHER, driver_id="DRIVER_ID_MESA_LLVMPIPE")
    assert swiftshader.is_cpu and lavapipe_as_gpu.is_cpu
    assert preferred_device([swiftshader, lavapipe_as_gpu, replace(rx580, index=2)]).name == rx580.name
    # lavapipe alone is what CI draws on
    [lavapipe] = vulkaninfo_devices("lavapipe_full.txt")
    assert preferred_device([lavapipe]) == lavapipe


def test_the_vulkan_floor() -> None:
    [quadro] = vulkaninfo_devices("public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt")
    assert not quadro.meets_vulkan_floor  # 1.0.65
    assert vulkaninfo_devices("polaris/dozen_rtx3080_llvmpipe_wsl2_summary_excerpt.txt")[0].meets_vulkan_floor
    assert VulkanDevice(0, api_version="").meets_vulkan_floor  # not said: not refused


# file, device index, (the version as driverInfo says it, is it AMD's branch number, the pre-RDNA branch, older
# than the floor)
AMD_WINDOWS_DRIVERS = [
    ("polaris/rx580_windows_amd_26_5_2_excerpt.txt", 0, ("26.5.2", False, False, False)),
    ("polaris/amd_igpu_26_3_1_nvidia_rtx3070_windows_summary_overlays.txt", 0, ("26.3.1", False, False, False)),
    ("public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt", 1, ("23.19.10.11", True, True, False)),
    ("public/multi_gpu_amd_igpu_nvidia_rtx3070_windows_summary.txt", 0, ("23.40.02", True, False, False)),
]


@pytest.mark.parametrize(("name", "index", "expected"), AMD_WINDOWS_DRIVERS,
                         ids=[f"{n}#{i}" for n, i, _ in AMD_WINDOWS_DRIVERS])
def test_amd_windows_driver_versions_decode(name: str, index: int, expected: tuple) -> None:
    driver = amd_windows_driver(vulkaninfo_devices(name)[index])
    assert (driver.text, driver.is_branch, driver.on_pre_rdna_branch, driver.older_than_floor) == expected


def test_older_amd_windows_drivers_are_below_the_floor() -> None:
    rx580 = vulkaninfo_devices("polaris/rx580_windows_amd_26_5_2_excerpt.txt")[0]
    for info, api in [("21.30.02.13 (AMD proprietary shader compiler)", ""), ("22.11.1", ""), (None, "1.2.131")]:
        assert amd_windows_driver(replace(rx580, driver_info=info, api_version=api)).older_than_floor, info
    for info in ["22.11.2", "22.40.00.57", "23.19.02"]:
        assert not amd_windows_driver(replace(rx580, driver_info=info)).older_than_floor, info


def test_mesa_versions_of_radv() -> None:
    rx470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]
    assert mesa_version(rx470) == (23, 2, 1)  # "Mesa 23.2.1-1ubuntu3.1~22.04.3"
    assert mesa_version(replace(rx470, driver_info=None)) == (23, 2, 1)  # driverVersion 96477185 (0x5c02001)
    assert mesa_version(vulkaninfo_devices("public/amd_rx7800xt_radv_summary_validation_warnings.txt")[0]) == \
        (26, 0, 8)


def test_polaris_on_radv_offers_what_ggml_flash_attention_needs_without_fp16() -> None:
    # ggml-vulkan's scalar flash attention needs subgroup shuffle and vote, not fp16 (ggml-vulkan.cpp's
    # supports_op for GGML_OP_FLASH_ATTN_EXT): a real RX 470 on RADV reports both
    rx470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]
    assert {"SHUFFLE", "VOTE"} <= rx470.subgroup_operations and rx470.flash_attention


@pytest.mark.parametrize("name", ["lavapipe_full.txt", "lavapipe_summary.txt"])
def test_a_paste_cut_before_its_devices_is_told_from_another_file(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    assert not cut_before_its_devices(text)  # whole: its devices are there
    assert cut_before_its_devices(text[:text.index("GPU0")])
    assert not cut_before_its_devices("my graphics card is an RX 580\nit has 8 GB\n")
