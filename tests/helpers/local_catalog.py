"""A catalog whose preset is served by the tests' own HTTP server on 127.0.0.1."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from app.core.models.catalog import Catalog, load_catalog

PRESET = "local-flux"


def preset_files(size: int = 600_000) -> dict[str, tuple[str, bytes, bool]]:
    """slot -> (file name, bytes, whether the catalog publishes its sha256); distinct content per file."""
    return {
        "diffusion_model": ("local-diffusion.gguf", bytes((i * 7) % 251 for i in range(size)), False),
        "vae": ("local-ae.safetensors", bytes((i * 13) % 241 for i in range(size // 2)), True),
    }


def write_catalog(path: Path, base: str, files: dict[str, tuple[str, bytes, bool]],
                  mirrors: dict[str, str] | None = None, cfg_scale: float | None = None,
                  hosts: tuple[str, ...] = ("127.0.0.1",)) -> Catalog:
    """`mirrors`: file name -> a first URL to try before the served one (a dead mirror, say); `hosts`: those the
    downloads may use."""
    entries = {}
    for slot, (name, data, published) in files.items():
        urls = [f"{base}/{name}"]
        if mirrors and name in mirrors:
            urls.insert(0, mirrors[name])
        entries[slot] = {"name": name, "urls": urls, "bytes": len(data),
                         "sha256": hashlib.sha256(data).hexdigest() if published else None,
                         "licence": "test", "note": "served by the test"}
    catalog = {
        "schema_version": 2,
        "hosts": list(hosts),
        "presets": {PRESET: {"title": "Local Flux", "family": "flux", "steps": 4, "note": "", "files": entries,
                             "cfg_scale": cfg_scale}},
        "backend": {"version": "test", "windows": {"name": "sd-test-bin-win-vulkan-x64.zip",
                                                   "urls": [f"{base}/sd-test-bin-win-vulkan-x64.zip"],
                                                   "bytes": None, "sha256": None, "licence": "MIT"}},
    }
    path.write_text(json.dumps(catalog), encoding="utf-8")
    return load_catalog(path)


def served(files: dict[str, tuple[str, bytes, bool]]) -> dict[str, bytes]:
    return {f"/{name}": data for name, data, _ in files.values()}
