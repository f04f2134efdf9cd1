"""How much does the API add to a job? The same 64x64 tiny-model job through `POST /sdapi/v1/txt2img` of a running
`python -m app serve` vs through `python -m app generate`.

    .venv/bin/python tests/bench/bench_api.py [--runs 5] [--steps 4]

Runs alternate (API, CLI, API, CLI, ...) so drift hits both alike; prints each wall time, the ratio of the medians
(goal: <= 1.05) and of the fastest runs. Both run the same binary, model, size, steps, seed and memory plan (the
planner's, on this machine's device); the API's time is the whole HTTP call, the CLI's the whole command (Python,
Qt and the app starting included, which the running server has already paid).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo.picture_models import DEMO_MODEL_DIR, FLUX_FILE, TAE_FILE  # noqa: E402
from tests.helpers.api_server import served  # noqa: E402
from tests.helpers.cli import timed, utf8_env  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--size", type=int, default=64)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        # the server's demo model (scripts/setup.sh writes it): the CLI is given the same files
        cli = [sys.executable, "-m", "app", "--basedir", str(work / "cli-base"), "generate", "--prompt",
               "a lighthouse", "--model", str(DEMO_MODEL_DIR / FLUX_FILE), "--taesd", str(DEMO_MODEL_DIR / TAE_FILE),
               "--out", str(work / "cli"), "--width", str(args.size), "--height", str(args.size), "--steps",
               str(args.steps), "--seed", "42", "--cfg-scale", "1"]
        payload = {"prompt": "a lighthouse", "width": args.size, "height": args.size, "steps": args.steps,
                   "seed": 42, "cfg_scale": 1}
        with served(work / "api-base", "--demo", "--out", str(work / "api")) as server:
            def through_api() -> float:
                start = time.perf_counter()
                answer = httpx.post(f"{server.base}/txt2img", json=payload, timeout=600)
                assert answer.status_code == 200 and len(answer.json()["images"]) == 1, answer.text
                return time.perf_counter() - start

            through_api()  # warm Mesa's shader cache and the page cache first
            api_times, cli_times = [], []
            for run in range(args.runs):
                api_times.append(through_api())
                cli_times.append(timed([cli], utf8_env()))
                print(f"run {run + 1}: API {api_times[-1]:.3f}s  CLI {cli_times[-1]:.3f}s", flush=True)
    api_median, cli_median = statistics.median(api_times), statistics.median(cli_times)
    print(f"median API {api_median:.3f}s, CLI {cli_median:.3f}s")
    print(f"ratio API/CLI = {api_median / cli_median:.3f} (goal <= 1.05); "
          f"fastest runs: {min(api_times) / min(cli_times):.3f}")


if __name__ == "__main__":
    main()
