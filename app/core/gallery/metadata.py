"""The A1111-style `parameters` PNG text chunk that sd.cpp writes and other tools read."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, PngImagePlugin

from app.core.generation.control import a1111_control_fields
from app.core.generation.faces import a1111_face_fields
from app.core.generation.lora import LoraUse
from app.core.generation.request import REQUEST_FIELDS, DraftOf, GenerationRequest
from app.core.models.families import memory_flags

_NEGATIVE = "Negative prompt: "
_SETTINGS = "Steps: "
# one "Key: value" of the settings line, a value with commas in double quotes (A1111's re_param_code)
_FIELD = re.compile(r'\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)')


@dataclass(frozen=True)
class ImageParameters:
    prompt: str
    negative_prompt: str
    settings: str  # the "Steps: 4, CFG scale: ..., Seed: ..." line, as written


def read_parameters_text(path: Path) -> str | None:
    with Image.open(path) as image:
        text: str | None = image.text.get("parameters")  # type: ignore[attr-defined]  # PngImageFile has .text
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


def quote(value: object) -> object:
    """A settings-line value as A1111 writes it: in JSON's double quotes when it holds a comma, a colon or a line
    end, which would split the line."""
    text = str(value)
    if "," not in text and "\n" not in text and ":" not in text:
        return value
    return json.dumps(text, ensure_ascii=False)


def settings_fields(settings: str) -> dict[str, str]:
    """The settings line's "Key: value" pairs, quoted values unquoted (A1111's parse_generation_parameters)."""
    fields: dict[str, str] = {}
    for key, value in _FIELD.findall(settings):
        if len(value) > 1 and value.startswith('"') and value.endswith('"'):
            with contextlib.suppress(json.JSONDecodeError):  # not JSON after all: kept as written
                value = json.loads(value)
        fields[key] = value
    return fields


def model_hash(path: Path, chunk: int = 1 << 22) -> str:
    """A1111's 'Model hash': the first 10 hex digits of the file's sha256."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(chunk):
            digest.update(block)
    return digest.hexdigest()[:10]


def lora_hash(path: Path, chunk: int = 1 << 22) -> str:
    """A1111's LoRA hash (its 'addnet' hash): the first 12 hex digits of the sha256 of a safetensors file's
    tensor data, after the header, so that editing the metadata keeps the hash; a GGUF is hashed whole."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        if path.suffix.lower() == ".safetensors":
            f.seek(8 + int.from_bytes(f.read(8), "little"))
        while block := f.read(chunk):
            digest.update(block)
    return digest.hexdigest()[:12]


def generation_fields(request: GenerationRequest, model_hash_text: str | None, loras: list[tuple[LoraUse, Path]],
                      version: str) -> dict[str, Any]:
    """The 'Key: value' settings of A1111's text, in its own names and order, for this request."""
    main_model = request.models.main
    fields: dict[str, Any] = {}
    for name, declared in REQUEST_FIELDS.items():
        if declared.png and declared.applies(request):
            value = getattr(request, name)
            fields[declared.png] = declared.png_text(request) if declared.png_text else (
                None if value is None else declared.named(value))
        if declared.png == "Size":  # A1111 names the model after the size
            fields.update({"Model hash": model_hash_text, "Model": main_model.stem if main_model else None})
    if request.extend is not None:
        fields["Outpaint"] = request.extend.words()
    if request.hires is not None:
        if request.init_image is None:  # A1111 writes the second pass's strength here in txt2img
            fields["Denoising strength"] = f"{request.hires.denoising_strength:g}"
        fields["Hires upscale"] = f"{request.hires.scale:g}"
        if request.hires.width:  # an exact size, as A1111 writes it
            fields["Hires resize"] = f"{request.hires.width}x{request.hires.height}"
        fields["Hires steps"] = request.hires.steps or None
        fields["Hires upscaler"] = "Latent"
    if loras:
        hashes = {use.name: lora_hash(path) for use, path in loras}
        # quoted, as A1111 writes it: the value holds commas
        fields["Lora hashes"] = quote(", ".join(f"{name}: {digest}" for name, digest in hashes.items()))
        # the same as civitai's JSON "Hashes" (which readers that split on ':' such as sd-parsers can read)
        fields["Hashes"] = json.dumps({**({"model": model_hash_text} if model_hash_text else {}),
                                       **{f"lora:{name}": digest for name, digest in hashes.items()}})
    if request.face_fix is not None:
        fields.update(a1111_face_fields(request.face_fix))
    if request.control is not None:
        fields.update(a1111_control_fields(request.control))
    if request.styles:
        fields["Styles"] = quote(", ".join(request.styles))
    if request.draft_of is not None:  # a quick try, and what finishing it draws
        fields["Draft of"] = f"{request.draft_of.width}x{request.draft_of.height}"
    if request.finished_from is not None:  # the draft this picture finishes
        fields["Finished from"] = quote(request.finished_from.name)
    if request.prompt_as_written:  # as A1111's Dynamic Prompts extension records the prompt before its choices
        fields["Template"] = quote(request.prompt_as_written)
    fields["Version"] = version
    return fields


