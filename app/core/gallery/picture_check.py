"""Is a finished picture a picture? sd.cpp says "success" for pictures whose numbers went wrong on the card: black
(NaN turned to 0), one flat colour, saturated noise (values past the float range clamp to 0 or 255 per channel), or
one good VAE tile with the rest flat (koboldcpp #1667 on an RX 580 with SDXL; llama.cpp #24943 near full VRAM).

Pure: a function of the pixels. The thresholds, and why a logo on white passes:
- A colour is "flat" within FLAT_TOLERANCE levels per channel of the picture's most common colour: a decoder's
  flat area wobbles by a level or two, and 4 of 255 is below what an eye tells apart on a flat area.
- One flat colour: at least FLAT_SHARE of the picture (99 %). A decoder's border pixels may differ from the rest
  of a broken picture (a one-pixel frame is 0.8 % of 512 px); a logo on white would need to be smaller than 52 px
  in a 512 px picture to be refused.
- Mostly flat: at least MOSTLY_FLAT_SHARE (90 %) of the picture in one colour that only broken numbers make:
  near black (NaN and underflow end as 0) or a saturated primary or secondary (overflow clamps every channel to
  0 or 255), but not white. White, light and mid-tone backgrounds (logos, product shots, flat illustrations) pass
  however much of the picture they cover; a night scene that is 90 % pure black does not (it is kept aside, not
  lost).
- One tile: the part that is not flat lies inside one of the tiles sd.cpp's tiled decoder cuts the picture into
  (`vae_tiles`), spans TILE_SPAN of its sides and fills TILE_FILL of it: the good tile fades into the flat rest
  over the tiles' overlap (sd_tensor_merge_2d's smootherstep), which leaves 57 % of a middle tile and 78 % of a
  corner one visibly apart from the flat colour (measured on a merge made as sd.cpp makes it, in the tests). A
  picture of one tile has nothing to compare. A round logo fills 79 % of its outline; the logo on white of the tests
  (a 160 px disc and a caption, 512 px) lies in the middle tile and fills 41 % of it. A solid picture filling half
  of a tile's exact square and three quarters of its sides, on a flat rest, is refused (kept aside, not lost).
- Saturated noise: at least NOISE_EXTREME_SHARE of the pixels have every channel within 2 levels of 0 or 255, in at
  least 3 of the 8 corner colours, and neighbours differ at NOISE_CHANGE_SHARE or more of the places. Black line
  art on white is two colours, a flag or a pop-art poster changes colour only at its few edges.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
from PIL import Image

from app.core.models.families import MemoryFlags
from app.core.words import translate

FLAT_TOLERANCE = 4
FLAT_SHARE = 0.99
MOSTLY_FLAT_SHARE = 0.90
DARK_LEVEL = 24  # every channel at or below this: black to the eye
EXTREME_LEVEL = 2  # within this of 0 or 255: where values past the float range clamp
TILE_FILL = 0.5
TILE_SPAN = 0.75
NOISE_EXTREME_SHARE = 0.9
NOISE_CORNER_COLOURS = 3
NOISE_CORNER_SHARE = 0.02
NOISE_CHANGE_SHARE = 0.25

# sd.cpp's tiled VAE (vae.hpp get_tile_sizes, ggml_extend.hpp sd_tiling_calc_tiles / process_tiles_2d): tiles of
# 32x32 latents overlapping by half, the last one moved back to end at the edge; a latent is 8 px (SD, SDXL, Flux,
# Z-Image) or 16 px (FLUX.2)
VAE_TILE_LATENTS = 32
VAE_TILE_OVERLAP = 0.5
VAE_SCALES = (8, 16)


class PictureFault(StrEnum):
    BLACK = "black"
    FLAT = "flat"
    MOSTLY_FLAT = "mostly_flat"
    ONE_TILE = "one_tile"
    NOISE = "noise"


def _fault_words(fault: PictureFault) -> str:
    return {
        PictureFault.BLACK: translate("Picture", "The picture came out black"),
        PictureFault.FLAT: translate("Picture", "The picture came out as one flat colour {colour}"),
        PictureFault.MOSTLY_FLAT: translate("Picture", "The picture came out almost all one colour {colour}"),
        PictureFault.ONE_TILE: translate("Picture", "Only one square of the picture was drawn; the rest is one flat "
                                                    "colour {colour}"),
        PictureFault.NOISE: translate("Picture", "The picture came out as noise of pure colours"),
    }[fault]


def what_to_try(memory: MemoryFlags) -> str:
    """What a user can change when even the safer try drew a broken picture: the decoder's place, the size, the
    model file (a damaged or unusual download draws black too) and the driver."""
    if memory.vae_on_cpu:
        return translate("Picture", "The image decoder already ran on the processor, so the drawing itself went "
                                    "wrong: try a smaller size, another model file or quantization, or another "
                                    "graphics driver.")
    return translate("Picture", "Tick 'Image decoder on CPU' in Advanced, or try a smaller size, another model file "
                                "or quantization, or another graphics driver.")


@dataclass(frozen=True)
class Refusal:
    """What is wrong with a picture, and its most common colour (the flat one)."""

    fault: PictureFault
    colour: tuple[int, int, int]

    @property
    def words(self) -> str:
        """'The picture came out as one flat colour (12, 200, 3)'."""
        return _fault_words(self.fault).format(colour=self.colour)


def safer_rung(current: MemoryFlags, rungs: Sequence[MemoryFlags]) -> int | None:
    """Which of the planner's safer placements to draw a broken picture again with: the first that moves the image
    decoder to the processor (the card's arithmetic is what broke), else the first that decodes in tiles (smaller
    pieces of work per submit), else the next one; None when there is none."""
    if not rungs:
        return None
    if current.vae_on_cpu:
        return 0
    on_cpu = next((i for i, rung in enumerate(rungs) if rung.vae_on_cpu), None)
    tiled = next((i for i, rung in enumerate(rungs) if rung.vae_tiling and not current.vae_tiling), None)
    return next((i for i in (on_cpu, tiled) if i is not None), 0)


def rung_words(current: MemoryFlags, rung: MemoryFlags) -> str:
    """How the safer try differs, in words: 'with the image decoder on the processor'."""
    if rung.vae_on_cpu and not current.vae_on_cpu:
        return translate("Picture", "with the image decoder on the processor")
    if rung.vae_tiling and not current.vae_tiling:
        return translate("Picture", "with the image decoder in tiles")
    return translate("Picture", "with less video memory, in smaller pieces")


def _tile_overlap(latents: int, size: int) -> int:
    """sd_tiling_calc_tiles for one side, not circular, then process_tiles_2d's overlap in latents (float32 as in
    C++: a product that should be whole may truncate one lower)."""
    overlap = int(size * VAE_TILE_OVERLAP)
    step = size - overlap
    tiles = (latents - overlap) // step
    overshoot = ((tiles + 1) * step + overlap) % latents
    if overshoot != step and overshoot <= tiles * (size // 2 - overlap):
        tiles += 1
    if tiles <= 2:
        if latents <= size:
            return 0
        factor = np.float32(2 * size - latents) / np.float32(size)
    else:
        factor = np.float32(size * tiles - latents) / np.float32(size * (tiles - 1))
    return int(np.float32(size) * factor)


def _starts(latents: int) -> list[int]:
    """Where process_tiles_2d starts each tile along one side, in latents."""
    asked = max(min(VAE_TILE_LATENTS, latents), 4)  # vae.hpp's get_tile_size: no larger than the side, at least 4
    size, step = min(asked, latents), asked - _tile_overlap(latents, asked)
    starts, at = [], 0
    while at < latents:
        if at + size >= latents:
            starts.append(latents - size)
            break
        starts.append(at)
        at += step
    return starts


def vae_tiles(width: int, height: int, scale: int) -> list[tuple[int, int, int, int]]:
    """The tiles sd.cpp's tiled decoder draws a `width` x `height` picture in, as (left, top, right, bottom) px."""
    latent_w, latent_h = width // scale, height // scale
    if latent_w < 1 or latent_h < 1:
        return []
    side_w, side_h = min(VAE_TILE_LATENTS, latent_w), min(VAE_TILE_LATENTS, latent_h)
    return [(x * scale, y * scale, (x + side_w) * scale, (y + side_h) * scale)
            for y in _starts(latent_h) for x in _starts(latent_w)]


