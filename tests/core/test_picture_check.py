"""The picture check on real Pillow pictures: pictures a user wants pass (a logo on white among them), and the broken
pictures Polaris cards make are named."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from app.core.gallery.picture_check import PictureFault, check_picture, rung_words, safer_rung, vae_tiles
from app.core.models.families import MemoryFlags

SIDE = 512


def logo_on_white() -> Image.Image:
    image = Image.new("RGB", (SIDE, SIDE), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((176, 136, 336, 296), fill=(200, 30, 40))
    draw.rectangle((150, 320, 362, 350), fill=(30, 30, 30))
    draw.text((190, 360), "POLARIS STUDIO", fill=(30, 30, 30))
    return image


def small_logo_in_a_corner() -> Image.Image:
    image = Image.new("RGB", (SIDE, SIDE), "white")
    ImageDraw.Draw(image).rounded_rectangle((20, 20, 120, 80), 12, fill=(0, 90, 200))
    return image


def line_art() -> Image.Image:
    image = Image.new("RGB", (SIDE, SIDE), "white")
    draw = ImageDraw.Draw(image)
    for i in range(0, SIDE, 40):
        draw.line((i, 0, SIDE - i, SIDE), fill="black", width=2)
    return image


def flat_illustration() -> Image.Image:
    """A pastel sky, a sun and hills: large flat areas of a few colours."""
    image = Image.new("RGB", (SIDE, SIDE), (170, 210, 240))
    draw = ImageDraw.Draw(image)
    draw.ellipse((340, 60, 440, 160), fill=(250, 220, 90))
    draw.ellipse((-100, 300, 350, 700), fill=(90, 170, 90))
    draw.ellipse((200, 340, 700, 760), fill=(70, 140, 70))
    return image


def pop_art() -> Image.Image:
    """Saturated primaries in large blocks: every pixel at a channel's extreme, but not noise."""
    image = Image.new("RGB", (SIDE, SIDE), (255, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 256, 256, 512), fill=(0, 0, 255))
    draw.rectangle((256, 0, 512, 256), fill=(255, 255, 0))
    draw.ellipse((180, 180, 330, 330), fill=(0, 0, 0))
    return image


def photo_like(seed: int = 1, side: int = SIDE) -> Image.Image:
    """Smooth colour fields with grain, as a decoder draws them."""
    rng = np.random.default_rng(seed)
    coarse = rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)
    image = Image.fromarray(coarse).resize((side, side), Image.Resampling.BICUBIC)
    grain = rng.normal(0, 6, (side, side, 3))
    return Image.fromarray(np.clip(np.asarray(image, dtype=np.float64) + grain, 0, 255).astype(np.uint8))


