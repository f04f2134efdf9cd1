"""The request's declared fields (request.REQUEST_FIELDS) held to sd.cpp's own --help and to A1111's names."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from app.core.generation.request import REQUEST_FIELDS, GenerationRequest
from app.core.models.backend_caps import parse_help

# A1111 1.10's web API request fields (modules/api/models.py: StableDiffusionTxt2ImgProcessingAPI and
# StableDiffusionImg2ImgProcessingAPI, built from StableDiffusionProcessing's arguments)
A1111_API = {
    "prompt", "negative_prompt", "styles", "seed", "subseed", "subseed_strength", "seed_resize_from_h",
    "seed_resize_from_w", "sampler_name", "sampler_index", "scheduler", "batch_size", "n_iter", "steps", "cfg_scale",
    "width", "height", "restore_faces", "tiling", "do_not_save_samples", "do_not_save_grid", "eta",
    "denoising_strength", "s_min_uncond", "s_churn", "s_tmax", "s_tmin", "s_noise", "override_settings",
    "override_settings_restore_afterwards", "refiner_checkpoint", "refiner_switch_at", "disable_extra_networks",
    "firstpass_image", "comments", "enable_hr", "firstphase_width", "firstphase_height", "hr_scale", "hr_upscaler",
    "hr_second_pass_steps", "hr_resize_x", "hr_resize_y", "hr_checkpoint_name", "hr_sampler_name", "hr_scheduler",
    "hr_prompt", "hr_negative_prompt", "force_task_id", "script_name", "script_args", "send_images", "save_images",
    "alwayson_scripts", "infotext", "init_images", "resize_mode", "image_cfg_scale", "mask", "mask_blur",
    "mask_blur_x", "mask_blur_y", "inpainting_fill", "inpaint_full_res", "inpaint_full_res_padding",
    "inpainting_mask_invert", "initial_noise_multiplier", "latent_mask", "include_init_images",
}
# A1111's settings an `override_settings` may carry (modules/shared_options.py), those a declared field goes in
A1111_SETTINGS = {"CLIP_stop_at_last_layers"}
# the keys of A1111's text in a picture (modules/processing.py create_infotext, and its samplers' "Eta")
A1111_TEXT = {"Steps", "Sampler", "Schedule type", "CFG scale", "Image CFG scale", "Seed", "Size", "Model hash",
              "Model", "Denoising strength", "Clip skip", "Eta", "Eta DDIM", "ENSD", "RNG", "Version"}
# other dialects' own keys read too: SD.Next's and sd.cpp's server's clip skip
OTHER_DIALECTS = {"clip_skip"}


def test_every_field_is_a_request_field_declared_in_a1111s_order() -> None:
    names = [field for field in GenerationRequest.__dataclass_fields__ if field in REQUEST_FIELDS]
    assert list(REQUEST_FIELDS) == names
    written = [declared.png for declared in REQUEST_FIELDS.values() if declared.png]
    assert written[:6] == ["Steps", "Sampler", "Schedule type", "CFG scale", "Seed", "Size"]  # A1111's own order


@pytest.mark.backend
def test_every_field_is_an_option_of_sd_cpps_own_help(sd_cli: Path) -> None:
    help_text = subprocess.run([str(sd_cli), "--help"], capture_output=True, text=True, timeout=60,
                               check=False).stdout
    caps = parse_help(help_text)
    assert {name: declared.flag for name, declared in REQUEST_FIELDS.items() if declared.flag not in caps.flags} == {}


@pytest.mark.parametrize("name", REQUEST_FIELDS)
def test_every_field_speaks_a1111s_names(name: str) -> None:
    declared = REQUEST_FIELDS[name]
    place, _, key = declared.a1111[0].rpartition(".")
    assert (key in A1111_SETTINGS if place == "override_settings" else key in A1111_API), declared.a1111[0]
    assert set(declared.a1111[1:]) <= A1111_API | OTHER_DIALECTS
    assert declared.png in A1111_TEXT | {""}


@pytest.mark.parametrize("name", REQUEST_FIELDS)
def test_every_field_says_its_range_or_its_choices_and_what_none_means(name: str) -> None:
    declared = REQUEST_FIELDS[name]
    if declared.row:  # a row of the window: a list of choices, or a number box over the range
        assert declared.choices or (declared.least is not None and declared.most is not None)
    if declared.unset:  # None is a value of its own: the model's, the sampler's or a random one
        assert GenerationRequest.__dataclass_fields__[name].default is None
    assert declared.help, "the command line says what it is"
