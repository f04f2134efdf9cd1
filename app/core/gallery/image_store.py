"""Finished images: sd.cpp writes into a staging name, and only a verified PNG reaches its final name."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PIL import Image, UnidentifiedImageError

STAGING_PREFIX = ".staging-"


class ImageRejected(Exception):
    """The backend's file is missing or not a whole PNG."""


class BlankImage(ImageRejected):
    """A whole PNG of one colour: sd.cpp said success, but the numbers went wrong (NaN, overflow)."""


def staging_path(out_dir: Path, job_id: str) -> Path:
    return out_dir / f"{STAGING_PREFIX}{job_id}.png"


def final_name(seed: int, when: datetime) -> str:
    return f"polaris-{when:%Y%m%d-%H%M%S}-{seed}.png"


def accept(staged: Path, out_dir: Path, seed: int, when: datetime) -> Path:
    """Verify `staged` is a complete PNG and rename it (atomic on one volume) to a name no file has."""
    try:
        with Image.open(staged) as image:
            if image.format != "PNG":
                raise ImageRejected(f"{staged} is {image.format}, not PNG")
            image.load()  # decodes every row: a truncated file fails here
            extrema = image.getextrema()
    except (OSError, UnidentifiedImageError, SyntaxError) as error:
        raise ImageRejected(f"the backend's image {staged.name} is unreadable: {error}") from error
    bands = extrema if isinstance(extrema[0], tuple) else (extrema,)
    if all(low == high for low, high in bands):
        staged.unlink()
        raise BlankImage(f"sd.cpp reported success but the image is a single colour {tuple(b[0] for b in bands)}")
    stem = final_name(seed, when).removesuffix(".png")
    for n in range(1000):
        target = out_dir / (f"{stem}.png" if n == 0 else f"{stem}-{n}.png")
        if not target.exists():
            staged.replace(target)
            return target
    raise ImageRejected(f"no free file name for {stem}.png in {out_dir}")
