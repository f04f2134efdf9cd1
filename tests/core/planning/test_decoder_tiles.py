"""The decoder's tile search (issue 50): sd.cpp's tile count, the tile's buffer and time, the planner's choice and
the flag it writes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.core.generation.command import build_argv
from app.core.generation.request import GenerationRequest
from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.planning.decoder_tiles import (
    DEFAULT_TILE_LATENTS,
    TILE_SEARCH,
    decoded_pixels,
    tile_grid,
    tile_options,
    tiles_along,
)
from app.core.planning.plan import (
    GIB,
    Device,
    candidates,
    decoder_compute,
    decoder_scale,
    evaluate,
    plan_memory,
)
from app.core.planning.timing import Host, find_card, picture_time
from tests.helpers.captures import load

CAPS = parse_help(load("help").stdout.decode())
PRESETS = load_catalog().presets


@pytest.mark.parametrize(("latents", "tile", "count"), [
    (64, 32, 3), (128, 32, 7), (96, 32, 5), (32, 32, 1), (20, 32, 1), (40, 32, 2), (128, 16, 15), (128, 24, 9)])
def test_tiles_are_counted_as_sd_cpp_counts_them(latents: int, tile: int, count: int) -> None:
    # sd_tiling_calc_tiles at the default overlap of half a tile
    assert tiles_along(latents, tile) == count


def test_the_grid_follows_the_decoders_scale() -> None:
    assert tile_grid(1024, 1024, 8, None) == (7, 7, 32)  # SD's 256 px tiles
    assert tile_grid(1024, 1024, 16, None) == (3, 3, 32)  # FLUX.2's 512 px tiles
    # the work a tiled decode redoes: the H100's SD 1.5 1024 px decode took 49 tiles of 256 px
    assert decoded_pixels(1024, 1024, 8, None) == 49 * 256 * 256


def test_a_smaller_tile_takes_a_smaller_buffer_on_the_card() -> None:
    sdxl = PRESETS["sdxl"].components()
    default = decoder_compute(sdxl, 1024, 1024, True, on_gpu=True)
    half = decoder_compute(sdxl, 1024, 1024, True, on_gpu=True, tile=16)
    assert half == default // 4
    assert decoder_scale(sdxl) == 8 and decoder_scale(PRESETS["flux2-klein-4b-q4"].components()) == 16


def test_the_planner_searches_tiles_only_for_the_decoder_on_the_card() -> None:
    plans = candidates(Device(8 * GIB), CAPS)
    tiles = {m.vae_tile for m in plans if m.vae_tiling and not m.vae_on_cpu}
    assert tiles == {None, *TILE_SEARCH[1:]}
    assert all(m.vae_tile is None for m in plans if m.vae_on_cpu or not m.vae_tiling)
    old_caps = dataclasses.replace(CAPS, flags=CAPS.flags - {"--vae-tile-size"})
    assert all(m.vae_tile is None for m in candidates(Device(8 * GIB), old_caps))


def test_a_smaller_tile_is_slower_but_far_quicker_than_the_processor() -> None:
    flux = PRESETS["flux-schnell-q4k"].components()
    card = find_card("Radeon RX 580 Series")
    assert card is not None
    device = Device(8 * GIB, card=card, host=Host(8))

    def decode(memory: MemoryFlags) -> float:
        placed = evaluate(flux, device, 32 * GIB, 1024, 1024, 4, memory, quantized=True)
        return dict(picture_time(flux, placed, card, device.host, 1024, 1024, 4, True).stages)["decode"]

    on_card = MemoryFlags(vae_on_cpu=False, vae_tiling=True, diffusion_fa=True)
    small = decode(dataclasses.replace(on_card, vae_tile=8))
    assert decode(on_card) <= small < 60 < decode(MemoryFlags(vae_tiling=True, diffusion_fa=True))


def test_a_tile_is_chosen_where_only_it_fits() -> None:
    # FLUX.2 klein's 512 px tiles take 1.94 GiB on Vulkan: on a card whose largest allocation is smaller, only a
    # smaller tile puts the decoder on the card
    klein = PRESETS["flux2-klein-4b-q4"].components()
    device = Device(4 * GIB, max_allocation=int(0.1 * GIB))
    chosen = plan_memory(klein, device, 16 * GIB, 1024, 1024, 4, CAPS, quantized=True)
    assert chosen.fits and chosen.placement["vae"].value == "gpu"
    assert chosen.memory.vae_tile is not None and chosen.memory.vae_tile < DEFAULT_TILE_LATENTS
    assert "--vae-tile-size" in chosen.flags


def test_the_default_tile_writes_no_flag_and_another_writes_sd_cpps_syntax(tmp_path: Path) -> None:
    assert tile_options(MemoryFlags(vae_tiling=True)) == ()
    assert tile_options(MemoryFlags(vae_tiling=False, vae_tile=16)) == ()
    memory = MemoryFlags(vae_on_cpu=False, vae_tiling=True, vae_tile=16)
    assert tile_options(memory) == ("--vae-tile-size", "16x16")
    request = GenerationRequest(prompt="a lighthouse", models=ModelFiles(model=tmp_path / "m.gguf"), memory=memory,
                                seed=1)
    argv = build_argv(Path("sd-cli"), request, CAPS, Path("o.png"))
    assert argv[argv.index("--vae-tile-size") + 1] == "16x16"
