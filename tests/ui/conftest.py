"""The UI tests' shared window: the real MainWindow over a real Generation, shown (offscreen, or on Xvfb)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.services.studio import Studio
from app.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, out_dir: Path) -> MainWindow:
    main = MainWindow(Studio(out_dir))
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    return main
