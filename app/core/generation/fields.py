"""The request's vocabulary: what one simple field of a `GenerationRequest` is, everywhere it goes.

Each such field of `GenerationRequest` carries a `RequestField` in its metadata (as each memory switch carries its
`MemorySwitch`): its sd.cpp option, its command-line option, its A1111 keys (the web API's and the picture's
text), its words in the window, its range, and how a picture's value comes back. The argv builder, the CLI, the
picture's metadata (written and read back), the job sent to another computer, the API's reading and the draft's
reuse all loop over `REQUEST_FIELDS` (request.py), in the declared order, which is A1111's in a picture's text. A
new field of this kind is its declaration and its words; what it needs that no loop does (a special case of one
front end) stays in that front end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from app.core.generation.samplers import Choice, sampler_and_schedule, sampler_name, scheduler_named
from app.core.words import translate


class Reuse(Enum):
    """What "reuse settings" does with a picture's value."""

    SAID = "said"  # it comes back, its None too (the model's or the backend's own)
    KEPT = "kept"  # it comes back when the picture says it; else the job keeps its own
    NEVER = "never"  # it stays the user's (it belongs to the model chosen, as CFG does)


@dataclass(frozen=True)
class RequestField:
    """One simple field of a request. `kind` is int, float or str (a choice of `choices`, kept as sd.cpp's code);
    None, where the field allows it, asks for the model's or the backend's own (`unset` says it in words)."""

    flag: str  # sd.cpp's option
    png: str  # its key in the picture's A1111 text ("": said with another's, as the height in "Size")
    words: str  # in the user's words ("Schedule type" -> "Scheduler"), context "RequestFields"
    kind: type = int
    # the A1111 web API's keys, the first the one sent to another computer; "a.b" for key b of object a
    a1111: tuple[str, ...] = ()
    openai: str = ""  # the name OpenAI's image routes read it by (sd.cpp's server's own extra); "" none
    help: str = ""  # the command line's help (English), and the window's tooltip
    least: float | None = None
    most: float | None = None
    above_least: bool = False  # the least itself is refused (CFG: above 0)
    choices: tuple[Choice, ...] = ()
    unset: str = ""  # what None means, in words, context "RequestFields"; "": the field always has a value
    needs: str = ""  # the request's part it applies with ("init_image": strength repaints an input picture)
    reuse: Reuse = Reuse.SAID
    row: bool = False  # a row of its own in the window's Advanced part
    step: float = 1  # the window's box steps by this
    # the picture's text for the request, when it is not the value's own (the sampler the family runs unless told)
    png_text: Callable[[Any], object] | None = None
    # the value a picture's A1111 text gives back, when it is not its own key's (the size, combined names); None:
    # the text is not read for it
    png_read: Callable[[Mapping[str, str]], object] | None = None
    reads_png: bool = True

    def applies(self, request: Any) -> bool:
        """Whether the request has a value for it that sd.cpp, the picture and the API are told."""
        return getattr(request, self.needs, True) is not None if self.needs else True

    def sd_text(self, value: object) -> str:
        """The value as sd.cpp reads it."""
        return f"{value:g}" if isinstance(value, float) else str(value)

    def named(self, value: object) -> object:
        """The value as A1111 says it: a choice by its name, a decimal without trailing zeros."""
        if self.choices:
            return next((choice.name for choice in self.choices if choice.code == value), value)
        return f"{value:g}" if isinstance(value, float) else value

    def sent(self, value: object) -> object:
        """The value in an A1111 web API call: a choice by its name, a number as it is."""
        return self.named(value) if self.choices else value

    def read(self, text: str) -> object:
        """A value written as text (the command line, a picture's text); ValueError, in words, when it is none."""
        if self.choices:
            choice = next((choice for choice in self.choices if choice.answers_to(text)), None)
            if choice is None:
                raise ValueError(translate("RequestFields", "{value} is not a {what}; known: {known}").format(
                    value=text, what=in_a_sentence(self.words), known=", ".join(c.code for c in self.choices)))
            return choice.code
        return self.kind(text.strip())

    def from_picture(self, settings: Mapping[str, str]) -> object:
        """Its value in a picture's A1111 settings; None when they do not say it (or say nothing sd.cpp has)."""
        if not self.reads_png:
            return None
        if self.png_read is not None:
            return self.png_read(settings)
        try:
            return self.read(settings[self.png]) if self.png in settings else None
        except ValueError:
            return None

    def problem(self, value: object) -> str | None:
        """Why the value cannot be asked for, in words; None when it can (None itself: see `unset`)."""
        if not isinstance(value, int | float) or self.least is None or self.most is None:
            return None
        least, most, shown = (f"{number:g}" if isinstance(number, float) else number
                              for number in (self.least, self.most, value))
        if self.above_least and not self.least < value <= self.most:
            return translate("RequestFields", "{what} must be above {least} and at most {most}, got {value}").format(
                what=in_a_sentence(self.words), least=least, most=most, value=shown)
        if not self.above_least and not self.least <= value <= self.most:
            return translate("RequestFields", "{what} must be between {least} and {most}, got {value}").format(
                what=in_a_sentence(self.words), least=least, most=most, value=shown)
        return None

    def option(self, name: str) -> str:
        """The command line's option for the field of this name."""
        return "--" + name.replace("_", "-")


def in_a_sentence(words: str) -> str:
    """The field's words inside a sentence: "Steps" -> "steps", "CLIP skip" stays."""
    words = translate("RequestFields", words)
    return words if words[:2].isupper() else words[:1].lower() + words[1:]


# --- the readings and writings of the fields that are not their own key's ---------------------------------------

def size_text(request: Any) -> str:
    return f"{request.width}x{request.height}"


def size_side(index: int) -> Callable[[Mapping[str, str]], int | None]:
    """A picture's width (0) or height (1), from its "Size: WxH"."""
    def side(settings: Mapping[str, str]) -> int | None:
        sides = settings.get("Size", "").partition("x")[::2]
        return int(sides[index]) if sides[index].strip().isdigit() else None
    return side


def sampler_text(request: Any) -> str:
    """The sampler the picture was drawn with: the one asked for, else the one sd.cpp draws its family with."""
    return sampler_name(request.sampler, request.family.traits.sampler)


def sampler_read(settings: Mapping[str, str]) -> str | None:
    """The text's "Sampler", as A1111 (before 1.9 with the schedule's name after it), Forge or we wrote it."""
    pair = sampler_and_schedule(settings.get("Sampler", ""))
    return pair[0].code if pair else None


def scheduler_read(settings: Mapping[str, str]) -> str | None:
    """The text's "Schedule type", or the one an old combined "Sampler" ends with; None for A1111's "Automatic"."""
    scheduler = scheduler_named(settings.get("Schedule type", ""))
    pair = sampler_and_schedule(settings.get("Sampler", ""))
    chosen = scheduler or (pair[1] if pair else None)
    return chosen.code if chosen else None
