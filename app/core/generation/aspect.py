"""Picture shapes in the user's words (square, portrait, landscape), sized for each model family.

Each family was trained at one pixel budget (SD 1.5 around 512x512, SDXL and Flux around 1024x1024); the
portrait and landscape sizes keep that budget at 2:3 and 3:2, as the trainers' own aspect buckets do, and
every side divides by what the family needs (8 for SD 1.5 and SDXL, 16 for the Flux family and Z-Image).
"""

from __future__ import annotations

from enum import StrEnum

from app.core.generation.request import MAX_SIDE, MIN_SIDE, ModelFamily, ModelFiles, family_of
from app.core.models.model_files import ComponentKind, ModelFileError, inspect_model


class Aspect(StrEnum):
    SQUARE = "square"
    PORTRAIT = "portrait"
    LANDSCAPE = "landscape"
    CUSTOM = "custom"


# (width, height) per family and shape; the SDXL buckets (832x1216) suit Flux too, and divide by 16
_SIZES: dict[ModelFamily, dict[Aspect, tuple[int, int]]] = {
    ModelFamily.SD1: {Aspect.SQUARE: (512, 512), Aspect.PORTRAIT: (512, 768), Aspect.LANDSCAPE: (768, 512)},
    ModelFamily.SDXL: {Aspect.SQUARE: (1024, 1024), Aspect.PORTRAIT: (832, 1216), Aspect.LANDSCAPE: (1216, 832)},
    ModelFamily.FLUX: {Aspect.SQUARE: (1024, 1024), Aspect.PORTRAIT: (832, 1216), Aspect.LANDSCAPE: (1216, 832)},
    # Z-Image Turbo and FLUX.2 klein draw at about a megapixel too, on the same 16-pixel grid
    ModelFamily.FLUX2: {Aspect.SQUARE: (1024, 1024), Aspect.PORTRAIT: (832, 1216), Aspect.LANDSCAPE: (1216, 832)},
    ModelFamily.Z_IMAGE: {Aspect.SQUARE: (1024, 1024), Aspect.PORTRAIT: (832, 1216), Aspect.LANDSCAPE: (1216, 832)},
    # not known yet: the smallest sizes, which every family can draw
    ModelFamily.UNKNOWN: {Aspect.SQUARE: (512, 512), Aspect.PORTRAIT: (512, 768), Aspect.LANDSCAPE: (768, 512)},
}


def aspect_size(family: ModelFamily, aspect: Aspect) -> tuple[int, int]:
    """The size for a shape button; CUSTOM has none of its own (the user types it)."""
    if aspect is Aspect.CUSTOM:
        raise ValueError("a custom size is the user's own")
    return _SIZES[family][aspect]


def snap_size(family: ModelFamily, width: int, height: int) -> tuple[int, int]:
    """A custom size rounded to the nearest one the family can draw, within the allowed range."""
    multiple = family.size_multiple

    def snap(side: int) -> int:
        side = min(max(side, MIN_SIDE), MAX_SIDE)
        return max((side + multiple // 2) // multiple * multiple, MIN_SIDE)

    return snap(width), snap(height)


def aspect_of(family: ModelFamily, width: int, height: int) -> Aspect:
    """Which button a size belongs to (a reused image's size lights the right one, or Custom)."""
    for aspect, size in _SIZES[family].items():
        if size == (width, height):
            return aspect
    return Aspect.CUSTOM


def family_of_files(models: ModelFiles) -> ModelFamily:
    """The family the chosen files make, read from their headers; UNKNOWN while a file is missing or unreadable
    (the request's validation says why, when Generate is pressed)."""
    kinds: list[ComponentKind] = []
    for path in models.given().values():
        try:
            kinds += inspect_model(path).parts
        except (ModelFileError, OSError):
            continue
    return family_of(kinds)
