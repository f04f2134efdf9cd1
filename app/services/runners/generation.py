"""One image generation: request -> argv -> SdProcess -> verified image. Shared by window and CLI."""

from __future__ import annotations

import dataclasses
import random
import time
import traceback
import uuid
from pathlib import Path

import psutil
from PySide6.QtCore import QObject, Signal

from app.core.gallery.gallery_index import GalleryIndex
from app.core.gallery.image_store import (
    BadPicture,
    FolderProblem,
    check_folder,
    discard,
    picture_bytes,
    staging_path,
)
from app.core.gallery.picture_check import drawn_by, rung_words, what_to_try
from app.core.generation.command import build_argv
from app.core.generation.input_image import keep_outside_mask
from app.core.generation.output import BackendError, ErrorKind, Outcome, Stage
from app.core.generation.prepare import MachineFacts, PreparedJob, prepare, prepared_or_why
from app.core.generation.request import GenerationRequest, InvalidRequest, ModelRejected, with_seed
from app.core.generation.upscale import UpscaleRequest
from app.core.models.backend_caps import BackendCaps
from app.core.models.families import MemoryFlags
from app.core.planning.plan import device_from_vulkan
from app.core.platform_paths import install_dir_problem
from app.core.queue.jobs import Job
from app.core.queue.rig import LOCAL_CARD
from app.core.system.vulkaninfo import VulkanDevice
from app.core.words import reason_of, translate
from app.services.child_process import path_for_backend, program_environment
from app.services.left_behind import owner_tag
from app.services.models.model_hashes import ModelHashes
from app.services.runners.face_fix import FaceFix
from app.services.runners.finish import (
    check_output_folder,
    finish_picture,
    kept_as_drawn,
    not_finished,
    said_why_not_saved,
    set_picture_aside,
)
from app.services.runners.job_files import copied_into_job
from app.services.runners.live_preview import LivePreview
from app.services.runners.local import LocalRunner, why_it_cannot_start
from app.services.runners.measured_speeds import MeasuredSpeeds
from app.services.runners.running_job import RunningJob
from app.services.runners.safer_tries import SaferTries
from app.services.system.backend import BackendMissing
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs, install_dir, portable_folder


