"""The real window, offscreen, driven by clicks and keys, with the real backend on lavapipe."""

from __future__ import annotations

import re
from pathlib import Path

import psutil
import pytest
from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from app.core.generation.aspect import Aspect
from app.core.generation.output import Stage
from app.services.runners.events import StepMade
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.ui.main_window import MainWindow
from tests.helpers.runner_events import ended, entered, hear


def fill_in(qtbot: QtBot, window: MainWindow, tiny_model, prompt: str, side: int, steps: int) -> None:
    model, taesd = tiny_model
    panel = window.panel
    # the size typed stays: a shape button resizes to the model's family once its header is read (Flux: 1024 px,
    # minutes a step on lavapipe), which a slow machine reaches before Generate
    qtbot.mouseClick(panel.aspect_buttons[Aspect.CUSTOM], Qt.MouseButton.LeftButton)
    qtbot.keyClicks(panel.prompt, prompt)
    qtbot.keyClicks(panel.model.line_edit, str(model))
    qtbot.keyClicks(panel.taesd.line_edit, str(taesd))
    for box, value in ((panel.width_box, side), (panel.height_box, side), (panel.steps, steps)):
        box.selectAll()
        qtbot.keyClicks(box, str(value))
        qtbot.keyClick(box, Qt.Key.Key_Tab)
        assert box.value() == value


