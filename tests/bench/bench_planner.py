"""Predicted vs measured peak VRAM for every recorded run (tests/data/calibration/), with the error.

    .venv/bin/python tests/bench/bench_planner.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.helpers.calibration import comparisons, decoder_comparisons


def main() -> None:
    rows = comparisons()
    print(f"{'size':>5}  {'measured MiB':>12}  {'predicted MiB':>13}  {'error':>7}  flags")
    for row in rows:
        print(f"{row.size:>5}  {row.measured_mib:>12.0f}  {row.predicted_mib:>13.0f}  {row.error:>+7.1%}  "
              f"{' '.join(row.flags) or '(none)'}")
    worst = max(rows, key=lambda r: abs(r.error))
    print(f"worst error {worst.error:+.1%} over {len(rows)} measured runs (goal: within 10%)")
    print()
    print(f"{'decoder':>7}  {'size':>5}  {'tiled':>5}  {'logged MiB':>10}  {'predicted MiB':>13}  {'error':>7}")
    for run, predicted in decoder_comparisons():
        error = (predicted - run["mib"]) / run["mib"]
        print(f"{run['decoder']:>7}  {run['size']:>5}  {run['tiled']!s:>5}  {run['mib']:>10.1f}  {predicted:>13.1f}  "
              f"{error:>+7.1%}")


if __name__ == "__main__":
    main()
