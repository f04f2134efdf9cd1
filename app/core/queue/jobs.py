"""The job queue as data: job states, the two kinds of job (a picture to make, a picture to upscale), batches and
prompt lists, the queue file's format, its atomic write and what happens to a damaged one."""

from __future__ import annotations

import dataclasses
import json
import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from app.core.file_words import file_problem
from app.core.generation.control import ControlNetUse
from app.core.generation.extend import Extension
from app.core.generation.faces import FaceFix
from app.core.generation.output import Stage
from app.core.generation.request import MAX_SEED, DraftOf, GenerationRequest, HiresFix
from app.core.generation.styles import Style, apply_styles, find_styles
from app.core.generation.upscale import UpscaleRequest
from app.core.generation.wildcards import expand_wildcards
from app.core.json_files import set_aside, write_json
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.words import kept_words, said_again, translate

QUEUE_FORMAT = 1
MAX_BATCH = 100


class JobState(StrEnum):
    WAITING = "waiting"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        return self in (JobState.DONE, JobState.FAILED, JobState.CANCELLED)


@dataclass
class Job:
    """One request in the queue (a picture to make, or one to upscale), with what became of it."""

    request: GenerationRequest | UpscaleRequest
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    state: JobState = JobState.WAITING
    step: int = 0
    steps: int = 0
    eta_seconds: float | None = None
    reason: str = ""  # why it failed, or why it waits
    image: str | None = None
    suspect: str | None = None  # failed: the picture the check set aside, which the user may still keep
    card: str | None = None  # the graphics card it runs (or ran) on, by name
    held: bool = False  # brought back from last time: it waits for Run queue, never starts by itself
    failed_last_time: bool = False  # it had failed before this start: shown this once, saved no more
    origin: str = ""  # another app that asked for it (its address), or "" for this app's own window or CLI
    stage: Stage | None = None  # while it runs
    stage_since: float = 0.0  # time.monotonic() when it entered that stage
    running_since: float = 0.0  # time.monotonic() when it started
    expected_seconds: float | None = None  # while it runs: its whole time, priced as it started (None: not priced)
    expected_setup: float = 0.0  # of which a one-time set-up the next picture of its kind will not have

    def time_left(self, now: float) -> float | None:
        """While it runs: its steps' time left where a step said it, else its priced time less the time since it
        started (a first picture on lavapipe sets up for minutes before its first step); None where neither is
        known."""
        if self.eta_seconds is not None:
            return self.eta_seconds
        if self.expected_seconds is None:
            return None
        return max(self.expected_seconds - (now - self.running_since), 0.0)

    @property
    def what(self) -> str:
        """The job in a few words: its prompt and seed, or the picture it upscales."""
        request = self.request
        if isinstance(request, UpscaleRequest):
            return f"upscale {request.image.name} x{request.factor}"
        prompt = request.prompt.replace("\n", " ")
        seed = request.seed if request.seed is not None else "random"
        return f"{prompt[:60]}{'…' if len(prompt) > 60 else ''} (seed {seed})"


class DamagedQueue(ValueError):
    """The queue file cannot be read as a queue."""


# --- batches and variations ---------------------------------------------------------------------------------
def batch_requests(request: GenerationRequest, count: int, random_seeds: bool,
                   rng: random.Random) -> list[GenerationRequest]:
    """`count` images of one request: seeds s, s+1, ... (s: the request's seed, or one picked), or a random seed
    each. Every request comes out seeded, so a job that runs again after a crash makes the same picture. A seed is
    never changed: one past the largest a request may carry is refused by the request's validation, by name."""
    if not 1 <= count <= MAX_BATCH:
        raise ValueError(f"the number of images must be between 1 and {MAX_BATCH}, got {count}")
    if random_seeds:
        return [dataclasses.replace(request, seed=rng.randint(0, MAX_SEED)) for _ in range(count)]
    first = request.seed if request.seed is not None else rng.randint(0, MAX_SEED - count)
    return [dataclasses.replace(request, seed=first + i) for i in range(count)]