def check_picture(image: Image.Image) -> Refusal | None:
    """What is wrong with a finished picture, or None for a picture."""
    pixels = np.asarray(image.convert("RGB"), dtype=np.int16)
    height, width, _ = pixels.shape
    flat, colour = _flat_part(pixels)
    fault = _fault(pixels, flat, colour, width, height)
    return Refusal(fault, colour) if fault else None


def _fault(pixels: np.ndarray, flat: np.ndarray, colour: tuple[int, int, int], width: int,
           height: int) -> PictureFault | None:
    share = float(flat.mean())
    if _saturated_noise(pixels):
        return PictureFault.NOISE
    if share >= FLAT_SHARE:
        return PictureFault.BLACK if max(colour) <= DARK_LEVEL else PictureFault.FLAT
    if share >= MOSTLY_FLAT_SHARE and _broken_colour(colour):
        return PictureFault.MOSTLY_FLAT
    if _one_tile(~flat, width, height):
        return PictureFault.ONE_TILE
    return None


def _flat_part(pixels: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int]]:
    """Which pixels are the most common colour (within FLAT_TOLERANCE), and that colour."""
    bins = ((pixels[..., 0] >> 3) << 10) | ((pixels[..., 1] >> 3) << 5) | (pixels[..., 2] >> 3)
    common = int(np.bincount(bins.ravel(), minlength=1 << 15).argmax())
    centre = pixels[bins == common].mean(axis=0).round().astype(np.int16)
    flat = np.abs(pixels - centre).max(axis=2) <= FLAT_TOLERANCE
    return flat, (int(centre[0]), int(centre[1]), int(centre[2]))


