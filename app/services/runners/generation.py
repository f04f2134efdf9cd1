"""One image generation: request -> argv -> SdProcess -> verified image. Shared by window and CLI."""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
import threading
import time
import traceback
import uuid
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

import psutil
from PIL import Image
from PySide6.QtCore import QObject, Signal

from app import __version__
from app.core.gallery.gallery_index import GalleryIndex
from app.core.gallery.image_store import (
    BadPicture,
    FolderProblem,
    check_folder,
    discard,
    final_name,
    picture_bytes,
    place,
    staging_path,
)
from app.core.gallery.metadata import a1111_parameters, generation_fields, job_details, write_metadata
from app.core.gallery.picture_check import (
    DOUBTFUL,
    drawn_by,
    rung_words,
    safer_rung,
    same_picture,
    what_to_try,
)
from app.core.generation.command import backend_environment, build_argv
from app.core.generation.faces import (
    FaceBox,
    FaceCrop,
    crop_inputs,
    detect_faces,
    face_crop,
    faces_found_words,
    no_face_words,
    paste_face,
)
from app.core.generation.input_image import keep_outside_mask, open_rgb
from app.core.generation.job_pictures import copy_job_pictures
from app.core.generation.lora import LoraUse
from app.core.generation.output import BackendError, ErrorKind, Outcome, Stage
from app.core.generation.prepare import MachineFacts, PreparedJob, prepare, prepared_or_why
from app.core.generation.request import GenerationRequest, InvalidRequest, ModelRejected, with_seed
from app.core.generation.upscale import UpscaleRequest
from app.core.models.backend_caps import BackendCaps
from app.core.models.families import MemoryFlags
from app.core.models.model_files import ModelInfo
from app.core.planning.plan import MemoryPlan, device_from_vulkan
from app.core.planning.preview import PreviewMethod
from app.core.platform_paths import install_dir_problem
from app.core.queue.jobs import Job
from app.core.queue.rig import LOCAL_CARD
from app.core.system.vulkaninfo import VulkanDevice
from app.core.words import reason_of, translate
from app.services.child_process import path_for_backend
from app.services.left_behind import owner_tag
from app.services.models.backend import BackendMissing
from app.services.models.model_hashes import ModelHashes
from app.services.runners.finish import (
    check_output_folder,
    finish_picture,
    job_files_folder,
    listed,
    loras_still_there,
    set_picture_aside,
)
from app.services.runners.live_preview import LivePreview
from app.services.runners.local import LocalRunner
from app.services.runners.measured_speeds import MeasuredSpeeds
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs, install_dir, portable_folder

JOBS_FOLDER = ".jobs"  # in the output folder: each img2img job's input and mask, kept for "Reuse settings"


@dataclasses.dataclass(frozen=True)
class FacesFound:
    """What the look for faces found in a drawn picture (or why it could not look), for the window's thread."""

    request: GenerationRequest
    staged: Path
    exit_code: int | None
    size: tuple[int, int]
    faces: list[FaceBox] | str  # the faces, largest first; text: the picture could not be read


@dataclasses.dataclass
class RunningJob:
    """One job's state on this card, made anew when it starts: nothing of one job is left for the next."""

    request: GenerationRequest | None = None  # as sd.cpp runs it now (a face's pass: that face's)
    models: Mapping[str, ModelInfo] = dataclasses.field(default_factory=dict)  # its headers, read once by prepare()
    loras: tuple[tuple[LoraUse, Path], ...] = ()  # and its LoRAs, checked once there
    stage: Stage | None = None  # said once each
    staged: Path | None = None
    job_dir: Path | None = None  # the input and mask copied for this job (img2img, inpaint)
    edited_from: tuple[Path, ...] = ()  # an edit's pictures where the user chose them
    extended_from: Path | None = None  # the picture an extension grew, where the user chose it
    ladder: list[MemoryPlan] = dataclasses.field(default_factory=list)  # the safer plans left
    automatic: bool = False
    preview_method: PreviewMethod = PreviewMethod.PROJ
    picture_retried: bool = False  # a refused picture is drawn again once, on a rung that computes otherwise
    first_try: Path | None = None  # the refused picture, kept while that rung draws it again
    started: float = dataclasses.field(default_factory=time.monotonic)
    # Fix faces: the picture's own request and staged picture while its faces are repainted, one pass each
    face_base: GenerationRequest | None = None
    face_picture: Path | None = None
    face_crops: list[FaceCrop] = dataclasses.field(default_factory=list)
    face_dir: Path | None = None


