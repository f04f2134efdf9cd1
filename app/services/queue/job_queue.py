"""The job queue: many requests, run one after another on its cards (cards.py: one at a time per card, every card
of a rig at once, other computers' image servers too), each card through its runners, spoken to and heard the same
way whichever runs the job; kept in the user's data folder (queue_file.py) so that unfinished jobs survive a crash."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import psutil
from PySide6.QtCore import QObject, Signal

from app.core.generation.output import Outcome
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest, with_seed
from app.core.generation.upscale import UpscaleRequest
from app.core.planning.timing import PictureTime
from app.core.queue.jobs import Job, JobState
from app.core.queue.nodes import RemoteComputer
from app.core.words import translate
from app.services.prompt_helper import PromptHelper
from app.services.queue.cards import Card, QueueCards
from app.services.queue.job_status import (
    mark_cancelled,
    mark_ended,
    mark_kept,
    mark_progress,
    mark_running,
    mark_waiting,
)
from app.services.queue.queue_file import QueueFile
from app.services.queue.ram_share import RamShare
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
        self._file = QueueFile(store, self.note.emit)
        loaded = self._file.load()
        self.jobs: list[Job] = loaded.jobs
        self.message = loaded.message  # what loading the queue file had to say (a damaged file set aside)
        self._ram = RamShare(host_ram)
        self._rng = random.SystemRandom()
        self._closing = False
        self._card_sharer: PromptHelper | None = None
        self._local = generation  # this computer's first card: it asks which cards there are
        self._cards = QueueCards(generation, upscaling, self._on_event, self)
        generation.probed.connect(self._on_probed)
        if generation.devices is not None:  # vulkaninfo answered before the queue was made
            self._cards.set_up_rig()

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
            mark_cancelled(job)
            self._changed(save=True)
            self._idle_check()
        elif job.state is JobState.RUNNING and (card := self._cards.running(job)) is not None:
            card.runner().cancel()

    def cancel_all(self) -> None:
        for job in list(self.jobs):
            if job.state is JobState.WAITING:
                mark_cancelled(job)
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
        final, notes = keep_set_aside(Path(job.suspect), self._local.out_dir, self._local.gallery)
        for note in notes:
            self.note.emit(note)
        if final is None:
            return None
        mark_kept(job, final)
        self._changed(save=True)
        self.job_event.emit(ImageSaved(job, job.card or self._cards.first.label, final))
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
        return self._cards.runners

    @property
    def draws_on_processor(self) -> bool:
        """This computer's device is Vulkan run by the processor (no graphics card that can draw was found)."""
        device = self._local.card
        return device is not None and device.is_cpu

    @property
    def computers(self) -> list[RemoteComputer]:
        """The other computers the queue sends pictures to."""
        return self._cards.computers

    def add_node(self, address: str, name: str, token: str | None = None) -> RemoteNode:
        """Another computer's image server as one more card (ticked): it takes pictures to make, not upscales."""
        node = self._cards.add_node(address, name, token)
        self.cards_changed.emit()
        self._dispatch()
        return node

    def remove_node(self, name: str) -> None:
        """Take a computer out of the queue; a job it runs is put back as waiting (the computer may finish it
        for itself, but it is not awaited)."""
        node, job = self._cards.remove_node(name)
        node.stop_now()
        if job is not None:
            mark_waiting(job)
            self._changed(save=True)
        self.cards_changed.emit()
        node.deleteLater()
        self._dispatch()

    def set_card_enabled(self, label: str, enabled: bool) -> None:
        """Untick a card: it takes no new job (its running one finishes)."""
        self._cards.set_enabled(label, enabled)
        self._dispatch()

    def pid(self, job: Job) -> int | None:
        """The process id of the backend that runs this job, while it runs."""
        card = self._cards.running(job)
        return card.runner().pid() if card is not None else None

    def running_jobs(self) -> list[Job]:
        return [job for job in self.jobs if job.state is JobState.RUNNING]

    def stop_now(self) -> None:
        """The app is closing: the running jobs stay in the file as running (they come back waiting), then
        their backends are killed."""
        self._file.save(self.jobs)
        self._closing = True
        for runner in self.runners:
            runner.stop_now()

    # --- running ----------------------------------------------------------------------------------------------
    def _on_probed(self) -> None:
        if self._cards.set_up_rig():
            self.cards_changed.emit()
        self._dispatch()

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
            runner = card.runner_for(job)
            # read and planned once: the RAM it is predicted to take here, and then the run itself
            prepared = runner.prepare(job)
            ram, reason = self._ram.fits(prepared, [c.ram for c in self._cards if c.job is not None])
            if reason is not None:
                if job.reason != reason:
                    job.reason = reason
                    self.note.emit(reason)
                    self._changed(save=False)
                break  # it runs when a running job ends
            priced = runner.speeds.estimate(prepared, runner.card) if (
                isinstance(runner, Generation) and isinstance(prepared, PreparedJob)) else None
            self._run(card, job, ram, priced)
            runner.start(job, card.label, prepared)

    def _run(self, card: Card, job: Job, ram: int, priced: PictureTime | None) -> None:
        card.job, card.ram = job, ram
        mark_running(job, card.label, priced)
        self._changed(save=True)
        self.job_event.emit(JobStarted(job, card.label))

    def _on_event(self, event: JobEvent | GivenBack) -> None:
        """What a runner says of its job; a runner's word on a job no card runs now (a late line from a process,
        the app closing) is not passed on."""
        card = self._cards.running(event.job)
        if card is None:
            return
        match event:
            case JobEnded(outcome=outcome):
                self._on_finished(card, outcome)
            case GivenBack(why=why):
                self._on_given_back(card, why)
            case StageEntered() | StepMade():
                mark_progress(event)
                self.job_event.emit(event)
                self.changed.emit()
            case _:
                self.job_event.emit(event)

    def _on_finished(self, card: Card, outcome: Outcome) -> None:
        job, label, card.job, card.ram = card.job, card.label, None, 0
        if job is not None:
            job.stage = None
        if job is None or self._closing:
            return  # closing: the file keeps it as running, so it comes back waiting
        mark_ended(job, outcome)
        self._changed(save=True)  # at once: a finished job must never run again after a crash
        self._dispatch()  # first: who hears of this job's end finds the next one running
        if outcome.ok and outcome.image:
            self.job_event.emit(ImageSaved(job, label, Path(outcome.image)))
        if outcome.error is not None:
            self.job_event.emit(JobFailed(job, label, outcome.error))
        self.job_event.emit(JobEnded(job, label, outcome))
        self._idle_check()

    def _on_given_back(self, card: Card, why: str) -> None:
        """A computer could not run its job, or its end cannot be known: the job waits again, first in line, and
        the computer takes no new job until the user ticks it again."""
        job, card.job, card.enabled = card.job, None, False
        if job is None or self._closing:
            return
        mark_waiting(job)
        job.card = None
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
            self._file.save(self.jobs)
        self.changed.emit()
