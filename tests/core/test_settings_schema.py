"""The declared settings, their types and the steps that bring an older settings file up to this schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.platform_paths import UserDirs
from app.core.settings_schema import (
    FLAG,
    FOLDER,
    LAYOUT_OR_NONE,
    MIGRATIONS,
    OUTPUT_FOLDER,
    PROGRAM_OR_NONE,
    SCHEMA_VERSION,
    SETTINGS,
    TWO_LAYOUTS_OR_NONE,
    VERSION_KEY,
    Kind,
    file_version,
    migrated,
)


def test_each_setting_is_declared_once_with_words_for_the_user() -> None:
    keys = [setting.key for setting in SETTINGS]
    assert len(keys) == len(set(keys)) and VERSION_KEY not in keys
    assert all(setting.meaning for setting in SETTINGS)
    assert len(MIGRATIONS) == SCHEMA_VERSION  # one step from each older version


def test_the_output_folder_is_the_pictures_folder_until_one_is_chosen(tmp_path: Path) -> None:
    assert OUTPUT_FOLDER.default(UserDirs.under(tmp_path)) == tmp_path / "images"


@pytest.mark.parametrize(("kind", "raw"), [
    (FOLDER, ""), (FOLDER, ["C:/a", "b"]), (FOLDER, True),
    (PROGRAM_OR_NONE, 3),
    (FLAG, "banana"), (FLAG, "1"), (FLAG, ""),
    (LAYOUT_OR_NONE, "not a saved layout"), (LAYOUT_OR_NONE, [b"a"]),
    (TWO_LAYOUTS_OR_NONE, b"one"), (TWO_LAYOUTS_OR_NONE, [b"a", b"b", b"c"]), (TWO_LAYOUTS_OR_NONE, ["a", "b"]),
])
def test_a_stored_value_of_another_type_is_refused(kind: Kind[object], raw: object) -> None:
    with pytest.raises(ValueError):
        kind.read(raw)


@pytest.mark.parametrize(("kind", "raw", "value"), [
    (FLAG, "true", True), (FLAG, "False", False), (FLAG, True, True),
    (PROGRAM_OR_NONE, "", None), (LAYOUT_OR_NONE, "", None), (TWO_LAYOUTS_OR_NONE, "", None),
    (TWO_LAYOUTS_OR_NONE, [b"a", b""], (b"a", b"")),
])
def test_what_a_settings_file_holds_reads_as_its_type(kind: Kind[object], raw: object, value: object) -> None:
    assert kind.read(raw) == value


@pytest.mark.parametrize(("raw", "version"), [(None, 0), ("", 0), ("1", 1), (1, 1), ("7", 7), ("x", 0), (True, 0)])
def test_the_version_a_file_was_written_with(raw: object, version: int) -> None:
    assert file_version(raw) == version


def test_a_file_from_before_the_schema_keeps_its_values_and_a_newer_ones_unknown_keys() -> None:
    old = {"output/folder": "/home/ana/Bilder", "window/advanced_open": "true", "backend/own_program": ""}
    assert migrated(0, old) == old
    newer = {**old, "gallery/columns": "4"}
    assert migrated(SCHEMA_VERSION + 1, newer) == newer
