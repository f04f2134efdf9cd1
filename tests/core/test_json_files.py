"""The app's JSON files on the real filesystem: replaced whole over an existing file (Windows' rename refuses an
existing target unless asked to replace it), nothing left beside, a damaged file renamed aside, a private one the
user's alone."""

from __future__ import annotations

import json
import stat
import sys
from datetime import datetime
from pathlib import Path

import pytest

from app.core.json_files import set_aside, write_json

pytestmark = pytest.mark.windows


def test_a_file_is_written_whole_over_the_old_one_and_nothing_is_left_beside(tmp_path: Path) -> None:
    path = tmp_path / "queue" / "jobs.json"
    write_json(path, {"jobs": [1]})
    write_json(path, {"jobs": [1, 2], "name": "Ação ночь"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"jobs": [1, 2], "name": "Ação ночь"}
    assert [p.name for p in path.parent.iterdir()] == ["jobs.json"]


def test_a_damaged_file_is_renamed_aside_with_its_time(tmp_path: Path) -> None:
    path = tmp_path / "styles.json"
    path.write_text("{not json", encoding="utf-8")
    aside = set_aside(path, datetime(2026, 11, 27, 12, 30, 5))
    assert aside == tmp_path / "styles.damaged-20261127-123005.json"
    assert aside.read_text(encoding="utf-8") == "{not json"
    assert not path.exists()


def test_a_private_file_is_the_users_alone_even_over_a_file_left_by_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "data" / "secrets.json"
    path.parent.mkdir()
    path.with_name("secrets.json.writing").write_text("left by a crash", encoding="utf-8")  # the umask's 0644
    write_json(path, {"network key": "k3y"}, private=True)
    assert json.loads(path.read_text(encoding="utf-8")) == {"network key": "k3y"}
    assert [p.name for p in path.parent.iterdir()] == ["secrets.json"]
    if sys.platform != "win32":  # Windows: a file in the user's profile has its owner's permissions
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
