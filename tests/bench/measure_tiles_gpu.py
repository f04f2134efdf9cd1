"""Measure the image decoder's peak VRAM and time per --vae-tile-size (issue 50), and SD 1.5 with a ControlNet on
the card and on the processor (issue 51), on the lent GPU through its Vulkan driver.

    python3 tests/bench/measure_tiles_gpu.py --sd-cli PATH --models DIR --out DIR [--part tiles] [--part controlnet]
        [--part heldout] [--part polaris] [--deadline S]

Runs on the lent machine (numpy, gguf, NVML; no Qt) through tests/bench/app_device.sh. It writes into DIR what is
missing: the real-shaped f16 SD 1.5 and SDXL checkpoints (`picture_models --calibration sd`), the tiny Flux and
FLUX.2 klein with the real-shaped Flux AE and FLUX.2 VAE in f32 as published (the tiny DiTs keep every other stage
far below the decoder's), and the real-shaped SD 1.5 (q4_0) with its real-shaped ControlNet
(`write_sd1_with_controlnet`). Each case is one sd-cli run with -v while NVML's memory.used is read every 5 ms.
A decoder's peak is the highest sample from sd.cpp's decoder "compute buffer size" line (the diffusion model's
weights are freed by then) to "decode_first_stage completed", above the idle figure taken just before the run;
the run's own peak and sd.cpp's logged buffers are kept beside it. One JSON line a run in OUT/runs.jsonl.
tests/data/calibration/h200_decoder_tiles.json and h200_controlnet.json hold what it measured (their `command`).
The carried folder (build/gpu-figures/ in the checkout the device tool sends, git-ignored), made here first:
    gl/: apt-get download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2   (Debian 12 amd64)
    site/gguf: cp -r .venv/lib/python3*/site-packages/gguf
    backend.tar.xz: tar -C backend_bin/bin -cJf backend.tar.xz sd-cli libggml*.so
    app_device.sh (this folder's) and repo/ (app, resources, tests of this tree)
then, on the device (two calls of ~9 minutes, each on a fresh machine, 1148 s of device time in all):
    bash build/gpu-figures/app_device.sh tests/bench/measure_tiles_gpu.py --sd-cli backend_bin/bin/sd-cli \
        --models /tmp/models --out "$OUT" --part tiles --part controlnet --deadline 470
    ... --part heldout --part polaris --deadline 470
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.measure_sd_gpu import BUFFER, TAKING, Memory

MIB = 2**20
PROMPT = "a lighthouse on a cliff"
TILES = (None, 32, 24, 16, 12, 8)  # None: untiled; the rest --vae-tile-size in latents (32 is sd.cpp's default)
DECODER_BUFFER = re.compile(r"\b(vae|taesd|tae)\w* compute buffer size:")
TILE_LOG = re.compile(r"VAE Tile size: (\d+)x(\d+)")
# the shapes fitted (tiles) and the ones held out (heldout): another picture size, another aspect
FIT_SIZES = {"sd1": ((512, 512), (1024, 1024)), "sdxl": ((1024, 1024),), "flux": ((512, 512), (1024, 1024)),
             "flux2": ((512, 512), (1024, 1024))}
HELD_OUT = {"sd1": ((768, 768), (832, 1216)), "sdxl": ((768, 768), (832, 1216)), "flux": ((768, 768), (1216, 832)),
            "flux2": ((768, 768), (832, 1216))}
POLARIS_FEATURE_SET = {"GGML_VK_DISABLE_F16": "1", "GGML_VK_DISABLE_INTEGER_DOT_PRODUCT": "1",
                       "GGML_VK_DISABLE_COOPMAT": "1", "GGML_VK_DISABLE_COOPMAT2": "1",
                       "GGML_VK_DISABLE_BFLOAT16": "1", "GGML_VK_FORCE_MAX_ALLOCATION_SIZE": str(2 * 2**30)}


def write_models(folder: Path, parts: set[str]) -> dict[str, list[str]]:
    """Each model's sd-cli arguments, its files written first where missing."""
    from app.core.demo import picture_models as pm

    folder.mkdir(parents=True, exist_ok=True)
    sd1, sdxl = folder / "sd15_shaped_f16.gguf", folder / "sdxl_shaped_f16.gguf"
    if {"tiles", "heldout", "polaris"} & parts and not (sd1.exists() and sdxl.exists()):
        pm.write_sd_calibration_models(folder)
    flux, _ = pm.write_tiny_models(folder / "tiny")
    klein, qwen3, _ = pm.write_tiny_klein(folder / "tiny-klein")
    rng = np.random.default_rng([0, 50])
    # the published autoencoders' shapes in f32, as calibrate_gpu.py's and the H100 runs' files (write_calibration_
    # models writes the Flux AE beside a 12B DiT this bench does not need)
    flux_ae, flux2_ae = folder / "flux_ae_shaped_f32.gguf", folder / "flux2_ae_shaped_f32.gguf"
    for path, channels in ((flux_ae, 16), (flux2_ae, 32)):
        if not path.exists():
            pm._write(path, pm.ae_tensors(channels), rng, False, np.float32)
    arguments = {"sd1": ["-m", str(sd1)], "sdxl": ["-m", str(sdxl)],
                 "flux": ["-m", str(flux), "--vae", str(flux_ae), "--cfg-scale", "1"],
                 "flux2": ["--diffusion-model", str(klein), "--llm", str(qwen3), "--vae", str(flux2_ae),
                           "--cfg-scale", "1"]}
    if {"controlnet", "heldout", "cnsizes", "cnshapes"} & parts:
        model, taesd, control = pm.write_sd1_with_controlnet(folder / "controlnet")
        arguments["sd1q"] = ["-m", str(model), "--taesd", str(taesd)]
        arguments["control"] = ["--control-net", str(control), "--control-strength", "0.9"]
        from PIL import Image

        # the control picture at the picture's size, as the app passes it
        for width, height in ((512, 512), (640, 640), (768, 768), (896, 896), (512, 768), (576, 576)):
            picture = folder / f"control_{width}x{height}.png"
            Image.effect_mandelbrot((width, height), (-2.0, -1.5, 1.0, 1.5), 100).convert("RGB").save(picture)
            arguments[f"control_{width}x{height}"] = ["--control-image", str(picture)]
    return arguments


