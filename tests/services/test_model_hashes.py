from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from app.services.model_hashes import ModelHashes


def test_hashes_are_computed_once_per_file_version_and_kept(tmp_path: Path) -> None:
    model, cache = tmp_path / "model.gguf", tmp_path / "cache" / "hashes.json"
    model.write_bytes(b"first")
    hashes = ModelHashes(cache)
    hashes.start(model)
    assert hashes.result(model) == hashlib.sha256(b"first").hexdigest()[:10]
    assert list(json.loads(cache.read_text()).values()) == [hashlib.sha256(b"first").hexdigest()[:10]]
    # a new instance reads the cache: a file the same size and age is not read again
    before = model.stat()
    model.write_bytes(b"FIRST")
    os.utime(model, ns=(before.st_atime_ns, before.st_mtime_ns))
    again = ModelHashes(cache)
    assert again.result(model) == hashlib.sha256(b"first").hexdigest()[:10]
    # a changed file (new size or time) is hashed again
    model.write_bytes(b"second!")
    assert again.result(model) == hashlib.sha256(b"second!").hexdigest()[:10]


def test_an_unreadable_model_gives_no_hash(tmp_path: Path) -> None:
    assert ModelHashes(tmp_path / "h.json").result(tmp_path / "missing.gguf") is None
