"""The settings service over real QSettings INI files in the test's own folder."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings

from app.core.platform_paths import APP_DIR_NAME, ORGANIZATION_NAME
from app.core.queue.nodes import RemoteComputer
from app.core.settings_schema import (
    ADVANCED_OPEN,
    DETAILS_OPEN,
    FIRST_START_DONE,
    FIRST_START_GUIDED,
    LANGUAGE,
    OTHER_APPS_ALLOWED,
    OTHER_APPS_KEY,
    OTHER_APPS_NETWORK,
    OTHER_APPS_PORT,
    OTHER_APPS_STARTING,
    OUTPUT_FOLDER,
    OWN_BACKEND,
    PROMPT_HELPER_ON_CARD,
    REMOTE_COMPUTERS,
    SCHEMA_VERSION,
    SETTINGS,
    VERSION_KEY,
    WINDOW_GEOMETRY,
    WINDOW_SPLITTERS,
)
from app.services.settings import Settings
from app.services.user_dirs import current_user_dirs

pytestmark = pytest.mark.windows


def written_to_disk(tmp_path: Path) -> Settings:
    """The app's settings file read afresh from disk (Qt serves a file it has open from memory)."""
    file = Path(QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, ORGANIZATION_NAME, APP_DIR_NAME)
                .fileName())
    return Settings(Path(shutil.copy(file, tmp_path / "copy.ini")))


def test_every_setting_round_trips_through_the_settings_file(tmp_path: Path) -> None:
    chosen = {
        OUTPUT_FOLDER: tmp_path / "Bilder José" / "out, put",  # a comma: Qt's INI files make it a list otherwise
        OWN_BACKEND: tmp_path / "my own" / "sd-cli",
        WINDOW_GEOMETRY: bytes(range(256)),
        WINDOW_SPLITTERS: (b"\x00\xff left", b"right\n"),
        ADVANCED_OPEN: True,
        DETAILS_OPEN: True,
        FIRST_START_DONE: True,
        FIRST_START_GUIDED: True,
        LANGUAGE: "pt_BR",
        REMOTE_COMPUTERS: [RemoteComputer("http://192.168.0.12:7860", "attic, PC", "ana:pass word")],
        OTHER_APPS_ALLOWED: True,
        OTHER_APPS_PORT: 7861,
        OTHER_APPS_STARTING: True,
        OTHER_APPS_NETWORK: True,
        OTHER_APPS_KEY: "k3y-with, a comma",
        PROMPT_HELPER_ON_CARD: True,
    }
    assert set(chosen) == set(SETTINGS)
    assert {setting: Settings().get(setting) for setting in SETTINGS} == {
        OUTPUT_FOLDER: current_user_dirs().images, OWN_BACKEND: None, WINDOW_GEOMETRY: None,
        WINDOW_SPLITTERS: None, ADVANCED_OPEN: False, DETAILS_OPEN: False, FIRST_START_DONE: False,
        FIRST_START_GUIDED: False, LANGUAGE: "", REMOTE_COMPUTERS: [], OTHER_APPS_ALLOWED: False,
        OTHER_APPS_PORT: 7860, OTHER_APPS_STARTING: False, OTHER_APPS_NETWORK: False, OTHER_APPS_KEY: "",
        PROMPT_HELPER_ON_CARD: False}
    for setting, value in chosen.items():
        Settings().set(setting, value)
    reread = written_to_disk(tmp_path)
    assert {setting: reread.get(setting) for setting in SETTINGS} == chosen
    Settings().set(OWN_BACKEND, None)  # back to the app's own backend
    assert written_to_disk(tmp_path).get(OWN_BACKEND) is None


