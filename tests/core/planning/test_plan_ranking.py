"""One time model: the planner picks, among the plans that fit, the quickest by the time the window shows
(timing.picture_time: the card, the processor's variant, the link), and the processor's variant prices its parts."""

from __future__ import annotations

import dataclasses

import pytest

from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.models.components import Components
from app.core.models.families import MemoryFlags
from app.core.planning.plan import GIB, TIE, Device, MemoryPlan, candidates, evaluate, plan_memory
from app.core.planning.timing import Card, Host, find_card, measured_shares, picture_time
from app.core.system.processor import VARIANT_SHARE_OF_AVX2, CpuVariant
from tests.helpers.calibration import llm_components, sd_components
from tests.helpers.captures import load

CAPS = parse_help(load("help").stdout.decode())
CATALOG = load_catalog()
RAM = 16 * GIB


def card(name: str) -> Card:
    found = find_card(name)
    assert found is not None
    return found


def shown_time(components: Components, plan: MemoryPlan, device: Device, size: tuple[int, int], steps: int,
               quantized: bool) -> float:
    """What the window shows for a plan: the time model's seconds for it on this card and processor."""
    return picture_time(components, plan, device.time_card, device.host, *size, steps, quantized).seconds


CASES = [
    # the case: Flux Schnell on an 8 GB RX 580 beside a 6-core AVX2 desktop
    ("flux-schnell-q4k", "Radeon RX 580", 8, Host(6)),
    ("flux-schnell-q4k", "Radeon RX 580", 8, Host(4, variant=CpuVariant.SANDYBRIDGE)),
    ("sdxl", "Radeon RX 570", 4, Host(4, variant=CpuVariant.X64)),
    ("sdxl", "Radeon RX 580", 8, Host(8)),
    ("sd15", "Radeon RX 560", 4, Host(2, variant=CpuVariant.SSE42)),
    ("flux2-klein-4b-q4", "Radeon RX 570", 4, Host(6, variant=CpuVariant.SANDYBRIDGE)),
    ("z-image-turbo-q8", "Radeon RX 580", 8, Host(16, variant=CpuVariant.SKYLAKEX)),
]


@pytest.mark.parametrize(("preset", "name", "vram_gib", "host"), CASES,
                         ids=[f"{p}-{n}-{v}GB-{h.cores}x{h.variant}" for p, n, v, h in CASES])
def test_the_planner_picks_the_quickest_fitting_plan_by_the_time_the_window_shows(preset: str, name: str,
                                                                                   vram_gib: int, host: Host) -> None:
    chosen_preset = CATALOG.presets[preset]
    components = chosen_preset.components()
    device = Device(vram_gib * GIB, max_allocation=card(name).max_allocation, card=card(name), host=host)
    size = (1024, 1024) if chosen_preset.family.traits.transformer else (512, 512)
    steps, quantized = chosen_preset.steps, chosen_preset.quantized
    plan = plan_memory(components, device, RAM, *size, steps, CAPS, quantized=quantized)
    assert plan.fits
    fitting = [p for m in candidates(device, CAPS)
               if (p := evaluate(components, device, RAM, *size, steps, m, quantized=quantized)).fits]
    shown = {p.memory: shown_time(components, p, device, size, steps, quantized) for p in fitting}
    # the plan's own seconds are the window's time for it, and no fitting plan shows a quicker one
    assert plan.seconds == pytest.approx(shown[plan.memory])
    assert shown[plan.memory] <= min(shown.values()) * (1 + TIE)


