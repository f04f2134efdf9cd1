"""ESRGAN on a software Vulkan device (lavapipe) against ggml's CPU backend, same binary, same tiny model.

    .venv/bin/python tests/bench/bench_upscale.py [--side 64]

Why the app leaves Vulkan out of an upscale when the chosen device is a CPU-type one (upscaling.py). Measured
on the 2-core dev machine, 64 -> 256 px: lavapipe 101 s, CPU backend 3.6 s (28x).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from PIL import Image  # noqa: E402

from app.core.demo.picture_models import write_tiny_upscaler  # noqa: E402

SD_CLI = REPO / "backend_bin" / "bin" / ("sd-cli.exe" if sys.platform == "win32" else "sd-cli")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--side", type=int, default=64)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        model = write_tiny_upscaler(folder)
        Image.effect_noise((args.side, args.side), 60).convert("RGB").save(folder / "in.png")
        argv = [str(SD_CLI), "--mode", "upscale", "--upscale-model", str(model), "--init-img", "in.png",
                "--output", "out.png"]
        times = {}
        for label, device in (("lavapipe (Vulkan)", "0"), ("ggml CPU backend", None)):
            env = {k: v for k, v in os.environ.items() if k != "GGML_VK_VISIBLE_DEVICES"}
            if device is not None:
                env["GGML_VK_VISIBLE_DEVICES"] = device
            start = time.perf_counter()
            subprocess.run(argv, cwd=folder, env=env, check=True, capture_output=True)
            times[label] = time.perf_counter() - start
            print(f"{label}: {times[label]:.1f} s")
        print(f"ratio: {times['lavapipe (Vulkan)'] / times['ggml CPU backend']:.1f}x")


if __name__ == "__main__":
    main()
