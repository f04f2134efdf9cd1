"""A1111's and OpenAI's fields in our words: every field asking for something we lack is refused by name."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from PIL import Image

from app.api.a1111 import samplers, schedulers
from app.api.fields import (
    MAX_IMAGES_PER_REQUEST,
    ControlUnit,
    InstalledModel,
    Pictures,
    Refused,
    a1111_requests,
    chosen_controlnet,
    chosen_model,
    control_unit,
    openai_model,
    openai_request,
    openai_size,
)
from app.core.generation.control import ControlNetUse
from app.core.generation.drafts import FINISH_STRENGTH
from app.core.generation.faces import FaceFix
from app.core.generation.request import DraftOf, GenerationRequest, HiresFix
from app.core.generation.samplers import SAMPLERS, SCHEDULERS
from app.core.generation.styles import DEFAULT_STYLES
from app.core.models.families import ModelFamily, ModelFiles
from app.core.queue.nodes import a1111_job

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
    return asked(payload, model, pictures)[0]


def asked(payload: dict, model: InstalledModel = FLUX, pictures: Pictures = NO_PICTURES) -> tuple[list, list[str]]:
    return a1111_requests(payload, model, LORAS, pictures, random.Random(1), {style.name for style in DEFAULT_STYLES})


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
    ("hr_upscaler", "R-ESRGAN 4x+"), ("firstpass_image", "iVBORw0KGgo="), ("mask_round", False),
])
def test_a_field_asking_for_what_we_lack_is_refused_by_name(field: str, value: object) -> None:
    payload = {**WEBUIAPI_TXT2IMG, field: value}
    if field in {"hr_upscaler", "hr_resize_x"}:  # an exact size needs both sides
        payload["enable_hr"] = True
    with pytest.raises(Refused) as refused:
        requests(payload)
    assert refused.value.field == field


def test_styles_by_name_go_with_every_picture_of_the_call() -> None:
    made = requests({**WEBUIAPI_TXT2IMG, "styles": ["Photo", "Cinematic"], "batch_size": 2})
    assert [request.styles for request in made] == [("Photo", "Cinematic")] * 2
    assert made[0].prompt == "a cat"  # applied when the studio queues them, with the user's own styles file


def test_a_clients_own_keys_are_left_out_as_a1111_does_and_said() -> None:
    """SillyTavern posts its browser's whole body, with the server's address and password in it."""
    made, notes = asked({"url": "http://localhost:7860", "auth": "user:secret", "prompt": "a cat",
                         "controlnet_units": [{"model": "canny"}], "clip_skip": 1})
    assert made[0].prompt == "a cat"
    assert notes == ["left out, as A1111 does: url, auth, controlnet_units (not fields of its API)"]
    assert "secret" not in str(notes)
    assert asked({"prompt": "a cat"})[1] == []
    many = asked({"prompt": "a cat", **{f"key{n}": n for n in range(1000)}})[1]
    assert many == [f"left out, as A1111 does: {', '.join(f'key{n}' for n in range(20))} and 980 more (not fields "
                    "of its API)"]


def test_numbers_as_text_are_read_as_a1111s_models_read_them() -> None:
    [request] = requests({"prompt": "a", "cfg_scale": "7.0", "steps": "12", "seed": " 42 ", "width": "64.0"})
    assert (request.cfg_scale, request.steps, request.seed, request.width) == (7.0, 12, 42, 64)
    [img2img] = requests({"prompt": "a", "denoising_strength": "0.75"}, pictures=Pictures(Path("/tmp/in.png")))
    assert img2img.strength == 0.75


def test_unknown_style_names_are_skipped_with_a_note() -> None:
    made, notes = asked({"prompt": "a", "styles": ["None", "Photo"]})
    assert made[0].styles == ("Photo",)
    assert notes == ["no style named 'None' here: left out (GET /sdapi/v1/prompt-styles lists them)"]


@pytest.mark.parametrize(("name", "scheduler", "method", "schedule"), [
    ("DPM++ 2M Karras", None, "dpm++2m", "karras"), ("Euler a", "Karras", "euler_a", "karras"),
    ("DPM++ 2M SGM Uniform", "automatic", "dpm++2m", "sgm_uniform"), ("Euler Karras", "exponential", "euler", "karras"),
])
def test_the_old_sampler_and_schedule_names_are_split_as_a1111_splits_them(name: str, scheduler: str | None,
                                                                           method: str, schedule: str) -> None:
    [request] = requests({"prompt": "a", "sampler_name": name, "scheduler": scheduler})
    assert (request.sampler, request.scheduler) == (method, schedule)


def test_extensions_switched_off_pass_and_one_switched_on_is_refused() -> None:
    [request] = requests({"prompt": "a", "alwayson_scripts": {"ControlNet": {"args": []},
                                                              "ADetailer": {"args": [False]}}})
    assert request.face_fix is None
    with pytest.raises(Refused) as refused:
        requests({"prompt": "a", "alwayson_scripts": {"Dynamic Prompts v2.17.1": {"args": [True, False, 1]}}})
    assert refused.value.field == "alwayson_scripts.Dynamic Prompts v2.17.1"


# SillyTavern's Image Generation extension with "ADetailer (face)" ticked sends this (its stable-diffusion
# extension, for the A1111/Forge source: the face YOLO model by name, all else ADetailer's defaults)
SILLYTAVERN_ADETAILER = {
    "prompt": "best quality, absurdres, aesthetic, portrait of Seraphina, smiling", "negative_prompt": "lowres",
    "sampler_name": "DPM++ 2M", "scheduler": "Karras", "steps": 20, "cfg_scale": 7, "width": 512, "height": 768,
    "restore_faces": False, "enable_hr": False, "seed": -1, "override_settings_restore_afterwards": True,
    "save_images": True, "send_images": True, "do_not_save_grid": False, "do_not_save_samples": False,
    "alwayson_scripts": {"ADetailer": {"args": [True, {"ad_model": "face_yolov8n.pt"}]}},
}


def test_sillytaverns_adetailer_request_fixes_faces_and_says_which_detector() -> None:
    [request], notes = asked(SILLYTAVERN_ADETAILER)
    assert request.face_fix == FaceFix()  # ADetailer's own defaults: strength 0.4, confidence 0.3, padding 32
    assert any("instead of 'face_yolov8n.pt'" in note for note in notes), notes


def test_adetailer_settings_are_honoured_and_the_others_named_never_refused() -> None:
    body = {"prompt": "a", "alwayson_scripts": {"ADetailer": {"args": [True, False, {
        "ad_model": "face_yolov8s.pt", "ad_denoising_strength": 0.3, "ad_confidence": 0.5, "ad_prompt": "a smile",
        "ad_mask_blur": 8, "ad_inpaint_only_masked_padding": 48, "ad_use_steps": True, "ad_steps": 12,
        "ad_use_cfg_scale": True, "ad_cfg_scale": 5, "ad_tab_enable": True,
    }, {"ad_model": "hand_yolov8n.pt"}]}}}
    [request], notes = asked(body)
    assert request.face_fix == FaceFix(strength=0.3, confidence=0.5, prompt="a smile", mask_blur=8, padding=48,
                                       steps=12)
    assert any("not done here: ad_use_cfg_scale" in note for note in notes), notes
    assert any("'hand_yolov8n.pt' detector was left out" in note for note in notes), notes


def test_a_face_fix_goes_to_another_computer_as_adetailer_and_comes_back_the_same() -> None:
    fix = FaceFix(strength=0.25, prompt="freckles", steps=9)
    job = a1111_job(GenerationRequest("a", face_fix=fix), None)
    [request], notes = asked({"prompt": "a", "alwayson_scripts": job["alwayson_scripts"]})
    assert request.face_fix == fix and notes == []


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


@pytest.mark.parametrize(("field", "value"), [("steps", "ten"), ("width", True), ("seed", 1.5), ("cfg_scale", "7,5"),
                                              ("steps", "12.5"), ("cfg_scale", "nan")])
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
    [exact] = requests({"prompt": "a", "width": 512, "height": 384, "enable_hr": True, "hr_resize_x": 1088,
                        "hr_resize_y": 768})  # A1111's "resize to" (a finish sent to another computer)
    assert (exact.hires_size, exact.hires) == ((1088, 768), HiresFix(2.0, 0.7, 0, 1088, 768))


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
    # a title without its punctuation: one typed where a dash or a hash cannot be
    assert chosen_model("flux schnell q4_k 6.8 gb", installed, None, "model") is FLUX
    assert chosen_model("SD 15", installed, None, "model") is SD15


def test_openai_model_names_not_ours_draw_with_the_current_model_and_say_so() -> None:
    installed = [FLUX, SD15]
    assert openai_model(SD15.title, installed, FLUX.title) == (SD15, [])
    assert openai_model(None, installed, SD15.title) == (SD15, [])
    for name in ("dall-e-2", "dall-e-3", "gpt-image-1", "../../x"):  # a name, never opened as a path
        model, notes = openai_model(name, installed, SD15.title)
        assert model is SD15 and notes == [f"no model {name!r} here: drawn with 'SD 1.5 [abc123]' (GET /v1/models "
                                           "lists ours)"]
    with pytest.raises(Refused, match="no model is installed"):
        openai_model("dall-e-3", [], None)


def test_override_settings_choose_the_model_and_the_clip_skip_and_nothing_else() -> None:
    [request] = requests({"prompt": "a", "override_settings": {"sd_model_checkpoint": FLUX.title,
                                                               "CLIP_stop_at_last_layers": 1}})
    assert request.clip_skip == 1
    with pytest.raises(Refused) as refused:
        requests({"prompt": "a", "override_settings": {"sd_vae": "vae-ft-mse-840000"}})
    assert refused.value.field == "override_settings.sd_vae"


@pytest.mark.parametrize(("payload", "clip_skip"), [
    ({"override_settings": {"CLIP_stop_at_last_layers": 2}}, 2),  # A1111's own
    ({"clip_skip": 2}, 2),  # SD.Next's and sd.cpp's server's
    ({"clip_skip": "3"}, 3),  # a number as text, as A1111's models read it
    # SillyTavern sends both, the same; a client sending its default 1 in one and the user's choice in the other
    ({"clip_skip": 2, "override_settings": {"CLIP_stop_at_last_layers": 2}}, 2),
    ({"clip_skip": 1, "override_settings": {"CLIP_stop_at_last_layers": 4}}, 4),
    ({"clip_skip": -1}, None), ({"clip_skip": 0}, None), ({"clip_skip": None}, None),  # sd.cpp's "unspecified"
])
def test_clip_skip_is_read_from_a1111s_setting_or_sdnexts_field(payload: dict, clip_skip: int | None) -> None:
    # the family's rule (what sd.cpp is told, a note where it has no CLIP layers) is the request's: validate
    [request] = requests({"prompt": "a", **payload}, SD15)
    assert request.clip_skip == clip_skip


def test_openai_routes_take_sd_cpps_clip_skip() -> None:
    """SillyTavern's "stable-diffusion.cpp" source sends it with the rest of sd.cpp's server's fields."""
    assert [openai({"prompt": "a", "clip_skip": value}, SD15)[0].clip_skip for value in (2, 1, -1)] == [2, 1, None]
    with pytest.raises(Refused, match="clip_skip: CLIP skip must be between 1 and 12, got 20"):
        openai({"prompt": "a", "clip_skip": 20})


