"""Where the app's read-only resources are, from source and inside the PyInstaller bundle alike."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_path(name: str) -> Path:
    # PyInstaller unpacks data files under sys._MEIPASS; from source they sit in <repo>/resources
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parents[2]
    return root / "resources" / name
