"""Do two computers draw a batch faster than one? 8 jobs through `python -m app generate --batch 8`, on one node
and on two.

    .venv/bin/python tests/bench/bench_nodes.py [--jobs 8] [--size 128] [--steps 4] [--pair local|servers|both]

`--pair local`: this computer's card alone, then this computer's card and one other computer (`--node`: our
sd-server on 127.0.0.1); `--pair servers`: one sd-server alone (`--node URL --no-local`), then two (`--node URL1
--node URL2 --no-local`), each sd-server with the model loaded once. Same binary, model, flags and seeds. Prints
each time and the two-node / one-node ratio; the goal (issue 27) is <= 0.6 where the two nodes have a device of
their own each. On lavapipe every node shares this machine's CPU cores, so the ratio there shows the queue's
spread and the remote overhead, not a second card's speed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo.picture_models import write_tiny_models  # noqa: E402
from tests.helpers.cli import timed  # noqa: E402
from tests.helpers.image_server import sd_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=8)
    parser.add_argument("--size", type=int, default=128)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--pair", choices=("local", "servers", "both"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch, ExitStack() as servers:
        work = Path(scratch)
        model, taesd = write_tiny_models(work / "model")
        first = servers.enter_context(sd_server(model, taesd))
        second = servers.enter_context(sd_server(model, taesd)) if args.pair != "local" else None
        # --basedir: the benchmark's pictures stay out of the user's own gallery and settings
        app = [sys.executable, "-m", "app", "--basedir", str(work / "base"), "generate", "--prompt", "a lighthouse",
               "--model", str(model), "--taesd", str(taesd), "--width", str(args.size), "--height", str(args.size),
               "--steps", str(args.steps), "--cfg-scale", "1", "--clip-on-cpu", "--vae-on-cpu", "--seed", "42",
               "--batch", str(args.jobs)]
        env = {k: v for k, v in os.environ.items() if k != "GGML_VK_VISIBLE_DEVICES"}
        timed([[*app[:-1], "1", "--out", str(work / "warm"), "--node", first.address]], env)  # shader cache, pages
        pairs = []
        if args.pair in ("local", "both"):
            pairs.append(("this card", [], "this card + 1 sd-server", ["--node", first.address]))
        if second is not None:
            pairs.append(("1 sd-server", ["--node", first.address, "--no-local"], "2 sd-servers",
                          ["--node", first.address, "--node", second.address, "--no-local"]))
        for number, (one_name, one, two_name, two) in enumerate(pairs):
            one_s = timed([[*app, "--out", str(work / f"one-{number}"), *one]], env)
            two_s = timed([[*app, "--out", str(work / f"two-{number}"), *two]], env)
            made = [len(list((work / f"{way}-{number}").glob("*.png"))) for way in ("one", "two")]
            assert made == [args.jobs, args.jobs], f"pictures made: {made}"
            print(f"{args.jobs} jobs {args.size}x{args.size} {args.steps} steps: {one_name} {one_s:.1f} s, "
                  f"{two_name} {two_s:.1f} s, ratio {two_s / one_s:.2f}", flush=True)


if __name__ == "__main__":
    main()
