"""A folder shaped like the Windows PyInstaller bundle, for building the MSI and the zip without Windows."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ICON = REPO / "resources" / "icons" / "polaris_studio.ico"

# wixl and msiinfo are Linux programs (scripts/setup.sh installs them); under Windows Python the MSI is not made
needs_msitools = pytest.mark.skipif(
    sys.platform == "win32", reason="wixl and msiinfo (msitools) run on Linux: the MSI is built and read there")

# path in the bundle -> content; paths with a space, non-ASCII letters and depth, as PySide6's folders have
FILES = {
    "PolarisStudio.exe": b"MZ the app",
    "_internal/python311.dll": b"MZ python",
    "_internal/backend_bin/sd-cli.exe": b"MZ sd.cpp",
    "_internal/backend_bin/llama-server.exe": b"MZ llama.cpp",
    "_internal/backend_bin/vulkaninfo.exe": b"MZ vulkaninfo",
    "_internal/resources/catalog.json": b"{}",
    "_internal/PySide6/plugins/platforms/qwindows.dll": b"MZ qt",
    "_internal/some folder/Zoë Müller.txt": "ä".encode(),
}


def write_fake_bundle(folder: Path) -> Path:
    """`folder` with FILES and the real icon (the MSI's Apps & features and Start-menu icon comes from it)."""
    for name, content in FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)
    icons = folder / "_internal" / "resources" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ICON, icons / ICON.name)
    return folder


def bundle_paths(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}
