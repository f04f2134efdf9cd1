from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from PIL import Image, PngImagePlugin

from app.core.image_store import BlankImage, ImageRejected, accept, staging_path
from app.core.metadata import ImageParameters, parse_parameters, read_parameters_text

WHEN = datetime(2026, 11, 22, 9, 30, 5)


def write_png(path: Path, parameters: bytes | None = None) -> Path:
    info = PngImagePlugin.PngInfo()
    if parameters is not None:
        info.add_text("parameters", parameters.decode("latin-1"))  # raw bytes into tEXt, as sd.cpp does
    image = Image.linear_gradient("L").resize((64, 64)).convert("RGB")
    image.save(path, pnginfo=info)
    return path


def test_a_whole_png_moves_to_its_final_name(tmp_path: Path) -> None:
    staged = write_png(staging_path(tmp_path, "job1"))
    final = accept(staged, tmp_path, 42, WHEN)
    assert final == tmp_path / "polaris-20261122-093005-42.png"
    assert not staged.exists()
    second = accept(write_png(staging_path(tmp_path, "job2")), tmp_path, 42, WHEN)
    assert second == tmp_path / "polaris-20261122-093005-42-1.png"
    assert final.exists()


@pytest.mark.parametrize("damage", ["truncate", "not_png", "missing"])
def test_a_broken_file_is_rejected_and_nothing_reaches_the_final_name(tmp_path: Path, damage: str) -> None:
    staged = staging_path(tmp_path, "job")
    if damage == "truncate":
        data = write_png(staged).read_bytes()
        staged.write_bytes(data[: len(data) // 2])
    elif damage == "not_png":
        Image.new("RGB", (8, 8)).save(staged, format="BMP")
    with pytest.raises(ImageRejected):
        accept(staged, tmp_path, 1, WHEN)
    assert list(tmp_path.glob("polaris-*")) == []


def test_parameters_written_as_utf8_in_text_chunk_read_back_verbatim(tmp_path: Path) -> None:
    text = "灯台 «quoted»\nsecond line\nNegative prompt: blurry\nSteps: 2, Seed: 7, Size: 64x64"
    path = write_png(tmp_path / "a.png", text.encode("utf-8"))
    assert read_parameters_text(path) == text
    assert parse_parameters(text) == ImageParameters("灯台 «quoted»\nsecond line", "blurry",
                                                     "Steps: 2, Seed: 7, Size: 64x64")


def test_parameters_without_negative_or_settings(tmp_path: Path) -> None:
    assert parse_parameters("just a prompt") == ImageParameters("just a prompt", "", "")
    assert read_parameters_text(write_png(tmp_path / "b.png")) is None


@pytest.mark.parametrize("colour", [(0, 0, 0), (127, 127, 127)])
def test_a_single_colour_image_is_blank_and_is_not_kept(tmp_path: Path, colour: tuple[int, int, int]) -> None:
    staged = staging_path(tmp_path, "job")
    Image.new("RGB", (64, 64), colour).save(staged)
    with pytest.raises(BlankImage, match="single colour"):
        accept(staged, tmp_path, 1, WHEN)
    assert list(tmp_path.glob("*.png")) == []
