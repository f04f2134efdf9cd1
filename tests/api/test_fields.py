"""A1111's and OpenAI's fields in our words: every field asking for something we lack is refused by name."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.api.fields import (
    MAX_IMAGES_PER_REQUEST,
    InstalledModel,
    Pictures,
    Refused,
    a1111_requests,
    chosen_model,
    openai_request,
    openai_size,
)
from app.core.generation.request import HiresFix
from app.core.models.families import ModelFamily, ModelFiles

FLUX = InstalledModel("Flux Schnell (Q4_K, 6.8 GB)", ModelFiles(diffusion_model=Path("/m/flux.gguf")),
                      ModelFamily.FLUX, steps=4, cfg_scale=1.0)
SD15 = InstalledModel("SD 1.5 [abc123]", ModelFiles(model=Path("/m/sd15.safetensors")), ModelFamily.SD1)
KLEIN = InstalledModel("FLUX.2 klein", ModelFiles(diffusion_model=Path("/m/klein.gguf")), ModelFamily.FLUX2)
LORAS = Path("/loras")
NO_PICTURES = Pictures()

# what webuiapi 0.9.17's txt2img() sends when only a prompt and a size are given
WEBUIAPI_TXT2IMG = {
    "enable_hr": False, "hr_scale": 2, "hr_upscaler": "Latent", "hr_second_pass_steps": 0, "hr_resize_x": 0,
    "hr_resize_y": 0, "hr_checkpoint_name": None, "hr_sampler_name": None, "hr_scheduler": None, "hr_prompt": "",
    "hr_negative_prompt": "", "denoising_strength": 0.7, "firstphase_width": 0, "firstphase_height": 0,
    "prompt": "a cat", "styles": [], "seed": -1, "subseed": -1, "subseed_strength": 0.0, "seed_resize_from_h": 0,
    "seed_resize_from_w": 0, "batch_size": 1, "n_iter": 1, "steps": 20, "cfg_scale": 7.0, "width": 64, "height": 64,
    "restore_faces": False, "tiling": False, "do_not_save_samples": False, "do_not_save_grid": False,
    "negative_prompt": "", "eta": 1.0, "s_churn": 0, "s_tmax": 0, "s_tmin": 0, "s_noise": 1, "override_settings": {},
    "override_settings_restore_afterwards": True, "sampler_name": "Euler a", "scheduler": "automatic",
    "sampler_index": "Euler a", "script_name": None, "script_args": [], "send_images": True, "save_images": False,
    "alwayson_scripts": {},
}


def requests(payload: dict, model: InstalledModel = FLUX, pictures: Pictures = NO_PICTURES) -> list:
    return a1111_requests(payload, model, LORAS, pictures, random.Random(1))


def test_webuiapi_defaults_ask_for_nothing_we_lack() -> None:
    [request] = requests(WEBUIAPI_TXT2IMG)
    assert (request.prompt, request.width, request.height, request.steps, request.cfg_scale) == ("a cat", 64, 64, 20,
                                                                                                   7.0)
    assert request.sampler == "euler_a" and request.scheduler is None
    assert request.seed is not None  # seeded now, so the picture records it
    assert request.models == FLUX.files and request.family is ModelFamily.FLUX and request.hires is None


@pytest.mark.parametrize(("field", "value"), [
    ("restore_faces", True), ("tiling", True), ("styles", "cinematic"), ("subseed_strength", 0.5),
    ("s_noise", 0.9), ("script_name", "x/y/z plot"), ("hr_resize_x", 1024), ("refiner_checkpoint", "sdxl_refiner"),
    ("controlnet_units", [{"model": "canny"}]), ("hr_upscaler", "R-ESRGAN 4x+"),
])
def test_a_field_asking_for_what_we_lack_is_refused_by_name(field: str, value: object) -> None:
    payload = {**WEBUIAPI_TXT2IMG, field: value}
    if field == "hr_upscaler":
        payload["enable_hr"] = True
    with pytest.raises(Refused) as refused:
        requests(payload)
    assert refused.value.field == field


def test_styles_by_name_go_with_every_picture_of_the_call() -> None:
    made = requests({**WEBUIAPI_TXT2IMG, "styles": ["Photo", "Cinematic"], "batch_size": 2})
    assert [request.styles for request in made] == [("Photo", "Cinematic")] * 2
    assert made[0].prompt == "a cat"  # applied when the studio queues them, with the user's own styles file


def test_an_unknown_field_left_off_passes_and_one_switched_on_is_refused() -> None:
    requests({"prompt": "a cat", "some_new_field": None, "another": False})
    with pytest.raises(Refused, match="not a field this server knows") as refused:
        requests({"prompt": "a cat", "some_new_field": 3})
    assert refused.value.field == "some_new_field"


def test_extensions_switched_off_pass_and_one_switched_on_is_refused() -> None:
    requests({"prompt": "a", "alwayson_scripts": {"ControlNet": {"args": []}, "ADetailer": {"args": [False]}}})
    with pytest.raises(Refused) as refused:
        requests({"prompt": "a", "alwayson_scripts": {"ADetailer": {"args": [True, {"ad_model": "face"}]}}})
    assert refused.value.field == "alwayson_scripts.ADetailer"


@pytest.mark.parametrize(("name", "method"), [("Euler a", "euler_a"), ("euler", "euler"), ("DPM++ 2M", "dpm++2m"),
                                              ("dpm++2m", "dpm++2m"), ("DDIM", "ddim_trailing"), ("LCM", "lcm")])
def test_samplers_by_a1111_name_or_sd_cpp_code(name: str, method: str) -> None:
    assert requests({"prompt": "a", "sampler_name": name})[0].sampler == method


@pytest.mark.parametrize(("name", "scheduler"), [("automatic", None), ("Karras", "karras"), ("karras", "karras"),
                                                 ("sgm_uniform", "sgm_uniform"), ("Align Your Steps", "ays"),
                                                 ("align_your_steps", "ays"), ("normal", "discrete")])
def test_schedulers_by_a1111_name_or_label(name: str, scheduler: str | None) -> None:
    assert requests({"prompt": "a", "scheduler": name})[0].scheduler == scheduler


@pytest.mark.parametrize(("field", "value"), [("sampler_name", "UniPC"), ("scheduler", "Polyexponential")])
def test_a_sampler_or_scheduler_sd_cpp_lacks_is_refused(field: str, value: str) -> None:
    with pytest.raises(Refused, match="lists them") as refused:
        requests({"prompt": "a", field: value})
    assert refused.value.field == field


def test_a_batch_is_numbered_seeds_as_a1111_numbers_them() -> None:
    made = requests({"prompt": "a", "seed": 41, "batch_size": 2, "n_iter": 2})
    assert [r.seed for r in made] == [41, 42, 43, 44]


@pytest.mark.parametrize(("batch_size", "n_iter"), [(0, 1), (MAX_IMAGES_PER_REQUEST + 1, 1), (4, 5)])
def test_a_batch_out_of_bounds_is_refused(batch_size: int, n_iter: int) -> None:
    with pytest.raises(Refused, match="batch_size x n_iter"):
        requests({"prompt": "a", "batch_size": batch_size, "n_iter": n_iter})


@pytest.mark.parametrize(("field", "value"), [("steps", "ten"), ("width", True), ("seed", 1.5), ("cfg_scale", "7")])
def test_a_number_that_is_not_one_is_refused_by_name(field: str, value: object) -> None:
    with pytest.raises(Refused, match="must be a") as refused:
        requests({"prompt": "a", field: value})
    assert refused.value.field == field


def test_a_seed_below_minus_one_is_refused() -> None:
    with pytest.raises(Refused) as refused:
        requests({"prompt": "a", "seed": -5})
    assert refused.value.field == "seed"


def test_hires_fix_is_the_latent_one() -> None:
    [request] = requests({"prompt": "a", "enable_hr": True, "hr_scale": 1.5, "denoising_strength": 0.5,
                          "hr_second_pass_steps": 3, "hr_upscaler": "Latent (nearest)"})
    assert request.hires == HiresFix(1.5, 0.5, 3)


def test_img2img_takes_the_size_asked_and_the_strength() -> None:
    pictures = Pictures(Path("/tmp/in.png"))
    [request] = requests({"prompt": "a", "width": 128, "height": 64, "denoising_strength": 0.4}, pictures=pictures)
    assert (request.init_image, request.strength, request.size_from_input) == (Path("/tmp/in.png"), 0.4, False)
    assert (request.width, request.height) == (128, 64)


@pytest.mark.parametrize(("field", "value"), [("inpainting_fill", 0), ("inpaint_full_res", True)])
def test_inpainting_other_than_sd_cpps_is_refused(field: str, value: object) -> None:
    pictures = Pictures(Path("/tmp/in.png"), Path("/tmp/mask.png"))
    with pytest.raises(Refused) as refused:
        requests({"prompt": "a", "inpainting_fill": 1, "inpaint_full_res": False, field: value}, pictures=pictures)
    assert refused.value.field == field
    # without a mask these ask for nothing
    requests({"prompt": "a", field: value}, pictures=Pictures(Path("/tmp/in.png")))


def test_models_by_title_never_by_path() -> None:
    installed = [FLUX, SD15]
    assert chosen_model(None, installed, SD15.title, "model") is SD15
    assert chosen_model("SD 1.5", installed, None, "model") is SD15  # the title without A1111's hash
    assert chosen_model(None, installed, None, "model") is FLUX
    for name in ("../../x", "/m/flux.gguf", "flux.gguf"):
        with pytest.raises(Refused, match="no model") as refused:
            chosen_model(name, installed, None, "sd_model_checkpoint")
        assert refused.value.field == "sd_model_checkpoint"
    with pytest.raises(Refused, match="no model is installed"):
        chosen_model(None, [], None, "model")


def test_override_settings_choose_the_model_and_nothing_else() -> None:
    requests({"prompt": "a", "override_settings": {"sd_model_checkpoint": FLUX.title, "CLIP_stop_at_last_layers": 1}})
    with pytest.raises(Refused) as refused:
        requests({"prompt": "a", "override_settings": {"CLIP_stop_at_last_layers": 2}})
    assert refused.value.field == "override_settings.CLIP_stop_at_last_layers"


def openai(fields: dict, model: InstalledModel = FLUX, pictures: Pictures = NO_PICTURES) -> list:
    return openai_request(fields, model, LORAS, pictures, random.Random(1))


def test_openai_generate_reads_size_n_and_our_extras() -> None:
    made = openai({"prompt": "a fox", "n": 2, "size": "512x768", "model": FLUX.title, "response_format": "b64_json",
                   "steps": 3, "seed": 7, "quality": "auto", "user": "tavern"})
    assert [(r.width, r.height, r.steps, r.seed) for r in made] == [(512, 768, 3, 7), (512, 768, 3, 8)]
    assert openai({"prompt": "a"})[0].steps == 4  # the model's own steps


@pytest.mark.parametrize(("field", "value"), [("response_format", "url"), ("style", "vivid"),
                                              ("background", "transparent"), ("output_format", "webp"),
                                              ("quality", "hd"), ("n", 0), ("size", "big")])
def test_openai_fields_we_lack_are_refused_by_name(field: str, value: object) -> None:
    with pytest.raises(Refused) as refused:
        openai({"prompt": "a", field: value})
    assert refused.value.field == field


def test_openai_size_auto_is_the_familys_own() -> None:
    assert openai_size("auto", FLUX) == (1024, 1024)
    assert openai_size(None, SD15) == (512, 512)


def test_openai_edit_is_a_klein_edit_or_an_img2img() -> None:
    picture, mask = Path("/tmp/a.png"), Path("/tmp/m.png")
    [edit] = openai({"prompt": "make it night"}, KLEIN, Pictures(references=(picture,)))
    assert edit.ref_images == (picture,) and edit.init_image is None and edit.size_from_input
    [repaint] = openai({"prompt": "a hat", "strength": 0.6}, FLUX, Pictures(references=(picture,), mask=mask))
    assert (repaint.init_image, repaint.mask, repaint.strength) == (picture, mask, 0.6)
    with pytest.raises(Refused) as refused:
        openai({"prompt": "night"}, KLEIN, Pictures(references=(picture,), mask=mask))
    assert refused.value.field == "mask"
