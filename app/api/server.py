"""The HTTP front end: A1111's `/sdapi/v1/*` and OpenAI's `/v1/images/*` over the studio's own queue.

FastAPI (request schemas, validation, the OpenAPI page at /docs) on uvicorn, in a thread of its own: the studio and
its queue stay on Qt's thread and are reached through `ApiDesk.call`. Every picture goes through the queue, its
planner and its picture check, shows in the window's queue with the client's address, and lands in the gallery.

Safe by default: loopback only; open to the network only with a password (`--api-auth USER:PASSWORD`) or a key
(`--api-key`); bodies and pictures capped; models by their titles, never a path; a bound on the pictures each
client may have waiting; no CORS unless allowed. A bad request is refused before anything is queued.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import ipaddress
import json
import random
import shutil
import socket
import tempfile
import threading
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

import uvicorn
from fastapi import Body, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

from app import __version__
from app.api import DEFAULT_PORT, MAX_WAITING_PER_CLIENT
from app.api.fields import (
    LATENT_UPSCALERS,
    InstalledModel,
    Pictures,
    Refused,
    a1111_requests,
    chosen_model,
    mask_blur,
    openai_model,
    openai_request,
)
from app.api.pictures import a1111_mask, as_base64, openai_mask, picture_bytes, save_picture
from app.core.gallery.metadata import (
    a1111_samplers,
    a1111_schedulers,
    parse_parameters,
    read_parameters_text,
    settings_fields,
)
from app.core.generation.lora import lora_files
from app.core.generation.request import GenerationRequest, InvalidRequest
from app.core.generation.upscale import DEFAULT_TILE_SIZE, UPSCALE_FACTORS, UpscaleRequest
from app.core.models.catalog import DEMO_MODEL_NAME, load_catalog, model_choices, upscaler_models
from app.core.models.demo_model import demo_model_files
from app.core.models.families import ModelFiles
from app.core.models.model_files import family_of_files
from app.core.queue.jobs import Job, JobState
from app.core.queue.nodes import JOB_KEY_HEADER
from app.services.api_desk import ApiDesk, Call, StudioClosed
from app.services.user_dirs import current_user_dirs

T = TypeVar("T")
JsonObject = Annotated[dict[str, Any], Body()]
MAX_BODY_BYTES = 40 * 2**20


class TooManyWaiting(Refused):
    """The client has as many pictures waiting as it may (answered 429, as HTTP says for "too many requests")."""


class ServerRefused(ValueError):
    """The server cannot start as asked; the message is meant for the user."""


@dataclass(frozen=True)
class ServerOptions:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    auth: tuple[str, str] | None = None  # A1111's --api-auth user:password (HTTP basic)
    key: str | None = None  # a bearer token, as OpenAI clients send their API key
    cors_origins: tuple[str, ...] = ()
    max_waiting: int = MAX_WAITING_PER_CLIENT
    demo: bool = False  # offer the offline demo model (and start on it)

    @property
    def loopback(self) -> bool:
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return self.host == "localhost"

    def check(self) -> None:
        if not self.loopback and self.auth is None and not self.key:
            raise ServerRefused(f"Opening the server to the network ({self.host}) needs a password: give "
                                "--api-auth USER:PASSWORD or --api-key KEY (clients then send it).")


@dataclass
class Shelf:
    """The models other apps may choose by title, and the one in use (A1111's sd_model_checkpoint)."""

    demo: bool
    current: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def installed(self) -> list[InstalledModel]:
        models = []
        demo = demo_model_files() if self.demo else None
        if demo is not None:
            models.append(InstalledModel(DEMO_MODEL_NAME, demo, family_of_files(demo), steps=4, cfg_scale=1.0))
        for choice in model_choices(load_catalog(), current_user_dirs().models):
            files = ModelFiles(**choice.slots)
            models.append(InstalledModel(choice.label, files, family_of_files(files), choice.steps, choice.cfg_scale))
        return models

    def chosen(self, title: str | None, field_name: str) -> InstalledModel:
        with self._lock:
            current = self.current
        return chosen_model(title, self.installed(), current, field_name)

    def for_openai(self, title: object) -> tuple[InstalledModel, list[str]]:
        with self._lock:
            current = self.current
        return openai_model(title, self.installed(), current)

    def switch(self, title: str) -> InstalledModel:
        model = chosen_model(title, self.installed(), None, "sd_model_checkpoint")
        with self._lock:
            self.current = model.title
        return model


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def make_app(desk: ApiDesk, options: ServerOptions) -> FastAPI:
    """The routes; `desk` reaches the studio on Qt's thread."""
    # max_body_size: FastAPI's own cap, by Content-Length or counted as a chunked body arrives (413)
    app = FastAPI(title="Polaris Studio", version=__version__, max_body_size=MAX_BODY_BYTES,
                  description="A1111- and OpenAI-compatible picture API over Polaris Studio's queue")
    shelf = Shelf(options.demo, DEMO_MODEL_NAME if options.demo else None)
    rng = random.SystemRandom()
    scratch = Path(tempfile.mkdtemp(prefix="polaris-api-"))
    app.state.scratch = scratch

    async def on_studio(work: Callable[[], T]) -> T:
        return await asyncio.wrap_future(desk.call(work))

    @app.middleware("http")
    async def guard(request: Request, call_next: Callable[[Request], Awaitable[Any]]) -> Any:
        if not _authorised(request, options):
            headers = {"WWW-Authenticate": 'Basic realm="Polaris Studio"'} if options.auth else {}
            return JSONResponse({"error": "unauthorised", "detail": "this server needs its password or key"},
                                401, headers)
        response = await call_next(request)
        key = request.headers.get(JOB_KEY_HEADER)
        if key is not None:
            # says to another Polaris Studio that this server knows its job keys: it may ask again after a drop
            response.headers[JOB_KEY_HEADER] = key
        return response

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        return _refused(request, error)

    @app.exception_handler(StudioClosed)
    async def closed(request: Request, error: StudioClosed) -> JSONResponse:
        return JSONResponse({"error": "closing", "detail": str(error)}, 503)

    @app.exception_handler(InvalidRequest)
    async def invalid(request: Request, error: InvalidRequest) -> JSONResponse:
        return _refused(request, Refused("request", str(error)))

    @app.exception_handler(RequestValidationError)
    async def unreadable(request: Request, error: RequestValidationError) -> JSONResponse:
        return _refused(request, _unreadable(error))

    # --- pictures through the queue -------------------------------------------------------------------------
    async def run_call(request: Request, requests: list[GenerationRequest] | list[UpscaleRequest],
                       folder: Path) -> tuple[Call, list[str]]:
        """Queue the requests as checked (sizes snapped); the call once its jobs have ended, and what was changed
        in the requests, in words."""
        client = client_of(request)
        key = request.headers.get(JOB_KEY_HEADER)
        checked: list[GenerationRequest | UpscaleRequest] = []
        notes: list[str] = []
        for asked in requests:
            if isinstance(asked, GenerationRequest):
                try:
                    asked, said = await run_in_threadpool(desk.studio.check, asked)
                except InvalidRequest:
                    shutil.rmtree(folder, ignore_errors=True)
                    raise
                notes += [note for note in said if note not in notes]
            checked.append(asked)

        def submit() -> Call:
            known = desk.known(key, client)
            if known is None and desk.waiting(client) + len(checked) > options.max_waiting:
                raise TooManyWaiting("request", f"this app already has {desk.waiting(client)} pictures waiting here "
                                                f"(at most {options.max_waiting}): wait for them first")
            return known or desk.submit(checked, client, key)

        try:
            call = await on_studio(submit)
        except (Refused, InvalidRequest):  # InvalidRequest: a style or wildcard file that is not there
            shutil.rmtree(folder, ignore_errors=True)
            raise
        try:
            await asyncio.wrap_future(call.done)
        finally:
            # the queue copied the pictures it needs into the job's own folder
            call.done.add_done_callback(lambda _done: shutil.rmtree(folder, ignore_errors=True))
        return call, notes

    def pictures_of(jobs: list[Job]) -> list[Path]:
        return [Path(job.image) for job in jobs if job.state is JobState.DONE and job.image]

    def failure_of(jobs: list[Job]) -> str:
        return "; ".join(sorted({job.reason for job in jobs if job.state is JobState.FAILED and job.reason}))

    async def a1111_images(request: Request, payload: dict[str, Any], with_pictures: bool) -> JSONResponse:
        folder = scratch / uuid.uuid4().hex
        settings = payload.get("override_settings")
        model = await run_in_threadpool(shelf.chosen, settings.get("sd_model_checkpoint") if isinstance(
            settings, dict) else None, "sd_model_checkpoint")
        styles = await on_studio(desk.studio.styles) if payload.get("styles") else []
        try:
            pictures = await run_in_threadpool(_a1111_pictures, payload, folder) if with_pictures else Pictures()
            requests, said = a1111_requests(payload, model, current_user_dirs().loras, pictures, rng,
                                            {style.name for style in styles})
        except Refused:
            shutil.rmtree(folder, ignore_errors=True)  # the pictures already written
            raise
        call, notes = await run_call(request, requests, folder)
        notes = said + notes
        made = pictures_of(call.jobs)
        if not made and not call.interrupted and not call.skipped:
            return JSONResponse({"error": "failed", "detail": failure_of(call.jobs) or "no picture was made"}, 500)
        first = call.jobs[0].request
        assert isinstance(first, GenerationRequest)
        seeds = [job.request.seed for job in call.jobs if job.state is JobState.DONE
                 and isinstance(job.request, GenerationRequest)]
        info = {"prompt": first.prompt, "negative_prompt": first.negative_prompt, "seed": seeds[0] if seeds else None,
                "all_seeds": seeds, "width": first.width, "height": first.height, "steps": first.steps,
                "cfg_scale": first.cfg_scale, "sd_model_name": model.title,
                "infotexts": [read_parameters_text(path) or "" for path in made],
                "job_ids": [job.id for job in call.jobs], "notes": notes}
        return JSONResponse({"images": [as_base64(path) for path in made], "parameters": payload,
                             "info": json.dumps(info)}, headers=_notes_header(notes))

    @app.post("/sdapi/v1/txt2img", tags=["A1111"])
    async def txt2img(request: Request, payload: JsonObject) -> JSONResponse:
        """A1111's txt2img: prompt, negative_prompt, width, height, steps, cfg_scale, seed, sampler_name, scheduler,
        batch_size, n_iter, enable_hr (latent hires fix), override_settings.sd_model_checkpoint; LoRAs as
        <lora:name:weight> in the prompt. A field asking for something not done here is refused with its name."""
        if "init_images" in payload or "mask" in payload:
            raise Refused("init_images", "send pictures to /sdapi/v1/img2img")
        return await a1111_images(request, payload, False)

    @app.post("/sdapi/v1/img2img", tags=["A1111"])
    async def img2img(request: Request, payload: JsonObject) -> JSONResponse:
        """A1111's img2img: init_images (one picture), denoising_strength, and for inpainting mask (white repaints),
        mask_blur, inpainting_mask_invert, inpainting_fill 1 and inpaint_full_res false."""
        return await a1111_images(request, payload, True)

    @app.get("/sdapi/v1/progress", tags=["A1111"])
    async def progress(skip_current_image: bool = False) -> dict[str, Any]:
        report = await on_studio(desk.progress)
        image = None
        if report.preview_png is not None and not skip_current_image:
            image = base64.b64encode(report.preview_png).decode("ascii")
        return {"progress": report.progress, "eta_relative": report.eta_seconds,
                "state": {"skipped": report.skipped, "interrupted": report.interrupted, "stopping_generation": False,
                          "job": report.job_id, "job_count": report.job_count, "job_timestamp": "0",
                          "job_no": report.job_no, "sampling_step": report.step, "sampling_steps": report.steps},
                "current_image": image, "textinfo": report.stage, "current_task": report.job_id or None}

    @app.post("/sdapi/v1/interrupt", tags=["A1111"])
    async def interrupt(request: Request) -> dict[str, Any]:
        """The caller's own call stops (by its address, or its X-Polaris-Job key); another app's only when it is
        the one running and the caller has none waiting."""
        client, key = client_of(request), request.headers.get(JOB_KEY_HEADER)
        return {"interrupted": await on_studio(lambda: desk.interrupt(client, key))}

    @app.post("/sdapi/v1/skip", tags=["A1111"])
    async def skip(request: Request) -> dict[str, Any]:
        """The caller's own running picture is skipped first, as /interrupt chooses its call."""
        client, key = client_of(request), request.headers.get(JOB_KEY_HEADER)
        return {"skipped": await on_studio(lambda: desk.skip(client, key))}

    @app.get("/sdapi/v1/sd-models", tags=["A1111"])
    async def sd_models() -> list[dict[str, Any]]:
        installed = await run_in_threadpool(shelf.installed)
        return [{"title": m.title, "model_name": m.title, "hash": None, "sha256": None,
                 "filename": (m.files.model or m.files.diffusion_model or Path(m.title)).name, "config": None}
                for m in installed]

    def options_now() -> dict[str, Any]:
        model = shelf.chosen(None, "sd_model_checkpoint")
        return {"sd_model_checkpoint": model.title, "sd_checkpoint_hash": None, "samples_format": "png",
                "CLIP_stop_at_last_layers": 1, "sd_vae": "Automatic"}

    @app.get("/sdapi/v1/options", tags=["A1111"])
    async def get_options() -> dict[str, Any]:
        return await run_in_threadpool(options_now)

    @app.post("/sdapi/v1/options", tags=["A1111"])
    async def set_options(options_asked: JsonObject) -> dict[str, Any]:
        """Only the model can be chosen here (`sd_model_checkpoint`, one of /sdapi/v1/sd-models' titles); the
        other keys of GET /sdapi/v1/options may come back unchanged (Open WebUI posts its whole answer back)."""
        now = await run_in_threadpool(options_now)
        for key, value in options_asked.items():
            if key != "sd_model_checkpoint" and (key not in now or value != now[key]):
                raise Refused(key, "this setting cannot be changed here")
        if "sd_model_checkpoint" in options_asked:
            await run_in_threadpool(shelf.switch, str(options_asked["sd_model_checkpoint"]))
        return {}

    @app.get("/sdapi/v1/samplers", tags=["A1111"])
    async def samplers() -> list[dict[str, Any]]:
        return [{"name": name, "aliases": [code], "options": {}} for name, code in a1111_samplers()]

    @app.get("/sdapi/v1/schedulers", tags=["A1111"])
    async def schedulers() -> list[dict[str, Any]]:
        return [{"name": code, "label": name, "aliases": None, "default_rho": -1, "need_inner_model": False}
                for name, code in a1111_schedulers()]

    @app.get("/sdapi/v1/loras", tags=["A1111"])
    async def loras() -> list[dict[str, Any]]:
        found = await run_in_threadpool(lora_files, current_user_dirs().loras)
        return [{"name": name, "alias": name, "metadata": {}} for name in found]

    def upscalers_here() -> dict[str, Path]:
        dirs = current_user_dirs()
        return {path.stem: path for path in upscaler_models(load_catalog(), dirs.models, dirs.upscalers)}

    @app.get("/sdapi/v1/upscalers", tags=["A1111"])
    async def upscalers() -> list[dict[str, Any]]:
        found = await run_in_threadpool(upscalers_here)
        return [{"name": name, "model_name": name, "model_path": None, "model_url": None, "scale": 4}
                for name in found]

    @app.post("/sdapi/v1/extra-single-image", tags=["A1111"])
    async def extra_single_image(request: Request, payload: JsonObject) -> dict[str, Any]:
        """Upscale a picture with an ESRGAN model (`upscaler_1`, one of /sdapi/v1/upscalers) by
        `upscaling_resize` 2 or 4; face restoration and a second upscaler are not done here."""
        for name, off in (("gfpgan_visibility", 0), ("codeformer_visibility", 0), ("upscaler_2", "None"),
                          ("extras_upscaler_2_visibility", 0), ("resize_mode", 0)):
            if payload.get(name, off) not in (off, None):
                raise Refused(name, "not supported here")
        found = await run_in_threadpool(upscalers_here)
        name = payload.get("upscaler_1")
        if name not in found:
            raise Refused("upscaler_1", f"no upscaler {name!r} here; installed: {', '.join(found) or 'none'}")
        factor = payload.get("upscaling_resize", 2)
        if factor not in UPSCALE_FACTORS:
            raise Refused("upscaling_resize", f"must be one of {', '.join(map(str, UPSCALE_FACTORS))}")
        folder = scratch / uuid.uuid4().hex
        source = await run_in_threadpool(save_picture, picture_bytes(payload.get("image"), "image"), folder, "image")
        call, _ = await run_call(request, [UpscaleRequest(source, found[name], int(factor), DEFAULT_TILE_SIZE)],
                                 folder)
        made = pictures_of(call.jobs)
        if not made:
            return JSONResponse({"error": "failed", "detail": failure_of(call.jobs) or "no picture was made"}, 500)
        return {"image": as_base64(made[0]), "html_info": ""}

    @app.post("/sdapi/v1/png-info", tags=["A1111"])
    async def png_info(payload: JsonObject) -> dict[str, Any]:
        folder = scratch / uuid.uuid4().hex
        try:
            path = await run_in_threadpool(save_picture, picture_bytes(payload.get("image"), "image"), folder,
                                           "image")
            text = await run_in_threadpool(read_parameters_text, path)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        if text is None:
            return {"info": "", "items": {}, "parameters": {}}
        parsed = parse_parameters(text)
        parameters = {"Prompt": parsed.prompt, "Negative prompt": parsed.negative_prompt,
                      **settings_fields(parsed.settings)}
        return {"info": text, "items": {"parameters": text}, "parameters": parameters}

    @app.get("/sdapi/v1/scripts", tags=["A1111"])
    async def scripts() -> dict[str, list[str]]:
        return {"txt2img": [], "img2img": []}

    # --- what A1111 clients read at start: real lists, or A1111's own empty answers ---------------------------
    @app.get("/sdapi/v1/latent-upscale-modes", tags=["A1111"])
    async def latent_upscale_modes() -> list[dict[str, str]]:
        return [{"name": name} for name in LATENT_UPSCALERS]

    @app.get("/sdapi/v1/prompt-styles", tags=["A1111"])
    async def prompt_styles() -> list[dict[str, str]]:
        """The user's styles (Polaris Studio's Styles), by name, for A1111's `styles` field."""
        styles = await on_studio(desk.studio.styles)
        return [{"name": style.name, "prompt": style.prompt, "negative_prompt": style.negative} for style in styles]

    @app.get("/sdapi/v1/embeddings", tags=["A1111"])
    async def embeddings() -> dict[str, dict[str, Any]]:
        return {"loaded": {}, "skipped": {}}

    @app.get("/sdapi/v1/cmd-flags", tags=["A1111"])
    async def cmd_flags() -> dict[str, Any]:
        """A1111's command-line flags that say how this server runs."""
        return {"api": True, "nowebui": True, "listen": not options.loopback, "port": options.port,
                "api_auth": None, "api_log": False, "cors_allow_origins": list(options.cors_origins) or None,
                "lowvram": False, "medvram": False, "no_half": False}

    for path in ("face-restorers", "hypernetworks", "sd-vae", "sd-modules", "realesrgan-models"):
        # nothing of these kinds runs here (A1111 answers [] when it has none)
        app.add_api_route(f"/sdapi/v1/{path}", _nothing, methods=["GET"], tags=["A1111"])

    # --- OpenAI ----------------------------------------------------------------------------------------------
    async def openai_images(request: Request, fields: dict[str, Any], pictures: Pictures,
                            folder: Path) -> JSONResponse:
        try:
            model, said = await run_in_threadpool(shelf.for_openai, fields.get("model"))
            requests = openai_request(fields, model, current_user_dirs().loras, pictures, rng)
        except Refused:
            shutil.rmtree(folder, ignore_errors=True)  # the pictures already written
            raise
        call, notes = await run_call(request, requests, folder)
        notes = said + notes
        made = pictures_of(call.jobs)
        if not made:
            return JSONResponse({"error": {"message": failure_of(call.jobs) or "no picture was made",
                                           "type": "server_error", "param": None, "code": None}}, 500)
        answer: dict[str, Any] = {"created": int(time.time()),
                                  "data": [{"b64_json": as_base64(path), "revised_prompt": None} for path in made]}
        if notes:
            answer["notes"] = notes  # OpenAI's answer has no place of its own for them; its clients skip a key
        return JSONResponse(answer, headers=_notes_header(notes))

    @app.post("/v1/images/generations", tags=["OpenAI"])
    async def generations(request: Request, fields: JsonObject) -> JSONResponse:
        """OpenAI's images.generate: prompt, model (a title from /v1/models), n, size (WIDTHxHEIGHT or auto),
        response_format b64_json; and sd.cpp's steps, seed, negative_prompt, cfg_scale, sampler_name, scheduler."""
        return await openai_images(request, fields, Pictures(), scratch / uuid.uuid4().hex)

    @app.post("/v1/images/edits", tags=["OpenAI"])
    async def edits(request: Request) -> JSONResponse:
        """OpenAI's images.edit (multipart): image (one or more), mask (transparent = redraw), prompt, model, n,
        size. A FLUX.2 klein model edits by the prompt's instruction; another family repaints the first picture."""
        form = await request.form(max_files=8, max_fields=64, max_part_size=MAX_BODY_BYTES)
        folder = scratch / uuid.uuid4().hex
        try:
            fields, uploads = await _form_fields(form)
            pictures = await run_in_threadpool(_openai_pictures, uploads, folder)
        except Refused:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        finally:
            await form.close()
        return await openai_images(request, fields, pictures, folder)

    @app.options("/v1/images/generations", tags=["OpenAI"], status_code=204)
    @app.options("/v1/images/edits", tags=["OpenAI"], status_code=204)
    async def openai_routes_answer() -> Response:
        """Says the route is here (SillyTavern's "stable-diffusion.cpp" source asks so before it connects); a
        browser's CORS preflight is answered before this, by the allowed origins (--cors-allow-origins)."""
        return Response(status_code=204, headers={"Allow": "OPTIONS, POST"})

    @app.get("/v1/models", tags=["OpenAI"])
    async def models() -> dict[str, Any]:
        installed = await run_in_threadpool(shelf.installed)
        return {"object": "list", "data": [{"id": m.title, "object": "model", "created": 0,
                                            "owned_by": "polaris-studio"} for m in installed]}

    if options.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(options.cors_origins), allow_methods=["*"],
                           allow_headers=["*"], allow_credentials=False)
    return app


