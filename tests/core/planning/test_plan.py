"""The memory planner's table: cards, RAM, sizes, and the backend's flags."""

from __future__ import annotations

import dataclasses

import pytest

from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.models.components import Components
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.planning.plan import (
    GIB,
    UNMEASURED_TILE_MARGIN,
    Device,
    MemoryPlan,
    candidates,
    device_from_vulkan,
    evaluate,
    plan_json,
    plan_memory,
)
from app.core.sizes import format_size, parse_size
from app.core.system.vulkaninfo import MemoryHeap, VulkanDevice
from tests.helpers.calibration import card, comparisons, decoder_comparisons
from tests.helpers.captures import load, vulkaninfo_devices

CAPS = parse_help(load("help").stdout.decode())
PRESETS = load_catalog().presets
FLUX = PRESETS["flux-schnell-q4k"].components()
FLUX_T5Q8 = PRESETS["flux-schnell-q4k-t5q8"].components()
POLARIS_8GB = Device(8 * GIB, max_allocation=4 * GIB - 4)  # RADV
POLARIS_4GB_WINDOWS = card(4)  # AMD's Windows cap


def plan(components: Components = FLUX, device: Device = POLARIS_8GB, ram: int = 24 * GIB, size: int = 1024,
         caps=CAPS) -> MemoryPlan:
    return plan_memory(components, device, ram, size, size, 4, caps)


def test_flux_on_an_8gb_polaris_keeps_t5_in_ram_and_fits() -> None:
    chosen = plan()
    assert chosen.fits
    assert chosen.placement["text_encoders"].value == "cpu"
    assert "--clip-on-cpu" in chosen.flags and "--diffusion-fa" in chosen.flags
    assert chosen.peak_vram.total <= POLARIS_8GB.budget


def test_flux_q4k_at_1024_is_planned_for_a_4gb_card() -> None:
    chosen = plan(device=POLARIS_4GB_WINDOWS)
    assert chosen.fits and chosen.peak_vram.total <= POLARIS_4GB_WINDOWS.budget
    assert "--offload-to-cpu" in chosen.flags and "--max-vram" in chosen.flags


@pytest.mark.parametrize("budget_gib", [8, 6, 4, 3])
def test_the_chosen_plan_is_the_fastest_that_fits(budget_gib: int) -> None:
    device = Device(budget_gib * GIB, max_allocation=2 * GIB)
    chosen = plan(device=device)
    everything = [evaluate(FLUX, device, 24 * GIB, 1024, 1024, 4, m) for m in candidates(device, CAPS)]
    fitting = [p for p in everything if p.fits]
    # the quickest in sd.cpp's measured default decoder tile, unless an unmeasured smaller tile beats it by a margin
    quickest = min(p.seconds for p in fitting)
    quickest_measured = min(p.seconds for p in fitting if p.memory.vae_tile is None)
    assert chosen.fits and chosen.seconds in (quickest, quickest_measured)
    assert chosen.seconds <= quickest * (1 + UNMEASURED_TILE_MARGIN)


def test_the_ladder_gets_safer_step_by_step() -> None:
    chosen = plan()
    peaks = [chosen.peak_vram.total, *(f.peak_vram.total for f in chosen.fallbacks)]
    assert len(chosen.fallbacks) >= 2
    assert peaks == sorted(peaks, reverse=True) and len(set(peaks)) == len(peaks)
    assert all(f.flags != chosen.flags for f in chosen.fallbacks)


def test_flags_come_only_from_what_the_backend_offers() -> None:
    old_backend = dataclasses.replace(CAPS, flags=CAPS.flags - {"--diffusion-fa", "--max-vram"})
    chosen = plan(caps=old_backend)
    for p in (chosen, *chosen.fallbacks):
        assert "--diffusion-fa" not in p.flags and "--max-vram" not in p.flags
    assert all(flag in CAPS.flags for p in (plan(), *plan().fallbacks) for flag in p.flags if flag.startswith("--"))


def test_predictions_grow_with_the_image() -> None:
    for memory in (MemoryFlags(), MemoryFlags(diffusion_fa=True), MemoryFlags(vae_on_cpu=False)):
        peaks = [evaluate(FLUX, POLARIS_8GB, 24 * GIB, s, s, 4, memory).peak_vram.total for s in (512, 768, 1024)]
        assert peaks == sorted(peaks) and peaks[0] < peaks[-1]


def test_without_flash_attention_the_attention_matrix_dominates() -> None:
    no_fa = evaluate(FLUX, POLARIS_8GB, 24 * GIB, 1024, 1024, 4, MemoryFlags())
    fa = evaluate(FLUX, POLARIS_8GB, 24 * GIB, 1024, 1024, 4, MemoryFlags(diffusion_fa=True))
    assert no_fa.peak_vram.compute > 4 * fa.peak_vram.compute


