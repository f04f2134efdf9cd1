"""A1111's API (`/sdapi/v1/*`) over the studio's queue: what its clients (webuiapi, SillyTavern, Open WebUI, Discord
bots, another Polaris Studio) call, in the order of A1111's own routes."""

from __future__ import annotations

import base64
import json
import shutil
import uuid
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from app.api.fields import (
    LATENT_UPSCALERS,
    Pictures,
    Refused,
    a1111_requests,
    chosen_controlnet,
    clip_skip_setting,
    control_unit,
    mask_blur,
)
from app.api.pictures import a1111_mask, as_base64, picture_bytes, save_picture
from app.api.serving import (
    JsonObject,
    Serving,
    ServingDep,
    Shelf,
    client_of,
    failure_of,
    notes_header,
    pictures_of,
    warning_of,
)
from app.core.gallery.metadata import parse_parameters, read_parameters_text, settings_fields
from app.core.generation.control import ControlNetUse
from app.core.generation.lora import lora_files
from app.core.generation.request import REQUEST_FIELDS, GenerationRequest
from app.core.generation.samplers import SAMPLERS, SCHEDULERS
from app.core.generation.upscale import DEFAULT_TILE_SIZE, UPSCALE_FACTORS, UpscaleRequest
from app.core.models.catalog import load_catalog, upscaler_models
from app.core.queue.jobs import JobState
from app.core.queue.nodes import JOB_KEY_HEADER
from app.services.user_dirs import current_user_dirs

router = APIRouter(tags=["A1111"])


def _brings_its_own_clip_skip(payload: dict[str, Any]) -> bool:
    """Whether a call says its clip skip (or sends override_settings that are no object, refused by name later)."""
    settings = payload.get("override_settings")
    return ("clip_skip" in payload or not isinstance(settings, dict | None)
            or "CLIP_stop_at_last_layers" in (settings or {}))


async def _a1111_images(serving: Serving, request: Request, payload: dict[str, Any],
                        with_pictures: bool) -> JSONResponse:
    folder = serving.scratch / uuid.uuid4().hex
    settings = payload.get("override_settings")
    model = await run_in_threadpool(serving.shelf.chosen, settings.get("sd_model_checkpoint") if isinstance(
        settings, dict) else None, "sd_model_checkpoint")
    asked = payload
    if serving.shelf.clip_skip != 1 and not _brings_its_own_clip_skip(payload):  # the server's (POST options)
        asked = {**payload, "override_settings": {**(settings or {}),
                                                  "CLIP_stop_at_last_layers": serving.shelf.clip_skip}}
    styles = await serving.on_studio(serving.desk.studio.styles) if payload.get("styles") else []
    try:
        pictures = await run_in_threadpool(_a1111_pictures, payload, folder) if with_pictures else Pictures()
        control = await run_in_threadpool(_a1111_control, payload, folder, pictures)
        requests, said = a1111_requests(asked, model, current_user_dirs().loras, pictures, serving.rng,
                                        {style.name for style in styles}, control)
    except Refused:
        shutil.rmtree(folder, ignore_errors=True)  # the pictures already written
        raise
    call, notes = await serving.run_call(request, requests, folder)
    notes = said + notes
    made = pictures_of(call.jobs)
    if not made and not call.interrupted and not call.skipped:
        return JSONResponse({"error": "failed", "detail": failure_of(call.jobs) or "no picture was made"}, 500)
    first = call.jobs[0].request
    assert isinstance(first, GenerationRequest)
    seeds = [job.request.seed for job in call.jobs if job.state is JobState.DONE
             and isinstance(job.request, GenerationRequest)]
    # the declared fields as A1111's answer says them (its own keys, a sampler by its name)
    drawn_with = {declared.a1111[0]: None if getattr(first, name) is None else declared.sent(getattr(first, name))
                  for name, declared in REQUEST_FIELDS.items()
                  if declared.a1111 and "." not in declared.a1111[0] and declared.applies(first)}
    info = {"prompt": first.prompt, "negative_prompt": first.negative_prompt, **drawn_with,
            "seed": seeds[0] if seeds else None, "all_seeds": seeds, "sd_model_name": model.title,
            "infotexts": [read_parameters_text(path) or "" for path in made],
            "job_ids": [job.id for job in call.jobs], "notes": notes}
    return JSONResponse({"images": [as_base64(path) for path in made], "parameters": payload,
                         "info": json.dumps(info), **warning_of(call.jobs)}, headers=notes_header(notes))


