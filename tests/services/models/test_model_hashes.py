from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from app.services.models.model_hashes import ModelHashes


def test_hashes_are_computed_once_per_file_version_and_kept(tmp_path: Path) -> None:
    model, cache = tmp_path / "model.gguf", tmp_path / "cache" / "hashes.json"
    model.write_bytes(b"first")
    hashes = ModelHashes(cache)
    hashes.start(model)
    assert hashes.result(model) == hashlib.sha256(b"first").hexdigest()[:10]
    assert list(json.loads(cache.read_text(encoding="utf-8")).values()) == [hashlib.sha256(b"first").hexdigest()[:10]]
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


def test_a_hash_not_ready_in_time_is_skipped_then_kept_when_done(tmp_path: Path, monkeypatch) -> None:
    import threading

    from app.services.models import model_hashes

    release = threading.Event()
    real = model_hashes.model_hash

    def slow(path: Path) -> str:
        release.wait(10)
        return real(path)

    monkeypatch.setattr(model_hashes, "model_hash", slow)
    model = tmp_path / "model.gguf"
    model.write_bytes(b"slow disk")
    hashes = ModelHashes(tmp_path / "h.json")
    hashes.start(model)
    assert hashes.result(model, wait_s=0.05) is None  # the caller does not freeze
    release.set()
    assert hashes.result(model) == hashlib.sha256(b"slow disk").hexdigest()[:10]
