"""Measured peaks (tests/data/calibration/) against the planner's predictions for the same runs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

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
