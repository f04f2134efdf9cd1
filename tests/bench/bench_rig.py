"""Rig: 8 jobs through the app's own queue on two GPUs against the same 8 jobs on one (goal: <= 0.55x).

    python3 tests/bench/bench_rig.py --models DIR [--jobs 8] [--size 512] [--steps 4] [--out FILE.json]

For a machine with two GPUs (the lent 2x H200 through its Vulkan driver; tests/bench/app_device.sh sets it up).
DIR holds what `python -m app.core.demo.picture_models --calibration --out DIR` writes (a Flux Schnell-shaped 12B
q4_0 model with CLIP-L, and a real-shaped Flux AE); they are written there when missing. Both runs are
`python -m app generate --batch N --events` with the same seeds: once with GGML_VK_VISIBLE_DEVICES=0 in the
environment (the app then uses that one card and makes no rig), once without (the queue finds both cards and runs
one job on each). A first unmeasured job
compiles the shaders and fills the page cache. Prints wall times, the ratio, and which card ran each job.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def batch(models: Path, jobs: int, size: int, steps: int, out: Path, env: dict[str, str]) -> tuple[float, list]:
    # --basedir: the benchmark's images stay out of the user's own gallery and settings
    argv = [sys.executable, "-m", "app", "--basedir", str(out / "base"), "generate", "--events",
            "--prompt", "a lighthouse at dawn",
            "--model", str(models / "flux_schnell_shaped_q4_0.gguf"), "--vae", str(models / "flux_ae_shaped_f32.gguf"),
            "--width", str(size), "--height", str(size), "--steps", str(steps), "--seed", "42",
            "--batch", str(jobs), "--out", str(out)]
    started = time.perf_counter()
    process = subprocess.Popen(argv, env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    events = []
    for line in process.stdout:  # each event with the second it arrived, from the batch's start
        if line.startswith("{"):
            events.append({**json.loads(line), "at": round(time.perf_counter() - started, 2)})
    code = process.wait()
    wall = time.perf_counter() - started
    if code != 0:
        errors = [e for e in events if e.get("event") == "error"]
        raise SystemExit(f"the batch failed (exit {code}): {errors[:3]}")
    return wall, events


def spans(events: list[dict]) -> list[tuple[int, str, float, float]]:
    """(job, card, started, image written) of each job, in seconds from the batch's start."""
    started = {e["job"]: (e["card"], e["at"]) for e in events if e.get("event") == "job"}
    done = {e["job"]: e["at"] for e in events if e.get("event") == "image"}
    return [(job, card, at, done.get(job, float("nan"))) for job, (card, at) in sorted(started.items())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=8)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if not (args.models / "flux_schnell_shaped_q4_0.gguf").exists():
        sys.path.insert(0, str(REPO))
        from app.core.demo.picture_models import write_calibration_models

        write_calibration_models(args.models)
    scratch = Path(os.environ.get("TMPDIR", "/tmp")) / "bench_rig"
    both = {k: v for k, v in os.environ.items() if k != "GGML_VK_VISIBLE_DEVICES"}
    one = {**both, "GGML_VK_VISIBLE_DEVICES": "0"}
    batch(args.models, 1, args.size, args.steps, scratch / "warm", one)
    batch(args.models, 1, args.size, args.steps, scratch / "warm", {**both, "GGML_VK_VISIBLE_DEVICES": "1"})
    one_s, one_events = batch(args.models, args.jobs, args.size, args.steps, scratch / "one", one)
    print(f"{args.jobs} jobs on one GPU: {one_s:.1f} s", flush=True)
    two_s, two_events = batch(args.models, args.jobs, args.size, args.steps, scratch / "two", both)
    print(f"{args.jobs} jobs on two GPUs: {two_s:.1f} s", flush=True)
    for name, events in (("one GPU", one_events), ("two GPUs", two_events)):
        print(f"{name}: " + "; ".join(f"job {job} on {card.split(':')[0]} {start:.1f}-{end:.1f} s"
                                      for job, card, start, end in spans(events)))
    cards = [(job, card) for job, card, _, _ in spans(two_events)]
    print(f"ratio two / one = {two_s / one_s:.3f} (goal <= 0.55)")
    if args.out:
        args.out.write_text(json.dumps({"jobs": args.jobs, "size": args.size, "steps": args.steps,
                                        "one_gpu_s": one_s, "two_gpu_s": two_s, "ratio": two_s / one_s,
                                        "cards": cards, "events_one_gpu": one_events,
                                        "events_two_gpus": two_events}, indent=1))


if __name__ == "__main__":
    main()
