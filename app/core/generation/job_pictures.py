"""The pictures a job draws from, copied into the job's own folder before its backend starts (the originals may
change mid-run, and "Reuse settings" finds them there afterwards): the img2img input and its mask at the size the
job runs, or an extension's grown canvas and its mask (the new area); an edit's pictures at their own size."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from app.core.generation.extend import write_extension
from app.core.generation.input_image import copy_input, copy_mask
from app.core.generation.request import GenerationRequest


def copy_job_pictures(request: GenerationRequest, job: Path) -> GenerationRequest:
    """The checked request drawing from its copies in `job`.
    After the run, the picture's own pixels go back outside the mask (`keep_outside_mask`): for an extension,
    every pixel of the picture it grew from."""
    init_image, mask = request.init_image, request.mask
    if request.init_image is not None and request.extend is not None:
        init_image, mask = write_extension(request.init_image, request.extend, job / "input.png", job / "mask.png",
                                           request.seed or 0)
    elif request.init_image is not None:
        size = (request.width, request.height)
        init_image = copy_input(request.init_image, job / "input.png", size)
        mask = copy_mask(request.mask, job / "mask.png", size) if request.mask is not None else None
    edited = tuple(copy_input(picture, job / f"reference-{number}.png")
                   for number, picture in enumerate(request.ref_images, 1))
    return dataclasses.replace(request, init_image=init_image, mask=mask, ref_images=edited)
