"""How much does the app add to a generation? Same 128x128 job, `python -m app generate` vs raw sd-cli.

    .venv/bin/python tests/bench/bench_overhead.py [--runs 5] [--steps 4]

Runs alternate (app, raw, app, raw, ...) so drift hits both alike; prints each wall time and the ratio of
the medians (goal: <= 1.02), and of the fastest runs, which lavapipe's run-to-run noise (about +-5% on
2 cores) disturbs least. Both use the same binary, model, flags, seed and Vulkan device.
"""

from __future__ import annotations

import argparse
import os
import statistics
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
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--size", type=int, default=128)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        model, taesd = write_tiny_models(work / "model")
        common = ["--width", str(args.size), "--height", str(args.size), "--steps", str(args.steps),
                  "--seed", "42", "--cfg-scale", "1", "--clip-on-cpu", "--vae-on-cpu"]
        # --basedir: the benchmark's images stay out of the user's own gallery and settings
        app = [sys.executable, "-m", "app", "--basedir", str(work / "base"), "generate", "--prompt", "a lighthouse",
               "--model", str(model),
               "--taesd", str(taesd), "--out", str(work / "app"), *common]
        raw = [str(SD_CLI), "--prompt", "a lighthouse", "--model", str(model), "--taesd", str(taesd),
               "--output", str(work / "raw.png"), *common]
        env = {k: v for k, v in os.environ.items() if k != "GGML_VK_VISIBLE_DEVICES"}
        raw_env = {**env, "GGML_VK_VISIBLE_DEVICES": "0"}  # what the app picks on this machine's lavapipe
        timed([raw], raw_env)  # warm Mesa's shader cache and the page cache first
        app_times, raw_times = [], []
        for run in range(args.runs):
            app_times.append(timed([app], env))
            raw_times.append(timed([raw], raw_env))
            print(f"run {run + 1}: app {app_times[-1]:.3f}s  raw sd-cli {raw_times[-1]:.3f}s", flush=True)
    app_median, raw_median = statistics.median(app_times), statistics.median(raw_times)
    print(f"median app {app_median:.3f}s, raw {raw_median:.3f}s, overhead {app_median - raw_median:+.3f}s")
    print(f"ratio app/raw = {app_median / raw_median:.3f} (goal <= 1.02); "
          f"fastest runs: {min(app_times) / min(raw_times):.3f}")


if __name__ == "__main__":
    main()