@router.post("/sdapi/v1/txt2img")
async def txt2img(request: Request, payload: JsonObject, serving: ServingDep) -> JSONResponse:
    """A1111's txt2img: prompt, negative_prompt, width, height, steps, cfg_scale, seed, sampler_name, scheduler,
    batch_size, n_iter, enable_hr (latent hires fix), override_settings.sd_model_checkpoint, clip skip
    (override_settings.CLIP_stop_at_last_layers or clip_skip); LoRAs as
    <lora:name:weight> in the prompt. A field asking for something not done here is refused with its name."""
    if "init_images" in payload or "mask" in payload:
        raise Refused("init_images", "send pictures to /sdapi/v1/img2img")
    return await _a1111_images(serving, request, payload, False)


@router.post("/sdapi/v1/img2img")
async def img2img(request: Request, payload: JsonObject, serving: ServingDep) -> JSONResponse:
    """A1111's img2img: init_images (one picture), denoising_strength, and for inpainting mask (white repaints),
    mask_blur, inpainting_mask_invert, inpainting_fill 1 and inpaint_full_res false."""
    return await _a1111_images(serving, request, payload, True)


@router.get("/sdapi/v1/progress")
async def progress(serving: ServingDep, skip_current_image: bool = False) -> dict[str, Any]:
    report = await serving.on_studio(serving.desk.progress)
    image = None
    if report.preview_png is not None and not skip_current_image:
        image = base64.b64encode(report.preview_png).decode("ascii")
    return {"progress": report.progress, "eta_relative": report.eta_seconds,
            "state": {"skipped": report.skipped, "interrupted": report.interrupted, "stopping_generation": False,
                      "job": report.job_id, "job_count": report.job_count, "job_timestamp": "0",
                      "job_no": report.job_no, "sampling_step": report.step, "sampling_steps": report.steps},
            "current_image": image, "textinfo": report.stage, "current_task": report.job_id or None}


@router.post("/sdapi/v1/interrupt")
async def interrupt(request: Request, serving: ServingDep) -> dict[str, Any]:
    """The caller's own call stops (by its address, or its X-Polaris-Job key); another app's only when it is
    the one running and the caller has none waiting."""
    client, key = client_of(request), request.headers.get(JOB_KEY_HEADER)
    return {"interrupted": await serving.on_studio(partial(serving.desk.interrupt, client, key))}


@router.post("/sdapi/v1/skip")
async def skip(request: Request, serving: ServingDep) -> dict[str, Any]:
    """The caller's own running picture is skipped first, as /interrupt chooses its call."""
    client, key = client_of(request), request.headers.get(JOB_KEY_HEADER)
    return {"skipped": await serving.on_studio(partial(serving.desk.skip, client, key))}


@router.get("/sdapi/v1/sd-models")
async def sd_models(serving: ServingDep) -> list[dict[str, Any]]:
    installed = await run_in_threadpool(serving.shelf.installed)
    return [{"title": m.title, "model_name": m.title, "hash": None, "sha256": None,
             "filename": (m.files.model or m.files.diffusion_model or Path(m.title)).name, "config": None}
            for m in installed]


def _options_now(shelf: Shelf) -> dict[str, Any]:
    model = shelf.chosen(None, "sd_model_checkpoint")
    return {"sd_model_checkpoint": model.title, "sd_checkpoint_hash": None, "samples_format": "png",
            "CLIP_stop_at_last_layers": shelf.clip_skip, "sd_vae": "Automatic"}


@router.get("/sdapi/v1/options")
async def get_options(serving: ServingDep) -> dict[str, Any]:
    return await run_in_threadpool(_options_now, serving.shelf)


