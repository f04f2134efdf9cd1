"""What a kept picture took on this computer, and the next estimate made from it.

The roofline (timing.py) prices the work after loading from the card's specifications; it leaves out what it cannot
price: starting the program, loading the model, the driver compiling its shaders for the first step. On a Radeon
that is seconds; on lavapipe (Mesa's Vulkan on the processor) under Wine it was minutes: 35-55 s was shown and 421 s
taken, 2-4 s shown and 42 s taken (issue 53), "About 4-7 s" shown and 79.5 s taken on Linux (issue 52). So each
kept picture's own seconds are kept per card, model files, size and placement (`picture_key`), and the next picture
of the same kind is priced from them (`learned_time`): its start and loading, reading the prompt and finishing as
they took, and its sampling at the seconds a later step took times its steps, plus the first step's setup as the
latest picture's took it (the driver compiles its shaders once and keeps them: a new computer's first picture on
lavapipe spent 777 s of 895 s sampling in its first step, the second 67 s; spread over the steps the first picture's
setup priced the second at 916 s, and it took 249 s: tests/bench/bench_first_estimate.py); the first picture drawn
on a card carries none (its set-up was the driver's, once: priced before it from the processor's speed, timing.py's
`first_picture_time`).

Pure: functions of sd.cpp's own stage seconds (output.py's `stage_seconds`) and the run's time by the clock.
"""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from app.core.models.families import MemoryFlags, memory_options
from app.core.planning.timing import PictureTime
from app.core.system.processor import CpuVariant

RUNS_REMEMBERED = 5  # the average follows a new driver or a moved card within a few pictures
# what a record holds: seconds, and sampling's a step; "first_step", the first step's setup beyond a step, is in
# the records written since (one without it has that setup spread over its steps)
RECORD_FIELDS = ("starting", "text", "seconds_per_step", "decode")


@dataclass(frozen=True)
class TakenTime:
    """One kept picture's seconds: `starting` from the program's start to the model loaded and the card ready
    (the whole run by the clock less sd.cpp's stages; never less than sd.cpp's own loading), then sd.cpp's own
    seconds for reading the prompt, sampling (all its steps) and decoding."""

    starting: float
    text: float
    sampling: float
    decode: float
    steps: int
    step: float | None = None  # a later step's seconds (the first also sets up): None where none was timed

    @property
    def seconds(self) -> float:
        return self.starting + self.text + self.sampling + self.decode


def taken_time(stages: Mapping[str, float], whole: float | None, steps: int,
               step: float | None = None) -> TakenTime | None:
    """A run's seconds from sd.cpp's stage lines (`stages`: "loading", "text", "sampling", "decode") and the run's
    `whole` seconds by the clock (None: not timed, sd.cpp's loading stands for the start), `step` a later step's
    seconds; None where sd.cpp did not say how long sampling took (nothing to price the steps by)."""
    sampling = stages.get("sampling")
    if not sampling or steps < 1:
        return None
    text, decode = stages.get("text", 0.0), stages.get("decode", 0.0)
    starting = stages.get("loading", 0.0)
    if whole is not None:
        starting = max(starting, whole - text - sampling - decode)
    return TakenTime(starting, text, sampling, decode, steps, step if steps > 1 and step and step > 0 else None)


def picture_key(files: Iterable[str], width: int, height: int, memory: MemoryFlags, from_picture: bool = False,
                references: int = 0) -> str:
    """What makes two pictures take the same time on one card: the model files' names, the size, the placement and
    whether a picture is read first: 'ae.safetensors+flux1-schnell-q4_k.gguf/1024x1024/--clip-on-cpu --vae-on-cpu'.
    The prompt, the seed and the steps are not in it (a step's seconds scale to any count)."""
    placement = " ".join(" ".join(option) for option in memory_options(memory)) or "-"
    reads = ("/from-picture" if from_picture else "") + (f"/references-{references}" if references else "")
    return f"{'+'.join(sorted(files))}/{width}x{height}/{placement}{reads}"


def remembered(known: Mapping[str, float] | None, taken: TakenTime, first_on_card: bool = False) -> dict[str, float]:
    """The record after one more kept picture: the last RUNS_REMEMBERED runs' average of each field. `first_on_card`:
    the first picture drawn on this card, whose first step also set the driver up once (its shaders compiled and
    kept): that set-up is not the next picture's."""
    step = min(taken.step, taken.sampling / taken.steps) if taken.step is not None else taken.sampling / taken.steps
    new = {"starting": taken.starting, "text": taken.text, "seconds_per_step": step, "decode": taken.decode}
    runs = min(int(known["runs"]), RUNS_REMEMBERED - 1) if known is not None and _valid(known) else 0
    averaged = {name: (float(known[name]) * runs + value) / (runs + 1) if known is not None and runs else value
                for name, value in new.items()}
    # the first step's setup as the latest picture took it, not averaged: compiled once, the shaders are kept
    first = 0.0 if first_on_card else taken.sampling - step * taken.steps
    return {**{name: round(value, 4) for name, value in averaged.items()}, "first_step": round(first, 4),
            "runs": runs + 1}


def _valid(record: Mapping[str, object]) -> bool:
    return all(isinstance(record.get(name), int | float) and float(record[name]) >= 0  # type: ignore[arg-type]
               for name in (*RECORD_FIELDS, "runs"))


def learned_time(record: Mapping[str, object], steps: int, card: str, on_processor: tuple[str, ...] = (),
                 variant: CpuVariant = CpuVariant.HASWELL) -> PictureTime | None:
    """The next picture's time from the record of its kind's earlier pictures on this card, at `steps`; None for a
    record that is not one (a damaged file only means estimating again)."""
    if not _valid(record):
        return None
    seconds = {name: float(record[name]) for name in RECORD_FIELDS}  # type: ignore[arg-type]
    first = record.get("first_step", 0.0)
    setup = float(first) if isinstance(first, int | float) and first > 0 else 0.0
    stages = (("starting", seconds["starting"]), ("text", seconds["text"]),
              ("sampling", seconds["seconds_per_step"] * steps + setup), ("decode", seconds["decode"]))
    return PictureTime(tuple((name, value) for name, value in stages if value > 0 or name == "sampling"), True,
                       card, True, on_processor, variant, learned=True)


def with_start_of_its_files(picture: PictureTime, records: Mapping[str, object], key: str,
                            runs: int = 1) -> PictureTime:
    """A picture of a kind not drawn here yet, with the start and loading that pictures of the same model files
    took on this card (another size or placement): the roofline never prices it, and it does not depend on the
    size. `runs`: the sd.cpp runs it makes (each face's pass starts and loads again: a third of a pass's 3.2 s on
    the H200, tests/data/calibration/h200_face_fix.json). The picture as it was where none of its files' pictures
    was kept."""
    files = key.split("/", 1)[0]
    starts = [float(record["starting"]) for kind, record in records.items()
              if kind.split("/", 1)[0] == files and isinstance(record, Mapping) and _valid(record)]
    if not starts or any(name == "starting" for name, _ in picture.stages):
        return picture
    return dataclasses.replace(picture, stages=(("starting", statistics.median(starts) * runs), *picture.stages))


def error_ratio(predicted: float, taken: float) -> float:
    """How far an estimate was from what the picture took: taken / predicted (1 is exact, 8 is eight times short)."""
    return taken / predicted if predicted > 0 else float("inf")
