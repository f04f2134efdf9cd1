"""The prompt helper's text model as a download of its own: the catalog's Qwen3-4B file, the one the Z-Image and
klein presets fetch as their text encoder (one file, two uses)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

from app.core.models.catalog import load_catalog
from app.core.prompt_helper.model import PROMPT_MODEL_NAME, prompt_model_download
from tests.helpers.local_catalog import preset_files, write_catalog


def test_the_catalog_s_qwen3_4b_is_offered_alone() -> None:
    catalog = load_catalog()
    preset = prompt_model_download(catalog)
    assert preset is not None
    [file] = preset.files
    assert file.name == PROMPT_MODEL_NAME and preset.name == "Qwen3-4B"
    # the very entry the presets list: the same bytes, from hosts a download may reach
    shared = [p.id for p in catalog.presets.values() if file in p.files]
    assert any(id_.startswith("z-image") for id_ in shared) and any("klein" in id_ for id_ in shared)
    assert all(urlparse(url).hostname in catalog.hosts for url in file.urls)
    assert preset.total_bytes == file.bytes


def test_a_catalog_without_it_offers_none(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path / "catalog.json", "http://127.0.0.1:1", preset_files(10))
    assert prompt_model_download(catalog) is None