@pytest.mark.parametrize(("payload", "field", "message"), [
    ({"clip_skip": 13}, "clip_skip", "CLIP skip must be between 1 and 12, got 13"),
    ({"clip_skip": "two"}, "clip_skip", "must be a number, got 'two'"),
    ({"override_settings": {"CLIP_stop_at_last_layers": -2}}, "override_settings.CLIP_stop_at_last_layers",
     "CLIP skip must be between 1 and 12, got -2"),
    ({"clip_skip": 2, "override_settings": {"CLIP_stop_at_last_layers": 3}}, "clip_skip",
     "2, while override_settings.CLIP_stop_at_last_layers is 3: send one"),
])
def test_a_clip_skip_we_cannot_read_is_refused_by_name(payload: dict, field: str, message: str) -> None:
    with pytest.raises(Refused) as refused:
        requests({"prompt": "a", **payload}, SD15)
    assert (refused.value.field, refused.value.message) == (field, message)


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


# an A1111 ControlNet unit as webuiapi's ControlNetUnit.to_dict() sends it (sd-webui-controlnet's API)
def controlnet_unit(**changes: object) -> dict:
    return {"enabled": True, "input_image": "iVBORw0KGgo=", "mask": None, "module": "canny",
            "model": "control_v11p_sd15_canny [d14c016b]", "weight": 0.8, "resize_mode": "Resize and Fill",
            "lowvram": False, "processor_res": 512, "threshold_a": 100, "threshold_b": 200, "guidance_start": 0.0,
            "guidance_end": 1.0, "control_mode": 0, "pixel_perfect": False, **changes}


