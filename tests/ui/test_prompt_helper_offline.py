"""Improve's offline error at a laptop's 1366x768 (issue 53: it was drawn over the box's buttons): the text model
is missing, its download cannot reach the server, and the message wraps in a place of its own, never over a button,
in English and in the longer Portuguese and Russian, with Advanced and Details open too."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, QRect, Qt, QTranslator
from PySide6.QtWidgets import QAbstractButton, QLayout, QWidget
from pytestqt.qtbot import QtBot

from app.core.prompt_helper.chat import HelperTask
from app.core.prompt_helper.model import PROMPT_MODEL_NAME
from app.services.models import downloader
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs
from app.ui.language import LANGUAGES, install_translators
from app.ui.main_window import MainWindow
from app.ui.prompt_helper_view import PromptHelperView
from tests.helpers.local_catalog import write_catalog
from tests.helpers.window_tour import not_whole, shown_part

BY_CODE = {language.code: language for language in LANGUAGES}
IDEA = "a cat on a roof at night"


@pytest.fixture(autouse=True)
def no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(downloader, "BACKOFF_S", 0.01)


@pytest.fixture
def speaking(translations: Path) -> Iterator[list[QTranslator]]:
    """The translators a test installs; English again after it."""
    installed: list[QTranslator] = []
    yield installed
    app = QCoreApplication.instance()
    assert app is not None
    for translator in installed:
        app.removeTranslator(translator)
    install_translators(BY_CODE["en"])


def closed_port() -> int:
    """A port of 127.0.0.1 where nothing listens: the download's server cannot be reached, as when offline."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return int(free.getsockname()[1])


def on_view(view: PromptHelperView, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(view, QPoint(0, 0)), widget.size())


def overlaps(view: PromptHelperView, squeezed: bool = False) -> list[str]:
    """The box's visible buttons that the status message covers where it shows, and whether it shows whole
    (`squeezed`: or scrolls, in a window smaller than its layout asks)."""
    shown = shown_part(view.status)
    status = QRect(view.status.mapTo(view, shown.topLeft()), shown.size())
    found = [f"{button.text()!r} at {on_view(view, button).getRect()} under the message at {status.getRect()}"
             for button in view.findChildren(QAbstractButton)
             if button.isVisible() and on_view(view, button).intersects(status)]
    whole = shown == view.status.rect() and view.status.height() >= view.status.heightForWidth(view.status.width())
    scrolls = view.status_area.verticalScrollBar().isVisible()
    if not (whole or (squeezed and scrolls)):
        found.append(f"{shown.height()} of the message's {view.status.heightForWidth(view.status.width())} px show")
    if not status.isEmpty() and not view.rect().contains(status):
        found.append(f"the message at {status.getRect()} runs out of its box {view.rect().getRect()}")
    return found


@pytest.mark.parametrize("language", ["en", "pt_BR", "ru"])
@pytest.mark.parametrize("folds_open", [False, True], ids=["folded", "advanced and details open"])
def test_the_offline_error_wraps_in_its_own_place_never_over_a_button(
        qtbot: QtBot, tmp_path: Path, out_dir: Path, speaking: list[QTranslator], language: str,
        folds_open: bool) -> None:
    speaking.extend(install_translators(BY_CODE[language]))
    files = {"llm": (PROMPT_MODEL_NAME, b"never served", False)}
    catalog = write_catalog(tmp_path / "catalog.json", f"http://127.0.0.1:{closed_port()}", files)
    window = MainWindow(Studio(out_dir), catalog=catalog, models_dir=current_user_dirs().models)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    if folds_open:
        window.advanced_toggle.click()
        window.details_toggle.click()
    view = window.prompt_helper
    qtbot.keyClicks(window.panel.prompt, IDEA)
    view.ask(HelperTask.ENHANCE)  # as Improve > Enhance does
    assert view.download_button.isVisible()
    with qtbot.waitSignal(view.download.finished, timeout=20_000) as finished:
        qtbot.mouseClick(view.download_button, Qt.MouseButton.LeftButton)
    assert finished.args[1] is not None  # the server cannot be reached
    qtbot.wait(50)  # the layout settles as it does between two events of a user's
    message = view.status.text()
    # a long message, several lines, in words: the model's part, never its file's name
    assert PROMPT_MODEL_NAME not in message and len(message) > 100, message
    assert overlaps(view) == []
    assert view.download_button.isVisible() and view.discard_button.isVisible()
    for widget in (view.status, view.download_button, view.discard_button):
        assert not_whole(widget) is None, (widget, not_whole(widget))
    # Windows maximises the window to the screen's work area whatever its layout asks (1366x768 less the taskbar
    # and the title bar): the column then gets less than its minimum, and no message may cover a button
    for height in (640, 560, 480):
        window.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        window.setMinimumSize(0, 0)
        window.resize(1366, height)
        qtbot.wait(50)
        assert window.height() == height
        assert overlaps(view, squeezed=True) == [], height
