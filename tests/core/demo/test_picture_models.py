from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.core.demo.picture_models import (
    ESRGAN_FILE,
    FLUX_FILE,
    PROMPT_MODEL_FILE,
    STAMP_FILE,
    TAE_FILE,
    demo_upscaler,
    is_current,
    is_demo_file,
    write_tiny_models,
    writer_stamp,
)
from tests.helpers.cli import utf8_env

REPO = Path(__file__).resolve().parents[3]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_test_model_is_deterministic_from_its_seed(tmp_path: Path, tiny_model) -> None:
    again = write_tiny_models(tmp_path / "again", seed=0)
    assert [digest(p) for p in again] == [digest(p) for p in tiny_model]
    other, _ = write_tiny_models(tmp_path / "other", seed=1)
    assert digest(other) != digest(tiny_model[0])
    assert not list(tmp_path.rglob("*.partial"))


def pixels(png: Path) -> np.ndarray:
    """(H, W, 3) floats 0..1, decoded by Pillow (the app's own dependency, on every platform): no Qt in the core
    tests."""
    with Image.open(png) as image:
        return np.asarray(image.convert("RGB"), dtype=np.float64) / 255.0


@pytest.mark.backend
def test_the_demo_draws_colourful_noise_not_a_black_square(sd_cli: Path, tiny_model, tmp_path: Path) -> None:
    # the window's demo size; the real sd.cpp on lavapipe, as `python -m app --demo` then Generate runs it
    model, taesd = tiny_model
    result = subprocess.run([sys.executable, "-m", "app", "generate", "--prompt", "a lighthouse at dawn",
                             "--model", str(model), "--taesd", str(taesd), "--width", "128", "--height", "128",
                             "--steps", "2", "--seed", "7", "--out", str(tmp_path / "out")],
                            capture_output=True, encoding="utf-8", env=utf8_env(), cwd=REPO, timeout=240,
                            check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    [png] = (tmp_path / "out").glob("*.png")
    image = pixels(png)
    mean, spread = image.mean(axis=(0, 1)), image.std(axis=(0, 1))
    colours = len(np.unique(image.reshape(-1, 3), axis=0))
    assert 0.25 < image.mean() < 0.75, f"too dark or too light: mean {mean}"
    assert (spread > 0.08).all(), f"a channel is nearly flat: spread {spread}"
    assert colours > 2000, f"only {colours} colours in 128x128"
    # colour, not grey: the channels differ from each other across the picture
    assert np.abs(image - image.mean(axis=2, keepdims=True)).mean() > 0.05


def test_setup_writes_the_demo_again_only_when_an_older_writer_made_it(tmp_path: Path) -> None:
    assert not is_current(tmp_path)  # nothing there yet
    for name in (FLUX_FILE, TAE_FILE):
        (tmp_path / name).write_bytes(b"written before")
    assert not is_current(tmp_path)  # no stamp: written by a writer older than stamps
    (tmp_path / STAMP_FILE).write_text(writer_stamp(0), encoding="utf-8")
    assert not is_current(tmp_path)  # written before the demo folder held the prompt helper's model
    (tmp_path / PROMPT_MODEL_FILE).write_bytes(b"written before")
    assert not is_current(tmp_path)  # written before the demo folder held the upscaler
    (tmp_path / ESRGAN_FILE).write_bytes(b"written before")
    assert is_current(tmp_path) and not is_current(tmp_path, seed=1)
    (tmp_path / STAMP_FILE).write_text("0123456789abcdef seed 0\n", encoding="utf-8")  # another writer's
    assert not is_current(tmp_path)


def test_the_demo_upscaler_is_the_demo_folders_else_one_written_for_an_older_folder(tmp_path: Path) -> None:
    demo, spare = tmp_path / "demo", tmp_path / "spare"
    demo.mkdir()
    written = demo_upscaler(spare, demo)  # an older setup's folder, without it
    assert written == spare / ESRGAN_FILE and written.stat().st_size > 1_000_000 and is_demo_file(written)
    assert demo_upscaler(spare, demo) == written  # written once
    (demo / ESRGAN_FILE).write_bytes(b"setup's")
    assert demo_upscaler(spare, demo) == demo / ESRGAN_FILE
    assert not is_demo_file(tmp_path / "RealESRGAN_x4plus_anime_6B.pth") and not is_demo_file(None)
