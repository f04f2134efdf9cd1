"""The main window over a gallery of one image, as the gallery's actions find it."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.gallery.gallery_index import GalleryIndex, entry_from_png
from app.services.studio import Studio
from app.ui.main_window import MainWindow


def window_over(qtbot: QtBot, image: Path, index_file: Path) -> MainWindow:
    """A shown window whose gallery holds `image` (made in the window's output folder)."""
    index = GalleryIndex(index_file)
    entry = entry_from_png(image)
    assert entry is not None
    index.add(entry)
    window = MainWindow(Studio(image.parent, gallery=index))
    qtbot.addWidget(window)
    window.show()
    assert window.gallery is not None
    return window
