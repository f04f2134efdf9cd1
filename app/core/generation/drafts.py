"""Drafts, then the one you want: quick tries of a picture (half its sides, half its steps, the same model and
settings, each its own seed), then the chosen one finished at the full size keeping the draft's composition. A
draft of ours finished with the model it was drawn with is drawn again (its seed, size, steps and sampling) and
carried to the full size by sd.cpp's hires fix: its latent enlarged and redrawn in part, so no encoder is held
beside the model and the decoder stays on the card where the full picture's does. Any other picture (another
model's, or not a draft) is enlarged and redrawn in part from the picture itself (img2img with its seed).

Pure: requests in, requests out; the two times from the time model, through `prepare` and `job_time`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.core.gallery.metadata import ReusableSettings
from app.core.generation.input_image import InputImageRejected, check_input_image
from app.core.generation.prepare import (
    MachineFacts,
    PreparedJob,
    WhatIf,
    hires_steps_sampling,
    img2img_steps,
    prepare,
)
from app.core.generation.request import MAX_SIDE, DraftOf, GenerationRequest, HiresFix, InvalidRequest
from app.core.generation.status_words import duration_in_words
from app.core.planning.timing import PictureTime
from app.core.queue.jobs import batch_requests
from app.core.words import translate

# Each side of a draft: a quarter of the pixels. A picture's composition is settled in its first steps, at a small
# size (the first pass of A1111's hires fix draws it at half the side too)
DRAFT_SCALE = 0.5
# A draft's steps: half the picture's (at least one), the half that settles its shapes
DRAFT_STEPS = 0.5
# How much of the enlarged draft the finish draws again (sd.cpp samples int(steps x strength) + 1 of the steps): the
# share A1111's hires fix takes for an upscaler that enlarges the picture (0.5-0.6): the shapes and colours stay,
# the details are drawn at the full size
FINISH_STRENGTH = 0.5
# sides on a multiple of 64, which every family's multiple divides: the draft's size is never snapped again
SIDE_MULTIPLE = 64
MAX_DRAFTS = 16


def _side(value: float) -> int:
    return max(SIDE_MULTIPLE, round(value / SIDE_MULTIPLE) * SIDE_MULTIPLE)


def draft_request(request: GenerationRequest) -> GenerationRequest:
    """A quick try of `request`: half its sides and steps; hires fix and fix faces are left to the finish, whose
    size and steps it records. A draft starts from nothing: a picture to start from or edit is refused."""
    if request.init_image is not None or request.ref_images or request.extend is not None:
        raise InvalidRequest(translate("Drafts", "drafts try new pictures: take the input picture out, or "
                                                 "Generate to draw from it"))
    width, height = request.hires_size or (request.width, request.height)
    return dataclasses.replace(request, width=_side(request.width * DRAFT_SCALE),
                               height=_side(request.height * DRAFT_SCALE),
                               steps=max(1, math.ceil(request.steps * DRAFT_STEPS)), hires=None, face_fix=None,
                               draft_of=DraftOf(width, height, request.steps))


def draft_requests(request: GenerationRequest, count: int, rng: random.Random) -> list[GenerationRequest]:
    """`count` drafts of `request`, seeds s, s+1, ... as a batch (the request's seed, or one picked)."""
    if not 1 <= count <= MAX_DRAFTS:
        raise InvalidRequest(translate("Drafts", "the number of drafts must be between 1 and {most}, got "
                                                 "{count}").format(most=MAX_DRAFTS, count=count))
    return batch_requests(draft_request(request), count, False, rng)


def finish_size(picture: tuple[int, int], draft_of: DraftOf | None) -> tuple[int, int]:
    """What a finish draws at: the size its draft records, else twice the picture's sides (at most MAX_SIDE,
    its shape kept)."""
    if draft_of is not None:
        return draft_of.width, draft_of.height
    scale = min(1 / DRAFT_SCALE, MAX_SIDE / max(picture))
    return min(MAX_SIDE, _side(picture[0] * scale)), min(MAX_SIDE, _side(picture[1] * scale))


def finish_request(base: GenerationRequest, picture: Path, settings: ReusableSettings | None,
                   size: tuple[int, int] | None = None, steps: int | None = None) -> GenerationRequest:
    """Finish `picture` at the full size (`size`, else as `finish_size` says) with its own prompt, seed and sampling
    (`settings`, read from it; None: `base`'s), `base`'s model and switches, and its draft's steps (`steps`, else
    the draft's record, else the picture's own): a draft of `base`'s model drawn again with the hires fix, any
    other picture redrawn from itself. InvalidRequest when it is no picture."""
    try:
        drawn = check_input_image(picture)
    except InputImageRejected as error:
        raise InvalidRequest(str(error)) from error
    recorded = settings or ReusableSettings(base.prompt, base.negative_prompt)
    draft_of, said = recorded.draft_of, recorded.values
    width, height = size or finish_size(drawn, draft_of)
    full_steps = steps or (draft_of.steps if draft_of else None) or said.get("steps") or base.steps
    finish = dataclasses.replace(
        base, prompt=recorded.prompt or base.prompt, negative_prompt=recorded.negative_prompt,
        seed=base.seed if said.get("seed") is None else said["seed"],
        cfg_scale=base.cfg_scale if said.get("cfg_scale") is None else said["cfg_scale"],
        sampler=said.get("sampler") or base.sampler, scheduler=said.get("scheduler") or base.scheduler,
        clip_skip=said.get("clip_skip") or base.clip_skip, eta=said.get("eta", base.eta),
        size_from_input=False, mask=None, ref_images=(), extend=None, styles=(), prompt_as_written="",
        draft_of=None, finished_from=picture.absolute())
    if _replays(recorded, base, drawn, (width, height)):
        return replayed(dataclasses.replace(finish, width=drawn[0], height=drawn[1], steps=said["steps"]),
                        (width, height), full_steps)
    return dataclasses.replace(finish, steps=full_steps, width=width, height=height, init_image=picture.absolute(),
                               strength=FINISH_STRENGTH, hires=None)


def _replays(recorded: ReusableSettings, base: GenerationRequest, drawn: tuple[int, int],
             size: tuple[int, int]) -> bool:
    """Whether the picture can be drawn again exactly: a draft of ours, drawn with `base`'s model files (each
    role's), smaller than the finish on both sides."""
    def files(models: dict[str, Path]) -> dict[str, Path]:
        return {role: path.resolve() for role, path in models.items()}

    return (recorded.draft_of is not None and bool(recorded.values.get("steps")) and bool(recorded.models)
            and files(dict(recorded.models)) == files(base.models.given())
            and drawn[0] < size[0] and drawn[1] < size[1])


def replayed(draft: GenerationRequest, size: tuple[int, int], steps: int) -> GenerationRequest:
    """The draft drawn again (its size, steps and seed) and carried to `size` by sd.cpp's hires fix, its latent
    enlarged: the second pass samples as many steps as the img2img finish of a `steps` picture would."""
    sampled = img2img_steps(steps, FINISH_STRENGTH)
    return dataclasses.replace(draft, init_image=None, draft_of=None, hires=HiresFix(
        size[0] / draft.width, FINISH_STRENGTH, hires_steps_sampling(sampled, FINISH_STRENGTH), *size))


def finish_words(finish: GenerationRequest) -> str:
    """Which way a finish draws, for the plan: 'at 1024x768, its draft drawn again and enlarged (hires fix)'."""
    width, height = finish.hires_size or (finish.width, finish.height)
    if finish.hires is not None:
        return translate("Drafts", "at {width}x{height}, its draft drawn again and enlarged (hires fix)").format(
            width=width, height=height)
    return translate("Drafts", "at {width}x{height}, redrawn from the picture itself (img2img: not a draft of "
                               "this model)").format(width=width, height=height)


@dataclass(frozen=True)
class DraftsTime:
    """The plan of N drafts and the finish of the one picked, each from the time model."""

    count: int
    draft: PictureTime  # one draft
    finish: PictureTime

    @property
    def drafts_seconds(self) -> float:
        # lavapipe's one-time set-up, in each first picture's estimate, comes once: with the first draft
        return self.count * self.draft.seconds - (self.count - 1) * self.draft.setup_seconds

    @property
    def finish_seconds(self) -> float:
        return self.finish.seconds - self.finish.setup_seconds

    @property
    def seconds(self) -> float:
        return self.drafts_seconds + self.finish_seconds


def planned_drafts(prepared: PreparedJob, count: int, machine: MachineFacts) -> tuple[PreparedJob, PreparedJob]:
    """A draft's job and the finish's, planned before anything runs from the full picture's prepared job: its
    parts as read once, the finish of a draft not drawn yet (drawn again with the hires fix: no encoder)."""
    what_if = WhatIf(prepared.components, prepared.quantized, loras=tuple(path for _, path in prepared.loras))
    request = prepared.request
    draft = draft_request(request)
    assert draft.draft_of is not None
    finish = replayed(draft, (draft.draft_of.width, draft.draft_of.height), draft.draft_of.steps)
    return prepare(draft, machine, what_if), prepare(finish, machine, what_if)


def drafts_time(draft: PreparedJob, finish: PreparedJob, count: int,
                price: Callable[[PreparedJob], PictureTime | None]) -> DraftsTime | None:
    """The time of `count` drafts and of the finish, each job priced by `price` (the time model: `job_time` on a
    card, or this card's own measured seconds); None without a plan."""
    one, finished = price(draft), price(finish)
    if one is None or finished is None:
        return None
    return DraftsTime(count, one, finished)


def drafts_words(time: DraftsTime) -> str:
    """'4 drafts in about 6 min, then the one you pick in about 9 min.'"""
    return translate("Drafts", "{count} drafts in {drafts}, then the one you pick in {finish}.").format(
        count=time.count, drafts=duration_in_words(time.drafts_seconds), finish=duration_in_words(time.finish_seconds))
