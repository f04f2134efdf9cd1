"""Every setting the app keeps between runs, declared once: its key in the settings file, its type, its default
and what it is in the user's words; the version of this schema and the steps that bring an older settings file up
to it. Pure: `app/services/settings.py` reads and writes them in Qt's settings file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from app.core.kept_secrets import SecretSlots, Slots
from app.core.platform_paths import UserDirs
from app.core.queue.nodes import DEFAULT_PORT, RemoteComputer, computers_from_json, computers_json

SCHEMA_VERSION = 2
# written with the first change, beside the settings; a file without it is from before this schema (version 0)
VERSION_KEY = "schema_version"

T = TypeVar("T")
# what a settings file holds: text, a yes or no, the bytes Qt saves a window's layout in, a list of those
Stored = str | bool | bytes | list[bytes]


@dataclass(frozen=True)
class Kind(Generic[T]):
    """A type of setting: how a stored value is read (ValueError when it is not one of these) and written."""

    read: Callable[[object], T]
    write: Callable[[T], Stored]


def _text(raw: object) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"{raw!r} is not text")
    return raw


def _folder(raw: object) -> Path:
    text = _text(raw)
    if not text:
        raise ValueError("no folder is named")
    return Path(text)


def _flag(raw: object) -> bool:
    # Qt's INI files keep a yes or no as "true" or "false"; a value not yet written back is still a bool
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    raise ValueError(f"{raw!r} is neither true nor false")


def _saved_layout(raw: object) -> bytes | None:
    if raw == "":
        return None
    if not isinstance(raw, bytes):
        raise ValueError(f"{raw!r} is not a saved layout")
    return raw


def _port(raw: object) -> int:
    # Qt's INI files keep a number as text; a value not yet written back is still an int
    number = raw if isinstance(raw, int) and not isinstance(raw, bool) else int(_text(raw))
    if not 1 <= number <= 65535:
        raise ValueError(f"{number} is not a port (1-65535)")
    return number


def _saved_layouts(raw: object) -> tuple[bytes, bytes] | None:
    if raw == "":
        return None
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(part, bytes) for part in raw)):
        raise ValueError(f"{raw!r} is not two saved layouts")
    return raw[0], raw[1]


TEXT = Kind[str](_text, lambda value: value)
FOLDER = Kind[Path](_folder, str)
# "" in the file: none chosen (what the app wrote before this schema, too)
PROGRAM_OR_NONE = Kind[Path | None](lambda raw: Path(_text(raw)) if _text(raw) else None,
                                    lambda program: str(program) if program else "")
FLAG = Kind[bool](_flag, lambda value: value)
PORT = Kind[int](_port, str)
LAYOUT_OR_NONE = Kind[bytes | None](_saved_layout, lambda layout: layout or "")
COMPUTER_LIST = Kind[list[RemoteComputer]](lambda raw: computers_from_json(_text(raw)), computers_json)
TWO_LAYOUTS_OR_NONE = Kind[tuple[bytes, bytes] | None](_saved_layouts, lambda pair: list(pair) if pair else "")


def _token_name(computer: RemoteComputer) -> str:
    return f"token for {computer.name}"  # the queue's computers have names of their own


def _with_tokens(computers: list[RemoteComputer], tokens: Slots) -> list[RemoteComputer]:
    return [replace(computer, token=tokens[_token_name(computer)]) for computer in computers]


_NETWORK_KEY_NAME = "network key"
COMPUTER_TOKENS = SecretSlots[list[RemoteComputer]](
    lambda computers: {_token_name(computer): computer.token for computer in computers}, _with_tokens)
NETWORK_KEY = SecretSlots[str](lambda key: {_NETWORK_KEY_NAME: key or None},
                               lambda _key, slots: slots[_NETWORK_KEY_NAME] or "")


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One remembered choice; `default` finds its value until the user makes the choice (some depend on the
    computer's folders)."""

    key: str
    kind: Kind[T]
    default: Callable[[UserDirs], T]
    meaning: str  # in the user's words
    secrets: SecretSlots[T] | None = None  # kept by the OS keyring, the file holding only a reference to each


OUTPUT_FOLDER = Setting("output/folder", FOLDER, lambda dirs: dirs.images,
                        "Where finished images go: the folder chosen in the window, for the window and the "
                        "command line alike (at first the user's Pictures/Polaris Studio)")
OWN_BACKEND = Setting("backend/own_program", PROGRAM_OR_NONE, lambda _: None,
                      "The sd-cli chosen with Models > Drawing engine > Use another engine (none: the app's own)")
WINDOW_GEOMETRY = Setting("window/geometry", LAYOUT_OR_NONE, lambda _: None,
                          "The window's size and place (none saved: the window's own default size)")
