"""Each Alt+letter of a window goes to one control: no letter is underlined twice in the same window, in English and
in each language the window speaks (a translation picks its own letters)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from app.core.words import translate
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.ui.first_start import FirstStart
from app.ui.language import TRANSLATED
from app.ui.main_window import MainWindow
from tests.helpers.window_tour import speaking


def mnemonic(text: str) -> str | None:
    """The letter after the first single `&` (a `&&` is a shown ampersand), lower case; None without one."""
    at = 0
    while (at := text.find("&", at)) != -1 and at + 1 < len(text):
        if text[at + 1] != "&":
            return text[at + 1].lower()
        at += 2
    return None


def labelled_texts(widget: QWidget) -> list[str]:
    """The texts of `widget` that Qt gives a mnemonic to."""
    if isinstance(widget, QAbstractButton):
        return [widget.text()]
    if isinstance(widget, QGroupBox):
        return [widget.title()]
    if isinstance(widget, QTabWidget):
        return [widget.tabText(i) for i in range(widget.count()) if widget.isTabVisible(i)]
    if isinstance(widget, QLabel) and widget.buddy() is not None:
        return [widget.text()]
    return []


def clashes(window: QWidget) -> dict[str, list[str]]:
    """Each letter that more than one visible control of `window` (not of its dialogs) answers to."""
    used: dict[str, list[str]] = defaultdict(list)
    for widget in window.findChildren(QWidget):
        if widget.window() is not window or not widget.isVisible():
            continue
        for text in labelled_texts(widget):
            if (letter := mnemonic(text)) is not None:
                used[letter].append(text)
    return {letter: texts for letter, texts in used.items() if len(texts) > 1}


@pytest.mark.parametrize(("text", "letter"), [("Detai&ls", "l"), ("&&Co", None), ("Salt && &Pepper", "p"),
                                              ("No mnemonic", None), ("end&", None)])
def test_the_mnemonic_of_a_text(text: str, letter: str | None) -> None:
    assert mnemonic(text) == letter


@pytest.fixture(params=["en", *TRANSLATED])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test runs in English, then in each translated language (its windows made while it speaks)."""
    if request.param == "en":
        yield "en"
        return
    request.getfixturevalue("translations")  # the .qm files built
    with speaking(request.param):
        yield request.param


def main_window(qtbot: QtBot, out_dir: Path, tmp_path: Path) -> MainWindow:
    # a backend that is not there: opening the Models window asks it nothing
    main = MainWindow(Studio(out_dir, machine=Machine(backend=tmp_path / "no-backend")))
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    return main


@pytest.fixture
def window(qtbot: QtBot, out_dir: Path, tmp_path: Path, language: str) -> MainWindow:
    return main_window(qtbot, out_dir, tmp_path)


def test_a_clash_is_found(qtbot: QtBot) -> None:
    page = QWidget()
    qtbot.addWidget(page)
    first, second = QLabel("&Landscape", page), QLabel("Detai&ls", page)
    first.setBuddy(second)
    second.setBuddy(first)
    page.show()
    assert clashes(page) == {"l": ["&Landscape", "Detai&ls"]}


@pytest.mark.parametrize("opened", [(), ("advanced",), ("details",), ("advanced", "details")])
def test_the_main_window_has_no_clash(qtbot: QtBot, window: MainWindow, opened: tuple[str, ...]) -> None:
    for name in opened:
        qtbot.mouseClick(getattr(window, f"{name}_toggle"), Qt.MouseButton.LeftButton)
    assert window.folds.advanced.isVisible() == ("advanced" in opened)
    assert window.folds.details.isVisible() == ("details" in opened)
    assert clashes(window) == {}


def test_the_main_window_with_the_demo_note_and_the_check_banner_has_no_clash(window: MainWindow) -> None:
    window.show_demo_note()
    # as the first check ends
    window.check_banner.say("Your computer will work.", "good", translate("MainWindow", "Full &check…"))
    assert window.demo_note.isVisible() and window.check_banner.isVisible()
    assert clashes(window) == {}


def test_the_models_window_has_no_clash(qtbot: QtBot, window: MainWindow) -> None:
    window.models_button.open_models()
    models = window.models_button.models_window
    assert models is not None
    qtbot.waitExposed(models)
    assert clashes(models) == {}


def test_the_check_dialog_has_no_clash(qtbot: QtBot, window: MainWindow) -> None:
    window.check_banner.show_results()
    dialog = window.check_banner.dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    assert clashes(dialog) == {}


def test_the_first_start_has_no_clash(qtbot: QtBot, window: MainWindow) -> None:
    guide = FirstStart(window)
    guide.show()
    qtbot.waitExposed(guide)
    for button in (guide.download_button, guide.picture_button, guide.demo_button, guide.not_now_button):
        button.show()  # every button at once, though each step shows some
    for download in ("&Download", "&Resume the download", "&Try again"):  # the download button's words by step
        guide.download_button.setText(translate("FirstStart", download))
        assert clashes(guide) == {}, download


def test_alt_d_opens_the_details_and_alt_l_picks_landscape(qtbot: QtBot, out_dir: Path, tmp_path: Path) -> None:
    window = main_window(qtbot, out_dir, tmp_path)  # in English: the letters are English ones
    with qtbot.waitActive(window):
        window.activateWindow()
    window.panel.prompt.setFocus()
    qtbot.keyClick(window.panel.prompt, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(window.folds.details.isVisible)  # a mnemonic clicks the button as a mouse would: after a moment
    assert window.details_toggle.isChecked()
    qtbot.keyClick(window.panel.prompt, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.panel.draft.request.width > window.panel.draft.request.height)
    assert window.folds.details.isVisible()  # Alt+L is the landscape shape's alone
