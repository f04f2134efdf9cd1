"""Wildcards in a prompt, as A1111's Dynamic Prompts writes them: `{red|green|blue}` picks one of the choices,
`__colors__` one line of `colors.txt` in the wildcards folder (`__colors/warm__` is `colors/warm.txt`).

A picture's choices follow its seed alone: the same seed and the same text make the same prompt again, on every
computer (a private `random.Random`, Mersenne Twister, seeded with the picture's seed)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from app.core.file_words import file_problem
from app.core.generation.request import InvalidRequest
from app.core.words import translate

# how deep wildcard files may name one another: a file that names itself stops here, not in a crash
MAX_DEPTH = 10
# `__name__` or `__folder/name__`: letters, digits, - and _ (never starting with _), so no path leaves the folder
_FILE = re.compile(r"__([^\W_][\w\-]*?(?:/[^\W_][\w\-]*?)*)__")
_TOKEN = re.compile(r"[{}|]|" + _FILE.pattern)


def expand_wildcards(text: str, seed: int, folder: Path) -> str:
    """`text` with every choice made for this seed; InvalidRequest, in words, for a wildcard file that is not
    there or cannot be read, a brace without its pair, or files that name each other too deep."""
    if "{" not in text and "}" not in text and _FILE.search(text) is None:
        return text
    cache: dict[str, list[str]] = {}

    def lines_of(name: str) -> list[str]:
        if name not in cache:
            cache[name] = _wildcard_lines(name, folder)
        return cache[name]

    return _expand(text, random.Random(seed), lines_of, [])


def _expand(text: str, rng: random.Random, lines_of: Callable[[str], list[str]], chain: list[str]) -> str:
    """`chain`: the wildcard files being expanded, outermost first (for the words of a loop)."""
    where = (translate("Wildcards", "the wildcard file {name}").format(name=f"__{chain[-1]}__") if chain
             else translate("Wildcards", "the prompt"))
    out: list[str] = []
    groups: list[list[list[str]]] = []  # the open { } groups: each a list of choices, each choice a list of parts
    at = 0
    for token in _TOKEN.finditer(text):
        target = groups[-1][-1] if groups else out
        target.append(text[at:token.start()])
        at = token.end()
        mark = token.group(0)
        if mark == "{":
            groups.append([[]])
        elif mark == "|":
            if groups:
                groups[-1].append([])
            else:
                target.append(mark)  # a | outside braces is the prompt's own (A1111's [a|b] alternation)
        elif mark == "}":
            if not groups:
                raise InvalidRequest(translate("Wildcards", "{where} has a “}}” without a “{{” before it: write "
                                                            "choices as {{red|green|blue}}").format(where=where))
            choices = groups.pop()
            picked = "".join(rng.choice(choices)).strip()
            (groups[-1][-1] if groups else out).append(picked)
        else:
            name = token.group(1)
            if len(chain) >= MAX_DEPTH:
                loop = " → ".join(f"__{link}__" for link in [*chain, name])
                raise InvalidRequest(translate("Wildcards", "wildcard files name each other more than {most} deep "
                                                            "({loop}): does one name itself?").format(
                    most=MAX_DEPTH, loop=loop))
            line = rng.choice(lines_of(name))
            target.append(_expand(line, rng, lines_of, [*chain, name]))
    if groups:
        raise InvalidRequest(translate("Wildcards", "{where} has a “{{” without its “}}”: write choices as "
                                                    "{{red|green|blue}}").format(where=where))
    out.append(text[at:])
    return "".join(out)


def _wildcard_lines(name: str, folder: Path) -> list[str]:
    """The lines to choose from in `name`.txt: blank lines and lines starting with # left out."""
    path = folder.joinpath(*name.split("/")).with_suffix(".txt")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InvalidRequest(translate("Wildcards", "there is no wildcard file for __{name}__: put {file} in the "
                                                    "wildcards folder {folder}, one choice a line").format(
            name=name, file=f"{name}.txt", folder=folder)) from None
    except UnicodeDecodeError:
        raise InvalidRequest(translate("Wildcards", "the wildcard file {path} is not text (save it as UTF-8)").format(
            path=path)) from None
    except OSError as error:
        raise InvalidRequest(translate("Wildcards", "the wildcard file {path} could not be read: {why}").format(
            path=path, why=file_problem(error, path))) from error
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines:
        raise InvalidRequest(translate("Wildcards", "the wildcard file {path} has no lines to choose from").format(
            path=path))
    return lines
