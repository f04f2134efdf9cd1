from __future__ import annotations

import hashlib
from pathlib import Path

from app.core.demo_model import write_tiny_models


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_test_model_is_deterministic_from_its_seed(tmp_path: Path, tiny_model) -> None:
    again = write_tiny_models(tmp_path / "again", seed=0)
    assert [digest(p) for p in again] == [digest(p) for p in tiny_model]
    other, _ = write_tiny_models(tmp_path / "other", seed=1)
    assert digest(other) != digest(tiny_model[0])
    assert not list(tmp_path.rglob("*.partial"))
