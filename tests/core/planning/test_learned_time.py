"""A kept picture's own seconds price the next picture of its kind, and a first picture on a Vulkan driver that runs
on the processor gets no confident short number (issue 53: 35-55 s shown, 421 s taken; issue 52: "About 4-7 s",
79.5 s taken)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.generation.output import stage_seconds
from app.core.generation.status_words import time_words
from app.core.models.families import MemoryFlags
from app.core.planning.learned_time import (
    RUNS_REMEMBERED,
    error_ratio,
    learned_time,
    picture_key,
    remembered,
    taken_time,
    with_start_of_its_files,
)
from app.core.planning.timing import PictureTime, time_json

CAPTURED = Path(__file__).resolve().parents[2] / "data" / "sdcpp-0.4.7" / "run_128px_2steps.stdout"
LAVAPIPE = "llvmpipe (LLVM 15.0.6, 256 bits)"


def captured_stages() -> dict[str, float]:
    lines = CAPTURED.read_text(encoding="utf-8").replace("\r", "\n").splitlines()
    return dict(found for line in lines if (found := stage_seconds(line)))


def test_sd_cpp_s_own_stage_seconds_are_read_from_a_real_run() -> None:
    assert captured_stages() == {"loading": 0.40, "text": 0.41, "sampling": 4.20, "decode": 0.31}


def test_the_start_is_the_whole_run_by_the_clock_less_sd_cpp_s_stages() -> None:
    stages = captured_stages()
    untimed = taken_time(stages, None, 2)
    assert untimed is not None and untimed.starting == 0.40 and untimed.seconds == pytest.approx(5.32)
    # under Wine the program's start and lavapipe's shader compiling took minutes that sd.cpp's lines never name
    slow_start = taken_time(stages, 60.0, 2)
    assert slow_start is not None and slow_start.starting == pytest.approx(60.0 - 4.92)
    assert slow_start.seconds == pytest.approx(60.0)
    assert taken_time(stages, 1.0, 2) == untimed  # a quick replay: never less than sd.cpp's own loading
    assert taken_time({"loading": 0.4, "text": 0.4}, 10.0, 2) is None  # no sampling said: nothing to price steps by


def test_the_second_estimate_is_what_the_first_picture_took() -> None:
    taken = taken_time(captured_stages(), 42.0, 2)
    assert taken is not None
    record = remembered(None, taken)
    again = learned_time(record, 2, LAVAPIPE)
    assert again is not None and again.measured and again.learned and not again.first_guess
    assert again.seconds == pytest.approx(42.0, rel=0.01)
    assert error_ratio(again.seconds, taken.seconds) == pytest.approx(1.0, rel=0.01)
    low, high = again.low_high
    assert low < 42.0 < high
    # more steps: the start and the stages around sampling stay, sampling grows with its steps (the first step's
    # shader compiling spread over them)
    four = learned_time(record, 4, LAVAPIPE)
    assert four is not None and four.seconds == pytest.approx(42.0 + 4.20, rel=0.01)
    assert dict(four.stages)["starting"] == pytest.approx(42.0 - 4.92, rel=0.01)
    assert "(mostly starting and loading the model), as it ran here before." in time_words(four)
    assert time_json(four)["time_from"] == ("measured on this card: earlier pictures of this model, size and "
                                            "placement")


def test_the_record_follows_the_last_runs() -> None:
    slow = taken_time({"sampling": 10.0}, 100.0, 2)
    fast = taken_time({"sampling": 2.0}, 10.0, 2)
    assert slow is not None and fast is not None
    record = remembered(remembered(None, slow), fast)
    assert record["runs"] == 2 and record["seconds_per_step"] == pytest.approx(3.0)
    assert record["starting"] == pytest.approx((90.0 + 8.0) / 2)
    for _ in range(20):
        record = remembered(record, fast)
    assert record["runs"] == RUNS_REMEMBERED and record["seconds_per_step"] == pytest.approx(1.0, rel=0.03)
    # a damaged record starts again; it is never read as a time
    assert remembered({"runs": "x"}, fast)["runs"] == 1  # type: ignore[dict-item]
    assert learned_time({"starting": -1, "text": 0, "seconds_per_step": 1, "decode": 0, "runs": 1}, 2, "") is None
    assert learned_time({"runs": 1}, 2, "") is None


def test_a_picture_s_kind_is_its_files_size_placement_and_what_it_reads() -> None:
    base = picture_key(["flux1-schnell-q4_k.gguf", "ae.safetensors"], 1024, 1024, MemoryFlags())
    assert base == "ae.safetensors+flux1-schnell-q4_k.gguf/1024x1024/--clip-on-cpu --vae-on-cpu"
    assert picture_key(["ae.safetensors", "flux1-schnell-q4_k.gguf"], 1024, 1024, MemoryFlags()) == base
    others = {
        picture_key(["flux1-schnell-q8_0.gguf", "ae.safetensors"], 1024, 1024, MemoryFlags()),
        picture_key(["flux1-schnell-q4_k.gguf", "ae.safetensors"], 768, 1024, MemoryFlags()),
        picture_key(["flux1-schnell-q4_k.gguf", "ae.safetensors"], 1024, 1024, MemoryFlags(vae_tiling=True)),
        picture_key(["flux1-schnell-q4_k.gguf", "ae.safetensors"], 1024, 1024,
                    MemoryFlags(offload_to_cpu=True, max_vram_gib=2.5)),
        picture_key(["flux1-schnell-q4_k.gguf", "ae.safetensors"], 1024, 1024, MemoryFlags(), from_picture=True),
        picture_key(["flux1-schnell-q4_k.gguf", "ae.safetensors"], 1024, 1024, MemoryFlags(), references=2),
    }
    assert len(others) == 6 and base not in others


def test_a_first_picture_on_the_processor_s_vulkan_gets_no_confident_short_number() -> None:
    # issue 52's first demo picture: "About 4-7 s" shown, 79.5 s taken
    first = PictureTime((("text", 0.4), ("sampling", 4.5), ("decode", 0.6)), False, LAVAPIPE)
    assert first.first_guess
    assert time_words(first) == ("No time estimate yet for this computer's processor: this first picture measures "
                                 "it, and the next estimate uses what it took.")
    low, high = first.low_high
    assert low <= 79.5 <= high  # the range plan --json gives holds what the picture took
    assert time_json(first)["time_from"].startswith("not known yet")  # type: ignore[union-attr]
    # a card not in our table: a wide range, said as a guess
    unknown = PictureTime((("sampling", 40.0),), False, "Some GPU", card_known=False)
    assert unknown.first_guess and unknown.low_high == (20.0, 160.0)
    assert time_words(unknown) == ("About 1-3 min a picture on the Some GPU (mostly drawing), estimated as for a "
                                   "slow Polaris card until a first picture is made.")
    # a card in our table keeps its calibrated 25 %, a measured one its 15 %
    known = PictureTime((("sampling", 40.0),), False, "AMD Radeon RX 580 Series (RADV POLARIS10)")
    assert not known.first_guess and known.low_high == (30.0, 50.0)
    measured = PictureTime((("sampling", 40.0),), True, LAVAPIPE)
    assert not measured.first_guess and measured.low_high == (34.0, 46.0)


def test_another_size_of_the_same_files_borrows_their_start_and_loading() -> None:
    taken = taken_time(captured_stages(), 42.0, 2)
    assert taken is not None
    drawn = picture_key(["tiny.gguf", "taesd.safetensors"], 128, 128, MemoryFlags())
    records = {drawn: remembered(None, taken), "other.gguf/128x128/-": {"starting": 500.0, "text": 0,
                                                                       "seconds_per_step": 1, "decode": 0, "runs": 1}}
    roofline = PictureTime((("text", 0.4), ("sampling", 8.0), ("decode", 1.2)), True, LAVAPIPE)
    bigger = with_start_of_its_files(roofline, records, picture_key(["taesd.safetensors", "tiny.gguf"], 256, 256,
                                                                   MemoryFlags()))
    assert bigger.stages[0] == ("starting", pytest.approx(42.0 - 4.92)) and bigger.stages[1:] == roofline.stages
    assert with_start_of_its_files(roofline, records, "new.gguf/128x128/-") == roofline


def test_the_first_steps_setup_is_the_latest_pictures_not_spread_over_the_steps() -> None:
    """tests/bench/bench_first_estimate.py on lavapipe with a new shader cache (2 cores under load): the first
    picture's sampling took 880.2 s, 777.1 s of it the first step (its shaders compiled), a later step 34.3 s; the
    second picture, its shaders kept, took 248.6 s. Spread over the 4 steps, the first picture's setup priced the
    second at 916.5 s."""
    first = taken_time({"loading": 5.5, "text": 17.3, "sampling": 880.2, "decode": 13.5}, 916.7, 4, step=34.3)
    assert first is not None
    record = remembered(None, first)
    assert record["seconds_per_step"] == pytest.approx(34.3) and record["first_step"] == pytest.approx(743.0)
    assert learned_time(record, 4, LAVAPIPE).seconds == pytest.approx(916.7)  # type: ignore[union-attr]
    second = taken_time({"loading": 3.7, "text": 19.5, "sampling": 204.9, "decode": 20.0}, 248.6, 4, step=45.8)
    assert second is not None
    record = remembered(record, second)
    # the shaders kept: the next is priced with the latest setup (21.7 s), the steps averaged
    assert record["first_step"] == pytest.approx(204.9 - 4 * 45.8)
    third = learned_time(record, 4, LAVAPIPE)
    assert third is not None and 0.5 < error_ratio(third.seconds, 248.6) < 2
    # the first picture drawn on the card: its set-up was the driver's, once, and the second is priced without it
    # (the second took 248.6 s; the first picture's record priced it at 916.7 s)
    once = remembered(None, first, first_on_card=True)
    assert once["first_step"] == 0 and once["seconds_per_step"] == pytest.approx(34.3)
    after_once = learned_time(once, 4, LAVAPIPE)
    assert after_once is not None and 0.5 < error_ratio(after_once.seconds, 248.6) < 2
    assert after_once.seconds == pytest.approx(916.7 - 743.0)
    # a record written before it knew the first step prices its steps as it did
    old = {name: value for name, value in record.items() if name != "first_step"}
    assert learned_time(old, 4, LAVAPIPE) is not None