def test_one_controlnet_unit_is_read_as_sent() -> None:
    unit = control_unit({"controlnet": {"args": [controlnet_unit(), controlnet_unit(enabled=False)]}})
    assert unit == ControlUnit("control_v11p_sd15_canny [d14c016b]", "iVBORw0KGgo=", 0.8, canny=True, lowvram=False)
    as_is = control_unit({"ControlNet": {"args": [controlnet_unit(module="none", lowvram=True)]}})
    assert as_is is not None and not as_is.canny and as_is.lowvram
    assert control_unit({"controlnet": {"args": []}}) is None
    assert control_unit({"controlnet": {"args": [controlnet_unit(model="None")]}}) is None


@pytest.mark.parametrize(("units", "message"), [
    ([controlnet_unit(), controlnet_unit(model="control_v11f1p_sd15_depth")], "one ControlNet unit at a time here; 2"),
    ([controlnet_unit(module="openpose_full")], "the preprocessor 'openpose_full' does not run here"),
])
def test_more_units_or_a_preprocessor_we_lack_are_refused_in_words(units: list, message: str) -> None:
    with pytest.raises(Refused) as refused:
        control_unit({"controlnet": {"args": units}})
    assert refused.value.field == "alwayson_scripts.controlnet" and message in str(refused.value)


