"""What does the job queue add per job? N tiny jobs through the app's queue against the same jobs one by one.

    .venv/bin/python tests/bench/bench_queue.py [--jobs 50] [--size 64] [--steps 1]

Three ways, same binary, model, flags and seeds (42, 43, ...), on lavapipe: `python -m app generate --batch N`
(one app, its queue runs the N jobs), N runs of `python -m app generate` (one CLI process per job), and N runs
of raw sd-cli. Prints each total, the per-job difference and the ratios; the goal is queue / one-by-one CLI
<= 1.02 (and queue / raw sd-cli shows what is left of the app's own cost per job).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.models.demo_model import write_tiny_models  # noqa: E402

SD_CLI = REPO / "backend_bin" / "bin" / "sd-cli"


def timed(argvs: list[list[str]], env: dict[str, str]) -> float:
    start = time.perf_counter()
    for argv in argvs:
        subprocess.run(argv, env=env, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=50)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        model, taesd = write_tiny_models(work / "model")
        common = ["--width", str(args.size), "--height", str(args.size), "--steps", str(args.steps),
                  "--cfg-scale", "1", "--clip-on-cpu", "--vae-on-cpu"]
        app = [sys.executable, "-m", "app", "generate", "--prompt", "a lighthouse", "--model", str(model),
               "--taesd", str(taesd), *common]
        env = {k: v for k, v in os.environ.items() if k != "GGML_VK_VISIBLE_DEVICES"}
        raw_env = {**env, "GGML_VK_VISIBLE_DEVICES": "0"}  # what the app picks on this machine's lavapipe
        raw = [[str(SD_CLI), "--prompt", "a lighthouse", "--model", str(model), "--taesd", str(taesd),
                "--output", str(work / "raw.png"), "--seed", str(42 + i), *common] for i in range(args.jobs)]
        timed(raw[:1], raw_env)  # warm Mesa's shader cache and the page cache first
        queue = timed([[*app, "--out", str(work / "queue"), "--seed", "42", "--batch", str(args.jobs)]], env)
        print(f"queue (--batch {args.jobs}): {queue:.1f} s", flush=True)
        one_by_one = timed([[*app, "--out", str(work / "cli"), "--seed", str(42 + i)] for i in range(args.jobs)],
                           env)
        print(f"one by one through the CLI: {one_by_one:.1f} s", flush=True)
        bare = timed(raw, raw_env)
        print(f"raw sd-cli one by one: {bare:.1f} s", flush=True)
        made = len(list((work / "queue").glob("*.png")))
    print(f"{made} images from the queue; per job: queue {queue / args.jobs:.2f} s, "
          f"CLI {one_by_one / args.jobs:.2f} s, raw {bare / args.jobs:.2f} s")
    print(f"ratio queue / one-by-one CLI = {queue / one_by_one:.3f} (goal <= 1.02); "
          f"queue / raw sd-cli = {queue / bare:.3f}")


if __name__ == "__main__":
    main()
