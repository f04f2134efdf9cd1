"""The fault matrix through the real window (offscreen): a folder that refuses the picture before or during the run
ends the job in words, the picture is kept, the next job runs and Cancel works; the loading stage is shown; jobs from
last time wait for Run queue. The pictures are the stand-in's (tests/helpers/standin.py: real sd.cpp output replayed,
held at its first step until the test lets it go on), but where Cancel meets the real sd.cpp in a stage the stand-in
passes at once; the window draws with the real sd.cpp on lavapipe in test_main_window.py."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.generation.output import ErrorKind, Stage
from app.core.generation.request import GenerationRequest
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.platform_paths import user_dirs
from app.core.queue.jobs import Job, JobState, save_queue
from app.services.runners.events import StageEntered, StepMade
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.ui.image_view import no_picture_yet
from app.ui.main_window import MainWindow
from tests.helpers.filesystems import make_read_only, tmpfs
from tests.helpers.runner_events import entered, hear
from tests.ui.test_main_window import fill_in

# Windows Python runs (issue 34) a file Windows holds with its own words, and sd-cli.exe ended while it writes the
# picture; the window's words and the queue's states are logic on the same paths, and a read-only folder needs a
# Linux mount (skipped on Windows): those run on Linux alone


@pytest.fixture
def held_window(qtbot: QtBot, out_dir: Path, held_standin: tuple[Machine, Path]) -> MainWindow:
    """The window on the stand-in (held_standin: its pictures hold at their first step until the file is made)."""
    main = MainWindow(Studio(out_dir, held_standin[0]))
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    return main


@pytest.fixture
def release(held_standin: tuple[Machine, Path]) -> Path:
    return held_standin[1]


# Linux alone, as the next: the read-only disk is a Linux mount (tmpfs), skipped under Windows Python
def test_a_read_only_folder_is_said_at_once_and_the_next_job_runs(qtbot: QtBot, held_window: MainWindow,
                                                                  release: Path, tiny_model, tmp_path: Path,
                                                                  out_dir: Path) -> None:
    window = held_window
    release.touch()
    fill_in(qtbot, window, tiny_model, "refused", 64, 1)
    with tmpfs(tmp_path / "disk", "256k", read_only=True) as disk:
        window.folder_button.set_output_folder(disk / "images")
        with qtbot.waitSignal(window.generation_finished, timeout=8_000) as finished:
            qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert finished.args[0].error.kind is ErrorKind.CANNOT_SAVE
    status = window.status_line.status.text()
    assert "Choose another folder" in status and "read-only disk" in status
    assert window.go.generate.isEnabled() and window.status_line.progress.format() == "Failed"
    assert window.queue_strip.list.item(0).text().startswith("failed: Pictures cannot be saved")
    window.folder_button.set_output_folder(out_dir)
    with qtbot.waitSignal(window.generation_finished, timeout=120_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert finished.args[0].ok, finished.args[0]


def test_a_folder_turned_read_only_mid_run_keeps_the_picture_and_cancel_still_works(
        qtbot: QtBot, held_window: MainWindow, release: Path, tiny_model, tmp_path: Path, out_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = held_window
    fill_in(qtbot, window, tiny_model, "kept aside", 64, 4)

    def read_only_then_go_on(disk: Path) -> None:
        if not release.exists():  # the first job's first step only (the next job's comes at once too)
            make_read_only(disk)
            release.touch()

    with tmpfs(tmp_path / "disk", "8m") as disk:
        window.folder_button.set_output_folder(disk)
        window.studio.generation.job_event.connect(
            hear(StepMade, lambda progress: progress.step == 1 and read_only_then_go_on(disk), "progress"))
        with qtbot.waitSignal(window.generation_finished, timeout=120_000) as finished:
            qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
        assert list(disk.iterdir()) == []
    outcome = finished.args[0]
    assert outcome.error.kind is ErrorKind.CANNOT_SAVE, outcome
    unsaved = user_dirs(sys.platform, os.environ, Path.home(), None).unsaved
    assert unsaved.is_dir(), outcome
    [kept] = list(unsaved.iterdir())
    assert f"It is kept in {kept}." in window.status_line.status.text()
    assert window.go.generate.isEnabled()
    # the queue is free: the next job runs (held at its first step), and Cancel ends it
    monkeypatch.setenv("STANDIN_RELEASE", str(tmp_path / "never made"))
    window.folder_button.set_output_folder(out_dir)
    window.panel.steps.setValue(50)
    with qtbot.waitSignal(window.studio.generation.job_event, timeout=60_000, check_params_cb=entered(Stage.SAMPLING)):
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.generation_finished, timeout=30_000) as finished:
        qtbot.mouseClick(window.go.cancel, Qt.MouseButton.LeftButton)
    assert finished.args[0].cancelled


# Linux alone: the stage's words are the window's logic; sd-cli.exe's stages read on Windows are
# test_generate_cli.py's first test's
def test_the_loading_stage_shows_in_the_status_the_queue_and_the_picture(qtbot: QtBot, held_window: MainWindow,
                                                                         release: Path, tiny_model) -> None:
    window = held_window
    release.touch()
    fill_in(qtbot, window, tiny_model, "loading", 64, 1)
    seen: list[tuple[str, str, str]] = []
    window.studio.generation.job_event.connect(hear(StageEntered, lambda stage: stage is Stage.LOADING and seen.append(
        (window.status_line.status.text(), window.image.canvas.text(), window.queue_strip.list.item(0).text())),
        "stage"))
    with qtbot.waitSignal(window.generation_finished, timeout=120_000):
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    [(status, picture, row)] = seen  # once, from the moment sd.cpp starts: not "Drawing…"
    assert status == picture == "Loading the model…"
    assert row.startswith("loading the model…")
    assert window.image.canvas.text() == ""  # the picture shows now


# Linux alone: the window's words on the saved queue; the queue's file on Windows, read back after the app was
# killed and run, is tests/integration/test_queue_survives_a_crash.py's
def test_jobs_from_last_time_wait_for_run_queue(qtbot: QtBot, held_standin: tuple[Machine, Path], tiny_model,
                                               out_dir: Path, tmp_path: Path) -> None:
    machine, release = held_standin
    release.touch()
    model, taesd = tiny_model
    request = GenerationRequest(prompt="from last time", width=64, height=64, steps=1, seed=3,
                                models=ModelFiles(model=model, taesd=taesd),
                                memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))
    store = tmp_path / "queue.json"
    save_queue(store, [Job(request, state=JobState.RUNNING), Job(request)])
    window = MainWindow(Studio(out_dir, machine, store=store))
    generation, queue = window.studio.generation, window.studio.queue
    qtbot.addWidget(window)
    window.show()
    assert "Jobs from last time waiting in the queue: 2. Press Run queue" in window.status_line.status.text()
    assert window.image.canvas.text() == no_picture_yet()
    with qtbot.waitSignal(generation.probed, timeout=60_000):  # the queue dispatched on this answer before
        generation.probe_devices()
    assert not queue.busy and [job.state for job in queue.jobs] == [JobState.WAITING] * 2
    rows = [window.queue_strip.list.item(i).text() for i in range(2)]
    assert rows[0].startswith("waiting for Run queue — It was running when the app closed")
    assert rows[1].startswith("waiting for Run queue\nfrom last time")
    assert window.queue_strip.run_button.isEnabled()
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        qtbot.mouseClick(window.queue_strip.run_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: queue.busy, timeout=10_000)
        # the big button offers Cancel while Run queue draws, without taking the keyboard from where it was
        assert window.go.cancel.isVisible() and window.go.cancel.isEnabled()
        assert not window.go.generate.isVisible() and not window.go.cancel.hasFocus()
    assert [job.state for job in queue.jobs] == [JobState.DONE] * 2
    assert window.go.generate.isVisible() and window.go.generate.isEnabled()


@pytest.mark.windows
def test_a_file_held_by_another_program_ends_the_job_and_keeps_the_picture(
        qtbot: QtBot, held_window: MainWindow, release: Path, tiny_model, out_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = held_window
    release.touch()
    # Windows refuses to move a file another program holds (an antivirus, a viewer): the one place that moves a
    # picture into the user's folder is made to fail as Windows does, on every platform
    from app.core.gallery import image_store

    move = image_store._move_to_free_name

    def held(source: Path, folder: Path, stem: str, make: bool = False) -> Path:
        if folder == out_dir:
            # (Windows Python sets winerror from the 4th argument; elsewhere the errno tells the same story)
            raise OSError(errno.EACCES, "The process cannot access the file because it is being used by another "
                          "process", str(folder / f"{stem}.png"), 32)
        return move(source, folder, stem, make)

    monkeypatch.setattr(image_store, "_move_to_free_name", held)
    fill_in(qtbot, window, tiny_model, "held", 64, 1)
    with qtbot.waitSignal(window.generation_finished, timeout=120_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert finished.args[0].error.kind is ErrorKind.CANNOT_SAVE
    [kept] = list(user_dirs(sys.platform, os.environ, Path.home(), None).unsaved.iterdir())
    words = "another program is using a file" if sys.platform == "win32" else "you may not write in"
    assert words in window.status_line.status.text() and f"It is kept in {kept}." in window.status_line.status.text()
    assert not [p for p in out_dir.glob("*") if p.name != ".jobs"]
    monkeypatch.setattr(image_store, "_move_to_free_name", move)
    with qtbot.waitSignal(window.generation_finished, timeout=120_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert finished.args[0].ok  # the next job runs


# Linux alone: refused before sd-cli.exe starts, by the request's logic; a too long prompt on Windows' command line
# is test_generate_cli.py's
def test_a_prompt_too_long_for_sdcpp_is_refused_in_words_at_once(qtbot: QtBot, window: MainWindow, sd_cli: Path,
                                                                 tiny_model) -> None:
    fill_in(qtbot, window, tiny_model, "x", 64, 1)
    window.panel.prompt.setPlainText("a lighthouse at dawn, " * 2300)  # 50,600 characters, pasted
    # said at once, before Generate: a sentence of its own, without the program's name
    said = ("The prompt is 50,600 characters long; at most 2,400 can be drawn (longer ones crash the drawing "
            "program).")
    assert window.status_line.status.text() == said
    window.panel.prompt.setPlainText("a lighthouse at dawn")
    assert window.status_line.status.text() == ""  # shortened: the warning goes
    window.panel.prompt.setPlainText("a lighthouse at dawn, " * 2300)
    with qtbot.waitSignal(window.generation_finished, timeout=8_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    assert finished.args[0].error.kind is ErrorKind.BAD_REQUEST
    assert window.status_line.status.text() == f"The settings were not accepted.\n{said}"
    assert window.go.generate.isEnabled()


# under Windows Python only while decoding: sd-cli.exe ended as it writes the picture (no half PNG left); ended while
# loading it is the same end of the same process, with nothing written yet
@pytest.mark.backend
@pytest.mark.parametrize("stage", [Stage.LOADING, pytest.param(Stage.DECODING, marks=pytest.mark.windows)])
def test_cancel_all_ends_the_job_in_any_stage(qtbot: QtBot, window: MainWindow, sd_cli: Path, tiny_model,
                                              out_dir: Path, stage: Stage) -> None:
    fill_in(qtbot, window, tiny_model, "cancelled", 64, 2)
    window.panel.batch.count.setValue(2)  # a second job waits behind it
    with qtbot.waitSignal(window.studio.generation.job_event, timeout=120_000, check_params_cb=entered(stage)):
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.studio.queue.idle, timeout=30_000):
        qtbot.mouseClick(window.queue_strip.cancel_all_button, Qt.MouseButton.LeftButton)
    assert not window.studio.queue.busy and window.go.generate.isEnabled()
    assert {job.state for job in window.studio.queue.jobs} <= {JobState.CANCELLED, JobState.DONE}
    assert len(list(out_dir.glob("*.png"))) == sum(job.state is JobState.DONE for job in window.studio.queue.jobs)