class Generation(LocalRunner):
    """Runs picture jobs one at a time on one card of this computer (a Runner). `job_event` carries what the job does
    (events.py); its JobEnded comes once per `start`, whatever happens: with the final image path when ok."""

    probed = Signal()  # vulkaninfo and the backend's --help have answered: `preview` can plan for the card now
    _faces_found = Signal(object)  # FacesFound, from the thread that looked for them

    def __init__(self, out_dir: Path, machine: Machine | None = None, gallery: GalleryIndex | None = None,
                 parent: QObject | None = None) -> None:
        # the card's memory and what the backend offers, asked once for the app and never on the GUI thread's
        # time; a generation made on its own (a test, the self-test) asks for itself
        super().__init__(machine or Machine(), parent)
        if machine is None:
            self._machine.setParent(self)
        self._out_dir = out_dir
        self._gallery = gallery
        self._machine.devices_changed.connect(self._on_devices_changed)
        self._machine.backend_answered.connect(self._on_backend_answered)
        self._faces_found.connect(self._on_faces_found)
        self._process.stage_changed.connect(self._on_stage)
        self._process.progress.connect(self._tell_step)
        self._process.log_line.connect(self._tell_log)
        self._process.finished.connect(self._on_process_finished)
        self.speeds = MeasuredSpeeds(parent=self)  # this card's seconds per step, for the next plan's time
        self._process.progress.connect(self.speeds.step_done)
        self._process.log_line.connect(self.speeds.log_line)  # sd.cpp's seconds for the processor's stages
        self.speeds.processor_timed.connect(self._after_an_answer)  # lavapipe's first picture can be priced now
        self._live_preview = LivePreview(self)
        self._process.progress.connect(lambda progress: self._live_preview.step_done(progress.step))
        self._live_preview.frame.connect(self._tell_preview)
        self._job = RunningJob()  # the running job's state, made anew for each
        self._hashes = ModelHashes(current_user_dirs().model_hashes)
        self._binary: Path | None = None
        self._caps: BackendCaps | None = None
        self._device: VulkanDevice | None = self._machine.preferred_device
        self._pinned = False  # one card of a rig: vulkaninfo's answer does not move it

    @property
    def out_dir(self) -> Path:
        return self._out_dir

    @property
    def gallery(self) -> GalleryIndex | None:
        return self._gallery

    def set_out_dir(self, folder: Path) -> None:
        """Where the next images go (the running one, if any, finishes where it started)."""
        self._out_dir = folder

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
        return self._pinned or self._machine.devices_known

    def probe_devices(self) -> None:
        """Ask vulkaninfo (and the backend) now, without starting anything; `probed` says when they answered."""
        self._ask_what_is_unknown()

    @property
    def card(self) -> VulkanDevice | None:
        """The device this generation runs sd.cpp on."""
        return self._device

    def pin_card(self, device: VulkanDevice) -> None:
        """Run every next job on this device (one card of a rig) and plan for its own memory."""
        self._device, self._pinned = device, True

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
        if self._ask_what_is_unknown():
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
            self._job.automatic = request.memory is None
            self._job.ladder = list(prepared.plans) if self._job.automatic else []
            # without a plan that counts a decoder's memory, the preview is the projection, which needs none
            self._job.preview_method = self._job.ladder[0].preview if self._job.ladder else PreviewMethod.PROJ
            if self._job.ladder:
                self._tell_plan(self._job.ladder[0])
                request = dataclasses.replace(request, memory=self._job.ladder.pop(0).memory)
            elif request.memory is None:
                request = dataclasses.replace(request, memory=MemoryFlags())
            # a portable copy's own folder is the user's to write in; an installed copy's is not
            problem = install_dir_problem(self._out_dir.absolute(), None if portable_folder() else install_dir())
            if problem:
                raise InvalidRequest(problem)
            # said in a second, not after a 14-minute run: the folders take a picture of this size
            needed = _room_for(request)
            check_output_folder(self._out_dir, needed)
            check_folder(current_user_dirs().staging, needed)
            request = self._copy_pictures(request)
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
            self._fix_only(request)
            return
        self._launch(request)

    def _fix_only(self, request: GenerationRequest) -> None:
        """More -> Fix faces: the picture itself (its own size, not a new drawing) goes straight to its faces."""
        assert request.init_image is not None
        self._job.request = request
        self._job.staged = staging_path(current_user_dirs().staging, f"{owner_tag()}-{uuid.uuid4().hex}")
        open_rgb(request.init_image).save(self._job.staged, format="PNG")
        self._fix_faces(request, self._job.staged, 0)

    def _copy_pictures(self, request: GenerationRequest) -> GenerationRequest:
        """The input and mask (at the size sd.cpp runs; an extension's canvas and mask) and an edit's pictures
        (at their own), copied into the job: the originals may change mid-run."""
        self._job.edited_from = request.ref_images
        self._job.extended_from = request.init_image if request.extend is not None else None
        if request.init_image is None and not request.ref_images:
            return request
        job = job_files_folder(self._out_dir) / JOBS_FOLDER / uuid.uuid4().hex
        job.mkdir(parents=True)
        self._job.job_dir = job
        return copy_job_pictures(request, job)

    def machine_facts(self) -> MachineFacts | str:
        """What `prepare` plans with now, or why there is nothing to plan with yet (asking what is unknown)."""
        try:
            binary = self._machine.backend()
        except BackendMissing as error:
            return str(error)
        if self._ask_what_is_unknown():
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
        vulkan = self._device
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
                preview = (self._job.preview_method, self._live_preview.begin())
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
        device = self._device
        env = backend_environment(os.environ, device)
        self._job.stage = None
        self._on_stage(Stage.LOADING)  # from the start: sd.cpp says nothing while it sets up the card
        self.speeds.run_started()  # the whole try by the clock: the start and the shader compiling are the user's wait
        self._process.start(argv, env, self._job.staged.parent, writes=self._job.staged)

    def stop_now(self) -> None:
        super().stop_now()
        self._live_preview.end()
        self._live_preview.wait_until_removed()  # the app is closing: its temporary folder goes first

    def _ask_what_is_unknown(self) -> bool:
        """Start asking vulkaninfo and the backend what is not known yet; True while an answer is awaited."""
        self._machine.ask()
        return not self.devices_probed or self._machine.asking_backend

    def _on_devices_changed(self) -> None:
        if not self._pinned:
            self._device = self._machine.preferred_device
        self._after_an_answer()

    def _on_backend_answered(self, _answer: object) -> None:
        self._after_an_answer()

    def _after_an_answer(self) -> None:
        if not self.devices_probed or self._machine.asking_backend:
            return
        if self._device is not None and self._device.is_cpu:
            self.speeds.time_processor_once()
        self.probed.emit()
        request, self._waiting = self._waiting, None
        if isinstance(request, GenerationRequest):
            self._begin(request)

    def _label(self, staged: Path, request: GenerationRequest) -> None:
        """Write A1111 'parameters' (with the model hash) and our 'polaris' JSON into the finished PNG."""
        main_model = request.models.main
        # the window must not freeze on a slow disk: an image finished before the hash goes without it
        hash_text = self._hashes.result(main_model, wait_s=2) if main_model else None
        loras = loras_still_there(self._job.loras)
        settings = generation_fields(request, hash_text, loras, f"Polaris Studio {__version__}")
        details = job_details(request, loras, self._job.automatic,
                              {"flavour": self._caps.flavour.value if self._caps else None,
                               "version": self._caps.version if self._caps else None},
                              round(time.monotonic() - self._job.started, 2), self._job.edited_from,
                              self._job.extended_from)
        write_metadata(staged, a1111_parameters(request.prompt, request.negative_prompt, settings), details)

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
            ended = Outcome(outcome.exit_code, None, BackendError(
                ErrorKind.UNKNOWN, translate("Generation", "the picture could not be finished ({error})")
                .format(error=f"{type(error).__name__}: {error}")))
        if ended is not None:
            self._end(ended)

    def _after_backend(self, outcome: Outcome) -> Outcome | None:
        """The job's outcome once its picture is checked and in place; None when a safer retry (or a face's pass)
        started."""
        if self._job.face_base is not None:
            return self._after_face_pass(outcome)
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
            self._fix_faces(request, staged, outcome.exit_code)
            return None
        return self._finish(request, staged, outcome)

    def _finish(self, request: GenerationRequest, staged: Path, outcome: Outcome) -> Outcome | None:
        assert request.memory is not None and request.seed is not None

        def label(picture: Path) -> None:
            if request.init_image is not None and request.mask is not None and request.face_fix is None:
                keep_outside_mask(picture, request.init_image, request.mask)
            self._label(picture, request)

        return finish_picture(staged, self._out_dir, request.seed, self._gallery, outcome.exit_code, label=label,
                              tell=self._tell_notice, drawn=drawn_by(request.family, request.memory),
                              refused=lambda error: self._bad_picture(outcome, request, staged, error))

    def _fix_faces(self, request: GenerationRequest, staged: Path, exit_code: int | None) -> None:
        """Look for the faces in the drawn picture on a thread of its own (up to a second at 1024²: not on the
        window's); `_on_faces_found` goes on from there."""
        assert request.face_fix is not None
        confidence = request.face_fix.confidence

        def look() -> None:
            try:
                with Image.open(staged) as picture:
                    size = picture.size
                    faces: list[FaceBox] | str = detect_faces(picture.convert("RGB"), confidence)
            except (OSError, ValueError) as error:  # the picture cannot be read: said as the job's end
                size, faces = (0, 0), f"{type(error).__name__}: {error}"
            self._faces_found.emit(FacesFound(request, staged, exit_code, size, faces))

        threading.Thread(target=look, name="faces", daemon=True).start()

    def _on_faces_found(self, found: FacesFound) -> None:
        try:
            ended = self._repaint_faces(found)
        except Exception as error:  # a fault of ours must not leave this job, and the queue behind it, waiting
            self._tell_log(traceback.format_exc(), "stderr")
            ended = Outcome(found.exit_code, None, BackendError(
                ErrorKind.UNKNOWN, translate("Generation", "the picture could not be finished ({error})")
                .format(error=f"{type(error).__name__}: {error}")))
        if ended is not None:
            self._end(ended)

    def _repaint_faces(self, found: FacesFound) -> Outcome | None:
        """Start the first face's pass; the finished picture's outcome when there is no face (said, not an
        error)."""
        request, staged = found.request, found.staged
        assert request.face_fix is not None
        if isinstance(found.faces, str):
            discard(staged)
            return Outcome(found.exit_code, None, BackendError(
                ErrorKind.UNKNOWN, translate("Generation", "the picture could not be finished ({error})")
                .format(error=found.faces)))
        if not found.faces:
            self._tell_notice(no_face_words())
            return self._finish(request, staged, Outcome(found.exit_code, str(staged)))
        self._tell_notice(faces_found_words(len(found.faces)))
        self._job.face_base, self._job.face_picture = request, staged
        self._job.face_crops = [face_crop(face, found.size, request.face_fix.padding) for face in found.faces]
        self._job.face_dir = job_files_folder(self._out_dir) / JOBS_FOLDER / f"faces-{uuid.uuid4().hex}"
        self._job.face_dir.mkdir(parents=True)
        self._next_face()
        return None

    def _next_face(self) -> None:
        """Repaint the next face: its crop at the model's native size, inpainted by the same model and seed."""
        base, fix = self._job.face_base, self._job.face_base.face_fix if self._job.face_base else None
        assert base is not None and fix is not None and self._job.face_picture is not None and self._job.face_dir
        crop = self._job.face_crops[0]
        native = base.family.traits.square
        image, mask = crop_inputs(self._job.face_picture, crop, fix, native, self._job.face_dir, uuid.uuid4().hex[:8])
        self._tell_notice(translate("Faces", "Fix faces: repainting a face at {width}x{height}").format(
            width=native[0], height=native[1]))
        self._launch(dataclasses.replace(
            base, prompt=fix.prompt or base.prompt, negative_prompt=fix.negative_prompt or base.negative_prompt,
            init_image=image.absolute(), mask=mask.absolute(), strength=fix.strength, width=native[0],
            height=native[1], size_from_input=False, hires=None, extend=None, ref_images=(), face_fix=None,
            steps=fix.steps or base.steps))

    def _after_face_pass(self, outcome: Outcome) -> Outcome | None:
        """One face's pass ended: its crop pasted back, then the next face, or the picture finished with its
        faces fixed. A pass that fails keeps the picture as it is, saying so."""
        job = self._job
        base, picture, face_request, staged = job.face_base, job.face_picture, job.request, job.staged
        assert base is not None and base.face_fix is not None and picture is not None and face_request is not None
        crop = self._job.face_crops.pop(0)
        drawn = outcome.image is not None and outcome.error is None and staged is not None
        if drawn:
            assert staged is not None and face_request.init_image and face_request.mask
            keep_outside_mask(staged, face_request.init_image, face_request.mask)
            paste_face(picture, staged, crop, base.face_fix)
            discard(staged)
        else:
            if staged is not None:
                discard(staged)
            if outcome.cancelled:
                self._job.face_crops = []
            else:
                why = outcome.error.message if outcome.error else translate("Faces", "no picture came")
                self._tell_notice(translate("Faces", "Fix faces: a face could not be repainted ({why}); the "
                                                     "picture keeps it as drawn").format(why=why))
        if self._job.face_crops:
            self._job.staged = None
            self._next_face()
            return None
        self._job.request, self._job.staged = base, picture
        self._end_faces()
        return self._finish(base, picture, Outcome(outcome.exit_code, str(picture)))

    def _end_faces(self) -> None:
        if self._job.face_dir is not None:
            shutil.rmtree(self._job.face_dir, ignore_errors=True)
        self._job.face_base, self._job.face_picture, self._job.face_crops, self._job.face_dir = None, None, [], None

    def _failed(self, outcome: Outcome, request: GenerationRequest | None) -> Outcome | None:
        """A run without a picture, in the user's words; None when a safer retry started."""
        error = outcome.error
        if error is not None and error.kind is ErrorKind.OUT_OF_VRAM and request is not None:
            if self._retry(request, "out_of_vram"):
                return None
            automatic = self._job.automatic
            advice = (translate("Generation", "Even the safest placement ran out of video memory") if automatic
                      else translate("Generation", "These memory settings ran out of video memory; automatic "
                                                   "placement may fit"))
            return Outcome(outcome.exit_code, None, BackendError(
                ErrorKind.OUT_OF_VRAM, translate("Generation", "{error}. {advice}: try a smaller image, a lower "
                                                               "quantization (Q4_K, T5-XXL q8_0) or SD 1.5.")
                .format(error=error.message, advice=advice)))
        if error is not None and error.kind is ErrorKind.CANNOT_SAVE and request is not None:
            # sd.cpp could not write into the app's own folder: say why (full, read-only) when the folder shows it
            try:
                check_folder(current_user_dirs().staging, _room_for(request))
            except FolderProblem as problem:
                return Outcome(outcome.exit_code, None, BackendError(ErrorKind.CANNOT_SAVE, reason_of(problem)))
        return outcome

    def _bad_picture(self, outcome: Outcome, request: GenerationRequest, staged: Path,
                     error: BadPicture) -> Outcome | None:
        """A picture the check refused: drawn once more on a rung that computes it otherwise, when there is one. A
        doubt (a design may look so) that comes back the same is the model's picture and is kept; else the picture
        is kept aside, for the user to keep or not, with what to try."""
        assert request.memory is not None and request.seed is not None
        first, self._job.first_try = self._job.first_try, None
        if first is not None:
            reproduced = error.fault in DOUBTFUL and _same_pictures(first, staged)
            discard(first)
            if reproduced:
                self._tell_notice(translate("Generation", "The check doubted the picture ({error}), but the safer "
                                                          "try drew the same picture: it is what the model drew, so "
                                                          "it is kept.").format(error=error))
                try:
                    final = place(staged, self._out_dir, final_name(request.seed, datetime.now()).removesuffix(".png"),
                                  current_user_dirs().unsaved)
                except FolderProblem as problem:
                    return Outcome(outcome.exit_code, None, BackendError(ErrorKind.CANNOT_SAVE, reason_of(problem)))
                return listed(final, self._gallery, outcome.exit_code, self._tell_notice)
        rung = None if self._job.picture_retried else safer_rung(request.memory, [p.memory for p in self._job.ladder])
        if rung is not None:
            self._job.picture_retried = True
            self._job.first_try = staged.with_name(f"{staged.stem}-first{staged.suffix}")
            staged.replace(self._job.first_try)  # to compare with what the same seed draws on the safer rung
            self._tell_notice(translate("Generation", "{error}; trying once more {how}.").format(
                error=error, how=rung_words(request.memory, self._job.ladder[rung].memory, self._on_processor())))
            self._retry(request, "bad_picture", rung)
            return None
        tried = translate("Generation", " on the safer try too") if self._job.picture_retried else ""
        return Outcome(outcome.exit_code, None, set_picture_aside(staged, request.seed, error, tried,
                                                                  what_to_try(error.fault, request.memory,
                                                                              self._on_processor())))

    def _on_processor(self) -> bool:
        """This card is Vulkan run by the processor (llvmpipe): no card or driver to blame."""
        return self._device is not None and self._device.is_cpu

    def _retry(self, request: GenerationRequest, reason: str, rung: int = 0) -> bool:
        """Start again with a safer plan (the next, or the ladder's `rung`: those before it need more memory and
        are dropped); False when none is left."""
        if not self._job.ladder:
            return False
        plan = self._job.ladder[rung]
        del self._job.ladder[:rung + 1]
        self._tell_retry(reason, plan)
        self._job.preview_method = plan.preview
        self._launch(dataclasses.replace(request, memory=plan.memory))
        return True

    def _end(self, outcome: Outcome) -> None:
        self._live_preview.end()
        if self._job.face_base is not None:  # ended mid-way through its faces (a fault of ours)
            if self._job.face_picture is not None:
                discard(self._job.face_picture)
            self._job.request = self._job.face_base
            self._end_faces()
        if self._job.job_dir is not None and not outcome.ok:
            shutil.rmtree(self._job.job_dir, ignore_errors=True)  # kept beside a finished image only
        self._job.job_dir = None
        if self._job.first_try is not None:  # the safer try ended otherwise (cancelled, failed, a good picture)
            discard(self._job.first_try)
            self._job.first_try = None
        self.speeds.run_finished(self._device, self._job.request, self._job.models, outcome.ok)
        self._busy, self._job = False, RunningJob()
        self._tell_end(outcome)


def _same_pictures(first: Path, second: Path) -> bool:
    try:
        with Image.open(first) as one, Image.open(second) as other:
            return same_picture(one, other)
    except OSError:
        return False


def _room_for(request: GenerationRequest) -> int:
    """What the finished picture may need on disk: at hires fix's size when there is a second pass."""
    return picture_bytes(*(request.hires_size or (request.width, request.height)))


def why_it_cannot_start(error: Exception, out_dir: Path) -> tuple[ErrorKind, str]:
    """A job refused before its backend starts (an image or an upscale), as the user is told it."""
    if isinstance(error, ModelRejected):
        return ErrorKind.MODEL_LOAD_FAILED, reason_of(error)
    if isinstance(error, BackendMissing):
        return ErrorKind.BACKEND_MISSING, reason_of(error)
    if isinstance(error, FolderProblem):
        return ErrorKind.CANNOT_SAVE, reason_of(error)
    if isinstance(error, OSError):
        return ErrorKind.BAD_REQUEST, translate("Generation", "cannot use output folder {folder}: {error}").format(
            folder=out_dir, error=error)
    return ErrorKind.BAD_REQUEST, reason_of(error)  # a request, a picture or a model the checks refused
