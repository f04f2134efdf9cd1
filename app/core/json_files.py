"""The app's own JSON files (the job queue, the styles, measured speeds): written whole or not at all, and a
damaged one renamed aside, never deleted."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any


def write_json(path: Path, document: Any, private: bool = False) -> None:
    """Write beside and rename: a crash mid-write leaves the previous file. `private`: the user's alone (0600 on
    POSIX; Windows gives a file in the user's profile its owner's permissions)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".writing")
    temporary.unlink(missing_ok=True)  # a file left by a crash would keep its own permissions
    if private:  # the user's alone before a byte is written
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    with temporary.open("w", encoding="utf-8") as file:
        json.dump(document, file, indent=1, ensure_ascii=False)
        file.flush()
        os.fsync(file.fileno())
    temporary.replace(path)


def set_aside(path: Path, now: datetime) -> Path:
    """Rename a damaged file to `name.damaged-<time>.ext` beside it (OSError when it cannot be); where it went."""
    aside = path.with_name(f"{path.stem}.damaged-{now:%Y%m%d-%H%M%S}{path.suffix}")
    path.replace(aside)
    return aside
