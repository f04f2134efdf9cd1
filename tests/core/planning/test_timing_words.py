"""The predicted time in words: a range the user reads at a glance."""

from __future__ import annotations

import dataclasses

import pytest

from app.core.generation.status_words import time_words
from app.core.planning.timing import PictureTime, time_range_words
from app.core.system.processor import VARIANT_SHARE_OF_AVX2, CpuVariant


@pytest.mark.parametrize(("low", "high", "words"), [
    (3.2, 5.4, "about 3-5 s"), (22, 38, "about 20-40 s"), (24, 26, "about 25 s"),
    (45, 75, "about 1 min"), (60, 110, "about 1-2 min"), (630, 1050, "about 10-18 min"),
    (3000, 5000, "about 50-83 min"), (5400, 9000, "about 2 h"),
    (7200, 14400, "about 2-4 h"),
])
def test_a_time_range_reads_as_words(low: float, high: float, words: str) -> None:
    assert time_range_words(low, high) == words


def test_the_plan_says_how_long_where_and_from_what() -> None:
    estimate = PictureTime((("text", 11.5), ("sampling", 838.0), ("decode", 40.0)), False,
                           "AMD Radeon RX 580 Series (RADV POLARIS10)")
    assert time_words(estimate) == ("About 11-19 min a picture on the AMD Radeon RX 580 Series (mostly drawing), "
                                    "an estimate until a first picture is made.")
    measured = PictureTime((("sampling", 20.0), ("decode", 30.0)), True, "NVIDIA H100 80GB HBM3")
    assert time_words(measured) == ("About 40-55 s a picture on the NVIDIA H100 80GB HBM3 (mostly finishing), "
                                    "as it ran here before.")
    unknown = PictureTime((("sampling", 100.0),), False, "Some GPU", card_known=False)
    assert time_words(unknown).endswith("estimated as for a slow Polaris card until a first picture is made.")
    lavapipe = PictureTime((("sampling", 100.0),), False, "llvmpipe (LLVM 15.0.6, 256 bits)")
    # a Vulkan driver on the processor: no confident short number before a first picture (issue 53)
    assert time_words(lavapipe) == ("No time estimate yet for this computer's processor: this first picture measures "
                                    "it, and the next estimate uses what it took.")
    assert time_words(dataclasses.replace(lavapipe, measured=True)) == (
        "About 1-2 min a picture on this computer's processor (mostly drawing), as it ran here before.")


def test_a_picture_mostly_made_on_an_old_processor_says_how_much_slower_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(VARIANT_SHARE_OF_AVX2, CpuVariant.SANDYBRIDGE, (0.25, 0.25))
    decoded_there = PictureTime((("sampling", 300.0), ("decode", 900.0)), False, "Radeon RX 580",
                                on_processor=("decode",), variant=CpuVariant.SANDYBRIDGE)
    assert time_words(decoded_there) == (
        "About 15-25 min a picture on the Radeon RX 580 (mostly finishing), an estimate until a first picture is made. "
        "Your processor has AVX but not AVX2: its parts of a picture run about 4 times slower than on a newer one.")
    # drawing on the card takes longest: the processor's speed is not what the time is about
    drawn_on_card = dataclasses.replace(decoded_there, stages=(("sampling", 900.0), ("decode", 300.0)))
    assert "processor" not in time_words(drawn_on_card)
    assert "processor" not in time_words(dataclasses.replace(decoded_there, variant=CpuVariant.HASWELL))