async def _nothing() -> list[Any]:
    return []


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


async def _form_fields(form: FormData) -> tuple[dict[str, Any], dict[str, list[bytes]]]:
    """A multipart form's text fields (numbers read as numbers) and its files' bytes by field name."""
    fields: dict[str, Any] = {}
    uploads: dict[str, list[bytes]] = {}
    for name, value in form.multi_items():
        if isinstance(value, UploadFile):  # Starlette's own: a form's files are not FastAPI's subclass
            uploads.setdefault(name.removesuffix("[]"), []).append(await value.read())
        else:
            fields[name] = int(value) if name in ("n", "steps", "seed") and value.lstrip("-").isdigit() else (
                float(value) if name in ("cfg_scale", "strength") and _is_number(value) else value)
    return fields, uploads


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _openai_pictures(uploads: dict[str, list[bytes]], folder: Path) -> Pictures:
    images = uploads.get("image", [])
    if not images:
        raise Refused("image", "send the picture to edit")
    if len(images) > 4:
        raise Refused("image", "at most 4 pictures")
    references = tuple(save_picture(data, folder, "image") for data in images)
    mask = None
    if uploads.get("mask"):
        mask = openai_mask(save_picture(uploads["mask"][0], folder, "mask"))
    return Pictures(references=references, mask=mask)


