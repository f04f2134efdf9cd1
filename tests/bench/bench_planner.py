"""Predicted vs measured peak VRAM for every recorded run (tests/data/calibration/), with the error; for each
budget whether the auto plan measured under it and was the fastest measured plan that did; decoder buffers.

    .venv/bin/python tests/bench/bench_planner.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.generation.plan import GIB, Components, Device, plan_memory
from app.core.generation.request import ModelFamily
from app.core.models.backend_caps import parse_help
from tests.helpers.calibration import CALIBRATION, comparisons, decoder_comparisons
from tests.helpers.captures import CAPTURES


def budget_table() -> None:
    """For each budget: does today's auto plan measure under it, and is it the fastest measured plan that does?"""
    ladder = json.loads((CALIBRATION / "h200_flux12b_ladder.json").read_text())
    sizes = ladder["components_bytes"]
    components = Components(ModelFamily.FLUX, sizes["diffusion"], sizes["text_encoders"], sizes["vae"])
    caps = parse_help((CAPTURES / "sdcpp-0.4.7" / "help.stdout").read_text())
    runs = {(r["size"], tuple(r["flags"])): r for r in ladder["runs"] if r["exit_code"] == 0}
    print(f"{'size':>5}  {'budget':>6}  {'auto plan measured':>18}  {'fastest fitting':>15}  auto plan flags")
    for size in sorted({size for size, _ in runs}):
        for budget in (8, 6, 4, 3):
            plan = plan_memory(components, Device(budget * GIB, max_allocation=4 * GIB - 4), 64 * GIB, size, size,
                               4, caps)
            run = runs.get((size, plan.flags))
            fitting = [r for (s, _), r in runs.items() if s == size and r["peak_mib"] <= budget * 1024]
            fastest = min(fitting, key=lambda r: r["wall_s"]) if fitting else None
            measured = f"{run['peak_mib']} MiB {'ok' if run['peak_mib'] <= budget * 1024 else 'OVER'}" if run \
                else "not measured"
            is_fastest = "yes" if run and fastest and run["wall_s"] <= fastest["wall_s"] * 1.05 else (
                f"no ({' '.join(fastest['flags'])})" if fastest else "-")
            print(f"{size:>5}  {budget:>4}GiB  {measured:>18}  {is_fastest:>15}  {' '.join(plan.flags)}")


def main() -> None:
    rows = comparisons()
    print(f"{'size':>5}  {'measured MiB':>12}  {'predicted MiB':>13}  {'error':>7}  flags")
    for row in rows:
        print(f"{row.size:>5}  {row.measured_mib:>12.0f}  {row.predicted_mib:>13.0f}  {row.error:>+7.1%}  "
              f"{' '.join(row.flags) or '(none)'}")
    worst = max(rows, key=lambda r: abs(r.error))
    print(f"worst error {worst.error:+.1%} over {len(rows)} measured runs (goal: within 10%)")
    print()
    budget_table()
    print()
    print(f"{'decoder':>7}  {'size':>5}  {'tiled':>5}  {'logged MiB':>10}  {'predicted MiB':>13}  {'error':>7}")
    for run, predicted in decoder_comparisons():
        error = (predicted - run["mib"]) / run["mib"]
        print(f"{run['decoder']:>7}  {run['size']:>5}  {run['tiled']!s:>5}  {run['mib']:>10.1f}  {predicted:>13.1f}  "
              f"{error:>+7.1%}")


if __name__ == "__main__":
    main()
