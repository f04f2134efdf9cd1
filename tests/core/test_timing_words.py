"""The predicted time in words: a range the user reads at a glance."""

from __future__ import annotations

import pytest

from app.core.generation.status_words import time_range_words, time_words
from app.core.generation.timing import PictureTime


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
    assert time_words(lavapipe) == ("About 1-2 min a picture on this computer's processor (mostly drawing), an "
                                    "estimate until a first picture is made.")
