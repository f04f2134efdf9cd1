"""The catalog's models on a card: which fit, how long a picture takes there, and which one is recommended, for a
4 GB RX 570, an 8 GB RX 580 (from the card table, as `python -m app plan --card` plans them) and for Vulkan run
by the processor (llvmpipe, from a real vulkaninfo capture)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.planning.advice import RECOMMEND_WITHIN_S, ModelAdvice, advise, fit_words, recommended, time_words
from app.core.planning.plan import Device, device_from_vulkan
from app.core.planning.timing import Host, find_card
from app.core.system.vulkaninfo import parse, preferred_device
from tests.helpers.captures import load

GIB = 2**30
CAPS = parse_help(load("help").stdout.decode())  # our build's --help
CATALOG = load_catalog()
RAM = 16 * GIB  # a typical RX 580 PC's
HOST = Host(6)
VULKANINFO = Path(__file__).resolve().parents[2] / "data" / "vulkaninfo"


def on_card(name: str, vram_gib: int) -> list[ModelAdvice]:
    card = find_card(name)
    assert card is not None and vram_gib * GIB in card.memory  # a size the card is sold with
    return advise(CATALOG, Device(vram_gib * GIB, max_allocation=card.max_allocation, card=card, host=HOST), RAM, CAPS)


def the_rule_holds(advice: list[ModelAdvice], best: ModelAdvice) -> None:
    """Everything better (earlier in the catalog's order) is cut into pieces, too slow, or does not fit."""
    ahead = CATALOG.recommended_order[:CATALOG.recommended_order.index(best.preset.id)]
    for item in advice:
        if item.preset.id in ahead:
            assert not item.whole or item.time.seconds > RECOMMEND_WITHIN_S, item.preset.id


@pytest.mark.parametrize(("card", "vram", "pick"), [
    # the README's "Which model for my card", measured on real-shaped files: klein Q4 on 4 GB, klein Q8 on 8 GB
    ("Radeon RX 570", 4, "flux2-klein-4b-q4"),
    ("Radeon RX 580", 8, "flux2-klein-4b-q8"),
])
def test_the_best_model_that_fits_the_card_whole_is_recommended(card: str, vram: int, pick: str) -> None:
    advice = on_card(card, vram)
    assert [item.preset.id for item in advice] == list(CATALOG.presets)  # every model is said, none skipped
    best = recommended(advice, CATALOG.recommended_order)
    assert best is not None and best.preset.id == pick
    assert best.whole and best.plan.peak_vram.total <= vram * GIB and best.time.seconds <= RECOMMEND_WITHIN_S
    the_rule_holds(advice, best)
    assert (best.width, best.height) == (1024, 1024)  # the family's usual size


def test_a_4_gb_card_is_told_which_models_fit_and_which_not() -> None:
    advice = {item.preset.id: item for item in on_card("Radeon RX 570", 4)}
    # SD 1.5 sits whole in 4 GB at its own 512 px; SDXL's 5 GB of UNet only in pieces
    assert fit_words(advice["sd15"]) == "Fits" and (advice["sd15"].width, advice["sd15"].height) == (512, 512)
    assert fit_words(advice["sdxl"]) == "Fits in pieces (slower)"
    # Flux with T5-XXL in fp16 needs more than 16 GB of RAM beside the card
    assert not advice["flux-schnell-q4k"].fits
    assert fit_words(advice["flux-schnell-q4k"]) == "Too big for this computer"
    # each time is the planner's own prediction for that plan, in words
    klein = advice["flux2-klein-4b-q4"]
    low, high = klein.time.low_high
    assert low < klein.time.seconds < high
    assert time_words(klein).endswith(" at 1024 x 1024") and " min " in time_words(klein)


def test_the_same_model_draws_faster_on_an_8_gb_card() -> None:
    small = {item.preset.id: item.time.seconds for item in on_card("Radeon RX 570", 4)}
    large = {item.preset.id: item.time.seconds for item in on_card("Radeon RX 580", 8)}
    # the RX 580 has more compute units and clock, and nothing streams over PCIe on 8 GB
    assert all(large[key] < small[key] for key in small if key != "flux-schnell-q4k")


def test_on_the_processor_alone_the_quickest_model_that_fits_is_recommended() -> None:
    device = preferred_device(parse((VULKANINFO / "lavapipe_full.txt").read_text(encoding="utf-8")))
    assert device is not None and device.is_cpu
    planned = device_from_vulkan(device, RAM, HOST)
    assert planned is not None
    advice = advise(CATALOG, planned, RAM, CAPS)
    best = recommended(advice, CATALOG.recommended_order)
    # nothing draws within the limit on the processor: the quickest of those that fit, whatever its place
    assert not any(item.whole and item.time.seconds <= RECOMMEND_WITHIN_S for item in advice)
    assert best is not None and best.fits
    assert best.time.seconds == min(item.time.seconds for item in advice if item.fits)
    assert best.preset.id == "sd15"  # 512 px and 20 steps of a small UNet
    # no card to fit in pieces: each model fits in the computer's memory, or not
    said = {fit_words(item, on_processor=True) for item in advice}
    assert said <= {"Fits in this computer's memory", "Too big for this computer"}
    assert "Fits in this computer's memory" in said


def test_nothing_is_recommended_when_nothing_fits() -> None:
    card = find_card("Radeon RX 570")
    assert card is not None
    advice = advise(CATALOG, Device(1 * GIB, card=card, host=HOST), GIB // 4, CAPS)  # 1 GB of VRAM, 256 MB of RAM free
    assert not any(item.fits for item in advice)
    assert recommended(advice, CATALOG.recommended_order) is None
