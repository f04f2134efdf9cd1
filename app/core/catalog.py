"""The model catalog in resources/catalog.json: presets a user can plan (and later download) by name."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from app.core.plan import Components, components_from_slots
from app.core.request import ModelFamily
from app.core.resources import resource_path


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    family: ModelFamily
    steps: int
    files: dict[str, dict]  # slot -> {"name", "bytes", optional "parts"}

    def components(self) -> Components:
        slot_bytes = {slot: entry["bytes"] for slot, entry in self.files.items() if slot != "model"}
        checkpoint = self.files["model"]["parts"] if "model" in self.files else None
        return components_from_slots(self.family, slot_bytes, checkpoint)


def load_presets(path: Path | None = None) -> dict[str, Preset]:
    data = json.loads((path or resource_path("catalog.json")).read_text(encoding="utf-8"))
    return {key: Preset(key, value["title"], ModelFamily(value["family"]), value["steps"], value["files"])
            for key, value in data["presets"].items()}
