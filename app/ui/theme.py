"""Looks like the system's own: Windows 11's style on Windows 11, the classic Windows style on Windows 10, Fusion
elsewhere; light or dark as the system says (Windows' app mode, GNOME's or KDE's colour scheme), following a
switch while the app runs; sharp on high-DPI screens."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

FUSION = "Fusion"
WINDOWS_11 = "windows11"  # Qt 6.7+: draws light and dark by itself
WINDOWS_VISTA = "windowsvista"  # the classic native style: light only, it ignores a dark palette
# Windows 11 is Windows NT 10.0 from build 22000 on. Qt's windows11 style draws its glyphs with the Segoe Fluent
# Icons font, which only Windows 11 has: on Windows 10 its check marks and arrows come out as empty boxes
# (OpenNumismat/open-numismat#295), which is why Qt itself picks it on Windows 11 only.
WINDOWS_11_BUILD = 22000


def high_dpi_before_the_app_starts() -> None:
    # 125 % and 150 % screens: scale by the exact factor instead of rounding to 100 % or 200 % (blurry or huge)
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)


def style_for(platform: str, windows_build: int, offered: Sequence[str], dark: bool) -> str:
    """The style to draw with: the native one where Qt has one that draws the system's scheme, Fusion (with our
    palette) everywhere else. `offered` is QStyleFactory.keys(); `windows_build` is 0 off Windows."""
    names = {name.lower() for name in offered}
    if platform == "win32":
        if windows_build >= WINDOWS_11_BUILD and WINDOWS_11 in names:
            return WINDOWS_11
        if not dark and WINDOWS_VISTA in names:
            return WINDOWS_VISTA
    return FUSION


def windows_build() -> int:
    if sys.platform == "win32":
        return sys.getwindowsversion().build
    return 0


def dark_palette() -> QPalette:
    palette = QPalette()
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(230, 230, 230)
    for role, colour in ((QPalette.ColorRole.Window, window), (QPalette.ColorRole.WindowText, text),
                         (QPalette.ColorRole.Base, base), (QPalette.ColorRole.AlternateBase, window),
                         (QPalette.ColorRole.ToolTipBase, base), (QPalette.ColorRole.ToolTipText, text),
                         (QPalette.ColorRole.PlaceholderText, QColor(150, 150, 150)),
                         (QPalette.ColorRole.Text, text), (QPalette.ColorRole.Button, QColor(60, 60, 64)),
                         (QPalette.ColorRole.ButtonText, text), (QPalette.ColorRole.BrightText, QColor(255, 90, 90)),
                         (QPalette.ColorRole.Link, QColor(110, 170, 255)),
                         (QPalette.ColorRole.Highlight, QColor(60, 120, 215)),
                         (QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))):
        palette.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(125, 125, 125))
    return palette


def apply_scheme(app: QApplication, scheme: Qt.ColorScheme) -> None:
    """The style and palette for `scheme`: on Windows 10 a switch to dark moves from the classic style to Fusion
    (the classic style would draw light controls with dark text), and back when the system turns light."""
    dark = scheme is Qt.ColorScheme.Dark
    wanted = style_for(sys.platform, windows_build(), QStyleFactory.keys(), dark)
    if app.style().name().lower() != wanted.lower():
        app.setStyle(wanted)
    if wanted == WINDOWS_11:
        return  # it takes the system's colours itself, light or dark
    app.setPalette(dark_palette() if dark else app.style().standardPalette())


def follow_system_theme(app: QApplication) -> None:
    """The system's style and light or dark scheme now, and whenever the system switches."""
    hints = app.styleHints()
    apply_scheme(app, hints.colorScheme())
    hints.colorSchemeChanged.connect(lambda scheme: apply_scheme(app, scheme))
