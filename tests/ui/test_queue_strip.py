"""The queue strip with real widgets and the real backend on lavapipe: a batch of images, reordered, one
cancelled and retried; a failed job says why; Cancel stops everything."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from app.core.generation.output import Progress
from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import Job, JobState
from app.core.queue.rig import LOCAL_CARD
from app.services.studio import Studio
from app.ui.main_window import MainWindow
from app.ui.queue_strip import job_words
from tests.ui.test_main_window import fill_in


def make_window(qtbot: QtBot, out_dir: Path) -> MainWindow:
    window = MainWindow(Studio(out_dir))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def click(qtbot: QtBot, button: QPushButton) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_batch_is_queued_reordered_cancelled_and_retried(qtbot: QtBot, sd_cli: Path, tiny_model,
                                                           out_dir: Path) -> None:
    window = make_window(qtbot, out_dir)
    fill_in(qtbot, window, tiny_model, "a lighthouse", 64, 3)
    window.panel.seed.setValue(500)
    window.panel.batch.count.setValue(3)
    strip, queue = window.queue_strip, window.studio.queue
    started: list[int | None] = []
    queue.changed.connect(lambda: [started.append(j.request.seed) for j in queue.running_jobs()
                                   if j.request.seed not in started])
    with qtbot.waitSignal(queue.idle, timeout=240_000):
        click(qtbot, window.go.generate)
        assert strip.isVisible() and strip.list.count() == 3
        assert [j.request.seed for j in queue.jobs] == [500, 501, 502]  # seeds in a row
        assert window.go.add.isVisible() and window.go.cancel.isVisible()
        strip.list.setCurrentRow(2)
        click(qtbot, strip.up_button)  # 502 goes before 501
        assert [j.request.seed for j in queue.jobs] == [500, 502, 501]
        strip.list.setCurrentRow(2)
        click(qtbot, strip.cancel_button)  # 501 never runs
    assert started == [500, 502]
    assert [(j.request.seed, j.state) for j in queue.jobs] == [
        (500, JobState.DONE), (502, JobState.DONE), (501, JobState.CANCELLED)]
    assert [strip.list.item(i).text().splitlines()[0] for i in range(3)] == ["done", "done", "cancelled"]
    strip.list.setCurrentRow(2)
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        click(qtbot, strip.retry_button)
    assert queue.jobs[-1].request.seed == 501 and queue.jobs[-1].state is JobState.DONE
    assert len(list(out_dir.glob("*.png"))) == 3
    assert window.go.generate.isVisible() and not window.go.cancel.isVisible()
    click(qtbot, strip.clear_button)
    assert strip.list.count() == 0 and not strip.isVisible()


def test_a_failed_job_says_why_and_cancel_stops_the_whole_batch(qtbot: QtBot, sd_cli: Path, tiny_model,
                                                                 out_dir: Path) -> None:
    window = make_window(qtbot, out_dir)
    model, _ = tiny_model
    fill_in(qtbot, window, tiny_model, "a lighthouse", 512, 50)
    window.panel.model.set_path(Path(f"{model}-missing"))
    with qtbot.waitSignal(window.studio.queue.idle, timeout=30_000):
        click(qtbot, window.go.generate)
    [failed] = window.studio.queue.jobs
    assert failed.state is JobState.FAILED and "model file not found" in failed.reason
    assert job_words(failed).startswith("failed: model file not found")
    window.panel.model.set_path(model)
    window.panel.batch.count.setValue(2)
    with qtbot.waitSignal(window.studio.queue.idle, timeout=60_000):
        click(qtbot, window.go.generate)
        qtbot.waitUntil(lambda: window.studio.generation.pid() is not None, timeout=30_000)
        click(qtbot, window.go.cancel)
    assert [j.state for j in window.studio.queue.jobs] == [JobState.FAILED, JobState.CANCELLED, JobState.CANCELLED]
    assert list(out_dir.glob("*.png")) == []


def test_a_damaged_queue_file_is_set_aside_and_said_and_the_app_starts(qtbot: QtBot, out_dir: Path) -> None:
    from app.services.user_dirs import current_user_dirs

    store = current_user_dirs().job_queue
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_bytes(b'{"format": 1, "jobs": [{"id": "half-writ')
    window = MainWindow(Studio(out_dir, store=store))
    qtbot.addWidget(window)
    assert window.studio.queue.jobs == [] and not window.queue_strip.isVisible()
    assert window.status_line.status.text().startswith("The job queue file was damaged")
    [aside] = store.parent.glob("queue.damaged-*.json")
    assert aside.read_bytes().startswith(b'{"format": 1') and not store.exists()


def test_a_running_job_says_the_time_left_until_its_last_step() -> None:
    def words(step: int) -> str:
        progress = Progress(step, 4, 0.3)
        return job_words(Job(GenerationRequest("a lighthouse", seed=7), state=JobState.RUNNING, step=step,
                             steps=4, eta_seconds=progress.eta_seconds))

    assert words(3) == "running step 3/4, less than a second left\na lighthouse (seed 7)"
    assert words(4) == "running step 4/4\na lighthouse (seed 7)"


def test_a_running_job_names_the_processor_on_a_computer_without_a_graphics_card() -> None:
    job = Job(GenerationRequest("a lighthouse", seed=7), state=JobState.RUNNING, card=LOCAL_CARD)
    assert job_words(job, on_processor=True) == "starting on this computer's processor\na lighthouse (seed 7)"
    assert job_words(job) == "starting on the graphics card\na lighthouse (seed 7)"
    job.card = "GPU 1: AMD Radeon RX 580 (8.0 GiB)"  # a rig's card by its name
    assert job_words(job, on_processor=True) == "starting on GPU 1: AMD Radeon RX 580 (8.0 GiB)\na lighthouse (seed 7)"


def test_a_right_click_on_a_job_says_what_the_buttons_do_in_words(qtbot: QtBot, out_dir: Path) -> None:
    from app.core.queue.jobs import save_queue
    from app.services.user_dirs import current_user_dirs

    store = current_user_dirs().job_queue
    save_queue(store, [Job(GenerationRequest("a red fox", seed=3)),
                       Job(GenerationRequest("a grey owl", seed=4), state=JobState.FAILED, reason="no backend")])
    window = MainWindow(Studio(out_dir, store=store))
    qtbot.addWidget(window)
    window.show()
    strip = window.queue_strip
    failed = strip.list.item(1)
    menu = strip.open_menu(strip.list.visualItemRect(failed).center())
    assert strip.selected() is failed.data(Qt.ItemDataRole.UserRole)  # the job right-clicked is the one meant
    actions = {action.text(): action for action in menu.actions()}
    assert list(actions) == ["Up", "Down", "Cancel job", "Retry", "Keep it", "Clear finished", "Cancel all"]
    # a failed job can be moved or retried, not cancelled or kept (no picture was set aside); the waiting one can
    # still be cancelled with the rest
    assert [name for name, action in actions.items() if action.isEnabled()] == ["Up", "Down", "Retry",
                                                                                 "Clear finished", "Cancel all"]
    actions["Retry"].trigger()
    menu.close()
    assert [(job.request.prompt, job.state) for job in window.studio.queue.jobs][-1] == ("a grey owl",
                                                                                       JobState.WAITING)
