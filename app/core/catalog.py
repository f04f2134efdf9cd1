"""The model catalog in resources/catalog.json: presets a user can plan (and later download) by name."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from app.core.plan import Components
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
        diffusion = text = vae = 0
        for slot, entry in self.files.items():
            if slot == "model":
                parts = entry["parts"]
                diffusion += parts["diffusion"]
                text += parts["text_encoders"]
                vae += parts["vae"]
            elif slot == "diffusion_model":
                diffusion += entry["bytes"]
            elif slot in ("t5xxl", "clip_l"):
                text += entry["bytes"]
            elif slot == "vae":
                vae += entry["bytes"]
        return Components(self.family, diffusion, text, vae)


def load_presets(path: Path | None = None) -> dict[str, Preset]:
    data = json.loads((path or resource_path("catalog.json")).read_text(encoding="utf-8"))
    return {key: Preset(key, value["title"], ModelFamily(value["family"]), value["steps"], value["files"])
            for key, value in data["presets"].items()}
