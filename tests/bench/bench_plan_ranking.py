"""The planner's ranking against the lent machines' measured runs (tests/data/calibration/): for each measured
shape and each card budget, the plan the time model (app/core/planning/timing.py, the one the window shows)
ranks fastest among the measured plans that fit that budget, against the one that measured fastest; and the
automatic plan (among every plan the backend can express) where it was measured.

    .venv/bin/python tests/bench/bench_plan_ranking.py

Prints each case and the figures: how often the chosen plan was the measured fastest, and by how much it missed
when it was not.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.models.backend_caps import parse_help
from app.core.models.components import Components
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.planning.plan import GIB, Device, evaluate, fastest, plan_memory
from app.core.planning.work import ExtraWork
from tests.helpers.calibration import CALIBRATION, lent_machine, llm_components, memory_of, sd_components
from tests.helpers.captures import load

BUDGETS_GIB = (3, 4, 6, 8, 12, 16)
LLM_MODELS = ("klein", "zimage", "klein-q8", "zimage-q8")


@dataclass(frozen=True)
class Shape:
    """One measured job and every plan of it that was run: flags -> (measured seconds, measured peak MiB)."""

    name: str
    components: Components
    width: int
    height: int
    steps: int
    quantized: bool
    work: ExtraWork
    card: str
    runs: dict[MemoryFlags, tuple[float, int]]


def shapes() -> Iterator[Shape]:
    groups: dict[tuple[object, ...], dict[MemoryFlags, tuple[float, int]]] = {}
    for table in ("h100_sd_fit.json", "h100_sd_check.json", "h100_llm_fit.json"):
        for run in json.loads((CALIBRATION / table).read_text(encoding="utf-8"))["runs"]:
            if run.get("cold") or run["exit_code"] != 0 or not run.get("generate_s"):
                continue
            key = (run["model"], run["width"], run["height"], run["steps"], run.get("decoder") == "tae",
                   bool(run.get("reference")))
            groups.setdefault(key, {})[memory_of(run["flags"])] = (run["generate_s"], run["peak_mib"])
    for (model, width, height, steps, tae, reference), runs in groups.items():
        llm = model in LLM_MODELS
        components = llm_components(model) if llm else sd_components(model, tae)
        yield Shape(f"{model}{'-tae' if tae else ''}{'-edit' if reference else ''} {width}x{height}", components,
                    width, height, steps, llm, ExtraWork(references=int(reference)), "NVIDIA H100 80GB HBM3", runs)
    ladder = json.loads((CALIBRATION / "h200_flux12b_ladder.json").read_text(encoding="utf-8"))
    sizes = ladder["components_bytes"]
    flux = Components(ModelFamily.FLUX, sizes["diffusion"], sizes["text_encoders"], sizes["vae"])
    by_size: dict[int, dict[MemoryFlags, tuple[float, int]]] = {}
    for run in ladder["runs"]:
        if run["exit_code"] == 0:
            by_size.setdefault(run["size"], {})[memory_of(run["flags"])] = (run["wall_s"], run["peak_mib"])
    for size, runs in sorted(by_size.items()):
        yield Shape(f"flux12b {size}x{size}", flux, size, size, 4, True, ExtraWork(), "NVIDIA H200", runs)


def flags_text(memory: MemoryFlags) -> str:
    words = [name for name, on in (("clip-cpu", memory.clip_on_cpu), ("vae-cpu", memory.vae_on_cpu),
                                   ("tiled", memory.vae_tiling), ("offload", memory.offload_to_cpu),
                                   ("fa", memory.diffusion_fa)) if on]
    return " ".join(words + ([f"max-vram {memory.max_vram_gib:g}"] if memory.max_vram_gib else []))


def main() -> int:
    caps = parse_help(load("help").stdout.decode())
    ranked, hits, misses = 0, 0, []
    auto_measured, auto_hits, auto_misses = 0, 0, []
    print(f"{'shape':28} {'budget':>6}  {'plans':>5}  {'picked s':>8}  {'fastest s':>9}  {'miss':>6}  picked / fastest")
    for shape in shapes():
        counted: set[frozenset[MemoryFlags]] = set()
        for budget in BUDGETS_GIB:
            device: Device = lent_machine(budget * GIB, card=shape.card)
            fitting = {memory: seconds for memory, (seconds, peak) in shape.runs.items() if peak <= budget * 1024}
            if len(fitting) < 2 or frozenset(fitting) in counted:
                continue  # one plan, or the same choice as a smaller budget's, already counted
            counted.add(frozenset(fitting))
            plans = [evaluate(shape.components, device, 2**40, shape.width, shape.height, shape.steps, memory,
                              shape.work, quantized=shape.quantized) for memory in fitting]
            picked = fastest(plans).memory
            best = min(fitting, key=lambda memory: fitting[memory])
            miss = fitting[picked] / fitting[best] - 1
            ranked += 1
            hits += picked == best
            if picked != best:
                misses.append((miss, shape.name, budget))
            print(f"{shape.name:28} {budget:>4}GiB  {len(fitting):>5}  {fitting[picked]:>8.2f}  {fitting[best]:>9.2f}  "
                  f"{miss:>+6.1%}  {flags_text(picked)} / {flags_text(best) if picked != best else '(same)'}")
            auto = plan_memory(shape.components, device, 64 * GIB, shape.width, shape.height, shape.steps, caps,
                               shape.work, quantized=shape.quantized)
            if auto.memory in fitting:
                auto_measured += 1
                auto_hits += auto.memory == best
                if auto.memory != best:
                    auto_misses.append(fitting[auto.memory] / fitting[best] - 1)
    print()
    worst = max(misses, default=(0.0, "-", 0))
    print(f"ranking among the measured plans that fit: the time model's fastest was the measured fastest in {hits} "
          f"of {ranked} cases; worst miss {worst[0]:+.1%} ({worst[1]} at {worst[2]} GiB); "
          f"median miss when missed {sorted(m for m, _, _ in misses)[len(misses) // 2] if misses else 0:+.1%}")
    print(f"automatic plan (among every plan the backend can express): measured in {auto_measured} cases, the "
          f"measured fastest in {auto_hits}; worst miss {max(auto_misses, default=0.0):+.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
