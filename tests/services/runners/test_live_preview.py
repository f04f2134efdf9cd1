"""Live preview: frames of a real run on lavapipe arrive while it runs; a half-written frame is never shown."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.core.gallery.image_store import staging_path
from app.core.generation.output import Outcome, Progress
from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFiles
from app.core.planning.preview import PREVIEW_FILE_NAME, PreviewMethod
from app.core.queue.jobs import Job
from app.services.left_behind import owner_tag
from app.services.runners import live_preview
from app.services.runners.events import PlanChosen, PreviewShown, StepMade
from app.services.runners.generation import Generation
from app.services.runners.live_preview import LivePreview, PreviewFrame
from app.services.user_dirs import current_user_dirs
from tests.core.planning.test_preview import small_png
from tests.helpers.runner_events import ended, hear


def test_frames_arrive_during_a_real_run_and_the_final_image_is_the_real_one(qtbot: QtBot, sd_cli: Path,
                                                                            tiny_model, out_dir: Path) -> None:
    model, taesd = tiny_model
    generation = Generation(out_dir)
    heard: list[object] = []
    generation.job_event.connect(hear(StepMade, heard.append, "progress"))
    generation.job_event.connect(hear(PreviewShown, heard.append, "frame"))
    plans: list[object] = []
    generation.job_event.connect(hear(PlanChosen, plans.append, "plan"))
    request = GenerationRequest(prompt="x", width=64, height=64, steps=3, models=ModelFiles(model=model, taesd=taesd))
    with qtbot.waitSignal(generation.job_event, timeout=180_000, check_params_cb=ended) as finished:
        generation.start(Job(request))
    outcome: Outcome = finished.args[0].outcome
    assert outcome.ok, outcome
    frames = [e for e in heard if isinstance(e, PreviewFrame)]
    progress = [e for e in heard if isinstance(e, Progress)]
    assert frames, "no preview frame arrived"
    assert [f.step for f in frames] == sorted({f.step for f in frames})  # in order, each step once
    # each frame arrives after its step's progress event and before the run ends
    assert heard.index(frames[0]) > heard.index(progress[0])
    assert frames[0].step <= progress[0].step + 1
    # the tiny model comes with a TAE: the plan counted its memory and decodes real frames at full size
    assert plans and plans[0].preview is PreviewMethod.TAE  # type: ignore[attr-defined]
    assert (frames[-1].image.width(), frames[-1].image.height()) == (64, 64)
    # the final image is sd.cpp's finished picture, in the output folder; no preview file is left anywhere
    final = Path(outcome.image or "")
    assert final.parent == out_dir and [p.name for p in out_dir.iterdir()] == [final.name]
    with Image.open(final) as png:
        assert png.size == (64, 64) and "polaris" in png.info
    folder = frames[0].path.parent
    qtbot.waitUntil(lambda: not folder.exists(), timeout=5_000)


def test_a_half_written_frame_is_never_shown(qtbot: QtBot) -> None:
    preview = LivePreview()
    preview.begin()
    assert preview.file is not None
    whole = small_png(16, 16)
    shown: list[PreviewFrame] = []
    preview.frame.connect(shown.append)
    for cut in (0, 8, 33, len(whole) - 1):  # sd.cpp caught mid-write, at any point
        preview.file.write_bytes(whole[:cut])
        with qtbot.waitSignal(preview.skipped, timeout=5_000) as skipped:
            preview.step_done(cut + 1)
        assert skipped.args == [cut + 1]
    assert shown == []
    preview.file.write_bytes(whole)
    with qtbot.waitSignal(preview.frame, timeout=5_000) as frame:
        preview.step_done(100)
    image = frame.args[0].image
    assert (image.width(), image.height()) == (16, 16) and image.pixelColor(3, 3).getRgb()[:3] == (40, 90, 200)
    folder = preview.folder
    assert folder is not None
    preview.end()
    assert preview.wait_until_removed() and not folder.exists()


def test_a_frame_read_after_its_job_ended_is_dropped(qtbot: QtBot) -> None:
    preview = LivePreview()
    preview.begin()
    assert preview.file is not None
    preview.file.write_bytes(small_png())
    shown: list[PreviewFrame] = []
    preview.frame.connect(shown.append)
    preview.step_done(1)
    preview.end()  # the job ended while its last frame was being read
    assert preview.wait_until_removed()
    qtbot.wait(100)  # let a late frame arrive, if one were (wrongly) passed on
    assert shown == []


def test_preview_folders_a_crash_left_behind_go_at_the_next_start(qtbot: QtBot, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(live_preview, "_left_behind_asked", False)
    # folders of an older version, whose names say no owner: a day's age tells
    old, fresh, other = (tmp_path / name for name in ("polaris-preview-old", "polaris-preview-now", "someone-else"))
    for folder in (old, fresh, other):
        folder.mkdir()
        (folder / PREVIEW_FILE_NAME).write_bytes(b"x")
    two_days_ago = time.time() - 2 * 24 * 3600
    for folder in (old, other):
        os.utime(folder, (two_days_ago, two_days_ago))
    first = LivePreview()
    qtbot.waitUntil(lambda: not old.exists(), timeout=10_000)
    assert fresh.is_dir() and other.is_dir()  # another copy's job now, and what is not ours, stay
    fresh_again = tmp_path / "polaris-preview-later"
    fresh_again.mkdir()
    os.utime(fresh_again, (two_days_ago, two_days_ago))
    LivePreview()  # the next card's: the folder is looked at once a process
    first._pool.waitForDone(5_000)
    assert fresh_again.is_dir()


def test_preview_folders_whose_app_no_longer_runs_go_at_the_next_start(qtbot: QtBot, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(live_preview, "_left_behind_asked", False)
    # a real process that ran and ended, as a crashed app has: its id and start time, then it is gone
    with subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE) as child:
        started = round(psutil.Process(child.pid).create_time() * 1000)
        assert child.stdin is not None
        child.stdin.close()
    assert child.wait() == 0
    me = psutil.Process()
    mine = round(me.create_time() * 1000)
    crashed = tmp_path / f"polaris-preview-{child.pid}-{started}-a1b2c3"
    # this process's id, but with the start time of an earlier process the system gave the same id to
    reused = tmp_path / f"polaris-preview-{me.pid}-{mine - 3_600_000}-d4e5f6"
    running = tmp_path / f"polaris-preview-{me.pid}-{mine}-g7h8i9"  # another window's job, now
    for folder in (crashed, reused, running):
        folder.mkdir()
        (folder / PREVIEW_FILE_NAME).write_bytes(b"x")  # minutes old, not a day: the owner decides
    preview = LivePreview()
    qtbot.waitUntil(lambda: not crashed.exists() and not reused.exists(), timeout=10_000)
    assert preview.wait_until_removed()
    assert running.is_dir()
    # the app's own folders carry its owner the same way
    preview.begin()
    assert preview.folder is not None and preview.folder.name.startswith(f"polaris-preview-{me.pid}-{mine}-")
    preview.end()
    assert preview.wait_until_removed()


def test_unfinished_pictures_whose_app_no_longer_runs_go_at_the_next_start(qtbot: QtBot, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(live_preview, "_left_behind_asked", False)
    with subprocess.Popen([sys.executable, "-c", "pass"]) as child:
        started = round(psutil.Process(child.pid).create_time() * 1000)
    assert child.wait() == 0
    staging = current_user_dirs().staging
    staging.mkdir(parents=True)
    crashed = staging_path(staging, f"{child.pid}-{started}-a1b2c3")
    running = staging_path(staging, f"{owner_tag()}-d4e5f6")  # this app's own job, now
    for picture in (crashed, running):
        picture.write_bytes(b"\x89PNG half")
    preview = LivePreview()
    qtbot.waitUntil(lambda: not crashed.exists(), timeout=10_000)
    assert preview.wait_until_removed()
    assert running.is_file()
