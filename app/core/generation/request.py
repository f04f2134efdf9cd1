"""What the user asked for: one image generation, and its validation."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from app.core.models.model_files import SLOT_NAMES, ComponentKind, ModelFileError, inspect_model, slot_problem

MIN_SIDE = 64
# sd.cpp accepts more, but Polaris cards (4-8 GB) cannot hold activations past this.
MAX_SIDE = 2048
MAX_STEPS = 200
MAX_SEED = 2**31 - 1


class InvalidRequest(ValueError):
    """The request cannot be run; the message is meant for the user."""


class ModelRejected(InvalidRequest):
    """A model file is unreadable, incomplete or not a model at all."""


class ModelFamily(StrEnum):
    FLUX = "flux"
    SD1 = "sd1"
    SDXL = "sdxl"
    UNKNOWN = "unknown"

    @property
    def size_multiple(self) -> int:
        # Flux packs 2x2 latent patches on top of the VAE's 8x downscale: sides must divide by 16.
        # Until the model inspector names the family, the strictest rule keeps every family valid.
        return 8 if self in (ModelFamily.SD1, ModelFamily.SDXL) else 16


@dataclass(frozen=True)
class ModelFiles:
    """Paths to the model parts; a full checkpoint goes in `model`, split parts in the others."""

    model: Path | None = None
    diffusion_model: Path | None = None
    vae: Path | None = None
    taesd: Path | None = None
    clip_l: Path | None = None
    t5xxl: Path | None = None

    @property
    def main(self) -> Path | None:
        """The file that names the model (for 'Model' and 'Model hash'): the checkpoint or the diffusion part."""
        return self.model or self.diffusion_model

    def given(self) -> dict[str, Path]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if getattr(self, f.name)}


# sd.cpp 0.4.7's --sampling-method and --scheduler choices, in its own order (its --help,
# tests/data/sdcpp-0.4.7/bad_flag.stdout)
SAMPLERS = ("euler", "euler_a", "heun", "dpm2", "dpm++2s_a", "dpm++2m", "dpm++2mv2", "ipndm", "ipndm_v", "lcm",
            "ddim_trailing", "tcd")
SCHEDULERS = ("discrete", "karras", "exponential", "ays", "gits", "smoothstep", "sgm_uniform", "simple",
              "kl_optimal", "lcm", "bong_tangent")


@dataclass(frozen=True)
class MemoryFlags:
    """Where sd.cpp puts each part: chosen by the memory planner, or by an expert."""

    clip_on_cpu: bool = True
    vae_on_cpu: bool = True
    vae_tiling: bool = False
    offload_to_cpu: bool = False
    diffusion_fa: bool = False
    max_vram_gib: float | None = None  # with offload_to_cpu: stream the diffusion weights within this budget


@dataclass(frozen=True)
class GenerationRequest:
    prompt: str
    negative_prompt: str = ""
    width: int = 512
    height: int = 512
    steps: int = 4
    cfg_scale: float | None = None  # None: the backend's default for the model
    seed: int | None = None  # None: pick one, so the image can record it
    sampler: str | None = None
    scheduler: str | None = None  # None: the backend's default (discrete)
    models: ModelFiles = field(default_factory=ModelFiles)
    memory: MemoryFlags | None = None  # None: the memory planner chooses, and recovers from OOM
    family: ModelFamily = ModelFamily.UNKNOWN


def snap_side(name: str, value: int, multiple: int) -> tuple[int, str | None]:
    """Round a side to the nearest allowed multiple and say so when it changes."""
    if value <= 0:
        raise InvalidRequest(f"{name} must be a positive number of pixels, got {value}")
    if value < MIN_SIDE or value > MAX_SIDE:
        raise InvalidRequest(f"{name} must be between {MIN_SIDE} and {MAX_SIDE} pixels, got {value}")
    snapped = (value + multiple // 2) // multiple * multiple
    if snapped == value:
        return value, None
    return snapped, f"{name} {value} is not a multiple of {multiple}; using {snapped}"


def validate(request: GenerationRequest) -> tuple[GenerationRequest, list[str]]:
    """Return a request sd.cpp will run as asked (no silent alignment) and notes on what changed."""
    if not request.prompt.strip():
        raise InvalidRequest("the prompt is empty")
    models = request.models
    if models.model is None and models.diffusion_model is None:
        raise InvalidRequest("no model chosen: give a model file (--model) or a diffusion model (--diffusion-model)")
    kinds: list[ComponentKind] = []
    for role, path in models.given().items():
        if not path.is_file():
            raise InvalidRequest(f"{role.replace('_', ' ')} file not found: {path}")
        try:
            info = inspect_model(path)
        except (ModelFileError, OSError) as error:
            raise ModelRejected(f"cannot use {path} as {SLOT_NAMES[role]}: {error}") from error
        problem = slot_problem(role, info)
        if problem:
            raise InvalidRequest(problem)
        kinds += info.parts
    if not 1 <= request.steps <= MAX_STEPS:
        raise InvalidRequest(f"steps must be between 1 and {MAX_STEPS}, got {request.steps}")
    if request.cfg_scale is not None and not 0 < request.cfg_scale <= 30:
        raise InvalidRequest(f"cfg scale must be above 0 and at most 30, got {request.cfg_scale}")
    if request.seed is not None and not 0 <= request.seed <= MAX_SEED:
        raise InvalidRequest(f"seed must be between 0 and {MAX_SEED}, got {request.seed}")
    # sd.cpp runs in the output folder, so every path it gets must be absolute
    models = ModelFiles(**{role: path.absolute() for role, path in models.given().items()})
    family = request.family if request.family is not ModelFamily.UNKNOWN else family_of(kinds)
    multiple = family.size_multiple
    width, width_note = snap_side("width", request.width, multiple)
    height, height_note = snap_side("height", request.height, multiple)
    notes = [n for n in (width_note, height_note) if n]
    # Flux is distilled to run without a negative pass: sd.cpp's default cfg 7 would double the work
    cfg_scale = 1.0 if request.cfg_scale is None and family is ModelFamily.FLUX else request.cfg_scale
    return dataclasses.replace(request, width=width, height=height, models=models, family=family,
                               cfg_scale=cfg_scale), notes


def family_of(kinds: list[ComponentKind]) -> ModelFamily:
    for kind, family in ((ComponentKind.FLUX, ModelFamily.FLUX), (ComponentKind.SDXL, ModelFamily.SDXL),
                         (ComponentKind.SD1, ModelFamily.SD1)):
        if kind in kinds:
            return family
    return ModelFamily.UNKNOWN


def with_seed(request: GenerationRequest, rng: random.Random) -> GenerationRequest:
    if request.seed is not None:
        return request
    return dataclasses.replace(request, seed=rng.randint(0, MAX_SEED))
