"""Pictures for the picture check, made here: designed ones a user wants (marks on flat backgrounds, flat posters,
night skies, line art, pictures shipped with the app and its packages) and broken ones as sd.cpp makes them (one
tile merged as ggml_extend.hpp's sd_tensor_merge_2d merges, a noisy frame, saturated blocks). The test
(tests/core/gallery/test_picture_check.py) and the benchmark (tests/bench/bench_picture_check.py) read the same list."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from app.core.gallery.picture_check import DrawnBy, PictureFault, vae_tiles
from app.core.models.families import MemoryFlags

REPO = Path(__file__).resolve().parents[2]
SIDES = (512, 768, 1024)
BACKGROUNDS = {"white": (255, 255, 255), "black": (0, 0, 0), "sky blue": (135, 206, 235),
               "chroma green": (0, 255, 0), "studio grey": (128, 128, 128)}
MARK_SHARES = tuple(range(10, 71, 5))  # the mark's box, in % of the side
TILED = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, vae_tiling=True)
# a designed picture must pass whatever drew it: not known, or a tiled decoder at either latent size
JOBS = (None, DrawnBy(8, TILED), DrawnBy(16, TILED))


@dataclass(frozen=True)
class Sample:
    """A picture to check; `fault`: what the check must find (None: a picture it must keep); `drawn`: the job that
    drew a broken one (a designed one is checked against every one of JOBS); `kind`: its kind in the benchmark."""

    name: str
    make: Callable[[], Image.Image]
    fault: PictureFault | None = None
    drawn: DrawnBy | None = None
    kind: str = ""  # what the benchmark counts it under (failed tile decodes: grid, tile and edge)


# --- marks: a logo, an icon, a sprite, a product, the app's own icon ---------------------------------------------

def _logo(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _ = box
    side = x1 - x0
    draw = ImageDraw.Draw(image)
    draw.ellipse((x0 + side // 5, y0, x1 - side // 5, y0 + 3 * side // 5), fill=(200, 30, 40))
    draw.rectangle((x0, y0 + 7 * side // 10, x1, y0 + 8 * side // 10), fill=(40, 40, 60))
    draw.text((x0 + side // 8, y0 + 17 * side // 20), "POLARIS", fill=(200, 30, 40))


def _icon(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    side = box[2] - box[0]
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box, side // 5, fill=(30, 90, 200))
    inset = side // 4
    draw.ellipse((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), outline=(255, 255, 255),
                 width=max(2, side // 12))


SPRITE = ["....RRRR....", "..RRRRRRRR..", ".RRYYRRYYRR.", "RRYBYRRYBYRR", "RRRRRRRRRRRR", "RRRWWWWWWRRR",
          ".RRWKWWKWRR.", "..RRWWWWRR..", "..BB....BB..", ".BBB....BBB.", "BBB......BBB", "BB........BB"]
SPRITE_COLOURS = {"R": (255, 0, 0), "Y": (255, 255, 0), "B": (0, 0, 255), "W": (255, 255, 255), "K": (0, 0, 0)}


def _sprite(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Pixel art in pure colours, each of its pixels a block."""
    cells = np.zeros((12, 12, 4), np.uint8)
    for y, row in enumerate(SPRITE):
        for x, key in enumerate(row):
            if key != ".":
                cells[y, x] = (*SPRITE_COLOURS[key], 255)
    side = box[2] - box[0]
    sprite = Image.fromarray(cells, "RGBA").resize((side, side), Image.Resampling.NEAREST)
    image.paste(sprite, box[:2], sprite)


