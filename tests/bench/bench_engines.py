"""The A/B of two sd.cpp engines (issue 49): the same requests and seed drawn by each, side by side, pair by pair.

    python3 tests/bench/bench_engines.py --engine old=PATH/sd-cli --engine new=PATH/sd-cli --case flux \\
        [--case sd1 --case sdxl --case tiny-flux --case tiny-klein] [--polaris] [--setting NAME:VAR=V,VAR=V ...] \\
        [--pairs 2] [--models DIR] [--out DIR] [--deadline S]

The first engine is the reference. Issue 49 ran it with sd.cpp 0.4.7 on its own ggml (the backend until commit
d5986c4: check that out and `python -m backend_bin.build`) against the same code on ggml 0.25.3, today's build
(tests/data/calibration/h200_engines_ab.txt). The GPU cases use the real-shaped random-weight calibration models
(`python -m app.core.demo.picture_models --calibration flux|sd`, written into --models when missing); the tiny cases
the demo's Flux and klein (lavapipe). --polaris runs everything under the RX 580 feature set the Polaris lane uses
(POLARIS_FEATURE_SET: no fp16, no integer dot, no cooperative matrices, 2 GiB allocations, 16 nodes per submit).
Each --setting adds environment variables on top (e.g. `vidmem:GGML_VK_DISABLE_HOST_VISIBLE_VIDMEM=1`,
`nocap:POLARIS_VK_MAX_NODES_PER_SUBMIT=0`); with none, one setting, "as is".

Per case, setting and engine: one unmeasured run (a first run compiles the shaders), then --pairs rounds in which
each engine runs once, in turn. Printed: the median seconds of sd-cli's own stages (text encoding, sampling, decoding)
and the whole run, the VRAM peak above idle (NVML, where there is an NVIDIA GPU), each stage's ratio to the reference
engine (the median of the rounds' ratios: the machine's speed drifts, rounds hold), and the pictures against the
reference's: the largest and mean difference of one channel (0 to 255) and the app's broken-picture check
(app/core/gallery/picture_check.py). Every run is a JSON line in OUT/runs.jsonl.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "bench"))

from measure_sd_gpu import run_case  # noqa: E402

from app.core.gallery.picture_check import check_picture  # noqa: E402
from app.core.generation.command import POLARIS_FEATURE_SET  # noqa: E402

STAGES = ("text_s", "sampling_s", "decode_s", "wall_s")
SUBMITS = re.compile(r"polaris: graph of (\d+) nodes in (\d+) submits")


@dataclass(frozen=True)
class Case:
    """One request: its model arguments, size, steps and flags."""

    name: str
    model: list[str]
    size: int
    steps: int
    flags: list[str]


def cases(names: list[str], models: Path) -> list[Case]:
    from app.core.demo import picture_models as pm

    made: list[Case] = []
    for name in names:
        if name == "flux":
            model, ae = (models / "flux_schnell_shaped_q4_0.gguf", models / "flux_ae_shaped_f32.gguf")
            if not (model.exists() and ae.exists()):
                model, ae = pm.write_calibration_models(models)
            made.append(Case(name, ["-m", str(model), "--vae", str(ae), "--cfg-scale", "1"], 1024, 4,
                             ["--diffusion-fa"]))
        elif name in ("zimage", "klein"):
            zimage, klein, qwen3, flux2_ae, flux_ae = (models / f for f in (
                "z_image_turbo_shaped_q4_0.gguf", "flux2_klein_4b_shaped_q4_0.gguf", "qwen3_4b_shaped_q4_0.gguf",
                "flux2_ae_shaped_f32.gguf", "flux_ae_shaped_f32.gguf"))
            if not all(f.exists() for f in (zimage, klein, qwen3, flux2_ae, flux_ae)):
                zimage, klein, qwen3, flux2_ae, flux_ae = pm.write_llm_calibration_models(models)
            model, vae = (zimage, flux_ae) if name == "zimage" else (klein, flux2_ae)
            made.append(Case(name, ["--diffusion-model", str(model), "--llm", str(qwen3), "--vae", str(vae),
                                    "--cfg-scale", "1"], 1024, 4, ["--diffusion-fa"]))
        elif name in ("sd1", "sdxl", "sd1-cpu"):
            sd1, sdxl = models / "sd15_shaped_f16.gguf", models / "sdxl_shaped_f16.gguf"
            if not (sd1.exists() and sdxl.exists()):
                sd1, sdxl, _ = pm.write_sd_calibration_models(models)
            model, size = (sdxl, 1024) if name == "sdxl" else (sd1, 512)
            # sd1-cpu: the text encoder and the decoder on the processor (ggml's CPU backend, its best variant here)
            on_cpu = ["--clip-on-cpu", "--vae-on-cpu"] if name == "sd1-cpu" else []
            made.append(Case(name, ["-m", str(model)], size, 8, ["--diffusion-fa", *on_cpu]))
        elif name == "tiny-flux":
            model, taesd = pm.write_tiny_models(models / "tiny")
            made.append(Case(name, ["-m", str(model), "--taesd", str(taesd)], 64, 4, ["--clip-on-cpu", "--vae-on-cpu"]))
        elif name == "tiny-klein":
            model, llm, vae = pm.write_tiny_klein(models / "tiny-klein")
            made.append(Case(name, ["--diffusion-model", str(model), "--llm", str(llm), "--vae", str(vae)], 64, 4,
                             ["--clip-on-cpu", "--vae-on-cpu"]))
        else:
            raise SystemExit(f"no case {name}")
    return made


class NoGpuMemory:
    """Where there is no NVIDIA GPU (lavapipe): no VRAM figures."""

    def used(self) -> int:
        return 0

    def start(self) -> None:
        pass

    def stop(self) -> list[tuple[float, int]]:
        return [(time.perf_counter(), 0)]


def gpu_memory() -> object:
    try:
        from measure_sd_gpu import Memory

        return Memory()
    except Exception as error:  # no pynvml or no NVIDIA driver: the run goes on without VRAM figures
        print(f"no VRAM figures: {error}", flush=True)
        return NoGpuMemory()


def settings(specs: list[str]) -> dict[str, dict[str, str]]:
    made = {}
    for spec in specs or ["as is:"]:
        name, _, assignments = spec.partition(":")
        made[name] = dict(pair.split("=", 1) for pair in assignments.split(",") if pair)
    return made


def one_run(memory: object, sd_cli: str, case: Case, env: dict[str, str], work: Path, label: str) -> dict:
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        result = run_case(memory, sd_cli, case.model, case.size, case.size, case.steps, case.flags, work, label, [],
                          "a lighthouse on a cliff at dusk")
    finally:
        os.environ.clear()
        os.environ.update(saved)
    picture = work / f"{label}.png"
    shutil.move(work / "out.png", picture) if (work / "out.png").exists() else None
    result["picture"] = str(picture)
    # with POLARIS_VK_LOG_SUBMITS set, the submit cap's patch says how each graph was cut: the largest graph's
    submits = [tuple(map(int, m)) for m in SUBMITS.findall((work / f"{label}.log").read_text(errors="replace"))]
    result["largest_graph_submits"] = max(submits, default=None)
    return result


def pixels(path: str) -> np.ndarray | None:
    if not Path(path).exists():
        return None
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"), int)


def verdict(path: str) -> str:
    if not Path(path).exists():
        return "no picture"
    with Image.open(path) as image:
        refusal = check_picture(image)
    return "ok" if refusal is None else f"refused: {refusal.fault}"


def median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", action="append", required=True, help="NAME=PATH to an sd-cli (first: reference)")
    parser.add_argument("--case", action="append", required=True,
                        choices=("flux", "sd1", "sdxl", "sd1-cpu", "zimage", "klein", "tiny-flux", "tiny-klein"))
    parser.add_argument("--polaris", action="store_true", help="the RX 580 feature set on every run")
    parser.add_argument("--setting", action="append", default=[], help="NAME:VAR=VALUE,VAR=VALUE")
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--models", type=Path, default=Path("/tmp/models"))
    parser.add_argument("--out", type=Path, default=Path("/tmp/bench-engines"))
    parser.add_argument("--deadline", type=float, default=1e9, help="seconds after which no new round starts")
    args = parser.parse_args()
    began = time.perf_counter()
    engines = dict(spec.split("=", 1) for spec in args.engine)
    base = {**(dict(POLARIS_FEATURE_SET) if args.polaris else {}), "GGML_VK_VISIBLE_DEVICES": "0"}
    memory = gpu_memory()
    work = args.out / "runs"
    work.mkdir(parents=True, exist_ok=True)
    runs: list[dict] = []
    with (args.out / "runs.jsonl").open("a") as log:
        for case in cases(args.case, args.models):
            for setting, extra in settings(args.setting).items():
                for round_ in range(args.pairs + 1):
                    if round_ > 0 and time.perf_counter() - began > args.deadline:
                        print(f"deadline: {case.name} {setting} stopped after {round_ - 1} rounds", flush=True)
                        break
                    for engine, sd_cli in engines.items():
                        label = f"{case.name}-{setting}-{engine}-{round_}".replace(" ", "_")
                        result = one_run(memory, sd_cli, case, {**base, **extra}, work, label)
                        result.update(case=case.name, setting=setting, engine=engine, round=round_)
                        print(json.dumps({k: result[k] for k in ("name", "exit_code", "peak_mib", *STAGES,
                                                                 "largest_graph_submits")}),
                              flush=True)
                        log.write(json.dumps(result) + "\n")
                        log.flush()
                        runs.append(result)
    print_table(runs, list(engines))


def print_table(runs: list[dict], engines: list[str]) -> None:
    reference = engines[0]
    measured = [run for run in runs if run["round"] > 0 and run["exit_code"] == 0]
    groups = sorted({(run["case"], run["setting"]) for run in measured}, key=lambda g: (g[0], g[1]))
    print(f"\nmedians in seconds; ratio = engine / {reference}, the median of the rounds' ratios; "
          "pixels: largest / mean difference of one channel from the reference's picture of the same round")
    print(f"{'case':10} {'setting':10} {'engine':8} {'rounds':>6} {'text':>7} {'sampling':>8} {'decode':>7} "
          f"{'wall':>7} {'VRAM MiB':>8}  {'text x':>6} {'samp x':>6} {'dec x':>6} {'wall x':>6}  pixels     check")
    for case, setting in groups:
        rows = {engine: [r for r in measured if (r["case"], r["setting"], r["engine"]) == (case, setting, engine)]
                for engine in engines}
        for engine, own in rows.items():
            if not own:
                print(f"{case:10} {setting:10} {engine:8} no successful round")
                continue
            ratios, differences = [], []
            for run in own:
                base = next((r for r in rows[reference] if r["round"] == run["round"]), None)
                if base is None:
                    continue
                ratios.append({s: (run[s] / base[s] if run[s] and base[s] else None) for s in STAGES})
                mine, theirs = pixels(run["picture"]), pixels(base["picture"])
                if mine is not None and theirs is not None and mine.shape == theirs.shape:
                    differences.append(np.abs(mine - theirs))
            times = " ".join(f"{median([r[s] for r in own]) or 0:{w}.2f}" for s, w in zip(STAGES, (7, 8, 7, 7),
                                                                                        strict=True))
            ratio = " ".join(f"{median([r[s] for r in ratios]) or 0:6.3f}" for s in STAGES)
            peak = max(r["peak_mib"] for r in own)
            pixel = (f"{max(int(d.max()) for d in differences):3d} / {np.mean([d.mean() for d in differences]):5.2f}"
                     if differences else "-")
            print(f"{case:10} {setting:10} {engine:8} {len(own):6d} {times} {peak:8d}  {ratio}  {pixel:10} "
                  f"{verdict(own[-1]['picture'])}")


if __name__ == "__main__":
    main()
