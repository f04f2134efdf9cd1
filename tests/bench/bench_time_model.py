"""The time model (app/core/planning/timing.py) against what was published and what was measured: predicted vs
published for the RX 580 figures it is calibrated to (goal: each within 25 %), and predicted vs measured for the
H100 runs in tests/data/calibration/ from the H100's own specifications, never fitted (goal: within 30 %).

    .venv/bin/python tests/bench/bench_time_model.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.planning.plan import GIB, Device, evaluate
from app.core.planning.timing import Host, find_card, picture_time
from tests.helpers.calibration import CALIBRATION, llm_components, memory_of, sd_components
from tests.helpers.published_speeds import PUBLISHED, published_time

H100_HOST = Host(cores=16)  # the lent machine's 16 cores; its PCIe is faster than the host side copies


def published_table() -> list[float]:
    print("== RX 580, published figures (the efficiencies are calibrated to the first two)")
    print(f"{'figure':48} {'published':>10} {'predicted':>10} {'ratio':>6}  source")
    ratios = []
    for figure in PUBLISHED:
        predicted = published_time(figure)
        ratio = predicted / figure.seconds
        ratios.append(ratio)
        print(f"{figure.name:48} {figure.seconds:>9.1f}s {predicted:>9.1f}s {ratio:>6.2f}  {figure.source}")
    return ratios


def h100_table() -> dict[str, list[float]]:
    """Every warm H100 run: sampling seconds, predicted from the H100's specifications."""
    card = find_card("NVIDIA H100 80GB HBM3")
    assert card is not None
    print(f"== H100 SXM5 from its specifications ({card.units} SMs x {card.lanes} FP32 lanes x 2 x "
          f"{card.clock_mhz:.0f} MHz = {card.peak_flops / 1e12:.1f} TFLOP/s FP32, "
          f"{card.bandwidth / 1e12:.2f} TB/s): sampling, measured vs predicted")
    print(f"{'run':34} {'meas s':>7} {'pred s':>7} {'ratio':>6}   {'whole meas':>10} {'pred':>6} {'ratio':>6}")
    ratios: dict[str, list[float]] = {}
    for name in ("h100_sd_fit.json", "h100_sd_check.json", "h100_llm_fit.json"):
        for run in json.loads((CALIBRATION / name).read_text(encoding="utf-8"))["runs"]:
            if run.get("cold") or run.get("reference"):
                continue
            model = run["model"]
            llm = model in ("klein", "zimage")
            components = llm_components(model) if llm else sd_components(model, run.get("decoder") == "tae")
            memory = memory_of(run["flags"])
            plan = evaluate(components, Device(80 * GIB), 2**40, run["width"], run["height"], run["steps"], memory)
            picture = picture_time(components, plan, card, H100_HOST, run["width"], run["height"], run["steps"],
                                   quantized=llm)
            sampling = dict(picture.stages)["sampling"]
            if plan.segments > 1:
                sampling += dict(picture.stages).get("moving weights", 0.0)  # streamed each pass, inside sampling
            ratio = sampling / run["sampling_s"]
            whole = picture.seconds / (run["generate_s"])
            ratios.setdefault(model, []).append(ratio)
            print(f"{run['name'][:34]:34} {run['sampling_s']:>7.2f} {sampling:>7.2f} {ratio:>6.2f}   "
                  f"{run['generate_s']:>10.2f} {picture.seconds:>6.2f} {whole:>6.2f}")
    return ratios


def main() -> int:
    published = published_table()
    print()
    by_model = h100_table()
    h100 = [ratio for ratios in by_model.values() for ratio in ratios]
    within = sum(0.7 <= r <= 1.3 for r in h100)
    print()
    for model, ratios in by_model.items():
        ratios = sorted(ratios)
        print(f"H100 {model:7} sampling ratio median {ratios[len(ratios) // 2]:.2f} ({ratios[0]:.2f} .. "
              f"{ratios[-1]:.2f}, {len(ratios)} runs)")
    print(f"RX 580: ratios {min(published):.2f} .. {max(published):.2f} "
          f"({'MET' if all(0.75 <= r <= 1.25 for r in published) else 'NOT MET'}: each within 25 %)")
    print(f"H100 sampling: ratios {min(h100):.2f} .. {max(h100):.2f}; {within} of {len(h100)} within 30 % "
          f"({'MET' if within == len(h100) else 'NOT MET'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