def _product(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    """A bottle, shaded round, with a soft shadow: smooth like a decoder's."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    shadow = Image.new("L", image.size, 0)
    ImageDraw.Draw(shadow).ellipse((x0, y1 - side // 10, x1, y1), fill=90)
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(1, side // 20)))
    image.paste((20, 20, 20), (0, 0), shadow)
    body = np.linspace(-1, 1, side // 2)
    shade = (150 + 80 * np.cos(body * 1.3)).astype(np.uint8)
    bottle = np.stack([shade // 3, shade, shade // 2], axis=-1)[None].repeat(side * 3 // 4, axis=0)
    image.paste(Image.fromarray(bottle), (x0 + side // 4, y0 + side // 5))
    ImageDraw.Draw(image).rectangle((x0 + 2 * side // 5, y0, x1 - 2 * side // 5, y0 + side // 5), fill=(90, 60, 30))


def _app_icon(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    with Image.open(REPO / "resources" / "icons" / "polaris_studio_512.png") as icon:
        mark = icon.convert("RGBA").resize((box[2] - box[0],) * 2, Image.Resampling.LANCZOS)
    image.paste(mark, box[:2], mark)


MARKS: dict[str, Callable[[Image.Image, tuple[int, int, int, int]], None]] = {
    "logo": _logo, "icon": _icon, "sprite": _sprite, "product": _product, "app icon": _app_icon}


def mark_on(side: int, background: tuple[int, int, int], mark: str, share: int, centred: bool) -> Image.Image:
    image = Image.new("RGB", (side, side), background)
    size = side * share // 100
    x = (side - size) // 2 if centred else side // 7
    y = (side - size) // 2 if centred else side - size - side // 9
    MARKS[mark](image, (x, y, x + size, y + size))
    return image


def marks(sides: tuple[int, ...] = SIDES, shares: tuple[int, ...] = MARK_SHARES, every_mark: bool = True
          ) -> Iterator[Sample]:
    """Marks centred and off-centre on every background, swept over the shares of the side: every mark at each
    place, or (`every_mark` False, for a quick test) the next mark in turn."""
    turn = 0
    for side in sides:
        for colour_name, colour in BACKGROUNDS.items():
            for share in shares:
                for centred in (True, False):
                    names = list(MARKS) if every_mark else [list(MARKS)[turn % len(MARKS)]]
                    turn += 1
                    where = "centred" if centred else "off-centre"
                    for mark in names:
                        yield Sample(f"{mark} {share}% {where} on {colour_name} {side}",
                                     lambda s=side, c=colour, m=mark, p=share, w=centred: mark_on(s, c, m, p, w))


# --- flat posters, night skies, line art, pictures shipped with packages -----------------------------------------

def _noisy(image: Image.Image, sigma: float, seed: int) -> Image.Image:
    """A decoder's flat areas wobble by a level or two."""
    grain = np.random.default_rng(seed).normal(0, sigma, (image.height, image.width, 3))
    return Image.fromarray(np.clip(np.asarray(image, np.float64) + grain, 0, 255).round().astype(np.uint8))


def red_poster_with_a_black_disc(side: int = 512) -> Image.Image:
    image = Image.new("RGB", (side, side), (255, 0, 0))
    ImageDraw.Draw(image).ellipse((side * 3 // 10, side * 3 // 10, side * 7 // 10, side * 7 // 10), fill=(0, 0, 0))
    return image


def dark_poster_with_a_thin_ring(side: int = 512) -> Image.Image:
    image = Image.new("RGB", (side, side), (8, 8, 10))
    ImageDraw.Draw(image).ellipse((side * 3 // 10, side * 3 // 10, side * 7 // 10, side * 7 // 10),
                                  outline=(230, 200, 150), width=2)
    return image


def generator_poster(side: int = 512, seed: int = 0) -> Image.Image:
    """Flat colours as a model draws them: off-pure, softened edges, a level or two of grain."""
    rng = np.random.default_rng(seed)
    background = tuple(int(v) for v in rng.integers(20, 236, 3))
    image = Image.new("RGB", (side, side), background)
    draw = ImageDraw.Draw(image)
    disc, bar = (tuple(int(v) for v in rng.integers(0, 256, 3)) for _ in range(2))
    draw.ellipse((side // 4, side // 6, 3 * side // 4, 2 * side // 3), fill=disc)
    draw.rectangle((side // 6, 3 * side // 4, 5 * side // 6, 3 * side // 4 + side // 20), fill=bar)
    return _noisy(image.filter(ImageFilter.GaussianBlur(1.5)), 1.2, seed)


def pop_art(side: int = 512) -> Image.Image:
    """Saturated primaries in large blocks: every pixel at a channel's extreme, but not noise."""
    image = Image.new("RGB", (side, side), (255, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, side // 2, side // 2, side), fill=(0, 0, 255))
    draw.rectangle((side // 2, 0, side, side // 2), fill=(255, 255, 0))
    draw.ellipse((side * 35 // 100, side * 35 // 100, side * 65 // 100, side * 65 // 100), fill=(0, 0, 0))
    return image


def photo_like(seed: int = 1, side: int = 512) -> Image.Image:
    """Smooth colour fields with grain, as a decoder draws them."""
    rng = np.random.default_rng(seed)
    coarse = rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)
    image = Image.fromarray(coarse).resize((side, side), Image.Resampling.BICUBIC)
    return _noisy(image, 6, seed)


def night_with_a_moon(side: int = 512) -> Image.Image:
    image = photo_like(3, side).filter(ImageFilter.GaussianBlur(side // 16)).point(lambda v: v // 6)
    ImageDraw.Draw(image).ellipse((side * 6 // 10, side // 6, side * 8 // 10, side * 11 // 30), fill=(240, 240, 220))
    return image


def starry_sky(side: int = 512, background: tuple[int, int, int] = (0, 0, 0), stars: int = 400) -> Image.Image:
    """Soft stars of a few pixels (a decoder draws nothing smaller than its latents allow) on a night sky."""
    rng = np.random.default_rng(side + stars)
    image = Image.new("RGB", (side, side), background)
    draw = ImageDraw.Draw(image)
    for x, y, r, level in zip(rng.integers(0, side, stars), rng.integers(0, side, stars), rng.uniform(1, 3, stars),
                              rng.integers(120, 256, stars), strict=True):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(int(level), int(level), min(255, int(level) + 20)))
    return image.filter(ImageFilter.GaussianBlur(0.7))


def city_at_night(side: int = 512) -> Image.Image:
    """Black sky and buildings with lit windows."""
    image = Image.new("RGB", (side, side), (0, 0, 0))
    draw = ImageDraw.Draw(image)
    rng = np.random.default_rng(9)
    for x in range(0, side, side // 8):
        top = int(rng.integers(side // 3, 2 * side // 3))
        draw.rectangle((x + 2, top, x + side // 8 - 2, side), fill=(14, 14, 18))
        for wy in range(top + 8, side - 8, 14):
            for wx in range(x + 8, x + side // 8 - 10, 12):
                if rng.random() < 0.3:
                    draw.rectangle((wx, wy, wx + 4, wy + 6), fill=(250, 210, 120))
    return image


def line_art(side: int = 512, ink: tuple[int, int, int] = (0, 0, 0),
             paper: tuple[int, int, int] = (255, 255, 255)) -> Image.Image:
    image = Image.new("RGB", (side, side), paper)
    draw = ImageDraw.Draw(image)
    for i in range(0, side, side // 12):
        draw.line((i, 0, side - i, side), fill=ink, width=2)
    draw.ellipse((side // 4, side // 4, 3 * side // 4, 3 * side // 4), outline=ink, width=3)
    return image


def sketch(side: int = 512) -> Image.Image:
    """A few thin strokes on white: a minimal drawing."""
    image = Image.new("RGB", (side, side), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.arc((side // 3, side // 3, 2 * side // 3, 2 * side // 3), 200, 340, fill=(40, 40, 40), width=2)
    draw.line((side // 3, side // 2, 2 * side // 3, side // 2 + side // 10), fill=(40, 40, 40), width=2)
    return image


def shipped(path: Path, side: int | None = None) -> Image.Image:
    with Image.open(path) as image:
        picture = image.convert("RGB")
    return picture.resize((side, side), Image.Resampling.LANCZOS) if side else picture


def shipped_pictures() -> list[Path]:
    """Pictures that come with the app (its icon, its screenshots) and with PySide6 where it is installed (core's
    tests also run without it)."""
    found = importlib.util.find_spec("PySide6")
    pyside = [*Path(found.origin).parent.glob("scripts/deploy_lib/*.jpg")] if found and found.origin else []
    return sorted([REPO / "resources" / "icons" / "polaris_studio_512.png",
                   *sorted((REPO / "resources" / "screenshots").rglob("*.png"))[:3], *pyside])


PHOTOGRAPHS = REPO / "tests" / "data" / "faces"  # astronaut.png (NASA, public domain), coffee.png (CC0)
# the sizes the families draw at and the decoders' scales: SD 1.5's, SDXL's and Flux's, 8 px latents (FLUX.2's 16)
FAILED_TILE_SIZES = {"SD 1.5": ((512, 512), (512, 768)), "SDXL": ((1024, 1024), (832, 1216)),
                     "Flux": ((1024, 1024), (768, 1344))}


def photograph(name: str, width: int, height: int) -> Image.Image:
    """A real photograph cut to fill `width` x `height`."""
    with Image.open(PHOTOGRAPHS / f"{name}.png") as image:
        photo = image.convert("RGB")
    scale = max(width / photo.width, height / photo.height)
    size = (max(width, round(photo.width * scale)), max(height, round(photo.height * scale)))
    photo = photo.resize(size, Image.Resampling.LANCZOS)
    left, top = (photo.width - width) // 2, (photo.height - height) // 2
    return photo.crop((left, top, left + width, top + height))


def photograph_print(side: int, share: int, centred: bool, background: tuple[int, int, int] = (128, 128, 128)
                     ) -> Image.Image:
    """A photograph's print on a plain backdrop: a square of picture with straight sides, not on a decoder's grid."""
    image = Image.new("RGB", (side, side), background)
    size = side * share // 100
    at = (side - size) // 2 if centred else side // 9
    image.paste(photograph("coffee", size, size), (at, at))
    return image


def designed(sides: tuple[int, ...] = SIDES) -> Iterator[Sample]:
    """Every picture the check must keep but the marks."""
    for side in sides:
        yield Sample(f"pure red poster, black disc {side}", lambda s=side: red_poster_with_a_black_disc(s))
        yield Sample(f"near-black poster, thin ring {side}", lambda s=side: dark_poster_with_a_thin_ring(s))
        yield Sample(f"pop art {side}", lambda s=side: pop_art(s))
        for seed in range(4):
            yield Sample(f"generator-like poster {seed} {side}", lambda s=side, n=seed: generator_poster(s, n))
        yield Sample(f"photo-like {side}", lambda s=side: photo_like(1, s))
        yield Sample(f"night with a moon {side}", lambda s=side: night_with_a_moon(s))
        yield Sample(f"starry sky on black {side}", lambda s=side: starry_sky(s))
        yield Sample(f"sparse stars on black {side}", lambda s=side: starry_sky(s, stars=60))
        yield Sample(f"starry sky on navy {side}", lambda s=side: starry_sky(s, (6, 10, 32)))
        yield Sample(f"city at night {side}", lambda s=side: city_at_night(s))
        yield Sample(f"line art {side}", lambda s=side: line_art(s))
        yield Sample(f"white line art on black {side}", lambda s=side: line_art(s, (255, 255, 255), (0, 0, 0)))
        yield Sample(f"sketch {side}", lambda s=side: sketch(s))
        for share, centred in ((60, True), (40, False)):
            yield Sample(f"photograph print {share}% {'centred' if centred else 'off-centre'} on studio grey {side}",
                         lambda s=side, p=share, c=centred: photograph_print(s, p, c))
    for path in shipped_pictures():
        yield Sample(f"{path.name} (shipped)", lambda p=path: shipped(p))
        yield Sample(f"{path.name} (shipped) at 512", lambda p=path: shipped(p, 512))


# --- broken pictures as sd.cpp makes them -------------------------------------------------------------------------

def failed_tile(content: Image.Image, scale: int, index: int, faded: bool = True, rest: float = 0.0,
                tile_latents: int | None = None) -> Image.Image:
    """sd.cpp's tiled decoding of `content` where only tile `index` came back and the others were `rest` (0: the
    decoder's zero, mid-grey; -1: black). `faded`: merged as sd.cpp merges: the output starts at zero and each tile
    is added times its weight, smootherstep of its distance from a side another tile shares, over the overlap
    (ggml_extend.hpp sd_tensor_merge_2d), the last tile, moved back to end at the edge, skipping what the one
    before drew; else the tile's whole square on the rest, cut along the decoder's grid. -1..1 becomes 0..255."""
    width, height = content.size
    pixels = np.asarray(content, dtype=np.float64) / 127.5 - 1
    tiles = vae_tiles(width, height, scale, tile_latents)
    if not faded:
        out = np.full((height, width, 3), rest)
        square = (slice(tiles[index].top, tiles[index].bottom), slice(tiles[index].left, tiles[index].right))
        out[square] = pixels[square]
        return Image.fromarray(np.clip((out + 1) * 127.5, 0, 255).round().astype(np.uint8))
    out = np.zeros((height, width, 3))
    rest_weight = np.zeros((height, width))
    for n, tile in enumerate(tiles):
        tile_w, tile_h = tile.right - tile.left, tile.bottom - tile.top
        skip_x, skip_y = tile.drawn_left - tile.left, tile.drawn_top - tile.top
        ix, iy = np.arange(skip_x, tile_w, dtype=np.float64), np.arange(skip_y, tile_h, dtype=np.float64)
        overlap_x, overlap_y = max(tile.fade_left, tile.fade_right), max(tile.fade_top, tile.fade_bottom)
        f_x = np.minimum.reduce([(ix - skip_x) / overlap_x if tile.left > 0 else np.ones_like(ix),
                                 (tile_w - ix) / overlap_x if tile.right < width else np.ones_like(ix),
                                 np.ones_like(ix)])
        f_y = np.minimum.reduce([(iy - skip_y) / overlap_y if tile.top > 0 else np.ones_like(iy),
                                 (tile_h - iy) / overlap_y if tile.bottom < height else np.ones_like(iy),
                                 np.ones_like(iy)])
        smooth_x, smooth_y = (f * f * f * (f * (6 * f - 15) + 10) for f in (f_x, f_y))
        window = (slice(tile.drawn_top, tile.bottom), slice(tile.drawn_left, tile.right))
        weight = smooth_y[:, None] * smooth_x[None, :]
        if n == index:
            out[window] += pixels[window] * weight[..., None]
        else:
            rest_weight[window] += weight
    out += rest * rest_weight[..., None]
    return Image.fromarray(np.clip((out + 1) * 127.5, 0, 255).round().astype(np.uint8))


def one_tile(index: int, side: int, scale: int, rest: float = 0.0, tile_latents: int | None = None) -> Image.Image:
    """A square picture's tiled decoding where only tile `index` came back, merged as sd.cpp merges (failed_tile)."""
    return failed_tile(photo_like(6, side), scale, index, True, rest, tile_latents)


def failed_tile_decodes(names: tuple[str, ...] = ("astronaut", "coffee")) -> Iterator[Sample]:
    """The known Polaris failure as it looks: one tile of a real photograph on the flat grey the other tiles left,
    a corner or an edge tile, its whole square or faded in as sd.cpp blends its overlaps, at SD 1.5's, SDXL's and
    Flux's sizes, on the grids of 8 px and 16 px latents (3x3 and 7x7 at the square sizes)."""
    for family, sizes in FAILED_TILE_SIZES.items():
        for width, height in sizes:
            for scale in (8, 16):
                tiles = vae_tiles(width, height, scale)
                columns = len({tile.left for tile in tiles})
                if len(tiles) < 2:
                    continue
                rows = len(tiles) // columns
                # an edge tile: the top row's middle one, or the left column's on a grid one or two tiles wide
                edge = columns // 2 if columns > 2 else columns * (rows // 2) if rows > 2 else None
                for index, where in ((0, "corner"), *(((edge, "edge"),) if edge is not None else ())):
                    for faded, how in ((False, "whole square"), (True, "faded in")):
                        for name in names:
                            kind = f"{where} tile, {how}, {scale} px latents"
                            yield Sample(f"{family} {width}x{height}, {columns}x{rows} grid, {kind}, {name}",
                                         lambda n=name, w=width, h=height, c=scale, i=index, f=faded:
                                         failed_tile(photograph(n, w, h), c, i, f),
                                         PictureFault.ONE_TILE, DrawnBy(scale, TILED), kind)


def grey_with_a_noisy_frame(side: int = 512, frame: int = 2) -> Image.Image:
    """A decoder's picture of a zero latent: mid-grey, its outermost pixels noise (the convolutions' padding)."""
    rng = np.random.default_rng(side)
    pixels = rng.integers(0, 256, (side, side, 3)).astype(np.uint8)
    pixels[frame:-frame, frame:-frame] = (128, 127, 128)
    return Image.fromarray(pixels)


def saturated_blocks(side: int = 512, block: int = 4, seed: int = 0) -> Image.Image:
    """Overflow after the decoder's upsampling: every channel at 0 or 255, in blocks of `block` px."""
    rng = np.random.default_rng(seed)
    cells = (rng.integers(0, 2, (side // block + 1, side // block + 1, 3)) * 255).astype(np.uint8)
    return Image.fromarray(cells).resize((cells.shape[1] * block,) * 2, Image.Resampling.NEAREST).crop(
        (block // 2, block // 2, block // 2 + side, block // 2 + side))


def black_with_specks(side: int = 512) -> Image.Image:
    rng = np.random.default_rng(2)
    pixels = np.zeros((side, side, 3), np.uint8)
    specks = rng.random((side, side)) < 0.06
    pixels[specks] = rng.integers(0, 256, (int(specks.sum()), 3), dtype=np.uint8)
    return Image.fromarray(pixels)


def broken() -> Iterator[Sample]:
    """Every broken picture but the real backend's (the test draws those through sd-cli)."""
    for side in SIDES:
        yield Sample(f"black {side}", lambda s=side: Image.new("RGB", (s, s)), PictureFault.BLACK)
        yield Sample(f"mid-grey, 2 px noisy frame {side}", lambda s=side: grey_with_a_noisy_frame(s), PictureFault.FLAT)
        yield Sample(f"black with specks {side}", lambda s=side: black_with_specks(s), PictureFault.MOSTLY_FLAT)
        for block in (1, 2, 4, 6, 8):
            yield Sample(f"saturated {block} px blocks {side}", lambda s=side, b=block: saturated_blocks(s, b),
                         PictureFault.NOISE)
        for scale in (8, 16):
            tiles = vae_tiles(side, side, scale)
            if len(tiles) < 2:
                continue
            for index in sorted({0, 1, len(tiles) // 2, len(tiles) - 1}):
                for rest, words in ((0.0, "grey"), (-1.0, "black")):
                    yield Sample(f"tile {index} of {len(tiles)} at {scale} px latents, {words} rest {side}",
                                 lambda i=index, s=side, c=scale, r=rest: one_tile(i, s, c, r), PictureFault.ONE_TILE,
                                 DrawnBy(scale, TILED))
