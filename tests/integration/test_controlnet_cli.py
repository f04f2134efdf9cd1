"""ControlNet end to end: the real Vulkan sd.cpp on lavapipe draws with a real-shaped random SD 1.5 and a
real-shaped random SD 1.5 ControlNet (app/core/demo/picture_models.py; sd.cpp's control.hpp fixes every size of
both, so no tiny one exists: ~2.1 GB written once per module, about a minute a picture at 64x64 on 2 busy cores).

The control picture changes the result, and strength 0 draws the very same pixels as no ControlNet: sd.cpp 0.4.7
adds each ControlNet output times the strength to the UNet's skip connections (unet.hpp), and on a txt2img run it
does not encode the control picture with the VAE (sd-cli leaves the context decode-only), so no random number is
drawn differently either."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from app.core.gallery.metadata import parse_parameters, read_parameters_text, settings_fields
from tests.helpers.cli import CliRun, generate_argv, run_generate


@pytest.fixture(scope="module")
def sd1_with_controlnet(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    from app.core.demo.picture_models import write_sd1_with_controlnet

    return write_sd1_with_controlnet(tmp_path_factory.mktemp("sd1_controlnet"))


def _control_picture(path: Path, lines: list[tuple[int, int, int, int]]) -> Path:
    """White strokes on black, as a scribble or edge map is drawn."""
    picture = Image.new("RGB", (128, 128), "black")
    for line in lines:
        ImageDraw.Draw(picture).line(line, fill="white", width=6)
    picture.save(path)
    return path


def _draw(models: tuple[Path, Path, Path], out: Path, *control: str) -> tuple[CliRun, np.ndarray]:
    model, taesd, _ = models
    run = run_generate(generate_argv("a house", model, taesd, out, "--width", "64", "--height", "64", "--steps", "1",
                                     "--seed", "5", "--cfg-scale", "1", *control), timeout=1800)
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as png:
        return run, np.asarray(png.convert("RGB"))


@pytest.mark.backend
@pytest.mark.full
# four SD 1.5 pictures on lavapipe: about a minute each on 2 cores with warm shaders (measured); the first, compiling
# its shaders with a dozen other jobs on those 2 cores, took over 15 minutes
@pytest.mark.timeout(7200)
def test_the_control_picture_guides_and_strength_zero_draws_as_without(sd1_with_controlnet: tuple[Path, Path, Path],
                                                                       tmp_path: Path) -> None:
    controlnet = sd1_with_controlnet[2]
    square = _control_picture(tmp_path / "square.png", [(20, 20, 108, 20), (108, 20, 108, 108), (108, 108, 20, 108),
                                                        (20, 108, 20, 20)])
    cross = _control_picture(tmp_path / "cross.png", [(0, 0, 128, 128), (0, 128, 128, 0)])

    def guided(picture: Path, strength: str) -> list[str]:
        return ["--control-net", str(controlnet), "--control-image", str(picture), "--control-strength", strength]

    _, plain = _draw(sd1_with_controlnet, tmp_path / "plain")
    _, at_zero = _draw(sd1_with_controlnet, tmp_path / "zero", *guided(square, "0"))
    run, by_square = _draw(sd1_with_controlnet, tmp_path / "square", *guided(square, "0.9"))
    _, by_cross = _draw(sd1_with_controlnet, tmp_path / "cross", *guided(cross, "0.9"))

    assert np.array_equal(at_zero, plain)  # strength 0: the same pixels as no ControlNet at all
    assert not np.array_equal(by_square, plain)  # the ControlNet changes the picture ...
    assert not np.array_equal(by_square, by_cross)  # ... and another control picture changes it again
    [image] = run.of("image")
    text = read_parameters_text(Path(image["path"]))
    assert text is not None
    assert settings_fields(parse_parameters(text).settings)["ControlNet 0"] == (
        f"Module: none, Model: {controlnet.stem}, Weight: 0.9")  # read back without A1111's quotes
