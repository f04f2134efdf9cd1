"""Where the app keeps its secrets (other computers' tokens, the network key): the OS keyring, through `keyring`
(Windows Credential Manager, the macOS Keychain, the Secret Service of GNOME Keyring or KWallet on Linux), all
under one service name. Only where the computer has no keyring (keyring's `fail` backend: a Linux without a Secret
Service) a file in the user's data folder that only the user can read keeps them, and the app says so once.

`Settings` alone keeps and reads secrets through it, the settings file holding a reference to each
(app/core/kept_secrets.py); the self-test's report names where they go."""

from __future__ import annotations

import json
import logging
from datetime import datetime

from app.core.json_files import set_aside, write_json
from app.core.kept_secrets import SERVICE
from app.core.words import translate
from app.services.user_dirs import current_user_dirs

log = logging.getLogger(__name__)


class KeyringRefused(Exception):
    """The keyring refused a secret (locked, or its owner said no)."""


class SecretStore:
    """The OS keyring, or the file where there is none. `put` raises KeyringRefused when a keyring refuses a secret:
    the caller keeps the secret where it was.

    keyring is imported by each call, not with this module: its import (its backends' packages) takes about 2 s
    under Wine (measured: `python -c "import keyring"` 4.9 s against 2.9 s for Python alone), which every start
    of the app and the CLI would pay, though most never keep or read a secret.

    What it put or read is remembered for its own lifetime: the computers are saved at each change (a card ticked),
    and a locked keyring (GNOME's asks for its password) is asked again only for a secret that changed."""

    def __init__(self) -> None:
        self._known: dict[str, str] = {}

    @staticmethod
    def where_kept() -> str:
        """Where this computer's secrets go, for the self-test's report: the keyring's backend as keyring names it
        (the bundle must carry the one of its system), or the file that stands in for one."""
        import keyring
        from keyring.backends import fail

        found = keyring.get_keyring()
        return f"{current_user_dirs().secrets} (no keyring)" if isinstance(found, fail.Keyring) else found.name

    def get(self, name: str) -> str | None:
        """The secret kept under `name`; None when there is none, or the keyring cannot be read (a log line)."""
        if name in self._known:
            return self._known[name]
        import keyring
        from keyring.errors import KeyringError, NoKeyringError

        try:
            found = keyring.get_password(SERVICE, name)
        except NoKeyringError:
            found = self._file_secrets().get(name)
        except KeyringError as error:
            log.warning("the keyring could not give %s back: %s", name, error)
            return None
        if found is not None:
            self._known[name] = found
        return found

    def put(self, name: str, secret: str) -> str | None:
        """Keep `secret` under `name`. Where it went into the file that stands in for a keyring, and the file was
        made now, what to tell the user (else None)."""
        if self._known.get(name) == secret:
            return None  # kept already
        import keyring
        from keyring.errors import KeyringError, NoKeyringError

        try:
            keyring.set_password(SERVICE, name, secret)
        except NoKeyringError:
            notice = self._put_in_file(name, secret)
        except KeyringError as error:
            raise KeyringRefused(str(error)) from error
        else:
            notice = None
        self._known[name] = secret
        return notice

    def forget(self, name: str) -> None:
        """Remove the secret kept under `name`, if any."""
        self._known.pop(name, None)
        import keyring
        from keyring.errors import KeyringError, NoKeyringError, PasswordDeleteError

        try:
            keyring.delete_password(SERVICE, name)
        except PasswordDeleteError:
            pass  # not there: nothing to remove
        except NoKeyringError:
            secrets = self._file_secrets()
            if secrets.pop(name, None) is not None:
                self._write_file(secrets)
        except KeyringError as error:
            log.warning("the keyring could not remove %s: %s", name, error)

    @staticmethod
    def _file_secrets() -> dict[str, str]:
        """The file's secrets; a damaged file is set aside (never deleted) with a log line, and reads as none."""
        file = current_user_dirs().secrets
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except OSError as error:
            log.warning("%s cannot be read: %s", file, error)
            return {}
        except ValueError:
            document = None
        if not isinstance(document, dict):
            log.warning("%s is damaged (it holds no secrets by name): set aside as %s", file,
                        set_aside(file, datetime.now()).name)
            return {}
        return {str(name): str(secret) for name, secret in document.items()}

    def _put_in_file(self, name: str, secret: str) -> str | None:
        file = current_user_dirs().secrets
        made = not file.exists()
        self._write_file({**self._file_secrets(), name: secret})
        if not made:
            return None
        return translate("Secrets", "This computer has no keyring (such as GNOME Keyring or KWallet), so the "
                                    "tokens and keys for other computers are kept in {file}, which only you can "
                                    "read.").format(file=file)

    @staticmethod
    def _write_file(secrets: dict[str, str]) -> None:
        write_json(current_user_dirs().secrets, secrets, private=True)