def test_generate_shows_the_finished_image(qtbot: QtBot, window: MainWindow, sd_cli: Path, tiny_model,
                                           out_dir: Path) -> None:
    fill_in(qtbot, window, tiny_model, "a lighthouse at dawn", 64, 2)
    progress_formats: list[str] = []
    window.studio.generation.job_event.connect(
        hear(StepMade, lambda _: progress_formats.append(window.status_line.progress.format()), "progress"))
    status_lines: list[str] = []
    window.studio.generation.job_event.connect(
        hear(StepMade, lambda _: status_lines.append(window.status_line.status.text()), "progress"))
    # the event loop must keep turning while sd.cpp samples: count timer ticks between the two steps
    ticks: list[int] = [0]
    ticks_at_step: list[int] = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.__setitem__(0, ticks[0] + 1))
    timer.start(5)
    window.studio.generation.job_event.connect(hear(StepMade, lambda _: ticks_at_step.append(ticks[0]), "progress"))
    with qtbot.waitSignal(window.generation_finished, timeout=120_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
        assert not window.go.generate.isEnabled() and window.go.cancel.isEnabled()
    outcome = finished.args[0]
    assert outcome.ok, outcome
    assert window.image.image_path == Path(outcome.image)
    assert window.image.image_path.parent == out_dir
    assert not window.image.pixmap().isNull()
    assert progress_formats == ["Step 1/2", "Step 2/2"]
    # the status line in words: step i of N, time per step, and the time left while there is some
    assert re.fullmatch(r"Drawing — step 1 of 2, \d+\.\d s per step, (\d+ s|about .+|less than a second) left",
                        status_lines[0]), status_lines[0]
    assert re.fullmatch(r"Drawing — step 2 of 2, \d+\.\d s per step", status_lines[-1]), status_lines[-1]
    assert window.status_line.progress.format() == "Done"
    assert window.go.generate.isEnabled() and not window.go.cancel.isEnabled()
    assert window.folds.log.toPlainText().count("\n") > 10
    assert ticks_at_step[1] > ticks_at_step[0], "the window froze while sd.cpp was sampling"


def test_cancel_mid_run_leaves_no_backend_process(qtbot: QtBot, window: MainWindow, sd_cli: Path, tiny_model,
                                                  out_dir: Path) -> None:
    fill_in(qtbot, window, tiny_model, "a long one", 512, 50)
    with qtbot.waitSignal(window.studio.generation.job_event, timeout=60_000, check_params_cb=entered(Stage.SAMPLING)):
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    pid = window.studio.generation.pid()
    assert pid is not None and psutil.Process(pid).is_running()
    with qtbot.waitSignal(window.generation_finished, timeout=30_000) as finished:
        qtbot.mouseClick(window.go.cancel, Qt.MouseButton.LeftButton)
    assert finished.args[0].cancelled
    assert not psutil.pid_exists(pid)
    assert window.status_line.progress.format() == "Cancelled"
    assert window.go.generate.isEnabled()
    assert list(out_dir.glob("*.png")) == []


def test_bad_input_is_explained_and_the_window_stays_usable(qtbot: QtBot, window: MainWindow, tiny_model) -> None:
    model, _taesd = tiny_model
    window.panel.model.set_path(model)
    with qtbot.waitSignal(window.generation_finished, timeout=10_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)  # empty prompt
    assert finished.args[0].error.kind.value == "bad_request"
    assert "\nThe prompt is empty." in window.status_line.status.text()
    assert window.status_line.progress.format() == "Failed"
    assert window.go.generate.isEnabled()
    qtbot.keyClicks(window.panel.model.line_edit, "-missing")
    qtbot.keyClicks(window.panel.prompt, "now with a prompt")
    with qtbot.waitSignal(window.generation_finished, timeout=10_000):
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert f"Model file not found: {model}-missing." in window.status_line.status.text()


def test_closing_the_window_mid_run_ends_the_backend_at_once(qtbot: QtBot, window: MainWindow, sd_cli: Path,
                                                             tiny_model, out_dir: Path) -> None:
    fill_in(qtbot, window, tiny_model, "closing", 512, 50)
    with qtbot.waitSignal(window.studio.generation.job_event, timeout=60_000, check_params_cb=entered(Stage.SAMPLING)):
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    pid = window.studio.generation.pid()
    assert pid is not None
    # the job itself is not over: it stays in the queue file to run again at the next start
    with qtbot.waitSignal(window.studio.generation.job_event, timeout=10_000, check_params_cb=ended) as finished:
        window.close()
        assert not psutil.pid_exists(pid)  # gone before close() returned, not at some later exit
    assert finished.args[0].outcome.cancelled


def test_the_plan_shows_next_to_generate_and_an_expert_can_override(qtbot: QtBot, window: MainWindow, sd_cli: Path,
                                                                     tiny_model) -> None:
    model, taesd = tiny_model
    window.panel.model.set_path(model)
    window.panel.taesd.set_path(taesd)
    # lavapipe: the processor draws everything, so the plan speaks of the computer's memory, not a card's
    qtbot.waitUntil(lambda: window.plan.label.text().startswith("Memory plan: everything on the processor; "
                                                                "predicted "), timeout=20_000)
    assert "VRAM" not in window.plan.label.text()
    assert "--clip-on-cpu" in window.plan.label.toolTip()  # CLIP stays on the CPU
    assert not window.panel.clip_on_cpu.isEnabled()
    window.panel.automatic.click()
    assert window.panel.clip_on_cpu.isEnabled() and window.panel.max_vram_gib.isEnabled()
    qtbot.waitUntil(lambda: window.plan.label.text().startswith("Memory: your own settings"), timeout=5_000)
    window.panel.offload_to_cpu.click()
    window.panel.max_vram_gib.selectAll()
    qtbot.keyClicks(window.panel.max_vram_gib, "3")
    memory = window.panel.draft.request.memory
    assert memory is not None and (memory.offload_to_cpu, memory.max_vram_gib) == (True, 3.0)


def test_the_plan_waits_for_a_pause_whatever_changed(qtbot: QtBot, window: MainWindow) -> None:
    # a changed value once became the pause itself: Steps 7 planned after 7 ms, a width of 1024 after a second
    panel, pause = window.panel, window.draft.timer.interval()
    for change in (lambda: panel.steps.setValue(7), lambda: panel.width_box.setValue(1024), panel.automatic.click,
                   lambda: panel.prompt.setPlainText("a lighthouse")):
        change()
        assert window.draft.timer.isActive() and window.draft.timer.interval() == pause == 400


def test_the_window_says_why_it_retried(qtbot: QtBot, out_dir: Path, sd_cli: Path, standin: Path, tiny_model,
                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STANDIN_CASE", "oom_then_real")
    monkeypatch.setenv("STANDIN_STATE", str(tmp_path / "calls.jsonl"))
    monkeypatch.setenv("STANDIN_REAL", str(sd_cli))
    window = MainWindow(Studio(out_dir, Machine(standin)))
    qtbot.addWidget(window)
    window.show()
    fill_in(qtbot, window, tiny_model, "retry", 64, 1)
    with qtbot.waitSignal(window.generation_finished, timeout=120_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert finished.args[0].ok
    assert "The first try ran out of video memory; it was tried again, safer: " in window.status_line.status.text()
    assert not window.image.pixmap().isNull()


def test_ctrl_q_quits(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window.panel.prompt, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


def test_the_folder_chooser_refuses_a_read_only_folder_at_once(qtbot: QtBot, window: MainWindow, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    from tests.helpers.filesystems import tmpfs

    before = window.studio.out_dir
    with tmpfs(tmp_path / "ro", "1m", read_only=True) as read_only:
        monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_: str(read_only))
        qtbot.mouseClick(window.folder_button, Qt.MouseButton.LeftButton)
        assert window.status_line.status.text().startswith("Pictures cannot be saved: ")
        assert window.status_line.status.text().endswith("Choose another folder.")
    assert window.studio.out_dir == before  # kept: the next Generate saves where it did
