"""An output folder moved away mid-run is not made again behind the user's back: the picture running when it went
and every picture after it is kept in the app's folder, each saying so in the same words, none lost (the stand-in
that replays a real run and writes a picture)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.output import Stage
from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFiles
from app.core.queue.jobs import JobState
from app.services.queue.job_queue import JobQueue
from app.services.runners.events import StageEntered
from app.services.runners.generation import Generation
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs

GIB = 2**30


def test_every_picture_after_the_output_folder_went_is_kept_in_the_apps_folder_in_words(
        qtbot: QtBot, standin: Path, tiny_model, out_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STANDIN_CASE", "record_card")
    monkeypatch.setenv("STANDIN_STATE", str(tmp_path / "calls.jsonl"))
    model, taesd = tiny_model
    request = GenerationRequest(prompt="a lighthouse", width=64, height=64, steps=2,
                                models=ModelFiles(model=model, taesd=taesd))
    queue = JobQueue(Generation(out_dir, Machine(standin)), host_ram=lambda: 64 * GIB)
    moved = tmp_path / "moved away"

    def move_once(event: object) -> None:  # the user moves the folder while the first picture is drawn
        if isinstance(event, StageEntered) and event.stage is Stage.SAMPLING and not moved.exists():
            out_dir.rename(moved)

    queue.cards[0][2].job_event.connect(move_once)
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        jobs = queue.add([request] * 3)
    assert moved.is_dir() and not out_dir.exists()  # not made again
    assert not list(moved.glob("*.png"))
    kept = sorted(current_user_dirs().unsaved.glob("*.png"))
    assert len(kept) == 3  # none lost
    reasons = [job.reason for job in jobs]
    assert all(job.state is JobState.FAILED for job in jobs), reasons
    for reason, picture in zip(reasons, kept, strict=True):
        assert reason == (f"The picture could not be saved: {out_dir} no longer exists (a removed drive or a "
                          f"deleted folder?). It is kept in {picture}.")
