"""LoRAs named in the prompt as `<lora:name:weight>` (A1111's syntax, which sd.cpp reads): find, check, list.

sd.cpp looks a name up in `--lora-model-dir` (default: its working folder) and also takes absolute paths and
`..`: so every name is checked here first, before anything runs. A name is a plain file name in the LoRA
folder; the file must be a LoRA (by its header) for the model's family.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from app.core.models.families import ComponentKind, ModelFamily, family_with_kind
from app.core.models.model_files import ModelFileError, inspect_as, lora_family
from app.core.words import translate

LORA_TAG = re.compile(r"<lora:([^:>]+):([^>]+)>")  # sd.cpp's own pattern (examples/common/common.cpp)
LORA_SUFFIXES = (".safetensors", ".gguf")  # sd.cpp also opens .pt, a pickle: never offered


class LoraRejected(ValueError):
    """A LoRA the prompt names cannot be used; the message is meant for the user."""


@dataclass(frozen=True)
class LoraUse:
    name: str
    weight: float

    @property
    def tag(self) -> str:
        return lora_tag(self.name, self.weight)


def lora_tag(name: str, weight: float) -> str:
    return f"<lora:{name}:{weight:g}>"


def loras_in(prompt: str) -> list[LoraUse]:
    """The LoRAs a prompt names, in order; a weight that is not a number is kept as NaN (and refused)."""
    uses = []
    for name, weight in LORA_TAG.findall(prompt):
        try:
            value = float(weight)
        except ValueError:
            value = float("nan")
        uses.append(LoraUse(name, value))
    return uses


def name_problem(name: str) -> str | None:
    """Why a LoRA name is not a plain file name in the LoRA folder; None when it is."""
    if not name.strip() or name != name.strip():
        return translate("Request", "the LoRA name '{name}' is empty or has spaces around it").format(name=name)
    if any(mark in name for mark in ("/", "\\", "|")) or name.startswith(".") or re.match(r"^[A-Za-z]:", name):
        return translate("Request", "the LoRA name '{name}' is not a plain name: it may not hold a folder, a drive or "
                                    "start with '.'").format(name=name)
    return None


def lora_files(folder: Path | None) -> dict[str, Path]:
    """name -> file, for every LoRA-looking file in the folder (not checked: see `check_loras`)."""
    if folder is None or not folder.is_dir():
        return {}
    found: dict[str, Path] = {}
    for path in sorted(folder.iterdir()):
        if path.is_file() and path.suffix.lower() in LORA_SUFFIXES:
            found.setdefault(path.stem, path)
    return found


def lora_kind(path: Path) -> ComponentKind:
    """The family a LoRA file was made for; LoraRejected when the file is no LoRA at all."""
    try:
        info = inspect_as(path, ComponentKind.LORA, "a LoRA")
    except ModelFileError as error:
        raise LoraRejected(str(error)) from error
    return lora_family(list(info.tensors))


def check_loras(prompt: str, folder: Path | None, family: str) -> list[tuple[LoraUse, Path]]:
    """Every LoRA the prompt names, with its file; LoraRejected (saying why) for the first that cannot run."""
    checked = []
    for use in loras_in(prompt):
        problem = name_problem(use.name)
        if problem:
            raise LoraRejected(problem)
        if use.weight != use.weight or not -4 <= use.weight <= 4:
            raise LoraRejected(translate("Request", "the weight of LoRA {name} must be a number from -4 to 4").format(
                name=use.name))
        if folder is None:
            raise LoraRejected(translate("Request", "the prompt names LoRA {name}, but no LoRA folder is set").format(
                name=use.name))
        path = lora_files(folder).get(use.name)
        if path is None:
            raise LoraRejected(translate("Request", "no LoRA {name} ({suffixes}) in {folder}").format(
                name=use.name, suffixes=", ".join(LORA_SUFFIXES), folder=folder))
        made_for = lora_kind(path)
        wanted = ModelFamily(family).traits.lora_kind
        if wanted is not None and made_for is not ComponentKind.UNKNOWN and made_for is not wanted:
            raise LoraRejected(translate("Request", "LoRA {name} was made for {made_for} models, but the model is "
                                                    "{family}: choose a LoRA made for it").format(
                name=use.name, made_for=_kind_words(made_for), family=ModelFamily(family).words))
        checked.append((use, path))
    return checked


def _kind_words(kind: ComponentKind) -> str:
    """A LoRA's model in the user's words: its family's name, or the kind's own (SD3 has no family here)."""
    family = family_with_kind(kind)
    return family.words if family is not None else kind.value.removesuffix(" diffusion model")
