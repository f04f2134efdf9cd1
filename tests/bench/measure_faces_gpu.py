"""Measure Fix faces on the lent GPU (issue 51): a real-shaped SD 1.5 draws a picture, then each face's pass the app
runs for it, timed by the clock and by sd.cpp's own stage lines, so the time model's price for the face fix can be
held against it (tests/core/planning/test_face_fix_gpu_time.py, tests/data/calibration/h200_face_fix.json).

    .venv/bin/python tests/bench/measure_faces_gpu.py prepare --out build/gpu-figures/faces
    python3 tests/bench/measure_faces_gpu.py measure --plan DIR --sd-cli PATH --models DIR --out DIR   (the device)

`prepare` runs here (the detector is OpenCV's, which the lent machine lacks): it finds the faces of two real
photographs that ship with our tests (scikit-image's astronaut, one face; the same photograph beside its mirror image,
two faces), writes each face pass's crop and mask as the app writes them (app/services/runners/face_fix.py's
FacePasses), and the sd-cli argument lists the app builds for the picture and for each face pass (build_argv), the
model paths left as {model}. `measure` runs on the lent machine through tests/bench/app_device.sh: it writes the
real-shaped SD 1.5 checkpoint as most published ones are (UNet, CLIP-L and the VAE in f16: `sd15_shaped_f16.gguf`)
where missing, then each case's runs one after another, NVML's memory.used read every 5 ms. One JSON line a run in
OUT/faces.jsonl. The steps of a face pass are the picture's times the strength, as sd.cpp samples an img2img.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

MIB = 2**20
PROMPT = "portrait photograph of an astronaut, detailed face"
FACES = Path(__file__).resolve().parents[1] / "data" / "faces"
TAKING = re.compile(r"(get_learned_condition|encode_first_stage|sampling|decode_first_stage) completed, taking "
                    r"([\d.]+)s")
LOADED = re.compile(r"loading tensors completed, taking ([\d.]+)s")
TOTAL = re.compile(r"generate_image completed in ([\d.]+)s")
SD1_FILE = "sd15_shaped_f16.gguf"
# (case, picture, steps, strength): the fit is ADetailer's defaults on one face (20 steps at 0.4); held out, two faces,
# another strength and other steps
CASES = (("fit_one_face_20_0.4", "astronaut", 20, 0.4), ("held_two_faces_20_0.4", "pair", 20, 0.4),
         ("held_one_face_30_0.6", "astronaut", 30, 0.6), ("held_two_faces_12_0.3", "pair", 12, 0.3))
REPEATS = 2


def _pictures(folder: Path) -> dict[str, Path]:
    from PIL import Image, ImageOps

    astronaut = folder / "astronaut.png"
    with Image.open(FACES / "astronaut.png") as opened:
        picture = opened.convert("RGB")
    picture.save(astronaut)
    pair = Image.new("RGB", (picture.width * 2, picture.height))
    pair.paste(picture, (0, 0))
    pair.paste(ImageOps.mirror(picture), (picture.width, 0))
    pair.save(folder / "pair.png")
    return {"astronaut": astronaut, "pair": folder / "pair.png"}


def prepare(out: Path) -> None:
    from PIL import Image

    from app.core.generation.command import build_argv
    from app.core.generation.faces import FaceFix, detect_faces, face_crop
    from app.core.generation.request import GenerationRequest
    from app.core.models.backend_caps import parse_help
    from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
    from app.services.runners.face_fix import FacePasses

    out.mkdir(parents=True, exist_ok=True)
    caps = parse_help((Path(__file__).resolve().parents[1] / "data" / "sdcpp-0.4.7" / "help.stdout").read_text())
    memory = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, diffusion_fa=True)
    pictures, cases = _pictures(out), []
    for name, picture, steps, strength in CASES:
        with Image.open(pictures[picture]) as opened:
            faces = detect_faces(opened.convert("RGB"))
            size = opened.size
        base = GenerationRequest(PROMPT, width=size[0], height=size[1], steps=steps, seed=42, cfg_scale=7.0,
                                 models=ModelFiles(model=Path("{model}")), memory=memory, family=ModelFamily.SD1,
                                 face_fix=FaceFix(strength=strength))
        passes = FacePasses(base, pictures[picture], [face_crop(f, size, base.face_fix.padding) for f in faces],
                            out / name)
        (out / name).mkdir(exist_ok=True)
        runs = [build_argv(Path("{sd_cli}"), dataclasses.replace(base, face_fix=None), caps, Path("{output}"))]
        while passes.crops:
            face_pass = passes.next_pass()
            runs.append(build_argv(Path("{sd_cli}"), face_pass, caps, Path("{output}"),
                                   path_text=lambda p: str(p.relative_to(out.absolute()) if p.is_absolute() else p)))
            passes.crops.pop(0)
        cases.append({"name": name, "picture": picture, "size": list(size), "steps": steps, "strength": strength,
                      "faces": [dataclasses.asdict(f) for f in faces], "picture_argv": runs[0],
                      "face_argvs": runs[1:]})
        print(name, len(faces), "faces", flush=True)
    (out / "plan.json").write_text(json.dumps({"prompt": PROMPT, "cases": cases}, indent=1))


def write_model(models: Path) -> Path:
    import numpy as np

    from app.core.demo import picture_models as pm

    models.mkdir(parents=True, exist_ok=True)
    target = models / SD1_FILE
    if not target.exists():
        tensors = (*pm.unet_tensors(xl=False), *pm.clip_l_tensors("cond_stage_model."),
                   *pm.ae_tensors(4, prefix="first_stage_model."))
        pm._atomic(target, lambda p: pm._write(p, iter(tensors), np.random.default_rng(0), quantize=False))
    return target


def timed(memory: object, argv: list[str], logs: Path, name: str) -> dict:
    from tests.bench.measure_sd_gpu import BUFFER

    time.sleep(0.3)
    idle = memory.used()  # type: ignore[attr-defined]
    memory.start()  # type: ignore[attr-defined]
    started = time.perf_counter()
    done = subprocess.run(["stdbuf", "-oL", *argv, "-v"], capture_output=True, text=True, errors="replace")
    ended = time.perf_counter()
    samples = memory.stop()  # type: ignore[attr-defined]
    log = done.stdout + done.stderr
    (logs / f"{name}.log").write_text(log)
    taking = {m.group(1): float(m.group(2)) for m in TAKING.finditer(log)}
    loaded, total = LOADED.search(log), TOTAL.search(log)
    return {"name": name, "exit_code": done.returncode, "wall_s": round(ended - started, 2),
            "loading_s": float(loaded.group(1)) if loaded else None,
            "text_s": taking.get("get_learned_condition"), "encode_s": taking.get("encode_first_stage"),
            "sampling_s": taking.get("sampling"), "decode_s": taking.get("decode_first_stage"),
            "generate_s": float(total.group(1)) if total else None,
            "peak_mib": round((max(u for _, u in samples) - idle) / MIB),
            "buffers": [[m.group(1), "params" if "params" in m.group(2) else "compute", float(m.group(3)),
                         m.group(4)] for m in BUFFER.finditer(log)]}


def measure(plan_dir: Path, sd_cli: str, models: Path, out: Path, deadline: float) -> None:
    from tests.bench.measure_sd_gpu import Memory

    began = time.perf_counter()
    model = write_model(models)
    print(f"model ready after {time.perf_counter() - began:.1f}s", flush=True)
    plan = json.loads((plan_dir / "plan.json").read_text())
    logs = models / "face_logs"
    logs.mkdir(parents=True, exist_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    memory = Memory()

    def argv(template: list[str], output: Path) -> list[str]:
        fill = {"{sd_cli}": sd_cli, "{model}": str(model), "{output}": str(output)}
        return [fill.get(a, str(plan_dir / a) if (plan_dir / a).is_file() and "/" in a else a) for a in template]

    # the first run compiles this model's pipelines: once, unmeasured
    timed(memory, argv(plan["cases"][0]["picture_argv"], logs / "warm.png"), logs, "warmup")
    with (out / "faces.jsonl").open("a") as written:
        for case in plan["cases"]:
            for repeat in range(REPEATS):
                if time.perf_counter() - began > deadline:
                    print(f"deadline: skipped {case['name']}", flush=True)
                    break
                runs = [("picture", case["picture_argv"])] + [(f"face{i}", a) for i, a in enumerate(case["face_argvs"])]
                for part, template in runs:
                    result = timed(memory, argv(template, logs / f"{case['name']}_{part}.png"), logs,
                                   f"{case['name']}_{repeat}_{part}")
                    result.update(case=case["name"], repeat=repeat, part=part, size=case["size"],
                                  steps=case["steps"], strength=case["strength"], faces=len(case["face_argvs"]))
                    print(json.dumps({k: result[k] for k in ("name", "exit_code", "wall_s", "loading_s", "text_s",
                                                             "encode_s", "sampling_s", "decode_s", "peak_mib")}),
                          flush=True)
                    written.write(json.dumps(result) + "\n")
                    written.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    prep = sub.add_parser("prepare")
    prep.add_argument("--out", type=Path, required=True)
    run = sub.add_parser("measure")
    run.add_argument("--plan", type=Path, required=True)
    run.add_argument("--sd-cli", required=True)
    run.add_argument("--models", type=Path, required=True)
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--deadline", type=float, default=400)
    args = parser.parse_args()
    if args.command == "prepare":
        prepare(args.out)
    else:
        measure(args.plan, args.sd_cli, args.models, args.out, args.deadline)


if __name__ == "__main__":
    main()
