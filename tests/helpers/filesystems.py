"""Real faulty filesystems for the fault tests: a tmpfs mounted read-only, or one too small for a picture.

Mounting needs root on Linux (CI runs as root); elsewhere the tests that need one are skipped and say why.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def can_mount() -> bool:
    return sys.platform == "linux" and os.geteuid() == 0


@contextmanager
def tmpfs(folder: Path, size: str, read_only: bool = False) -> Iterator[Path]:
    """A fresh tmpfs of `size` (e.g. "64k") at `folder`, unmounted afterwards (lazily, if a file is still open)."""
    if not can_mount():
        pytest.skip("mounting a test filesystem needs root on Linux")
    folder.mkdir(parents=True, exist_ok=True)
    options = f"size={size},mode=0777" + (",ro" if read_only else "")
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def make_read_only(folder: Path) -> None:
    """Turn a mounted tmpfs read-only in place, as a disk the system remounts after an error."""
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def fill(folder: Path) -> None:
    """Write into `folder` until its disk is full."""
    with (folder / "filler").open("wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 4096)
        except OSError:
            pass
