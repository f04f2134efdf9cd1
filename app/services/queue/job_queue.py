"""The job queue: many requests, run one after another on its cards (one at a time per card, every card of a rig
at once, other computers' image servers too), each card through its runners (job_runner.py: `Generation` here,
`RemoteNode` there, and on the first card `Upscaling` for an upscale), spoken to and heard the same way whichever
runs the job; kept in the user's data folder so that unfinished jobs survive a crash."""

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
from app.core.generation.output import Outcome
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest, with_seed
from app.core.generation.upscale import UpscaleRequest
from app.core.queue.jobs import Job, JobState, load_queue, save_queue
from app.core.queue.nodes import RemoteComputer
from app.core.queue.rig import LOCAL_CARD, card_label, ram_wait_reason, rig_cards
from app.core.system.vulkaninfo import VISIBLE_DEVICES_VARIABLE
from app.core.words import translate
from app.services.prompt_helper import PromptHelper
from app.services.runners.events import (
    ImageSaved,
    JobEnded,
    JobEvent,
    JobFailed,
    JobStarted,
    StageEntered,
    StepMade,
)
from app.services.runners.finish import keep_set_aside
from app.services.runners.generation import Generation
from app.services.runners.remote_node import RemoteNode
from app.services.runners.runner import GivenBack, Runner
from app.services.runners.upscaling import Upscaling


@dataclass
class _Card:
    label: str
    runners: list[Runner]  # the card's own first; the first card's upscales beside it, one at a time like pictures
    enabled: bool = True
    job: Job | None = None
    ram: int = 0  # the running job's predicted RAM peak

    def can_run(self, job: Job) -> bool:
        return any(runner.takes(job) for runner in self.runners)

    def runner_for(self, job: Job) -> Runner:
        return next(runner for runner in self.runners if runner.takes(job))

    def runner(self) -> Runner:
        """What runs this card's job now."""
        return self.runner_for(self.job) if self.job is not None else self.runners[0]


