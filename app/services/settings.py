"""The app's settings in Qt's settings file: only the settings declared in `app/core/settings_schema.py`, each
read as its type. The window, the Models window and the command line all go through `Settings`."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QByteArray, QSettings

from app.core.platform_paths import APP_DIR_NAME, ORGANIZATION_NAME
from app.core.settings_schema import SCHEMA_VERSION, VERSION_KEY, Setting, Stored, file_version, migrated
from app.services.user_dirs import current_user_dirs

T = TypeVar("T")
log = logging.getLogger(__name__)


def _plain(raw: object) -> object:
    """A value as Qt read it, with Qt's bytes as Python's."""
    if isinstance(raw, QByteArray):
        return raw.data()
    if isinstance(raw, list):
        return [_plain(part) for part in raw]
    return raw


def _qt(value: object) -> object:
    if isinstance(value, bytes):
        return QByteArray(value)
    if isinstance(value, list):
        return [_qt(part) for part in value]
    return value


class Settings:
    """The declared settings, read and written in the app's settings file (an INI file in the folder that
    `keep_settings_in` names: `--basedir` and the tests; else the platform's place). A stored value that is not
    of its setting's type (edited by hand, left by another version) reads as the default, with a log line."""

    def __init__(self, file: Path | None = None) -> None:
        self._file = file  # an INI file of its own; None: the app's

    def _store(self) -> QSettings:
        if self._file is not None:
            return QSettings(str(self._file), QSettings.Format.IniFormat)
        # named here rather than taken from the running QCoreApplication: the window, the command line and the
        # tests all find the same file
        return QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, ORGANIZATION_NAME, APP_DIR_NAME)

    def get(self, setting: Setting[T]) -> T:
        store = self._store()
        values = self._values(store)
        if setting.key in values:
            try:
                return setting.kind.read(values[setting.key])
            except ValueError as problem:
                log.warning("setting %s in %s: %s; using its default", setting.key, store.fileName(), problem)
        return setting.default(current_user_dirs())

    def set(self, setting: Setting[T], value: T) -> None:
        store = self._store()
        version = file_version(store.value(VERSION_KEY))
        if version < SCHEMA_VERSION:
            # the first change in a file from an older version brings it up to this one; a newer version's file
            # keeps its version and every key this version does not know
            before = self._stored(store)
            after = migrated(version, before)
            for key in before.keys() - after.keys():
                store.remove(key)
            for key, raw in after.items():
                if before.get(key) != raw:
                    store.setValue(key, _qt(raw))
            store.setValue(VERSION_KEY, SCHEMA_VERSION)
        stored: Stored = setting.kind.write(value)
        store.setValue(setting.key, _qt(stored))

    @staticmethod
    def _stored(store: QSettings) -> dict[str, object]:
        """The file's values under its own version's keys."""
        return {key: _plain(store.value(key)) for key in store.allKeys() if key != VERSION_KEY}

    @classmethod
    def _values(cls, store: QSettings) -> dict[str, object]:
        """The file's values under this schema's keys."""
        return migrated(file_version(store.value(VERSION_KEY)), cls._stored(store))
