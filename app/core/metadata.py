"""The A1111-style `parameters` PNG text chunk that sd.cpp writes and other tools read."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

_NEGATIVE = "Negative prompt: "
_SETTINGS = "Steps: "


@dataclass(frozen=True)
class ImageParameters:
    prompt: str
    negative_prompt: str
    settings: str  # the "Steps: 4, CFG scale: ..., Seed: ..." line, as written


def read_parameters_text(path: Path) -> str | None:
    with Image.open(path) as image:
        text = image.text.get("parameters")  # type: ignore[attr-defined]  # PngImageFile has .text
    if text is None:
        return None
    # sd.cpp stores UTF-8 bytes in a tEXt chunk, which PNG defines (and Pillow decodes) as Latin-1
    try:
        return text.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return text


def parse_parameters(text: str) -> ImageParameters:
    """Split A1111 text: prompt lines, an optional `Negative prompt:` part, then the `Steps:` line."""
    lines = text.split("\n")
    settings_at = max((i for i, line in enumerate(lines) if line.startswith(_SETTINGS)), default=len(lines))
    head = lines[:settings_at]
    settings = "\n".join(lines[settings_at:])
    negative_at = next((i for i, line in enumerate(head) if line.startswith(_NEGATIVE)), len(head))
    negative = "\n".join(head[negative_at:]).removeprefix(_NEGATIVE)
    return ImageParameters("\n".join(head[:negative_at]), negative, settings)
