"""Secrets kept by the OS, never in the settings file: other computers' tokens and the network key go to the OS
keyring (under Windows Python, Wine's Credential Manager through keyring's real Windows backend); where there is
no keyring (Linux without a Secret Service: keyring's own `fail` backend, see conftest) to a file that only the user
can read, said once; a settings file from before moves its secrets there at the next start and loses none."""

from __future__ import annotations

import json
import logging
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.errors import KeyringLocked
from PySide6.QtCore import QSettings

from app.core.kept_secrets import SERVICE
from app.core.queue.nodes import RemoteComputer
from app.core.settings_schema import OTHER_APPS_KEY, REMOTE_COMPUTERS, SCHEMA_VERSION, VERSION_KEY
from app.services.secret_store import SecretStore
from app.services.settings import Settings
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs

no_keyring = pytest.mark.skipif(sys.platform == "win32", reason="Windows always has its Credential Manager")
ATTIC = RemoteComputer("http://192.168.0.12:7860", "attic PC", "ana:pass word")
OFFICE = RemoteComputer("http://192.168.0.20:7860", "office", "office-token")


def settings_file(tmp_path: Path, name: str = "settings.ini") -> Path:
    return tmp_path / name


def old_settings_file(tmp_path: Path) -> Path:
    """A settings file as the app wrote it before the keyring: the tokens and the key in plain text."""
    file = tmp_path / "old.ini"
    old = QSettings(str(file), QSettings.Format.IniFormat)
    old.setValue(VERSION_KEY, SCHEMA_VERSION)
    old.setValue("queue/computers", json.dumps([{"address": c.address, "name": c.name, "token": c.token}
                                                for c in (ATTIC, OFFICE)]))
    old.setValue("other_apps/key", "n3twork-key")
    old.sync()
    return file


@no_keyring
def test_without_a_keyring_the_secrets_go_to_a_file_only_the_user_reads_said_once(tmp_path: Path) -> None:
    file = settings_file(tmp_path)
    notice = Settings(file).set(REMOTE_COMPUTERS, [ATTIC])
    secrets = current_user_dirs().secrets
    assert notice == ("This computer has no keyring (such as GNOME Keyring or KWallet), so the tokens and keys for "
                      f"other computers are kept in {secrets}, which only you can read.")
    assert stat.S_IMODE(secrets.stat().st_mode) == 0o600
    assert Settings(file).set(OTHER_APPS_KEY, "n3twork-key") is None  # said once
    text = file.read_text(encoding="utf-8")
    assert "pass word" not in text and "n3twork-key" not in text
    assert "kept by the OS keyring: token for attic PC" in text  # the settings keep a reference
    assert json.loads(secrets.read_text(encoding="utf-8")) == {"token for attic PC": "ana:pass word",
                                                               "network key": "n3twork-key"}
    reread = Settings(file)
    assert (reread.get(REMOTE_COMPUTERS), reread.get(OTHER_APPS_KEY)) == ([ATTIC], "n3twork-key")
    reread.set(REMOTE_COMPUTERS, [])  # the computer removed: its token goes too
    assert json.loads(secrets.read_text(encoding="utf-8")) == {"network key": "n3twork-key"}
    assert stat.S_IMODE(secrets.stat().st_mode) == 0o600


@no_keyring
def test_an_old_settings_file_gives_its_secrets_to_the_keyring_at_start_and_keeps_none(tmp_path: Path) -> None:
    file = old_settings_file(tmp_path)
    settings = Settings(file)
    assert (settings.get(REMOTE_COMPUTERS), settings.get(OTHER_APPS_KEY)) == ([ATTIC, OFFICE], "n3twork-key")
    notices = settings.move_plain_secrets()
    assert len(notices) == 1 and str(current_user_dirs().secrets) in notices[0]
    text = file.read_text(encoding="utf-8")
    assert not any(secret in text for secret in ("pass word", "office-token", "n3twork-key"))
    assert (settings.get(REMOTE_COMPUTERS), settings.get(OTHER_APPS_KEY)) == ([ATTIC, OFFICE], "n3twork-key")
    assert settings.move_plain_secrets() == []  # nothing left to move
    assert file.read_text(encoding="utf-8") == text


class RefusingKeyring(KeyringBackend):
    """A keyring that is there but says no to every secret, as a locked one does (what a real keyring cannot be
    made to do on demand)."""

    # keyring lists every backend class it knows: at 0 its own search never picks this one (the fixture sets it)
    priority = 0  # type: ignore[assignment]

    def get_password(self, service: str, username: str) -> str | None:
        return None

    def set_password(self, service: str, username: str, password: str) -> None:
        raise KeyringLocked("the keyring is locked")

    def delete_password(self, service: str, username: str) -> None:
        raise KeyringLocked("the keyring is locked")