def run(memory: Memory, sd_cli: str, arguments: list[str], width: int, height: int, steps: int, flags: list[str],
        logs: Path, name: str, env: dict[str, str] | None = None) -> dict:
    argv = ["stdbuf", "-oL", sd_cli, *arguments, "-p", PROMPT, "-W", str(width), "-H", str(height),
            "--steps", str(steps), "-s", "42", "-v", *flags, "-o", str(logs / "out.png")]
    time.sleep(0.3)
    idle = memory.used()
    memory.start()
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                               env=env)
    lines: list[str] = []
    sampled = decoder_from = decoded = None
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)
        now = time.perf_counter()
        if "sampling completed" in line and sampled is None:
            sampled = now
        elif sampled is not None and decoder_from is None and DECODER_BUFFER.search(line):
            decoder_from = now
        elif "decode_first_stage completed" in line:
            decoded = now
    process.wait()
    ended = time.perf_counter()
    time.sleep(0.05)
    samples = memory.stop()
    log = "".join(lines)
    (logs / f"{name}.log").write_text(log)

    def peak(begin: float | None, end: float | None) -> int | None:
        window = [used for t, used in samples if begin is not None and begin - 0.002 <= t <= (end or ended) + 0.02]
        return round((max(window) - idle) / MIB) if window else None

    taking = {m.group(1): float(m.group(2)) for m in TAKING.finditer(log)}
    tile = TILE_LOG.search(log)
    return {
        "name": name, "width": width, "height": height, "steps": steps, "flags": flags,
        "exit_code": process.returncode, "idle_mib": round(idle / MIB),
        "peak_mib": round((max(u for _, u in samples) - idle) / MIB),
        "decode_peak_mib": peak(decoder_from, decoded), "sampling_peak_mib": peak(started, sampled),
        "wall_s": round(ended - started, 2), "sampling_s": taking.get("sampling"),
        "decode_s": taking.get("decode_first_stage"),
        "tile_logged": [int(tile.group(1)), int(tile.group(2))] if tile else None,
        "buffers": [[m.group(1), "params" if "params" in m.group(2) else "compute", float(m.group(3)), m.group(4)]
                    for m in BUFFER.finditer(log)],
        "oom": "ErrorOutOfDeviceMemory" in log or "failed to allocate" in log,
    }


def tile_flags(tile: int | None) -> list[str]:
    if tile is None:
        return ["--diffusion-fa"]
    return ["--diffusion-fa", "--vae-tiling", "--vae-tile-size", f"{tile}x{tile}"]


