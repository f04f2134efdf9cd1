"""The picture check on a corpus made here (tests/helpers/picture_corpus.py): no designed picture is refused
(marks on flat backgrounds swept over their size, flat posters, night skies, line art, shipped pictures), whatever
drew it; every broken one, as sd.cpp makes them, is named. The full sweep is tests/bench/bench_picture_check.py."""

from __future__ import annotations

import pytest
from PIL import Image

from app.core.gallery.picture_check import (
    DrawnBy,
    PictureFault,
    check_picture,
    drawn_by,
    rung_words,
    safer_rung,
    same_picture,
    vae_tiles,
    what_to_try,
)
from app.core.models.families import MemoryFlags, ModelFamily
from tests.helpers.picture_corpus import (
    JOBS,
    TILED,
    Sample,
    broken,
    designed,
    failed_tile,
    failed_tile_decodes,
    grey_with_a_noisy_frame,
    mark_on,
    marks,
    one_tile,
    photo_like,
    photograph,
    photograph_print,
)

# every background, position and mark, at the shares that were refused (19-25 %, 37-50 %) and the ends, at the
# sizes where 8 px and 16 px latents' tiles (256 and 512 px) cut them
QUICK_MARKS = list(marks(sides=(512, 1024), shares=(10, 20, 25, 40, 45, 50, 70), every_mark=False))


def test_no_designed_picture_is_refused() -> None:
    refused = []
    for sample in [*QUICK_MARKS, *designed(sides=(512,))]:
        picture = sample.make()
        for job in JOBS[1:]:  # the tiled decoders ask all the job-blind rules too, and the tile
            refusal = check_picture(picture, job)
            if refusal is not None:
                refused.append((sample.name, job.latent_px if job else None, refusal.fault.value))
    assert refused == []


@pytest.mark.parametrize("background", [(255, 255, 255), (0, 0, 0), (135, 206, 235), (0, 255, 0)])
@pytest.mark.parametrize("side", [512, 1024])
@pytest.mark.parametrize("share", [40, 50])
def test_the_app_s_own_icon_is_a_picture(side: int, background: tuple[int, int, int], share: int) -> None:
    picture = mark_on(side, background, "app icon", share, centred=True)
    assert [check_picture(picture, job) for job in JOBS] == [None] * len(JOBS)


@pytest.mark.parametrize("sample", list(broken()), ids=lambda sample: sample.name)
def test_every_broken_picture_is_named(sample: Sample) -> None:
    refusal = check_picture(sample.make(), sample.drawn)
    assert refusal is not None and refusal.fault is sample.fault


@pytest.mark.parametrize("sample", list(failed_tile_decodes(("astronaut",))), ids=lambda sample: sample.name)
def test_a_failed_tile_decode_of_a_photograph_is_caught(sample: Sample) -> None:
    # the known Polaris failure (issue 50): one tile came back, whole or faded in, the rest the decoder's zero
    refusal = check_picture(sample.make(), sample.drawn)
    assert refusal is not None and refusal.fault is PictureFault.ONE_TILE


def test_a_whole_tile_is_told_from_a_square_design_by_its_sides_on_the_grid() -> None:
    tiled = DrawnBy(8, TILED)
    grey = (128, 128, 128)
    # the centre tile of 512 px spans 128..384: an icon that fills that square meets its sides at rounded corners
    assert check_picture(mark_on(512, grey, "icon", 50, centred=True), tiled) is None
    # a photograph's print on grey, off the grid, is a picture; the same square on the grid is the decoder's tile
    assert check_picture(photograph_print(512, 60, centred=True), tiled) is None
    whole = failed_tile(photograph("coffee", 512, 512), 8, 4, faded=False)
    assert check_picture(whole, tiled).fault is PictureFault.ONE_TILE
    assert check_picture(whole, None) is None  # another computer's: its tiles are not known
    assert check_picture(whole, DrawnBy(8, MemoryFlags(vae_on_cpu=False))) is None  # decoded whole


def test_a_tile_is_blamed_only_where_the_decoder_ran_in_tiles_on_that_grid() -> None:
    picture = one_tile(4, 512, 8)
    assert check_picture(picture, DrawnBy(8, TILED)).fault is PictureFault.ONE_TILE
    assert check_picture(picture, None) is None  # another computer's: its tiles are not known
    assert check_picture(picture, DrawnBy(8, MemoryFlags(vae_on_cpu=False))) is None  # decoded whole
    assert check_picture(picture, DrawnBy(16, TILED)) is None  # FLUX.2's 512 px tiles: not on their grid