class CountingKeyring(KeyringBackend):
    """A keyring in memory that counts what it is given, as a locked GNOME Keyring would ask for its password each
    time (a real keyring cannot count its asks)."""

    priority = 0  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.kept: dict[str, str] = {}
        self.given: list[str] = []

    def get_password(self, service: str, username: str) -> str | None:
        return self.kept.get(username)

    def set_password(self, service: str, username: str, password: str) -> None:
        self.given.append(username)
        self.kept[username] = password

    def delete_password(self, service: str, username: str) -> None:
        self.kept.pop(username, None)


@pytest.fixture
def counting_keyring() -> Iterator[CountingKeyring]:
    before = keyring.get_keyring()
    counting = CountingKeyring()
    keyring.set_keyring(counting)
    yield counting
    keyring.set_keyring(before)


def test_the_keyring_is_given_only_a_secret_that_changed(out_dir: Path, tmp_path: Path,
                                                         counting_keyring: CountingKeyring) -> None:
    studio = Studio(out_dir, settings=Settings(settings_file(tmp_path)), remember_computers=True)
    studio.queue.add_node(ATTIC.address, ATTIC.name, ATTIC.token)
    studio.queue.set_card_enabled(ATTIC.name, False)  # each change saves the computers
    studio.queue.set_card_enabled(ATTIC.name, True)
    studio.queue.add_node(OFFICE.address, OFFICE.name, OFFICE.token)
    assert counting_keyring.given == ["token for attic PC", "token for office"]
    studio.queue.remove_node(OFFICE.name)
    studio.queue.add_node(OFFICE.address, OFFICE.name, OFFICE.token)  # forgotten, then given again
    assert counting_keyring.given == ["token for attic PC", "token for office", "token for office"]
    assert counting_keyring.kept == {"token for attic PC": ATTIC.token, "token for office": OFFICE.token}


@pytest.fixture
def refusing_keyring() -> Iterator[None]:
    before = keyring.get_keyring()
    keyring.set_keyring(RefusingKeyring())
    yield
    keyring.set_keyring(before)


def test_a_keyring_that_refuses_loses_nothing(tmp_path: Path, refusing_keyring: None,
                                              caplog: pytest.LogCaptureFixture) -> None:
    file = old_settings_file(tmp_path)
    before = file.read_text(encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="app.services.settings"):
        assert Settings(file).move_plain_secrets() == []
    assert "the keyring refused the secrets of queue/computers (the keyring is locked)" in caplog.text
    assert file.read_text(encoding="utf-8") == before  # the plain secrets stay, for the next start
    assert Settings(file).get(REMOTE_COMPUTERS) == [ATTIC, OFFICE]
    assert not current_user_dirs().secrets.exists()


@no_keyring
def test_a_damaged_secrets_file_is_set_aside_not_deleted(caplog: pytest.LogCaptureFixture) -> None:
    secrets = current_user_dirs().secrets
    secrets.parent.mkdir(parents=True, exist_ok=True)
    secrets.write_text("{not json", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="app.services.secret_store"):
        assert SecretStore().get("network key") is None
    assert "is damaged" in caplog.text
    assert [aside.read_text(encoding="utf-8") for aside in secrets.parent.glob("secrets.damaged-*.json")] == [
        "{not json"]


@pytest.mark.windows
def test_a_computers_token_comes_back_after_a_restart_and_is_not_in_the_settings_file(out_dir: Path,
                                                                                       tmp_path: Path) -> None:
    file = settings_file(tmp_path)
    studio = Studio(out_dir, settings=Settings(file), remember_computers=True)
    studio.queue.add_node(ATTIC.address, ATTIC.name, ATTIC.token)
    assert "pass word" not in file.read_text(encoding="utf-8")
    if sys.platform == "win32":  # Windows Credential Manager has it, through keyring's own Windows backend
        assert type(keyring.get_keyring()).__name__ == "WinVaultKeyring"
        assert keyring.get_password(SERVICE, "token for attic PC") == "ana:pass word"
    restarted = Studio(out_dir, settings=Settings(file), remember_computers=True)
    assert restarted.queue.computers == [ATTIC]
    restarted.queue.remove_node(ATTIC.name)  # and removed, its token goes from the keyring too
    assert SecretStore().get("token for attic PC") is None
