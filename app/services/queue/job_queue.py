"""The job queue: many requests, run one after another through `Generation` (one at a time per card, every
card of a rig at once, and other computers' image servers through `RemoteNode`) or, for an upscale, `Upscaling`
on the first card; kept in the user's data folder so that unfinished jobs survive a crash."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import psutil
from PySide6.QtCore import QObject, Signal

from app.core.file_words import file_problem
from app.core.gallery.image_store import FolderProblem
from app.core.generation.output import ErrorKind, Outcome, Progress, Stage
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest, with_seed
from app.core.generation.upscale import UpscaleRequest
from app.core.queue.jobs import Job, JobState, load_queue, save_queue
from app.core.queue.nodes import RemoteComputer
from app.core.queue.rig import LOCAL_CARD, card_label, ram_wait_reason, rig_cards
from app.core.system.vulkaninfo import VISIBLE_DEVICES_VARIABLE, VulkanDevice
from app.core.words import translate
from app.services.generation.runner import Generation, keep_set_aside
from app.services.generation.upscaling import Upscaling
from app.services.prompt_helper import PromptHelper
from app.services.queue.events import (
    ImageSaved,
    JobEnded,
    JobEvent,
    JobFailed,
    JobStarted,
    LogLine,
    Notice,
    PlanChosen,
    PreviewShown,
    Retrying,
    StageEntered,
    StepMade,
)
from app.services.queue.remote_node import RemoteNode


@dataclass
class _Card:
    generation: Generation | RemoteNode
    upscaling: Upscaling | None = None  # the first card's: upscales run there, one at a time like pictures
    device: VulkanDevice | None = None  # None: the one device Generation picks itself
    enabled: bool = True
    job: Job | None = None
    ram: int = 0  # the running job's predicted RAM peak

    @property
    def label(self) -> str:
        if isinstance(self.generation, RemoteNode):
            return self.generation.name
        return card_label(self.device) if self.device else LOCAL_CARD

    def can_run(self, job: Job) -> bool:
        if isinstance(self.generation, RemoteNode):
            return self.generation.takes(job.request)
        return not isinstance(job.request, UpscaleRequest) or self.upscaling is not None

    def runner(self) -> Generation | RemoteNode | Upscaling:
        """What runs this card's job now."""
        if self.job is not None and isinstance(self.job.request, UpscaleRequest) and self.upscaling is not None:
            return self.upscaling
        return self.generation