def test_a_value_of_the_wrong_type_reads_as_the_default_with_a_log_line(tmp_path: Path,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    file = tmp_path / "edited by hand.ini"
    file.write_text(f"[General]\n{VERSION_KEY}={SCHEMA_VERSION}\n"
                    "[output]\nfolder=\n"  # no folder
                    "[window]\nadvanced_open=banana\ndetails_open=true\ngeometry=not a layout\n"
                    "splitters=@ByteArray(only one)\n"
                    "[backend]\nown_program=a, b\n"  # a list, to Qt
                    "[system_check]\nfirst_start_done=1\n", encoding="utf-8")
    settings = Settings(file)
    with caplog.at_level(logging.WARNING, logger="app.services.settings"):
        assert settings.get(OUTPUT_FOLDER) == current_user_dirs().images
        assert settings.get(ADVANCED_OPEN) is False
        assert settings.get(DETAILS_OPEN) is True  # the good ones are read as they are
        assert settings.get(WINDOW_GEOMETRY) is None
        assert settings.get(WINDOW_SPLITTERS) is None
        assert settings.get(OWN_BACKEND) is None
        assert settings.get(FIRST_START_DONE) is False
    assert len(caplog.records) == 6
    assert "window/advanced_open" in caplog.records[1].getMessage()
    assert "'banana' is neither true nor false" in caplog.records[1].getMessage()


def test_an_unversioned_settings_file_keeps_every_choice_and_gets_the_version_with_the_first_change(
        tmp_path: Path) -> None:
    file = tmp_path / "Polaris Studio.ini"
    # as the app wrote its settings before the schema: the same keys, each written with QSettings' own types
    old = QSettings(str(file), QSettings.Format.IniFormat)
    old.setValue("output/folder", str(tmp_path / "Bilder"))
    old.setValue("backend/own_program", str(tmp_path / "sd-cli"))
    old.setValue("window/geometry", QByteArray(b"\x01\xd9\xd0\xcb geometry"))
    old.setValue("window/splitters", [QByteArray(b"main"), QByteArray(b"picture")])
    old.setValue("window/advanced_open", True)
    old.setValue("system_check/first_start_done", True)
    old.sync()
    del old
    before = file.read_text(encoding="utf-8")
    settings = Settings(file)
    kept = {OUTPUT_FOLDER: tmp_path / "Bilder", OWN_BACKEND: tmp_path / "sd-cli",
            WINDOW_GEOMETRY: b"\x01\xd9\xd0\xcb geometry",
            WINDOW_SPLITTERS: None,  # but the split: that window had the picture under the prompt
            ADVANCED_OPEN: True, DETAILS_OPEN: False, FIRST_START_DONE: True}
    assert {setting: settings.get(setting) for setting in kept} == kept
    assert file.read_text(encoding="utf-8") == before  # reading writes nothing
    settings.set(DETAILS_OPEN, True)
    del settings
    reread = Settings(Path(shutil.copy(file, tmp_path / "after.ini")))
    assert {setting: reread.get(setting) for setting in kept} == {**kept, DETAILS_OPEN: True}
    assert QSettings(str(tmp_path / "after.ini"), QSettings.Format.IniFormat).value(VERSION_KEY) == str(
        SCHEMA_VERSION)


def test_a_settings_file_from_a_newer_version_is_read_and_never_wiped(tmp_path: Path) -> None:
    file = tmp_path / "newer.ini"
    file.write_text(f"[General]\n{VERSION_KEY}={SCHEMA_VERSION + 1}\n"
                    f"[gallery]\ncolumns=4\n[output]\nfolder={(tmp_path / 'Bilder').as_posix()}\n", encoding="utf-8")
    settings = Settings(file)
    assert settings.get(OUTPUT_FOLDER) == tmp_path / "Bilder"
    settings.set(ADVANCED_OPEN, True)
    del settings
    after = QSettings(str(file), QSettings.Format.IniFormat)
    assert (after.value(VERSION_KEY), after.value("gallery/columns")) == (str(SCHEMA_VERSION + 1), "4")
    assert after.value("output/folder") == (tmp_path / "Bilder").as_posix()
    assert after.value("window/advanced_open") in (True, "true")
