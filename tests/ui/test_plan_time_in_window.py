"""The window says how long a picture will take, before Generate: in the plan and on the status line; and the next
picture of the same kind is priced from what the last one took here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.generation.status_words import time_words
from app.core.planning.learned_time import learned_time
from app.services.user_dirs import current_user_dirs
from app.ui.main_window import MainWindow
from tests.helpers.first_picture_window import FIRST_ON_THE_PROCESSOR, first_picture_window


@pytest.mark.usefixtures("new_shader_cache")
def test_the_plan_says_how_long_on_this_card(qtbot: QtBot, window: MainWindow, sd_cli: Path, tiny_model) -> None:
    model, taesd = tiny_model
    window.panel.model.set_path(model)
    window.panel.taesd.set_path(taesd)
    qtbot.waitUntil(lambda: FIRST_ON_THE_PROCESSOR in window.plan.summary.text(), timeout=60_000)
    card = window.studio.generation.card
    assert card is not None and card.is_cpu
    # lavapipe here: before a first picture, a number from the processor's speed (timed once, kept), the one-time
    # set-up said (issue 52: "About 4-7 s" shown, 79.5 s taken); no "llvmpipe" said
    assert (current_user_dirs().data / "processor_speed.json").is_file()
    assert FIRST_ON_THE_PROCESSOR in window.plan.label.text()
    assert "About " in window.plan.summary.text()
    assert "llvmpipe" not in window.plan.summary.text() and "llvmpipe" not in window.plan.label.text()


def test_the_second_picture_s_estimate_is_what_the_first_took(qtbot: QtBot, out_dir: Path, standin: Path,
                                                              tiny_model, tmp_path: Path, new_shader_cache: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # the stand-in replays a real 128 px, 2-step run's output (sd.cpp's own seconds: loading 0.40, prompt 0.41,
    # sampling 4.20, decoding 0.31) and writes a picture; Mesa's files stand for the shaders a real run keeps
    (new_shader_cache / "mesa_shader_cache").mkdir(parents=True)
    monkeypatch.setenv("STANDIN_CASE", "record_card")
    monkeypatch.setenv("STANDIN_STATE", str(tmp_path / "calls.jsonl"))
    window = first_picture_window(qtbot, out_dir, standin, tiny_model)
    model, taesd = tiny_model
    with qtbot.waitSignal(window.generation_finished, timeout=120_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert finished.args[0].ok, finished.args[0]
    card = window.studio.generation.card
    assert card is not None
    document = json.loads((current_user_dirs().data / "measured_speeds.json").read_text(encoding="utf-8"))
    assert document["schema_version"] == 2
    [(kind, record)] = document["pictures"][card.name].items()
    assert kind.startswith(f"{model.name}+{taesd.name}/128x128/") or kind.startswith(f"{taesd.name}+{model.name}/")
    # sd.cpp said 2.37 s a step after the first, 2.10 after both: the second took 1.83 s
    assert record["text"] == 0.41 and record["seconds_per_step"] == 1.83 and record["decode"] == 0.31
    assert record["starting"] >= 0.40 and record["runs"] == 1
    # the first picture on this card: its first step's set-up (0.54 s beyond a later step) was once; the window
    # prices the next picture from it by itself, with no change to the fields
    took = record["starting"] + 0.41 + 2 * 1.83 + 0.31
    qtbot.waitUntil(lambda: FIRST_ON_THE_PROCESSOR not in window.plan.summary.text(), timeout=30_000)
    second = learned_time(record, 2, card.name)
    assert second is not None and second.seconds == pytest.approx(took)
    assert time_words(second) in window.plan.summary.text()
    assert "as it ran here before." in window.plan.summary.text() and "About " in window.plan.summary.text()
    assert FIRST_ON_THE_PROCESSOR not in window.plan.summary.text()