@router.post("/sdapi/v1/options")
async def set_options(options_asked: JsonObject, serving: ServingDep) -> dict[str, Any]:
    """The model (`sd_model_checkpoint`, one of /sdapi/v1/sd-models' titles) and the clip skip
    (`CLIP_stop_at_last_layers`, for the calls that do not set theirs) can be chosen here, until the server stops;
    the other keys of GET /sdapi/v1/options may come back unchanged (Open WebUI posts its whole answer back)."""
    now = await run_in_threadpool(_options_now, serving.shelf)
    for key, value in options_asked.items():
        if key not in ("sd_model_checkpoint", "CLIP_stop_at_last_layers") and (key not in now or value != now[key]):
            raise Refused(key, "this setting cannot be changed here")
    clip_skip = clip_skip_setting(options_asked) if "CLIP_stop_at_last_layers" in options_asked else None
    if "sd_model_checkpoint" in options_asked:
        await run_in_threadpool(serving.shelf.switch, str(options_asked["sd_model_checkpoint"]))
    if clip_skip is not None:
        serving.shelf.clip_skip = clip_skip
    return {}


@router.get("/sdapi/v1/samplers")
async def samplers() -> list[dict[str, Any]]:
    return [{"name": sampler.name, "aliases": [sampler.code], "options": {}} for sampler in SAMPLERS]


@router.get("/sdapi/v1/schedulers")
async def schedulers() -> list[dict[str, Any]]:
    return [{"name": scheduler.code, "label": scheduler.name, "aliases": None, "default_rho": -1,
             "need_inner_model": False} for scheduler in SCHEDULERS]


@router.get("/sdapi/v1/loras")
async def loras() -> list[dict[str, Any]]:
    found = await run_in_threadpool(lora_files, current_user_dirs().loras)
    return [{"name": name, "alias": name, "metadata": {}} for name in found]


def _upscalers_here() -> dict[str, Path]:
    dirs = current_user_dirs()
    return {path.stem: path for path in upscaler_models(load_catalog(), dirs.models, dirs.upscalers)}


@router.get("/sdapi/v1/upscalers")
async def upscalers() -> list[dict[str, Any]]:
    found = await run_in_threadpool(_upscalers_here)
    return [{"name": name, "model_name": name, "model_path": None, "model_url": None, "scale": 4}
            for name in found]


@router.post("/sdapi/v1/extra-single-image")
async def extra_single_image(request: Request, payload: JsonObject, serving: ServingDep) -> JSONResponse:
    """Upscale a picture with an ESRGAN model (`upscaler_1`, one of /sdapi/v1/upscalers) by
    `upscaling_resize` 2 or 4; face restoration and a second upscaler are not done here."""
    for name, off in (("gfpgan_visibility", 0), ("codeformer_visibility", 0), ("upscaler_2", "None"),
                      ("extras_upscaler_2_visibility", 0), ("resize_mode", 0)):
        if payload.get(name, off) not in (off, None):
            raise Refused(name, "not supported here")
    found = await run_in_threadpool(_upscalers_here)
    chosen = payload.get("upscaler_1")
    if chosen not in found:
        raise Refused("upscaler_1", f"no upscaler {chosen!r} here; installed: {', '.join(found) or 'none'}")
    factor = payload.get("upscaling_resize", 2)
    if factor not in UPSCALE_FACTORS:
        raise Refused("upscaling_resize", f"must be one of {', '.join(map(str, UPSCALE_FACTORS))}")
    folder = serving.scratch / uuid.uuid4().hex
    source = await run_in_threadpool(save_picture, picture_bytes(payload.get("image"), "image"), folder, "image")
    call, _ = await serving.run_call(request, [UpscaleRequest(source, found[chosen], int(factor), DEFAULT_TILE_SIZE)],
                                     folder)
    made = pictures_of(call.jobs)
    if not made:
        return JSONResponse({"error": "failed", "detail": failure_of(call.jobs) or "no picture was made"}, 500)
    return JSONResponse({"image": as_base64(made[0]), "html_info": ""})


