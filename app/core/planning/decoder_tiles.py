"""The image decoder's tiles: how sd.cpp cuts a picture's latents into them, how much work the tiles redo, and the
flags that ask for a tile size. The planner searches the tile size (plan.py) and the time model prices it
(timing.py); both count tiles by this one rule, sd.cpp's own.

sd.cpp 0.4.7 (examples/cli: `--vae-tile-size [X]x[Y]` in latents, default 32x32; `--vae-tile-overlap`, a share of
the tile, default 0.5) decodes each tile whole and blends the overlaps (ggml_extend.hpp: sd_tiling_calc_tiles,
process_tiles_2d). A tile's compute buffer scales with its pixels (lavapipe_decoder_buffers.json: 256 -> 512 px
took exactly 4 times; on the H200, h200_decoder_tiles.json, every tile from 32 down to 6 latents took the same bytes
a pixel in one allocation); its time with the pixels it decodes, overlaps counted (the H100 runs: 0.67..0.73 us a
decoded tile pixel over 28 tiled decodes of SD 1.5, SDXL and Z-Image, against 1.30..1.45 us a pixel untiled), plus a
fixed cost a tile (the H200's tiles of 32 down to 8 latents).

Pure: a function of the picture's size, the decoder's scale and the tile.
"""

from __future__ import annotations

from app.core.models.families import MemoryFlags

DEFAULT_TILE_LATENTS = 32  # sd.cpp's default tile (vae.hpp get_tile_sizes)
DEFAULT_OVERLAP = 0.5  # sd.cpp's default --vae-tile-overlap
MIN_TILE_LATENTS = 4  # sd.cpp's smallest tile side
# the tile sizes the planner tries, in latents, largest first: sd.cpp's default, then smaller ones, all measured on
# the H200 (h200_decoder_tiles.json). Larger tiles are not tried: their time per pixel was not measured (an untiled
# 512 px decode took 1.6 times a tile's per pixel on the H100).
TILE_SEARCH = (32, 24, 16, 12, 8)
TILE_SIZE_FLAG = "--vae-tile-size"
# measured (H100, Vulkan; h100_sd_fit.json, h100_sd_check.json, h100_llm_fit.json): a tiled decode's seconds per
# decoded tile pixel over an untiled decode's per pixel: 0.70 / 1.37 us (FLUX.2 klein's 512 px tiles: 0.63); the
# H200's tiles (below) 0.57 / 1.2 us
TILE_PIXEL_SHARE = 0.51
# measured (H200, Vulkan, h200_decoder_tiles.json: SD 1.5's and SDXL's VAEs, the Flux AE and the FLUX.2 VAE at 512
# and 1024 px in tiles of 32, 24, 16, 12 and 8 latents): a tile also costs a fixed 4.1 ms whatever its size (its
# graph run, its latents copied in, its pixels copied back and blended on the processor): 961 tiles of 8 latents
# decoded 1024 px in 6.1 s where 49 default tiles took 2.1 s
TILE_SECONDS = 4.1e-3


def tiles_along(latents: int, tile: int, overlap: float = DEFAULT_OVERLAP) -> int:
    """Tiles sd.cpp puts along one side of `latents` (sd_tiling_calc_tiles, non-circular)."""
    tile = max(MIN_TILE_LATENTS, min(tile, latents))
    tile_overlap = int(tile * overlap)
    step = tile - tile_overlap
    if latents <= tile:
        return 1
    count = (latents - tile_overlap) // step
    overshoot = ((count + 1) * step + tile_overlap) % latents
    if overshoot != step and overshoot <= count * (tile // 2 - tile_overlap):
        count += 1
    return max(count, 2)


def tile_grid(width: int, height: int, scale: int, tile: int | None,
              overlap: float = DEFAULT_OVERLAP) -> tuple[int, int, int]:
    """(tiles across, tiles down, the tile's side in latents) for a picture of this size."""
    side = tile or DEFAULT_TILE_LATENTS
    latent_w, latent_h = max(1, width // scale), max(1, height // scale)
    return tiles_along(latent_w, side, overlap), tiles_along(latent_h, side, overlap), side


def tile_count(width: int, height: int, scale: int, tile: int | None) -> int:
    """Tiles sd.cpp decodes a picture of this size in."""
    across, down, _ = tile_grid(width, height, scale, tile)
    return across * down


def tile_pixels(width: int, height: int, scale: int, tile: int | None) -> int:
    """Output pixels of one tile (no more than the picture)."""
    side = (tile or DEFAULT_TILE_LATENTS) * scale
    return min(side, width) * min(side, height)


def decoded_pixels(width: int, height: int, scale: int, tile: int | None,
                   overlap: float = DEFAULT_OVERLAP) -> int:
    """Pixels a tiled decode works through: every tile whole, the overlaps decoded twice or more."""
    across, down, side = tile_grid(width, height, scale, tile, overlap)
    return across * down * min(side * scale, width) * min(side * scale, height)


def tile_area_share(tile: int | None) -> float:
    """A tile's pixels as a share of sd.cpp's default tile's (what its compute buffer scales by)."""
    return ((tile or DEFAULT_TILE_LATENTS) / DEFAULT_TILE_LATENTS) ** 2


def tile_options(memory: MemoryFlags) -> tuple[str, ...]:
    """The backend's flags for the plan's decoder tile: none for sd.cpp's default (or an untiled decode)."""
    tile = memory.vae_tile
    if not memory.vae_tiling or tile is None or tile == DEFAULT_TILE_LATENTS:
        return ()
    return TILE_SIZE_FLAG, f"{tile}x{tile}"
