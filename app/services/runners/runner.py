"""What runs a job, as the queue sees it: a picture made on a card here (`Generation`), on another computer
(`RemoteNode`) or upscaled (`Upscaling`). The queue speaks to each through `Runner` alone and hears each through
one signal, `job_event`, that carries the `JobEvent`s of events.py (and `GivenBack`, which only the queue hears)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance

from app.core.gallery.gallery_index import GalleryIndex
from app.core.generation.output import Outcome, Progress, Stage
from app.core.generation.prepare import PreparedJob
from app.core.planning.plan import MemoryPlan, UpscalePlan
from app.core.queue.jobs import Job
from app.services.runners.events import (
    JobEnded,
    LogLine,
    Notice,
    PlanChosen,
    PreviewShown,
    Retrying,
    StageEntered,
    StepMade,
)
from app.services.runners.live_preview import PreviewFrame


@dataclass(frozen=True)
class GivenBack:
    """The job did not run there, or its end cannot be known (another computer): it waits again in the queue."""

    kind: ClassVar[str] = "given_back"
    job: Job
    card: str
    why: str


class Runner(Protocol):
    """One place a job runs. `start` ends with exactly one JobEnded (or GivenBack) on `job_event`, whatever happens."""

    @property
    def job_event(self) -> SignalInstance: ...  # a JobEvent, or GivenBack

    @property
    def out_dir(self) -> Path: ...

    def set_out_dir(self, folder: Path) -> None: ...

    def takes(self, job: Job) -> bool:
        """Whether this runner can run this kind of job at all."""
        ...

    def prepare(self, job: Job) -> PreparedJob | str | None:
        """The job read and planned before it starts (its RAM is counted from it), or why it cannot run, or None
        when there is nothing to read ahead."""
        ...

    def start(self, job: Job, card: str, prepared: PreparedJob | str | None = None) -> None:
        """Run the job; its events name `card`. `prepared`: what `prepare` answered just now."""
        ...

    def cancel(self) -> None: ...

    def stop_now(self) -> None:
        """The app is closing: end at once, no end awaited."""
        ...

    def pid(self) -> int | None: ...


class JobEvents(QObject):
    """The one signal every runner emits, and how it says each thing of the job it runs: nothing while it runs
    none (a late line from a process that ended is not a job's any more)."""

    job_event = Signal(object)  # a JobEvent, or GivenBack

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._running_job: Job | None = None
        self._running_card = ""

    def _begin_job(self, job: Job, card: str) -> None:
        self._running_job, self._running_card = job, card

    def _tell_stage(self, stage: Stage) -> None:
        if self._running_job is not None:
            self.job_event.emit(StageEntered(self._running_job, self._running_card, stage))

    def _tell_step(self, progress: Progress) -> None:
        if self._running_job is not None:
            self.job_event.emit(StepMade(self._running_job, self._running_card, progress))

    def _tell_preview(self, frame: PreviewFrame) -> None:
        if self._running_job is not None:
            self.job_event.emit(PreviewShown(self._running_job, self._running_card, frame))

    def _tell_log(self, text: str, stream: str) -> None:
        if self._running_job is not None:
            self.job_event.emit(LogLine(self._running_job, self._running_card, text, stream))

    def _tell_notice(self, text: str) -> None:
        if self._running_job is not None:
            self.job_event.emit(Notice(self._running_job, self._running_card, text))

    def _tell_plan(self, plan: MemoryPlan | UpscalePlan) -> None:
        if self._running_job is not None:
            self.job_event.emit(PlanChosen(self._running_job, self._running_card, plan))

    def _tell_retry(self, reason: str, plan: MemoryPlan | int) -> None:
        if self._running_job is not None:
            self.job_event.emit(Retrying(self._running_job, self._running_card, reason, plan))

    def _tell_end(self, outcome: Outcome) -> None:
        # the job is let go first: who hears its end may start the next one on this runner at once
        job, self._running_job = self._running_job, None
        if job is not None:
            self.job_event.emit(JobEnded(job, self._running_card, outcome))

    def _tell_given_back(self, why: str) -> None:
        job, self._running_job = self._running_job, None
        if job is not None:
            self.job_event.emit(GivenBack(job, self._running_card, why))


class RunnerBase(JobEvents):
    """What every runner has besides its events: the output folder its next pictures go to (a running job finishes
    where it started) and the gallery that lists them."""

    def __init__(self, out_dir: Path, gallery: GalleryIndex | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._out_dir, self._gallery = out_dir, gallery

    @property
    def out_dir(self) -> Path:
        return self._out_dir

    @property
    def gallery(self) -> GalleryIndex | None:
        return self._gallery

    def set_out_dir(self, folder: Path) -> None:
        self._out_dir = folder
