"""The A1111-style `parameters` PNG text chunk that sd.cpp writes and other tools read."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, PngImagePlugin

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


# sd.cpp's sampling method -> the name A1111 (and the tools that read its text) use
_SAMPLER_NAMES = {"euler": "Euler", "euler_a": "Euler a", "heun": "Heun", "dpm2": "DPM2", "dpm++2s_a": "DPM++ 2S a",
                  "dpm++2m": "DPM++ 2M", "dpm++2mv2": "DPM++ 2M v2", "ipndm": "IPNDM", "ipndm_v": "IPNDM_V",
                  "lcm": "LCM", "ddim_trailing": "DDIM", "tcd": "TCD"}


# A1111's "Schedule type" names for sd.cpp's schedulers, so other tools read ours
_SCHEDULER_NAMES = {"discrete": "Normal", "karras": "Karras", "exponential": "Exponential", "ays": "Align Your Steps",
                    "gits": "Align Your Steps GITS", "smoothstep": "Smoothstep", "sgm_uniform": "SGM Uniform",
                    "simple": "Simple", "kl_optimal": "KL Optimal", "lcm": "LCM", "bong_tangent": "Bong Tangent"}


def scheduler_name(scheduler: str | None) -> str | None:
    return _SCHEDULER_NAMES.get(scheduler, scheduler) if scheduler else None


def model_hash(path: Path, chunk: int = 1 << 22) -> str:
    """A1111's 'Model hash': the first 10 hex digits of the file's sha256."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(chunk):
            digest.update(block)
    return digest.hexdigest()[:10]


def a1111_parameters(prompt: str, negative: str, settings: dict[str, Any]) -> str:
    """The 'parameters' text A1111 writes: prompt, optional 'Negative prompt:', then 'Key: value, ...'."""
    lines = [prompt]
    if negative:
        lines.append(f"Negative prompt: {negative}")
    lines.append(", ".join(f"{key}: {value}" for key, value in settings.items() if value is not None))
    return "\n".join(lines)


def sampler_name(method: str | None, flux: bool) -> str:
    # sd.cpp samples Flux with euler and the SD family with euler_a unless told otherwise
    return _SAMPLER_NAMES.get(method or ("euler" if flux else "euler_a"), method or "Euler")


def write_metadata(path: Path, parameters: str, details: dict[str, Any]) -> None:
    """Replace the PNG's text chunks with A1111 'parameters' (tEXt when Latin-1, else iTXt) and our own
    'polaris' JSON chunk, atomically: the file is whole before and after."""
    info = PngImagePlugin.PngInfo()
    try:
        parameters.encode("latin-1")
        info.add_text("parameters", parameters)
    except UnicodeEncodeError:
        info.add_itxt("parameters", parameters)
    info.add_itxt("polaris", json.dumps(details, ensure_ascii=False, sort_keys=True))
    partial = path.with_name(path.name + ".meta")
    try:
        with Image.open(path) as image:
            image.save(partial, format="PNG", pnginfo=info)
        partial.replace(path)
    except BaseException:
        partial.unlink(missing_ok=True)  # a full disk leaves the original whole and no half copy behind
        raise


def read_details(path: Path) -> dict[str, Any] | None:
    with Image.open(path) as image:
        text = image.text.get("polaris")  # type: ignore[attr-defined]
    return json.loads(text) if text else None


@dataclass(frozen=True)
class ReusableSettings:
    """What 'reuse settings' puts back into the prompt panel."""

    prompt: str
    negative_prompt: str = ""
    width: int | None = None
    height: int | None = None
    steps: int | None = None
    seed: int | None = None
    cfg_scale: float | None = None
    sampler: str | None = None  # sd.cpp's names; None: the model's default
    scheduler: str | None = None


def _number(text: str | None, kind: type) -> Any:
    try:
        return kind(text) if text is not None else None
    except ValueError:
        return None


def settings_from_png(path: Path) -> ReusableSettings | None:
    """Our own JSON when the PNG has it, else its A1111 text (ours, sd.cpp's or A1111's); None without either,
    and None for a file Pillow will not read (broken, foreign, or a decompression bomb)."""
    try:
        details, text = read_details(path), read_parameters_text(path)
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None
    if details:
        return ReusableSettings(details.get("prompt", ""), details.get("negative_prompt", ""), details.get("width"),
                                details.get("height"), details.get("steps"), details.get("seed"),
                                details.get("cfg_scale"), details.get("sampler"), details.get("scheduler"))
    if not text:
        return None
    parsed = parse_parameters(text)
    fields = dict(part.split(": ", 1) for part in parsed.settings.split(", ") if ": " in part)
    width, _, height = fields.get("Size", "").partition("x")
    return ReusableSettings(parsed.prompt, parsed.negative_prompt, _number(width or None, int),
                            _number(height or None, int), _number(fields.get("Steps"), int),
                            _number(fields.get("Seed"), int), _number(fields.get("CFG scale"), float))