def parse_prompt_list(text: str) -> list[str]:
    """One prompt a line; blank lines and lines starting with '#' are left out."""
    prompts = [line.strip() for line in text.splitlines()]
    return [p for p in prompts if p and not p.startswith("#")]


def prompt_list_requests(request: GenerationRequest, prompts: list[str],
                         rng: random.Random) -> list[GenerationRequest]:
    """The same settings and the same seed (the request's, or one picked) for each prompt of a list."""
    if not prompts:
        raise ValueError("the prompt list is empty: write one prompt a line")
    if len(prompts) > MAX_BATCH:
        raise ValueError(f"the prompt list has {len(prompts)} prompts; at most {MAX_BATCH} go in at once")
    seed = request.seed if request.seed is not None else rng.randint(0, MAX_SEED)
    return [dataclasses.replace(request, prompt=prompt, seed=seed) for prompt in prompts]


def expanded_request(request: GenerationRequest, styles: Sequence[Style], wildcards: Path) -> GenerationRequest:
    """The request as sd.cpp gets it: its styles (by name, from `styles`) applied and its wildcards expanded with
    its own seed, which it must have; the prompt as written kept for the metadata when that changed it.
    InvalidRequest, in words, for a style or wildcard file that is not there or a brace without its pair."""
    assert request.seed is not None, "seed the request first: its wildcards follow its seed"
    prompt, negative = apply_styles(request.prompt, request.negative_prompt, find_styles(request.styles, styles))
    prompt = expand_wildcards(prompt, request.seed, wildcards)
    if (prompt, negative) == (request.prompt, request.negative_prompt):
        return request
    as_written = request.prompt_as_written or (request.prompt if prompt != request.prompt else "")
    return dataclasses.replace(request, prompt=prompt, negative_prompt=negative, prompt_as_written=as_written)


# --- the queue file -----------------------------------------------------------------------------------------
# the request's fields that hold a path, or several, by their declared types (kept in step with request.py)
_PATH_FIELDS = {f.name for f in dataclasses.fields(GenerationRequest) if str(f.type).startswith("Path")}
_PATH_TUPLE_FIELDS = {f.name for f in dataclasses.fields(GenerationRequest) if str(f.type).startswith("tuple[Path")}


def request_json(request: GenerationRequest) -> dict[str, Any]:
    document = dataclasses.asdict(request)
    if request.control is not None:
        document["control"] = {**document["control"], "model": str(request.control.model),
                               "image": str(request.control.image)}
    document["models"] = {role: str(path) for role, path in request.models.given().items()}
    document["family"] = request.family.value
    for name in _PATH_FIELDS:
        value = getattr(request, name)
        document[name] = str(value) if value is not None else None
    for name in _PATH_TUPLE_FIELDS:
        document[name] = [str(path) for path in getattr(request, name)]
    return document


def request_from_json(document: dict[str, Any]) -> GenerationRequest:
    values = dict(document)
    values["models"] = ModelFiles(**{role: Path(path) for role, path in values.get("models", {}).items()})
    values["memory"] = MemoryFlags(**values["memory"]) if values.get("memory") is not None else None
    values["family"] = ModelFamily(values.get("family", "unknown"))
    if values.get("hires") is not None:
        values["hires"] = HiresFix(**values["hires"])
    if values.get("control") is not None:  # a file from before ControlNet has no such field
        control = values["control"]
        values["control"] = ControlNetUse(**{**control, "model": Path(control["model"]),
                                             "image": Path(control["image"])})
    if values.get("face_fix") is not None:  # a file from before face fixes has no such field
        values["face_fix"] = FaceFix(**values["face_fix"])
    if values.get("extend") is not None:  # a file from before extensions has no such field
        values["extend"] = Extension(**values["extend"])
    if values.get("draft_of") is not None:  # a file from before drafts has no such field
        values["draft_of"] = DraftOf(**values["draft_of"])
    for name in _PATH_FIELDS & values.keys():
        values[name] = Path(values[name]) if values[name] is not None else None
    for name in _PATH_TUPLE_FIELDS & values.keys():
        values[name] = tuple(Path(path) for path in values[name])
    values["styles"] = tuple(values.get("styles", ()))  # a queue file from before styles has none
    return GenerationRequest(**values)


