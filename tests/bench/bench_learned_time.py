"""How far the time shown before a picture is from what the picture took, before and after learning from the
pictures drawn here (app/core/planning/learned_time.py), on captured data: every pair of real H100 runs of the same
model, size and placement in tests/data/calibration/ (the first run teaches, the second is priced), and the first
pictures reported on lavapipe (issues 52 and 53), where only the shown and the taken seconds are known.

Prints taken / shown (1.00 is exact; 8 is eight times short) per pair and the medians.

    .venv/bin/python tests/bench/bench_learned_time.py
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import itertools

from app.core.models.families import MemoryFlags
from app.core.planning.learned_time import error_ratio, learned_time, picture_key, remembered, taken_time
from app.core.planning.plan import GIB, Device, evaluate
from app.core.planning.timing import Host, find_card, picture_time
from tests.helpers.calibration import CALIBRATION, llm_components, memory_of, sd_components

H100_HOST = Host(cores=16)
# what was shown and what the first picture took, as reported (seconds)
REPORTED = (("issue 53: Windows build, lavapipe under Wine (a)", (35, 55), 421.0),
            ("issue 53: Windows build, lavapipe under Wine (b)", (2, 4), 42.0),
            ("issue 52: demo model, lavapipe on Linux", (4, 7), 79.5))


def h100_pairs() -> list[tuple[str, float, float]]:
    """(run, taken / roofline, taken / learned from the run before it of the same kind) for every repeated kind."""
    card = find_card("NVIDIA H100 80GB HBM3")
    assert card is not None
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for name in ("h100_sd_fit.json", "h100_llm_fit.json"):
        for run in json.loads((CALIBRATION / name).read_text(encoding="utf-8"))["runs"]:
            if run.get("exit_code") == 0 and run.get("sampling_s") and not run.get("reference"):
                memory: MemoryFlags = memory_of(run["flags"])
                # the decoder is a file of its own (a kind differs by its files)
                kind = picture_key([run["model"], str(run.get("decoder"))], run["width"], run["height"], memory)
                kinds[kind].append(run)
    rows = []
    for runs in kinds.values():
        for first, second in itertools.pairwise(runs):
            model = str(second["model"])
            llm = model in ("klein", "zimage")
            components = llm_components(model) if llm else sd_components(model, second.get("decoder") == "tae")
            width, height, steps = int(second["width"]), int(second["height"]), int(second["steps"])
            memory = memory_of(second["flags"])
            plan = evaluate(components, Device(80 * GIB), 2**40, width, height, steps, memory)
            roofline = picture_time(components, plan, card, H100_HOST, width, height, steps, quantized=llm)
            taught = taken_time({"text": first["text_s"], "sampling": first["sampling_s"],
                                 "decode": first["decode_s"]}, first["wall_s"], first["steps"])
            assert taught is not None
            learned = learned_time(remembered(None, taught), steps, card.name)
            assert learned is not None
            taken = float(second["wall_s"])
            rows.append((str(second["name"]), error_ratio(roofline.seconds, taken),
                         error_ratio(learned.seconds, taken)))
    return rows


def main() -> int:
    print("== first pictures on lavapipe, as reported: taken / shown (the middle of the range shown)")
    for name, (low, high), taken in REPORTED:
        print(f"{name:52} shown {low}-{high} s, took {taken:6.1f} s: {error_ratio((low + high) / 2, taken):5.1f}x")
    print("   now: no number before the first picture there; the second is priced from the first")
    print()
    print("== H100 pairs of the same model, size and placement: taken / estimate (whole run by the clock)")
    print(f"{'run':40} {'roofline':>9} {'learned':>9}")
    rows = h100_pairs()
    for name, before, after in rows:
        print(f"{name[:40]:40} {before:>9.2f} {after:>9.2f}")
    befores, afters = [row[1] for row in rows], [row[2] for row in rows]
    print(f"median taken / estimate over {len(rows)} pairs: roofline {statistics.median(befores):.2f} "
          f"({min(befores):.2f} .. {max(befores):.2f}), learned {statistics.median(afters):.2f} "
          f"({min(afters):.2f} .. {max(afters):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