def _notes_header(notes: list[str]) -> dict[str, str]:
    """What the app changed in the request (a size snapped to the family's multiple), for any client: OpenAI's
    answer has no place of its own for it. JSON in ASCII, as a header must be."""
    return {"X-Polaris-Notes": json.dumps(notes)} if notes else {}


# FastAPI's own checks of a body or a query, in our words
_UNREADABLE_WORDS = {"json_invalid": "is not valid JSON", "dict_type": "must be a JSON object ({...})",
                     "missing": "is missing", "bool_parsing": "must be true or false"}


def _unreadable(error: RequestValidationError) -> Refused:
    first = error.errors()[0]
    where = [str(part) for part in first.get("loc", ()) if part not in ("body", "query") and not isinstance(part, int)]
    return Refused(".".join(where) or "body", _UNREADABLE_WORDS.get(first.get("type"), "is not what this server reads"))


def _authorised(request: Request, options: ServerOptions) -> bool:
    if options.auth is None and not options.key:
        return True
    given = request.headers.get("authorization", "")
    scheme, _, credentials = given.partition(" ")
    if scheme.lower() == "bearer" and options.key:
        return hmac.compare_digest(credentials.encode(), options.key.encode())
    if scheme.lower() == "basic" and options.auth is not None:
        try:
            user, _, password = base64.b64decode(credentials).decode().partition(":")
        except (ValueError, UnicodeDecodeError):
            return False
        return hmac.compare_digest(f"{user}:{password}".encode(), ":".join(options.auth).encode())
    return False