class JobQueue(QObject):
    """Jobs in order, pictures to make and pictures to upscale alike. `event(JobEvent)` for everything a running
    job does (events.py: which job, which card); `changed` after any change to the list (state, order, a step);
    `note(str)` for what the user should know about the queue itself (a damaged queue file, a job that waits for
    RAM); `idle` once nothing waits and nothing runs."""

    changed = Signal()
    note = Signal(str)
    event = Signal(object)  # a JobEvent
    cards_changed = Signal()  # the rig's cards are known
    idle = Signal()  # nothing waits and nothing runs

    def __init__(self, generation: Generation, store: Path | None = None,
                 host_ram: Callable[[], int] = lambda: psutil.virtual_memory().available,
                 upscaling: Upscaling | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.jobs: list[Job] = []
        self._store = store
        self._host_ram = host_ram
        self._rng = random.SystemRandom()
        self._ram_budget = 0  # RAM free when no job of ours ran: what concurrent jobs share
        self._closing = False
        self._card_sharer: PromptHelper | None = None
        self._cards = [self._card(generation, upscaling=upscaling)]
        generation.probed.connect(self._on_probed)
        self.message: str | None = None  # what loading the queue file had to say (a damaged file set aside)
        if store is not None:
            loaded = load_queue(store, datetime.now())
            self.jobs, self.message = loaded.jobs, loaded.message
        if generation.devices is not None:  # vulkaninfo answered before the queue was made
            self._set_up_rig()

    # --- what the window and the CLI do -------------------------------------------------------------------
    def add(self, requests: list[GenerationRequest], origin: str = "") -> list[Job]:
        """`origin`: the other app that asks (Job.origin)."""
        # seeded now: a retry, or a run again after a crash, draws the same picture
        return self._enqueue([Job(with_seed(request, self._rng), origin=origin) for request in requests])

    def add_upscale(self, request: UpscaleRequest, origin: str = "") -> Job:
        """An upscale waits its turn like a picture; it runs on the first card."""
        return self._enqueue([Job(request, origin=origin)])[0]

    def _enqueue(self, jobs: list[Job]) -> list[Job]:
        self.jobs += jobs
        self._changed(save=True)
        self._dispatch()
        return jobs

    def share_card_with(self, helper: PromptHelper) -> None:
        """The prompt helper's text model may sit on the card while no picture is drawn: the first picture to
        start asks it to leave, and starts once its memory is free."""
        self._card_sharer = helper
        helper.unloaded.connect(self._dispatch)

    def start(self) -> None:
        """Run what waits, the jobs a restart brought back too (they wait for this)."""
        held = [job for job in self.jobs if job.held]
        for job in held:
            job.held = False
        if held:
            self._changed(save=False)
        self._dispatch()

    @property
    def pending(self) -> bool:
        """A job runs, or waits to run now (not held over from last time)."""
        return any(job.state is JobState.RUNNING or (job.state is JobState.WAITING and not job.held)
                   for job in self.jobs)

    @property
    def held(self) -> int:
        """How many jobs from last time wait for Run queue."""
        return sum(1 for job in self.jobs if job.held and job.state is JobState.WAITING)

    def cancel(self, job: Job) -> None:
        if job.state is JobState.WAITING:
            job.state, job.reason = JobState.CANCELLED, ""
            self._changed(save=True)
            self._idle_check()
        elif job.state is JobState.RUNNING:
            card = next(c for c in self._cards if c.job is job)
            card.runner().cancel()

    def cancel_all(self) -> None:
        for job in list(self.jobs):
            if job.state is JobState.WAITING:
                job.state, job.reason = JobState.CANCELLED, ""
        self._changed(save=True)
        for card in self._cards:
            if card.job is not None:
                card.runner().cancel()
        self._idle_check()

    def retry(self, job: Job) -> Job:
        """A failed or cancelled job again, with the same settings and seed, at the end of the queue."""
        if not job.state.finished:
            raise ValueError("only a finished job can be tried again")
        if isinstance(job.request, UpscaleRequest):
            return self.add_upscale(job.request, job.origin)
        return self.add([job.request], job.origin)[0]

    def keep(self, job: Job) -> Path | None:
        """Keep the picture the check set aside for a failed job, as the user chose: into the output folder and
        the gallery; the job is done then (`event` says ImageSaved). None, and why in `note`, when it cannot be."""
        if job.state is not JobState.FAILED or not job.suspect:
            return None
        first = self._cards[0].generation
        assert isinstance(first, Generation)
        try:
            final, listed = keep_set_aside(Path(job.suspect), first.out_dir, first.gallery)
        except FolderProblem as problem:
            self.note.emit(str(problem))
            if problem.kept is None:
                return None
            final, listed = problem.kept, None
        except OSError as error:
            self.note.emit(translate("JobQueue", "The picture could not be kept: {problem}").format(
                problem=file_problem(error, Path(job.suspect))))
            return None
        if listed:
            self.note.emit(listed)
        job.state, job.image, job.suspect, job.reason = JobState.DONE, str(final), None, ""
        self._changed(save=True)
        self.event.emit(ImageSaved(job, job.card or self._cards[0].label, final))
        return final

    def move(self, job: Job, offset: int) -> None:
        """Move a job up (negative) or down the list; the first waiting job runs next."""
        index = self.jobs.index(job)
        target = min(max(index + offset, 0), len(self.jobs) - 1)
        self.jobs.insert(target, self.jobs.pop(index))
        self._changed(save=True)

    def clear_finished(self) -> None:
        self.jobs = [job for job in self.jobs if not job.state.finished or job.state is JobState.FAILED]
        self._changed(save=True)

    @property
    def busy(self) -> bool:
        return any(card.job is not None for card in self._cards)

    @property
    def cards(self) -> list[tuple[str, bool, Generation | RemoteNode]]:
        """(label, ticked, what runs its jobs) for each card the queue runs jobs on, other computers' last."""
        return [(card.label, card.enabled, card.generation) for card in self._cards]

    @property
    def draws_on_processor(self) -> bool:
        """This computer's device is Vulkan run by the processor (no graphics card that can draw was found)."""
        local = self._cards[0].generation
        device = self._cards[0].device or (local.card if isinstance(local, Generation) else None)
        return device is not None and device.is_cpu

    @property
    def computers(self) -> list[RemoteComputer]:
        """The other computers the queue sends pictures to."""
        return [card.generation.computer for card in self._cards if isinstance(card.generation, RemoteNode)]

    def add_node(self, address: str, name: str, token: str | None = None) -> RemoteNode:
        """Another computer's image server as one more card (ticked): it takes pictures to make, not upscales."""
        if any(card.label == name for card in self._cards):
            raise ValueError(translate("JobQueue", "a card or computer named {name} is already in the queue")
                             .format(name=name))
        first = self._cards[0].generation
        assert isinstance(first, Generation)  # this computer's first card
        node = RemoteNode(RemoteComputer(address, name, token), first.out_dir, first.gallery, self)
        card = self._card(node)
        node.gave_back.connect(lambda why: self._on_given_back(card, why))
        self._cards.append(card)
        self.cards_changed.emit()
        self._dispatch()
        return node

    def remove_node(self, name: str) -> None:
        """Take a computer out of the queue; a job it runs is put back as waiting (the computer may finish it
        for itself, but it is not awaited)."""
        card = next(c for c in self._cards if c.label == name and isinstance(c.generation, RemoteNode))
        self._cards.remove(card)
        job, card.job = card.job, None
        card.generation.stop_now()
        if job is not None:
            job.state, job.reason, job.stage = JobState.WAITING, "", None
            self._changed(save=True)
        self.cards_changed.emit()
        card.generation.deleteLater()
        self._dispatch()

    def set_card_enabled(self, label: str, enabled: bool) -> None:
        """Untick a card: it takes no new job (its running one finishes)."""
        for card in self._cards:
            if card.label == label:
                card.enabled = enabled
        self._dispatch()

    def pid(self, job: Job) -> int | None:
        """The process id of the backend that runs this job, while it runs."""
        card = next((c for c in self._cards if c.job is job), None)
        return card.runner().pid() if card is not None else None

    def running_jobs(self) -> list[Job]:
        return [job for job in self.jobs if job.state is JobState.RUNNING]

    def stop_now(self) -> None:
        """The app is closing: the running jobs stay in the file as running (they come back waiting), then
        their backends are killed."""
        self._save()
        self._closing = True
        for card in self._cards:
            card.generation.stop_now()
            if card.upscaling is not None:
                card.upscaling.stop_now()

    # --- running ----------------------------------------------------------------------------------------------
    def _card(self, generation: Generation | RemoteNode, device: VulkanDevice | None = None,
              upscaling: Upscaling | None = None) -> _Card:
        card = _Card(generation, upscaling, device)
        generation.progress.connect(lambda progress: self._on_progress(card, progress))
        generation.preview_frame.connect(lambda frame: self._tell(card, PreviewShown, frame=frame))
        generation.stage_changed.connect(lambda stage: self._on_stage(card, stage))
        generation.notice.connect(lambda text: self._tell(card, Notice, text=text))
        generation.planned.connect(lambda plan: self._tell(card, PlanChosen, plan=plan))
        generation.retrying.connect(lambda why, plan: self._tell(card, Retrying, reason=why, plan=plan))
        runners: list[Generation | Upscaling] = [generation]
        if upscaling is not None:
            upscaling.planned.connect(lambda plan: self._tell(card, PlanChosen, plan=plan))
            upscaling.retrying.connect(lambda tile: self._tell(
                card, Retrying, reason=ErrorKind.OUT_OF_VRAM.value, plan=tile))
            runners.append(upscaling)
        for runner in runners:
            runner.log_line.connect(lambda text, stream: self._tell(card, LogLine, text=text, stream=stream))
            runner.finished.connect(lambda outcome: self._on_finished(card, outcome))
        return card

    def _tell(self, card: _Card, event: type[JobEvent], **what: object) -> None:
        """Say what the card's running job does; a card between jobs (a late line from a process) says nothing."""
        if card.job is not None:
            self.event.emit(event(job=card.job, card=card.label, **what))  # type: ignore[arg-type]

    def _on_probed(self) -> None:
        self._set_up_rig()
        self._dispatch()

    def _set_up_rig(self) -> None:
        first = self._cards[0]
        assert isinstance(first.generation, Generation)
        if first.device is not None or first.generation.devices is None:  # a rig already, or nothing known
            return
        # a device the user pinned in the environment is the one to use: no rig then
        cards = [] if VISIBLE_DEVICES_VARIABLE in os.environ else rig_cards(first.generation.devices)
        if len(cards) < 2:
            return
        # "the graphics card" unticked before the cards were known (`generate --no-local`): none of them takes a job
        local = first.enabled
        first.device, first.enabled = cards[0].device, cards[0].ticked and local
        first.generation.pin_card(cards[0].device)
        for number, card in enumerate(cards[1:], 1):  # beside the first card, before other computers
            self._cards.insert(number, self._card(first.generation.for_card(card.device), card.device))
            self._cards[number].enabled = card.ticked and local
        self.cards_changed.emit()

    def _dispatch(self) -> None:
        if self._closing:
            return
        if not self._cards[0].generation.devices_probed:
            # which cards there are decides where the first job goes: ask first (Generation would wait anyway)
            if any(job.state is JobState.WAITING and not job.held for job in self.jobs):
                self._cards[0].generation.probe_devices()
            return
        if self._card_sharer is not None and self._card_sharer.on_card and self.pending:
            self._card_sharer.release_card()  # `unloaded` dispatches again
            return
        for card in self._cards:
            if card.job is not None or not card.enabled:
                continue
            job = next((j for j in self.jobs if j.state is JobState.WAITING and not j.held and card.can_run(j)), None)
            if job is None:
                continue  # an upscale waits for the first card; the other cards may still find a picture to make
            running = [c.ram for c in self._cards if c.job is not None]
            if not running:
                self._ram_budget = self._host_ram()
            if isinstance(job.request, UpscaleRequest) and card.upscaling is not None:
                self._run(card, job, 0)
                card.upscaling.start(job.request)
                continue
            # read and planned once: the RAM it is predicted to take here, and then the run itself
            prepared = card.generation.prepare(job.request)
            ram = prepared.peak_ram if isinstance(prepared, PreparedJob) else 0
            reason = ram_wait_reason(ram, running, self._ram_budget)
            if reason is not None:
                if job.reason != reason:
                    job.reason = reason
                    self.note.emit(reason)
                    self._changed(save=False)
                break  # it runs when a running job ends
            self._run(card, job, ram)
            if isinstance(card.generation, RemoteNode):
                card.generation.start(job.request, prepared, key=job.id)  # the job's id names it to the server
            else:
                card.generation.start(job.request, prepared if isinstance(prepared, PreparedJob) else None)

    def _run(self, card: _Card, job: Job, ram: int) -> None:
        card.job, card.ram = job, ram
        job.state, job.reason, job.card = JobState.RUNNING, "", card.label
        steps = 0 if isinstance(job.request, UpscaleRequest) else job.request.steps
        job.step, job.steps, job.eta_seconds, job.stage = 0, steps, None, None
        self._changed(save=True)
        self._tell(card, JobStarted)

    def _on_stage(self, card: _Card, stage: Stage) -> None:
        if card.job is None:
            return
        card.job.stage, card.job.stage_since = stage, time.monotonic()
        self._tell(card, StageEntered, stage=stage)
        self.changed.emit()

    def _on_progress(self, card: _Card, progress: Progress) -> None:
        if card.job is None:
            return
        card.job.step, card.job.steps, card.job.eta_seconds = progress.step, progress.steps, progress.eta_seconds
        self._tell(card, StepMade, progress=progress)
        self.changed.emit()

    def _on_finished(self, card: _Card, outcome: Outcome) -> None:
        job, label, card.job, card.ram = card.job, card.label, None, 0
        if job is not None:
            job.stage = None
        if job is None or self._closing:
            return  # closing: the file keeps it as running, so it comes back waiting
        if outcome.ok:
            job.state, job.image, job.reason = JobState.DONE, outcome.image, ""
        elif outcome.cancelled:
            job.state, job.reason = JobState.CANCELLED, ""
        else:
            job.state = JobState.FAILED
            job.reason = outcome.error.message if outcome.error else translate("Queue", "the drawing program "
                                                                                        "stopped without a picture")
            job.suspect = outcome.error.picture if outcome.error else None
        self._changed(save=True)  # at once: a finished job must never run again after a crash
        self._dispatch()  # first: who hears of this job's end finds the next one running
        if outcome.ok and outcome.image:
            self.event.emit(ImageSaved(job, label, Path(outcome.image)))
        if outcome.error is not None:
            self.event.emit(JobFailed(job, label, outcome.error))
        self.event.emit(JobEnded(job, label, outcome))
        self._idle_check()

    def _on_given_back(self, card: _Card, why: str) -> None:
        """A computer could not run its job, or its end cannot be known: the job waits again, first in line, and
        the computer takes no new job until the user ticks it again."""
        job, card.job, card.enabled = card.job, None, False
        if job is None or self._closing:
            return
        job.state, job.reason, job.stage, job.card = JobState.WAITING, "", None, None
        self.note.emit(translate("JobQueue", "{computer} is set aside: {why}. Its job waits for another card; tick "
                                             "{computer} in the queue to use it again.").format(
            computer=card.label, why=why))
        self._changed(save=True)
        self.cards_changed.emit()
        self._dispatch()
        self._idle_check()

    def _idle_check(self) -> None:
        # jobs held from last time do not keep the queue busy: they wait for Run queue; nor do jobs no ticked card
        # can run (a computer set aside, the last one)
        if not self.busy and not any(j.state is JobState.WAITING and not j.held
                                     and any(c.enabled and c.can_run(j) for c in self._cards) for j in self.jobs):
            self.idle.emit()

    def _changed(self, save: bool) -> None:
        if save:
            self._save()
        self.changed.emit()

    def _save(self) -> None:
        if self._store is None:
            return
        try:
            save_queue(self._store, self.jobs)
        except OSError as error:
            self.note.emit(translate("JobQueue", "The job queue could not be saved ({error}); it is kept until the app "
                                     "closes.").format(error=error))
