"""Light or dark, as the system says (Windows' app mode, GNOME's or KDE's colour scheme), and sharp on high-DPI
screens. Fusion draws the same on every platform, so one palette per scheme is enough."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


def high_dpi_before_the_app_starts() -> None:
    # 125 % and 150 % screens: scale by the exact factor instead of rounding to 100 % or 200 % (blurry or huge)
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)


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
    app.setPalette(dark_palette() if scheme is Qt.ColorScheme.Dark else app.style().standardPalette())


def follow_system_theme(app: QApplication) -> None:
    """Use Fusion with the system's light or dark scheme now, and whenever the system switches."""
    app.setStyle("Fusion")
    hints = app.styleHints()
    apply_scheme(app, hints.colorScheme())
    hints.colorSchemeChanged.connect(lambda scheme: apply_scheme(app, scheme))