class JobQueue(QObject):
    """Jobs in order, pictures to make and pictures to upscale alike. `event(JobEvent)` for everything a running
    job does (events.py: which job, which card); `changed` after any change to the list (state, order, a step);
    `note(str)` for what the user should know about the queue itself (a damaged queue file, a job that waits for
    RAM); `idle` once nothing waits and nothing runs."""

    changed = Signal()
    note = Signal(str)
    job_event = Signal(object)  # a JobEvent
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
        self._local = generation  # this computer's first card: it asks which cards there are
        self._nodes: dict[str, RemoteNode] = {}  # other computers, by name
        self._cards = [self._card(LOCAL_CARD, generation, *([upscaling] if upscaling is not None else []))]
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
        the gallery; the job is done then (`job_event` says ImageSaved). None, and why in `note`, when it cannot be."""
        if job.state is not JobState.FAILED or not job.suspect:
            return None
        try:
            final, listed = keep_set_aside(Path(job.suspect), self._local.out_dir, self._local.gallery)
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
        self.job_event.emit(ImageSaved(job, job.card or self._cards[0].label, final))
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
    def cards(self) -> list[tuple[str, bool, Runner]]:
        """(label, ticked, what runs its pictures) for each card the queue runs jobs on, other computers' last."""
        return [(card.label, card.enabled, card.runners[0]) for card in self._cards]

    @property
    def runners(self) -> list[Runner]:
        """Everything that runs the queue's jobs: each card's, the first card's upscales too."""
        return [runner for card in self._cards for runner in card.runners]

    @property
    def draws_on_processor(self) -> bool:
        """This computer's device is Vulkan run by the processor (no graphics card that can draw was found)."""
        device = self._local.card
        return device is not None and device.is_cpu

    @property
    def computers(self) -> list[RemoteComputer]:
        """The other computers the queue sends pictures to."""
        return [node.computer for node in self._nodes.values()]

    def add_node(self, address: str, name: str, token: str | None = None) -> RemoteNode:
        """Another computer's image server as one more card (ticked): it takes pictures to make, not upscales."""
        if any(card.label == name for card in self._cards):
            raise ValueError(translate("JobQueue", "a card or computer named {name} is already in the queue")
                             .format(name=name))
        node = RemoteNode(RemoteComputer(address, name, token), self._local.out_dir, self._local.gallery, self)
        self._nodes[name] = node
        self._cards.append(self._card(name, node))
        self.cards_changed.emit()
        self._dispatch()
        return node

    def remove_node(self, name: str) -> None:
        """Take a computer out of the queue; a job it runs is put back as waiting (the computer may finish it
        for itself, but it is not awaited)."""
        node = self._nodes.pop(name)
        card = next(c for c in self._cards if c.label == name)
        self._cards.remove(card)
        job, card.job = card.job, None
        node.stop_now()
        if job is not None:
            job.state, job.reason, job.stage = JobState.WAITING, "", None
            self._changed(save=True)
        self.cards_changed.emit()
        node.deleteLater()
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
        for runner in self.runners:
            runner.stop_now()

    # --- running ----------------------------------------------------------------------------------------------
    def _card(self, label: str, *runners: Runner) -> _Card:
        for runner in runners:
            runner.job_event.connect(self._on_event)
        return _Card(label, list(runners))

    def _on_probed(self) -> None:
        self._set_up_rig()
        self._dispatch()

    def _set_up_rig(self) -> None:
        first = self._cards[0]
        if first.label != LOCAL_CARD or self._local.devices is None:  # a rig already, or nothing known
            return
        # a device the user pinned in the environment is the one to use: no rig then
        cards = [] if VISIBLE_DEVICES_VARIABLE in os.environ else rig_cards(self._local.devices)
        if len(cards) < 2:
            return
        # "the graphics card" unticked before the cards were known (`generate --no-local`): none of them takes a job
        local = first.enabled
        first.label, first.enabled = card_label(cards[0].device), cards[0].ticked and local
        self._local.pin_card(cards[0].device)
        for number, card in enumerate(cards[1:], 1):  # beside the first card, before other computers
            self._cards.insert(number, self._card(card_label(card.device), self._local.for_card(card.device)))
            self._cards[number].enabled = card.ticked and local
        self.cards_changed.emit()

    def _dispatch(self) -> None:
        if self._closing:
            return
        if not self._local.devices_probed:
            # which cards there are decides where the first job goes: ask first (Generation would wait anyway)
            if any(job.state is JobState.WAITING and not job.held for job in self.jobs):
                self._local.probe_devices()
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
            runner = card.runner_for(job)
            # read and planned once: the RAM it is predicted to take here, and then the run itself
            prepared = runner.prepare(job)
            match prepared:
                case PreparedJob(peak_ram=ram):
                    reason = ram_wait_reason(ram, running, self._ram_budget)
                case None:  # nothing read ahead (an upscale): nothing to count, it starts
                    ram, reason = 0, None
                case _:  # it cannot run: it starts, to end in words
                    ram, reason = 0, ram_wait_reason(0, running, self._ram_budget)
            if reason is not None:
                if job.reason != reason:
                    job.reason = reason
                    self.note.emit(reason)
                    self._changed(save=False)
                break  # it runs when a running job ends
            self._run(card, job, ram)
            runner.start(job, card.label, prepared)

    def _run(self, card: _Card, job: Job, ram: int) -> None:
        card.job, card.ram = job, ram
        job.state, job.reason, job.card = JobState.RUNNING, "", card.label
        steps = 0 if isinstance(job.request, UpscaleRequest) else job.request.steps
        job.step, job.steps, job.eta_seconds, job.stage = 0, steps, None, None
        self._changed(save=True)
        self.job_event.emit(JobStarted(job, card.label))

    def _on_event(self, event: JobEvent | GivenBack) -> None:
        """What a runner says of its job; a runner's word on a job no card runs now (a late line from a process,
        the app closing) is not passed on."""
        card = next((c for c in self._cards if c.job is not None and c.job is event.job), None)
        if card is None:
            return
        match event:
            case JobEnded(outcome=outcome):
                self._on_finished(card, outcome)
            case GivenBack(why=why):
                self._on_given_back(card, why)
            case StageEntered(job=job, stage=stage):
                job.stage, job.stage_since = stage, time.monotonic()
                self.job_event.emit(event)
                self.changed.emit()
            case StepMade(job=job, progress=progress):
                job.step, job.steps, job.eta_seconds = progress.step, progress.steps, progress.eta_seconds
                self.job_event.emit(event)
                self.changed.emit()
            case _:
                self.job_event.emit(event)

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
            self.job_event.emit(ImageSaved(job, label, Path(outcome.image)))
        if outcome.error is not None:
            self.job_event.emit(JobFailed(job, label, outcome.error))
        self.job_event.emit(JobEnded(job, label, outcome))
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
