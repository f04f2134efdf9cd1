"""Is a finished picture a picture? sd.cpp says "success" for pictures whose numbers went wrong on the card: black
(NaN turned to 0), one flat colour, saturated noise (values past the float range clamp to 0 or 255 per channel), or
one good VAE tile with the rest flat (koboldcpp #1667 on an RX 580 with SDXL; llama.cpp #24943 near full VRAM).

People ask for logos, icons, stickers, sprites and flat posters too: a mark on a plain background, in any colour,
chroma-key green and pure black among them. So each rule asks what a broken picture has that a designed one has
not, and the check is told what drew the picture (`DrawnBy`: the family's latent size and the plan's rung):
- Nothing drawn: inside a frame of FRAME_PX (a decoder's padding leaves its outermost pixels off, noisy or not),
  all but STRAY_SHARE of the picture is one colour (within FLAT_TOLERANCE levels per channel: a decoder's flat
  area wobbles by a level or two). A mark of 10 % of the side covers ten times more.
- Specks on a broken colour: at least MOSTLY_FLAT_SHARE of the picture in a colour only broken numbers make (near
  black: NaN and underflow end as 0; the decoder's zero, mid-grey; a saturated primary or secondary: overflow clamps
  every channel to 0 or 255), and the rest is specks strewn over the picture (most of them without a neighbour that
  is not flat, in SPECK_CELLS of a grid), not a drawing: a sprite on black or on chroma green is one shape.
- One tile (the known Polaris failure of the tiled decoder): only where the decoder ran in tiles (the rung's
  `vae_tiling`, on the grid of its `vae_tile`) and the picture has several. The rest is flat in a broken colour
  (the decoder's zero, mid-grey, or black) and the detail lies in one tile's square (`vae_tiles`), cut along the
  decoder's own grid in one of two ways. Whole: it fills the square to every side another tile shares, the line
  just inside picture and the line just outside flat (see _fills_its_square); a mark on a plain background meets
  a square's side at a point or two, a photograph's print off the grid is no tile's square. Or faded in over the
  tiles' overlap as sd.cpp's merge weighs it (ggml_extend.hpp sd_tensor_merge_2d: smootherstep of the distance
  from each side another tile shares): its distance from the flat colour, divided by the merge's weight, is alike
  where the tile fades and where it is whole (see _fades_in); a mark inside a tile has background where it fades.
  A design that does fill a tile's square on mid-grey is refused once, then kept when the safer rung draws it the
  same (DOUBTFUL).
- Saturated noise: at least NOISE_EXTREME_SHARE of the pixels have every channel within 2 levels of 0 or 255, in at
  least 3 of the 8 corner colours, and those colours are mixed everywhere: three of them in NOISE_MIXED_CELLS of a
  NOISE_CELLS grid, whether the noise is of single pixels or of 4-8 px blocks (a decoder's upsampling). A flag, a
  pop-art poster or a sprite keeps its colours in their own places.
A refused picture is drawn again only on a rung that computes it otherwise (`safer_rung`); a doubt (DOUBTFUL) that
comes back the same (`same_picture`) is what the model drew.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

import numpy as np
from PIL import Image

from app.core.models.families import FAMILIES, MemoryFlags, ModelFamily
from app.core.words import translate

FLAT_TOLERANCE = 4
FRAME_PX = 4
STRAY_SHARE = 0.001  # a few stray pixels: 1 in 1000
MOSTLY_FLAT_SHARE = 0.90
DARK_LEVEL = 24  # every channel at or below this: black to the eye
EXTREME_LEVEL = 2  # within this of 0 or 255: where values past the float range clamp
GREY_LEVELS = (126, 129)  # the decoder's zero (-1..1 to 0..255 makes 127.5) with a level of wobble
SPECK_SHARE = 0.5  # of the part that is not flat, alone among flat neighbours
SPECK_CELLS = 0.5  # of the GRID x GRID cells, holding a speck
GRID = 8
DETAIL_IN_TILE = 0.998  # of the part that is not flat, in the tile's drawn square
EDGE_FILLED = 0.9  # of a line along a tile's shared side, picture inside and flat outside: the tile's own edge
FADE_RING = (0.15, 0.4)  # the merge's weights where the tile fades in
FADE_CORE = 0.7  # and where it is (nearly) whole
FADE_PIXELS = 64  # in each, to tell anything
FADE_REACH = 0.5  # of the ring, not flat: the picture reaches into the fade
FADE_MOST = 300.0  # levels: 255 and a rounding's worth divided by the weight
FADE_ALIKE = 2.0  # the ring's and the core's middle picture levels, within this factor
NOISE_EXTREME_SHARE = 0.9
NOISE_CORNER_COLOURS = 3
NOISE_CORNER_SHARE = 0.02
NOISE_CELLS = 16
NOISE_MIXED_CELLS = 0.8
NOISE_CELL_SHARE = 0.05

# sd.cpp's tiled VAE (vae.hpp get_tile_sizes, ggml_extend.hpp sd_tiling_calc_tiles / process_tiles_2d): tiles of
# 32x32 latents overlapping by about half, the last one moved back to end at the edge
VAE_TILE_LATENTS = 32
VAE_TILE_OVERLAP = 0.5


class PictureFault(StrEnum):
    BLACK = "black"
    FLAT = "flat"
    MOSTLY_FLAT = "mostly_flat"
    ONE_TILE = "one_tile"
    NOISE = "noise"


# what a design may look like too (a sprite on black, a logo in a tile's square): drawn the same on a rung that
# computes otherwise, such a picture is what the model drew. Nothing drawn, or noise, is never a design.
DOUBTFUL = frozenset({PictureFault.MOSTLY_FLAT, PictureFault.ONE_TILE})


def _fault_words(fault: PictureFault) -> str:
    return {
        PictureFault.BLACK: translate("Picture", "The picture came out black"),
        PictureFault.FLAT: translate("Picture", "The picture came out as one flat colour {colour}"),
        PictureFault.MOSTLY_FLAT: translate("Picture", "The picture came out almost all one colour {colour}"),
        PictureFault.ONE_TILE: translate("Picture", "Only one square of the picture was drawn; the rest is one flat "
                                                    "colour {colour}"),
        PictureFault.NOISE: translate("Picture", "The picture came out as noise of pure colours"),
    }[fault]


@dataclass(frozen=True)
class DrawnBy:
    """What drew a picture: its autoencoder's pixels per latent (None: not known) and the plan's rung (where the
    decoder ran, and whether in tiles)."""

    latent_px: int | None
    memory: MemoryFlags


def drawn_by(family: ModelFamily, memory: MemoryFlags) -> DrawnBy:
    return DrawnBy(FAMILIES[family].latent_px, memory)


def what_to_try(fault: PictureFault, memory: MemoryFlags, on_processor: bool = False) -> str:
    """What a user can change when a picture was refused, in one short sentence, by what the evidence points at:
    one tile at the tiled decoder; nothing drawn, black or noise at the decoder's place (on a card) or the model
    file; a picture mostly of one colour may be what was asked for. On a PC whose processor draws everything there
    is no card or graphics driver to blame."""
    if fault is PictureFault.ONE_TILE:
        return translate("Picture", "Try: untick 'Decode in tiles' in Advanced, or a smaller size.")
    if fault is PictureFault.MOSTLY_FLAT:
        return translate("Picture", "Try another seed or prompt, or another model file.")
    if on_processor:
        return translate("Picture", "Try a smaller size or another model file.")
    if memory.vae_on_cpu:
        return translate("Picture", "The image decoder already ran on the processor; try a smaller size, another "
                                    "model file or another graphics driver.")
    return translate("Picture", "Try: tick 'Image decoder on CPU' in Advanced, a smaller size or another model "
                                "file.")


@dataclass(frozen=True)
class Refusal:
    """What is wrong with a picture, and its most common colour (the flat one)."""

    fault: PictureFault
    colour: tuple[int, int, int]

    @property
    def words(self) -> str:
        """'The picture came out as one flat colour (12, 200, 3)'."""
        return _fault_words(self.fault).format(colour=self.colour)


def _changes_the_arithmetic(current: MemoryFlags, rung: MemoryFlags) -> bool:
    """A rung that computes the picture otherwise: the decoder on the other processor, in tiles or whole, or the
    other attention. Weights kept in RAM or a video-memory cap move the same numbers, which come out the same."""
    return (rung.vae_on_cpu, rung.vae_tiling, rung.diffusion_fa) != (current.vae_on_cpu, current.vae_tiling,
                                                                     current.diffusion_fa)


def safer_rung(current: MemoryFlags, rungs: Sequence[MemoryFlags]) -> int | None:
    """Which of the planner's safer placements to draw a refused picture again with: the first that moves the image
    decoder to the processor (the card's arithmetic is what broke), else the first that decodes in tiles (smaller
    pieces of work per submit), else the next that computes otherwise; None when none could change the picture."""
    changing = [i for i, rung in enumerate(rungs) if _changes_the_arithmetic(current, rung)]
    on_cpu = next((i for i in changing if rungs[i].vae_on_cpu and not current.vae_on_cpu), None)
    tiled = next((i for i in changing if rungs[i].vae_tiling and not current.vae_tiling), None)
    return next((i for i in (on_cpu, tiled, *changing[:1]) if i is not None), None)


def rung_words(current: MemoryFlags, rung: MemoryFlags, on_processor: bool = False) -> str:
    """How the safer try differs, in words: 'with the image decoder on the processor' (on a PC whose processor
    draws everything, no video memory is spoken of)."""
    if on_processor:
        return translate("Picture", "in smaller pieces of work")
    if rung.vae_on_cpu and not current.vae_on_cpu:
        return translate("Picture", "with the image decoder on the processor")
    if rung.vae_tiling and not current.vae_tiling:
        return translate("Picture", "with the image decoder in tiles")
    return translate("Picture", "with less video memory, in smaller pieces")


def same_picture(first: Image.Image, second: Image.Image) -> bool:
    """Two drawings of one seed that differ by no more than a decoder's rounding on another processor: at most
    FLAT_TOLERANCE levels anywhere but STRAY_SHARE of the pixels."""
    if first.size != second.size:
        return False
    a = np.asarray(first.convert("RGB"), dtype=np.int16)
    b = np.asarray(second.convert("RGB"), dtype=np.int16)
    return float((np.abs(a - b).max(axis=2) > FLAT_TOLERANCE).mean()) <= STRAY_SHARE


class DecoderTile(NamedTuple):
    """One tile of sd.cpp's tiled decoder, in px: its square, where its merge starts drawing (the last tile, moved
    back to end at the edge, skips what the one before drew) and how far it fades in from a side another tile
    shares (0: a side at the picture's edge)."""

    left: int
    top: int
    right: int
    bottom: int
    drawn_left: int
    drawn_top: int
    fade_left: int
    fade_top: int
    fade_right: int
    fade_bottom: int


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


def _starts(latents: int, tile: int = VAE_TILE_LATENTS) -> tuple[list[tuple[int, int]], int, int]:
    """Where process_tiles_2d starts each tile along one side and what its merge skips, in latents; the tile's side
    and its overlap."""
    asked = max(min(tile, latents), 4)  # vae.hpp's get_tile_size: no larger than the side, at least 4
    overlap = _tile_overlap(latents, asked)
    size, step = min(asked, latents), asked - overlap
    starts: list[tuple[int, int]] = []
    at = 0
    while at < latents:
        if at + size >= latents:
            starts.append((latents - size, at - (latents - size)))
            break
        starts.append((at, 0))
        at += step
    return starts, size, overlap


def vae_tiles(width: int, height: int, scale: int, tile: int | None = None) -> list[DecoderTile]:
    """The tiles sd.cpp's tiled decoder draws a `width` x `height` picture in, at `scale` px per latent, in tiles of
    `tile` latents a side (None: sd.cpp's default; the planner may ask for a smaller one, MemoryFlags.vae_tile)."""
    latent_w, latent_h = width // scale, height // scale
    if latent_w < 1 or latent_h < 1:
        return []
    columns, side_w, overlap_w = _starts(latent_w, tile or VAE_TILE_LATENTS)
    rows, side_h, overlap_h = _starts(latent_h, tile or VAE_TILE_LATENTS)
    tiles = []
    for y, skip_y in rows:
        for x, skip_x in columns:
            left, top, right, bottom = x * scale, y * scale, (x + side_w) * scale, (y + side_h) * scale
            tiles.append(DecoderTile(
                left, top, right, bottom, left + skip_x * scale, top + skip_y * scale,
                overlap_w * scale if x > 0 else 0, overlap_h * scale if y > 0 else 0,
                overlap_w * scale if right < latent_w * scale else 0,
                overlap_h * scale if bottom < latent_h * scale else 0))
    return tiles


def check_picture(image: Image.Image, drawn: DrawnBy | None = None) -> Refusal | None:
    """What is wrong with a finished picture, or None for a picture. `drawn`: what drew it (None: not known, as
    for another computer's picture; no tile is blamed then)."""
    pixels = np.asarray(image.convert("RGB"))
    flat, colour = _flat_part(pixels)
    fault = _fault(pixels, flat, colour, drawn)
    return Refusal(fault, colour) if fault else None


def _fault(pixels: np.ndarray, flat: np.ndarray, colour: tuple[int, int, int],
           drawn: DrawnBy | None) -> PictureFault | None:
    if _saturated_noise(pixels):
        return PictureFault.NOISE
    inside = flat[FRAME_PX:-FRAME_PX, FRAME_PX:-FRAME_PX] if min(flat.shape) > 4 * FRAME_PX else flat
    if float(inside.mean()) >= 1 - STRAY_SHARE:
        return PictureFault.BLACK if max(colour) <= DARK_LEVEL else PictureFault.FLAT
    if not _broken_colour(colour):
        return None
    if float(flat.mean()) >= MOSTLY_FLAT_SHARE and _specks(~flat):
        return PictureFault.MOSTLY_FLAT
    if drawn is not None and drawn.latent_px and drawn.memory.vae_tiling and _one_tile(pixels, flat, colour,
                                                                                        drawn.latent_px,
                                                                                        drawn.memory.vae_tile):
        return PictureFault.ONE_TILE
    return None


def _flat_part(pixels: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int]]:
    """Which pixels are the most common colour (within FLAT_TOLERANCE), and that colour."""
    sample = pixels[::3, ::3].astype(np.int32)  # a ninth of the pixels tells the most common colour as well
    bins = ((sample[..., 0] >> 3) << 10) | ((sample[..., 1] >> 3) << 5) | (sample[..., 2] >> 3)
    common = int(np.bincount(bins.ravel(), minlength=1 << 15).argmax())
    centre = [round(float(v)) for v in sample[bins == common].mean(axis=0)]
    levels = np.arange(256)
    flat = np.ones(pixels.shape[:2], dtype=bool)
    for channel, value in enumerate(centre):  # a table per channel: faster than arithmetic on every pixel
        flat &= (np.abs(levels - value) <= FLAT_TOLERANCE)[pixels[..., channel]]
    return flat, (centre[0], centre[1], centre[2])


