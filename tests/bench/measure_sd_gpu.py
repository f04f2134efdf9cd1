"""Measure SD 1.5 / SDXL runs and the VRAM gauge on a real GPU through its Vulkan driver.

    python3 tests/bench/measure_sd_gpu.py --sd-cli PATH --models DIR --vulkaninfo PATH --out DIR [--part P ...]

Runs on the lent GPU machine (numpy, gguf and the NVIDIA driver's NVML there; no Qt). It writes the
real-shaped random-weight SD 1.5 and SDXL checkpoints and a TAESD (`picture_models --calibration sd`) into DIR
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


PROMPT = "a lighthouse on a cliff"
# a prompt of usual length (~75 Qwen3 tokens) for Z-Image, whose text is as long as the prompt written
LONG_PROMPT = ("a weathered red and white lighthouse on a basalt cliff above a stormy sea at dusk, waves breaking "
               "on the rocks, gulls in the wind, warm light in the lantern room, dramatic clouds, rain on the lens, "
               "cinematic photograph, 35 mm, shallow depth of field, rich colours, fine detail")


def write_reference(path: Path) -> None:
    """The 1024 px picture klein's edits start from (-r / --ref-image)."""
    from PIL import Image

    Image.effect_mandelbrot((1024, 1024), (-2.0, -1.5, 1.0, 1.5), 100).convert("RGB").save(path)


def run_case(memory: Memory, sd_cli: str, model: list[str], width: int, height: int, steps: int, flags: list[str],
             logs: Path, name: str, extra: list[str], prompt: str = PROMPT) -> dict:
    """One sd-cli run; `model` is its model arguments (`-m FILE`, or the parts of a split model)."""
    argv = ["stdbuf", "-oL", sd_cli, *model, "-p", prompt, "-W", str(width),
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


def gauge(memory: Memory, vulkaninfo: str, sd_cli: str, model: list[str], logs: Path) -> list[dict]:
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
    argv = [sd_cli, *model, "-p", "a lighthouse", "-W", "1024", "-H", "1024", "--steps", "30",
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
    if part in ("zimage", "klein"):
        # fit shapes; the check (tests/bench/check_llm_gpu.py) runs others
        for w, h in ((512, 512), (768, 768), (1024, 1024), (1280, 1024)):
            out.append((f"{part}_{w}x{h}_fa", part, w, h, 2, fa, []))
        for size in (768, 1024):
            out.append((f"{part}_{size}_nofa", part, size, size, 2, [], []))
        out.append((f"{part}_1024_fa_clipcpu", part, 1024, 1024, 2, [*fa, "--clip-on-cpu"], []))
        out.append((f"{part}_1024_fa_tiled", part, 1024, 1024, 2, [*fa, "--vae-tiling"], []))
        out.append((f"{part}_1024_fa_offload", part, 1024, 1024, 2, [*fa, "--offload-to-cpu"], []))
        for gib in ("3", "2", "1.5"):
            out.append((f"{part}_1024_fa_maxvram{gib}", part, 1024, 1024, 2,
                        [*fa, "--offload-to-cpu", "--max-vram", gib], []))
        if part == "klein":
            for size in (768, 1024):
                out.append((f"klein_{size}_fa_ref", part, size, size, 2, fa, ["REF"]))
    if part == "cuts":
        # --max-vram at other sizes than the fit's 1024 px, and klein's edits tiled and cut
        for model in ("zimage", "klein"):
            for w, h in ((768, 768), (1280, 1024)):
                for gib in ("3", "2"):
                    out.append((f"{model}_{w}x{h}_fa_maxvram{gib}", model, w, h, 2,
                                [*fa, "--offload-to-cpu", "--max-vram", gib], []))
        for size in (768, 1024):
            out.append((f"klein_{size}_fa_ref_tiled", "klein", size, size, 2, [*fa, "--vae-tiling"], ["REF"]))
        for gib in ("4", "3"):
            out.append((f"klein_1024_fa_ref_maxvram{gib}", "klein", 1024, 1024, 2,
                        [*fa, "--vae-tiling", "--offload-to-cpu", "--max-vram", gib], ["REF"]))
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
                        choices=("gauge", "sd1", "sdxl", "decoders", "check", "zimage", "klein", "cuts"))
    parser.add_argument("--case", action="append", default=[],
                        help="extra case: name,model,width,height,steps,flag flag ...")
    parser.add_argument("--deadline", type=float, default=540, help="seconds after which no new run starts")
    args = parser.parse_args()
    began = time.perf_counter()
    from app.core.demo.picture_models import write_llm_calibration_models, write_sd_calibration_models

    files = {"sd1": args.models / "sd15_shaped_f16.gguf", "sdxl": args.models / "sdxl_shaped_f16.gguf",
             "taesd": args.models / "taesd_shaped.gguf", "zimage": args.models / "z_image_turbo_shaped_q4_0.gguf",
             "klein": args.models / "flux2_klein_4b_shaped_q4_0.gguf",
             "qwen3": args.models / "qwen3_4b_shaped_q4_0.gguf", "flux2_ae": args.models / "flux2_ae_shaped_f32.gguf",
             "flux_ae": args.models / "flux_ae_shaped_f32.gguf"}
    llm_parts = {"zimage", "klein", "cuts"} & set(args.part)
    if llm_parts != set(args.part) and not all(files[k].exists() for k in ("sd1", "sdxl", "taesd")):
        write_sd_calibration_models(args.models)
    if llm_parts and not all(files[k].exists() for k in ("zimage", "klein", "qwen3", "flux2_ae", "flux_ae")):
        write_llm_calibration_models(args.models)
    models = {"sd1": ["-m", str(files["sd1"])], "sdxl": ["-m", str(files["sdxl"])],
              "zimage": ["--diffusion-model", str(files["zimage"]), "--llm", str(files["qwen3"]),
                         "--vae", str(files["flux_ae"]), "--cfg-scale", "1"],
              "klein": ["--diffusion-model", str(files["klein"]), "--llm", str(files["qwen3"]),
                        "--vae", str(files["flux2_ae"]), "--cfg-scale", "1"]}
    taesd = files["taesd"]
    print(f"models ready after {time.perf_counter() - began:.1f}s", flush=True)
    memory = Memory()
    logs = args.models / "logs"  # beside the models: only OUT's few files travel back
    logs.mkdir(parents=True, exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)
    # the first run of a machine compiles ggml's shaders: once, unmeasured
    warm = "klein" if llm_parts == set(args.part) else "sd1"
    run_case(memory, args.sd_cli, models[warm], 256, 256, 1, ["--diffusion-fa"], logs, "warmup", [])
    reference = logs / "reference.png"
    if {"klein", "cuts"} & set(args.part):
        write_reference(reference)
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
            more = {"TAE": ["--taesd", str(taesd)], "REF": ["-r", str(reference)]}.get("".join(extra), [])
            prompt = LONG_PROMPT if model in ("zimage", "klein") else PROMPT
            result = run_case(memory, args.sd_cli, models[model], width, height, steps, flags, logs, name, more,
                              prompt)
            result["model"] = model
            print(json.dumps({k: result[k] for k in ("name", "exit_code", "peak_mib", "stage_peak_mib", "wall_s",
                                                     "sampling_s", "decode_s", "cuts")}), flush=True)
            out.write(json.dumps(result) + "\n")
            out.flush()
    with tarfile.open(args.out / "logs.tar.xz", "w:xz") as tar:
        tar.add(logs, arcname="logs")


if __name__ == "__main__":
    main()
