"""The prompt panel is bound to its draft: a field the user changes writes that field alone, once, and what another
part puts in the draft shows in the fields, the draft then holding what they show (no echo, no flag)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.generation.aspect import Aspect
from app.ui.prompt_panel import PromptPanel


def test_a_field_the_user_changes_writes_that_field_once(qtbot: QtBot, tmp_path: Path) -> None:
    panel = PromptPanel()
    qtbot.addWidget(panel)
    # what no field of the panel shows stays the draft's: the picture being edited, the prompt as written
    panel.draft.edit_picture(tmp_path / "edit me.png")
    panel.draft.keep_written_prompt("un renard")
    before = panel.draft.request
    changes: list[object] = []
    panel.draft.changed.connect(lambda: changes.append(panel.draft.request))
    panel.steps.setFocus()
    panel.steps.selectAll()
    qtbot.keyClicks(panel.steps, "9")
    assert len(changes) == 1 and panel.draft.request == dataclasses.replace(before, steps=9)
    qtbot.keyClicks(panel.prompt, "a fox")
    assert panel.draft.request == dataclasses.replace(before, steps=9, prompt="a fox")
    assert len(changes) == 1 + len("a fox")  # one change a key


def test_what_another_part_puts_in_the_draft_shows_and_comes_back_as_shown(qtbot: QtBot) -> None:
    panel = PromptPanel()
    qtbot.addWidget(panel)
    qtbot.mouseClick(panel.aspect_buttons[Aspect.PORTRAIT], Qt.MouseButton.LeftButton)
    changes: list[object] = []
    panel.draft.changed.connect(lambda: changes.append(panel.draft.request))
    panel.draft.reuse_seed(42)
    assert panel.seed.value() == 42 and len(changes) == 1  # shown, and nothing written back: it was the same
    # a sampler the window does not offer, and a size off the family's multiple: the draft holds what shows
    panel.draft.edit(dataclasses.replace(panel.draft.request, sampler="no such sampler", negative_prompt="blur",
                                         width=640, height=448, size_from_input=False))
    assert panel.sampler.currentData() is None and panel.draft.request.sampler is None
    assert panel.negative.text() == "blur" and panel.negative.isVisibleTo(panel)
    assert (panel.width_box.value(), panel.height_box.value()) == (640, 448)
    assert panel.aspect_buttons[Aspect.CUSTOM].isChecked()
    request = panel.draft.request
    assert (request.width, request.height, request.negative_prompt) == (640, 448, "blur")
