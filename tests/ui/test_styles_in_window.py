"""Styles in the real window: ticked in the Styles button's menu, edited in its dialog, applied when queued."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMenu
from pytestqt.qtbot import QtBot

from app.core.generation.styles import DEFAULT_STYLES
from app.services.user_dirs import current_user_dirs
from app.ui.main_window import MainWindow


def click_menu_entry(menu: QMenu, words: str) -> None:
    # as the gallery's tests do: the offscreen platform cannot grab the keyboard for a popped-up menu
    next(a for a in menu.actions() if a.text().replace("&", "") == words).trigger()


def test_a_ticked_style_and_the_prompts_wildcards_are_applied_when_queued(qtbot: QtBot, window: MainWindow) -> None:
    picker = window.panel.styles_picker
    assert [style.name for style in picker.styles] == [style.name for style in DEFAULT_STYLES]
    assert current_user_dirs().styles.is_file()  # written with the defaults on first use
    assert "{red|green|blue}" in window.panel.prompt.toolTip() and "__colors__" in window.panel.prompt.toolTip()
    click_menu_entry(picker.menu(), "Anime")
    assert picker.text() == "Styles: Anime" and window.panel.draft.request.styles == ("Anime",)
    qtbot.keyClicks(window.panel.prompt, "a {red|blue} fox")
    with qtbot.waitSignal(window.studio.queue.idle, timeout=30_000):  # no model chosen: queued, then it fails
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    [job] = window.studio.queue.jobs
    anime = next(style for style in DEFAULT_STYLES if style.name == "Anime")
    assert job.request.prompt in {anime.prompt.replace("{prompt}", f"a {color} fox") for color in ("red", "blue")}
    assert job.request.negative_prompt == anime.negative
    assert (job.request.styles, job.request.prompt_as_written) == (("Anime",), "a {red|blue} fox")


def test_a_wildcard_file_that_is_not_there_is_said_and_nothing_is_queued(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClicks(window.panel.prompt, "a __pets__")
    qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert "no wildcard file for __pets__" in window.status_line.status.text()
    assert str(current_user_dirs().wildcards) in window.status_line.status.text()
    assert window.studio.queue.jobs == [] and window.go.generate.isEnabled()


def test_styles_are_renamed_added_and_saved_in_the_dialog(qtbot: QtBot, window: MainWindow) -> None:
    picker = window.panel.styles_picker
    click_menu_entry(picker.menu(), "Photo")
    click_menu_entry(picker.menu(), "Edit styles…")
    dialog = picker.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.names.currentItem().text() == "Photo"
    dialog.name.selectAll()
    qtbot.keyClicks(dialog.name, "Photo HD")
    assert dialog.names.currentItem().text() == "Photo HD"
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    dialog.name.selectAll()
    qtbot.keyClicks(dialog.name, "Neon")
    dialog.template.selectAll()
    qtbot.keyClicks(dialog.template, "neon sign of {prompt}")
    qtbot.keyClicks(dialog.negative, "daylight")
    # a name another style has: said, and nothing written
    before = current_user_dirs().styles.read_bytes()
    dialog.name.selectAll()
    qtbot.keyClicks(dialog.name, "Anime")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert "already a style named “Anime”" in dialog.problem.text() and dialog.isVisible()
    assert current_user_dirs().styles.read_bytes() == before
    dialog.name.selectAll()
    qtbot.keyClicks(dialog.name, "Neon")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    saved = json.loads(current_user_dirs().styles.read_text(encoding="utf-8"))["styles"]
    assert [style["name"] for style in saved] == ["Photo HD", *[s.name for s in DEFAULT_STYLES[1:]], "Neon"]
    assert saved[-1] == {"name": "Neon", "prompt": "neon sign of {prompt}", "negative": "daylight"}
    assert [a.text() for a in picker.menu().actions() if a.isCheckable()][-1] == "Neon"
    # "Photo" was ticked; renamed, it is a style the user has not ticked yet
    assert window.panel.draft.request.styles == ()
    click_menu_entry(picker.menu(), "Neon")
    assert window.panel.draft.request.styles == ("Neon",)
