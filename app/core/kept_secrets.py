"""Which settings hold secrets (other computers' tokens, the network key) and how the settings file names one
without holding it: pure. `app/services/secret_store.py` keeps the secrets themselves in the OS keyring.

A setting that holds secrets declares its `SecretSlots`: each secret in its value, by the name the keyring keeps
it under. The settings file keeps `reference(name)` in a secret's place; a file from before (the secret itself
in plain text) still reads, and its secrets move to the keyring at the next start."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

# every secret is kept under this service name (Windows Credential Manager lists it as the entry's address)
SERVICE = "Polaris Studio"
_REFERENCE = "kept by the OS keyring: "

T = TypeVar("T")
# a secret's name, and the secret (None: there is none, such as a computer that asks for no token)
Slots = Mapping[str, str | None]


def reference(name: str) -> str:
    """What the settings file keeps in a secret's place."""
    return _REFERENCE + name


def referenced(text: str | None) -> str | None:
    """The name a reference points to; None for a secret in plain text (or none)."""
    return text[len(_REFERENCE):] if text and text.startswith(_REFERENCE) else None


@dataclass(frozen=True)
class SecretSlots(Generic[T]):
    """Where a setting's value holds its secrets: `slots` reads each, by name; `filled` gives the value with
    each slot's text replaced (by a reference when written, by the secret when read)."""

    slots: Callable[[T], Slots]
    filled: Callable[[T, Slots], T]

    def plain(self, value: T) -> dict[str, str]:
        """The secrets a value holds in plain text, by name (what a file written before the keyring holds)."""
        return {name: text for name, text in self.slots(value).items() if text and referenced(text) is None}

    def references(self, value: T) -> set[str]:
        """The names of the secrets that a value read from the settings file refers to."""
        return {name for text in self.slots(value).values() if (name := referenced(text)) is not None}

    def referring(self, value: T, kept: set[str]) -> T:
        """The value as the settings file keeps it: a reference in each secret's place, and in the place of each
        secret named in `kept` that the value lacks (the keyring could not give it back this time: it may later)."""
        return self.filled(value, {name: reference(name) if text or name in kept else None
                                   for name, text in self.slots(value).items()})

    def looked_up(self, value: T, secret: Callable[[str], str | None]) -> T:
        """The value read from the settings file with each reference replaced by `secret(name)` (None when the
        keyring has lost it); a secret in plain text, from an older file, is kept as it is."""
        return self.filled(value, {name: secret(found) if (found := referenced(text)) is not None else text
                                   for name, text in self.slots(value).items()})
