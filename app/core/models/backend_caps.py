"""What an sd.cpp binary can do, read from its `--help` text (the only place that parses it)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from app.core.words import translate

_OPTION = re.compile(r"^\s{1,4}(?:(-[A-Za-z]),\s+)?(--[A-Za-z0-9][\w-]*)", re.MULTILINE)
_USAGE = re.compile(r"^usage:\s*(\S+)", re.IGNORECASE | re.MULTILINE)
_VERSION = re.compile(r"^stable-diffusion\.cpp version (\S+), commit (\S+)", re.MULTILINE)


class Flavour(StrEnum):
    SD_CLI = "sd-cli"  # current upstream name of the command-line binary
    SD_LEGACY = "sd"  # older builds
    SD_SERVER = "sd-server"
    LLAMA_SERVER = "llama-server"  # the prompt helper's (llama.cpp)
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class BackendCaps:
    flavour: Flavour
    flags: frozenset[str]
    version: str = "unknown"

    def supports(self, flag: str) -> bool:
        return flag in self.flags


def parse_help(text: str) -> BackendCaps:
    flags: set[str] = set()
    for short, long in _OPTION.findall(text):
        flags.add(long)
        if short:
            flags.add(short)
    flavour = Flavour.UNKNOWN
    usage = _USAGE.search(text)
    if usage:
        program = re.split(r"[\\/]", usage.group(1))[-1].removesuffix(".exe")
        flavour = {f.value: f for f in Flavour}.get(program, Flavour.UNKNOWN)
    version = _VERSION.search(text)
    return BackendCaps(flavour=flavour, flags=frozenset(flags), version=version.group(1) if version else "unknown")


_LLAMA_OPTION_LINE = re.compile(r"^(-[\w-]+(?:,\s*-[\w-]+)*)", re.MULTILINE)
_LLAMA_NAME = re.compile(r"^-[\w-]+", re.MULTILINE)


def parse_llama_help(text: str) -> BackendCaps:
    """llama.cpp's `--help`: a line per option, every spelling first (`-ngl, --gpu-layers, --n-gpu-layers N`)."""
    flags: set[str] = set()
    for names in _LLAMA_OPTION_LINE.findall(text):
        flags.update(name.strip() for name in names.split(","))
    flavour = Flavour.LLAMA_SERVER if "--model" in flags and "--port" in flags else Flavour.UNKNOWN
    return BackendCaps(flavour=flavour, flags=frozenset(flags))


def version_words(line: str) -> str:
    """What sd.cpp's `--version` says ('stable-diffusion.cpp version master-e4c5003, commit e4c5003'), in the user's
    words: 'Version master-e4c5003 (e4c5003)', or, for ours (built from the pinned source, which names none),
    that it is the app's own."""
    found = _VERSION.search(line)
    if found is None or found.groups() == ("unknown", "unknown"):
        return translate("Backend", "The version this app comes with")
    return translate("Backend", "Version {version} ({commit})").format(version=found.group(1), commit=found.group(2))
