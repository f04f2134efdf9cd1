"""The prompt helper's speed (issue 28's figures): tokens per second of a Qwen3-4B-shaped Q4_K model in our
llama-server build on the processor with 2 and with 16 cores, and on the graphics card with the Polaris feature
set (an RX 580's: no fp16, no integer dot product, no cooperative matrices, the 2 GiB allocation cap, the submit
cap) and without it; and the time to enhance a 10-word idea, the model already loaded, and to load it.

The server is started as the app starts it (app/core/prompt_helper/server.py: server_argv, server_environment) and asked
as the app asks it (chat_request, AnswerStream): the same argv, body and stream, without Qt, so it runs with the
lent machine's plain python3. On the processor the benchmark's own process (and so the server) is pinned to the
first N cores (sched_setaffinity) and the server gets N threads: a 2-core PC of our users, a 16-core one. The
model is random (text_model.py's `--calibration prompt-llm`): real shapes and quantization, so real work per token;
its answers are noise, and it runs to the answer's cap (160 tokens for enhance) like a long real answer.

Here (lavapipe, 2 cores), with the tiny model:
    .venv/bin/python tests/bench/bench_prompt_helper.py --model .demo-model/qwen3_prompt_tiny.gguf --places cpu2
On the lent NVIDIA machine, gpu-carry/ prepared as tests/bench/app_device.sh says, with llama-server.xz in it:
    bash gpu-carry/app_device.sh tests/bench/bench_prompt_helper.py --models /tmp/models --out "$OUT/helper.json"
Prints one line per ask, then a table; `--out FILE` also writes the figures as JSON. ("prompt/s" counts only
what the server had not seen: after the first ask the instruction comes from its cache, as in the app.)
Measured on the lent NVIDIA H200 (driver 580.159.04, through Vulkan; 16 cores), 160-token answers, median of 3
(tests/data/llama-server-0.3.36/h200_prompt_helper.json):
    cpu2          4.2 tokens/s, enhance 38.4 s, first words after 0.29 s, load 3.5 s
    cpu16        23.1 tokens/s, enhance  7.0 s, first words after 0.07 s, load 3.3 s
    card-polaris 228  tokens/s, enhance  0.73 s (the RX 580's feature set: within 4 % of without it)
    card         236  tokens/s, enhance  0.71 s
(the run before `--poll 0`, threads spinning while they wait: 4.1, 22.5, 235 and 237 tokens/s)
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.generation.command import POLARIS_FEATURE_SET  # noqa: E402
from app.core.models.families import ModelFamily  # noqa: E402
from app.core.prompt_helper.chat import AnswerEnded, AnswerFailed, AnswerStream, HelperTask, Words, chat_request  # noqa: E402
from app.core.prompt_helper.model import HelperPlace  # noqa: E402
from app.core.prompt_helper.server import server_argv, server_environment  # noqa: E402
from app.core.resources import prompt_helper_name  # noqa: E402

LLAMA_SERVER = REPO / "backend_bin" / "bin" / prompt_helper_name("linux")
IDEA = "an old lighthouse on a rocky island during a winter storm"  # 10 words
PLACES = {
    # name: (on the card, cores for the processor, environment beyond the app's)
    "cpu2": (False, 2, {}),
    "cpu16": (False, 16, {}),
    "card-polaris": (True, 0, dict(POLARIS_FEATURE_SET)),
    "card": (True, 0, {}),
}
KEY = "bench"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(model: Path, on_card: bool, threads: int, extra: dict[str, str]) -> tuple[subprocess.Popen[bytes],
                                                                                          int, float]:
    port = free_port()
    place = HelperPlace(on_card, "")
    argv = server_argv(LLAMA_SERVER, model, port, place, threads)
    environment = server_environment({**os.environ, **extra, "GGML_VK_VISIBLE_DEVICES": "0"}, KEY)
    log = Path(f"/tmp/llama-server-{port}.log").open("wb")  # noqa: SIM115 - the server's lifetime: the OS closes it
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=environment)
    with httpx.Client(timeout=5) as client:
        while True:
            if process.poll() is not None:
                sys.exit(f"llama-server ended ({process.returncode}): see /tmp/llama-server-{port}.log")
            try:
                if client.get(f"http://127.0.0.1:{port}/health").status_code == 200:
                    return process, port, time.perf_counter() - start
            except httpx.TransportError:
                pass
            time.sleep(0.1)


def enhance(port: int) -> dict[str, float]:
    """One enhance, as the app streams it: seconds to the first words and to the end, tokens per second."""
    reader = AnswerStream()
    start = time.perf_counter()
    first: float | None = None
    words = 0
    with httpx.Client(timeout=httpx.Timeout(5, read=600)) as client, client.stream(
            "POST", f"http://127.0.0.1:{port}/v1/chat/completions",
            json=chat_request(HelperTask.ENHANCE, ModelFamily.FLUX, IDEA),
            headers={"Authorization": f"Bearer {KEY}"}) as response:
        response.raise_for_status()
        for data in response.iter_raw():
            for event in reader.feed(data):
                if isinstance(event, Words):
                    words += 1
                    first = first if first is not None else time.perf_counter() - start
                elif isinstance(event, AnswerFailed):
                    sys.exit(f"the answer failed: {event.message}")
                elif isinstance(event, AnswerEnded):
                    return {"seconds": time.perf_counter() - start, "first_words_s": first or 0.0,
                            "tokens": float(event.tokens or words),
                            "tokens_per_second": event.tokens_per_second or 0.0,
                            "prompt_tokens_per_second": event.prompt_tokens_per_second or 0.0}
    sys.exit("the answer ended without its last chunk")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", type=Path, help="the model (default: the Qwen3-4B-shaped one in --models)")
    parser.add_argument("--models", type=Path, default=Path("/tmp/models"))
    parser.add_argument("--places", default=",".join(PLACES), help=f"some of {', '.join(PLACES)}")
    parser.add_argument("--asks", type=int, default=3, help="measured enhances per place (after one unmeasured)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    model = args.model
    if model is None:
        from app.core.demo.text_model import write_prompt_model_calibration

        start = time.perf_counter()
        model = write_prompt_model_calibration(args.models)
        print(f"{model.name}: {model.stat().st_size / 2**30:.2f} GiB, written in {time.perf_counter() - start:.0f} s",
              flush=True)
    all_cores = sorted(os.sched_getaffinity(0))
    figures: dict[str, dict[str, float]] = {}
    for name in args.places.split(","):
        on_card, cores, extra = PLACES[name]
        threads = cores or 4
        if cores:
            if cores > len(all_cores):
                print(f"{name}: this machine has {len(all_cores)} cores, skipped", flush=True)
                continue
            os.sched_setaffinity(0, all_cores[:cores])  # the server inherits it
        process, port, load_s = start_server(model, on_card, threads, extra)
        os.sched_setaffinity(0, all_cores)
        try:
            enhance(port)  # the card compiles its pipelines, the pages come in: unmeasured
            runs = [enhance(port) for _ in range(args.asks)]
        finally:
            process.kill()
            process.wait()
        for run in runs:
            print(f"{name}: {run['tokens']:.0f} tokens in {run['seconds']:.2f} s, {run['tokens_per_second']:.1f} "
                  f"tokens/s (prompt {run['prompt_tokens_per_second']:.0f}/s), first words after "
                  f"{run['first_words_s']:.2f} s", flush=True)
        figures[name] = {"load_s": round(load_s, 2),
                         "tokens_per_second": round(statistics.median(r["tokens_per_second"] for r in runs), 2),
                         "prompt_tokens_per_second": round(statistics.median(
                             r["prompt_tokens_per_second"] for r in runs), 1),
                         "enhance_s": round(statistics.median(r["seconds"] for r in runs), 2),
                         "first_words_s": round(statistics.median(r["first_words_s"] for r in runs), 2),
                         "answer_tokens": statistics.median(r["tokens"] for r in runs)}
    print(f"\n{model.name}, enhance of a 10-word idea, median of {args.asks}:")
    print(f"{'place':14} {'load s':>7} {'tokens/s':>9} {'prompt/s':>9} {'first s':>8} {'enhance s':>10}")
    for name, row in figures.items():
        print(f"{name:14} {row['load_s']:7.1f} {row['tokens_per_second']:9.1f} {row['prompt_tokens_per_second']:9.0f} "
              f"{row['first_words_s']:8.2f} {row['enhance_s']:10.2f}")
    if args.out is not None:
        args.out.write_text(json.dumps({"model": model.name, "idea": IDEA, "places": figures}, indent=1),
                            encoding="utf-8")


if __name__ == "__main__":
    main()
