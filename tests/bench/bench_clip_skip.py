"""Clip skip reaching sd.cpp through the app's own CLI, with an SD 1.5-shaped checkpoint (issue 39).

    python3 tests/bench/bench_clip_skip.py --models DIR --out DIR [--size 64] [--steps 1]

The demo model is a Flux, whose CLIP-L gives only its pooled summary (sd.cpp never skips layers for it), so the
tests cannot show a clip skip changing a picture. This writes a random-weight checkpoint of SD 1.5's real shape
(the UNet, CLIP-L in one file; q4_0 matrices, f16 convolutions: 1.3 GiB, ~40 s) and a calibrated 4-channel TAESD
into DIR when they are not there, then draws the same seed with `--clip-skip 1` and `--clip-skip 2` and prints
what each picture's parameters say and how far the pictures differ (mean and largest absolute difference per
channel, 0..255). On lavapipe (2 cores) one 64x64 step takes ~3 minutes: a run, not a test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo import picture_models  # noqa: E402
from app.core.gallery.metadata import parse_parameters, read_parameters_text, settings_fields  # noqa: E402

CHECKPOINT, TAESD = "sd15_shaped_q4_0.gguf", "taesd_calibrated.gguf"


def write_models(folder: Path, seed: int = 0) -> tuple[Path, Path]:
    """SD 1.5's checkpoint (without its VAE: the TAESD decodes) and a TAESD whose picture spans the colours."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    checkpoint, taesd = folder / CHECKPOINT, folder / TAESD
    if not checkpoint.is_file():
        tensors = (*picture_models.unet_tensors(xl=False), *picture_models.clip_l_tensors("cond_stage_model."))
        picture_models._atomic(checkpoint, lambda path: picture_models._write(path, iter(tensors), rng, True))
    if not taesd.is_file():
        tae = list(picture_models.tae_tensors(4))
        values = {tensor.name: picture_models._values(tensor, rng) for tensor in tae}
        picture_models.calibrated_tae_decoder(values, np.random.default_rng([seed, 1]))
        picture_models._atomic(taesd, lambda path: picture_models._write(path, iter(tae), rng, False,
                                                                         chosen=values))
    return checkpoint, taesd


def draw(checkpoint: Path, taesd: Path, out: Path, clip_skip: int, size: int, steps: int) -> Path:
    argv = [sys.executable, "-m", "app", "generate", "--prompt", "a lighthouse at dawn", "--model", str(checkpoint),
            "--taesd", str(taesd), "--width", str(size), "--height", str(size), "--steps", str(steps),
            "--cfg-scale", "1", "--seed", "42", "--clip-skip", str(clip_skip), "--out", str(out / str(clip_skip)),
            "--events", "--keep-suspect"]
    run = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, check=False)
    images = [event["path"] for line in run.stdout.splitlines() if (event := json.loads(line))["event"] == "image"]
    if run.returncode != 0 or not images:
        raise SystemExit(f"clip skip {clip_skip}: no picture (exit {run.returncode})\n{run.stderr}")
    return Path(images[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args()
    checkpoint, taesd = write_models(args.models)
    pictures = {skip: draw(checkpoint, taesd, args.out, skip, args.size, args.steps) for skip in (1, 2)}
    for skip, path in pictures.items():
        text = read_parameters_text(path) or ""
        said = settings_fields(parse_parameters(text).settings).get("Clip skip", "(not written: the model's own)")
        print(f"--clip-skip {skip}: {path.name}, its parameters' Clip skip: {said}")
    first, second = (np.asarray(Image.open(path).convert("RGB"), dtype=np.int16) for path in pictures.values())
    difference = np.abs(first - second)
    print(f"same seed, clip skip 1 against 2: mean difference {difference.mean():.2f}, largest {difference.max()}")


if __name__ == "__main__":
    main()
