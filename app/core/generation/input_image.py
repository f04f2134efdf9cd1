"""Pictures the user gives a generation: the img2img input and the inpainting mask.

Checked here with Pillow before anything runs, copied into the job as 8-bit RGB (sd.cpp's stb_image would take a
16-bit PNG or a CMYK JPEG and quietly draw from wrong colours; Pillow converts them here) at the size sd.cpp will
run (so editing or deleting the original mid-run harms nothing, and sd.cpp never resizes on its own), and, after
the run, the input's own pixels put back outside the mask: sd.cpp blends the mask in latent space, so without
this the kept part would come back through the autoencoder, changed (as A1111 does, with its "overlay").
"""

from __future__ import annotations

import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from app.core.file_words import file_problem
from app.core.words import translate

# 4096 x 4096: four times the largest side we generate, on a side, and a 64 MiB RGB buffer. A 20000 x 20000
# "decompression bomb" PNG is a few hundred KiB on disk and 1.2 GB in memory: it is refused from its header.
MAX_INPUT_PIXELS = 4096 * 4096
_SIXTEEN_BIT_MODES = ("I;16", "I;16B", "I;16L", "I;16N", "I")  # how Pillow opens a 16-bit grey PNG, TIFF or PGM
MASK_THRESHOLD = 128  # a painted mask is black (keep) and white (repaint); scaling greys its edges


class InputImageRejected(ValueError):
    """The picture cannot be used; the message is meant for the user."""


def check_input_image(path: Path, what: str | None = None) -> tuple[int, int]:
    """The picture's (width, height) when it is a whole picture of a sane size; else why not. `what`: the picture's
    role in words ('mask'); the starting picture when not given."""
    what = what or translate("Picture", "input image")
    if not path.is_file():
        raise InputImageRejected(translate("Picture", "{picture} not found: {path}").format(picture=what,
                                                                                                   path=path))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
                if width * height > MAX_INPUT_PIXELS:
                    raise InputImageRejected(translate(
                        "Picture", "{picture} {file} is {width}x{height} pixels ({megapixels} megapixels); the most it "
                                   "may have is {most} megapixels: scale it down first").format(
                        picture=what, file=path.name, width=width, height=height,
                        megapixels=f"{width * height / 1e6:.0f}", most=f"{MAX_INPUT_PIXELS / 1e6:.0f}"))
                image.load()  # decodes every row: a truncated file fails here
    except InputImageRejected:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise InputImageRejected(translate(
            "Picture", "{picture} {file} has too many pixels to open safely; the most it may have is {most} "
                       "megapixels: scale it down first").format(picture=what, file=path.name,
                                                                  most=f"{MAX_INPUT_PIXELS / 1e6:.0f}")) from error
    except UnidentifiedImageError as error:
        raise InputImageRejected(translate("Picture", "{picture} {file} is not a picture (PNG, JPEG, WebP or "
                                                      "BMP)").format(picture=what, file=path.name)) from error
    except OSError as error:
        if error.errno is not None:  # the disk refused it; Pillow's own faults (a cut-short file) have no errno
            raise InputImageRejected(translate("Picture", "{picture} cannot be read: {why}").format(
                picture=what, why=file_problem(error, path))) from error
        raise InputImageRejected(translate("Picture", "{picture} {file} cannot be read: it is damaged or cut "
                                                      "short").format(picture=what, file=path.name)) from error
    except (SyntaxError, ValueError) as error:
        if "MAX_TEXT" in str(error):  # Pillow's caps on a PNG's text (PngImagePlugin.MAX_TEXT_CHUNK, MAX_TEXT_MEMORY)
            raise InputImageRejected(translate(
                "Picture", "{picture} {file} carries more text than a picture may (megabytes, packed small): save it "
                           "again without its text").format(picture=what, file=path.name)) from error
        raise InputImageRejected(translate("Picture", "{picture} {file} cannot be read: it is damaged or cut "
                                                      "short").format(picture=what, file=path.name)) from error
    return width, height


def _convertible(image: Image.Image) -> Image.Image:
    """The picture in a mode Pillow's `convert` turns into RGB or grey exactly: a 16-bit grey scaled to 8 bits
    (converted as it is, every value above 255 would be white), a palette with see-through entries as RGBA (as it
    is, Pillow warns that the conversion may be wrong), a Lab TIFF as RGB (Pillow has no Lab to grey); any other
    mode as it is (CMYK, palette, 1-bit, ...)."""
    if image.mode in _SIXTEEN_BIT_MODES:
        return image.convert("I").point(lambda value: value / 257 + 0.5).convert("L")  # 65535 -> 255, rounded
    if "transparency" in image.info:
        return image.convert("RGBA")
    if image.mode == "LAB":
        return image.convert("RGB")
    return image


def open_rgb(source: Path) -> Image.Image:
    """The picture as 8-bit RGB, whatever its mode (16-bit, palette, CMYK, ...)."""
    with Image.open(source) as image:
        return _convertible(image).convert("RGB")


def copy_input(source: Path, target: Path, size: tuple[int, int] | None = None) -> Path:
    """The input as an 8-bit RGB PNG of `size` (Lanczos when it must be scaled; None keeps its own), written
    whole."""
    picture = open_rgb(source)
    if size is not None and picture.size != size:
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    return save_whole(picture, target)


def copy_mask(source: Path, target: Path, size: tuple[int, int]) -> Path:
    """The mask as a black-and-white PNG of the input's `size`: white repaints, black keeps. A mask with
    transparency (painted on a clear layer) counts its painted, opaque pixels as white."""
    with Image.open(source) as image:
        if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
            grey = image.convert("RGBA").getchannel("A")
        else:
            grey = _convertible(image).convert("L")
    if grey.size != size:
        grey = grey.resize(size, Image.Resampling.BILINEAR)
    return save_whole(grey.point(lambda value: 255 if value >= MASK_THRESHOLD else 0), target)


def keep_outside_mask(result: Path, original: Path, mask: Path) -> None:
    """Put the input's own pixels back where the mask is black, in place and whole."""
    with Image.open(result) as made, Image.open(original) as kept, Image.open(mask) as where:
        painted = made.convert("RGB")
        merged = Image.composite(painted, kept.convert("RGB").resize(painted.size),
                                 where.convert("L").resize(painted.size, Image.Resampling.NEAREST))
    save_whole(merged, result)


def save_whole(picture: Image.Image, target: Path) -> Path:
    partial = target.with_name(target.name + ".partial")
    try:
        picture.save(partial, format="PNG")
        partial.replace(target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return target
