"""Where the app's read-only files are, from source and inside the PyInstaller bundle alike."""

from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """<repo> from source; the bundle's data folder (sys._MEIPASS) when frozen by PyInstaller."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parents[2]


def resource_path(name: str) -> Path:
    return app_root() / "resources" / name


def backend_names(platform: str) -> tuple[str, ...]:
    """The sd.cpp executable's file names, newest first: older builds call it `sd`."""
    suffix = ".exe" if platform == "win32" else ""
    return tuple(f"{name}{suffix}" for name in ("sd-cli", "sd"))


def server_name(platform: str) -> str:
    """sd.cpp's own image server, shipped beside sd-cli (a PC can serve another's queue with it)."""
    return "sd-server.exe" if platform == "win32" else "sd-server"


def prompt_helper_name(platform: str) -> str:
    """The prompt helper's program (llama.cpp's server), beside sd-cli: the two share ggml's libraries."""
    return "llama-server.exe" if platform == "win32" else "llama-server"


def bundled_backend_dir() -> Path:
    """The sd.cpp binaries shipped with the app: <repo>/backend_bin/bin, or backend_bin/ inside the bundle."""
    if getattr(sys, "frozen", False):
        return app_root() / "backend_bin"
    return app_root() / "backend_bin" / "bin"
