"""Implicit Vulkan layers known to crash or hang model loads (FPS counters, recorders, store overlays), and how to
turn each off. The table is resources/overlay_layers.json."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from app.core.resources import resource_path
from app.core.system.vulkaninfo import VulkanLayer


@dataclass(frozen=True)
class OverlayLayer:
    layer: str  # the layer's name, or the start of it (VK_LAYER_VALVE_steam_overlay_32 / _64)
    program: str  # what installed it, in the user's words
    how: str  # how to turn it off in that program
    disable_variable: str | None  # the variable its manifest declares to keep it out, set to 1


@functools.cache
def overlay_layers() -> tuple[OverlayLayer, ...]:
    data = json.loads(resource_path("overlay_layers.json").read_text(encoding="utf-8"))
    return tuple(OverlayLayer(e["layer"], e["program"], e["how"], e["disable_variable"]) for e in data["layers"])


def known_bad(found: tuple[VulkanLayer, ...]) -> tuple[OverlayLayer, ...]:
    """The table's entries for the layers vulkaninfo listed, each once, in the table's order."""
    names = [layer.name.lower() for layer in found]
    return tuple(entry for entry in overlay_layers() if any(name.startswith(entry.layer.lower()) for name in names))
