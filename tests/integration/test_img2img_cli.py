"""`python -m app generate --init-img ... --mask ...` with the real Vulkan sd.cpp on lavapipe."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image

from app.core.gallery.metadata import parse_parameters, read_parameters_text
from tests.helpers.cli import generate_argv, on_the_standin, run_generate


def noise_picture(path: Path, size: tuple[int, int]) -> Path:
    Image.merge("RGB", [Image.effect_noise(size, 60 + 20 * band) for band in range(3)]).save(path)
    return path


def test_inpainting_keeps_the_input_outside_the_mask(sd_cli: Path, tiny_model, out_dir: Path, tmp_path: Path) -> None:
    model, taesd = tiny_model
    source = noise_picture(tmp_path / "photo.png", (64, 64))
    # painted at half the size: the app scales it to the input's, sd.cpp never guesses
    mask = Image.new("L", (32, 32), 0)
    mask.paste(255, (16, 0, 32, 32))
    mask.save(tmp_path / "mask.png")
    run = run_generate(generate_argv("a red door", model, taesd, out_dir, "--init-img", str(source), "--mask",
                                     str(tmp_path / "mask.png"), "--strength", "0.8", "--steps", "2", "--seed", "5"))
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made, Image.open(source) as kept:
        assert made.size == (64, 64)
        out, before = np.asarray(made.convert("RGB"), int), np.asarray(kept.convert("RGB"), int)
    # sd.cpp blends the mask in latent space, so its kept half came back through the (random) autoencoder,
    # off by ~110 of 255 on average; the app puts the input's own pixels back there: tolerance 0
    assert np.abs(out[:, :32] - before[:, :32]).max() == 0
    assert np.abs(out[:, 32:] - before[:, 32:]).mean() > 20  # the masked half was repainted
    text = read_parameters_text(Path(image["path"]))
    assert text is not None and "Denoising strength: 0.8" in parse_parameters(text).settings
    with Image.open(image["path"]) as made:
        details = json.loads(made.text["polaris"])
    kept_mask = Path(details["mask"])
    assert kept_mask.parent == Path(details["init_image"]).parent and kept_mask.parent.parent.parent == out_dir
    with Image.open(kept_mask) as saved:
        assert saved.size == (64, 64)  # saved beside the job, at the input's size


# the size and the input's colours are the app's logic around the picture: on the stand-in, which writes its noise
# picture at the size it was given (real img2img runs are the inpainting's and the extension's)
def test_img2img_draws_at_the_input_size(standin: Path, tiny_model, out_dir: Path, tmp_path: Path) -> None:
    model, taesd = tiny_model
    source = noise_picture(tmp_path / "photo.png", (96, 64))
    run = on_the_standin(standin, generate_argv("a red door", model, taesd, out_dir, "--init-img", str(source),
                                                "--strength", "0.5", "--steps", "2", "--seed", "5"),
                         tmp_path / "calls.jsonl")
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (96, 64)
    stages = [e["stage"] for e in run.of("stage")]
    assert stages[:3] == ["loading", "encoding", "sampling"]


def test_a_cmyk_input_is_converted_and_runs(standin: Path, tiny_model, out_dir: Path, tmp_path: Path) -> None:
    model, taesd = tiny_model
    Image.new("CMYK", (64, 64), (0, 40, 80, 0)).save(tmp_path / "print.jpg")
    run = on_the_standin(standin, generate_argv("x", model, taesd, out_dir, "--init-img", str(tmp_path / "print.jpg"),
                                                "--steps", "1", "--seed", "5"), tmp_path / "calls.jsonl")
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (64, 64)


def test_hires_fix_draws_twice_the_size_and_says_so(sd_cli: Path, tiny_model, out_dir: Path) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("a red door", model, taesd, out_dir, "--width", "64", "--height", "64",
                                     "--steps", "2", "--seed", "5", "--hires", "--hires-steps", "1"))
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (128, 128)
    assert [(p["step"], p["steps"]) for p in run.of("progress")] == [(1, 2), (2, 2), (1, 1)]  # the second pass
    text = read_parameters_text(Path(image["path"]))
    assert text is not None
    settings = parse_parameters(text).settings
    assert "Size: 64x64" in settings and "Hires upscale: 2, Hires steps: 1, Hires upscaler: Latent" in settings
    assert "Denoising strength: 0.7" in settings


def test_extend_grows_the_picture_and_keeps_every_pixel_of_it(sd_cli: Path, tiny_model, out_dir: Path,
                                                               tmp_path: Path) -> None:
    model, taesd = tiny_model
    source = noise_picture(tmp_path / "photo.png", (72, 48))
    run = run_generate(generate_argv("a wider view", model, taesd, out_dir, "--init-img", str(source), "--extend",
                                     "left=32,down=16", "--strength", "1", "--steps", "2", "--seed", "5"))
    assert run.exit_code == 0, run.stderr
    # 72 + 32 is not on Flux's multiple of 16: the app adds 8 on the side that grows, and says so
    assert "8 more pixels on the left, so that the width, 112, is a multiple of 16" in run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made, Image.open(source) as kept:
        assert made.size == (112, 64)
        out, before = np.asarray(made.convert("RGB"), int), np.asarray(kept.convert("RGB"), int)
    assert (out[:48, 40:] == before).all()  # every pixel of the picture, exactly
    with Image.open(image["path"]) as made:
        details = json.loads(made.text["polaris"])
    with Image.open(details["init_image"]) as canvas:  # the job's canvas, kept for Reuse settings
        start = np.asarray(canvas.convert("RGB"), int)
    assert np.abs(out[:, :40] - start[:, :40]).mean() > 20 and np.abs(out[48:] - start[48:]).mean() > 20  # drawn
    assert details["extend"] == {"left": 40, "right": 0, "up": 0, "down": 16}
    assert details["extended_from"] == str(source)
    text = read_parameters_text(Path(image["path"]))
    assert text is not None and "Outpaint: left 40 down 16" in parse_parameters(text).settings