def _refused(request: Request, error: Refused) -> JSONResponse:
    if request.url.path.startswith("/v1/"):
        return JSONResponse({"error": {"message": str(error), "type": "invalid_request_error", "param": error.field,
                                       "code": None}}, 429 if isinstance(error, TooManyWaiting) else 400)
    status = 429 if isinstance(error, TooManyWaiting) else 422
    return JSONResponse({"error": "refused", "field": error.field, "detail": error.message, "errors": str(error)},
                        status)


class ApiServer:
    """The server on its own thread: `start()` binds the port (a port in use is said at once) and serves until
    `stop()`. `address` is what clients connect to."""

    def __init__(self, desk: ApiDesk, options: ServerOptions) -> None:
        options.check()
        self.options = options
        self.desk = desk
        self._app = make_app(desk, options)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.address = ""
        self.port = 0

    def start(self) -> str:
        family = socket.AF_INET6 if ":" in self.options.host else socket.AF_INET
        # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP, and each accepted one
        # takes the listening one's. Without it a kept-alive connection waits ~40 ms a request (Nagle's algorithm
        # meets the client's delayed ACK).
        listening = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows: no other program may take the port beside us
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listening.bind((self.options.host, self.options.port))
        except OSError as error:
            listening.close()
            raise ServerRefused(f"Port {self.options.port} on {self.options.host} cannot be used (another program "
                                f"may have it): choose another with --port.") from error
        listening.listen(128)
        port = listening.getsockname()[1]
        config = uvicorn.Config(self._app, log_level="warning", access_log=False,
                                timeout_graceful_shutdown=2, lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [listening]},
                                        name="api-server", daemon=True)
        self._thread.start()
        host = f"[{self.options.host}]" if ":" in self.options.host else self.options.host
        self.port = port
        self.address = f"http://{host}:{port}"
        return self.address

    def stop(self, wait: bool = True) -> None:
        """Stop answering: calls still waiting are answered as cut short (their pictures stay in the queue).
        `wait`: until the port is free again; else the server's thread lets go of it by itself a moment later."""
        self.desk.close()
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            if wait:
                self._thread.join(timeout=5)
        shutil.rmtree(self._app.state.scratch, ignore_errors=True)