def night_sky_with_a_moon() -> Image.Image:
    """Dark blue, not black, with a moon: a dark picture that is a picture."""
    image = photo_like(3).filter(ImageFilter.GaussianBlur(30)).point(lambda v: v // 6)
    ImageDraw.Draw(image).ellipse((300, 80, 400, 180), fill=(240, 240, 220))
    return image


def black() -> Image.Image:
    return Image.new("RGB", (SIDE, SIDE), (0, 0, 0))


def flat_grey_with_a_border() -> Image.Image:
    """A decoder's picture of a zero latent: mid-grey with its edge pixels off (the convolutions' padding)."""
    image = Image.new("RGB", (SIDE, SIDE), (128, 127, 128))
    ImageDraw.Draw(image).rectangle((0, 0, SIDE - 1, SIDE - 1), outline=(140, 120, 131))
    return image


def mostly_black_with_specks() -> Image.Image:
    pixels = np.zeros((SIDE, SIDE, 3), np.uint8)
    rng = np.random.default_rng(2)
    specks = rng.random((SIDE, SIDE)) < 0.06
    pixels[specks] = rng.integers(0, 256, (int(specks.sum()), 3), dtype=np.uint8)
    return Image.fromarray(pixels)


def mostly_magenta() -> Image.Image:
    image = Image.new("RGB", (SIDE, SIDE), (255, 0, 255))
    image.paste(photo_like(4, 120), (30, 30))
    return image


def saturated_noise() -> Image.Image:
    """NaN and overflow: every channel of every pixel clamped to 0 or 255."""
    rng = np.random.default_rng(5)
    return Image.fromarray((rng.integers(0, 2, (SIDE, SIDE, 3)) * 255).astype(np.uint8))


def one_tile(index: int, side: int = SIDE, scale: int = 8) -> Image.Image:
    """sd.cpp's merge of tiled decoding (ggml_extend.hpp sd_tensor_merge_2d) where only tile `index` came back:
    the output starts at zero, the good tile fades in over the overlap with smootherstep weights, and the decoder's
    -1..1 becomes 0..255, so the rest is mid-grey."""
    content = np.asarray(photo_like(6, side), dtype=np.float64) / 127.5 - 1
    x0, y0, x1, y1 = vae_tiles(side, side, scale)[index]
    overlap = (x1 - x0) // 2

    def ramp(start: int, end: int) -> np.ndarray:
        position = np.arange(end - start, dtype=np.float64)
        weight = np.ones(end - start)
        if start > 0:
            weight = np.minimum(weight, position / overlap)
        if end < side:
            weight = np.minimum(weight, (end - start - position) / overlap)
        t = np.clip(weight, 0, 1)
        return t * t * t * (t * (6 * t - 15) + 10)

    out = np.zeros((side, side, 3))
    weight = ramp(y0, y1)[:, None] * ramp(x0, x1)[None, :]
    out[y0:y1, x0:x1] = content[y0:y1, x0:x1] * weight[..., None]
    return Image.fromarray(np.clip((out + 1) * 127.5, 0, 255).round().astype(np.uint8))


@pytest.mark.parametrize("make", [logo_on_white, small_logo_in_a_corner, line_art, flat_illustration, pop_art,
                                  photo_like, night_sky_with_a_moon])
def test_pictures_pass(make) -> None:
    assert check_picture(make()) is None


@pytest.mark.parametrize(("make", "fault"), [
    (black, PictureFault.BLACK),
    (flat_grey_with_a_border, PictureFault.FLAT),
    (mostly_black_with_specks, PictureFault.MOSTLY_FLAT),
    (mostly_magenta, PictureFault.MOSTLY_FLAT),
    (saturated_noise, PictureFault.NOISE),
    (lambda: one_tile(0), PictureFault.ONE_TILE),
    (lambda: one_tile(4), PictureFault.ONE_TILE),  # the middle one: faded on all four sides
    (lambda: one_tile(8), PictureFault.ONE_TILE),
    (lambda: one_tile(3, 1024, 16), PictureFault.ONE_TILE),  # FLUX.2's 16 px latents
])
def test_broken_pictures_are_named(make, fault: PictureFault) -> None:
    refusal = check_picture(make())
    assert refusal is not None and refusal.fault is fault


def test_the_words_name_the_flat_colour() -> None:
    refusal = check_picture(Image.new("RGB", (64, 64), (12, 200, 3)))
    assert refusal is not None
    assert refusal.words == "The picture came out as one flat colour (12, 200, 3)"


def test_a_picture_of_one_tile_has_no_tile_to_blame() -> None:
    """At 256 px sd.cpp decodes one tile: a logo filling it is a picture."""
    image = Image.new("RGB", (256, 256), "white")
    image.paste(photo_like(7, 250), (3, 3))
    assert check_picture(image) is None


@pytest.mark.parametrize(("width", "height", "scale", "columns", "rows"), [
    # worked by hand from sd_tiling_calc_tiles and process_tiles_2d: 32-latent tiles, half overlap, the last one
    # moved back to end at the edge
    (512, 512, 8, [0, 128, 256], [0, 128, 256]),
    (768, 512, 8, [0, 128, 256, 384, 512], [0, 128, 256]),
    (520, 264, 8, [0, 136, 264], [0, 8]),  # 65 latents: overlap int(32 x 0.484375) = 15, a step of 17
    (1024, 1024, 16, [0, 256, 512], [0, 256, 512]),
    (256, 256, 8, [0], [0]),
    (24, 24, 8, [0], [0]),  # 3 latents: vae.hpp asks for 4, process_tiles_2d cuts it to the side
])
def test_tiles_where_sd_cpp_draws_them(width: int, height: int, scale: int, columns: list[int],
                                       rows: list[int]) -> None:
    tiles = vae_tiles(width, height, scale)
    assert sorted({t[0] for t in tiles}) == columns and sorted({t[1] for t in tiles}) == rows
    assert all(t[2] - t[0] == min(32, width // scale) * scale for t in tiles)


GPU = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)
GPU_TILED = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, vae_tiling=True)
CPU_DECODER = MemoryFlags(clip_on_cpu=False, vae_on_cpu=True)
OFFLOADED = MemoryFlags(clip_on_cpu=True, vae_on_cpu=True, offload_to_cpu=True)


@pytest.mark.parametrize(("current", "rungs", "chosen", "words"), [
    (GPU, [GPU_TILED, CPU_DECODER], 1, "with the image decoder on the processor"),
    (GPU, [GPU_TILED, OFFLOADED], 1, "with the image decoder on the processor"),
    (GPU, [GPU_TILED], 0, "with the image decoder in tiles"),
    (CPU_DECODER, [OFFLOADED, GPU_TILED], 0, "with less video memory, in smaller pieces"),
    (GPU_TILED, [MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, vae_tiling=True, diffusion_fa=True)], 0,
     "with less video memory, in smaller pieces"),
    (GPU, [], None, None),
])
def test_the_safer_rung_moves_the_decoder_first(current: MemoryFlags, rungs: list[MemoryFlags],
                                                chosen: int | None, words: str | None) -> None:
    assert safer_rung(current, rungs) == chosen
    if chosen is not None:
        assert rung_words(current, rungs[chosen]) == words
