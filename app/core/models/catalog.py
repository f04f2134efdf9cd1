"""The model catalog (resources/catalog.json): presets to plan and download, and where a file stands locally.

A file's local state is read from the models folder: the file itself, its `.part` (a download under way), and
the ledger `downloads.json`, which records the sha256 of every file the app fetched or checked, so a 10 GB
file is hashed once, not on every look.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from app.core.demo.picture_models import FLUX_FILE
from app.core.models.components import Components, components_from_slots
from app.core.models.families import ModelFamily, ModelFiles
from app.core.models.model_files import family_of_files
from app.core.resources import resource_path
from app.core.sizes import format_size
from app.core.words import QT_TRANSLATE_NOOP, translate

LEDGER_NAME = "downloads.json"


class CatalogError(ValueError):
    """The catalog file is unreadable or malformed."""


@dataclass(frozen=True)
class CatalogFile:
    slot: str  # a ModelFiles field; "model" for a full checkpoint
    name: str
    urls: tuple[str, ...]  # the first is tried first; the others are mirrors of the same bytes
    bytes: int | None  # exact when sha256 is published, approximate otherwise
    sha256: str | None  # None: no published hash; the file is 'unverified'
    licence: str
    note: str
    parts: dict[str, int] | None = None  # a full checkpoint's diffusion/text_encoders/vae split

    @property
    def published_hash(self) -> bool:
        return self.sha256 is not None


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    family: ModelFamily
    steps: int
    note: str
    files: tuple[CatalogFile, ...]
    cfg_scale: float | None = None  # None: the family's default (turbo models want 1)
    name: str = ""  # the model as people call it ("Z-Image Turbo"); the title when the catalog names none
    quantization: str = ""  # how its weights are stored ("Q3_K", "fp16")
    good_at: tuple[str, ...] = ()  # what people choose it for: keys of GOOD_AT, said in the Models window
    variant: str = ""  # how it differs from a preset of the same name: a key of VARIANTS

    @property
    def total_bytes(self) -> int:
        return sum(f.bytes or 0 for f in self.files)

    @property
    def quantized(self) -> bool:
        """Block-quantized weights (GGUF): slower per operation on a card without integer dot products."""
        return any(f.name.lower().endswith(".gguf") for f in self.files)

    @property
    def known_as(self) -> str:
        """The model as people call it ('Z-Image Turbo'): its name, or its title where the catalog names none."""
        return self.name or self.title

    @property
    def label(self) -> str:
        """The model as the picker and the Models window name it: 'Z-Image Turbo (Q3_K, 2.7 GiB)', the size being
        its diffusion model's."""
        main = next((f for f in self.files if f.slot in ("diffusion_model", "model")), None)
        details = [part for part in (self.quantization, format_size(main.bytes) if main and main.bytes else "")
                   if part]
        return f"{self.known_as} ({', '.join(details)})" if details else self.known_as

    def components(self) -> Components:
        slot_bytes = {f.slot: f.bytes or 0 for f in self.files if f.slot != "model"}
        checkpoint = next((f.parts for f in self.files if f.slot == "model"), None)
        return components_from_slots(self.family, slot_bytes, checkpoint)


@dataclass(frozen=True)
class Catalog:
    presets: dict[str, Preset]
    hosts: frozenset[str]  # downloads (and their redirects) may only go to these
    backend_version: str
    windows_backend: CatalogFile  # upstream's release zip with sd-cli.exe and its DLLs
    upscalers: dict[str, Preset] = dataclasses.field(default_factory=dict)  # ESRGAN models, one file each
    recommended_order: tuple[str, ...] = ()  # best pictures first (catalog.json says how it is used)
    # ControlNets, one file each, for the family they guide; `good_at` says what each is for
    controlnets: dict[str, Preset] = dataclasses.field(default_factory=dict)

    def preset(self, preset_id: str) -> Preset | None:
        """A model preset, an upscaler or a ControlNet, by id."""
        return self.presets.get(preset_id) or self.upscalers.get(preset_id) or self.controlnets.get(preset_id)


# what a model is chosen for, as the Models window says it; the catalog's "good_at" lists these keys
GOOD_AT = {
    "photos": QT_TRANSLATE_NOOP("Catalog", "photos"),
    "art": QT_TRANSLATE_NOOP("Catalog", "art and illustration"),
    "text": QT_TRANSLATE_NOOP("Catalog", "text in pictures"),
    "editing": QT_TRANSLATE_NOOP("Catalog", "editing your pictures"),
    "speed": QT_TRANSLATE_NOOP("Catalog", "quick drafts"),
    "enlarging": QT_TRANSLATE_NOOP("Catalog", "making pictures bigger"),
    "outlines": QT_TRANSLATE_NOOP("Catalog", "following outlines and sketches"),
    "poses": QT_TRANSLATE_NOOP("Catalog", "following a pose"),
    "depth": QT_TRANSLATE_NOOP("Catalog", "following a scene's depth"),
}


