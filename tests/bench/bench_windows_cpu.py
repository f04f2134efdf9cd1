"""The processor's half of a picture on Windows against Linux, same machine: our sd-cli.exe under Wine and our Linux
sd-cli draw the demo model's same job on one thread, alternated, and sd.cpp's own timings of the text encoder and
the decoder are compared. Before ggml's CPU variants the Windows build had no SIMD at all and took ~10x as long.

    .venv/bin/python tests/bench/bench_windows_cpu.py [--rounds 3] [--size 256]

Needs both builds (`python -m backend_bin.build` and `--windows`), Wine and Xvfb (`setup.sh --tests`). Vulkan is
hidden from both programs: every stage runs on the processor, through the CPU variant ggml chose (printed).
Prints each run's seconds and the Windows/Linux ratio of the medians: the goal is within 1.15.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo.picture_models import write_tiny_models  # noqa: E402
from app.core.generation.output import stage_seconds  # noqa: E402
from installer.windows_python import test_prefix  # noqa: E402
from installer.wine import virtual_display, windows_path  # noqa: E402
from tests.helpers.processors import NO_VULKAN_DEVICE, chosen_variant  # noqa: E402

BIN = REPO / "backend_bin" / "bin"
STAGES = {"text": "text encoder", "decode": "decoder"}  # the time model's stage names (sd.cpp's own timings)


def seconds_of(output: str) -> dict[str, float]:
    seconds = dict(found for line in output.splitlines() if (found := stage_seconds(line)))
    if set(STAGES) - set(seconds):
        raise SystemExit(f"no text encoder or decoder time in the output:\n{output[-3000:]}")
    return seconds


def job(model: Path, taesd: Path, out: Path, size: int, path_text=str) -> list[str]:
    return ["-m", path_text(model), "--taesd", path_text(taesd), "-p", "a lighthouse on a rock", "-W", str(size),
            "-H", str(size), "--steps", "1", "--cfg-scale", "1", "-s", "7", "-t", "1", "-o", path_text(out), "-v"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--size", type=int, default=256)
    args = parser.parse_args()
    runs: dict[str, dict[str, list[float]]] = {"linux": {s: [] for s in STAGES}, "windows": {s: [] for s in STAGES}}
    variants: dict[str, set[str | None]] = {"linux": set(), "windows": set()}
    with tempfile.TemporaryDirectory() as folder, virtual_display() as display:
        work = Path(folder)
        model, taesd = write_tiny_models(work)
        prefix = test_prefix(display)
        for round_number in range(args.rounds):
            for side in ("linux", "windows"):
                out = work / f"{side}-{round_number}.png"
                if side == "linux":
                    result = subprocess.run([str(BIN / "sd-cli"), *job(model, taesd, out, args.size)],
                                            capture_output=True, text=True, errors="replace",
                                            env={**prefix.env(), **NO_VULKAN_DEVICE}, check=False)
                else:
                    result = prefix.run([str(BIN / "sd-cli.exe"), *job(model, taesd, out, args.size, windows_path)],
                                        env=NO_VULKAN_DEVICE, timeout=1800)
                output = result.stdout + result.stderr
                if result.returncode != 0:
                    raise SystemExit(f"{side} sd-cli failed ({result.returncode}):\n{output[-3000:]}")
                variants[side].add(chosen_variant(output))
                for stage, seconds in seconds_of(output).items():
                    if stage in STAGES:
                        runs[side][stage].append(seconds)
                print(f"round {round_number + 1} {side:7} " + "  ".join(
                    f"{name} {runs[side][stage][-1]:.2f} s" for stage, name in STAGES.items()), flush=True)
    print(f"\nCPU variant chosen: Linux {sorted(map(str, variants['linux']))}, "
          f"Windows {sorted(map(str, variants['windows']))}")
    print("| stage | Linux sd-cli (s, median) | sd-cli.exe under Wine (s, median) | Windows / Linux |")
    print("|---|---|---|---|")
    for stage, name in STAGES.items():
        linux, windows = statistics.median(runs["linux"][stage]), statistics.median(runs["windows"][stage])
        print(f"| {name} | {linux:.2f} | {windows:.2f} | {windows / linux:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
