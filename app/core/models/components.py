"""What a set of model files weighs, part by part: the memory planner's input, from file headers or the catalog."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.models.families import SET_SLOTS, ModelFamily
from app.core.models.model_files import ModelInfo


@dataclass(frozen=True)
class Components:
    """Byte sizes of the weights (from file headers or the catalog) and what the family is."""

    family: ModelFamily
    diffusion: int
    text_encoders: int = 0  # T5-XXL + CLIP-L (+ CLIP-G)
    vae: int = 0
    tae: bool = False  # a tiny autoencoder instead of the full one


def components_from_slots(family: ModelFamily, slot_bytes: dict[str, int],
                          checkpoint: dict[str, int] | None = None) -> Components:
    """Sizes per slot (and a full checkpoint's own diffusion/text/VAE split) -> the planner's components."""
    parts = dict(checkpoint or {})
    for slot, size in slot_bytes.items():
        part = SET_SLOTS[slot].part
        parts[part] = parts.get(part, 0) + size
    return Components(family, parts.get("diffusion", 0), parts.get("text_encoders", 0), parts.get("vae", 0),
                      tae="taesd" in slot_bytes)


def components_from_files(infos: dict[str, ModelInfo], family: ModelFamily) -> Components:
    """Sizes from file headers; a full checkpoint is split by its tensor names."""
    checkpoint = None
    if "model" in infos:
        info = infos["model"]
        diffusion = info.bytes_where("model.diffusion_model.")
        vae = info.bytes_where("first_stage_model.", "vae.")
        checkpoint = {"diffusion": diffusion, "vae": vae, "text_encoders": info.total_bytes - diffusion - vae}
    return components_from_slots(family, {slot: i.total_bytes for slot, i in infos.items() if slot != "model"},
                                 checkpoint)