WINDOW_SPLITTERS = Setting("window/splitters", TWO_LAYOUTS_OR_NONE, lambda _: None,
                           "How the window is split between the controls' column and the picture, and the column "
                           "between Advanced and Details (none saved: the window's own split)")
ADVANCED_OPEN = Setting("window/advanced_open", FLAG, lambda _: False, "Whether Advanced is open")
DETAILS_OPEN = Setting("window/details_open", FLAG, lambda _: False, "Whether Details is open")
FIRST_START_DONE = Setting("system_check/first_start_done", FLAG, lambda _: False,
                           "Whether the app has started once (the first start runs the system check by itself)")
FIRST_START_GUIDED = Setting("first_start/guided", FLAG, lambda _: False,
                             "Whether the first start's guide (the check in a sentence, the model recommended for "
                             "the card, the first picture) has been shown: it is shown once")
LANGUAGE = Setting("window/language", TEXT, lambda _: "",
                   "The language the window speaks, as Qt names it (pt_BR, es, ru, en); none chosen: the "
                   "system's, or English where the app has no translation for it")
REMOTE_COMPUTERS = Setting("queue/computers", COMPUTER_LIST, lambda _: [],
                           "The other computers the window's queue sends pictures to (Add a computer…): each one's "
                           "address, name and token (a reference to the OS keyring, which keeps it), as JSON",
                           COMPUTER_TOKENS)

OTHER_APPS_ALLOWED = Setting("other_apps/allowed", FLAG, lambda _: False,
                             "Whether other apps may draw on this PC through its A1111- and OpenAI-compatible "
                             "address while the window is open (the window's switch; off at first)")
OTHER_APPS_PORT = Setting("other_apps/port", PORT, lambda _: DEFAULT_PORT,
                          "The port other apps reach this PC on (A1111's 7860 at first, which they expect; "
                          "another where A1111 itself runs beside)")
OTHER_APPS_STARTING = Setting("other_apps/starting", FLAG, lambda _: False,
                              "Set while the window starts answering other apps and cleared once it does: found set "
                              "at a start, the last start ended there, and this one opens with the switch off")
OTHER_APPS_NETWORK = Setting("other_apps/network", FLAG, lambda _: False,
                             "Whether other computers of the network may too (they send the key)")
OTHER_APPS_KEY = Setting("other_apps/key", TEXT, lambda _: "",
                         "The key other computers send, made the first time the network is let in (a reference to "
                         "the OS keyring, which keeps it)", NETWORK_KEY)
PROMPT_HELPER_ON_CARD = Setting("prompt_helper/on_card", FLAG, lambda _: False,
                                "Whether the prompt helper's text model may run on the graphics card when no picture "
                                "is being drawn and it fits (off: always on the processor)")

SETTINGS: tuple[Setting[Any], ...] = (OUTPUT_FOLDER, OWN_BACKEND, WINDOW_GEOMETRY, WINDOW_SPLITTERS,
                                         ADVANCED_OPEN, DETAILS_OPEN, FIRST_START_DONE, FIRST_START_GUIDED, LANGUAGE,
                                         REMOTE_COMPUTERS, OTHER_APPS_ALLOWED, OTHER_APPS_PORT, OTHER_APPS_STARTING,
                                         OTHER_APPS_NETWORK, OTHER_APPS_KEY,
                                         PROMPT_HELPER_ON_CARD)


def _from_unversioned(values: dict[str, object]) -> dict[str, object]:
    # the settings of before the schema had these very keys and forms: every choice is kept as it is
    return values


def _from_picture_under_the_prompt(values: dict[str, object]) -> dict[str, object]:
    # version 1's window had the picture under the prompt and Advanced beside it: its split would make the
    # controls' column as wide as the picture was, so the window starts from its own split again
    return {key: value for key, value in values.items() if key != WINDOW_SPLITTERS.key}


# MIGRATIONS[n] brings a file of version n to version n + 1
MIGRATIONS: tuple[Callable[[dict[str, object]], dict[str, object]], ...] = (_from_unversioned,
                                                                             _from_picture_under_the_prompt)


def file_version(raw: object) -> int:
    """The schema version a settings file was written with: 0 when it names none (or none that can be read)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.isdigit():
        return int(raw)
    return 0


def migrated(version: int, values: Mapping[str, object]) -> dict[str, object]:
    """A file's values (its version's keys) as this schema's keys name them. A file from a newer version is read
    as far as its keys are known here, and nothing is taken from it."""
    current = dict(values)
    for step in MIGRATIONS[max(version, 0):]:
        current = step(current)
    return current
