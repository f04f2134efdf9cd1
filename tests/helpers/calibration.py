"""Measured peaks (tests/data/calibration/) against the planner's predictions for the same runs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.core.generation.plan import MIB, Components, Device, decoder_compute, evaluate
from app.core.generation.request import MemoryFlags, ModelFamily

CALIBRATION = Path(__file__).resolve().parents[1] / "data" / "calibration"


@dataclass(frozen=True)
class Comparison:
    size: int
    flags: tuple[str, ...]
    measured_mib: float
    predicted_mib: float

    @property
    def error(self) -> float:
        return (self.predicted_mib - self.measured_mib) / self.measured_mib


def memory_of(flags: list[str]) -> MemoryFlags:
    max_vram = float(flags[flags.index("--max-vram") + 1]) if "--max-vram" in flags else None
    return MemoryFlags(clip_on_cpu="--clip-on-cpu" in flags, vae_on_cpu="--vae-on-cpu" in flags,
                       vae_tiling="--vae-tiling" in flags, offload_to_cpu="--offload-to-cpu" in flags,
                       diffusion_fa="--diffusion-fa" in flags, max_vram_gib=max_vram)


def comparisons() -> list[Comparison]:
    """Every measured run: the team's first H200 table (TAE) and our two ladder runs (real-shaped AE; the
    first on a cold machine, whose first run also compiled the shaders, so only its peaks count)."""
    first = json.loads((CALIBRATION / "h200_flux12b_q4_0.json").read_text(encoding="utf-8"))
    sizes = first["components_mib"]
    tae = Components(ModelFamily.FLUX, int(sizes["diffusion"] * MIB), int(sizes["text_encoders"] * MIB),
                     int(sizes["vae"] * MIB), tae=sizes["tae"])
    result = _compare(tae, first["runs"])
    for name in ("h200_flux12b_ladder_cold.json", "h200_flux12b_ladder.json"):
        ladder = json.loads((CALIBRATION / name).read_text(encoding="utf-8"))
        sizes = ladder["components_bytes"]
        ae = Components(ModelFamily.FLUX, sizes["diffusion"], sizes["text_encoders"], sizes["vae"])
        result += _compare(ae, [r for r in ladder["runs"] if r["exit_code"] == 0])
    return result


def _compare(components: Components, runs: list[dict]) -> list[Comparison]:
    device = Device(140 * 2**30)
    result = []
    for run in runs:
        plan = evaluate(components, device, 2**40, run["size"], run["size"], 4, memory_of(run["flags"]))
        result.append(Comparison(run["size"], tuple(run["flags"]), run["peak_mib"], plan.peak_vram.total / MIB))
    return result


def decoder_comparisons(name: str = "lavapipe_decoder_buffers.json") -> list[tuple[dict, float]]:
    """(run, predicted MiB) for each recorded decoder compute buffer."""
    data = json.loads((CALIBRATION / name).read_text(encoding="utf-8"))
    result = []
    for run in data["runs"]:
        components = Components(ModelFamily.FLUX, 0, tae=run["decoder"] == "tae")
        result.append((run, decoder_compute(components, run["size"], run["size"], run["tiled"]) / MIB))
    return result


def sd_components(model: str, tae: bool = False) -> Components:
    """The planner's view of the real-shaped checkpoints measured on the H100 (`demo_model --calibration sd`),
    from their tensor lists: f16 matrices, f32 vectors, as the writer stores them."""
    from app.core.models import demo_model

    def size(tensors: object) -> int:
        return sum(int(np.prod(t.shape)) * (4 if len(t.shape) == 1 or "position_embedding" in t.name else 2)
                   for t in tensors)  # type: ignore[attr-defined]

    xl = model == "sdxl"
    text = size(demo_model.clip_l_tensors("cond_stage_model."))
    if xl:
        text += size(demo_model.clip_l_tensors("cond_stage_model.1.", 1280, 32, projection=True))
    vae = size(demo_model.tae_tensors(4)) if tae else size(demo_model.ae_tensors(4, prefix="first_stage_model."))
    return Components(ModelFamily.SDXL if xl else ModelFamily.SD1, size(demo_model.unet_tensors(xl)), text, vae,
                      tae=tae)


@dataclass(frozen=True)
class SdRun:
    run: dict
    predicted_mib: float
    predicted_stage: str

    @property
    def error(self) -> float:
        return (self.predicted_mib - self.run["peak_mib"]) / self.run["peak_mib"]


def sd_comparisons(name: str) -> list[SdRun]:
    """Each measured SD 1.5 / SDXL run of a table (h100_sd_fit.json or h100_sd_check.json) against the planner."""
    data = json.loads((CALIBRATION / name).read_text(encoding="utf-8"))
    result = []
    for run in data["runs"]:
        components = sd_components(run["model"], run["decoder"] == "tae")
        plan = evaluate(components, Device(80 * 2**30), 2**40, run["width"], run["height"], run["steps"],
                        memory_of(run["flags"]))
        stage = next(name for name, breakdown in plan.stages if breakdown == plan.peak_vram)
        result.append(SdRun(run, plan.peak_vram.total / MIB, stage))
    return result
