"""Upscaling: the model's scale, passes and sizes, the argv, the planner's tiles, the catalog's preset."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from app.core.demo.picture_models import esrgan_tensors, write_tiny_upscaler
from app.core.generation.command import build_upscale_argv
from app.core.generation.upscale import (
    UpscaleRejected,
    UpscaleRequest,
    esrgan_scale,
    finish_upscale,
    plan_upscale_job,
    upscaled_parameters,
)
from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog, upscaler_models
from app.core.models.model_files import import_file
from app.core.planning.plan import GIB, Device, plan_upscale, upscale_tiles
from tests.helpers.captures import load
from tests.helpers.model_headers import write_gguf

CAPS = parse_help(load("help").stdout.decode())


@pytest.fixture(scope="module")
def tiny_upscaler(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_upscaler(tmp_path_factory.mktemp("esrgan"))


def picture(path: Path, size: tuple[int, int] = (64, 64)) -> Path:
    Image.effect_noise(size, 50).convert("RGB").save(path)
    return path


def test_the_scale_comes_from_the_tensors_or_a_pth_name(tmp_path: Path, tiny_upscaler: Path) -> None:
    assert esrgan_scale(tiny_upscaler) == 4
    two = write_gguf(tmp_path / "x2.gguf", {t.name: (t.shape, "f16") for t in esrgan_tensors(scale=2)})
    assert esrgan_scale(two) == 2
    for name, scale in (("RealESRGAN_x4plus_anime_6B.pth", 4), ("RealESRGAN_x2plus.pth", 2),
                        ("4x-UltraSharp.pth", 4), ("mystery.pth", 4)):
        assert esrgan_scale(tmp_path / name) == scale, name
    assert import_file(tiny_upscaler).slot == "upscaler"


def test_passes_and_sizes_follow_the_factor(tmp_path: Path, tiny_upscaler: Path) -> None:
    source = picture(tmp_path / "in.png", (64, 48))
    job = plan_upscale_job(UpscaleRequest(source, tiny_upscaler, factor=2))
    assert (job.model_scale, job.repeats, job.size) == (4, 1, (128, 96))
    two = write_gguf(tmp_path / "x2.gguf", {t.name: (t.shape, "f16") for t in esrgan_tensors(scale=2)})
    job = plan_upscale_job(UpscaleRequest(source, two, factor=4))
    assert (job.repeats, job.size) == (2, (256, 192))
    staged = picture(tmp_path / "staged.png", (256, 192))
    finish_upscale(staged, plan_upscale_job(UpscaleRequest(source, tiny_upscaler, factor=2)))
    with Image.open(staged) as image:
        assert image.size == (128, 96)


@pytest.mark.parametrize(("change", "message"), [
    ({"factor": 3}, "the factor must be one of 2, 4"),
    ({"tile_size": 8}, "tile size must be from 32"),
    ({"image": Path("missing.png")}, "not found"),
    ({"model": Path("missing.gguf")}, "upscaler model not found"),
])
def test_a_bad_upscale_is_refused(tmp_path: Path, tiny_upscaler: Path, change: dict, message: str) -> None:
    fields = {"image": picture(tmp_path / "in.png"), "model": tiny_upscaler, **change}
    with pytest.raises(UpscaleRejected, match=message):
        plan_upscale_job(UpscaleRequest(**fields))


def test_a_model_that_is_no_upscaler_is_refused(tmp_path: Path) -> None:
    lora = write_gguf(tmp_path / "style.gguf", {"lora_unet_double_blocks_0_img_attn_qkv.lora_down.weight":
                                                ((4, 128), "f16")})
    with pytest.raises(UpscaleRejected, match="is a LoRA, not an ESRGAN upscaler"):
        plan_upscale_job(UpscaleRequest(picture(tmp_path / "in.png"), lora))


def test_a_huge_result_is_refused(tmp_path: Path, tiny_upscaler: Path) -> None:
    with pytest.raises(UpscaleRejected, match="8192"):
        plan_upscale_job(UpscaleRequest(picture(tmp_path / "in.png", (3000, 100)), tiny_upscaler))


def test_upscale_argv_is_a_list() -> None:
    argv = build_upscale_argv(Path("sd-cli"), Path("in put.png"), Path("m.pth"), 2, 64, CAPS, Path("o.png"))
    assert argv == ["sd-cli", "--mode", "upscale", "--upscale-model", "m.pth", "--init-img", "in put.png",
                    "--upscale-repeats", "2", "--upscale-tile-size", "64", "--output", "o.png"]


def test_the_planner_counts_tiles_and_their_buffers() -> None:
    assert upscale_tiles(64, 64, 128) == 1
    assert upscale_tiles(512, 512, 128) == 25  # stride 96: 128 + 4 * 96 >= 512
    assert upscale_tiles(512, 512, 0) == 1
    card = Device(4 * GIB)
    small, large = (plan_upscale(18 * 2**20, 4, card, 512, 512, tile, 1) for tile in (128, 512))
    assert small.tiles == 25 and large.tiles == 1 and small.peak_vram < large.peak_vram
    assert small.fits and "Tiles of 128 px: 25;" in small.explanation
    twice = plan_upscale(18 * 2**20, 2, card, 256, 256, 128, 2)
    assert twice.tiles == upscale_tiles(256, 256, 128) + upscale_tiles(512, 512, 128)


def test_the_catalog_offers_a_small_esrgan_with_its_published_hash(tmp_path: Path) -> None:
    catalog = load_catalog()
    preset = catalog.preset("realesrgan-x4plus-anime-6b")
    assert preset is not None and preset.id not in catalog.presets  # not a model to generate with
    [file] = preset.files
    assert file.slot == "upscaler" and file.bytes == 17_938_799
    assert file.sha256 == "f872d837d3c90ed2e05227bed711af5671a6fd1c9f7d7e91c911a61f155e99da"
    assert upscaler_models(catalog, tmp_path, tmp_path / "upscalers") == []
    (tmp_path / file.name).write_bytes(b"x")
    (tmp_path / "upscalers").mkdir()
    (tmp_path / "upscalers" / "mine.gguf").write_bytes(b"x")
    assert upscaler_models(catalog, tmp_path, tmp_path / "upscalers") == [
        tmp_path / file.name, tmp_path / "upscalers" / "mine.gguf"]


def test_the_upscaled_text_keeps_the_source_and_adds_a1111_fields(tmp_path: Path, tiny_upscaler: Path) -> None:
    job = plan_upscale_job(UpscaleRequest(picture(tmp_path / "in.png"), tiny_upscaler, factor=4))
    assert upscaled_parameters("a cat\nSteps: 4, Seed: 1", job) == (
        "a cat\nSteps: 4, Seed: 1, Postprocess upscale by: 4, Postprocess upscaler: esrgan_tiny_x4")
