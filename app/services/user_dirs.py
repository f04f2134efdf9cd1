"""This machine's per-user folders: the one place that knows where the app may write."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from app.core.platform_paths import PORTABLE_MARKER, UserDirs, user_dirs


def current_user_dirs() -> UserDirs:
    """Read each time: `--basedir` and the tests' isolated folders take effect without a restart."""
    pictures = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
    return user_dirs(sys.platform, os.environ, Path.home(), Path(pictures) if pictures else None)


def install_dir() -> Path | None:
    """The folder the installed app runs from (read-only for users under Program Files); None from source."""
    return Path(sys.executable).parent if getattr(sys, "frozen", False) else None


def portable_folder() -> Path | None:
    """The folder of a portable copy (the zip, unpacked anywhere): the bundle's own folder when the marker file
    is beside the executable. It then keeps its images, models, caches and settings there, as `--basedir` would."""
    folder = install_dir()
    return folder if folder is not None and (folder / PORTABLE_MARKER).is_file() else None


def keep_settings_in(folder: Path) -> None:
    """Keep the settings as an INI file in `folder` (`--basedir`: portable use and tests). Without this Windows
    keeps them in the registry, outside the portable folder and shared with an installed copy."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
