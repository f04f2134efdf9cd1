"""Drafts in the window: "Try N drafts" under Generate queues N quick versions (half the size and steps, seeds in
a row) shown together; the gallery's More -> Finish at full size queues the picked one drawn again with the
draft's model and carried to the full size by the hires fix; the drafts' time and the finish's are said once this
computer has drawn such pictures. The stand-in replays a real run's output and writes a picture where sd-cli
would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.gallery.gallery_index import GalleryIndex
from app.core.generation.aspect import Aspect
from app.core.generation.drafts import FINISH_STRENGTH
from app.core.generation.request import DraftOf, GenerationRequest
from app.core.queue.jobs import JobState
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.ui.main_window import MainWindow


def test_try_drafts_then_finish_the_one_picked(qtbot: QtBot, out_dir: Path, standin: Path, tiny_model,
                                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STANDIN_CASE", "record_card")
    monkeypatch.setenv("STANDIN_STATE", str(tmp_path / "calls.jsonl"))
    window = MainWindow(Studio(out_dir, Machine(standin), gallery=GalleryIndex(tmp_path / "gallery.sqlite3")))
    qtbot.addWidget(window)
    window.show()
    model, taesd = tiny_model
    panel, row = window.panel, window.drafts_row
    qtbot.mouseClick(panel.aspect_buttons[Aspect.CUSTOM], Qt.MouseButton.LeftButton)
    qtbot.keyClicks(panel.prompt, "a lighthouse")
    panel.model.set_path(model)
    panel.taesd.set_path(taesd)
    for box, value in ((panel.width_box, 256), (panel.height_box, 256), (panel.steps, 4), (panel.seed, 30)):
        box.setValue(value)
    assert row.button.text() == "Try 4 drafts"
    row.count.setValue(2)
    assert row.button.text() == "Try 2 drafts"
    before = len(window.studio.queue.jobs)
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    drafts = window.studio.queue.jobs[before:]
    requests = [job.request for job in drafts]
    assert all(isinstance(request, GenerationRequest) for request in requests)
    assert [(r.width, r.height, r.steps, r.seed, r.draft_of) for r in requests] == [  # type: ignore[union-attr]
        (128, 128, 2, 30, DraftOf(256, 256, 4)), (128, 128, 2, 31, DraftOf(256, 256, 4))]
    assert "Drawing 2 drafts" in window.status_line.status.text()
    qtbot.waitUntil(lambda: all(job.state.finished for job in drafts), timeout=120_000)
    assert [job.state for job in drafts] == [JobState.DONE] * 2, [job.reason for job in drafts]
    # drawn here once: the plan says both times, from what they took
    with qtbot.waitSignal(window.draft.planned, timeout=30_000):
        window.draft.plan_soon()
    qtbot.waitUntil(lambda: "2 drafts in " in row.time.text(), timeout=10_000)
    assert ", then the one you pick in " in row.time.text() and row.time.isVisible()
    gallery = window.gallery
    assert gallery is not None and gallery.finish_action in gallery.more_menu.actions()
    picked = Path(drafts[1].image or "")
    qtbot.waitUntil(lambda: picked in [entry.path for entry in gallery.model.entries], timeout=10_000)
    row_of = [entry.path for entry in gallery.model.entries].index(picked)
    gallery.view.setCurrentIndex(gallery.model.index(row_of))
    gallery.finish_action.trigger()
    [finish] = window.studio.queue.jobs[before + 2:]
    request = finish.request
    assert isinstance(request, GenerationRequest)
    # drawn with the draft's model: the draft again (its size, steps and seed), carried to the full size by the
    # hires fix, from no picture
    assert (request.width, request.height, request.steps, request.seed) == (128, 128, 2, 31)
    assert (request.hires_size, request.finished_from, request.init_image) == ((256, 256), picked, None)
    assert request.hires is not None and request.hires.denoising_strength == FINISH_STRENGTH
    assert (f"Finishing {picked.name} at 256x256, its draft drawn again and enlarged (hires fix)"
            in window.status_line.status.text())
    qtbot.waitUntil(lambda: finish.state.finished, timeout=120_000)
    assert finish.state is JobState.DONE, finish.reason
    argv = json.loads((tmp_path / "calls.jsonl").read_text(encoding="utf-8").splitlines()[-1])["argv"]
    assert "--hires" in argv and "--init-img" not in argv
    assert argv[argv.index("--hires-width") + 1] == "256"