def cases(part: str) -> list[tuple[str, str, int, int, int, list[str], bool]]:
    """(name, model, width, height, steps, flags, polaris)."""
    out: list[tuple[str, str, int, int, int, list[str], bool]] = []
    if part in ("tiles", "heldout"):
        shapes = FIT_SIZES if part == "tiles" else HELD_OUT
        for model in ("sd1", "flux", "flux2", "sdxl"):
            for w, h in shapes[model]:
                tiles = TILES if part == "tiles" else (None, 32, 20, 12, 6)
                for tile in tiles:
                    out.append((f"{part}_{model}_{w}x{h}_{tile or 'untiled'}", model, w, h, 1, tile_flags(tile),
                                False))
    fa = ["--diffusion-fa"]
    # ControlNet: 512 px fitted (8 and 16 steps: a step's seconds from their difference), 768 px held out (the
    # processor, 4 s a step on the lent machine, only 2 steps there: its VRAM is the point); 640 and 896 px held out
    # of the split into Vulkan's chunks, whose one measure is 768 px's (one step on the processor)
    runs = {"controlnet": ((512, 8), (512, 16)), "heldout": ((768, 8),), "cnsizes": ((640, 8), (896, 8))}.get(part, ())
    for size, steps in runs:
        cpu_steps = steps if size == 512 else 2 if size == 768 else 1
        out.append((f"cn_none_{size}_{steps}", "sd1q", size, size, steps, fa, False))
        out.append((f"cn_gpu_{size}_{steps}", "sd1q+control", size, size, steps, fa, False))
        out.append((f"cn_cpu_{size}_{cpu_steps}", "sd1q+control", size, size, cpu_steps, [*fa, "--control-net-cpu"],
                    False))
    if part == "cnshapes":  # held out: a ControlNet's scores just above one chunk (512x768) and below it (576 px), and
        # the tiny autoencoder's decoder buffer in Vulkan's chunks at larger sizes (no ControlNet, one step)
        for w, h in ((512, 768), (576, 576)):
            out.append((f"cn_none_{w}x{h}_8", "sd1q", w, h, 8, fa, False))
            out.append((f"cn_gpu_{w}x{h}_8", "sd1q+control", w, h, 8, fa, False))
        for w, h in ((768, 768), (1024, 1024), (832, 1216), (1152, 1152)):
            out.append((f"tae_{w}x{h}_1", "sd1q", w, h, 1, fa, False))
    if part == "polaris":  # the RX 580's feature set (no fp16, 2 GiB allocations): the Flux AE's tiles
        for tile in (32, 16, 8):
            out.append((f"polaris_flux_1024_{tile or 'untiled'}", "flux", 1024, 1024, 1, tile_flags(tile), True))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sd-cli", required=True)
    parser.add_argument("--models", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--part", action="append", required=True,
                        choices=("tiles", "heldout", "controlnet", "cnsizes", "cnshapes", "polaris"))
    parser.add_argument("--deadline", type=float, default=500, help="seconds after which no new run starts")
    args = parser.parse_args()
    began = time.perf_counter()
    arguments = write_models(args.models, set(args.part))
    print(f"models ready after {time.perf_counter() - began:.1f}s", flush=True)
    memory = Memory()
    logs = args.models / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)
    # the first run of a machine compiles ggml's shaders: once, unmeasured, for each model kind
    warm = ["sd1q"] if set(args.part) <= {"controlnet", "cnsizes", "cnshapes"} else ["sd1", "flux", "flux2"]
    for model in warm:
        run(memory, args.sd_cli, arguments[model], 256, 256, 1, ["--diffusion-fa", "--vae-tiling"], logs,
            f"warmup_{model}")
    print(f"warm after {time.perf_counter() - began:.1f}s", flush=True)
    with (args.out / "runs.jsonl").open("a") as out:
        for part in args.part:
            for name, model, width, height, steps, flags, polaris in cases(part):
                if time.perf_counter() - began > args.deadline:
                    print(f"deadline: skipped {name}", flush=True)
                    continue
                model_arguments = [a for m in model.split("+") for a in arguments[m]]
                if "control" in model:
                    model_arguments += arguments[f"control_{width}x{height}"]
                env = {**os.environ, **POLARIS_FEATURE_SET} if polaris else None
                result = run(memory, args.sd_cli, model_arguments, width, height, steps, flags, logs, name, env)
                result.update(model=model, part=part, polaris=polaris)
                print(json.dumps({k: result[k] for k in ("name", "exit_code", "peak_mib", "decode_peak_mib",
                                                         "sampling_peak_mib", "wall_s", "sampling_s", "decode_s",
                                                         "tile_logged")}), flush=True)
                out.write(json.dumps(result) + "\n")
                out.flush()
    with tarfile.open(args.out / "logs.tar.xz", "w:xz") as tar:
        tar.add(logs, arcname="logs")


if __name__ == "__main__":
    main()
