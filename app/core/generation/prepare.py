"""A job read once: the request checked, its model files' headers read, what it adds to txt2img and the memory
plans for this machine. The queue's RAM prediction, the window's plan, the run and its retries all use the one
`PreparedJob`; nothing reads the files again for the same job."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.core.generation.lora import check_loras
from app.core.generation.request import GenerationRequest, validate_with_models
from app.core.models.backend_caps import BackendCaps
from app.core.models.components import components_from_files
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


def extra_work(request: GenerationRequest, models: Mapping[str, ModelInfo]) -> ExtraWork:
    """What a checked request adds to txt2img, for the planner: the encode, hires' second pass, LoRA weights."""
    lora_bytes = 0
    if request.lora_dir is not None:
        lora_bytes = sum(inspect_model(path).total_bytes
                         for _, path in check_loras(request.prompt, request.lora_dir, request.family.value))
    return ExtraWork(encode=request.init_image is not None or bool(request.ref_images),
                     hires_size=request.hires_size, hires_steps=request.hires.steps if request.hires else 0,
                     lora_bytes=lora_bytes, lora_at_runtime=lora_at_runtime(models),
                     references=len(request.ref_images))


def prepare(request: GenerationRequest, machine: MachineFacts) -> PreparedJob:
    """Check the request and plan it for this machine, reading each model header once. Raises what `validate`
    raises (InvalidRequest, ModelRejected) with words for the user."""
    request, notes, models = validate_with_models(request)
    work = extra_work(request, models)
    plans: tuple[MemoryPlan, ...] = ()
    if machine.device is not None:
        plan = plan_memory(components_from_files(dict(models), request.family), machine.device,
                           machine.ram_available, request.width, request.height, request.steps, machine.caps, work,
                           quantized=lora_at_runtime(models))
        plans = (plan, *plan.fallbacks)
    return PreparedJob(request, tuple(notes), models, work, plans)


def job_time(prepared: PreparedJob, card: Card, host: Host, measured: MeasuredStep | None = None) -> PictureTime | None:
    """The chosen plan's time for a prepared job; None without a plan."""
    if not prepared.plans:
        return None
    request = prepared.request
    components = components_from_files(dict(prepared.models), request.family)
    return picture_time(components, prepared.plans[0], card, host, request.width, request.height, request.steps,
                        # sd.cpp applies LoRAs at run time exactly when the main model is block-quantized
                        lora_at_runtime(prepared.models), prepared.work, measured)
