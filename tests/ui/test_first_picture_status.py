"""A new user's first picture on a PC whose processor draws (lavapipe): before Generate the window gives a number
that includes the one-time set-up, and from the first second the status line says what is being done: loading,
reading the prompt, then the first step, which on a first picture prepares the processor's code for minutes
(issue 52: for 55 s it said only "Drawing...")."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from tests.helpers.first_picture_window import first_picture_window

PREPARING = ("(the first step, the slowest: on a first picture the processor also prepares its code for drawing, "
             "once)")


@pytest.mark.usefixtures("new_shader_cache")
def test_the_first_picture_says_what_it_does_from_its_first_second(qtbot: QtBot, out_dir: Path, standin: Path,
                                                                   tiny_model, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # the stand-in replays a real run up to its first step and holds there, as lavapipe compiling its shaders does
    release = tmp_path / "release"
    monkeypatch.setenv("STANDIN_CASE", "hold_first_step")
    monkeypatch.setenv("STANDIN_RELEASE", str(release))
    window = first_picture_window(qtbot, out_dir, standin, tiny_model)
    line = window.status_line
    seen: list[tuple[float, str, str]] = []  # every tenth of a second: when, the bar's words, the status line's
    clicked = time.monotonic()
    watch = QTimer(window)
    watch.timeout.connect(lambda: seen.append((time.monotonic() - clicked, line.progress.format(), line.status.text())))
    watch.start(100)
    qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: PREPARING in line.status.text(), timeout=20_000)
    watch.stop()
    with qtbot.waitSignal(window.generation_finished, timeout=60_000) as finished:
        release.touch()
    assert finished.args[0].ok, finished.args[0]
    # from the first second on, the status line says what is being done, never nothing
    assert seen and seen[0][0] < 1.0
    assert all(status for at, _, status in seen if at >= 1.0), seen
    said = [status.split("…")[0] for _, _, status in seen if status]
    assert said[0] == "Loading the model" and "Drawing" in said, said
    assert "Starting" in seen[0][1] or seen[0][2], seen[0]  # the bar too, before sd.cpp's first line
    assert "graphics card" not in " ".join(status for _, _, status in seen)
