"""Extending a picture (outpainting): the canvas grows by some pixels on the chosen sides, the new area is the
mask the model paints in, and the picture's own pixels come back exactly.

The mask is the new area and nothing more, with no feathered overlap into the picture: sd.cpp holds the kept part
at the picture's own latent on every step, so the model already draws the new area to meet it; an overlap would
only let it redraw a strip of the picture that the paste-back (the job's `keep_outside_mask`, as for any mask)
throws away again, leaving a seam where its redraw and the picture disagree. Every pixel of the picture is kept
exactly; the new area is the model's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageFilter

from app.core.generation.input_image import open_rgb, save_whole
from app.core.words import translate

SIDES = ("left", "right", "up", "down")
# the new area starts as the picture's edge colours stretched outwards, blurred by this radius so that no streak
# of one edge pixel stands out, with this much grain (a blend toward random colours): at a strength below 1 the
# model starts from something of the picture's colours that is not flat
FILL_BLUR = 12
FILL_GRAIN = 0.12


class ExtensionRejected(ValueError):
    """The picture cannot grow as asked; the message is meant for the user."""


@dataclass(frozen=True)
class Extension:
    """How many pixels the picture grows by on each side."""

    left: int = 0
    right: int = 0
    up: int = 0
    down: int = 0

    def grown(self, size: tuple[int, int]) -> tuple[int, int]:
        """The canvas's size for a picture of `size`."""
        return size[0] + self.left + self.right, size[1] + self.up + self.down

    def words(self) -> str:
        """The sides that grow, e.g. 'left 128 down 64': short, and without commas (A1111's text splits on them)."""
        return " ".join(f"{side} {getattr(self, side)}" for side in SIDES if getattr(self, side))


def side_words(side: str) -> str:
    return {"left": translate("Extend", "left"), "right": translate("Extend", "right"),
            "up": translate("Extend", "top"), "down": translate("Extend", "bottom")}[side]


def parse_extension(text: str) -> Extension:
    """'left=128,down=64' (any of left, right, up, down, each once) as an Extension."""
    amounts: dict[str, int] = {}
    for part in (part.strip() for part in text.split(",")):
        side, equals, amount = part.partition("=")
        side = side.strip().lower()
        if side not in SIDES or not equals:
            raise ExtensionRejected(translate("Extend", "cannot read \"{part}\": write the sides and pixels as "
                                                        "left=128,down=64 (left, right, up, down)").format(part=part))
        if side in amounts:
            raise ExtensionRejected(translate("Extend", "{side} is given twice").format(side=side))
        try:
            amounts[side] = int(amount)
        except ValueError:
            raise ExtensionRejected(translate("Extend", "{side}={amount}: the pixels must be a whole number").format(
                side=side, amount=amount.strip())) from None
    return Extension(**amounts)


def fit_extension(size: tuple[int, int], extension: Extension, multiple: int, least: int,
                  most: int) -> tuple[Extension, list[str]]:
    """The extension that makes a canvas the model can draw: each grown side rounded up to `multiple` (the
    pixels added on the sides that grow, else on the right or bottom) and from `least` to `most`; notes on what
    was added."""
    if any(getattr(extension, side) < 0 for side in SIDES):
        raise ExtensionRejected(translate("Extend", "a picture grows by a positive number of pixels on a side"))
    if not any(getattr(extension, side) for side in SIDES):
        raise ExtensionRejected(translate("Extend", "choose how many pixels to add on at least one side"))
    width, height = extension.grown(size)
    wanted = (_rounded_up(max(width, least), multiple), _rounded_up(max(height, least), multiple))
    if max(wanted) > most:
        raise ExtensionRejected(translate(
            "Extend", "the picture ({width}x{height}) would grow to {new_width}x{new_height}; the largest side "
                      "is {most} pixels: add less, or scale the picture down first").format(
            width=size[0], height=size[1], new_width=wanted[0], new_height=wanted[1], most=most))
    amounts = {side: getattr(extension, side) for side in SIDES}
    notes = []
    for (before, after), grown, target, what in ((("left", "right"), width, wanted[0], translate("Extend", "width")),
                                                 (("up", "down"), height, wanted[1], translate("Extend", "height"))):
        extra = target - grown
        if not extra:
            continue
        growing = [side for side in (before, after) if amounts[side]] or [after]
        for number, side in enumerate(growing):
            amounts[side] += extra // len(growing) + (extra % len(growing) if number == len(growing) - 1 else 0)
        notes.append(translate("Extend", "{extra} more pixels on the {sides}, so that the {side}, {size}, is a "
                                         "multiple of {multiple}").format(
            extra=extra, sides=translate("Extend", " and ").join(side_words(side) for side in growing),
            side=what, size=target, multiple=multiple))
    return Extension(**amounts), notes


def _rounded_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def extension_canvas(picture: Image.Image, extension: Extension, seed: int) -> Image.Image:
    """The grown canvas: the picture, whole, where it sits; the new area its edge colours stretched outwards,
    blurred, with a little grain (from `seed`, so the same job makes the same canvas)."""
    width, height = picture.size
    grown = extension.grown(picture.size)
    nearest = Image.Resampling.NEAREST
    band = Image.new("RGB", (grown[0], height))
    band.paste(picture, (extension.left, 0))
    if extension.left:
        band.paste(picture.crop((0, 0, 1, height)).resize((extension.left, height), nearest), (0, 0))
    if extension.right:
        band.paste(picture.crop((width - 1, 0, width, height)).resize((extension.right, height), nearest),
                   (extension.left + width, 0))
    canvas = Image.new("RGB", grown)
    canvas.paste(band, (0, extension.up))
    if extension.up:
        canvas.paste(band.crop((0, 0, grown[0], 1)).resize((grown[0], extension.up), nearest), (0, 0))
    if extension.down:
        canvas.paste(band.crop((0, height - 1, grown[0], height)).resize((grown[0], extension.down), nearest),
                     (0, extension.up + height))
    grain = Image.frombytes("RGB", grown, random.Random(seed).randbytes(grown[0] * grown[1] * 3))
    canvas = Image.blend(canvas.filter(ImageFilter.GaussianBlur(FILL_BLUR)), grain, FILL_GRAIN)
    canvas.paste(picture, (extension.left, extension.up))  # the picture's own pixels, untouched by blur or grain
    return canvas


def extension_mask(size: tuple[int, int], extension: Extension) -> Image.Image:
    """White (repainted) over the new area, black (kept) over the picture: no overlap into it."""
    mask = Image.new("L", extension.grown(size), 255)
    mask.paste(0, (extension.left, extension.up, extension.left + size[0], extension.up + size[1]))
    return mask


def write_extension(source: Path, extension: Extension, canvas: Path, mask: Path, seed: int) -> tuple[Path, Path]:
    """The job's canvas and mask files for extending `source` (read as 8-bit RGB, as any input is), each whole."""
    picture = open_rgb(source)
    save_whole(extension_canvas(picture, extension, seed), canvas)
    return canvas, save_whole(extension_mask(picture.size, extension), mask)
