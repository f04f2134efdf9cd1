"""Plain words in every window and state, and in the user's language: the visible texts of the main window in
each state of the tour, of the system check (a real check of this computer) and of the Models window hold no
flag, errno, error code, log level or Python word; under Brazilian Portuguese none of them is still English.
The backend's log under Details keeps sd.cpp's own lines on purpose."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.request import METHOD_NAMES
from app.ui.main_window import MainWindow
from tests.helpers.visible_texts import developer_words, english_left, visible_texts
from tests.helpers.window_tour import SIZES, STATES, speaking, window_in

# the tour's own data, as a user's would be: their prompts and the names of their files; and proper names
USER_DATA = ("a lighthouse on a cliff at dawn, oil painting", "a lighthouse at dusk, take", "to start from.png",
             "picture 0", "picture 1", "picture 2", "polaris-1.png", "polaris-2.png", "polaris-3.png",
             "Z-Image", *METHOD_NAMES.values())


def with_the_check(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.system_check.finished, timeout=60_000):
        window.open_system_check()


def with_the_models(qtbot: QtBot, window: MainWindow) -> None:
    window.open_models()
    assert window.models_window is not None
    qtbot.waitExposed(window.models_window)


OTHER_WINDOWS: dict[str, Callable[[QtBot, MainWindow], None]] = {
    "the system check": with_the_check, "the Models window": with_the_models}


def texts_of(qtbot: QtBot, tmp_path: Path, state: str, other: str | None = None) -> dict[str, list[str]]:
    with window_in(state, SIZES["1366x768"], tmp_path) as window:
        texts = visible_texts(window, leave_out=(window.log,))
        if other is not None:
            OTHER_WINDOWS[other](qtbot, window)
            shown = window.check_dialog if other == "the system check" else window.models_window
            assert shown is not None
            texts = visible_texts(shown)
    return texts


@pytest.mark.parametrize("state", list(STATES))
def test_the_main_window_speaks_plain_words(qtbot: QtBot, tmp_path: Path, state: str) -> None:
    texts = texts_of(qtbot, tmp_path, state)
    assert sum(len(shown) for shown in texts.values()) > 60  # the walk reads the window
    assert developer_words(texts) == {}


@pytest.mark.parametrize("other", list(OTHER_WINDOWS))
def test_the_other_windows_speak_plain_words(qtbot: QtBot, tmp_path: Path, other: str) -> None:
    texts = texts_of(qtbot, tmp_path, "first start", other)
    assert sum(len(shown) for shown in texts.values()) > 10
    assert developer_words(texts) == {}


@pytest.mark.parametrize("other", [None, *OTHER_WINDOWS])
def test_nothing_is_left_in_english_under_brazilian_portuguese(qtbot: QtBot, tmp_path: Path, translations: Path,
                                                                other: str | None) -> None:
    english = texts_of(qtbot, tmp_path / "en", "everything open" if other is None else "first start", other)
    with speaking("pt_BR"):
        portuguese = texts_of(qtbot, tmp_path / "pt", "everything open" if other is None else "first start", other)
    assert english != portuguese  # the translation took
    assert english_left(english, portuguese, USER_DATA) == {}