def good_at_words(preset: Preset) -> str:
    """'Good at: photos, text in pictures', in the user's language; empty when the catalog says nothing."""
    if not preset.good_at:
        return ""
    return translate("Catalog", "Good at: {uses}").format(
        uses=", ".join(translate("Catalog", GOOD_AT[use]) for use in preset.good_at))


# two presets of one model (its name) differ in their files: which card or computer each is for, and what the
# bigger download buys
VARIANTS = {
    "for_4gb": QT_TRANSLATE_NOOP("Catalog", "For 4 GB cards: the smaller download, a little less detail"),
    "for_8gb": QT_TRANSLATE_NOOP("Catalog", "For 8 GB cards: the bigger download buys finer detail, closer to the "
                                            "original"),
    "text_full": QT_TRANSLATE_NOOP("Catalog", "For computers with more than 16 GB of RAM: the bigger download "
                                              "reads the prompt at full precision"),
    "text_half": QT_TRANSLATE_NOOP("Catalog", "For computers with 16 GB of RAM: its prompt reader needs half the "
                                              "memory"),
}


def variant_words(preset: Preset) -> str:
    """What sets this preset apart from another of the same name, in the user's language; empty when none."""
    return translate("Catalog", VARIANTS[preset.variant]) if preset.variant else ""


def _variant(value: dict[str, Any]) -> str:
    variant = str(value.get("variant", ""))
    if variant and variant not in VARIANTS:
        raise ValueError(f"variant names a difference the app cannot say: {variant}")
    return variant


def _good_at(value: dict[str, Any]) -> tuple[str, ...]:
    uses = tuple(value.get("good_at", ()))
    unknown = [use for use in uses if use not in GOOD_AT]
    if unknown:
        raise ValueError(f"good_at names uses the app cannot say: {unknown}")
    return uses


def _file(slot: str, entry: dict[str, Any]) -> CatalogFile:
    return CatalogFile(slot, entry["name"], tuple(entry["urls"]), entry.get("bytes"), entry.get("sha256"),
                       entry.get("licence", "unknown"), entry.get("note", ""), entry.get("parts"))


def load_catalog(path: Path | None = None) -> Catalog:
    path = path or resource_path("catalog.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        presets, upscalers, controlnets = (
            {key: Preset(key, value["title"], ModelFamily(value["family"]), value["steps"], value.get("note", ""),
                         tuple(_file(slot, entry) for slot, entry in value["files"].items()), value.get("cfg_scale"),
                         value.get("name", ""), value.get("quantization", ""), _good_at(value), _variant(value))
             for key, value in data.get(section, {}).items()}
            for section in ("presets", "upscalers", "controlnets"))
        backend = data["backend"]
        order = tuple(data.get("recommended_order", presets))
        unknown = [key for key in order if key not in presets]
        if unknown:
            raise ValueError(f"recommended_order names no preset: {unknown}")
        return Catalog(presets, frozenset(data["hosts"]), backend["version"], _file("backend", backend["windows"]),
                       upscalers, order, controlnets)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise CatalogError(f"the model catalog {path} cannot be read: {error!r}") from error


class FileStatus(StrEnum):
    INSTALLED = "installed"  # present, and its sha256 matched the published one
    UNVERIFIED = "unverified"  # present, but there is no published hash to hold it to (or it is not hashed yet)
    PARTIAL = "partial"  # a download stopped part-way; it resumes
    MISSING = "missing"


def _read_json_object(path: Path) -> dict[str, Any]:
    """A JSON object the app keeps beside the models; missing or damaged reads as empty."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_json_whole(path: Path, data: dict[str, Any]) -> None:
    """Written whole or not at all: a crash mid-write leaves the previous file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False), encoding="utf-8")
    temporary.replace(path)


def read_ledger(models_dir: Path) -> dict[str, dict[str, Any]]:
    return _read_json_object(models_dir / LEDGER_NAME)


def record_in_ledger(models_dir: Path, name: str, sha256: str, size: int, verified: bool) -> None:
    """Remember a file's hash."""
    ledger = read_ledger(models_dir)
    ledger[name] = {"sha256": sha256, "bytes": size, "verified": verified}
    _write_json_whole(models_dir / LEDGER_NAME, ledger)