def _extreme(values: np.ndarray) -> np.ndarray:
    return (values <= EXTREME_LEVEL) | (values >= 255 - EXTREME_LEVEL)


def _broken_colour(colour: tuple[int, int, int]) -> bool:
    """Near black, the decoder's zero (mid-grey), or every channel clamped to 0 or 255 but not white: colours broken
    numbers make (and designs too: the other rules ask for more)."""
    if max(colour) <= DARK_LEVEL or all(GREY_LEVELS[0] <= c <= GREY_LEVELS[1] for c in colour):
        return True
    return all(c <= EXTREME_LEVEL or c >= 255 - EXTREME_LEVEL for c in colour) and min(colour) < 255 - EXTREME_LEVEL


def _cells(mask: np.ndarray, count: int) -> np.ndarray:
    """`mask`'s share in each cell of a `count` x `count` grid."""
    rows = np.array_split(np.arange(mask.shape[0]), count)
    columns = np.array_split(np.arange(mask.shape[1]), count)
    return np.array([[mask[r[0]:r[-1] + 1, c[0]:c[-1] + 1].mean() for c in columns] for r in rows])


def _specks(detail: np.ndarray) -> bool:
    """The part that is not flat is specks strewn over the picture: most of it has no neighbour (of four) that is
    not flat, and it is in SPECK_CELLS of the grid's cells."""
    if not detail.any() or min(detail.shape) < GRID:
        return False
    padded = np.pad(detail, 1)
    neighbours = padded[:-2, 1:-1] | padded[2:, 1:-1] | padded[1:-1, :-2] | padded[1:-1, 2:]
    alone = float((detail & ~neighbours).sum()) / float(detail.sum())
    return alone >= SPECK_SHARE and float((_cells(detail, GRID) > 0).mean()) >= SPECK_CELLS