def _extreme(values: np.ndarray) -> np.ndarray:
    return (values <= EXTREME_LEVEL) | (values >= 255 - EXTREME_LEVEL)


def _broken_colour(colour: tuple[int, int, int]) -> bool:
    """Near black, or every channel clamped to 0 or 255 but not white: colours only broken numbers make."""
    if max(colour) <= DARK_LEVEL:
        return True
    return all(c <= EXTREME_LEVEL or c >= 255 - EXTREME_LEVEL for c in colour) and min(colour) < 255 - EXTREME_LEVEL


def _saturated_noise(pixels: np.ndarray) -> bool:
    extreme = _extreme(pixels).all(axis=2)
    if extreme.mean() < NOISE_EXTREME_SHARE:
        return False
    corners = (pixels[extreme] >= 128).astype(np.int16) @ np.array([4, 2, 1], dtype=np.int16)
    shares = np.bincount(corners, minlength=8) / extreme.size
    if int((shares >= NOISE_CORNER_SHARE).sum()) < NOISE_CORNER_COLOURS:
        return False
    changes = (pixels[:, 1:] != pixels[:, :-1]).any(axis=2)
    return bool(changes.size) and float(changes.mean()) >= NOISE_CHANGE_SHARE


def _one_tile(detail: np.ndarray, width: int, height: int) -> bool:
    """The detail lies inside one tile of sd.cpp's tiled decoder and fills most of it; the rest is flat."""
    rows, columns = np.nonzero(detail)
    if rows.size == 0:
        return False
    left, top, right, bottom = int(columns.min()), int(rows.min()), int(columns.max()) + 1, int(rows.max()) + 1
    for scale in VAE_SCALES:
        tiles = vae_tiles(width, height, scale)
        if len(tiles) < 2:
            continue
        for x0, y0, x1, y1 in tiles:
            inside = x0 <= left and y0 <= top and right <= x1 and bottom <= y1
            spans = right - left >= TILE_SPAN * (x1 - x0) and bottom - top >= TILE_SPAN * (y1 - y0)
            if inside and spans and rows.size >= TILE_FILL * (x1 - x0) * (y1 - y0):
                return True
    return False