def test_the_controlnet_is_found_by_the_name_the_extension_lists(tmp_path: Path) -> None:
    files = [tmp_path / "control_v11p_sd15_canny.safetensors", tmp_path / "control_v11p_sd15_openpose.gguf"]
    assert chosen_controlnet("control_v11p_sd15_canny [d14c016b]", files) == files[0]
    with pytest.raises(Refused, match="no ControlNet named 'control_sdxl_depth' here; installed: "
                                      "control_v11p_sd15_canny, control_v11p_sd15_openpose"):
        chosen_controlnet("control_sdxl_depth", files)


def test_a_controlnet_request_keeps_its_unit_in_the_request() -> None:
    control = ControlNetUse(Path("cn.safetensors"), Path("pose.png"), 0.8, canny=True)
    [request], _ = a1111_requests({"prompt": "a", "alwayson_scripts": {"controlnet": {"args": [controlnet_unit()]}}},
                                  FLUX, Path("loras"), NO_PICTURES, random.Random(1), DEFAULT_STYLES, control)
    assert request.control == control


def test_the_api_lists_the_samplers_and_schedulers_by_the_names_the_window_and_the_png_say() -> None:
    listed = asyncio.run(samplers())
    assert [(entry["name"], entry["aliases"]) for entry in listed] == [(s.name, [s.code]) for s in SAMPLERS]
    assert [(entry["name"], entry["label"]) for entry in asyncio.run(schedulers())] == [
        (s.code, s.name) for s in SCHEDULERS]
    for entry in listed:  # what an A1111 client reads from the list it may send back
        assert requests({"prompt": "a", "sampler_name": entry["name"]})[0].sampler == entry["aliases"][0]


def test_drafts_are_asked_beside_the_hires_fields_and_one_is_finished_from_img2img(tmp_path: Path) -> None:
    drafts = requests({**WEBUIAPI_TXT2IMG, "width": 1024, "height": 768, "seed": 9, "drafts": 3})
    assert [(r.width, r.height, r.steps, r.seed) for r in drafts] == [(512, 384, 10, 9 + i) for i in range(3)]
    assert drafts[0].draft_of == DraftOf(1024, 768, 20)
    with pytest.raises(Refused, match="drafts: drafts are one picture's tries"):
        requests({"prompt": "a", "drafts": 2, "batch_size": 2})
    draft = tmp_path / "draft.png"
    Image.new("RGB", (512, 384)).save(draft)
    [finish] = requests({"prompt": "a cat", "seed": 11, "finish": True}, pictures=Pictures(draft))
    assert (finish.width, finish.height, finish.seed, finish.finished_from) == (1024, 768, 11, draft)
    assert finish.strength == FINISH_STRENGTH and finish.init_image == draft
    with pytest.raises(Refused, match="finish: finishing needs the draft"):
        requests({"prompt": "a", "finish": True})
