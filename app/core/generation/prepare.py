"""A job read once: the request checked, its model files' headers read, what it adds to txt2img and the memory
plans for this machine. The queue's RAM prediction, the window's plan, the run and its retries all use the one
`PreparedJob`; nothing reads the files again for the same job."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from app.core.generation.lora import LoraUse
from app.core.generation.request import (
    GenerationRequest,
    HiresFix,
    InvalidRequest,
    ModelRejected,
    check_fields,
    check_hires,
    snap_side,
    validate_with_models,
)
from app.core.models.backend_caps import BackendCaps
from app.core.models.components import Components, components_from_files
from app.core.models.controlnet import controlnet_memory_bytes
from app.core.models.model_files import ModelInfo, inspect_model
from app.core.planning.plan import Device, MemoryPlan, plan_memory
from app.core.planning.timing import Card, Host, MeasuredStep, PictureTime, picture_time
from app.core.planning.work import ExtraWork

UNQUANTIZED = ("f32", "f16", "bf16")


@dataclass(frozen=True)
class MachineFacts:
    """What the planner knows of this computer now: the card (None when vulkaninfo did not tell its memory),
    the RAM free and what the backend offers."""

    device: Device | None
    ram_available: int
    caps: BackendCaps


@dataclass(frozen=True)
class PreparedJob:
    request: GenerationRequest  # checked: sizes snapped, paths absolute, family read from the files
    notes: tuple[str, ...]  # what the check changed, said to the user
    models: Mapping[str, ModelInfo]  # each given slot's header
    loras: tuple[tuple[LoraUse, Path], ...]  # the prompt's LoRAs with their files, checked once
    components: Components  # the model's parts, as the planner and the time model count them
    quantized: bool  # block-quantized main weights: sd.cpp applies LoRAs at run time
    work: ExtraWork
    # automatic placement's choice, then its fallbacks (each needing less VRAM); empty when the card's memory is
    # unknown. Planned also for a job with its own memory settings: the queue still counts its RAM.
    plans: tuple[MemoryPlan, ...]

    @property
    def peak_ram(self) -> int:
        """The RAM the job is predicted to hold at its peak; 0 when there is no plan to say."""
        return self.plans[0].peak_ram if self.plans else 0


def lora_at_runtime(models: Mapping[str, ModelInfo]) -> bool:
    """sd.cpp's `--lora-apply-mode auto`: a model with quantized weights gets its LoRAs at run time."""
    main = models.get("model") or models.get("diffusion_model")
    return main is not None and main.quantization not in UNQUANTIZED


@dataclass(frozen=True)
class WhatIf:
    """A job planned before it can run (`plan`): its model's parts given instead of read from its files (a preset
    not downloaded yet), and the pictures and LoRAs it would take counted without being given."""

    components: Components
    quantized: bool  # the main model's weights are block-quantized (sd.cpp then applies LoRAs at run time)
    encode: bool = False  # it starts from a picture: the encoder's pass
    references: int = 0  # pictures it edits from
    loras: tuple[Path, ...] = ()  # LoRA files, counted by their headers


def prepare(request: GenerationRequest, machine: MachineFacts | None, what_if: WhatIf | None = None) -> PreparedJob:
    """Check the request and plan it for this machine (None: another computer, which plans its own memory),
    reading each model header and each LoRA once; `what_if`: a job planned before it can run, its parts given.
    Raises what `validate` raises (InvalidRequest, ModelRejected) with words for the user."""
    if what_if is None:
        request, notes, models, checked = validate_with_models(request)
        loras = tuple(checked)
        components, quantized = components_from_files(dict(models), request.family), lora_at_runtime(models)
        encode, references, lora_files = (request.init_image is not None or bool(request.ref_images),
                                          len(request.ref_images), [path for _, path in loras])
    else:
        request, notes = _sized(dataclasses.replace(request, family=what_if.components.family))
        models, loras = {}, ()
        components, quantized = what_if.components, what_if.quantized
        encode, references, lora_files = what_if.encode, what_if.references, list(what_if.loras)
    work = ExtraWork(encode=encode, hires_size=request.hires_size,
                     hires_steps=hires_sampled_steps(request.hires, request.steps) if request.hires else 0,
                     lora_bytes=sum(inspect_model(path).total_bytes for path in lora_files),
                     lora_at_runtime=quantized and bool(lora_files), references=references)
    if request.face_fix is not None:
        work = _with_faces(work, request)
    if request.control is not None and request.control.model.is_file():  # its header read (and cached) by validate
        work = dataclasses.replace(work, control_bytes=controlnet_memory_bytes(inspect_model(request.control.model)),
                                   control_on_cpu=request.control.on_cpu)
    plans: tuple[MemoryPlan, ...] = ()
    if machine is not None and machine.device is not None:
        plan = plan_memory(components, machine.device, machine.ram_available, request.width, request.height,
                           request.steps, machine.caps, work, quantized=quantized)
        plans = (plan, *plan.fallbacks)
    return PreparedJob(request, tuple(notes), models, loras, components, quantized, work, plans)