@pytest.mark.parametrize("variant", list(CpuVariant))
def test_the_processor_s_parts_are_priced_by_its_variant(variant: CpuVariant) -> None:
    components = sd_components("sdxl")
    device = Device(80 * GIB, card=card("RX 580"))
    memory = MemoryFlags(clip_on_cpu=True, vae_on_cpu=True, diffusion_fa=True)
    plan = evaluate(components, device, 2**40, 1024, 1024, 20, memory)

    def stages(host: Host) -> dict[str, float]:
        return dict(picture_time(components, plan, device.time_card, host, 1024, 1024, 20, False).stages)

    full, this = stages(Host(8)), stages(Host(8, variant=variant))
    matrix, conv = VARIANT_SHARE_OF_AVX2[variant]
    assert this["text"] == pytest.approx(full["text"] / matrix)
    assert this["decode"] == pytest.approx(full["decode"] / conv)
    assert this["sampling"] == full["sampling"]  # the card's part is the card's
    # and scaled by the cores: twice the cores, half the time
    assert stages(Host(16, variant=variant))["decode"] == pytest.approx(this["decode"] / 2)


def test_an_old_processor_makes_the_planner_keep_more_on_the_card() -> None:
    klein = llm_components("klein")
    rx580 = card("RX 580")

    def on_processor(variant: CpuVariant) -> int:
        device = Device(8 * GIB, max_allocation=rx580.max_allocation, card=rx580, host=Host(4, variant=variant))
        memory = plan_memory(klein, device, RAM, 1024, 1024, 4, CAPS, quantized=True).memory
        return int(memory.clip_on_cpu) + int(memory.vae_on_cpu)

    assert on_processor(CpuVariant.X64) <= on_processor(CpuVariant.HASWELL)


def test_a_picture_s_own_processor_seconds_correct_the_next_plan_s_time() -> None:
    components = sd_components("sdxl")
    device = Device(80 * GIB, card=card("RX 580"), host=Host(6, variant=CpuVariant.SANDYBRIDGE))
    memory = MemoryFlags(clip_on_cpu=True, vae_on_cpu=True, diffusion_fa=True)
    plan = evaluate(components, device, 2**40, 1024, 1024, 20, memory)
    predicted = dict(picture_time(components, plan, device.time_card, device.host, 1024, 1024, 20, False).stages)
    taken = {"text": predicted["text"] * 2, "decode": predicted["decode"] / 2}  # this processor's own seconds
    shares = measured_shares(components, memory, device.host, 1024, 1024, taken)
    assert shares == pytest.approx((0.5, 2.0))
    learned = Host(6, variant=CpuVariant.SANDYBRIDGE, measured=(0.5, 2.0))
    again = dict(picture_time(components, plan, device.time_card, learned, 1024, 1024, 20, False).stages)
    assert again["text"] == pytest.approx(taken["text"]) and again["decode"] == pytest.approx(taken["decode"])
    assert again["sampling"] == predicted["sampling"]
    # a second run that takes as long as the corrected time keeps the shares; a part on the card is not timed
    assert measured_shares(components, memory, learned, 1024, 1024, taken) == pytest.approx((0.5, 2.0))
    on_card = dataclasses.replace(memory, vae_on_cpu=False)
    assert measured_shares(components, on_card, learned, 1024, 1024, taken)[1] is None


def test_the_plan_says_how_much_slower_an_old_processor_runs_the_parts_it_puts_there(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(VARIANT_SHARE_OF_AVX2, CpuVariant.SANDYBRIDGE, (0.25, 0.25))
    flux = CATALOG.presets["flux-schnell-q4k"]
    rx570 = card("RX 570")
    old = Device(4 * GIB, max_allocation=rx570.max_allocation, card=rx570, host=Host(4, variant=CpuVariant.SANDYBRIDGE))
    plan = plan_memory(flux.components(), old, 32 * GIB, 1024, 1024, flux.steps, CAPS, quantized=True)
    assert plan.memory.clip_on_cpu  # T5-XXL does not fit a 4 GB card beside the model
    assert ("Your processor has AVX but not AVX2: its parts of a picture run about 4 times slower than on a newer "
            "one.") in plan.explanation
    newer = plan_memory(flux.components(), dataclasses.replace(old, host=Host(4)), 32 * GIB, 1024, 1024, flux.steps,
                        CAPS, quantized=True)
    assert not any("Your processor" in line for line in newer.explanation)
