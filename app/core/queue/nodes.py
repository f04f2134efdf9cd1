"""Other computers that draw for this one: their address as the user typed it, a job as the A1111 web API asks
for it (`/sdapi/v1/txt2img`, `/img2img`), which of their models is the one the user picked, and what their
`/sdapi/v1/progress` says. Any A1111-compatible server will do: A1111, Forge, koboldcpp, sd.cpp's own
`sd-server`, or this app's `serve` on another PC."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from app.core.generation.faces import adetailer_script
from app.core.generation.output import Progress
from app.core.generation.request import REQUEST_FIELDS, GenerationRequest
from app.core.words import translate

# the header our own server reads as an idempotency key: a POST with a key it already knows waits for (or
# returns) that job's result rather than queueing it again; it echoes the header on every answer to a request
# that carried it, which is how a client knows that a repost is safe. Other servers ignore it.
JOB_KEY_HEADER = "X-Polaris-Job"
DEFAULT_PORT = 7860  # A1111's, which every client expects (and our own server answers on)


class BadAddress(ValueError):
    """The address cannot name a computer's image server; the message is for the user."""


@dataclass(frozen=True)
class RemoteComputer:
    """Another computer's image server: where it answers, the name the queue shows for it, and the token (or
    A1111's `user:password`) it asks for, if any."""

    address: str  # http://192.168.0.12:7860, no trailing slash
    name: str
    token: str | None = None

    def authorization(self) -> str | None:
        """The Authorization header's value: HTTP Basic for `user:password` (A1111's --api-auth), else Bearer."""
        if not self.token:
            return None
        if ":" in self.token:
            return "Basic " + base64.b64encode(self.token.encode()).decode("ascii")
        return f"Bearer {self.token}"


def computer_at(text: str, token: str | None = None, name: str | None = None) -> RemoteComputer:
    """The computer at an address the user typed (`192.168.0.12:7860`, `http://pc.local:7860/`): http is assumed,
    the name is the host and its port. Raises BadAddress."""
    text = text.strip()
    if not text:
        raise BadAddress(translate("Computers", "Type the other computer's address, such as "
                                                "http://192.168.0.12:7860"))
    if "://" not in text:
        text = f"http://{text}"
    parts = urlsplit(text)
    try:
        port = parts.port
    except ValueError as error:
        raise BadAddress(translate("Computers", "{address} has a port that is not a number from 1 to 65535")
                         .format(address=text)) from error
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadAddress(translate("Computers", "{address} is not a web address of a computer; write it as "
                                                "http://192.168.0.12:7860").format(address=text))
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    where = f"{host}:{port}" if port else host
    path = parts.path.rstrip("/")
    return RemoteComputer(f"{parts.scheme}://{where}{path}", (name or "").strip() or where, token or None)


def computers_json(computers: list[RemoteComputer]) -> str:
    return json.dumps([{"address": c.address, "name": c.name, "token": c.token} for c in computers])


def computers_from_json(text: str) -> list[RemoteComputer]:
    """The computers kept in the settings; ValueError when the text is not such a list."""
    if not text:
        return []
    try:
        document = json.loads(text)
        return [RemoteComputer(str(entry["address"]), str(entry["name"]), entry.get("token") or None)
                for entry in document]
    except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"{text!r} is not a list of computers") from error


def takes(request: object) -> bool:
    """Whether another computer can make this job: a picture from a prompt, or from a picture (img2img,
    inpainting); an upscale or a FLUX.2 klein edit runs here (the A1111 API has neither), and so does a ControlNet
    job (its ControlNet file is this computer's: another would draw without it)."""
    return isinstance(request, GenerationRequest) and not request.ref_images and request.control is None


