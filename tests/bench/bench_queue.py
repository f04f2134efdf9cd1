"""What does the job queue add per job? N tiny jobs through the app's queue against the same jobs one by one.

    .venv/bin/python tests/bench/bench_queue.py [--jobs 50] [--rounds 5] [--size 64] [--steps 1]

Three ways, same binary, model, flags and seeds, on lavapipe: `python -m app generate --batch n` (one app, its
queue runs the n jobs), n runs of `python -m app generate` (one CLI process per job), and n runs of raw sd-cli.
The jobs are split in rounds of n = jobs / rounds, the three ways taking turns in each round (in a changing
order), so that the load of a shared machine falls on all three alike. Prints each round, the totals, the
per-job times and the ratios; the goal is queue / one-by-one CLI <= 1.02 (queue / raw sd-cli shows what is left
of the app's own cost per job).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo.picture_models import write_tiny_models  # noqa: E402
from tests.helpers.cli import timed  # noqa: E402

SD_CLI = REPO / "backend_bin" / "bin" / "sd-cli"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        model, taesd = write_tiny_models(work / "model")
        common = ["--width", str(args.size), "--height", str(args.size), "--steps", str(args.steps),
                  "--cfg-scale", "1", "--clip-on-cpu", "--vae-on-cpu"]
        # --basedir: the benchmark's images stay out of the user's own gallery and settings
        app = [sys.executable, "-m", "app", "--basedir", str(work / "base"), "generate", "--prompt", "a lighthouse",
               "--model", str(model),
               "--taesd", str(taesd), *common]
        env = {k: v for k, v in os.environ.items() if k != "GGML_VK_VISIBLE_DEVICES"}
        raw_env = {**env, "GGML_VK_VISIBLE_DEVICES": "0"}  # what the app picks on this machine's lavapipe
        raw = [[str(SD_CLI), "--prompt", "a lighthouse", "--model", str(model), "--taesd", str(taesd),
                "--output", str(work / "raw.png"), "--seed", str(42 + i), *common] for i in range(args.jobs)]
        timed(raw[:1], raw_env)  # warm Mesa's shader cache and the page cache first
        per_round = args.jobs // args.rounds
        totals = {"queue": 0.0, "cli": 0.0, "raw": 0.0}
        for round_ in range(args.rounds):
            seeds = range(42 + round_ * per_round, 42 + (round_ + 1) * per_round)
            ways = {
                "queue": ([[*app, "--out", str(work / "queue"), "--seed", str(seeds[0]), "--batch",
                            str(per_round)]], env),
                "cli": ([[*app, "--out", str(work / "cli"), "--seed", str(seed)] for seed in seeds], env),
                "raw": (raw[seeds[0] - 42:seeds[-1] - 41], raw_env),
            }
            order = list(ways)[round_ % 3:] + list(ways)[:round_ % 3]
            times = {way: timed(*ways[way]) for way in order}
            for way, seconds in times.items():
                totals[way] += seconds
            print(f"round {round_ + 1} ({per_round} jobs each): " + ", ".join(
                f"{way} {times[way]:.1f} s" for way in ways), flush=True)
        queue, one_by_one, bare = totals["queue"], totals["cli"], totals["raw"]
        args.jobs = per_round * args.rounds
        made = len(list((work / "queue").glob("*.png")))
    print(f"{made} images from the queue; per job: queue {queue / args.jobs:.2f} s, "
          f"CLI {one_by_one / args.jobs:.2f} s, raw {bare / args.jobs:.2f} s")
    print(f"ratio queue / one-by-one CLI = {queue / one_by_one:.3f} (goal <= 1.02); "
          f"queue / raw sd-cli = {queue / bare:.3f}")


if __name__ == "__main__":
    main()
