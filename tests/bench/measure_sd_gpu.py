"""Measure SD 1.5 / SDXL runs and the VRAM gauge on a real GPU through its Vulkan driver.

    python3 tests/bench/measure_sd_gpu.py --sd-cli PATH --models DIR --vulkaninfo PATH --out DIR [--part P ...]

Runs on the lent GPU machine (numpy, gguf and the NVIDIA driver's NVML there; no Qt). It writes the
real-shaped random-weight SD 1.5 and SDXL checkpoints and a TAESD (`demo_model --calibration sd`) into DIR
when they are missing, then runs our sd-cli with `-v` for each case of the chosen parts while a thread reads
NVML's memory.used every 5 ms. sd-cli's log lines are timestamped as they arrive, so each stage's peak
(loading, text encoding, diffusion, decoding) is the highest sample between its milestones, above the idle
figure taken just before the run. Every run is one JSON line in OUT/runs.jsonl with its logged buffer sizes
and graph-cut segment counts; the full -v logs go into OUT/logs.tar.xz. Part `gauge` compares the VRAM figure
of our vulkaninfo reading (size - budget + usage) with NVML's used and reserved memory, idle and during a run.
tests/bench/measure_sd_gpu.sh sets up the GPU machine and runs this; the tables in tests/data/calibration/
(h100_sd_fit.json, h100_sd_check.json, h100_gauge.json) came from
    measure_sd_gpu.sh --part gauge --part sd1 --part decoders
    measure_sd_gpu.sh --part sdxl --case NAME,MODEL,W,H,STEPS,FLAGS ...   (the chk_* cases: 3 shapes x 10 plans)
    measure_sd_gpu.sh --part check --case ...   (the rest of chk_*, then the val_* probes on a fresh machine)
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

MIB = 2**20
STAGES = ("load", "text", "diffusion", "decode")
MILESTONES = {"loading tensors completed": "load", "get_learned_condition completed": "text",
              "sampling completed": "diffusion", "decode_first_stage completed": "decode"}
BUFFER = re.compile(r"(\w+) (params backend buffer size =|compute buffer size:)\s*([\d.]+) ?MB\((\w+)\)")
CUT = re.compile(r"(\w+) graph cut max_vram=([\d.]+) MB merged (\d+) segments -> (\d+) segments")
TAKING = re.compile(r"(get_learned_condition|sampling|decode_first_stage) completed, taking ([\d.]+)s")


class Memory:
    """NVML's view of the GPU's memory (the figures nvidia-smi prints), sampled in a thread."""

    def __init__(self) -> None:
        import pynvml

        self.nvml = pynvml
        pynvml.nvmlInit()
        self.handle = pynvml.nvmlDeviceGetHandleByIndex(0)
        self.samples: list[tuple[float, int]] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def info(self) -> dict[str, int]:
        try:
            info = self.nvml.nvmlDeviceGetMemoryInfo(self.handle, version=self.nvml.nvmlMemory_v2)
            return {"total": info.total, "reserved": info.reserved, "used": info.used, "free": info.free}
        except Exception:  # an older NVML without the v2 structure
            info = self.nvml.nvmlDeviceGetMemoryInfo(self.handle)
            return {"total": info.total, "used": info.used, "free": info.free}

    def used(self) -> int:
        return self.nvml.nvmlDeviceGetMemoryInfo(self.handle).used

    def start(self) -> None:
        self.samples = []
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.samples.append((time.perf_counter(), self.used()))
            time.sleep(0.005)

    def stop(self) -> list[tuple[float, int]]:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()
        return self.samples


def run_case(memory: Memory, sd_cli: str, model: Path, width: int, height: int, steps: int, flags: list[str],
             logs: Path, name: str, extra: list[str]) -> dict:
    argv = ["stdbuf", "-oL", sd_cli, "-m", str(model), "-p", "a lighthouse on a cliff", "-W", str(width),
            "-H", str(height), "--steps", str(steps), "-s", "42", "-v", *extra, *flags,
            "-o", str(logs / "out.png")]
    time.sleep(0.3)
    idle = memory.used()
    memory.start()
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    lines: list[str] = []
    marks = {"start": started}
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)
        for text, stage in MILESTONES.items():
            if text in line:
                marks.setdefault(stage, time.perf_counter())
    process.wait()
    ended = time.perf_counter()
    time.sleep(0.05)
    samples = memory.stop()
    log = "".join(lines)
    (logs / f"{name}.log").write_text(log)
    peaks, begin = {}, started
    for stage in STAGES:
        end = marks.get(stage, ended if stage == "decode" else None)
        if end is None:
            continue
        window = [used for t, used in samples if begin <= t <= end + 0.02]
        peaks[stage] = round((max(window) - idle) / MIB) if window else None
        begin = end
    taking = {m.group(1): float(m.group(2)) for m in TAKING.finditer(log)}
    total = re.search(r"generate_image completed in ([\d.]+)s", log)
    return {
        "name": name, "width": width, "height": height, "steps": steps, "flags": flags, "extra": extra,
        "exit_code": process.returncode, "idle_mib": round(idle / MIB),
        "peak_mib": round((max(u for _, u in samples) - idle) / MIB), "stage_peak_mib": peaks,
        "wall_s": round(ended - started, 2), "text_s": taking.get("get_learned_condition"),
        "sampling_s": taking.get("sampling"), "decode_s": taking.get("decode_first_stage"),
        "generate_s": float(total.group(1)) if total else None,
        "buffers": [[m.group(1), "params" if "params" in m.group(2) else "compute", float(m.group(3)), m.group(4)]
                    for m in BUFFER.finditer(log)],
        "cuts": [[m.group(1), float(m.group(2)), int(m.group(3)), int(m.group(4))] for m in CUT.finditer(log)],
        "oom": "ErrorOutOfDeviceMemory" in log or "failed to allocate" in log,
    }


def vulkan_heap(vulkaninfo: str) -> dict[str, int]:
    """Heap 0 of GPU0 as our vulkaninfo reading sees it (the full text output)."""
    from app.core.system.vulkaninfo import parse

    text = subprocess.run([vulkaninfo], capture_output=True, text=True, check=False).stdout
    heap = next(d for d in parse(text) if d.device_type.value != "cpu").vram_heap
    assert heap is not None
    return {"size": heap.size, "budget": heap.budget or 0, "usage": heap.usage or 0}


def gauge(memory: Memory, vulkaninfo: str, sd_cli: str, model: Path, logs: Path) -> list[dict]:
    rows = []

    def sample(state: str) -> None:
        before = memory.info()
        heap = vulkan_heap(vulkaninfo)
        after = memory.info()
        ours = heap["size"] - heap["budget"] + heap["usage"]
        rows.append({"state": state, "vulkan": heap, "ours_mib": round(ours / MIB),
                     "nvml_before": {k: round(v / MIB) for k, v in before.items()},
                     "nvml_after": {k: round(v / MIB) for k, v in after.items()}})
        print(json.dumps(rows[-1]), flush=True)

    for _ in range(3):
        sample("idle")
    argv = [sd_cli, "-m", str(model), "-p", "a lighthouse", "-W", "1024", "-H", "1024", "--steps", "30",
            "--diffusion-fa", "-o", str(logs / "gauge.png")]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    assert process.stdout is not None
    for line in process.stdout:
        if "get_learned_condition completed" in line:
            break
    for _ in range(4):
        time.sleep(0.5)
        sample("sampling")
    process.kill()
    process.wait()
    return rows


def cases(part: str) -> list[tuple[str, str, int, int, int, list[str], list[str]]]:
    """(name, model, width, height, steps, flags, extra)."""
    out: list[tuple[str, str, int, int, int, list[str], list[str]]] = []
    fa = ["--diffusion-fa"]
    if part in ("sd1", "sdxl"):
        sizes = (512, 768, 1024)
        for size in sizes:
            out.append((f"{part}_{size}_nofa", part, size, size, 4, [], []))
            out.append((f"{part}_{size}_fa", part, size, size, 4, fa, []))
        for size in sizes:
            out.append((f"{part}_{size}_fa_tiled", part, size, size, 2, [*fa, "--vae-tiling"], []))
            out.append((f"{part}_{size}_fa_vaecpu", part, size, size, 2, [*fa, "--vae-on-cpu"], []))
            out.append((f"{part}_{size}_fa_clipcpu", part, size, size, 2, [*fa, "--clip-on-cpu"], []))
            out.append((f"{part}_{size}_fa_offload", part, size, size, 4, [*fa, "--offload-to-cpu"], []))
        for gib in ("2", "1", "0.5"):
            out.append((f"{part}_1024_fa_maxvram{gib}", part, 1024, 1024, 4,
                        [*fa, "--offload-to-cpu", "--max-vram", gib], []))
        out.append((f"{part}_1024_nofa_maxvram1", part, 1024, 1024, 4, ["--offload-to-cpu", "--max-vram", "1"], []))
    if part == "decoders":
        shapes = ((512, 768), (768, 512), (832, 1216), (1216, 832), (1152, 1152))
        for w, h in shapes:
            for decoder, extra in (("vae", []), ("tae", ["TAE"])):
                out.append((f"dec_{decoder}_{w}x{h}", "sd1", w, h, 1, fa, extra))
                out.append((f"dec_{decoder}_{w}x{h}_tiled", "sd1", w, h, 1, [*fa, "--vae-tiling"], extra))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sd-cli", required=True)
    parser.add_argument("--vulkaninfo", required=True)
    parser.add_argument("--models", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--part", action="append", required=True,
                        choices=("gauge", "sd1", "sdxl", "decoders", "check"))
    parser.add_argument("--case", action="append", default=[],
                        help="extra case: name,model,width,height,steps,flag flag ...")
    parser.add_argument("--deadline", type=float, default=540, help="seconds after which no new run starts")
    args = parser.parse_args()
    began = time.perf_counter()
    from app.core.models.demo_model import write_sd_calibration_models

    models = {"sd1": args.models / "sd15_shaped_f16.gguf", "sdxl": args.models / "sdxl_shaped_f16.gguf"}
    taesd = args.models / "taesd_shaped.gguf"
    if not all(p.exists() for p in (*models.values(), taesd)):
        write_sd_calibration_models(args.models)
    print(f"models ready after {time.perf_counter() - began:.1f}s", flush=True)
    memory = Memory()
    logs = args.models / "logs"  # beside the models: only OUT's few files travel back
    logs.mkdir(parents=True, exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)
    # the first run of a machine compiles ggml's shaders: once, unmeasured
    run_case(memory, args.sd_cli, models["sd1"], 256, 256, 1, ["--diffusion-fa"], logs, "warmup", [])
    todo = [c for part in args.part if part != "gauge" for c in cases(part)]
    for spec in args.case:
        name, model, width, height, steps, *flags = spec.split(",")
        todo.append((name, model, int(width), int(height), int(steps), " ".join(flags).split(), []))
    with (args.out / "runs.jsonl").open("a") as out:
        if "gauge" in args.part:
            for row in gauge(memory, args.vulkaninfo, args.sd_cli, models["sdxl"], logs):
                out.write(json.dumps({"gauge": row}) + "\n")
        for name, model, width, height, steps, flags, extra in todo:
            if time.perf_counter() - began > args.deadline:
                print(f"deadline: skipped {name}", flush=True)
                continue
            more = ["--taesd", str(taesd)] if extra == ["TAE"] else []
            result = run_case(memory, args.sd_cli, models[model], width, height, steps, flags, logs, name, more)
            result["model"] = model
            print(json.dumps({k: result[k] for k in ("name", "exit_code", "peak_mib", "stage_peak_mib", "wall_s",
                                                     "sampling_s", "decode_s", "cuts")}), flush=True)
            out.write(json.dumps(result) + "\n")
            out.flush()
    with tarfile.open(args.out / "logs.tar.xz", "w:xz") as tar:
        tar.add(logs, arcname="logs")


if __name__ == "__main__":
    main()
