"""One upscale: picture + ESRGAN model -> sd.cpp `--mode upscale` -> a verified, labelled PNG in the gallery."""

from __future__ import annotations

import dataclasses
import uuid
from pathlib import Path

from PySide6.QtCore import QObject

from app.core.gallery.gallery_index import GalleryIndex
from app.core.gallery.image_store import FolderProblem, check_folder, discard, picture_bytes, staging_path
from app.core.gallery.metadata import read_details, read_parameters_text, write_metadata
from app.core.generation.command import build_upscale_argv
from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import InvalidRequest
from app.core.generation.upscale import (
    MIN_TILE_SIZE,
    UpscaleJob,
    UpscaleRejected,
    UpscaleRequest,
    finish_upscale,
    plan_upscale_job,
    upscaled_parameters,
)
from app.core.planning.plan import UpscalePlan, device_from_vulkan, plan_upscale
from app.core.queue.jobs import Job
from app.core.words import reason_of
from app.services.child_process import path_for_backend, program_environment
from app.services.left_behind import owner_tag
from app.services.runners.finish import check_output_folder, finish_picture, set_picture_aside
from app.services.runners.local import LocalRunner, why_it_cannot_start
from app.services.system.backend import BackendMissing
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs


class Upscaling(LocalRunner):
    """Runs one upscale at a time (a Runner). `job_event` carries what the job does (events.py: its tiles and VRAM as
    PlanChosen, smaller tiles after running out of video memory as Retrying); its JobEnded comes once per `start`,
    whatever happens: with the upscaled image's path when ok."""

    def __init__(self, out_dir: Path, machine: Machine, gallery: GalleryIndex | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(out_dir, machine, gallery, parent)
        self._target = out_dir  # where the running upscale goes
        self._process.log_line.connect(self._tell_log)
        self._process.finished.connect(self._on_process_finished)
        self._job: UpscaleJob | None = None
        self._staged: Path | None = None

    def takes(self, job: Job) -> bool:
        return isinstance(job.request, UpscaleRequest)

    def prepare(self, job: Job) -> None:
        """Nothing is read ahead: the picture and the model are read as the upscale starts."""

    def start(self, job: Job, card: str = "", prepared: PreparedJob | str | None = None) -> None:
        """Upscale the job's picture; `prepared` is not used (see `prepare`)."""
        if self._busy:
            raise RuntimeError("an upscale is already running")
        assert isinstance(job.request, UpscaleRequest), "a picture to make runs on Generation"
        request = job.request
        self._busy = True
        self._begin_job(job, card)
        self._waiting = request
        # the backend is asked again each time: the user may have chosen or rebuilt one since
        self._machine.ask_backend()
        self._machine.ask()

    def _begin(self, request: UpscaleRequest) -> None:
        try:
            binary = self._machine.backend()
            caps = self._machine.caps(binary)  # why the backend could not be asked, if so, comes first
            job = plan_upscale_job(request)
            needed, staging = picture_bytes(*job.size), current_user_dirs().staging
            self._target = self._out_dir
            check_output_folder(self._target, needed)
            check_folder(staging, needed)
            self._staged = staging_path(staging, f"{owner_tag()}-{uuid.uuid4().hex}")
            argv = build_upscale_argv(binary, job.request.image.absolute(), job.request.model.absolute(),
                                      job.repeats, job.request.tile_size, caps, Path(self._staged.name),
                                      path_for_backend)
        except (UpscaleRejected, InvalidRequest, BackendMissing, FolderProblem, OSError) as error:
            self._fail_soon(*why_it_cannot_start(error, self._out_dir))
            return
        self._job = job
        plan = self.plan(job)
        if plan is not None:
            self._tell_plan(plan)
        device = self._machine.preferred_device
        # ggml's CPU backend runs ESRGAN ~28x faster than a software Vulkan device (lavapipe: 101 s against
        # 3.6 s for 64 -> 256 px, tests/bench/bench_upscale.py): on such a device, leave Vulkan out
        vulkan = device if device is not None and not device.is_cpu else None
        self._process.start(argv, program_environment(vulkan), self._staged.parent,
                            writes=self._staged)

    def plan(self, job: UpscaleJob) -> UpscalePlan | None:
        """Tiles and VRAM for this job on the card, when vulkaninfo told its memory."""
        vulkan = self._machine.preferred_device
        device = device_from_vulkan(vulkan) if vulkan else None
        if device is None:
            return None
        return plan_upscale(job.request.model.stat().st_size, job.model_scale, device, *job.source_size,
                            job.request.tile_size, job.repeats)

    def _on_process_finished(self, outcome: Outcome) -> None:
        job, staged = self._job, self._staged
        if outcome.ok and job is not None and staged is not None and staged.is_file():
            outcome = self._finish(outcome, job, staged)
        elif self._retry_smaller(outcome, job):
            return
        elif staged is not None:
            discard(staged)
            if outcome.ok:
                outcome = Outcome(outcome.exit_code, None,
                                  BackendError(ErrorKind.UNKNOWN, "sd.cpp wrote no upscaled picture"))
        self._end(outcome)

    def _finish(self, outcome: Outcome, job: UpscaleJob, staged: Path) -> Outcome:
        try:
            finish_upscale(staged, job)
        except OSError as error:  # not a picture sd.cpp could have written whole
            discard(staged)
            return Outcome(outcome.exit_code, None, BackendError(ErrorKind.UNKNOWN, reason_of(error)))
        seed = self._seed_of(job.request.image)
        finished = finish_picture(staged, self._target, seed, self._gallery, outcome.exit_code,
                                  label=lambda picture: self._label(picture, job), tell=self._tell_notice,
                                  refused=lambda error: Outcome(outcome.exit_code, None,
                                                                set_picture_aside(staged, seed, error)))
        assert finished is not None, "an upscale is not drawn again"
        return finished

    def _retry_smaller(self, outcome: Outcome, job: UpscaleJob | None) -> bool:
        """Out of video memory: the same upscale in tiles half the size (a quarter of the buffers), down to
        the smallest tile; False when there is nothing smaller to try."""
        if self._staged is not None:
            discard(self._staged)
        error = outcome.error
        if job is None or error is None or error.kind is not ErrorKind.OUT_OF_VRAM:
            return False
        tile = job.request.tile_size // 2
        if tile < MIN_TILE_SIZE:
            return False
        self._tell_retry(ErrorKind.OUT_OF_VRAM.value, tile)
        self._begin(dataclasses.replace(job.request, tile_size=tile))
        return True

    @staticmethod
    def _seed_of(image: Path) -> int:
        try:
            details = read_details(image)
        except (OSError, ValueError, SyntaxError):
            details = None
        seed = details.get("seed") if details else None
        return seed if isinstance(seed, int) else 0

    def _label(self, staged: Path, job: UpscaleJob) -> None:
        try:
            source_text, details = read_parameters_text(job.request.image), read_details(job.request.image)
        except (OSError, ValueError, SyntaxError):
            source_text, details = None, None
        upscaled = {**(details or {}), "upscaled_from": str(job.request.image.absolute()),
                    "upscale": {"factor": job.request.factor, "model": str(job.request.model),
                                "repeats": job.repeats, "tile_size": job.request.tile_size,
                                "size": list(job.size)}}
        write_metadata(staged, upscaled_parameters(source_text, job), upscaled)

    def _end(self, outcome: Outcome) -> None:
        self._busy = False
        self._job = None
        self._staged = None
        self._tell_end(outcome)
