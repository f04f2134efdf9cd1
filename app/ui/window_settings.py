"""What the window keeps between runs in QSettings: every key it uses, with the default it has until the user
changes it, and the layout (size, splitters, Advanced and Details open or folded) saved and restored with them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize
from PySide6.QtWidgets import QAbstractButton, QMainWindow, QScrollArea, QSplitter, QWidget

from app.services.user_dirs import current_user_dirs

OUTPUT_FOLDER_SETTING = "output/folder"  # default: the user's pictures folder (current_user_dirs().images)
GEOMETRY_SETTING = "window/geometry"  # default: DEFAULT_SIZE, or the screen where that is larger
SPLITTERS_SETTING = "window/splitters"  # default: ADVANCED_WIDTH and PICTURE_SPLIT
ADVANCED_OPEN_SETTING = "window/advanced_open"  # default: folded
DETAILS_OPEN_SETTING = "window/details_open"  # default: folded
FIRST_START_DONE_SETTING = "system_check/first_start_done"  # default: not yet

DEFAULT_SIZE = QSize(1280, 800)
ADVANCED_WIDTH = 400
PICTURE_SPLIT = [560, 250, 150]  # the picture, the gallery strip, Details


def output_folder() -> Path:
    """Where finished images go: the folder the user chose last, else their pictures folder."""
    return Path(QSettings().value(OUTPUT_FOLDER_SETTING, str(current_user_dirs().images), type=str))


def remember_output_folder(folder: Path) -> None:
    QSettings().setValue(OUTPUT_FOLDER_SETTING, str(folder))


def first_start(settings: QSettings) -> bool:
    """True once per user: the first start runs the system check by itself."""
    if settings.value(FIRST_START_DONE_SETTING, False, type=bool):
        return False
    settings.setValue(FIRST_START_DONE_SETTING, True)
    return True


@dataclass(frozen=True)
class _Fold:
    """A pane at the end of a splitter that a toggle shows or hides; whether it is open is remembered."""

    splitter: QSplitter
    pane: QWidget
    toggle: QAbstractButton
    setting: str  # ADVANCED_OPEN_SETTING or DETAILS_OPEN_SETTING


class WindowLayout:
    """The window's size, its two splitters and its two folds: restored at the start, saved at the end."""

    def __init__(self, window: QMainWindow, *, main_splitter: QSplitter, advanced: QScrollArea,
                 advanced_toggle: QAbstractButton, picture_splitter: QSplitter, details: QWidget,
                 details_toggle: QAbstractButton) -> None:
        self._window = window
        self._advanced_pane = advanced
        self._advanced = _Fold(main_splitter, advanced, advanced_toggle, ADVANCED_OPEN_SETTING)
        self._details = _Fold(picture_splitter, details, details_toggle, DETAILS_OPEN_SETTING)
        self._pane_sizes: dict[QWidget, int] = {}

    def restore(self) -> None:
        settings = QSettings()
        geometry = settings.value(GEOMETRY_SETTING)
        if not (isinstance(geometry, QByteArray) and self._window.restoreGeometry(geometry)):
            screen = self._window.screen().availableGeometry() if self._window.screen() else None
            self._window.resize(DEFAULT_SIZE.boundedTo(screen.size()) if screen else DEFAULT_SIZE)
        splitters = settings.value(SPLITTERS_SETTING)
        if isinstance(splitters, list) and len(splitters) == 2:
            self._advanced.splitter.restoreState(splitters[0])
            self._details.splitter.restoreState(splitters[1])
        else:
            self._advanced.splitter.setSizes([self._window.width() - ADVANCED_WIDTH, ADVANCED_WIDTH])
            self._details.splitter.setSizes(PICTURE_SPLIT)
        for fold in (self._advanced, self._details):
            fold.toggle.setChecked(settings.value(fold.setting, False, type=bool))
            fold.pane.setVisible(fold.toggle.isChecked())

    def save(self) -> None:
        settings = QSettings()
        settings.setValue(GEOMETRY_SETTING, self._window.saveGeometry())
        settings.setValue(SPLITTERS_SETTING, [self._advanced.splitter.saveState(), self._details.splitter.saveState()])
        for fold in (self._advanced, self._details):
            settings.setValue(fold.setting, fold.toggle.isChecked())

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
        QSettings().setValue(fold.setting, shown)