def ledger_entry(models_dir: Path, file: CatalogFile, ledger: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The ledger's record of `file` when it still describes the file on disk (same size)."""
    entry = ledger.get(file.name)
    target = models_dir / file.name
    if entry is None or not target.is_file() or target.stat().st_size != entry.get("bytes"):
        return None
    return entry


def file_status(models_dir: Path, file: CatalogFile, ledger: dict[str, dict[str, Any]]) -> FileStatus:
    if (models_dir / file.name).is_file():
        entry = ledger_entry(models_dir, file, ledger)
        if entry and file.sha256 and entry["sha256"] == file.sha256:
            return FileStatus.INSTALLED
        return FileStatus.UNVERIFIED
    if (models_dir / f"{file.name}.part").is_file():
        return FileStatus.PARTIAL
    return FileStatus.MISSING


def preset_status(statuses: list[FileStatus]) -> FileStatus:
    """Installed only when every file is; usable-but-unverified when every file is there; else partial/missing."""
    if all(s is FileStatus.INSTALLED for s in statuses):
        return FileStatus.INSTALLED
    if all(s in (FileStatus.INSTALLED, FileStatus.UNVERIFIED) for s in statuses):
        return FileStatus.UNVERIFIED
    if all(s is FileStatus.MISSING for s in statuses):
        return FileStatus.MISSING
    return FileStatus.PARTIAL


def status_of_preset(preset: Preset, models_dir: Path, ledger: dict[str, dict[str, Any]]) -> FileStatus:
    return preset_status([file_status(models_dir, f, ledger) for f in preset.files])


def preset_usable(status: FileStatus) -> bool:
    return status in (FileStatus.INSTALLED, FileStatus.UNVERIFIED)


UPSCALER_SUFFIXES = (".pth", ".safetensors", ".gguf")


def upscaler_models(catalog: Catalog, models_dir: Path, upscalers_dir: Path) -> list[Path]:
    """ESRGAN models here: the catalog's that were downloaded, then the user's own in the upscalers folder."""
    found = [models_dir / f.name for preset in catalog.upscalers.values() for f in preset.files
             if (models_dir / f.name).is_file()]
    if upscalers_dir.is_dir():
        found += sorted(p for p in upscalers_dir.iterdir() if p.is_file() and p.suffix.lower() in UPSCALER_SUFFIXES)
    return found


CUSTOM_SETS_NAME = "custom-sets.json"


def read_custom_sets(models_dir: Path) -> dict[str, dict[str, str]]:
    """Sets of the user's own files ("Add files I already have"): name -> {slot: path}."""
    data = _read_json_object(models_dir / CUSTOM_SETS_NAME)
    return {name: dict(slots) for name, slots in data.items() if isinstance(slots, dict)}


def save_custom_set(models_dir: Path, name: str, slots: dict[str, str]) -> None:
    sets = read_custom_sets(models_dir)
    sets[name] = slots
    _write_json_whole(models_dir / CUSTOM_SETS_NAME, sets)


@dataclass(frozen=True)
class ModelChoice:
    """One entry of the prompt panel's model picker: a complete preset or a custom set."""

    label: str
    slots: dict[str, Path]
    steps: int | None = None
    cfg_scale: float | None = None
    own_set: str | None = None  # the name of the user's own set it is ("Add files I already have")


def model_choices(catalog: Catalog, models_dir: Path) -> list[ModelChoice]:
    """The complete presets by their models' names, then the user's own sets by their names and family (their
    headers are read)."""
    ledger = read_ledger(models_dir)
    choices = []
    for preset in catalog.presets.values():
        status = status_of_preset(preset, models_dir, ledger)
        # one without a published hash is usable too: the Models window says which are checked
        if preset_usable(status):
            choices.append(ModelChoice(preset.label, {f.slot: models_dir / f.name for f in preset.files},
                                       preset.steps, preset.cfg_scale))
    for name, slots in sorted(read_custom_sets(models_dir).items()):
        paths = {slot: Path(path) for slot, path in slots.items()}
        choices.append(ModelChoice(own_files_label(name, family_of_files(ModelFiles(**paths))), paths,
                                   own_set=name))
    return choices


def own_files_label(name: str, family: ModelFamily) -> str:
    """'my_model — SDXL'; the name alone while the family is not known."""
    if family is ModelFamily.UNKNOWN:
        return name
    return translate("Picker", "{name} — {family}").format(name=name, family=family.words)


# the demo model's name: in the picker in the user's language; to other apps (the API's model title) as it is here
DEMO_MODEL_NAME = QT_TRANSLATE_NOOP("Picker", "Demo (random noise)")


def files_label(models: ModelFiles, family: ModelFamily) -> str:
    """The picker's name for the files chosen in Advanced: the demo model by name, else the main file's name
    without its folder and the family its headers make."""
    given = models.given()
    main = given.get("model") or given.get("diffusion_model") or next(iter(given.values()), None)
    if main is None:
        return translate("Picker", "No model chosen yet")
    if main.name == FLUX_FILE:  # the demo's random weights, wherever they were written
        return translate("Picker", DEMO_MODEL_NAME)
    return own_files_label(main.stem, family)
