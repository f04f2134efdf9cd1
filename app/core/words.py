"""The words the app shows, in the user's language.

Every sentence a person reads goes through `translate(context, text)`: Qt's `pyside6-lupdate` finds the calls
by that name (in `app/core` as in `app/ui`) and lists the texts in `resources/translations/*.ts`. Until the
window installs Qt's translator with `speak_with`, the words stay English, as the CLI and its JSON lines want.
Values go in after the translation (`translate(...).format(...)`), so a translator sees `{name}` and can move it.
"""

from __future__ import annotations

from collections.abc import Callable

Translator = Callable[[str, str], str]
NumberWriter = Callable[[float, int], str]  # a value and its decimals, written as the user's language writes it


def _english(context: str, text: str) -> str:
    return text


_translator: Translator = _english


def _english_number(value: float, decimals: int) -> str:
    return f"{value:,.{decimals}f}"


_number_writer: NumberWriter = _english_number


def number(value: float, decimals: int = 0) -> str:
    """'50,000' or '2.0' in English; with the separators of the window's language once it gave its own ('50.000'
    and '2,0' in Portuguese, '50 000' in Russian)."""
    return _number_writer(value, decimals)


class Said(str):
    """A translated text that remembers its English source, and after `format` its values: what is kept beyond the
    moment (a failed job's reason in the queue file) is said again in the language of the moment it is shown, not
    in the one it was written in (`kept_words`, `said_again`). Anything else made of it (an f-string, a `+`) is a
    plain str, kept as it reads."""

    context: str
    source: str
    values: dict[str, object]

    def __new__(cls, text: str, context: str, source: str, values: dict[str, object] | None = None) -> Said:
        said = super().__new__(cls, text)
        said.context, said.source, said.values = context, source, values or {}
        return said

    def format(self, *args: object, **values: object) -> str:
        text = str.format(self, *args, **values)
        return text if args else Said(text, self.context, self.source, values)

    def __reduce__(self) -> tuple[type[Said], tuple[str, str, str, dict[str, object]]]:
        # copies (dataclasses.asdict's deepcopy, pickling) keep what it remembers
        return Said, (str(self), self.context, self.source, self.values)


def translate(context: str, text: str) -> str:
    """`text` in the user's language; `context` groups it for the translator (a window, a message family)."""
    return Said(_translator(context, text), context, text)


def reason_of(error: BaseException) -> str:
    """What an exception says, still a `Said` when it was raised with one (`str(error)` makes a plain copy)."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, Said) else str(error)


# what a kept text is in a JSON file: the text as it read, or its English source and values to say it again
KeptWords = str | dict[str, object]


def kept_words(text: str) -> KeptWords:
    """`text` as a JSON file keeps it: a translated text as its source and values, to be said again later."""
    if not isinstance(text, Said):
        return str(text)
    values = {name: kept_words(value) if isinstance(value, str) else str(value) for name, value in text.values.items()}
    return {"context": text.context, "text": text.source, "values": values}


def said_again(kept: object) -> str:
    """A text kept by `kept_words`, in the language of now (anything else a file holds, as it reads)."""
    if not isinstance(kept, dict):
        return "" if kept is None else str(kept)
    context, source, values = kept.get("context"), kept.get("text"), kept.get("values", {})
    if not isinstance(context, str) or not isinstance(source, str) or not isinstance(values, dict):
        return str(source or "")
    return translate(context, source).format(**{str(name): said_again(value) for name, value in values.items()})


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks a text of a table made when its module loads, before the window installs its translator: lupdate
    lists it, and the place that shows it says `translate(context, text)`."""
    return text


def speak_with(translator: Translator | None, numbers: NumberWriter | None = None) -> None:
    """From now on `translate` asks `translator` (the window passes Qt's) and `number` writes with `numbers` (the
    language's QLocale); None goes back to English."""
    global _translator, _number_writer
    _translator = translator or _english
    _number_writer = numbers or _english_number


def capitalised(words: str) -> str:
    """`words` with a capital first letter: a reason said on its own, as a sentence begins."""
    return words[:1].upper() + words[1:]


def sentence(words: str) -> str:
    """A reason written to follow a colon ("cannot save: the disk is full") as a sentence of its own."""
    words = capitalised(words.strip())
    return words if words.endswith((".", "!", "?", "…")) else words + "."


def short_name(name: str, letters: int = 32) -> str:
    """A file's name as a sentence in the window's narrow column says it: a long one with its middle left out
    (a name has no spaces to wrap at, so a whole one would widen the column)."""
    if len(name) <= letters:
        return name
    tail = (letters - 1) // 3
    return f"{name[:letters - 1 - tail]}…{name[-tail:]}"