def _saturated_noise(pixels: np.ndarray) -> bool:
    pixels = pixels[::2, ::2]  # noise of single pixels is noise in every other one too
    extreme = _extreme(pixels).all(axis=2)
    if extreme.mean() < NOISE_EXTREME_SHARE or min(extreme.shape) < NOISE_CELLS:
        return False
    corners = np.where(extreme, (pixels >= 128).astype(np.int16) @ np.array([4, 2, 1], dtype=np.int16), 8)
    common = [c for c in range(8) if float((corners == c).mean()) >= NOISE_CORNER_SHARE]
    if len(common) < NOISE_CORNER_COLOURS:
        return False
    mixed = np.sum([_cells(corners == c, NOISE_CELLS) >= NOISE_CELL_SHARE for c in common], axis=0)
    return float((mixed >= NOISE_CORNER_COLOURS).mean()) >= NOISE_MIXED_CELLS


def _smootherstep(t: np.ndarray) -> np.ndarray:
    smooth: np.ndarray = t * t * t * (t * (6 * t - 15) + 10)
    return smooth


def _merge_weight(tile: DecoderTile) -> np.ndarray:
    """sd_tensor_merge_2d's weight over the tile's drawn square: smootherstep of the distance from each shared side
    over the overlap, the smaller of two sides', rows times columns."""
    def along(start: int, drawn: int, end: int, fade_start: int, fade_end: int) -> np.ndarray:
        at = np.arange(drawn - start, end - start, dtype=np.float32)
        weight = np.ones_like(at)
        if fade_start:
            weight = np.minimum(weight, (at - (drawn - start)) / np.float32(fade_start))
        if fade_end:
            weight = np.minimum(weight, (end - start - at) / np.float32(fade_end))
        return _smootherstep(np.clip(weight, 0, 1))

    rows = along(tile.top, tile.drawn_top, tile.bottom, tile.fade_top, tile.fade_bottom)
    columns = along(tile.left, tile.drawn_left, tile.right, tile.fade_left, tile.fade_right)
    weight: np.ndarray = rows[:, None] * columns[None, :]
    return weight


