"""Live preview: which of sd.cpp's preview methods a run uses, its options, and whether a frame is whole.

sd.cpp (examples/cli/main.cpp, step_callback) writes each frame with stbi_write_png straight onto
--preview-path, not through a temporary name: a reader can find the file half-written. It writes the frame of
step N just before it prints step N's progress line, so the progress event is the sign that a frame is there;
`png_is_complete` still checks every frame before it is shown.
"""

from __future__ import annotations

import struct
import zlib
from enum import StrEnum
from pathlib import Path

PREVIEW_FILE_NAME = "preview.png"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PreviewMethod(StrEnum):
    """sd.cpp's --preview values we use. `vae` (a full decode per step) is never chosen: on a 4-8 GB card the
    full decoder's compute buffer beside the diffusion model's is what runs out of memory."""

    PROJ = "proj"  # a fixed linear map from latent to RGB: nearly free, a blurry small picture
    TAE = "tae"  # the tiny autoencoder decodes each step: a real picture, for TAE's memory and a little time


def preview_options(method: PreviewMethod, path: str) -> list[str]:
    """The backend options for a preview at every step into `path`."""
    return ["--preview", method.value, "--preview-path", path, "--preview-interval", "1"]


def png_is_complete(data: bytes) -> bool:
    """True when `data` is a whole PNG: the signature, then chunks whose CRCs match, ending with IEND."""
    if not data.startswith(PNG_SIGNATURE):
        return False
    offset = len(PNG_SIGNATURE)
    while offset + 12 <= len(data):
        length: int = struct.unpack_from(">I", data, offset)[0]
        end = offset + 12 + length
        if end > len(data):
            return False
        kind = data[offset + 4:offset + 8]
        (crc,) = struct.unpack_from(">I", data, end - 4)
        if zlib.crc32(data[offset + 4:end - 4]) != crc:
            return False
        if kind == b"IEND":
            return end == len(data)
        offset = end
    return False


def read_whole_png(path: Path) -> bytes | None:
    """The file's bytes when it holds a whole PNG now, else None (missing, or still being written)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data if png_is_complete(data) else None
