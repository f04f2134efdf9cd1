"""What our node client sends (core/queue/nodes.a1111_job) is what our server reads (api/fields.a1111_requests):
a job drawn by another Polaris Studio is the job asked for, field by field, with nothing refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.api.fields import InstalledModel, Pictures, a1111_requests
from app.core.generation.request import GenerationRequest, HiresFix
from app.core.generation.samplers import SAMPLERS, SCHEDULERS
from app.core.models.families import ModelFamily, ModelFiles
from app.core.queue.nodes import a1111_job

MODEL = InstalledModel("Demo (random noise)", ModelFiles(model=Path("/m/flux_tiny_clip.gguf")),
                       ModelFamily.FLUX, steps=4, cfg_scale=1.0)
ASKED = GenerationRequest(prompt="a red fox <lora:fox:0.5>", negative_prompt="blur", width=768, height=512,
                          steps=7, cfg_scale=3.5, seed=99, models=MODEL.files, family=ModelFamily.FLUX)


def drawn(asked: GenerationRequest, pictures: Pictures | None = None) -> GenerationRequest:
    [request], notes = a1111_requests(a1111_job(asked, MODEL.title), MODEL, Path("/loras"), pictures or Pictures(),
                                      random.Random(0), ())
    assert notes == []  # every field our node client sends is read
    return request


def same(one: GenerationRequest, other: GenerationRequest, *names: str) -> None:
    assert {name: getattr(one, name) for name in names} == {name: getattr(other, name) for name in names}


FIELDS = ("prompt", "negative_prompt", "width", "height", "steps", "cfg_scale", "seed", "sampler", "scheduler",
          "hires", "models")


@pytest.mark.parametrize("sampler", [sampler.code for sampler in SAMPLERS])
def test_every_sampler_goes_and_comes_back(sampler: str) -> None:
    asked = GenerationRequest(**{**ASKED.__dict__, "sampler": sampler})
    same(drawn(asked), asked, *FIELDS)


@pytest.mark.parametrize("scheduler", [scheduler.code for scheduler in SCHEDULERS])
def test_every_scheduler_goes_and_comes_back(scheduler: str) -> None:
    asked = GenerationRequest(**{**ASKED.__dict__, "scheduler": scheduler})
    same(drawn(asked), asked, *FIELDS)


def test_hires_fix_goes_and_comes_back() -> None:
    asked = GenerationRequest(**{**ASKED.__dict__, "hires": HiresFix(1.5, 0.45, 3)})
    same(drawn(asked), asked, *FIELDS)
    exact = GenerationRequest(**{**ASKED.__dict__, "hires": HiresFix(2.0, 0.5, 2, 1088, 768)})  # a draft's finish
    same(drawn(exact), exact, *FIELDS)


def test_img2img_and_inpainting_go_and_come_back() -> None:
    picture, mask = Path("/tmp/in.png"), Path("/tmp/mask.png")
    asked = GenerationRequest(**{**ASKED.__dict__, "init_image": picture, "mask": mask, "strength": 0.6,
                                 "size_from_input": False})
    came = drawn(asked, Pictures(picture, mask))
    same(came, asked, *FIELDS, "init_image", "mask", "strength")


@pytest.mark.parametrize("clip_skip", [None, 2, 12])
def test_clip_skip_goes_and_comes_back(clip_skip: int | None) -> None:
    asked = GenerationRequest(**{**ASKED.__dict__, "clip_skip": clip_skip})
    same(drawn(asked), asked, *FIELDS, "clip_skip")
