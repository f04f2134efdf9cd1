"""Where builds are cached and where the app finds them: backend_bin/bin/ and its build-info.json."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from backend_bin.tools import say

BIN_DIR = Path(__file__).resolve().parent / "bin"
BUILD_INFO = "build-info.json"
# one section per build (a build may make several files); each records its sources, options and cache
SECTIONS = ("linux", "windows", "vulkaninfo")


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "polaris-studio" / "backend"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def options_digest(*parts: str) -> str:
    """A short, stable digest of what makes two builds differ: the cache folder's name carries it."""
    return hashlib.sha256(" ".join(parts).encode()).hexdigest()[:12]


@contextmanager
def cache_lock(work: Path) -> Iterator[None]:
    """One build per cache folder at a time: setup.sh and the app's Models window may both start one, and a
    second build waits here, then finds the first one's result."""
    work.parent.mkdir(parents=True, exist_ok=True)
    with work.with_name(work.name + ".lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"another build of {work.name} is running: waiting for it")
            fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def read_build_info(bin_dir: Path = BIN_DIR) -> dict[str, Any]:
    """The sections recorded so far; anything else (an unreadable file, an older layout) is dropped."""
    try:
        info = json.loads((bin_dir / BUILD_INFO).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(info, dict):
        return {}
    return {name: info[name] for name in SECTIONS if isinstance(info.get(name), dict)}


def expose(section: str, files: dict[str, Path], record: dict[str, Any], bin_dir: Path = BIN_DIR) -> None:
    """Copy the cached files into bin_dir (only those that differ) and record them under `section`.

    The other sections stay as they are: the Linux and the Windows builds are run one after the other.
    """
    if section not in SECTIONS:
        raise ValueError(f"unknown build-info section {section!r}")
    bin_dir.mkdir(parents=True, exist_ok=True)
    recorded: dict[str, dict[str, Any]] = {}
    for name, source in files.items():
        digest = sha256_of(source)
        dest = bin_dir / name
        if not dest.exists() or sha256_of(dest) != digest:
            # beside it first, then renamed: a program being started from bin_dir never sees half a file
            partial = dest.with_name(dest.name + ".partial")
            shutil.copy2(source, partial)
            partial.replace(dest)
        recorded[name] = {"sha256": digest, "bytes": source.stat().st_size}
    info = read_build_info(bin_dir)
    info[section] = {**record, "files": recorded}
    (bin_dir / BUILD_INFO).write_text(json.dumps(info, indent=2) + "\n")
