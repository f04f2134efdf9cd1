"""FLUX.2 klein with its Qwen3 text encoder through `python -m app generate`, on the real Vulkan sd.cpp (lavapipe):
one edit of a picture (`--ref-image`) from a prompt, whose metadata names the source. (A klein picture from a prompt
alone is the Polaris lane's, tests/backend/test_polaris_lane.py, when the backend or the code that starts it changes.)

Z-Image has no such test: sd.cpp's z_image.hpp fixes every size of its DiT (hidden 3840, 30 layers, caption width
2560) instead of reading them from the file, so the smallest Z-Image sd.cpp loads is the real 6.15B one."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from tests.helpers.cli import run_generate


def klein_argv(prompt: str, parts: tuple[Path, Path, Path], out: Path, *extra: str) -> list[str]:
    model, llm, vae = parts
    return [sys.executable, "-m", "app", "generate", "--events", "--prompt", prompt, "--diffusion-model", str(model),
            "--llm", str(llm), "--vae", str(vae), "--clip-on-cpu", "--vae-on-cpu", "--out", str(out),
            "--width", "64", "--height", "64", "--seed", "3", *extra]


def test_klein_edits_a_picture_and_names_it(sd_cli: Path, tiny_klein, out_dir: Path, tmp_path: Path) -> None:
    """One step proves both: klein draws (its text encoder, its VAE) and an edit keeps and names its source."""
    source = tmp_path / "photo.png"
    Image.merge("RGB", [Image.effect_noise((64, 64), 60 + 20 * band) for band in range(3)]).save(source)
    run = run_generate(klein_argv("make it blue", tiny_klein, out_dir, "--steps", "1", "--ref-image", str(source)))
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (64, 64)
        details = json.loads(made.text["polaris"])
        pixels = np.asarray(made.convert("RGB"), int)
    assert pixels.std() > 0  # a picture, not a flat square
    assert (details["family"], details["cfg_scale"]) == ("flux2", 1.0)
    assert details["models"]["llm"] == str(tiny_klein[1])
    assert details["edited_from"] == [str(source)]
    [kept] = details["ref_images"]  # copied beside the job, so changing the original mid-run harms nothing
    assert Path(kept).parent.parent.parent == out_dir
    with Image.open(kept) as copy, Image.open(source) as original:
        assert np.array_equal(np.asarray(copy), np.asarray(original))


def test_an_edit_with_a_model_that_cannot_edit_is_refused(sd_cli: Path, tiny_model, out_dir: Path,
                                                          tmp_path: Path) -> None:
    model, taesd = tiny_model
    source = tmp_path / "photo.png"
    Image.new("RGB", (64, 64), "white").save(source)
    run = run_generate([sys.executable, "-m", "app", "generate", "--events", "--prompt", "x", "--model", str(model),
                        "--taesd", str(taesd), "--out", str(out_dir), "--ref-image", str(source)])
    assert run.exit_code == 1
    [error] = run.of("error")
    assert error["kind"] == "bad_request" and "needs a FLUX.2 klein model" in error["message"]
    assert run.of("stage") == []