def job_details(request: GenerationRequest, loras: list[tuple[LoraUse, Path]], automatic_memory: bool,
                backend: dict[str, Any], seconds: float, edited_from: tuple[Path, ...] = (),
                extended_from: Path | None = None) -> dict[str, Any]:
    """Our own 'polaris' JSON: everything needed to run the job again, with full paths. An extension's
    `init_image` and `mask` are its grown canvas and new area (the job's copies): reused, they draw it again."""
    details: dict[str, Any] = {
        "prompt": request.prompt, "negative_prompt": request.negative_prompt,
        **{name: getattr(request, name) for name, declared in REQUEST_FIELDS.items() if declared.applies(request)},
        "family": request.family.value,
        "models": {role: str(path) for role, path in request.models.given().items()},
        "memory_flags": list(memory_flags(request.memory)) if request.memory else [],
        "automatic_memory": automatic_memory, "backend": backend, "seconds": seconds,
    }
    if request.init_image is not None:
        details["init_image"] = str(request.init_image)
    if request.mask is not None:
        details["mask"] = str(request.mask)
    if request.extend is not None:  # the sides it grew by, and the picture it grew from where the user chose it
        details["extend"] = dataclasses.asdict(request.extend)
        details["extended_from"] = str(extended_from) if extended_from else None
    if request.ref_images:  # an edit: the pictures the instruction was applied to (the job's copies), and
        details["ref_images"] = [str(picture) for picture in request.ref_images]
        details["edited_from"] = [str(picture) for picture in edited_from]  # where the user chose them
    if request.styles:
        details["styles"] = list(request.styles)
    if request.prompt_as_written:
        details["prompt_as_written"] = request.prompt_as_written
    if request.face_fix is not None:
        details["face_fix"] = dataclasses.asdict(request.face_fix)
    if request.control is not None:
        details["control"] = {**dataclasses.asdict(request.control), "model": str(request.control.model),
                              "image": str(request.control.image)}
    if request.hires is not None:
        details["hires"] = {"scale": request.hires.scale, "denoising_strength": request.hires.denoising_strength,
                            "steps": request.hires.steps,
                            **({"width": request.hires.width, "height": request.hires.height}
                               if request.hires.width else {})}
    if request.draft_of is not None:
        details["draft_of"] = dataclasses.asdict(request.draft_of)
    if request.finished_from is not None:
        details["finished_from"] = str(request.finished_from)
    if loras:
        details["lora_dir"] = str(request.lora_dir)
        details["loras"] = [{"name": use.name, "weight": use.weight, "file": str(path)} for use, path in loras]
    return details


def a1111_parameters(prompt: str, negative: str, settings: dict[str, Any]) -> str:
    """The 'parameters' text A1111 writes: prompt, optional 'Negative prompt:', then 'Key: value, ...'."""
    lines = [prompt]
    if negative:
        lines.append(f"Negative prompt: {negative}")
    lines.append(", ".join(f"{key}: {value}" for key, value in settings.items() if value is not None))
    return "\n".join(lines)


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
    # the declared request fields (request.REQUEST_FIELDS) the picture says, by name: sd.cpp's codes for a sampler
    # and a scheduler; a field it does not say is not here, one it says is the model's own is None
    values: Mapping[str, Any] = field(default_factory=dict)
    init_image: Path | None = None  # only when the file still exists
    mask: Path | None = None
    lora_dir: Path | None = None
    ref_images: tuple[Path, ...] = ()  # the pictures an edit started from (the job's copies), those still there
    missing: tuple[str, ...] = ()  # what the image used that is gone now, in the user's words
    draft_of: DraftOf | None = None  # a draft: the size and steps finishing it draws
    models: Mapping[str, Path] = field(default_factory=dict)  # the model files it was drawn with, by role (ours)


def _reusable_files(details: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The input, mask and LoRA folder the image was made with, those that still exist; and what is gone."""
    found: dict[str, Any] = {}
    missing: list[str] = []
    for key, words in (("init_image", "input image"), ("mask", "mask")):
        if details.get(key):
            path = Path(details[key])
            if path.is_file():
                found[key] = path
            else:
                missing.append(f"{words} {path}")
    kept = [Path(picture) for picture in details.get("ref_images", [])]
    missing += [f"edited picture {picture}" for picture in kept if not picture.is_file()]
    if any(picture.is_file() for picture in kept):
        found["ref_images"] = tuple(picture for picture in kept if picture.is_file())
    for lora in details.get("loras", []):
        if not Path(lora.get("file", "")).is_file():
            missing.append(f"LoRA {lora.get('name')} ({lora.get('file')})")
    if details.get("lora_dir") and Path(details["lora_dir"]).is_dir():
        found["lora_dir"] = Path(details["lora_dir"])
    return found, tuple(missing)


def settings_from_png(path: Path) -> ReusableSettings | None:
    """Our own JSON when the PNG has it, else its A1111 text (ours, sd.cpp's or A1111's); None without either,
    and None for a file Pillow will not read (broken, foreign, or a decompression bomb)."""
    try:
        details, text = read_details(path), read_parameters_text(path)
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None
    if details:
        found, missing = _reusable_files(details)
        return ReusableSettings(details.get("prompt", ""), details.get("negative_prompt", ""),
                                {name: details[name] for name in REQUEST_FIELDS if name in details},
                                missing=missing, draft_of=_draft_of(details.get("draft_of")),
                                models={role: Path(path) for role, path in details.get("models", {}).items()},
                                **found)
    if not text:
        return None
    parsed = parse_parameters(text)
    fields = settings_fields(parsed.settings)
    values = {name: declared.from_picture(fields) for name, declared in REQUEST_FIELDS.items() if declared.reads_png}
    return ReusableSettings(parsed.prompt, parsed.negative_prompt, values)


def _draft_of(recorded: object) -> DraftOf | None:
    """A draft's record of its full picture; None for none, or one this app's version did not write."""
    if not isinstance(recorded, dict):
        return None
    try:
        return DraftOf(int(recorded["width"]), int(recorded["height"]), int(recorded["steps"]))
    except (KeyError, TypeError, ValueError):
        return None