def upscale_json(request: UpscaleRequest) -> dict[str, Any]:
    return {"image": str(request.image), "model": str(request.model), "factor": request.factor,
            "tile_size": request.tile_size}


def upscale_from_json(document: dict[str, Any]) -> UpscaleRequest:
    return UpscaleRequest(Path(document["image"]), Path(document["model"]), int(document["factor"]),
                          int(document["tile_size"]))


def _job_json(job: Job) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": job.id, "state": job.state.value, "reason": kept_words(job.reason),
                             "origin": job.origin}
    if job.suspect:
        entry["suspect"] = job.suspect
    if isinstance(job.request, UpscaleRequest):
        return {**entry, "kind": "upscale", "request": upscale_json(job.request)}
    return {**entry, "request": request_json(job.request)}


def queue_json(jobs: list[Job]) -> dict[str, Any]:
    """What survives a restart: the jobs not finished, and the failed ones, once (to see why, and retry); done and
    cancelled go, and so does a failure already shown after a restart that nobody retried."""
    kept = [job for job in jobs if job.state in (JobState.WAITING, JobState.RUNNING)
            or (job.state is JobState.FAILED and not job.failed_last_time)]
    return {"format": QUEUE_FORMAT, "jobs": [_job_json(job) for job in kept]}


def jobs_from_json(document: object) -> list[Job]:
    """The jobs of a queue file; those not finished come back held for Run queue, and one that ran when the app
    ended says so."""
    try:
        if not isinstance(document, dict) or document.get("format") != QUEUE_FORMAT:
            raise DamagedQueue("not a queue file of this version")
        jobs = []
        for entry in document["jobs"]:
            state = JobState(entry["state"])
            reason = said_again(entry.get("reason", ""))  # in the language of now, whatever it failed in
            if state is JobState.RUNNING:
                state = JobState.WAITING
                reason = translate("Queue", "It was running when the app closed; press Run queue to try again.")
            # a job without a kind is a picture to make: the files written before upscales queued
            request = (upscale_from_json(entry["request"]) if entry.get("kind") == "upscale"
                       else request_from_json(entry["request"]))
            jobs.append(Job(request, id=str(entry["id"]), state=state, reason=reason,
                            held=state is JobState.WAITING, failed_last_time=state is JobState.FAILED,
                            origin=str(entry.get("origin", "")),
                            suspect=str(entry["suspect"]) if entry.get("suspect") else None))
        return jobs
    except (KeyError, TypeError, ValueError) as error:
        raise DamagedQueue(str(error)) from error


def save_queue(path: Path, jobs: list[Job]) -> None:
    """Write the queue file whole or not at all: a crash mid-write leaves the previous one."""
    write_json(path, queue_json(jobs))


@dataclass(frozen=True)
class LoadedQueue:
    jobs: list[Job]
    message: str | None = None  # for the user, when the file was damaged and set aside


def load_queue(path: Path, now: datetime) -> LoadedQueue:
    """The saved jobs; a damaged file is renamed aside (never deleted) and the queue starts empty."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return LoadedQueue([])
    except UnicodeDecodeError:
        return _set_aside(path, now, translate("Queue", "it is not text"))
    except OSError as error:
        return _set_aside(path, now, file_problem(error, path))
    try:
        return LoadedQueue(jobs_from_json(json.loads(text)))
    except (json.JSONDecodeError, DamagedQueue):
        # the parser's own words (line, column, key) are for a developer: the file itself is kept for one
        return _set_aside(path, now, translate("Queue", "it could not be read as a queue"))


def _set_aside(path: Path, now: datetime, why: str) -> LoadedQueue:
    try:
        aside = set_aside(path, now)
    except OSError as error:
        return LoadedQueue([], translate("Queue", "The job queue file {path} is damaged ({why}) and could not be set "
                                                  "aside ({problem}); the queue starts empty.").format(
            path=path, why=why, problem=file_problem(error, path)))
    return LoadedQueue([], translate("Queue", "The job queue file was damaged ({why}); it was kept as {aside} and "
                                              "the queue starts empty.").format(why=why, aside=aside))
