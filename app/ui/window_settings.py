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
FOLDS_SPLIT = [300, 200]  # Advanced over Details, when both are open
# a title bar and borders, before the window manager has framed the window (about 20-40 px; generous)
FRAME_ALLOWANCE = QSize(16, 48)


def fits_with_its_frame(size: QSize, available: QSize) -> bool:
    """A window of `size` fits the screen's `available` room with its title bar and borders around it."""
    return size.width() + FRAME_ALLOWANCE.width() <= available.width() and \
        size.height() + FRAME_ALLOWANCE.height() <= available.height()


def first_start(settings: Settings) -> bool:
    """True once per user: the first start runs the system check by itself."""
    if settings.get(FIRST_START_DONE):
        return False
    settings.set(FIRST_START_DONE, True)
    return True


@dataclass(frozen=True)
class _Fold:
    """A pane of the column that a toggle shows or hides; whether it is open is remembered."""

    pane: QWidget
    toggle: QAbstractButton
    setting: Setting[bool]  # ADVANCED_OPEN or DETAILS_OPEN


class WindowLayout:
    """The window's size, its two splitters (the column beside the picture, Advanced over Details) and the two
    folds: restored at the start, saved at the end."""

    def __init__(self, window: QMainWindow, *, main_splitter: QSplitter, folds_splitter: QSplitter,
                 advanced: QScrollArea, advanced_toggle: QAbstractButton, details: QWidget,
                 details_toggle: QAbstractButton) -> None:
        self._window = window
        self._main, self._folds_splitter = main_splitter, folds_splitter
        self._advanced_pane = advanced
        self._advanced = _Fold(advanced, advanced_toggle, ADVANCED_OPEN)
        self._details = _Fold(details, details_toggle, DETAILS_OPEN)
        self.opens_maximised = False  # the first start on a screen the default size does not fit (`restore`)

    def restore(self) -> None:
        settings = Settings()
        geometry = settings.get(WINDOW_GEOMETRY)
        if not (geometry is not None and self._window.restoreGeometry(QByteArray(geometry))):
            screen = self._window.screen().availableGeometry() if self._window.screen() else None
            # with room for its title bar and borders, should the window manager not maximise it
            self._window.resize(DEFAULT_SIZE.boundedTo(screen.size() - FRAME_ALLOWANCE) if screen else DEFAULT_SIZE)
            # a laptop's 1366x768: the default size and the title bar over it would run off the screen; the window
            # manager fits a maximised window, frame and all, to what the panels leave
            self.opens_maximised = screen is not None and not fits_with_its_frame(DEFAULT_SIZE, screen.size())
        splitters = settings.get(WINDOW_SPLITTERS)
        if splitters is not None:
            self._main.restoreState(QByteArray(splitters[0]))
            self._folds_splitter.restoreState(QByteArray(splitters[1]))
        else:
            # the column as narrow as its rows allow, the picture everything else
            column = self._column().minimumSizeHint().width()
            self._main.setSizes([column, self._window.width() - column])
            self._folds_splitter.setSizes(FOLDS_SPLIT)
        self.fold_advanced(settings.get(ADVANCED_OPEN))
        self.fold_details(settings.get(DETAILS_OPEN))
        for fold in (self._advanced, self._details):
            fold.toggle.setChecked(fold.pane.isVisibleTo(self._window))

    def save(self) -> None:
        settings = Settings()
        settings.set(WINDOW_GEOMETRY, bytes(self._window.saveGeometry().data()))
        settings.set(WINDOW_SPLITTERS, (bytes(self._main.saveState().data()),
                                        bytes(self._folds_splitter.saveState().data())))
        for fold in (self._advanced, self._details):
            settings.set(fold.setting, fold.toggle.isChecked())

    def fold_advanced(self, shown: bool) -> None:
        # it never scrolls sideways: the column is at least as wide as its widest row (Windows' fonts are wider)
        pane, rows = self._advanced_pane, self._advanced_pane.widget()
        assert rows is not None  # the pane scrolls the Advanced rows
        pane.setMinimumWidth(rows.minimumSizeHint().width() + pane.verticalScrollBar().sizeHint().width()
                             + 2 * pane.frameWidth())
        self._fold(self._advanced, shown)

    def _column(self) -> QWidget:
        column = self._main.widget(0)
        assert column is not None  # the window puts its controls' column first
        return column

    def fold_details(self, shown: bool) -> None:
        self._fold(self._details, shown)

    def _fold(self, fold: _Fold, shown: bool) -> None:
        fold.pane.setVisible(shown)
        Settings().set(fold.setting, shown)
        splitter = self._folds_splitter
        # the splitter kept from a close with both folded gives an opening fold no room: it would stay at its two
        # lines' minimum under empty space
        open_sizes = [size for n, size in enumerate(splitter.sizes())
                      if (pane := splitter.widget(n)) is not None and pane.isVisibleTo(self._window)]
        if shown and 0 in open_sizes:
            splitter.setSizes(FOLDS_SPLIT)
