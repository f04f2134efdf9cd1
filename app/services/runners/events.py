"""The one stream of events the window and the CLI hear: each names the job it belongs to and the card it runs
on, whatever kind of job it is (a picture to make, a picture to upscale) and whichever card of a rig runs it.

`Studio.job_event` (and `JobQueue.job_event` under it) carries one of these; match on the class. `kind` is the word
the CLI's `--events` lines use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from app.core.generation.output import BackendError, Outcome, Progress, Stage
from app.core.planning.plan import MemoryPlan, UpscalePlan
from app.core.queue.jobs import Job
from app.services.runners.live_preview import PreviewFrame


@dataclass(frozen=True)
class JobStarted:
    kind: ClassVar[str] = "job"
    job: Job
    card: str


@dataclass(frozen=True)
class StageEntered:
    kind: ClassVar[str] = "stage"
    job: Job
    card: str
    stage: Stage


@dataclass(frozen=True)
class StepMade:
    kind: ClassVar[str] = "progress"
    job: Job
    card: str
    progress: Progress


@dataclass(frozen=True)
class PreviewShown:
    kind: ClassVar[str] = "preview"
    job: Job
    card: str
    frame: PreviewFrame


@dataclass(frozen=True)
class LogLine:
    kind: ClassVar[str] = "log"
    job: Job
    card: str
    text: str
    stream: str  # "stdout" or "stderr"


@dataclass(frozen=True)
class Notice:
    """Something the user should read about this job (a file read slowly, a size snapped)."""

    kind: ClassVar[str] = "notice"
    job: Job
    card: str
    text: str


@dataclass(frozen=True)
class PlanChosen:
    """The memory plan the job runs with (a picture), or its tiles and VRAM (an upscale)."""

    kind: ClassVar[str] = "plan"
    job: Job
    card: str
    plan: MemoryPlan | UpscalePlan


@dataclass(frozen=True)
class Retrying:
    """The try failed in a way a safer one may not: a safer memory plan, or for an upscale smaller tiles (px)."""

    kind: ClassVar[str] = "retry"
    job: Job
    card: str
    reason: str  # the error kind's value: "out_of_vram", "device_lost", "bad_picture"
    plan: MemoryPlan | int


@dataclass(frozen=True)
class ImageSaved:
    kind: ClassVar[str] = "image"
    job: Job
    card: str
    path: Path


@dataclass(frozen=True)
class JobFailed:
    kind: ClassVar[str] = "error"
    job: Job
    card: str
    error: BackendError


@dataclass(frozen=True)
class JobEnded:
    """Last for every job that ran, after its image or error: done, failed or cancelled (`outcome` says)."""

    kind: ClassVar[str] = "done"
    job: Job
    card: str
    outcome: Outcome


JobEvent = (JobStarted | StageEntered | StepMade | PreviewShown | LogLine | Notice | PlanChosen | Retrying
            | ImageSaved | JobFailed | JobEnded)