def _one_tile(pixels: np.ndarray, flat: np.ndarray, colour: tuple[int, int, int], scale: int,
              tile_latents: int | None = None) -> bool:
    """The detail lies in one tile of several (on the grid of the plan's tile size): it fills the tile's square, or
    fades in as the merge weighs that tile alone."""
    height, width, _ = pixels.shape
    tiles = vae_tiles(width, height, scale, tile_latents)
    detail = ~flat
    total = int(detail.sum())
    if len(tiles) < 2 or total == 0:
        return False
    for tile in tiles:
        if _fills_its_square(detail, tile, total):
            return True
        drawn_square = (slice(tile.drawn_top, tile.bottom), slice(tile.drawn_left, tile.right))
        if int(detail[drawn_square].sum()) >= DETAIL_IN_TILE * total:
            distance = np.abs(pixels[drawn_square].astype(np.int16) - np.array(colour, dtype=np.int16)).mean(axis=2)
            if _fades_in(distance, _merge_weight(tile)):
                return True
    return False


def _fills_its_square(detail: np.ndarray, tile: DecoderTile, total: int) -> bool:
    """The detail lies in the tile's square and ends at its sides: along every side another tile shares, the line
    just inside is picture (EDGE_FILLED of it) and the line just outside is flat. A tile that came back whole on a
    field the others left at the decoder's zero is cut along the decoder's own grid; a mark's outline meets a
    square's side only at a point or two, and its background fills the rest of that line."""
    square = (slice(tile.top, tile.bottom), slice(tile.left, tile.right))
    if int(detail[square].sum()) < DETAIL_IN_TILE * total:
        return False
    height, width = detail.shape
    columns, rows = slice(tile.left, tile.right), slice(tile.top, tile.bottom)
    sides = [(detail[tile.top, columns], detail[tile.top - 1, columns]) if tile.top > 0 else None,
             (detail[tile.bottom - 1, columns], detail[tile.bottom, columns]) if tile.bottom < height else None,
             (detail[rows, tile.left], detail[rows, tile.left - 1]) if tile.left > 0 else None,
             (detail[rows, tile.right - 1], detail[rows, tile.right]) if tile.right < width else None]
    shared = [side for side in sides if side is not None]
    return bool(shared) and all(float(inside.mean()) >= EDGE_FILLED and float(outside.mean()) <= 1 - EDGE_FILLED
                                for inside, outside in shared)


def _fades_in(distance: np.ndarray, weight: np.ndarray) -> bool:
    """The tile's picture, the distance from the flat colour divided by the merge's weight, is alike where the tile
    fades (FADE_RING of its full weight) and where it is whole (FADE_CORE and more): the picture reaches into the
    fade (FADE_REACH of it is not flat) and is no larger there than any picture can be (FADE_MOST). A mark on a
    plain background is background at the tile's edges; one that fills the tile keeps its full strength there,
    which divided by a small weight is more than any picture."""
    ring = (weight >= FADE_RING[0]) & (weight <= FADE_RING[1])
    core = weight >= FADE_CORE
    if ring.sum() < FADE_PIXELS or core.sum() < FADE_PIXELS:
        return False
    if float((distance[ring] > FLAT_TOLERANCE).mean()) < FADE_REACH:
        return False
    picture_ring = distance[ring] / weight[ring]
    picture_core = distance[core] / weight[core]
    middle_core = float(np.median(picture_core))
    if middle_core < FLAT_TOLERANCE or float(np.percentile(picture_ring, 95)) > FADE_MOST:
        return False
    return 1 / FADE_ALIKE <= float(np.median(picture_ring)) / middle_core <= FADE_ALIKE
