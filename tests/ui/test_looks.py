"""Looks like it belongs: the style each system gets, the palette and the icons following a switch between light
and dark, one icon for each role, and the app's own icon at every size Windows and Linux ask for."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import qtawesome
from PIL import Image
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QStyleFactory, QWidget
from pytestqt.qtbot import QtBot

from app.core.resources import resource_path
from app.ui.generate_buttons import GenerateButtons
from app.ui.icons import APP_ICON_SIZES, GLYPHS, TINTS, app_icon, icon, load_phosphor
from app.ui.image_view import ImageView
from app.ui.mask_painter import MaskPainter
from app.ui.notice_bar import NoticeBar
from app.ui.picture_input import PictureInput
from app.ui.theme import FUSION, WINDOWS_11_BUILD, dark_palette, follow_system_theme, style_for, windows_build

pytestmark = pytest.mark.windows

# QStyleFactory.keys() as PySide6 6.11 answers it on Windows (seen under Wine), and as 6.6 (before windows11)
QT_6_11_ON_WINDOWS = ["windows11", "windowsvista", "Windows", "Fusion"]
QT_6_6_ON_WINDOWS = ["windowsvista", "Windows", "Fusion"]
WINDOWS_10_BUILD = 19045


@pytest.mark.parametrize(("platform", "build", "offered", "dark", "expected"), [
    ("win32", 22631, QT_6_11_ON_WINDOWS, False, "windows11"),
    ("win32", 22631, QT_6_11_ON_WINDOWS, True, "windows11"),  # it draws dark by itself
    ("win32", WINDOWS_11_BUILD, QT_6_11_ON_WINDOWS, False, "windows11"),
    # Windows 10 lacks the windows11 style's glyph font: the classic style, which draws light only
    ("win32", WINDOWS_10_BUILD, QT_6_11_ON_WINDOWS, False, "windowsvista"),
    ("win32", WINDOWS_10_BUILD, QT_6_11_ON_WINDOWS, True, FUSION),
    ("win32", 22631, QT_6_6_ON_WINDOWS, False, "windowsvista"),  # Windows 11 with a Qt before 6.7
    ("win32", 22631, QT_6_6_ON_WINDOWS, True, FUSION),
    ("win32", 22631, ["Windows", "Fusion"], False, FUSION),  # a Qt without its Windows style plugins
    ("linux", 0, ["Windows", "Fusion"], False, FUSION),
    ("linux", 0, ["Breeze", "Windows", "Fusion"], True, FUSION),
    ("darwin", 0, ["macOS", "Windows", "Fusion"], False, FUSION),
])
def test_the_style_suits_the_system(platform: str, build: int, offered: list[str], dark: bool,
                                    expected: str) -> None:
    assert style_for(platform, build, offered, dark) == expected


def test_the_style_chosen_here_is_one_qt_has(qtbot: QtBot) -> None:
    offered = QStyleFactory.keys()
    for dark in (False, True):
        chosen = style_for(sys.platform, windows_build(), offered, dark)
        assert chosen.lower() in {name.lower() for name in offered}


def ink(pixmap_icon: QIcon, mode: QIcon.Mode = QIcon.Mode.Normal) -> QColor:
    """The icon's colour: the average of its opaque pixels (empty icons fail here)."""
    image = pixmap_icon.pixmap(QSize(32, 32), mode).toImage()
    opaque = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())
              if image.pixelColor(x, y).alpha() > 200]
    assert len(opaque) >= 8, "the icon draws nothing"  # "more" is three dots: 12 pixels at 32 px
    return QColor(*(round(sum(getattr(c, part)() for c in opaque) / len(opaque)) for part in ("red", "green", "blue")))


@pytest.fixture
def theme_restored(qtbot: QtBot) -> Iterator[QApplication]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    style, palette = app.style().name(), app.palette()
    yield app
    app.styleHints().colorSchemeChanged.disconnect()
    app.setStyle(style)
    app.setPalette(palette)


def test_palette_and_icons_follow_a_switch_of_the_system_scheme(qtbot: QtBot, theme_restored: QApplication) -> None:
    app = theme_restored
    follow_system_theme(app)
    generate = icon("generate")  # made once, as a button keeps it: its colour must follow on its own
    app.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    if sys.platform != "win32":
        assert app.style().name() == FUSION.lower()
    assert app.palette().color(QPalette.ColorRole.Window).lightness() < 80
    assert ink(generate).lightness() > 180, "a dark icon on a dark window"
    assert ink(generate, QIcon.Mode.Disabled).lightness() < ink(generate).lightness()
    app.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert app.palette().color(QPalette.ColorRole.Window).lightness() > 180
    assert ink(generate).lightness() < 80, "a light icon on a light window"


