"""Pictures over the wire: base64 (A1111) and uploads (OpenAI) in, checked as a file from the disk would be; the
finished PNG out, its metadata untouched."""

from __future__ import annotations

import base64
import binascii
import uuid
from pathlib import Path

from PIL import Image, ImageFilter, ImageOps

from app.api.fields import Refused
from app.core.generation.input_image import InputImageRejected, check_input_image, save_whole

# a 4096 x 4096 picture (the most a file may have, input_image.MAX_INPUT_PIXELS) as a PNG of noise is ~50 MB;
# real pictures compress to a third of that. The whole body is capped as well (server.MAX_BODY_BYTES).
MAX_PICTURE_BYTES = 24 * 2**20


def picture_bytes(text: object, field: str) -> bytes:
    """The bytes of a base64 picture, with or without a `data:image/png;base64,` prefix, in one line or wrapped in
    lines as MIME writes it (A1111 1.9+ reads both)."""
    if not isinstance(text, str) or not text:
        raise Refused(field, "must be a picture as base64 text")
    if text.startswith("data:"):
        text = text.partition(",")[2]
    text = "".join(text.split())  # the body is capped (server.MAX_BODY_BYTES): this copy is too
    if len(text) * 3 // 4 > MAX_PICTURE_BYTES:
        raise Refused(field, f"the picture is over {MAX_PICTURE_BYTES // 2**20} MB")
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as error:
        raise Refused(field, "is not valid base64") from error


def save_picture(data: bytes, folder: Path, field: str) -> Path:
    """The picture written whole into `folder` and checked as a file is (a decompression bomb refused from its
    header, a damaged one refused); the file."""
    if len(data) > MAX_PICTURE_BYTES:
        raise Refused(field, f"the picture is over {MAX_PICTURE_BYTES // 2**20} MB")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{field.replace('[', '').replace(']', '')}-{uuid.uuid4().hex[:8]}"
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    partial.replace(path)
    try:
        check_input_image(path, field)
    except InputImageRejected as error:
        path.unlink(missing_ok=True)
        raise Refused(field, str(error)) from error
    return path


def a1111_mask(path: Path, blur: int, invert: bool) -> Path:
    """A1111's mask (white repaints) with its `mask_blur` and `inpainting_mask_invert` applied, in place."""
    with Image.open(path) as image:
        mask = image.convert("L")
    if invert:
        mask = ImageOps.invert(mask)
    if blur:
        mask = mask.filter(ImageFilter.GaussianBlur(blur))
    save_whole(mask, path.with_suffix(".png"))
    path.unlink()
    return path.with_suffix(".png")


def openai_mask(path: Path) -> Path:
    """OpenAI's mask marks where to edit by full transparency; ours is white there and black elsewhere."""
    with Image.open(path) as image:
        if "A" not in image.getbands() and "transparency" not in image.info:
            raise Refused("mask", "must be a PNG with transparency: its fully transparent part is what is redrawn")
        alpha = image.convert("RGBA").getchannel("A")
    save_whole(alpha.point(lambda value: 255 if value == 0 else 0), path.with_suffix(".png"))
    path.unlink()
    return path.with_suffix(".png")


def as_base64(path: Path) -> str:
    return base64.b64encode(path.read_bytes()).decode("ascii")