@router.post("/sdapi/v1/png-info")
async def png_info(payload: JsonObject, serving: ServingDep) -> dict[str, Any]:
    folder = serving.scratch / uuid.uuid4().hex
    try:
        path = await run_in_threadpool(save_picture, picture_bytes(payload.get("image"), "image"), folder, "image")
        text = await run_in_threadpool(read_parameters_text, path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if text is None:
        return {"info": "", "items": {}, "parameters": {}}
    parsed = parse_parameters(text)
    parameters = {"Prompt": parsed.prompt, "Negative prompt": parsed.negative_prompt,
                  **settings_fields(parsed.settings)}
    return {"info": text, "items": {"parameters": text}, "parameters": parameters}


@router.get("/sdapi/v1/scripts")
async def scripts() -> dict[str, list[str]]:
    return {"txt2img": [], "img2img": []}


# --- what A1111 clients read at start: real lists, or A1111's own empty answers ---------------------------------
@router.get("/sdapi/v1/latent-upscale-modes")
async def latent_upscale_modes() -> list[dict[str, str]]:
    return [{"name": name} for name in LATENT_UPSCALERS]


@router.get("/sdapi/v1/prompt-styles")
async def prompt_styles(serving: ServingDep) -> list[dict[str, str]]:
    """The user's styles (Polaris Studio's Styles), by name, for A1111's `styles` field."""
    styles = await serving.on_studio(serving.desk.studio.styles)
    return [{"name": style.name, "prompt": style.prompt, "negative_prompt": style.negative} for style in styles]


@router.get("/sdapi/v1/embeddings")
async def embeddings() -> dict[str, dict[str, Any]]:
    return {"loaded": {}, "skipped": {}}


@router.get("/sdapi/v1/cmd-flags")
async def cmd_flags(serving: ServingDep) -> dict[str, Any]:
    """A1111's command-line flags that say how this server runs."""
    options = serving.options
    return {"api": True, "nowebui": True, "listen": not options.loopback, "port": options.port,
            "api_auth": None, "api_log": False, "cors_allow_origins": list(options.cors_origins) or None,
            "lowvram": False, "medvram": False, "no_half": False}


async def _nothing() -> list[Any]:
    return []


for _kind in ("face-restorers", "hypernetworks", "sd-vae", "sd-modules", "realesrgan-models"):
    # nothing of these kinds runs here (A1111 answers [] when it has none)
    router.add_api_route(f"/sdapi/v1/{_kind}", _nothing, methods=["GET"])


def _a1111_control(payload: dict[str, Any], folder: Path, pictures: Pictures) -> ControlNetUse | None:
    """The ControlNet unit as our ControlNet: its model found among the installed ones by name, its picture
    written into the call's folder (a unit without one uses the img2img picture, as the extension does)."""
    unit = control_unit(payload.get("alwayson_scripts"))
    if unit is None:
        return None
    dirs = current_user_dirs()
    # the catalog's, downloaded into the models folder, then the user's own in its controlnet folder
    files = [dirs.models / f.name for preset in load_catalog().controlnets.values() for f in preset.files
             if (dirs.models / f.name).is_file()]
    if dirs.controlnets.is_dir():
        files += sorted(path for path in dirs.controlnets.iterdir() if path.suffix.lower() in (".safetensors", ".gguf"))
    model = chosen_controlnet(unit.model, files)
    if unit.image is None:
        if pictures.init_image is None:
            raise Refused("alwayson_scripts.controlnet", "the unit has no image: send its control picture as 'image'")
        image = pictures.init_image
    else:
        image = save_picture(picture_bytes(unit.image, "alwayson_scripts.controlnet.image"), folder, "control_image")
    return ControlNetUse(model, image, unit.weight, unit.canny, unit.lowvram)


def _a1111_pictures(payload: dict[str, Any], folder: Path) -> Pictures:
    pictures = payload.get("init_images")
    if not isinstance(pictures, list) or len(pictures) != 1:
        raise Refused("init_images", "send exactly one picture")
    init = save_picture(picture_bytes(pictures[0], "init_images"), folder, "init_images")
    mask = None
    if payload.get("mask"):
        mask = a1111_mask(save_picture(picture_bytes(payload["mask"], "mask"), folder, "mask"), mask_blur(payload),
                          bool(payload.get("inpainting_mask_invert")))
    return Pictures(init, mask)