def a1111_job(request: GenerationRequest, checkpoint: str | None) -> dict[str, Any]:
    """The request as A1111's txt2img (or img2img, without its pictures: the caller adds them) JSON. LoRA tags
    stay in the prompt, as A1111 reads them; `checkpoint`: the server's title of the model to draw with, None
    for whatever model it has loaded."""
    job: dict[str, Any] = {"prompt": request.prompt, "negative_prompt": request.negative_prompt, "batch_size": 1,
                           "n_iter": 1, "send_images": True, "save_images": False,
                           "override_settings": {"sd_model_checkpoint": checkpoint} if checkpoint else {}}
    for name, declared in REQUEST_FIELDS.items():
        value = getattr(request, name)
        if declared.a1111 and value is not None and declared.applies(request):
            # a key of an object ("override_settings.CLIP_stop_at_last_layers": A1111's own place for clip skip)
            place, _, key = declared.a1111[0].rpartition(".")
            (job[place] if place else job)[key] = declared.sent(value)  # a sampler by its name, as A1111 reads it
    if request.init_image is None and request.hires is not None:
        job.update(enable_hr=True, hr_scale=request.hires.scale, denoising_strength=request.hires.denoising_strength,
                   hr_second_pass_steps=request.hires.steps, hr_upscaler="Latent")
        if request.hires.width:  # an exact size
            job.update(hr_resize_x=request.hires.width, hr_resize_y=request.hires.height)
    if request.mask is not None or request.extend is not None:  # an extension's mask is made with its canvas
        job.update(inpainting_fill=1, inpaint_full_res=False, mask_blur=0)  # keep the picture under the mask
    if request.face_fix is not None:  # our serve reads it back as a face fix
        job["alwayson_scripts"] = {"ADetailer": adetailer_script(request.face_fix)}
    if not job["override_settings"]:
        del job["override_settings"]
    return job


def matching_model(models: object, picked: Path | None) -> str | None:
    """The title (as `/sdapi/v1/sd-models` lists it) of the server's model with the picked file's name, if any."""
    if picked is None or not isinstance(models, list):
        return None
    wanted = picked.stem.lower()
    for entry in models:
        if not isinstance(entry, dict) or not isinstance(entry.get("title"), str):
            continue
        names = (entry.get("model_name"), Path(str(entry.get("filename") or "")).stem, entry["title"].split(" [")[0])
        if any(isinstance(name, str) and Path(name).stem.lower() == wanted for name in names):
            return str(entry["title"])
    return None


def loaded_model(models: object) -> str | None:
    """A name for the model a server draws with when told none: its only one, else unknown (None)."""
    if isinstance(models, list) and len(models) == 1 and isinstance(models[0], dict):
        title = models[0].get("title")
        return str(title) if title else None
    return None


@dataclass(frozen=True)
class NodeProgress:
    progress: Progress | None  # None: no step is being made (loading, or between jobs)
    current_image: bytes | None  # the picture as it forms, a PNG, when the server sends one


def node_progress(document: object) -> NodeProgress:
    """What A1111's `/sdapi/v1/progress` answer says; nothing when it is not such an answer."""
    if not isinstance(document, dict):
        return NodeProgress(None, None)
    state = document.get("state") if isinstance(document.get("state"), dict) else {}
    assert isinstance(state, dict)
    step, steps = state.get("sampling_step"), state.get("sampling_steps")
    progress = None
    if isinstance(step, int) and isinstance(steps, int) and 0 < step <= steps:
        eta = document.get("eta_relative")
        per_step = eta / (steps - step) if isinstance(eta, int | float) and eta > 0 and step < steps else None
        progress = Progress(step, steps, per_step)
    image = None
    if isinstance(document.get("current_image"), str) and document["current_image"]:
        try:
            image = base64.b64decode(document["current_image"].split(",", 1)[-1], validate=True)
        except ValueError:
            image = None
    return NodeProgress(progress, image)


def picture_from_answer(document: object) -> bytes | None:
    """The first picture of a txt2img/img2img answer, as the bytes the server encoded; None without one."""
    if not isinstance(document, dict) or not isinstance(document.get("images"), list) or not document["images"]:
        return None
    first = document["images"][0]
    if not isinstance(first, str):
        return None
    try:
        return base64.b64decode(first.split(",", 1)[-1], validate=True)  # a data: URL's header goes
    except ValueError:
        return None


def error_in_answer(body: bytes) -> str | None:
    """The reason an image server gave with an error status, if it gave one in words."""
    try:
        document = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        text = body.decode(errors="replace").strip()
        return text[:200] or None
    if isinstance(document, dict):
        for key in ("detail", "message", "error"):
            value = document.get(key)
            if isinstance(value, str) and value:
                return value
            if isinstance(value, dict) and isinstance(value.get("message"), str):
                return str(value["message"])
    return None
