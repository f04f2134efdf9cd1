"""What the queue's list shows of a job, from what its runner says: running on a card, its stage and step, then
done, failed or cancelled; or waiting again when another computer gave it back."""

from __future__ import annotations

import time
from pathlib import Path

from app.core.generation.output import Outcome
from app.core.generation.upscale import UpscaleRequest
from app.core.planning.timing import PictureTime
from app.core.queue.jobs import Job, JobState
from app.core.words import translate
from app.services.runners.events import StageEntered, StepMade


def mark_running(job: Job, card: str, expected: PictureTime | None = None) -> None:
    """It starts on `card`, priced at `expected` (None: not priced, an upscale or another computer's job)."""
    job.state, job.reason, job.card = JobState.RUNNING, "", card
    job.running_since = time.monotonic()
    job.expected_seconds = expected.seconds if expected is not None else None
    job.expected_setup = expected.setup_seconds if expected is not None else 0.0
    steps = 0 if isinstance(job.request, UpscaleRequest) else job.request.steps
    job.step, job.steps, job.eta_seconds, job.stage = 0, steps, None, None


def mark_progress(event: StageEntered | StepMade) -> None:
    """A stage entered or a step made, on the job it names."""
    job = event.job
    if isinstance(event, StageEntered):
        job.stage, job.stage_since = event.stage, time.monotonic()
    else:
        job.step, job.steps, job.eta_seconds = event.progress.step, event.progress.steps, event.progress.eta_seconds


def mark_ended(job: Job, outcome: Outcome) -> None:
    if outcome.ok:
        job.state, job.image, job.reason = JobState.DONE, outcome.image, ""
    elif outcome.cancelled:
        job.state, job.reason = JobState.CANCELLED, ""
    else:
        job.state = JobState.FAILED
        job.reason = outcome.error.message if outcome.error else translate("Queue", "the drawing program "
                                                                                    "stopped without a picture")
        job.suspect = outcome.error.picture if outcome.error else None


def mark_waiting(job: Job) -> None:
    """Put back in line (its computer gave it back, or was taken out of the queue)."""
    job.state, job.reason, job.stage = JobState.WAITING, "", None


def mark_cancelled(job: Job) -> None:
    job.state, job.reason = JobState.CANCELLED, ""


def mark_kept(job: Job, picture: Path) -> None:
    """The picture the check set aside is kept, as the user chose: the job is done."""
    job.state, job.image, job.suspect, job.reason = JobState.DONE, str(picture), None, ""
