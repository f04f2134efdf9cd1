"""What our short rows' patch (backend_bin/ggml-vulkan-short-rows.patch) saves: the demo model's picture drawn by
the built sd-cli on lavapipe with the per-head norms at 64 invocations a row (the patch) and at ggml's 512
(POLARIS_VK_SHORT_ROWS=0), one after the other, pair by pair; and whether the two pictures are the same bits.

    .venv/bin/python tests/bench/bench_short_rows.py [--runs 5] [--size 64] [--steps 4]

The tests draw the demo model at 64x64 in 1 to 40 steps; its Flux block's query and key norms are rows of 128
values (one head), 1088 of them a step at 64x64. Printed per mode: the median of sd-cli's own sampling seconds and
of the whole process's; then short/wide as the median of the pairs' ratios (the machine's speed drifts; pairs
hold).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from backend_bin.output import BIN_DIR  # noqa: E402

DEMO = REPO / ".demo-model"
MODES = {"short rows (64)": "1", "wide (512)": "0"}
SAMPLING = re.compile(r"sampling completed, taking ([\d.]+)s")


def picture(mode: str, size: int, steps: int, folder: Path) -> tuple[dict[str, float], np.ndarray]:
    out = folder / f"{MODES[mode]}.png"
    argv = [str(BIN_DIR / "sd-cli"), "-m", str(DEMO / "flux_tiny_clip.gguf"), "--taesd", str(DEMO / "taef1_tiny.gguf"),
            "-p", "a lighthouse at dusk", "-W", str(size), "-H", str(size), "--steps", str(steps), "--seed", "1",
            "--clip-on-cpu", "--vae-on-cpu", "-o", str(out), "-v"]
    env = {**os.environ, "GGML_VK_VISIBLE_DEVICES": "0", "POLARIS_VK_SHORT_ROWS": MODES[mode]}
    started = time.monotonic()
    done = subprocess.run(argv, env=env, capture_output=True, text=True, errors="replace", timeout=1800, check=True)
    whole = time.monotonic() - started
    said = [line for line in done.stderr.splitlines() if line.startswith("polaris: rms_norm")]
    assert said, "this sd-cli lacks the short rows' patch: build it (scripts/setup.sh)"
    [sampling] = SAMPLING.findall(done.stdout + done.stderr)
    with Image.open(out) as made:
        pixels = np.asarray(made.convert("RGB"), int)
    return {"sampling s": float(sampling), "whole process s": whole}, pixels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--steps", type=int, default=4)
    args = parser.parse_args()
    figures: dict[str, list[dict[str, float]]] = {mode: [] for mode in MODES}
    largest_difference = 0
    with tempfile.TemporaryDirectory(prefix="short-rows-") as folder:
        picture("wide (512)", args.size, 1, Path(folder))  # lavapipe's shader cache warmed for both
        picture("short rows (64)", args.size, 1, Path(folder))
        for _ in range(args.runs):
            pair = {mode: picture(mode, args.size, args.steps, Path(folder)) for mode in MODES}
            for mode, (seconds, _) in pair.items():
                figures[mode].append(seconds)
            (_, short), (_, wide) = pair.values()
            largest_difference = max(largest_difference, int(np.abs(short - wide).max()))
    print(f"the demo model at {args.size}x{args.size}, {args.steps} steps, {args.runs} pairs (medians)")
    for mode, runs in figures.items():
        print(f"  {mode:16}" + "  ".join(f"{key} {statistics.median(run[key] for run in runs):6.2f}"
                                          for key in runs[0]))
    short, wide = figures.values()
    for key in short[0]:
        ratio = statistics.median(s[key] / w[key] for s, w in zip(short, wide, strict=True))
        print(f"  short/wide {key}: {ratio:.2f}")
    print(f"  largest pixel difference between the two pictures: {largest_difference} (of 255)")


if __name__ == "__main__":
    main()
