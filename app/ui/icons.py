"""The app's icons: one set, Phosphor (MIT), drawn from its font by qtawesome (MIT) in the palette's text colour,
so they follow a switch between light and dark; and the app's own icon at every size.

A widget asks for a role (`icon("generate")`), never for a glyph: the table below is the one place that says
which picture stands for what. When the font cannot be loaded the icon is empty and the button keeps its text.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QAction, QColor, QGuiApplication, QIcon, QIconEngine, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QAbstractButton

from app.core.resources import resource_path

# qtawesome reaches Qt through QtPy, which would take the first binding it finds installed: ours is PySide6
os.environ.setdefault("QT_API", "pyside6")
import qtawesome
from qtawesome.iconic_font import FontError, IconicFont

log = logging.getLogger(__name__)

PREFIX = "ph"
# role -> Phosphor glyph (https://phosphoricons.com, regular weight)
GLYPHS = {
    "generate": "sparkle",
    "cancel": "stop",
    "add_to_queue": "list-plus",
    "run_queue": "play",
    "cancel_job": "x-circle",
    "retry": "arrow-clockwise",
    "up": "arrow-up",
    "down": "arrow-down",
    "clear_finished": "checks",
    "keep": "folder-simple-plus",
    "check": "first-aid-kit",
    "folder": "folder-open",
    "models": "cube",
    "download": "download-simple",
    "advanced": "sliders-horizontal",
    "details": "info",
    "language": "translate",
    "computers": "desktop-tower",
    "prompt_list": "list-bullets",
    "prompt_helper": "magic-wand",
    "previous": "caret-left",
    "next": "caret-right",
    "fit": "corners-in",
    "actual_size": "number-square-one",
    "zoom_in": "magnifying-glass-plus",
    "zoom_out": "magnifying-glass-minus",
    "favourite": "star",
    "copy": "copy",
    "copy_parameters": "clipboard-text",
    "reuse": "arrow-counter-clockwise",
    "reuse_seed": "dice-five",
    "use_as_input": "arrow-square-in",
    "edit": "pencil-simple",
    "upscale": "arrows-out",
    "extend": "arrows-out-cardinal",
    "delete": "trash",
    "more": "dots-three",
    "picture": "image",
    "remove": "x",
    "paint_mask": "paint-brush",
    "eraser": "eraser",
    "clear": "x-square",
    "invert": "circle-half",
    "undo": "arrow-u-up-left",
    "save": "floppy-disk",
    "close": "x",
    "passed": "check-circle",
    "warning": "warning",
    "failed": "x-circle",
}
# the check's verdicts keep their meaning in colour too: hues that read on a light and a dark window alike
TINTS = {"passed": QColor(36, 140, 66), "warning": QColor(190, 115, 0), "failed": QColor(218, 60, 60)}
APP_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # the PNGs scripts/make_icon.py draws for the window


class _PaletteIconEngine(QIconEngine):
    """A glyph in the application palette's colours at the moment it is drawn (the text colour; the highlighted
    text's when selected, the disabled text's when disabled), unless the role has a tint of its own."""

    def __init__(self, font: IconicFont, glyph: str, tint: QColor | None) -> None:
        super().__init__()
        self._font, self._glyph, self._tint = font, glyph, tint

    def _icon(self) -> QIcon:
        palette = QGuiApplication.palette()
        text = QPalette.ColorRole.ButtonText
        icon: QIcon = self._font.icon(f"{PREFIX}.{self._glyph}",
                                      color=self._tint or palette.color(QPalette.ColorGroup.Active, text),
                                      color_disabled=palette.color(QPalette.ColorGroup.Disabled, text),
                                      color_selected=self._tint or palette.color(QPalette.ColorRole.HighlightedText))
        return icon

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        self._icon().paint(painter, rect, Qt.AlignmentFlag.AlignCenter, mode, state)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self._icon().pixmap(size, mode, state)

    def clone(self) -> QIconEngine:
        return _PaletteIconEngine(self._font, self._glyph, self._tint)


def load_phosphor(fonts: Path) -> IconicFont | None:
    """Phosphor's font from the folder `fonts`; None, said in the log, when it is missing or damaged."""
    files = sorted(fonts.glob("phosphor-*.ttf")), sorted(fonts.glob("phosphor-charmap-*.json"))
    try:
        if not all(files):
            raise FileNotFoundError(f"no Phosphor font in {fonts}")
        return IconicFont((PREFIX, files[0][-1].name, files[1][-1].name, str(fonts)))
    except (FontError, OSError, ValueError) as error:
        log.warning("the icon font could not be loaded, buttons show their words only: %s", error)
        return None


@cache
def _phosphor() -> IconicFont | None:
    # loaded once, and only it: qtawesome's own `icon()` would load its ten other fonts too (6 MiB)
    return load_phosphor(Path(qtawesome.__file__).parent / "fonts")


def icon(role: str) -> QIcon:
    """The icon for `role` (a key of GLYPHS); empty when the icon font cannot be loaded."""
    font = _phosphor()
    if font is None:
        return QIcon()
    return QIcon(_PaletteIconEngine(font, GLYPHS[role], TINTS.get(role)))


def put_icons(pairs: Iterable[tuple[QAbstractButton | QAction, str]]) -> None:
    """Each button or action its role's icon."""
    for widget, role in pairs:
        widget.setIcon(icon(role))


def app_icon() -> QIcon:
    """Polaris Studio's own icon, drawn for each size (the window's title bar, the task bar, Alt+Tab)."""
    app = QIcon()
    for size in APP_ICON_SIZES:
        app.addFile(str(resource_path(f"icons/polaris_studio_{size}.png")), QSize(size, size))
    return app
