"""The published RX 580 speeds (tests/data/published/rx580_speeds.json) and the time model's prediction of each."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from app.core.models.components import Components
from app.core.models.families import ModelFamily
from app.core.planning.plan import GIB, Device, evaluate
from app.core.planning.timing import DESKTOP, Host, find_card, picture_time
from tests.helpers.calibration import memory_of

PUBLISHED_FILE = Path(__file__).resolve().parents[1] / "data" / "published" / "rx580_speeds.json"


@dataclass(frozen=True)
class Figure:
    name: str
    card: str
    components: Components
    width: int
    height: int
    steps: int
    flags: list[str]
    quantized: bool
    what: str  # sampling | per_step | whole
    seconds: float
    source: str


def _figures() -> list[Figure]:
    data = json.loads(PUBLISHED_FILE.read_text(encoding="utf-8"))
    return [Figure(f["name"], f["card"], Components(ModelFamily(f["family"]), **f["bytes"]), f["width"], f["height"],
                   f["steps"], f["flags"], f["quantized"], f["what"], f["seconds"], f["source"])
            for f in data["figures"]]


PUBLISHED = _figures()


def published_time(figure: Figure, host: Host = DESKTOP) -> float:
    """The model's prediction of the figure's part of the picture, on its card with its flags."""
    card = find_card(figure.card)
    assert card is not None, figure.card
    plan = evaluate(figure.components, Device(8 * GIB), 32 * GIB, figure.width, figure.height, figure.steps,
                    memory_of(figure.flags))
    picture = picture_time(figure.components, plan, card, host, figure.width, figure.height, figure.steps,
                           figure.quantized)
    sampling = dict(picture.stages)["sampling"]
    return {"sampling": sampling, "per_step": sampling / figure.steps, "whole": picture.seconds}[figure.what]
