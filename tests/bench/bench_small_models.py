"""Z-Image Turbo and FLUX.2 klein 4B on a real GPU, through the app's own CLI (`python -m app generate`).

    python3 tests/bench/bench_small_models.py --models DIR --out DIR --part check|edit|speed [--part ...]

For the lent NVIDIA machine through its Vulkan driver; tests/bench/app_device.sh sets it up (PySide6, the Vulkan
loader, vulkaninfo, our sd-cli). Missing model files are written into DIR first: the real-shaped random-weight
files of `python -m app.core.demo.picture_models --calibration llm` (and `flux`, `sd` for the speed part).

Part `check`: for Z-Image Turbo and klein 4B at three shapes the planner was never fitted to, and 4, 6 and 8 GiB
cards (AMD's 2 GiB allocation cap, 16 GiB of RAM, a Polaris card's speeds for ranking), the plan the planner picks
runs once (the same flags once per shape), while NVML's memory.used is sampled every 5 ms. It prints predicted
against measured peak VRAM (the highest sample above the idle figure) and whether the measured peak stayed
within the card. Part `edit` does the same for klein editing a 1024 px picture (--ref-image).

Part `speed`: seconds per image at 1024x1024 for Z-Image Turbo (8 steps), klein 4B (4), Flux Schnell (4; our
12B-shaped file carries CLIP-L but no T5-XXL) and SDXL-Turbo (4, CFG 1), each with the plan it gets on a 4 GiB
and on an 8 GiB card, measured side by side in one run: one unmeasured warm-up per model (shaders, page cache),
then the eight runs in turn, `--rounds` times. Seconds are the CLI's whole wall time (loading included).
Every run's figures go to OUT/small_models.jsonl.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.gallery.metadata import read_details  # noqa: E402
from app.core.models.backend_caps import parse_help  # noqa: E402
from app.core.models.components import components_from_files  # noqa: E402
from app.core.models.families import ModelFamily  # noqa: E402
from app.core.models.model_files import inspect_model  # noqa: E402
from app.core.planning.plan import MIB, plan_memory  # noqa: E402
from app.core.planning.work import ExtraWork  # noqa: E402
from tests.bench.measure_sd_gpu import LONG_PROMPT, Memory, write_reference  # noqa: E402
from tests.helpers.calibration import HOST_RAM, card  # noqa: E402

CHECK_SHAPES = ((640, 896), (1152, 896), (1152, 1152))
CHECK_STEPS = 2  # the peak does not depend on the steps
SCRATCH = Path("/tmp/bench_small_models")  # the images, the app's settings and gallery: not OUT's few files


# what `picture_models --calibration llm` (and `llm-q8`) writes: each DiT's name, and the VAE it decodes with
LLM_FILES = {"zimage": ("z_image_turbo_shaped", "flux_ae_shaped_f32.gguf"),
             "klein": ("flux2_klein_4b_shaped", "flux2_ae_shaped_f32.gguf")}


class Models:
    """The real-shaped files in DIR, as the CLI's arguments and as the planner's components."""

    def __init__(self, folder: Path, parts: list[str], chosen: list[str]) -> None:
        from app.core.demo import picture_models

        self.folder = folder
        if not (folder / "z_image_turbo_shaped_q4_0.gguf").exists():
            picture_models.write_llm_calibration_models(folder)
        if any(m.endswith("-q8") for m in chosen) and not (folder / "z_image_turbo_shaped_q8_0.gguf").exists():
            picture_models.write_llm_q8_calibration_models(folder)
        every = "speed" in parts and not chosen  # the speed part's four models
        if ("flux" in chosen or every) and not (folder / "flux_schnell_shaped_q4_0.gguf").exists():
            picture_models.write_calibration_models(folder)
        if ("sdxl-turbo" in chosen or every) and not (folder / "sdxl_shaped_f16.gguf").exists():
            picture_models.write_sd_calibration_models(folder)

    def files(self, model: str) -> dict[str, Path]:
        """`zimage`, `klein` (their DiTs in q4_0; `-q8`: in q8_0, with the same Qwen3-4B and VAE), `flux`,
        `sdxl-turbo`."""
        f = self.folder
        family, _, q8 = model.partition("-q")
        if family in LLM_FILES:
            dit, vae = LLM_FILES[family]
            return {"diffusion_model": f / f"{dit}_{'q8_0' if q8 else 'q4_0'}.gguf",
                    "llm": f / "qwen3_4b_shaped_q4_0.gguf", "vae": f / vae}
        return {"flux": {"model": f / "flux_schnell_shaped_q4_0.gguf", "vae": f / "flux_ae_shaped_f32.gguf"},
                "sdxl-turbo": {"model": f / "sdxl_shaped_f16.gguf"}}[model]

    def arguments(self, model: str) -> list[str]:
        names = {"diffusion_model": "--diffusion-model", "llm": "--llm", "vae": "--vae", "model": "--model"}
        return [a for slot, path in self.files(model).items() for a in (names[slot], str(path))]

    def components(self, model: str):  # type: ignore[no-untyped-def]
        family = {"zimage": ModelFamily.Z_IMAGE, "klein": ModelFamily.FLUX2, "flux": ModelFamily.FLUX,
                  "sdxl-turbo": ModelFamily.SDXL}[model.removesuffix("-q8")]
        return components_from_files({slot: inspect_model(p) for slot, p in self.files(model).items()}, family)


STEPS = {"zimage": 8, "klein": 4, "flux": 4, "sdxl-turbo": 4, "zimage-q8": 8, "klein-q8": 4}


def measured(memory: Memory, argv: list[str], env: dict[str, str] | None = None,
             ) -> tuple[subprocess.CompletedProcess[str], float, int, int]:
    """Run argv while NVML samples the GPU's memory: the result, the wall seconds, the idle memory before and the
    peak above it (bytes)."""
    time.sleep(0.3)
    idle = memory.used()
    memory.start()
    started = time.perf_counter()
    result = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    samples = memory.stop()
    return result, wall, idle, max(u for _, u in samples) - idle


def generate(memory: Memory, models: Models, model: str, width: int, height: int, steps: int, flags: tuple[str, ...],
             extra: tuple[str, ...] = ()) -> dict:
    argv = [sys.executable, "-m", "app", "--basedir", str(SCRATCH / "base"), "generate", "--events",
            "--prompt", LONG_PROMPT, *models.arguments(model), "--width", str(width), "--height", str(height),
            "--steps", str(steps), "--cfg-scale", "1", "--seed", "42", *flags, *extra, "--out", str(SCRATCH / "images")]
    result, wall, idle, peak = measured(memory, argv)
    events = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    image = next((e["path"] for e in events if e["event"] == "image"), None)
    error = next((e["message"] for e in events if e["event"] == "error"), None)
    edited_from = (read_details(Path(image)) or {}).get("edited_from") if image and extra else None
    return {"model": model, "width": width, "height": height, "steps": steps, "flags": list(flags),
            "exit_code": result.returncode, "image": image, "error": error, "edited_from": edited_from,
            "retries": [e["flags"] for e in events if e["event"] == "retry"],
            "idle_mib": round(idle / MIB), "peak_mib": round(peak / MIB),
            "wall_s": round(wall, 2), "stderr_tail": result.stderr[-400:] if result.returncode else ""}


def check(memory: Memory, models: Models, caps, log, edits: bool,  # type: ignore[no-untyped-def]
          chosen: list[str], shapes: list[tuple[int, int]]) -> None:
    reference = SCRATCH / "reference.png"
    write_reference(reference)
    if edits:
        jobs = [(model, w, h, budget, ExtraWork(references=1)) for model in chosen if model.startswith("klein")
                for w, h in shapes for budget in (4, 6, 8)]
    else:
        jobs = [(model, w, h, budget, ExtraWork()) for model in chosen for w, h in shapes for budget in (4, 6, 8)]
    done: dict[tuple, dict] = {}
    for model, width, height, budget, work in jobs:
        components = models.components(model)
        plan = plan_memory(components, card(budget), HOST_RAM, width, height, CHECK_STEPS, caps, work)
        key = (model, width, height, plan.flags, work.references)
        if key not in done:
            extra = ("--ref-image", str(reference)) if work.references else ()
            done[key] = generate(memory, models, model, width, height, CHECK_STEPS, plan.flags, extra)
            done[key]["predicted_mib"] = round(plan.peak_vram.total / MIB)
            done[key]["predicted_stage"] = next(n for n, s in plan.stages if s == plan.peak_vram)
        run = {**done[key], "budget_gib": budget, "budget_after_margin_mib": round(card(budget).budget / MIB),
               "fits_predicted": plan.fits, "edit": bool(work.references)}
        run["error_pct"] = round(100 * (run["predicted_mib"] - run["peak_mib"]) / run["peak_mib"], 1)
        run["within_card"] = run["peak_mib"] <= budget * 1024
        log(run)


def speed(memory: Memory, models: Models, caps, rounds: int, log,  # type: ignore[no-untyped-def]
          chosen: list[str]) -> None:
    plans = {}
    for model in chosen:
        components = models.components(model)
        for budget in (4, 8):
            plan = plan_memory(components, card(budget), HOST_RAM, 1024, 1024, STEPS[model], caps)
            plans[(model, budget)] = plan
        warm = generate(memory, models, model, 512, 512, 1, plans[(model, 8)].flags)
        print(f"warm-up {model}: {warm['wall_s']} s, exit {warm['exit_code']}", flush=True)
    for round_number in range(rounds):
        for (model, budget), plan in plans.items():
            run = generate(memory, models, model, 1024, 1024, STEPS[model], plan.flags)
            log({**run, "part": "speed", "round": round_number, "budget_gib": budget,
                 "predicted_mib": round(plan.peak_vram.total / MIB), "within_card": run["peak_mib"] <= budget * 1024})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=Path, default=Path("/tmp/models"))
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--part", action="append", choices=("check", "edit", "speed"), required=True)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--shape", action="append", metavar="WxH",
                        help="the shapes of check and edit (default: 640x896, 1152x896 and 1152x1152)")
    parser.add_argument("--model", action="append", choices=tuple(STEPS),
                        help="the models to run (default: zimage and klein for check and edit, the four q4 ones "
                             "for speed); zimage-q8 and klein-q8 are the DiTs in q8_0, sized like the 8 GB presets")
    args = parser.parse_args()
    shapes = [tuple(int(side) for side in shape.split("x")) for shape in args.shape] if args.shape else CHECK_SHAPES
    began = time.perf_counter()
    models = Models(args.models, args.part, args.model or [])
    print(f"models ready after {time.perf_counter() - began:.1f}s", flush=True)
    binary = REPO / "backend_bin" / "bin" / "sd-cli"
    caps = parse_help(subprocess.run([str(binary), "--help"], capture_output=True, text=True, check=False).stdout)
    memory = Memory()
    args.out.mkdir(parents=True, exist_ok=True)
    SCRATCH.mkdir(parents=True, exist_ok=True)
    with (args.out / "small_models.jsonl").open("a") as record:
        def log(run: dict) -> None:
            record.write(json.dumps(run) + "\n")
            record.flush()
            print(json.dumps({k: v for k, v in run.items() if k not in ("stderr_tail", "image")}), flush=True)
            if run["exit_code"]:
                print(run["stderr_tail"], flush=True)

        if "check" in args.part:
            check(memory, models, caps, log, False, args.model or ["zimage", "klein"], shapes)
        if "edit" in args.part:
            check(memory, models, caps, log, True, args.model or ["klein"], shapes)
        if "speed" in args.part:
            speed(memory, models, caps, args.rounds, log, args.model or ["zimage", "klein", "flux", "sdxl-turbo"])


if __name__ == "__main__":
    main()