def test_the_family_says_its_latent_size() -> None:
    assert drawn_by(ModelFamily.FLUX2, TILED) == DrawnBy(16, TILED)
    assert drawn_by(ModelFamily.SDXL, TILED) == DrawnBy(8, TILED)
    assert drawn_by(ModelFamily.UNKNOWN, TILED).latent_px is None


def test_the_words_name_the_flat_colour() -> None:
    refusal = check_picture(Image.new("RGB", (64, 64), (12, 200, 3)))
    assert refusal is not None
    assert refusal.words == "The picture came out as one flat colour (12, 200, 3)"


def test_the_advice_follows_the_evidence() -> None:
    gpu = MemoryFlags(vae_on_cpu=False)
    assert "Decode in tiles" in what_to_try(PictureFault.ONE_TILE, gpu)
    assert "driver" not in what_to_try(PictureFault.MOSTLY_FLAT, gpu)  # a design may be flat: no driver blamed
    assert "Image decoder on CPU" in what_to_try(PictureFault.NOISE, gpu)
    assert "Image decoder on CPU" in what_to_try(PictureFault.FLAT, gpu)  # nothing drawn is no design
    assert "already ran on the processor" in what_to_try(PictureFault.BLACK, MemoryFlags(vae_on_cpu=True))
    # a PC whose processor draws everything has no card or driver to blame, and no quantization is advised
    for fault in PictureFault:
        said = what_to_try(fault, gpu, on_processor=True)
        assert not any(word in said for word in ("driver", "graphics", "quantization", "CPU'")), said


def test_a_picture_drawn_again_within_a_few_levels_is_the_same() -> None:
    picture = photo_like(2, 128)
    nudged = Image.eval(picture, lambda v: min(255, v + 3))
    assert same_picture(picture, nudged)
    assert not same_picture(picture, photo_like(3, 128))
    assert not same_picture(picture, grey_with_a_noisy_frame(128))
    assert not same_picture(picture, picture.resize((64, 64)))


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
    assert sorted({t.left for t in tiles}) == columns and sorted({t.top for t in tiles}) == rows
    assert all(t.right - t.left == min(32, width // scale) * scale for t in tiles)


def test_the_last_tile_moved_back_skips_what_the_one_before_drew() -> None:
    # 65 latents: the third tile starts at 33 (264 px) where the step put it at 34: its merge starts at 272 px
    last = vae_tiles(520, 264, 8)[2]
    assert (last.left, last.drawn_left, last.fade_left, last.fade_right) == (264, 272, 120, 0)


GPU = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)
GPU_TILED = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, vae_tiling=True)
CPU_DECODER = MemoryFlags(clip_on_cpu=False, vae_on_cpu=True)
OFFLOADED = MemoryFlags(clip_on_cpu=True, vae_on_cpu=True, offload_to_cpu=True)
CAPPED = MemoryFlags(clip_on_cpu=True, vae_on_cpu=True, offload_to_cpu=True, max_vram_gib=2)


@pytest.mark.parametrize(("current", "rungs", "chosen", "words"), [
    (GPU, [GPU_TILED, CPU_DECODER], 1, "with the image decoder on the processor"),
    (GPU, [GPU_TILED, OFFLOADED], 1, "with the image decoder on the processor"),
    (GPU, [GPU_TILED], 0, "with the image decoder in tiles"),
    # weights kept in RAM or a video-memory cap move the same numbers: the same picture would come back
    (CPU_DECODER, [OFFLOADED, CAPPED], None, None),
    (GPU_TILED, [MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, vae_tiling=True, diffusion_fa=True)], 0,
     "with less video memory, in smaller pieces"),
    (GPU, [], None, None),
])
def test_the_safer_rung_is_one_that_computes_otherwise(current: MemoryFlags, rungs: list[MemoryFlags],
                                                       chosen: int | None, words: str | None) -> None:
    assert safer_rung(current, rungs) == chosen
    if chosen is not None:
        assert rung_words(current, rungs[chosen]) == words


def test_a_tile_is_blamed_on_the_grid_of_the_plans_tile_size() -> None:
    # the planner may decode in smaller tiles than sd.cpp's default (issue 50): the check looks on that grid
    picture = one_tile(7, 512, 8, tile_latents=16)
    small = DrawnBy(8, MemoryFlags(vae_on_cpu=False, vae_tiling=True, vae_tile=16))
    refusal = check_picture(picture, small)
    assert refusal is not None and refusal.fault is PictureFault.ONE_TILE
    assert check_picture(one_tile(4, 512, 8), small) is None  # a default tile's failure is not on this grid
