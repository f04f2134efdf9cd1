"""Styles: named prompt templates with a negative prompt, A1111's way, kept in a JSON file the user edits.

A style's template holds `{prompt}` where the user's prompt goes; a template without it is added after the prompt
with ", " (A1111's `merge_prompts`). Its negative is added to the user's negative prompt the same way."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.core.file_words import file_problem
from app.core.generation.request import InvalidRequest
from app.core.json_files import set_aside, write_json
from app.core.words import translate

STYLES_FORMAT = 1
PROMPT_MARK = "{prompt}"


@dataclass(frozen=True)
class Style:
    name: str
    prompt: str = ""  # the template: {prompt} is the user's prompt; without it, added after the prompt
    negative: str = ""  # added to the user's negative prompt (a {prompt} in it is the user's negative)


# written into the styles file the first time it is needed; the user edits them there (or in the window). Their
# names are the user's data, like the names the user gives, so they stay as written in every language
DEFAULT_STYLES = (
    Style("Photo", "photo of {prompt}, natural light, sharp focus, 50mm lens, detailed skin and textures",
          "drawing, painting, illustration, cartoon, anime, 3d render, blurry, oversaturated"),
    Style("Cinematic", "cinematic film still of {prompt}, shallow depth of field, dramatic lighting, film grain, "
                       "anamorphic, color graded",
          "cartoon, drawing, anime, flat lighting, low contrast, blurry"),
    Style("Anime", "anime illustration of {prompt}, clean line art, cel shading, vibrant colors, detailed eyes",
          "photo, photorealistic, 3d render, realistic, blurry, deformed"),
    Style("Watercolor", "watercolor painting of {prompt}, soft washes, bleeding edges, paper texture, pastel colors",
          "photo, photorealistic, 3d render, sharp digital lines, dark"),
    Style("Pixel art", "pixel art of {prompt}, 16-bit, limited palette, crisp pixels, retro game sprite",
          "photo, photorealistic, blurry, smooth gradients, anti-aliasing, 3d render"),
    Style("Oil painting", "oil painting of {prompt}, visible brush strokes, rich colors, canvas texture, "
                          "classical composition",
          "photo, photorealistic, 3d render, anime, flat colors"),
    Style("Line drawing", "pencil line drawing of {prompt}, black and white, clean outlines, sketchbook",
          "color, photo, photorealistic, painting, shading blur"),
)


def merge_prompts(template: str, prompt: str) -> str:
    """A1111's rule: `{prompt}` in the template is the prompt; else the template goes after it, with ", "."""
    if PROMPT_MARK in template:
        return template.replace(PROMPT_MARK, prompt)
    return ", ".join(part for part in (prompt.strip(), template.strip()) if part)


def apply_styles(prompt: str, negative: str, styles: Sequence[Style]) -> tuple[str, str]:
    """The prompt and negative prompt with each style applied in turn."""
    for style in styles:
        prompt, negative = merge_prompts(style.prompt, prompt), merge_prompts(style.negative, negative)
    return prompt, negative


def find_styles(names: Sequence[str], styles: Sequence[Style]) -> list[Style]:
    """The named styles, in the order asked; InvalidRequest for a name there is no style of."""
    by_name = {style.name: style for style in styles}
    for name in names:
        if name not in by_name:
            raise InvalidRequest(translate("Styles", "there is no style named “{name}” (yours are: {names})").format(
                name=name, names=", ".join(by_name) or translate("Styles", "none")))
    return [by_name[name] for name in names]


def style_problem(name: str, others: Sequence[str]) -> str | None:
    """Why a style may not take this name (empty, or another style's), in words; None when it may."""
    if not name.strip():
        return translate("Styles", "a style needs a name")
    if "," in name:
        # a picture's metadata lists its styles with commas between them
        return translate("Styles", "a style's name cannot hold a comma")
    if name.strip() in others:
        return translate("Styles", "there is already a style named “{name}”").format(name=name.strip())
    return None


def styles_json(styles: Sequence[Style]) -> dict[str, object]:
    return {"format": STYLES_FORMAT,
            "styles": [{"name": s.name, "prompt": s.prompt, "negative": s.negative} for s in styles]}


def styles_from_json(document: object) -> list[Style]:
    """The styles of a styles file's document; ValueError when it is not one."""
    if not isinstance(document, dict) or document.get("format") != STYLES_FORMAT:
        raise ValueError("not a styles file of this version")
    entries = document.get("styles")
    if not isinstance(entries, list):
        raise ValueError("no list of styles")
    styles: list[Style] = []
    for entry in entries:
        if not isinstance(entry, dict) or not all(isinstance(entry.get(key, ""), str)
                                                  for key in ("name", "prompt", "negative")):
            raise ValueError("a style is not a name and two texts")
        style = Style(entry.get("name", "").strip(), entry.get("prompt", ""), entry.get("negative", ""))
        if style_problem(style.name, [s.name for s in styles]):
            raise ValueError(f"a style without a name, or with another's: {style.name!r}")
        styles.append(style)
    return styles


def save_styles(path: Path, styles: Sequence[Style]) -> None:
    """Write the styles file whole or not at all."""
    write_json(path, styles_json(styles))


@dataclass(frozen=True)
class LoadedStyles:
    styles: list[Style]
    message: str | None = None  # for the user: the file was damaged and set aside, or could not be written


def load_styles(path: Path, now: datetime) -> LoadedStyles:
    """The user's styles. The first time, the default ones, written into the file; a damaged file is renamed
    aside (never deleted) and the defaults written in its place."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return _defaults(path, None)
    except UnicodeDecodeError:
        return _damaged(path, now, translate("Styles", "it is not text"))
    except OSError as error:
        return LoadedStyles(list(DEFAULT_STYLES), translate("Styles", "The styles file {path} could not be read "
                                                                      "({why}); the default styles are used.").format(
            path=path, why=file_problem(error, path)))
    try:
        return LoadedStyles(styles_from_json(json.loads(text)))
    except ValueError:  # json.JSONDecodeError is one too
        return _damaged(path, now, translate("Styles", "it could not be read as a list of styles"))


def _damaged(path: Path, now: datetime, why: str) -> LoadedStyles:
    try:
        aside = set_aside(path, now)
    except OSError as error:
        return LoadedStyles(list(DEFAULT_STYLES), translate(
            "Styles", "The styles file {path} is damaged ({why}) and could not be set aside ({problem}); the default "
                      "styles are used.").format(path=path, why=why, problem=file_problem(error, path)))
    return _defaults(path, translate("Styles", "The styles file was damaged ({why}); it was kept as {aside} and the "
                                               "default styles were written in its place.").format(why=why,
                                                                                                   aside=aside))


def _defaults(path: Path, message: str | None) -> LoadedStyles:
    try:
        save_styles(path, DEFAULT_STYLES)
    except OSError as error:
        problem = translate("Styles", "The styles file {path} could not be written ({why}).").format(
            path=path, why=file_problem(error, path))
        message = f"{message} {problem}" if message else problem
    return LoadedStyles(list(DEFAULT_STYLES), message)