def test_a_notice_follows_a_switch_of_the_system_scheme(qtbot: QtBot, theme_restored: QApplication) -> None:
    follow_system_theme(theme_restored)
    bar = NoticeBar("notice", "A notice")
    qtbot.addWidget(bar)
    bar.resize(600, 40)
    bar.show()
    bar.say("The driver is old", "warn", "Details…")  # said while light

    def button_and_bar() -> tuple[int, int]:
        button, whole = bar.action.grab().toImage(), bar.grab().toImage()
        return (button.pixelColor(4, button.height() // 2).lightness(),
                whole.pixelColor(whole.width() // 2, whole.height() // 2).lightness())

    button, tint = button_and_bar()
    assert button > 180 and tint > 150
    theme_restored.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    qtbot.wait(20)  # Qt hands the new palette to the widgets from the event loop
    button, tint = button_and_bar()
    assert button < 100, "the notice's button kept its light colours on a dark window"
    assert tint < 110


def test_every_role_has_an_icon_that_draws(qtbot: QtBot) -> None:
    for role in GLYPHS:
        assert not icon(role).isNull(), role
        ink(icon(role))


def test_a_missing_or_damaged_icon_font_leaves_the_words_alone(qtbot: QtBot, tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    assert load_phosphor(tmp_path) is None
    fonts = Path(qtawesome.__file__).parent / "fonts"
    charmap = next(fonts.glob("phosphor-charmap-*.json"))
    shutil.copy(charmap, tmp_path)
    # a download cut short: the font file's first kilobytes only
    (tmp_path / "phosphor-1.3.0.ttf").write_bytes(next(fonts.glob("phosphor-*.ttf")).read_bytes()[:4096])
    assert load_phosphor(tmp_path) is None
    assert "could not be loaded" in caplog.text
    shutil.copy(next(fonts.glob("phosphor-*.ttf")), tmp_path)
    assert load_phosphor(tmp_path) is not None  # the same folder, whole


def contrast(one: QColor, other: QColor) -> float:
    def luminance(colour: QColor) -> float:
        parts = [c / 255 for c in (colour.red(), colour.green(), colour.blue())]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_verdicts_colours_read_on_light_and_dark(qtbot: QtBot) -> None:
    light = QStyleFactory.create(FUSION).standardPalette()
    for role, tint in TINTS.items():
        for palette in (light, dark_palette()):
            for ground in (QPalette.ColorRole.Base, QPalette.ColorRole.Window):
                # WCAG 2.1's 3:1 for the parts of a graphic that carry meaning
                assert contrast(tint, palette.color(ground)) >= 3, (role, palette.color(ground).name())
        assert ink(icon(role)).name() == tint.name()  # a verdict keeps its colour, whatever the palette


def test_the_windows_buttons_show_their_icons(qtbot: QtBot, tmp_path: Path) -> None:
    widgets: list[QWidget] = [GenerateButtons(), ImageView(), MaskPainter(), NoticeBar("notice", "A notice"),
                              PictureInput(tmp_path)]
    for widget in widgets:
        qtbot.addWidget(widget)
        buttons = widget.findChildren(QAbstractButton)
        assert buttons
        for button in buttons:
            if button.text() or button.toolTip():  # the notice bar's action takes the words of each notice
                assert not button.icon().isNull(), (type(widget).__name__, button.text())


def test_the_app_icon_has_every_size_windows_asks_for() -> None:
    with Image.open(resource_path("icons/polaris_studio.ico")) as ico:
        sizes = ico.info["sizes"]
        assert sizes == {(n, n) for n in (16, 20, 24, 32, 40, 48, 64, 128, 256)}
        for size in sizes:
            ico.size = size
            frame = ico.copy().convert("RGBA")
            assert frame.size == size
            # a drawn tile, not an empty frame: opaque corners' blue and the white star in the middle
            assert frame.getpixel((size[0] // 2, size[1] // 2))[3] == 255
            assert frame.getextrema()[2][1] > 200


def test_the_window_icon_comes_at_every_size(qtbot: QtBot) -> None:
    for size in APP_ICON_SIZES:
        with Image.open(resource_path(f"icons/polaris_studio_{size}.png")) as png:
            assert png.size == (size, size)
    window_icon = app_icon()
    assert sorted(s.width() for s in window_icon.availableSizes()) == sorted(APP_ICON_SIZES)
    assert all(s.width() == s.height() for s in window_icon.availableSizes())
