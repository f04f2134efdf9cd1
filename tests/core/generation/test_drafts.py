"""Drafts, then the one you want: the draft's request, the finish's, what the PNG records and the plan's two
times."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from PIL import Image

from app.core.gallery.metadata import (
    a1111_parameters,
    generation_fields,
    job_details,
    settings_from_png,
    write_metadata,
)
from app.core.generation.drafts import (
    DRAFT_SCALE,
    FINISH_STRENGTH,
    MAX_DRAFTS,
    DraftsTime,
    draft_request,
    draft_requests,
    drafts_time,
    drafts_words,
    finish_request,
    finish_size,
    finish_words,
    planned_drafts,
)
from app.core.generation.faces import FaceFix
from app.core.generation.prepare import (
    MachineFacts,
    WhatIf,
    hires_sampled_steps,
    hires_steps_sampling,
    job_time,
    prepare,
    sampled_steps,
)
from app.core.generation.request import DraftOf, GenerationRequest, HiresFix, InvalidRequest
from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.planning.plan import GIB, Device
from app.core.planning.timing import Host, PictureTime, find_card
from app.core.planning.work import ExtraWork
from app.core.queue.jobs import request_from_json, request_json
from tests.helpers.captures import load

pytestmark = pytest.mark.windows

CAPS = parse_help(load("help").stdout.decode())
FULL = GenerationRequest("a lighthouse on a cliff", negative_prompt="blurry", width=1024, height=768, steps=25,
                         seed=40, cfg_scale=6.0, sampler="euler_a", models=ModelFiles(model=Path("/m/sdxl.gguf")))


def test_a_draft_is_half_the_sides_and_steps_and_records_the_picture_it_tries() -> None:
    draft = draft_request(dataclasses.replace(FULL, face_fix=FaceFix()))
    assert (draft.width, draft.height, draft.steps) == (512, 384, 13)
    assert draft.draft_of == DraftOf(1024, 768, 25)
    assert draft.face_fix is None and (draft.prompt, draft.seed, draft.models) == (FULL.prompt, 40, FULL.models)


def test_a_draft_of_a_hires_picture_is_finished_at_the_hires_size() -> None:
    draft = draft_request(dataclasses.replace(FULL, width=512, height=512, hires=HiresFix(2.0)))
    assert (draft.width, draft.height, draft.hires) == (256, 256, None)
    assert draft.draft_of == DraftOf(1024, 1024, 25)


def test_a_draft_side_stays_on_a_multiple_every_family_takes() -> None:
    draft = draft_request(dataclasses.replace(FULL, width=1000, height=72, steps=1))
    assert (draft.width, draft.height, draft.steps) == (512, 64, 1)


def test_drafts_start_from_nothing() -> None:
    with pytest.raises(InvalidRequest, match="drafts try new pictures"):
        draft_request(dataclasses.replace(FULL, init_image=Path("/a/photo.png")))


def test_drafts_are_a_batch_of_seeds_in_a_row() -> None:
    drafts = draft_requests(FULL, 4, random.Random(1))
    assert [draft.seed for draft in drafts] == [40, 41, 42, 43]
    assert {draft.width for draft in drafts} == {512}
    with pytest.raises(InvalidRequest, match=f"between 1 and {MAX_DRAFTS}"):
        draft_requests(FULL, MAX_DRAFTS + 1, random.Random(1))


def test_the_finish_size_is_the_drafts_record_else_twice_the_picture_within_the_largest_side() -> None:
    assert finish_size((512, 384), DraftOf(1024, 768, 25)) == (1024, 768)
    assert finish_size((512, 384), None) == (1024, 768)
    assert finish_size((1536, 1024), None) == (2048, 1344)  # the shape kept under 2048 px


def _picture(folder: Path, request: GenerationRequest) -> Path:
    picture = folder / "draft.png"
    Image.new("RGB", (request.width, request.height), (90, 120, 200)).save(picture)
    write_metadata(picture, a1111_parameters(request.prompt, request.negative_prompt,
                                             generation_fields(request, None, [], "test")),
                   job_details(request, [], True, {}, 1.0))
    return picture


def test_a_draft_finished_with_its_own_model_is_drawn_again_and_carried_to_the_full_size(tmp_path: Path) -> None:
    draft = draft_requests(dataclasses.replace(FULL, eta=0.3), 4, random.Random(1))[2]
    picture = _picture(tmp_path, draft)
    settings = settings_from_png(picture)
    assert settings is not None and settings.models == {"model": Path("/m/sdxl.gguf")}  # the PNG records it
    panel = GenerationRequest("another prompt", steps=4, models=FULL.models, memory=MemoryFlags(vae_tiling=True))
    finish = finish_request(panel, picture, settings)
    # the draft again: its size, steps, seed and sampling, then sd.cpp's hires fix to the exact full size, sampling
    # as many steps as the img2img finish would (int(25 x 0.5) + 1: --hires-steps 12 samples 13, as sd-webui)
    assert (finish.width, finish.height, finish.steps, finish.seed, finish.eta) == (512, 384, 13, 42, 0.3)
    assert (finish.prompt, finish.cfg_scale, finish.sampler, finish.memory) == (
        FULL.prompt, 6.0, "euler_a", panel.memory)
    assert finish.hires == HiresFix(2.0, FINISH_STRENGTH, 12, 1024, 768) and finish.hires_size == (1024, 768)
    assert finish.hires is not None and hires_sampled_steps(finish.hires, finish.steps) == 13
    assert finish.init_image is None and finish.finished_from == picture and finish.draft_of is None
    assert finish_words(finish) == "at 1024x768, its draft drawn again and enlarged (hires fix)"
    asked = finish_request(panel, picture, settings, (1088, 832), 8)
    assert (asked.hires_size, asked.steps, asked.hires.steps if asked.hires else None) == ((1088, 832), 13, 4)
    # its A1111 text says the exact size; the queue file keeps it
    assert generation_fields(finish, None, [], "test")["Hires resize"] == "1024x768"
    assert request_from_json(request_json(finish)) == finish


def test_finishing_a_draft_draws_from_it_at_the_full_size_with_its_seed_and_settings(tmp_path: Path) -> None:
    draft = draft_requests(FULL, 4, random.Random(1))[2]
    picture = _picture(tmp_path, draft)
    panel = GenerationRequest("another prompt", steps=4, seed=None, models=ModelFiles(model=Path("/m/other.gguf")),
                              memory=MemoryFlags(vae_tiling=True), hires=HiresFix(), mask=Path("/m/mask.png"))
    finish = finish_request(panel, picture, settings_from_png(picture))
    assert (finish.width, finish.height, finish.steps, finish.seed) == (1024, 768, 25, 42)
    assert (finish.prompt, finish.negative_prompt, finish.cfg_scale, finish.sampler) == (
        FULL.prompt, "blurry", 6.0, "euler_a")
    assert (finish.init_image, finish.finished_from, finish.strength) == (picture, picture, FINISH_STRENGTH)
    assert not finish.size_from_input and finish.mask is None and finish.hires is None and finish.draft_of is None
    # the model and the memory switches are the ones chosen now: another model than the draft's cannot draw it
    # again, so it is redrawn from the picture
    assert (finish.models, finish.memory) == (panel.models, panel.memory)
    assert finish_words(finish) == "at 1024x768, redrawn from the picture itself (img2img: not a draft of this model)"


def test_any_picture_is_finished_at_twice_its_sides_with_its_own_steps_or_as_asked(tmp_path: Path) -> None:
    picture = _picture(tmp_path, dataclasses.replace(FULL, width=512, height=512, steps=8))
    finish = finish_request(FULL, picture, settings_from_png(picture))
    assert (finish.width, finish.height, finish.steps) == (1024, 1024, 8)
    asked = finish_request(FULL, picture, settings_from_png(picture), (768, 768), 12)
    assert (asked.width, asked.height, asked.steps) == (768, 768, 12)
    foreign = tmp_path / "foreign.png"
    Image.new("RGB", (256, 256)).save(foreign)  # no settings: the panel's prompt and seed
    finish = finish_request(FULL, foreign, settings_from_png(foreign))
    assert (finish.prompt, finish.seed, finish.width, finish.steps) == (FULL.prompt, 40, 512, 25)


def test_finishing_what_is_no_picture_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "notes.png").write_text("not a picture")
    with pytest.raises(InvalidRequest):
        finish_request(FULL, tmp_path / "notes.png", None)


def test_the_png_records_the_drafts_full_picture_and_the_draft_a_finish_came_from(tmp_path: Path) -> None:
    draft = draft_request(FULL)
    assert generation_fields(draft, None, [], "test")["Draft of"] == "1024x768"
    picture = _picture(tmp_path, draft)
    settings = settings_from_png(picture)
    assert settings is not None and settings.draft_of == DraftOf(1024, 768, 25)
    finish = finish_request(FULL, picture, settings)
    assert generation_fields(finish, None, [], "test")["Finished from"] == "draft.png"
    assert job_details(finish, [], True, {}, 1.0)["finished_from"] == str(picture)


def test_a_queued_draft_and_finish_come_back_from_the_queue_file(tmp_path: Path) -> None:
    draft = draft_request(FULL)
    assert request_from_json(request_json(draft)) == draft
    finish = finish_request(FULL, _picture(tmp_path, draft), None)
    assert request_from_json(request_json(finish)) == finish


def test_img2img_is_priced_at_the_steps_sdcpp_samples() -> None:
    picture = dataclasses.replace(FULL, strength=0.5)
    assert sampled_steps(picture, ExtraWork(encode=True)) == 13  # stable-diffusion.cpp's int(25 x 0.5) + 1
    assert sampled_steps(dataclasses.replace(FULL, steps=4, strength=0.5), ExtraWork(encode=True)) == 3
    assert sampled_steps(picture, ExtraWork()) == 25  # txt2img: every step
    assert sampled_steps(picture, ExtraWork(encode=True, references=1)) == 25  # an edit's references: every step
    assert sampled_steps(dataclasses.replace(FULL, steps=1, strength=0.3), ExtraWork(encode=True)) == 1


def test_the_hires_fix_is_priced_at_the_steps_sdcpp_samples() -> None:
    # stable-diffusion.cpp's hires fix, as sd-webui: a schedule of steps / strength, trimmed to int(that x strength)
    # and one more
    assert hires_sampled_steps(HiresFix(2.0, 0.5, 3), 20) == 4
    assert hires_sampled_steps(HiresFix(2.0, 0.7), 20) == 20  # 0: the first pass's steps (int(28 x 0.7) + 1)
    assert hires_sampled_steps(HiresFix(2.0, 1.0, 4), 20) == 4  # the whole schedule
    assert [hires_steps_sampling(n, 0.5) for n in (1, 2, 3, 13)] == [1, 1, 2, 12]
    assert [hires_steps_sampling(n, 0.3) for n in (3, 7)] == [3, 6]  # 3 samples 4: none samples 3
    full = prepare(dataclasses.replace(FULL, hires=HiresFix(2.0, 0.5, 3)), None,
                   WhatIf(load_catalog().presets["sdxl"].components(), False))
    assert full.work.hires_steps == 4


@pytest.mark.parametrize("preset", ["flux-schnell-q4k", "sdxl"])
def test_the_plan_says_both_times_before_anything_runs(preset: str) -> None:
    card = find_card("Radeon RX 580 Series")
    assert card is not None
    host = Host(8)
    device = Device(max(card.memory), max_allocation=card.max_allocation, card=card, host=host)
    machine = MachineFacts(device, 16 * GIB, CAPS)
    chosen = load_catalog().presets[preset]
    full = prepare(GenerationRequest("x", width=1024, height=1024, steps=chosen.steps), machine,
                   WhatIf(chosen.components(), chosen.quantized))
    draft, finish = planned_drafts(full, 4, machine)
    assert (draft.request.width, finish.request.hires_size) == (1024 * DRAFT_SCALE, (1024, 1024))
    # the finish draws its draft again with the hires fix: no encoder held beside the model, the decoder on the card
    assert not finish.work.encode and not draft.work.encode
    assert not finish.plans[0].memory.vae_on_cpu
    priced = drafts_time(draft, finish, 4, lambda job: job_time(job, device.time_card, host))
    one = job_time(full, device.time_card, host)
    assert priced is not None and one is not None
    assert priced.drafts_seconds == 4 * priced.draft.seconds
    assert priced.draft.seconds < one.seconds / 4  # a quarter of the pixels, half the steps
    # the finish samples the draft's steps, then int(steps x 0.5) + 1 at the full size: less than the full picture
    assert priced.finish.seconds < one.seconds
    assert priced.seconds <= 0.4 * 4 * one.seconds  # issue 50's goal (tests/bench/bench_drafts.py prints it)
    assert drafts_time(draft, finish, 4, lambda job: None) is None


def test_a_finish_drawn_again_holds_no_encoder_and_one_from_another_model_does(tmp_path: Path) -> None:
    card = find_card("Radeon RX 580 Series")
    assert card is not None
    device = Device(max(card.memory), max_allocation=card.max_allocation, card=card, host=Host(8))
    machine = MachineFacts(device, 16 * GIB, CAPS)
    flux = load_catalog().presets["flux-schnell-q4k"]
    full = dataclasses.replace(FULL, width=1024, height=1024, steps=flux.steps)
    picture = _picture(tmp_path, draft_request(full))
    settings = settings_from_png(picture)
    other = dataclasses.replace(full, models=ModelFiles(model=Path("/m/another.gguf")))
    plans = {}
    for panel in (full, other):
        finish = finish_request(panel, picture, settings)
        # planned as prepare plans it from the files: an input picture is encoded
        plans[panel.models.model] = prepare(finish, machine, WhatIf(flux.components(), flux.quantized,
                                                                    encode=finish.init_image is not None))
    again, redrawn = plans[full.models.model], plans[other.models.model]
    assert again.request.hires_size == (1024, 1024) and not again.work.encode
    assert not again.plans[0].memory.vae_on_cpu  # the decoder on the card, as the full picture's
    # img2img holds the whole autoencoder beside Flux: 7 MiB over the 8 GB card's budget, so it leaves the card
    assert redrawn.request.init_image == picture and redrawn.work.encode
    assert redrawn.plans[0].memory.vae_on_cpu


def test_the_two_times_in_words() -> None:
    def picture(seconds: float) -> PictureTime:
        return PictureTime((("sampling", seconds),))

    assert drafts_words(DraftsTime(4, picture(90), picture(540))) == (
        "4 drafts in about 6 min, then the one you pick in about 9 min.")
