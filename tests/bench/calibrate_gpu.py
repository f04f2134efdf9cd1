"""Measure the memory planner's plans on a real GPU: peak VRAM and time of each plan on the ladder.

    python3 tests/bench/calibrate_gpu.py --sd-cli PATH --models DIR --size 512 [--size 1024] --out FILE.json

Runs on the lent GPU machine (no Qt there: this uses app.core only). DIR holds the files that
`python -m app.core.demo.picture_models --calibration --out DIR` writes (a Flux Schnell-shaped 12B q4_0 model
with CLIP-L, and a real-shaped Flux AE). For each budget (8, 6, 4, 3 GiB) and size the planner's chosen plan
and its fallbacks are listed; each distinct flag set runs once while nvidia-smi samples memory.used every
100 ms. The JSON records measured and predicted peaks, and sampling and decoding times.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.models.backend_caps import parse_help
from app.core.models.components import components_from_files
from app.core.models.families import ModelFamily
from app.core.models.model_files import inspect_model
from app.core.planning.plan import GIB, MIB, Device, evaluate, plan_memory
from tests.helpers.calibration import memory_of

BUDGETS_GIB = (8, 6, 4, 3)
HOST_RAM = 64 * GIB
STEPS = 4


class PeakSampler:
    """max(memory.used) from `nvidia-smi -lms 100` while a run lasts."""

    def __init__(self) -> None:
        self.peak = 0
        self._process = subprocess.Popen(
            ["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits", "-lms", "100"],
            stdout=subprocess.PIPE, text=True)
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            if line.strip().isdigit():
                self.peak = max(self.peak, int(line.strip()))

    def stop(self) -> int:
        time.sleep(0.3)
        self._process.terminate()
        self._process.wait()
        return self.peak


def idle_mib() -> int:
    out = subprocess.run(["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[0])


def run_one(sd_cli: str, model: Path, ae: Path, size: int, flags: list[str], workdir: Path) -> dict:
    argv = [sd_cli, "-m", str(model), "--vae", str(ae), "-p", "a lighthouse", "-W", str(size), "-H", str(size),
            "--steps", str(STEPS), "--cfg-scale", "1", "-s", "42", *flags, "-o", str(workdir / "out.png")]
    base = idle_mib()
    sampler = PeakSampler()
    started = time.perf_counter()
    result = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    peak = sampler.stop()
    log = result.stdout + result.stderr

    def seconds(pattern: str) -> float | None:
        match = re.search(pattern + r", taking ([\d.]+)s", log)
        return float(match.group(1)) if match else None

    return {"size": size, "flags": flags, "exit_code": result.returncode, "peak_mib": peak - base,
            "idle_mib": base, "wall_s": round(wall, 2), "sampling_s": seconds("sampling completed"),
            "decode_s": seconds("decode_first_stage completed"),
            "oom": "ErrorOutOfDeviceMemory" in log or "failed to allocate" in log}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sd-cli", required=True)
    parser.add_argument("--models", type=Path, required=True)
    parser.add_argument("--size", type=int, action="append", required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    model = args.models / "flux_schnell_shaped_q4_0.gguf"
    ae = args.models / "flux_ae_shaped_f32.gguf"
    caps = parse_help(subprocess.run([args.sd_cli, "--help"], capture_output=True, text=True).stdout)
    components = components_from_files({"model": inspect_model(model), "vae": inspect_model(ae)}, ModelFamily.FLUX)
    # the first run of a machine compiles ggml's shaders: do that once, unmeasured
    run_one(args.sd_cli, model, ae, 256, ["--diffusion-fa", "--vae-tiling"], args.out.parent)
    results, done = [], {}
    for size in args.size:
        for budget in BUDGETS_GIB:
            device = Device(budget * GIB, max_allocation=4 * GIB - 4)
            plan = plan_memory(components, device, HOST_RAM, size, size, STEPS, caps)
            for rank, candidate in enumerate((plan, *plan.fallbacks)):
                key = (size, candidate.flags)
                if key not in done:
                    measured = run_one(args.sd_cli, model, ae, size, list(candidate.flags), args.out.parent)
                    measured["predicted_mib"] = round(evaluate(components, Device(80 * GIB), HOST_RAM, size, size,
                                                               STEPS, memory_of(list(candidate.flags)))
                                                      .peak_vram.total / MIB)
                    done[key] = measured
                    print(json.dumps(measured), flush=True)
                results.append({"size": size, "budget_gib": budget, "rank": rank, "flags": list(candidate.flags)})
                # written after every run, so a run cut short still leaves its measurements
                document = {"components_bytes": {"diffusion": components.diffusion,
                                                 "text_encoders": components.text_encoders, "vae": components.vae},
                            "runs": list(done.values()), "ladders": results}
                args.out.write_text(json.dumps(document, indent=1))


if __name__ == "__main__":
    main()
