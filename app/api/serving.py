"""What the A1111 and OpenAI routes share: the studio's desk, the server's options, the models other apps may choose,
and one way to queue a call's pictures and wait for them (`Serving.run_call`). A route asks for it as FastAPI's
guide to bigger applications has routers share a dependency: a parameter `serving: ServingDep`."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import Body, Depends, Request
from starlette.concurrency import run_in_threadpool

from app.api.fields import InstalledModel, Refused, chosen_model, openai_model
from app.core.demo.picture_models import demo_model_files
from app.core.generation.request import GenerationRequest, InvalidRequest
from app.core.generation.upscale import UpscaleRequest
from app.core.models.catalog import DEMO_MODEL_NAME, load_catalog, model_choices
from app.core.models.families import ModelFiles
from app.core.models.model_files import family_of_files
from app.core.queue.jobs import Job, JobState
from app.core.queue.nodes import JOB_KEY_HEADER
from app.services.api_desk import ApiDesk, Call, ServerOptions
from app.services.user_dirs import current_user_dirs

T = TypeVar("T")
JsonObject = Annotated[dict[str, Any], Body()]
MAX_BODY_BYTES = 40 * 2**20


class TooManyWaiting(Refused):
    """The client has as many pictures waiting as it may (answered 429, as HTTP says for "too many requests")."""


@dataclass
class Shelf:
    """The models other apps may choose by title, and the one in use (A1111's sd_model_checkpoint)."""

    demo: bool
    current: str | None = None
    # A1111's CLIP_stop_at_last_layers (POST /sdapi/v1/options) for the calls that do not set their own
    clip_skip: int = 1
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


class Serving:
    """What every route shares; `desk` reaches the studio on Qt's thread."""

    def __init__(self, desk: ApiDesk, options: ServerOptions) -> None:
        self.desk = desk
        self.options = options
        self.shelf = Shelf(options.demo, DEMO_MODEL_NAME if options.demo else None)
        self.rng = random.SystemRandom()
        self.scratch = Path(tempfile.mkdtemp(prefix="polaris-api-"))  # pictures sent, until the queue copies them

    async def on_studio(self, work: Callable[[], T]) -> T:
        return await asyncio.wrap_future(self.desk.call(work))

    async def run_call(self, request: Request, requests: list[GenerationRequest] | list[UpscaleRequest],
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
                    asked, said = await run_in_threadpool(self.desk.studio.check, asked)
                except InvalidRequest:
                    shutil.rmtree(folder, ignore_errors=True)
                    raise
                notes += [note for note in said if note not in notes]
            checked.append(asked)
        try:
            call = await self.on_studio(partial(self._submit, checked, client, key))
        except (Refused, InvalidRequest):  # InvalidRequest: a style or wildcard file that is not there
            shutil.rmtree(folder, ignore_errors=True)
            raise
        try:
            await asyncio.wrap_future(call.done)
        finally:
            # the queue copied the pictures it needs into the job's own folder
            call.done.add_done_callback(lambda _done: shutil.rmtree(folder, ignore_errors=True))
        return call, notes

    def _submit(self, checked: list[GenerationRequest | UpscaleRequest], client: str, key: str | None) -> Call:
        """On Qt's thread: the call already made under `key` (a client asking again after a drop), else the
        requests queued, unless the client has as many pictures waiting as it may."""
        known = self.desk.known(key, client)
        if known is None and self.desk.waiting(client) + len(checked) > self.options.max_waiting:
            raise TooManyWaiting("request", f"this app already has {self.desk.waiting(client)} pictures waiting "
                                            f"here (at most {self.options.max_waiting}): wait for them first")
        return known or self.desk.submit(checked, client, key)


async def serving_of(request: Request) -> Serving:
    """What every route shares, kept on the app by `make_app` (server.py). A coroutine: FastAPI would run a plain
    function in its thread pool, a hop for every call."""
    serving: Serving = request.app.state.serving
    return serving


ServingDep = Annotated[Serving, Depends(serving_of)]


def pictures_of(jobs: list[Job]) -> list[Path]:
    """The pictures made, and those the check set aside: returned too, with `warning_of` saying why; the caller
    decides."""
    made = (job.image if job.state is JobState.DONE else job.suspect if job.state is JobState.FAILED else None
            for job in jobs)
    return [Path(picture) for picture in made if picture]


def warning_of(jobs: list[Job]) -> dict[str, str]:
    doubted = sorted({job.reason for job in jobs if job.state is JobState.FAILED and job.suspect})
    return {"warning": "; ".join(doubted)} if doubted else {}


def failure_of(jobs: list[Job]) -> str:
    return "; ".join(sorted({job.reason for job in jobs if job.state is JobState.FAILED and job.reason}))


def notes_header(notes: list[str]) -> dict[str, str]:
    """What the app changed in the request (a size snapped to the family's multiple), for any client: OpenAI's
    answer has no place of its own for it. JSON in ASCII, as a header must be."""
    return {"X-Polaris-Notes": json.dumps(notes)} if notes else {}
