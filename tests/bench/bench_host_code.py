"""What compiling the code around ggml's kernels at -O1 (backend_bin/host_code.cmake) costs when a picture or an
answer is made: the same jobs run by two builds of our programs, one after the other, pair by pair.

    .venv/bin/python tests/bench/bench_host_code.py BEFORE_BUILD AFTER_BUILD [--runs 5]

BEFORE_BUILD and AFTER_BUILD are two Linux builds' cache folders (~/.cache/polaris-studio/backend/0.4.7-<key> and
llama-0.3.36-<key>, each with bin/): the sd.cpp one or the llama.cpp one, told apart by what bin/ holds.
- sd-cli: the demo model's 256x256 picture (2 steps), the text encoder and the decoder on the processor at one
  thread, the diffusion on lavapipe: the job is tiny, so the code around the kernels (graph building, tokenizing,
  loading, the samplers' arithmetic, saving) weighs more in it than in a real model's picture. Its own seconds per
  stage and the whole process's.
- llama-server: the demo's tiny text model on the processor (one thread), 64 tokens written after a short prompt,
  as llama.cpp times them: with a tiny model the tokenizer, the sampler and the server's own work weigh the most.
Each figure is the median of the runs, and after/before is the median of the pairs' ratios (the machine's speed
drifts; pairs hold).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.generation.output import stage_seconds  # noqa: E402

DEMO = REPO / ".demo-model"
LAVAPIPE = {"GGML_VK_VISIBLE_DEVICES": "0"}


def picture(bin_dir: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="host-code-") as folder:
        argv = [str(bin_dir / "sd-cli"), "-m", str(DEMO / "flux_tiny_clip.gguf"), "--taesd",
                str(DEMO / "taef1_tiny.gguf"), "-p", "a lighthouse at dusk", "-W", "256", "-H", "256", "--steps", "2",
                "--seed", "1", "--clip-on-cpu", "--vae-on-cpu", "-t", "1", "-o", str(Path(folder) / "out.png"), "-v"]
        started = time.monotonic()
        done = subprocess.run(argv, env={**os.environ, **LAVAPIPE}, capture_output=True, text=True, errors="replace",
                              timeout=1800, check=True)
        whole = time.monotonic() - started
    stages = dict(found for line in (done.stdout + done.stderr).splitlines() if (found := stage_seconds(line)))
    return {**{f"{stage} s": seconds for stage, seconds in stages.items()}, "whole process s": whole}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answer(bin_dir: Path) -> dict[str, float]:
    port = free_port()
    argv = [str(bin_dir / "llama-server"), "--model", str(DEMO / "qwen3_prompt_tiny.gguf"), "--host", "127.0.0.1",
            "--port", str(port), "--ctx-size", "512", "--threads", "1", "--n-gpu-layers", "0", "--device", "none"]
    with subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as server:
        try:
            for _ in range(600):
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/health", timeout=5).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                time.sleep(0.1)
            timings = httpx.post(f"http://127.0.0.1:{port}/completion", timeout=600, json={
                "prompt": "Describe a lighthouse at dusk for a picture:", "n_predict": 64, "seed": 1,
                "temperature": 0.8, "ignore_eos": True, "cache_prompt": False}).json()["timings"]
        finally:
            server.terminate()
            server.wait(30)
    return {"prompt tokens/s": timings["prompt_per_second"], "written tokens/s": timings["predicted_per_second"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path, help="the -O3 build's cache folder")
    parser.add_argument("after", type=Path, help="the -O1 build's cache folder")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    before, after = args.before / "bin", args.after / "bin"
    job = picture if (before / "sd-cli").exists() else answer
    job(before), job(after)  # warm: the files in the page cache, lavapipe's shaders in Mesa's cache
    pairs = [(job(before), job(after)) for _ in range(args.runs)]
    print(f"{job.__name__} by {before} (before) and {after} (after), {args.runs} pairs")
    print(f"{'figure':24} {'before':>9} {'after':>9} {'after/before':>12}")
    for figure in pairs[0][0]:
        old = statistics.median(pair[0][figure] for pair in pairs)
        new = statistics.median(pair[1][figure] for pair in pairs)
        ratio = statistics.median(pair[1][figure] / pair[0][figure] for pair in pairs if pair[0][figure])
        print(f"{figure:24} {old:>9.3f} {new:>9.3f} {ratio:>12.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
