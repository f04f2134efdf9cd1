"""What --offload-to-cpu pins in host-visible memory, counted against the budget the driver allows (sd.cpp #2015)."""

from __future__ import annotations

import dataclasses

import pytest

from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.planning.plan import (
    GIB,
    PINNED_SHARE_OF_RAM,
    Device,
    MemoryPlan,
    candidates,
    device_from_vulkan,
    evaluate,
    plan_memory,
)
from app.core.system.vulkaninfo import MemoryHeap, VulkanDevice
from tests.helpers.calibration import card
from tests.helpers.captures import load, vulkaninfo_devices

CAPS = parse_help(load("help").stdout.decode())
PRESETS = load_catalog().presets


def _every_plan(chosen: MemoryPlan) -> list[MemoryPlan]:
    return [chosen, *chosen.fallbacks]


@pytest.mark.parametrize("preset", ["flux-schnell-q4k", "flux-schnell-q4k-t5q8", "sdxl", "sd15",
                                    "z-image-turbo-q8", "flux2-klein-4b-q8"])
@pytest.mark.parametrize("vram_gib", [3, 4, 8])
@pytest.mark.parametrize("ram_gib", [8, 12, 16, 32])
def test_planned_pinning_never_exceeds_the_budget(preset: str, vram_gib: int, ram_gib: int) -> None:
    # half of RAM, as amdgpu's GTT and Windows' shared GPU memory give a card by default; RAM free is a bit less
    # than the total, as on a real PC
    device = dataclasses.replace(card(vram_gib), pinned_budget=int(ram_gib * GIB * PINNED_SHARE_OF_RAM))
    chosen = plan_memory(PRESETS[preset].components(), device, int((ram_gib - 2) * GIB), 1024, 1024, 4, CAPS)
    assert device.pinned_budget is not None
    for plan in _every_plan(chosen):
        if plan.memory.offload_to_cpu:
            assert plan.pinned_ram > 0
        if plan.fits or plan is not chosen:  # what would run: the plan, or a fallback the app steps down to
            assert plan.pinned_ram <= device.pinned_budget
        elif plan.pinned_ram > device.pinned_budget:  # nothing fits: the best try says why
            assert any("more than the" in line and "its driver allows" in line for line in plan.explanation)


def test_pinned_bytes_are_the_weights_the_gpu_runs_from_ram() -> None:
    flux = PRESETS["flux-schnell-q4k-t5q8"].components()
    device = card(4)
    for memory in candidates(device, CAPS):
        plan = evaluate(flux, device, 64 * GIB, 1024, 1024, 4, memory)
        if not memory.offload_to_cpu:
            assert plan.pinned_ram == 0
            continue
        expected = flux.diffusion
        expected += flux.text_encoders if not memory.clip_on_cpu else 0
        assert plan.pinned_ram >= expected  # plus the VAE's share when it runs on the card
        assert plan.pinned_ram <= expected + flux.vae


def test_a_plan_past_the_budget_is_not_chosen_and_the_plan_says_so() -> None:
    # Flux on a 4 GB card only fits by offloading (6.3 GB of diffusion weights pinned); 32 GB RAM but a
    # driver that lets the card pin only 4 GiB
    flux = PRESETS["flux-schnell-q4k-t5q8"].components()
    unbounded = plan_memory(flux, card(4), 30 * GIB, 1024, 1024, 4, CAPS)
    assert unbounded.fits and unbounded.memory.offload_to_cpu and unbounded.pinned_ram > 4 * GIB
    device = dataclasses.replace(card(4), pinned_budget=4 * GIB)
    bounded = plan_memory(flux, device, 30 * GIB, 1024, 1024, 4, CAPS)
    assert not bounded.fits  # nothing else fits a 4 GB card: refused, not planned into DeviceLost
    assert any("more than the 4.0 GiB its driver allows" in line for line in bounded.explanation)
    # with room to pin, the same offloading plan is chosen and the plan names what it holds
    roomy = dataclasses.replace(card(4), pinned_budget=16 * GIB)
    planned = plan_memory(flux, roomy, 30 * GIB, 1024, 1024, 4, CAPS)
    assert planned.memory == unbounded.memory
    assert any("of the 16.0 GiB of system memory its driver lets it use" in line for line in planned.explanation)


def test_an_8gb_card_keeps_flux_on_the_card_when_pinning_is_tight() -> None:
    flux = PRESETS["flux-schnell-q4k"].components()
    device = dataclasses.replace(Device(8 * GIB, max_allocation=2 * GIB), pinned_budget=3 * GIB)
    chosen = plan_memory(flux, device, 14 * GIB, 1024, 1024, 4, CAPS)
    assert chosen.fits and not chosen.memory.offload_to_cpu


def test_the_pinned_budget_comes_from_the_host_heap_or_half_of_ram() -> None:
    rx470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]
    assert rx470.host_heap is not None and not rx470.host_heap.device_local
    device = device_from_vulkan(rx470, ram_total=64 * GIB)
    assert device is not None and device.pinned_budget == 4231057408  # memoryHeaps[1]'s budget (GTT), not RAM
    no_budget = VulkanDevice(0, heaps=(MemoryHeap(8 * GIB, True), MemoryHeap(16 * GIB, False)))
    assert device_from_vulkan(no_budget, ram_total=16 * GIB).pinned_budget == 8 * GIB  # type: ignore[union-attr]
    assert device_from_vulkan(no_budget).pinned_budget is None  # type: ignore[union-attr]
    [lavapipe] = vulkaninfo_devices("lavapipe_full.txt")
    assert lavapipe.host_heap is None  # one heap, the system's, marked DEVICE_LOCAL
    assert device_from_vulkan(lavapipe, ram_total=12 * GIB).pinned_budget == 6 * GIB  # type: ignore[union-attr]
