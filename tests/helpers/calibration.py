"""Measured peaks (tests/data/calibration/) against the planner's predictions for the same runs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.core.models.backend_caps import parse_help
from app.core.models.components import Components
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.planning.plan import GIB, MIB, Device, MemoryPlan, decoder_compute, evaluate, plan_memory
from app.core.planning.timing import Card, Host, find_card
from app.core.planning.work import ExtraWork

CALIBRATION = Path(__file__).resolve().parents[1] / "data" / "calibration"
LENT_HOST = Host(cores=16)  # the lent GPU machines' 16 cores (AVX2), beside the H100 or the H200


def lent_card(name: str = "NVIDIA H100 80GB HBM3") -> Card:
    card = find_card(name)
    assert card is not None, name
    return card


def lent_machine(vram: int, max_allocation: int | None = None, card: str = "NVIDIA H100 80GB HBM3") -> Device:
    """A budget on the lent machine as the calibration runs had it: the planner prices its plans with that
    machine's card and cores."""
    return Device(vram, max_allocation=max_allocation, card=lent_card(card), host=LENT_HOST)


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
    """The planner's view of the real-shaped checkpoints measured on the H100 (`picture_models --calibration sd`),
    from their tensor lists: f16 matrices, f32 vectors, as the writer stores them."""
    from app.core.demo import picture_models

    def size(tensors: object) -> int:
        return sum(int(np.prod(t.shape)) * (4 if len(t.shape) == 1 or "position_embedding" in t.name else 2)
                   for t in tensors)  # type: ignore[attr-defined]

    xl = model == "sdxl"
    text = size(picture_models.clip_l_tensors("cond_stage_model."))
    if xl:
        text += size(picture_models.clip_l_tensors("cond_stage_model.1.", 1280, 32, projection=True))
    vae = size(picture_models.tae_tensors(4) if tae else picture_models.ae_tensors(4, prefix="first_stage_model."))
    return Components(ModelFamily.SDXL if xl else ModelFamily.SD1, size(picture_models.unet_tensors(xl)), text, vae,
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


def _gguf_bytes(tensors: object, quantize: bool, dtype_bytes: int = 2, quantization: str = "q4_0") -> int:
    """A file's tensor bytes as picture_models._write stores them: blocks for the matrices sd.cpp would quantize,
    f32 vectors, the rest f16 (or f32 for the VAEs)."""
    from app.core.demo.picture_models import block_bytes, is_block_quantized

    total = 0
    for t in tensors:  # type: ignore[attr-defined]
        count = int(np.prod(t.shape))
        if quantize and is_block_quantized(t):
            total += count // 32 * block_bytes(quantization)
        elif len(t.shape) == 1 or "position_embedding" in t.name:
            total += count * 4
        else:
            total += count * dtype_bytes
    return total


def llm_components(model: str) -> Components:
    """The planner's view of the real-shaped Z-Image Turbo / FLUX.2 klein 4B files measured on the H100
    (`picture_models --calibration llm`, and `llm-q8` for "zimage-q8" / "klein-q8"), from their tensor lists: the DiT
    in q4_0 (or q8_0), Qwen3-4B in q4_0, the VAE in f32."""
    from app.core.demo import picture_models

    qwen3 = _gguf_bytes(picture_models.qwen3_tensors(2560, 36, 9728), quantize=True)
    quantization = "q8_0" if model.endswith("-q8") else "q4_0"
    if model.startswith("zimage"):
        return Components(ModelFamily.Z_IMAGE, _gguf_bytes(picture_models.z_image_tensors(), True,
                                                           quantization=quantization),
                          qwen3, _gguf_bytes(picture_models.ae_tensors(), quantize=False, dtype_bytes=4))
    klein = picture_models.flux2_tensors(3072, 5, 20, 7680)
    return Components(ModelFamily.FLUX2, _gguf_bytes(klein, True, quantization=quantization), qwen3,
                      _gguf_bytes(picture_models.ae_tensors(32), quantize=False, dtype_bytes=4))


def llm_comparisons(name: str) -> list[SdRun]:
    """Each measured Z-Image / klein run of a table (h100_llm_fit.json) against the planner."""
    data = json.loads((CALIBRATION / name).read_text(encoding="utf-8"))
    result = []
    for run in data["runs"]:
        work = ExtraWork(references=1 if run.get("reference") else 0)
        plan = evaluate(llm_components(run["model"]), Device(80 * 2**30), 2**40, run["width"], run["height"],
                        run["steps"], memory_of(run["flags"]), work)
        stage = next(name for name, breakdown in plan.stages if breakdown == plan.peak_vram)
        result.append(SdRun(run, plan.peak_vram.total / MIB, stage))
    return result


# the cards of the small models' check (tests/bench/bench_small_models.py) and the planner's tests: AMD's Windows
# driver's allocation cap, a hobbyist's 16 GiB of RAM, a Polaris card's speeds for ranking the plans
WINDOWS_CAP = 2 * GIB - 64 * MIB
HOST_RAM = 16 * GIB


def card(gib: int) -> Device:
    return Device(gib * GIB, max_allocation=WINDOWS_CAP)


@dataclass(frozen=True)
class LlmCheck:
    run: dict
    plan: MemoryPlan  # what the planner picks today for that card, shape and edit
    measured_plan: MemoryPlan  # the plan the run was measured in, predicted for that card

    @property
    def error(self) -> float:
        return (self.measured_plan.peak_vram.total / MIB - self.run["peak_mib"]) / self.run["peak_mib"]


def llm_checks(table: str = "checks") -> list[LlmCheck]:
    """The runs of h100_llm_check.json (the plans picked for 4, 6 and 8 GiB cards: `checks` at shapes and sizes
    never fitted to, `weight_fit` the q8_0 runs one term was fitted to) against the planner's plan for the same
    card now, and the plan they ran predicted for that card."""
    from tests.helpers.captures import load

    caps = parse_help(load("help").stdout.decode())
    data = json.loads((CALIBRATION / "h100_llm_check.json").read_text(encoding="utf-8"))
    result = []
    for run in data[table]:
        components, device, work = llm_components(run["model"]), card(run["budget_gib"]), ExtraWork(
            references=int(run["edit"]))
        plan = plan_memory(components, device, HOST_RAM, run["width"], run["height"], run["steps"], caps, work)
        measured = evaluate(components, device, HOST_RAM, run["width"], run["height"], run["steps"],
                            memory_of(run["flags"]), work)
        result.append(LlmCheck(run, plan, measured))
    return result
