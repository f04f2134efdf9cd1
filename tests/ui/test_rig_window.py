"""A rig in the window: every card's job speaks through the studio's one stream of events, and the progress bar
counts the steps of all the jobs running at once (a real 2-GPU machine's vulkaninfo; stand-ins that replay a real
run, one per card)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.core.generation.output import Progress
from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFiles
from app.core.queue.jobs import JobState
from app.services.runners.events import JobEvent, StepMade
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.ui.main_window import MainWindow
from app.ui.status_line import StatusLine
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo

TWO_GPUS = "public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt"  # an RTX 3060 Ti and a Ryzen's iGPU
GIB = 2**30


def test_one_bar_for_every_cards_steps_and_each_card_in_words(qtbot: QtBot, out_dir: Path) -> None:
    studio = Studio(out_dir)  # held: the queue is the studio's child, deleted with it
    line = StatusLine(QLabel(), studio)
    qtbot.addWidget(line)
    line.show_steps({"GPU 0: Radeon RX 580": Progress(3, 20, 2.0)})
    assert (line.progress.value(), line.progress.maximum()) == (3, 20)
    assert line.status.text() == "Drawing — step 3 of 20, 2.0 s per step, 34 s left"
    line.show_steps({"GPU 0: Radeon RX 580": Progress(5, 20, 2.0), "GPU 1: Radeon RX 570": Progress(1, 8, 3.0)})
    assert (line.progress.value(), line.progress.maximum(), line.progress.format()) == (6, 28, "Step 6/28")
    assert line.status.text().splitlines() == [
        "GPU 0: Radeon RX 580: Drawing — step 5 of 20, 2.0 s per step, 30 s left",
        "GPU 1: Radeon RX 570: Drawing — step 1 of 8, 3.0 s per step, 21 s left"]


def test_the_window_hears_every_cards_steps(qtbot: QtBot, standin: Path, tiny_model, out_dir: Path,
                                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", TWO_GPUS))
    monkeypatch.setenv("STANDIN_CASE", "record_card")
    monkeypatch.setenv("STANDIN_STATE", str(tmp_path / "calls.jsonl"))
    monkeypatch.delenv("GGML_VK_VISIBLE_DEVICES", raising=False)
    model, taesd = tiny_model
    studio = Studio(out_dir, Machine(standin), host_ram=lambda: 64 * GIB)
    window = MainWindow(studio)
    qtbot.addWidget(window)
    with qtbot.waitSignal(studio.queue.cards_changed, timeout=30_000):
        studio.generation.probe_devices()
    labels = [label for label, _, _ in studio.queue.cards]
    studio.queue.set_card_enabled(labels[1], True)
    stepped: list[str] = []
    studio.job_event.connect(lambda event: isinstance(event, StepMade) and stepped.append(event.card))
    heard: list[JobEvent] = []
    studio.job_event.connect(heard.append)
    request = GenerationRequest(prompt="rig", width=128, height=128, steps=2,
                                models=ModelFiles(model=model, taesd=taesd))
    with qtbot.waitSignal(studio.queue.idle, timeout=120_000):
        jobs = studio.add([request] * 2)
    assert all(job.state is JobState.DONE for job in jobs), [(job.state, job.reason) for job in jobs]
    assert set(stepped) == set(labels)  # both cards' steps reached the window, each named
    assert {event.job.card for event in heard} == {event.card for event in heard} == set(labels)
    assert window.status_line.progress.format() == "Done"


def test_the_plan_is_for_the_card_the_next_picture_goes_to(qtbot: QtBot, standin: Path, out_dir: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", TWO_GPUS))
    monkeypatch.delenv("GGML_VK_VISIBLE_DEVICES", raising=False)
    studio = Studio(out_dir, Machine(standin), host_ram=lambda: 64 * GIB)
    window = MainWindow(studio)
    qtbot.addWidget(window)
    with qtbot.waitSignal(studio.queue.cards_changed, timeout=30_000):
        studio.generation.probe_devices()
    (first, _, _), (second, _, runner) = studio.queue.cards[:2]
    studio.queue.set_card_enabled(second, True)
    studio.queue.set_card_enabled(first, False)  # the first card does not draw: the plan is the second's
    with qtbot.waitSignal(window.draft.planned, timeout=30_000):
        window.draft.plan_soon()
    assert window.draft.card is runner and runner is not studio.generation