class Generation(LocalRunner):
    """Runs picture jobs one at a time on one card of this computer (a Runner). `job_event` carries what the job does
    (events.py); its JobEnded comes once per `start`, whatever happens: with the final image path when ok."""

    probed = Signal()  # vulkaninfo and the backend's --help have answered: `preview` can plan for the card now

    def __init__(self, out_dir: Path, machine: Machine | None = None, gallery: GalleryIndex | None = None,
                 parent: QObject | None = None) -> None:
        # the card's memory and what the backend offers, asked once for the app and never on the GUI thread's
        # time; a generation made on its own (a test, the self-test) asks for itself
        super().__init__(out_dir, machine or Machine(), gallery, parent)
        if machine is None:
            self._machine.setParent(self)
        self._process.stage_changed.connect(self._on_stage)
        self._process.progress.connect(self._tell_step)
        self._process.log_line.connect(self._tell_log)
        self._process.finished.connect(self._on_process_finished)
        self.speeds = MeasuredSpeeds(parent=self)  # this card's seconds per step, for the next plan's time
        self._process.progress.connect(self.speeds.step_done)
        self._process.log_line.connect(self.speeds.log_line)  # sd.cpp's seconds for the processor's stages
        self.speeds.processor_timed.connect(self._on_machine_answered)  # lavapipe's first picture can be priced now
        self._live_preview = LivePreview(self)
        self._process.progress.connect(lambda progress: self._live_preview.step_done(progress.step))
        self._live_preview.frame.connect(self._tell_preview)
        self._faces = FaceFix(self._launch, self._faces_fixed, self._end, self._tell_notice, self._tell_log, self)
        self._job = RunningJob()  # the running job's state, made anew for each
        self._hashes = ModelHashes(current_user_dirs().model_hashes)
        self._binary: Path | None = None
        self._caps: BackendCaps | None = None
        self._pinned: VulkanDevice | None = None  # one card of a rig: vulkaninfo's answer does not move it

    def takes(self, job: Job) -> bool:
        return not isinstance(job.request, UpscaleRequest)

    @property
    def machine(self) -> Machine:
        """What this computer and its backend are: the app's one, shared with every part that asks."""
        return self._machine

    @property
    def devices(self) -> list[VulkanDevice] | None:
        """The Vulkan devices vulkaninfo listed; None until it answered (or when it could not)."""
        return self._machine.devices

    @property
    def devices_probed(self) -> bool:
        """vulkaninfo has answered (or could not), or this is one pinned card of a rig: `card` is what it will be."""
        return self._pinned is not None or self._machine.devices_known

    def probe_devices(self) -> bool:
        """Ask vulkaninfo (and the backend) what is not known yet, without starting anything; True while an answer
        is awaited (`probed` says when they answered)."""
        self._machine.ask()
        return self._asking_machine()

    @property
    def card(self) -> VulkanDevice | None:
        """The device this generation runs sd.cpp on."""
        return self._pinned or self._machine.preferred_device

    def pin_card(self, device: VulkanDevice) -> None:
        """Run every next job on this device (one card of a rig) and plan for its own memory."""
        self._pinned = device

    def for_card(self, device: VulkanDevice) -> Generation:
        """Another generation like this one (folder, machine, gallery), pinned to another card of the rig."""
        sibling = Generation(self._out_dir, self._machine, self._gallery, self.parent())
        sibling.pin_card(device)
        return sibling

    def start(self, job: Job, card: str = LOCAL_CARD, prepared: PreparedJob | str | None = None) -> None:
        """Run a picture job; with `memory=None` the planner chooses the placement and recovers from OOM.
        `prepared`: the request as `prepare` read it just now (the queue's), so that nothing reads its files again;
        why it could not be read is read again here, and said as the job's end."""
        if self.running:
            raise RuntimeError("a generation is already running")
        assert isinstance(job.request, GenerationRequest), "an upscale runs on Upscaling"
        request = job.request
        self._busy, self._job = True, RunningJob()
        self._begin_job(job, card)
        if isinstance(prepared, str):
            prepared = None
        if self.probe_devices():
            self._waiting = request
            return
        self._begin(request, prepared)

    def _begin(self, request: GenerationRequest, prepared: PreparedJob | None = None) -> None:
        try:
            binary = self._machine.backend()
            caps = self._machine.caps(binary)
            if prepared is None:
                prepared = prepare(request, self._facts(caps))
            request = with_seed(prepared.request, random.SystemRandom())
            self._job.models, self._job.loras = prepared.models, prepared.loras
            self._job.tries = SaferTries.planned(prepared.plans, automatic=request.memory is None)
            plan = self._job.tries.take()
            if plan is not None:
                self._tell_plan(plan)
            request = dataclasses.replace(request, memory=plan.memory if plan else request.memory or MemoryFlags())
            _check_folders_take(request, self._out_dir)
            self._job.edited_from = request.ref_images
            self._job.extended_from = request.init_image if request.extend is not None else None
            request, self._job.job_dir = copied_into_job(request, self._out_dir)
            self._binary, self._caps = binary, caps
        except (ModelRejected, InvalidRequest, BackendMissing, FolderProblem, OSError) as error:
            self._fail_soon(*why_it_cannot_start(error, self._out_dir))
            return
        for note in prepared.notes:
            self._tell_notice(note)
        self._job.started = time.monotonic()
        if request.models.main:
            self._hashes.start(request.models.main)  # hashed while sd.cpp works; needed only for the finished PNG
        if request.face_fix is not None and request.face_fix.only:
            self._job.request = request
            self._job.staged = self._faces.fix_only(request, self._out_dir)
            return
        self._launch(request)

    def machine_facts(self) -> MachineFacts | str:
        """What `prepare` plans with now, or why there is nothing to plan with yet (asking what is unknown)."""
        try:
            binary = self._machine.backend()
        except BackendMissing as error:
            return str(error)
        if self.probe_devices():
            return "looking at the graphics card"
        try:
            return self._facts(self._machine.caps(binary))
        except BackendMissing as error:
            return str(error)

    def prepare(self, job: Job) -> PreparedJob | str:
        """The job's request read and planned for this card now, or why it cannot be (yet). Reads the model
        headers (cached by file identity): off the GUI thread where they may be new, as the window's plan does."""
        facts = self.machine_facts()
        if isinstance(facts, str):
            return facts
        assert isinstance(job.request, GenerationRequest), "an upscale runs on Upscaling"
        return prepared_or_why(job.request, facts)

    def _facts(self, caps: BackendCaps) -> MachineFacts:
        vulkan = self.card
        memory = psutil.virtual_memory()
        return MachineFacts(device_from_vulkan(vulkan, memory.total, self.speeds.host()) if vulkan else None,
                            memory.available, caps)

    def _launch(self, request: GenerationRequest) -> None:
        assert self._binary is not None and self._caps is not None
        self._job.request = request
        # sd.cpp writes into the app's own folder: a user's folder that turns read-only mid-run loses no picture
        self._job.staged = staging_path(current_user_dirs().staging, f"{owner_tag()}-{uuid.uuid4().hex}")
        preview = None
        if self._caps.supports("--preview"):
            try:
                preview = (self._job.tries.preview, self._live_preview.begin())
            except OSError as error:  # the picture still comes, only without the preview
                self._tell_notice(translate("Generation", "no live preview: cannot make its temporary folder "
                                                          "({error})").format(error=error))
        try:
            # relative output: sd.cpp reads printf-style %d in -o, and a user's folder may contain '%'
            argv = build_argv(self._binary, request, self._caps, Path(self._job.staged.name), path_for_backend,
                              preview)
        except InvalidRequest as error:
            self._fail_soon(ErrorKind.BAD_REQUEST, reason_of(error))
            return
        env = program_environment(self.card)
        self._job.stage = None
        self._on_stage(Stage.LOADING)  # from the start: sd.cpp says nothing while it sets up the card
        self.speeds.run_started()  # the whole try by the clock: the start and the shader compiling are the user's wait
        self._process.start(argv, env, self._job.staged.parent, writes=self._job.staged)

    def stop_now(self) -> None:
        super().stop_now()
        self._live_preview.end()
        self._live_preview.wait_until_removed()  # the app is closing: its temporary folder goes first

    def _asking_machine(self) -> bool:
        return not self.devices_probed or self._machine.asking_backend

    def _machine_answered(self) -> None:
        if self.card is not None and self.card.is_cpu:
            self.speeds.time_processor_once()
        self.probed.emit()

    def _on_stage(self, stage: Stage) -> None:
        if stage is not self._job.stage:
            self._job.stage = stage
            self._tell_stage(stage)

    def _on_process_finished(self, outcome: Outcome) -> None:
        staged = self._job.staged
        try:
            ended = self._after_backend(outcome)
        except Exception as error:  # a fault of ours must not leave this job, and the queue behind it, waiting
            if staged is not None:
                discard(staged)
            self._tell_log(traceback.format_exc(), "stderr")
            ended = not_finished(outcome.exit_code, error)
        if ended is not None:
            self._end(ended)

    def _after_backend(self, outcome: Outcome) -> Outcome | None:
        """The job's outcome once its picture is checked and in place; None when a safer retry (or a face's pass)
        started."""
        if self._faces.active:
            return self._faces.pass_ended(outcome, self._job.request, self._job.staged)
        request, staged = self._job.request, self._job.staged
        # a cancel that came as sd.cpp wrote its picture (it said so) still keeps that whole picture
        drawn = outcome.image is not None and outcome.error is None
        if not (drawn and request is not None and request.seed is not None and staged is not None):
            if staged is not None:
                discard(staged)  # never leave a half-written image behind
            return self._failed(outcome, request)
        assert request.memory is not None
        if request.face_fix is not None:
            if request.init_image is not None and request.mask is not None:
                keep_outside_mask(staged, request.init_image, request.mask)  # before its faces are repainted
            self._faces.look(request, staged, outcome.exit_code, self._out_dir)
            return None
        return self._finish(request, staged, outcome)

    def _faces_fixed(self, request: GenerationRequest, picture: Path, outcome: Outcome) -> Outcome | None:
        self._job.request, self._job.staged = request, picture
        return self._finish(request, picture, outcome)

    def _finish(self, request: GenerationRequest, staged: Path, outcome: Outcome) -> Outcome | None:
        assert request.memory is not None and request.seed is not None

        def label(picture: Path) -> None:
            if request.init_image is not None and request.mask is not None and request.face_fix is None:
                keep_outside_mask(picture, request.init_image, request.mask)
            main_model = request.models.main
            # the window must not freeze on a slow disk: an image finished before the hash goes without it
            self._job.label(picture, request, self._hashes.result(main_model, wait_s=2) if main_model else None,
                            self._caps)

        return finish_picture(staged, self._out_dir, request.seed, self._gallery, outcome.exit_code, label=label,
                              tell=self._tell_notice, drawn=drawn_by(request.family, request.memory),
                              refused=lambda error: self._bad_picture(outcome, request, staged, error))

    def _failed(self, outcome: Outcome, request: GenerationRequest | None) -> Outcome | None:
        """A run without a picture, in the user's words; None when a safer retry started."""
        error = outcome.error
        # a card that ran out of memory or was reset by its driver gets the next, safer plan: less video memory in
        # smaller pieces of work
        if (error is not None and error.kind in (ErrorKind.OUT_OF_VRAM, ErrorKind.DEVICE_LOST) and request is not None
                and self._retry(request, error.kind.value)):
            return None
        if error is not None and error.kind is ErrorKind.OUT_OF_VRAM and request is not None:
            return Outcome(outcome.exit_code, None, BackendError(ErrorKind.OUT_OF_VRAM,
                                                                 self._job.tries.out_of_memory(error.message)))
        if error is not None and error.kind is ErrorKind.CANNOT_SAVE and request is not None:
            return said_why_not_saved(outcome, _room_for(request))
        return outcome

    def _bad_picture(self, outcome: Outcome, request: GenerationRequest, staged: Path,
                     error: BadPicture) -> Outcome | None:
        """A picture the check refused: drawn once more on a rung that computes it otherwise, when there is one. A
        doubt that comes back the same is kept; else the picture is kept aside, for the user to keep or not, with
        what to try."""
        assert request.memory is not None and request.seed is not None
        tries = self._job.tries
        if tries.drew_the_same(staged, error):
            self._tell_notice(translate("Generation", "The check doubted the picture ({error}), but the safer try "
                                                      "drew the same picture: it is what the model drew, so it is "
                                                      "kept.").format(error=error))
            return kept_as_drawn(staged, self._out_dir, request.seed, self._gallery, outcome.exit_code,
                                 self._tell_notice)
        rung = tries.rung_to_redraw(request.memory)
        on_processor = self.card is not None and self.card.is_cpu  # no card or driver to blame
        if rung is not None:
            tries.keep_first_try(staged)
            self._tell_notice(translate("Generation", "{error}; trying once more {how}.").format(
                error=error, how=rung_words(request.memory, tries.plans[rung].memory, on_processor)))
            self._retry(request, "bad_picture", rung)
            return None
        tried = translate("Generation", " on the safer try too") if tries.picture_retried else ""
        return Outcome(outcome.exit_code, None, set_picture_aside(staged, request.seed, error, tried, what_to_try(
            error.fault, request.memory, on_processor)))

    def _retry(self, request: GenerationRequest, reason: str, rung: int = 0) -> bool:
        """Start again with a safer plan (the next, or the ladder's `rung`); False when none is left."""
        plan = self._job.tries.take(rung)
        if plan is None:
            return False
        self._tell_retry(reason, plan)
        self._launch(dataclasses.replace(request, memory=plan.memory))
        return True

    def _end(self, outcome: Outcome) -> None:
        self._live_preview.end()
        base = self._faces.abandon()  # ended mid-way through its faces (a fault of ours)
        if base is not None:
            self._job.request = base
        self._job.close(outcome.ok)
        self.speeds.run_finished(self.card, self._job.request, self._job.models, outcome.ok)
        self._busy, self._job = False, RunningJob()
        self._tell_end(outcome)


def _room_for(request: GenerationRequest) -> int:
    """What the finished picture may need on disk: at hires fix's size when there is a second pass."""
    return picture_bytes(*(request.hires_size or (request.width, request.height)))


def _check_folders_take(request: GenerationRequest, out_dir: Path) -> None:
    """Said in a second, not after a 14-minute run: the output folder may be written in, and it and the app's own
    folder take a picture of this size (InvalidRequest, FolderProblem, OSError)."""
    # a portable copy's own folder is the user's to write in; an installed copy's is not
    problem = install_dir_problem(out_dir.absolute(), None if portable_folder() else install_dir())
    if problem:
        raise InvalidRequest(problem)
    needed = _room_for(request)
    check_output_folder(out_dir, needed)
    check_folder(current_user_dirs().staging, needed)
