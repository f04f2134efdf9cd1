"""How a backend build runs its steps, and which Debian packages it needs before it starts."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def say(message: str) -> None:
    print(f"[backend build] {message}", flush=True)


def run_step(argv: list[str], cwd: Path | None = None) -> None:
    say("$ " + " ".join(argv))
    result = subprocess.run(argv, cwd=cwd, check=False)
    if result.returncode != 0:
        raise BuildError(f"step failed with exit status {result.returncode}: {argv[0]} {argv[1]}")


@dataclass(frozen=True)
class Program:
    """A program looked up on PATH, and the Debian package that installs it."""

    name: str
    package: str


@dataclass(frozen=True)
class SystemFile:
    """A file at one of a few fixed places (a header, Wine's DLL), and the Debian package that installs it."""

    candidates: tuple[Path, ...]
    package: str

    def found(self) -> bool:
        return any(path.exists() for path in self.candidates)


Requirement = Program | SystemFile


def missing_packages(requirements: Iterable[Requirement],
                     which: Callable[[str], str | None] = shutil.which) -> list[str]:
    missing: set[str] = set()
    for requirement in requirements:
        if isinstance(requirement, Program):
            if which(requirement.name) is None:
                missing.add(requirement.package)
        elif not requirement.found():
            missing.add(requirement.package)
    return sorted(missing)


def missing_packages_message(packages: list[str]) -> str:
    return ("missing system packages: " + " ".join(packages) + "\n"
            "install them with: sudo apt-get install " + " ".join(packages))


def require_packages(requirements: Iterable[Requirement]) -> None:
    """Refuse before anything is downloaded or built, naming every package that is missing at once."""
    missing = missing_packages(requirements)
    if missing:
        raise BuildError(missing_packages_message(missing))
