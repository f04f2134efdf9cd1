"""The window's layout between runs (size, splitters, Advanced and Details open or folded), saved and restored
through the declared settings (`app/core/settings_schema.py`), and the first start."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QSize
from PySide6.QtWidgets import QAbstractButton, QMainWindow, QScrollArea, QSplitter, QWidget

from app.core.settings_schema import (
    ADVANCED_OPEN,
    DETAILS_OPEN,
    FIRST_START_DONE,
    WINDOW_GEOMETRY,
    WINDOW_SPLITTERS,
    Setting,
)
from app.services.settings import Settings

DEFAULT_SIZE = QSize(1280, 800)  # or the screen, where that is smaller
ADVANCED_WIDTH = 400
PICTURE_SPLIT = [560, 250, 150]  # the picture, the gallery strip, Details


def first_start(settings: Settings) -> bool:
    """True once per user: the first start runs the system check by itself."""
    if settings.get(FIRST_START_DONE):
        return False
    settings.set(FIRST_START_DONE, True)
    return True


@dataclass(frozen=True)
class _Fold:
    """A pane at the end of a splitter that a toggle shows or hides; whether it is open is remembered."""

    splitter: QSplitter
    pane: QWidget
    toggle: QAbstractButton
    setting: Setting[bool]  # ADVANCED_OPEN or DETAILS_OPEN


class WindowLayout:
    """The window's size, its two splitters and its two folds: restored at the start, saved at the end."""

    def __init__(self, window: QMainWindow, *, main_splitter: QSplitter, advanced: QScrollArea,
                 advanced_toggle: QAbstractButton, picture_splitter: QSplitter, details: QWidget,
                 details_toggle: QAbstractButton) -> None:
        self._window = window
        self._advanced_pane = advanced
        self._advanced = _Fold(main_splitter, advanced, advanced_toggle, ADVANCED_OPEN)
        self._details = _Fold(picture_splitter, details, details_toggle, DETAILS_OPEN)
        self._pane_sizes: dict[QWidget, int] = {}

    def restore(self) -> None:
        settings = Settings()
        geometry = settings.get(WINDOW_GEOMETRY)
        if not (geometry is not None and self._window.restoreGeometry(QByteArray(geometry))):
            screen = self._window.screen().availableGeometry() if self._window.screen() else None
            self._window.resize(DEFAULT_SIZE.boundedTo(screen.size()) if screen else DEFAULT_SIZE)
        splitters = settings.get(WINDOW_SPLITTERS)
        if splitters is not None:
            self._advanced.splitter.restoreState(QByteArray(splitters[0]))
            self._details.splitter.restoreState(QByteArray(splitters[1]))
        else:
            self._advanced.splitter.setSizes([self._window.width() - ADVANCED_WIDTH, ADVANCED_WIDTH])
            self._details.splitter.setSizes(PICTURE_SPLIT)
        for fold in (self._advanced, self._details):
            fold.toggle.setChecked(settings.get(fold.setting))
            fold.pane.setVisible(fold.toggle.isChecked())

    def save(self) -> None:
        settings = Settings()
        settings.set(WINDOW_GEOMETRY, self._window.saveGeometry().data())
        settings.set(WINDOW_SPLITTERS, (self._advanced.splitter.saveState().data(),
                                        self._details.splitter.saveState().data()))
        for fold in (self._advanced, self._details):
            settings.set(fold.setting, fold.toggle.isChecked())

    def fold_advanced(self, shown: bool) -> None:
        # the pane never scrolls sideways: it is at least as wide as its widest row (Windows' fonts are wider)
        pane = self._advanced_pane
        pane.setMinimumWidth(pane.widget().minimumSizeHint().width() + pane.verticalScrollBar().sizeHint().width()
                             + 2 * pane.frameWidth())
        self._fold(self._advanced, shown, pane.minimumWidth(), pane.minimumWidth())

    def fold_details(self, shown: bool) -> None:
        self._fold(self._details, shown, self._details.pane.minimumSizeHint().height(), PICTURE_SPLIT[-1])

    def _fold(self, fold: _Fold, shown: bool, smallest: int, default: int) -> None:
        """Show or hide the fold's pane, giving its room to (or taking it from) the splitter's first pane. Qt's
        splitter alone keeps a hidden pane's size after it has been shown twice, and opens a pane saved hidden at
        0 px."""
        sizes = fold.splitter.sizes()
        if shown:
            fold.pane.setVisible(True)
            wanted = self._pane_sizes.get(fold.pane, default)
            if sizes[-1] < smallest:
                sizes[0] = max(sizes[0] + sizes[-1] - wanted, 1)
                sizes[-1] = wanted
        else:
            if sizes[-1] >= smallest:
                self._pane_sizes[fold.pane] = sizes[-1]  # opened again as wide as the user left it
            fold.pane.setVisible(False)
            sizes[0] += sizes[-1]
            sizes[-1] = 0
        fold.splitter.setSizes(sizes)
        Settings().set(fold.setting, shown)