def test_a_2gib_allocation_cap_rules_out_big_single_buffers() -> None:
    untiled = MemoryFlags(vae_on_cpu=False, diffusion_fa=True)
    assert evaluate(FLUX, POLARIS_4GB_WINDOWS, 24 * GIB, 1024, 1024, 4, dataclasses.replace(
        untiled, offload_to_cpu=True, max_vram_gib=3)).fits is False  # the decoder's 3 GB buffer
    tiled = dataclasses.replace(untiled, vae_tiling=True, offload_to_cpu=True, max_vram_gib=3)
    assert evaluate(FLUX, POLARIS_4GB_WINDOWS, 24 * GIB, 1024, 1024, 4, tiled).fits


@pytest.mark.parametrize(("ram_gib", "components", "fits"), [(16, FLUX, True), (32, FLUX, True),
                                                             (12, FLUX_T5Q8, True), (6, FLUX, False)])
def test_host_ram_decides_what_can_live_in_ram(ram_gib: int, components: Components, fits: bool) -> None:
    chosen = plan(components=components, ram=ram_gib * GIB)
    assert chosen.fits is fits
    if fits:
        assert chosen.peak_ram <= ram_gib * GIB
    else:
        assert "more RAM" in chosen.explanation[-1]


def test_16gb_of_ram_cannot_hold_t5_fp16_and_offloaded_weights_on_a_4gb_card() -> None:
    # T5-XXL fp16 (9.8 GB) plus Flux offloaded to RAM (6.8 GB) does not fit in 14 GB free: T5 q8_0 does
    assert not plan(device=POLARIS_4GB_WINDOWS, ram=14 * GIB).fits
    assert plan(components=FLUX_T5Q8, device=POLARIS_4GB_WINDOWS, ram=14 * GIB).fits


def test_a_cpu_vulkan_device_keeps_text_encoder_and_decoder_on_the_cpu() -> None:
    [lavapipe] = vulkaninfo_devices("lavapipe_full.txt")
    device = device_from_vulkan(lavapipe)
    assert device is not None and device.is_cpu and device.flash_attention
    tiny = Components(ModelFamily.FLUX, 1_000_000, 70 * 2**20, 5 * 2**20, tae=True)
    chosen = plan_memory(tiny, device, 8 * GIB, 128, 128, 2, CAPS)
    assert chosen.placement["text_encoders"].value == "cpu" and chosen.placement["vae"].value == "cpu"
    assert all(f.placement["vae"].value == "cpu" for f in chosen.fallbacks)


def test_device_from_vulkan_uses_the_budget_where_reported() -> None:
    rx470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]
    device = device_from_vulkan(rx470)
    assert device is not None
    assert (device.vram_total, device.vram_free, device.max_allocation) == (4026531840, 2580123648, 4294967292)
    assert device_from_vulkan(VulkanDevice(0)) is None
    no_budget = VulkanDevice(0, heaps=(MemoryHeap(8 * GIB, True),))
    assert device_from_vulkan(no_budget).vram_free is None  # type: ignore[union-attr]


def test_plan_json_shape() -> None:
    document = plan_json(plan())
    assert set(document) == {"fits", "flags", "placement", "predicted_peak_vram_bytes", "predicted_peak_ram_bytes",
                             "explanation", "fallbacks", "preview"}
    assert set(document["placement"]) == {"diffusion", "text_encoders", "vae"}
    assert all(set(f) == {"flags", "predicted_peak_vram_bytes"} for f in document["fallbacks"])


@pytest.mark.parametrize(("text", "size"), [("8GiB", 8 * GIB), ("7.5GB", 7_500_000_000), ("512 MiB", 512 * 2**20),
                                            ("4096", 4096)])
def test_sizes(text: str, size: int) -> None:
    assert parse_size(text) == size


def test_a_bad_size_is_explained() -> None:
    with pytest.raises(ValueError, match="say 8GiB"):
        parse_size("eight")


def test_flux_predictions_never_fall_10_percent_below_a_measured_peak() -> None:
    rows = comparisons()
    assert len(rows) >= 10
    # above by up to 30 %: the one 512 px run that decoded with the full AE on the GPU, whose buffer took 1.19
    # times its one-allocation size where the planner counts 1.5 (tests/data/calibration/h100_sd_fit.json)
    assert all(-0.10 <= row.error <= 0.30 for row in rows), [(r.flags, r.size, f"{r.error:+.1%}") for r in rows]
    assert sum(abs(row.error) <= 0.10 for row in rows) >= len(rows) - 2


def test_decoder_buffers_match_what_sdcpp_allocated() -> None:
    rows = decoder_comparisons()
    assert len(rows) == 6
    for run, predicted in rows:
        assert predicted == pytest.approx(run["mib"], rel=0.05), run


@pytest.mark.parametrize(("size", "text"), [(512, "512 bytes"), (48 * 2**10, "48 KiB"), (1536 * 2**10, "1.5 MiB"),
                                            (335304388, "320 MiB"), (9787841024, "9.1 GiB")])
def test_sizes_read_as_explorer_shows_them(size: int, text: str) -> None:
    assert format_size(size) == text
