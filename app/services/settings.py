"""The app's settings in Qt's settings file: only the settings declared in `app/core/settings_schema.py`, each
read as its type. The window, the Models window and the command line all go through `Settings`. A setting's
secrets (other computers' tokens, the network key) go to the OS keyring (`SecretStore`), the file keeping a
reference to each."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QByteArray, QSettings

from app.core.kept_secrets import SecretSlots
from app.core.platform_paths import APP_DIR_NAME, ORGANIZATION_NAME
from app.core.settings_schema import (
    SCHEMA_VERSION,
    SETTINGS,
    VERSION_KEY,
    Setting,
    Stored,
    file_version,
    migrated,
)
from app.services.secret_store import KeyringRefused, SecretStore
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
        self._secrets = SecretStore()

    def _store(self) -> QSettings:
        if self._file is not None:
            return QSettings(str(self._file), QSettings.Format.IniFormat)
        # named here rather than taken from the running QCoreApplication: the window, the command line and the
        # tests all find the same file
        return QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, ORGANIZATION_NAME, APP_DIR_NAME)

    def get(self, setting: Setting[T]) -> T:
        value = self._read(self._store(), setting)
        return setting.secrets.looked_up(value, self._secrets.get) if setting.secrets else value

    def set(self, setting: Setting[T], value: T) -> str | None:
        """Keep `value`; for a setting with secrets, what to tell the user when the file that stands in for a
        keyring was made now (else None)."""
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
        notice = None
        if setting.secrets is not None:
            value, notice = self._keep_secrets(store, setting, setting.secrets, value)
        stored: Stored = setting.kind.write(value)
        store.setValue(setting.key, _qt(stored))
        return notice

    def move_plain_secrets(self) -> list[str]:
        """Give the keyring each secret that a settings file from before it holds in plain text, the file keeping
        a reference instead (at start); what to tell the user. One the keyring refuses stays, for the next start."""
        store = self._store()
        notices = []
        for setting in SETTINGS:
            if setting.secrets is not None and setting.secrets.plain(self._read(store, setting)):
                notice = self.set(setting, self.get(setting))
                if notice:
                    notices.append(notice)
        return notices

    def _keep_secrets(self, store: QSettings, setting: Setting[T], secrets: SecretSlots[T],
                      value: T) -> tuple[T, str | None]:
        """The value as the file keeps it, its secrets given to the keyring and those it no longer holds
        forgotten; what to tell the user. If the keyring refuses one, the value as it is (nothing is lost)."""
        notices = []
        try:
            for name, secret in secrets.plain(value).items():
                notices.append(self._secrets.put(name, secret))
        except KeyringRefused as error:
            log.warning("the keyring refused the secrets of %s (%s): the settings file keeps them until the next "
                        "start", setting.key, error)
            return value, None
        kept = secrets.references(self._read(store, setting))
        for name in kept - secrets.slots(value).keys():
            self._secrets.forget(name)
        return secrets.referring(value, kept), next((notice for notice in notices if notice), None)

    def _read(self, store: QSettings, setting: Setting[T]) -> T:
        """The value as the file keeps it (references in its secrets' places)."""
        values = self._values(store)
        if setting.key in values:
            try:
                return setting.kind.read(values[setting.key])
            except ValueError as problem:
                log.warning("setting %s in %s: %s; using its default", setting.key, store.fileName(), problem)
        return setting.default(current_user_dirs())

    @staticmethod
    def _stored(store: QSettings) -> dict[str, object]:
        """The file's values under its own version's keys."""
        return {key: _plain(store.value(key)) for key in store.allKeys() if key != VERSION_KEY}

    @classmethod
    def _values(cls, store: QSettings) -> dict[str, object]:
        """The file's values under this schema's keys."""
        return migrated(file_version(store.value(VERSION_KEY)), cls._stored(store))
