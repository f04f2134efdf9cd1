"""OpenAI's image API (`/v1/images/*`, `/v1/models`) over the studio's queue, with sd.cpp's own extra fields."""

from __future__ import annotations

import shutil
import time
import uuid
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

from app.api.fields import OPENAI_DECLARED, Pictures, Refused, openai_request
from app.api.pictures import as_base64, openai_mask, save_picture
from app.api.serving import (
    MAX_BODY_BYTES,
    JsonObject,
    Serving,
    ServingDep,
    failure_of,
    notes_header,
    pictures_of,
    warning_of,
)
from app.core.generation.request import REQUEST_FIELDS
from app.services.user_dirs import current_user_dirs

router = APIRouter(tags=["OpenAI"])


async def _openai_images(serving: Serving, request: Request, fields: dict[str, Any], pictures: Pictures,
                         folder: Path) -> JSONResponse:
    try:
        model, said = await run_in_threadpool(serving.shelf.for_openai, fields.get("model"))
        requests = openai_request(fields, model, current_user_dirs().loras, pictures, serving.rng)
    except Refused:
        shutil.rmtree(folder, ignore_errors=True)  # the pictures already written
        raise
    call, notes = await serving.run_call(request, requests, folder)
    notes = said + notes
    made = pictures_of(call.jobs)
    if not made:
        return JSONResponse({"error": {"message": failure_of(call.jobs) or "no picture was made",
                                       "type": "server_error", "param": None, "code": None}}, 500)
    answer: dict[str, Any] = {"created": int(time.time()),
                              "data": [{"b64_json": as_base64(path), "revised_prompt": None} for path in made],
                              **warning_of(call.jobs)}
    if notes:
        answer["notes"] = notes  # OpenAI's answer has no place of its own for them; its clients skip a key
    return JSONResponse(answer, headers=notes_header(notes))


@router.post("/v1/images/generations")
async def generations(request: Request, fields: JsonObject, serving: ServingDep) -> JSONResponse:
    """OpenAI's images.generate: prompt, model (a title from /v1/models), n, size (WIDTHxHEIGHT or auto),
    response_format b64_json; and sd.cpp's steps, seed, negative_prompt, cfg_scale, sampler_name, scheduler,
    clip_skip."""
    return await _openai_images(serving, request, fields, Pictures(), serving.scratch / uuid.uuid4().hex)


@router.post("/v1/images/edits")
async def edits(request: Request, serving: ServingDep) -> JSONResponse:
    """OpenAI's images.edit (multipart): image (one or more), mask (transparent = redraw), prompt, model, n,
    size. A FLUX.2 klein model edits by the prompt's instruction; another family repaints the first picture."""
    form = await request.form(max_files=8, max_fields=64, max_part_size=MAX_BODY_BYTES)
    folder = serving.scratch / uuid.uuid4().hex
    try:
        fields, uploads = await _form_fields(form)
        pictures = await run_in_threadpool(_openai_pictures, uploads, folder)
    except Refused:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    finally:
        await form.close()
    return await _openai_images(serving, request, fields, pictures, folder)


@router.options("/v1/images/generations", status_code=204)
@router.options("/v1/images/edits", status_code=204)
async def openai_routes_answer() -> Response:
    """Says the route is here (SillyTavern's "stable-diffusion.cpp" source asks so before it connects); a
    browser's CORS preflight is answered before this, by the allowed origins (--cors-allow-origins)."""
    return Response(status_code=204, headers={"Allow": "OPTIONS, POST"})


@router.get("/v1/models")
async def models(serving: ServingDep) -> dict[str, Any]:
    installed = await run_in_threadpool(serving.shelf.installed)
    return {"object": "list", "data": [{"id": m.title, "object": "model", "created": 0,
                                        "owned_by": "polaris-studio"} for m in installed]}


# a form's fields are text: the numbers among them, read as numbers
_FORM_KINDS = {"n": int} | {key: REQUEST_FIELDS[name].kind for key, name in OPENAI_DECLARED.items()}


async def _form_fields(form: FormData) -> tuple[dict[str, Any], dict[str, list[bytes]]]:
    """A multipart form's text fields (numbers read as numbers) and its files' bytes by field name."""
    fields: dict[str, Any] = {}
    uploads: dict[str, list[bytes]] = {}
    for name, value in form.multi_items():
        if isinstance(value, UploadFile):  # Starlette's own: a form's files are not FastAPI's subclass
            uploads.setdefault(name.removesuffix("[]"), []).append(await value.read())
        else:
            kind = _FORM_KINDS.get(name, str)
            fields[name] = int(value) if kind is int and value.lstrip("-").isdigit() else (
                float(value) if kind is float and _is_number(value) else value)
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
