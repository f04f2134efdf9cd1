"""Each UI test gets its own QSettings file: Qt reads the config folder once per process, so the autouse
HOME of tests/conftest.py alone would let one test's remembered layout leak into the next."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def own_settings(tmp_path: Path) -> Path:
    folder = tmp_path / "settings"
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, str(folder))
    return folder
