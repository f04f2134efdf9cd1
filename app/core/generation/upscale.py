"""Upscaling a finished picture with an ESRGAN model (sd.cpp's `--mode upscale`): what to run, and the result.

An ESRGAN model has one fixed scale (RealESRGAN x4plus anime 6B: 4). x4 with a x4 model is one pass; x2 with
it is one pass and a Lanczos step down; x4 with a x2 model is two passes (`--upscale-repeats 2`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from app.core.generation.input_image import InputImageRejected, check_input_image, save_whole
from app.core.models.families import ComponentKind
from app.core.models.model_files import PICKLE_SUFFIXES, ModelFileError, inspect_as
from app.core.words import translate

UPSCALE_FACTORS = (2, 4)
MAX_UPSCALED_SIDE = 8192
DEFAULT_TILE_SIZE = 128  # sd.cpp's default: "avoid cuda OOM for 4gb VRAM"
MIN_TILE_SIZE = 32
_SCALE_IN_NAME = re.compile(r"(?i)(?:^|[^a-z0-9])([1248])x|x([1248])(?:[^0-9]|$)")


class UpscaleRejected(ValueError):
    """The upscale cannot run; the message is meant for the user."""


@dataclass(frozen=True)
class UpscaleRequest:
    image: Path
    model: Path
    factor: int = 4
    tile_size: int = DEFAULT_TILE_SIZE


@dataclass(frozen=True)
class UpscaleJob:
    """A checked request: the model's own scale, how many passes, and the sizes before and after."""

    request: UpscaleRequest
    model_scale: int
    repeats: int
    source_size: tuple[int, int]
    size: tuple[int, int]


def esrgan_scale(model: Path) -> int:
    """The model's scale: from its tensors (as sd.cpp's esrgan.hpp reads them), or for a .pth, whose pickle
    the app never opens, from its published name (RealESRGAN_x4plus..., 4x-UltraSharp...)."""
    if model.suffix.lower() in PICKLE_SUFFIXES:
        found = _SCALE_IN_NAME.search(model.stem)
        return int(found.group(1) or found.group(2)) if found else 4
    try:
        info = inspect_as(model, ComponentKind.UPSCALER, "an ESRGAN upscaler")
    except ModelFileError as error:
        raise UpscaleRejected(str(error)) from error
    names = {t.name for t in info.tensors}
    if "conv_first.weight" in names:
        return 4 if "conv_up2.weight" in names else 2 if "conv_up1.weight" in names else 1
    last = max(int(name.split(".")[1]) for name in names if re.match(r"model\.\d+\.", name))
    return 1 if last <= 4 else 2 if last <= 7 else 4


def plan_upscale_job(request: UpscaleRequest) -> UpscaleJob:
    """Check the picture, the model and the factor; nothing runs before this passes."""
    if request.factor not in UPSCALE_FACTORS:
        raise UpscaleRejected(translate("Upscale", "the factor must be one of {factors}, got {factor}").format(
            factors=", ".join(map(str, UPSCALE_FACTORS)), factor=request.factor))
    if not MIN_TILE_SIZE <= request.tile_size <= 1024:
        raise UpscaleRejected(translate("Upscale", "the tile size must be from {least} to 1024 pixels, got "
                                                   "{size}").format(least=MIN_TILE_SIZE, size=request.tile_size))
    try:
        width, height = check_input_image(request.image, translate("Upscale", "picture to upscale"))
    except InputImageRejected as error:
        raise UpscaleRejected(str(error)) from error
    if not request.model.is_file():
        raise UpscaleRejected(translate("Upscale", "upscaler model not found: {path}").format(path=request.model))
    scale = esrgan_scale(request.model)
    if scale < 2:
        raise UpscaleRejected(translate("Upscale", "{file} does not enlarge (scale 1)").format(file=request.model.name))
    repeats = 1
    while scale ** repeats < request.factor:
        repeats += 1
    size = (width * request.factor, height * request.factor)
    largest = max(width, height) * scale ** repeats
    if largest > MAX_UPSCALED_SIDE:
        raise UpscaleRejected(translate("Upscale", "upscaling {width}x{height} would draw {largest} pixels on a side; "
                                                   "the most is {most}").format(
            width=width, height=height, largest=largest, most=MAX_UPSCALED_SIDE))
    return UpscaleJob(request, scale, repeats, (width, height), size)


def finish_upscale(staged: Path, job: UpscaleJob) -> None:
    """Bring sd.cpp's picture to the asked size (a x4 model asked for x2 steps down with Lanczos), in place."""
    with Image.open(staged) as made:
        if made.size == job.size:
            return
        picture = made.convert("RGB").resize(job.size, Image.Resampling.LANCZOS)
    save_whole(picture, staged)


def upscaled_parameters(source_text: str | None, job: UpscaleJob) -> str:
    """The source's A1111 text with A1111's own post-processing fields added to its settings line."""
    fields = f"Postprocess upscale by: {job.request.factor}, Postprocess upscaler: {job.request.model.stem}"
    if not source_text:
        return fields
    return f"{source_text}, {fields}"