def _with_faces(work: ExtraWork, request: GenerationRequest) -> ExtraWork:
    """Fix faces' share of the work: one face's pass per picture, at the family's native size."""
    assert request.face_fix is not None
    fix = request.face_fix
    return dataclasses.replace(work, face_passes=1, face_size=request.family.traits.square,
                               face_steps=img2img_steps(fix.steps or request.steps, fix.strength),
                               faces_only=fix.only)


def _sized(request: GenerationRequest) -> tuple[GenerationRequest, list[str]]:
    """A what-if's size, steps and hires fix, refused and snapped as `validate` does a real request's."""
    width, width_note = snap_side("width", request.width, request.family.size_multiple)
    height, height_note = snap_side("height", request.height, request.family.size_multiple)
    check_fields(request)
    request = dataclasses.replace(request, width=width, height=height)
    if request.hires is not None:
        check_hires(request)
    return request, [note for note in (width_note, height_note) if note]


def prepared_or_why(request: GenerationRequest, machine: MachineFacts | None) -> PreparedJob | str:
    """`prepare`, or why the request cannot run, in the user's words."""
    try:
        return prepare(request, machine)
    except (InvalidRequest, ModelRejected) as error:
        return str(error)


def job_time(prepared: PreparedJob, card: Card, host: Host, measured: MeasuredStep | None = None) -> PictureTime | None:
    """The chosen plan's time for a prepared job; None without a plan."""
    if not prepared.plans:
        return None
    request = prepared.request
    return picture_time(prepared.components, prepared.plans[0], card, host, request.width, request.height,
                        sampled_steps(request, prepared.work), prepared.quantized, prepared.work, measured)


def sampled_steps(request: GenerationRequest, work: ExtraWork) -> int:
    """The steps sd.cpp samples: from a picture (img2img, not an edit's references), the strength's share of them
    and one more (stable-diffusion.cpp's img2img keeps the schedule from step steps - t_enc - 1, t_enc being
    int(steps x strength): 3 of 4 steps at 0.5, as its progress counts them)."""
    if not work.encode or work.references or request.strength >= 1:
        return request.steps
    return img2img_steps(request.steps, request.strength)


def img2img_steps(steps: int, strength: float) -> int:
    """The steps sd.cpp samples from a picture at `strength` (img2img, a face's pass: 9 of 20 at 0.4, measured):
    int(steps x strength) and one more."""
    return min(steps, int(steps * strength) + 1)


def hires_sampled_steps(hires: HiresFix, steps: int) -> int:
    """The steps sd.cpp's hires fix samples in its second pass (as sd-webui: its steps, else the first pass's,
    become a schedule of steps / strength, of which it keeps t_enc = int(that x strength) and one more)."""
    schedule = int((hires.steps or steps) / hires.denoising_strength)
    return min(int(schedule * hires.denoising_strength), schedule - 1) + 1


def hires_steps_sampling(sampled: int, strength: float) -> int:
    """The hires fix's steps (--hires-steps) whose second pass samples `sampled` steps at `strength`, or the
    nearest above."""
    return next(steps for steps in range(1, sampled + 1)
                if hires_sampled_steps(HiresFix(denoising_strength=strength, steps=steps), steps) >= sampled)
