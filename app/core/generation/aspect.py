"""Picture shapes in the user's words (square, portrait, landscape), sized for each model family.

Each family was trained at one pixel budget (SD 1.5 around 512x512, SDXL and Flux around 1024x1024); the
portrait and landscape sizes keep that budget at 2:3 and 3:2, as the trainers' own aspect buckets do, and
every side divides by what the family needs (8 for SD 1.5 and SDXL, 16 for the Flux family and Z-Image). Each
family's sizes are its entry in app/core/models/families.py.
"""

from __future__ import annotations

from enum import StrEnum

from app.core.generation.request import MAX_SIDE, MIN_SIDE
from app.core.models.families import ModelFamily


class Aspect(StrEnum):
    SQUARE = "square"
    PORTRAIT = "portrait"
    LANDSCAPE = "landscape"
    CUSTOM = "custom"


def _sizes(family: ModelFamily) -> dict[Aspect, tuple[int, int]]:
    traits = family.traits
    return {Aspect.SQUARE: traits.square, Aspect.PORTRAIT: traits.portrait, Aspect.LANDSCAPE: traits.landscape}


def aspect_size(family: ModelFamily, aspect: Aspect) -> tuple[int, int]:
    """The size for a shape button; CUSTOM has none of its own (the user types it)."""
    if aspect is Aspect.CUSTOM:
        raise ValueError("a custom size is the user's own")
    return _sizes(family)[aspect]


def snap_size(family: ModelFamily, width: int, height: int) -> tuple[int, int]:
    """A custom size rounded to the nearest one the family can draw, within the allowed range."""
    multiple = family.size_multiple

    def snap(side: int) -> int:
        side = min(max(side, MIN_SIDE), MAX_SIDE)
        return max((side + multiple // 2) // multiple * multiple, MIN_SIDE)

    return snap(width), snap(height)


def aspect_of(family: ModelFamily, width: int, height: int) -> Aspect:
    """Which button a size belongs to (a reused image's size lights the right one, or Custom)."""
    for aspect, size in _sizes(family).items():
        if size == (width, height):
            return aspect
    return Aspect.CUSTOM
