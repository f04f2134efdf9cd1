"""The words the app shows, in the user's language.

Every sentence a person reads goes through `translate(context, text)`: Qt's `pyside6-lupdate` finds the calls
by that name (in `app/core` as in `app/ui`) and lists the texts in `resources/translations/*.ts`. Until the
window installs Qt's translator with `speak_with`, the words stay English, as the CLI and its JSON lines want.
Values go in after the translation (`translate(...).format(...)`), so a translator sees `{name}` and can move it.
"""

from __future__ import annotations

from collections.abc import Callable

Translator = Callable[[str, str], str]


def _english(context: str, text: str) -> str:
    return text


_translator: Translator = _english


def translate(context: str, text: str) -> str:
    """`text` in the user's language; `context` groups it for the translator (a window, a message family)."""
    return _translator(context, text)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks a text of a table made when its module loads, before the window installs its translator: lupdate
    lists it, and the place that shows it says `translate(context, text)`."""
    return text


def speak_with(translator: Translator | None) -> None:
    """From now on `translate` asks `translator` (the window passes Qt's); None goes back to English."""
    global _translator
    _translator = translator or _english


def capitalised(words: str) -> str:
    """`words` with a capital first letter: a reason said on its own, as a sentence begins."""
    return words[:1].upper() + words[1:]


def sentence(words: str) -> str:
    """A reason written to follow a colon ("cannot save: the disk is full") as a sentence of its own."""
    words = capitalised(words.strip())
    return words if words.endswith((".", "!", "?", "…")) else words + "."
