"""Every runner ends its picture through finish_picture: a gallery whose database another program holds locked
ends the job in words, whether the picture was made here (by the stand-in, real sd.cpp output replayed), on another
computer or upscaled (real sd-server and sd-cli on lavapipe), a real sqlite lock held by a second connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import write_tiny_upscaler
from app.core.gallery.gallery_index import GalleryIndex, open_index
from app.core.gallery.metadata import write_metadata
from app.core.generation.request import GenerationRequest
from app.core.generation.upscale import UpscaleRequest
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.queue.jobs import Job, JobState
from app.services.runners.events import JobEnded, JobEvent, Notice
from app.services.runners.finish import list_in_gallery
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs
from tests.helpers.image_server import sd_server

LOCAL = "the graphics card"


@contextmanager
def locked(database: Path) -> Iterator[None]:
    """Another program writes to the gallery's database the whole time: no row can be added."""
    other = sqlite3.connect(database, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield
        other.execute("ROLLBACK")
    finally:
        other.close()


def picture(tiny_model: tuple[Path, Path]) -> GenerationRequest:
    model, taesd = tiny_model
    return GenerationRequest(prompt="a red fox", width=64, height=64, steps=1, seed=5,
                             models=ModelFiles(model=model, taesd=taesd),
                             memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))


def run_with_gallery_locked(qtbot: QtBot, studio: Studio, add: Callable[[], Job]) -> tuple[Job, str]:
    """Runs the job `add()` queues while the gallery is locked; the job and what the user was told of it."""
    heard: list[JobEvent] = []
    studio.job_event.connect(heard.append)
    with locked(current_user_dirs().gallery_index), qtbot.waitSignal(studio.queue.idle, timeout=240_000):
        job = add()
    [end] = [event for event in heard if isinstance(event, JobEnded)]
    assert end.job is job
    told = " ".join(event.text for event in heard if isinstance(event, Notice) and event.job is job)
    return job, told


def assert_ended_in_words(job: Job, told: str, out_dir: Path, gallery: GalleryIndex) -> None:
    # the picture is whole in its folder (the gallery finds it on its next scan): the job is done, and the user
    # is told in words why the gallery does not show it yet
    assert job.state is JobState.DONE, job.reason
    assert job.image is not None and Path(job.image).parent == out_dir and Path(job.image).is_file()
    assert "the gallery could not list the picture yet: database is locked" in told, told
    assert Path(job.image) not in [entry.path for entry in gallery.entries()]  # the lock held


@pytest.mark.windows  # a lock held by another program: Windows' own file locking
def test_a_locked_gallery_ends_a_local_job_in_words(qtbot: QtBot, held_standin: tuple[Machine, Path], tiny_model,
                                                    out_dir: Path) -> None:
    machine, release = held_standin  # the picture is the stand-in's: the lock is what is tested
    release.touch()
    gallery = open_index(current_user_dirs().gallery_index, out_dir)
    studio = Studio(out_dir, machine, gallery=gallery)
    job, told = run_with_gallery_locked(qtbot, studio, lambda: studio.add([picture(tiny_model)])[0])
    assert job.card == LOCAL
    assert_ended_in_words(job, told, out_dir, gallery)


def test_a_locked_gallery_ends_another_computers_job_in_words(qtbot: QtBot, sd_cli: Path, tiny_model,
                                                              out_dir: Path) -> None:
    gallery = open_index(current_user_dirs().gallery_index, out_dir)
    with sd_server(*tiny_model) as server:
        studio = Studio(out_dir, gallery=gallery)
        studio.queue.add_node(server.address, server.name)
        studio.queue.set_card_enabled(LOCAL, False)  # only the other computer draws
        job, told = run_with_gallery_locked(qtbot, studio, lambda: studio.add([picture(tiny_model)])[0])
    assert job.card == server.name
    assert_ended_in_words(job, told, out_dir, gallery)


@pytest.mark.backend
@pytest.mark.windows
def test_a_locked_gallery_ends_an_upscale_in_words(qtbot: QtBot, sd_cli: Path, out_dir: Path) -> None:
    out_dir.mkdir(parents=True)
    source = out_dir / "polaris-1.png"
    Image.effect_noise((32, 32), 40).convert("RGB").save(source)
    write_metadata(source, "a cat\nSteps: 4, Seed: 1", {"prompt": "a cat", "width": 32, "height": 32, "seed": 1})
    upscaler = write_tiny_upscaler(current_user_dirs().models / "upscalers")
    gallery = open_index(current_user_dirs().gallery_index, out_dir)
    studio = Studio(out_dir, gallery=gallery)
    job, told = run_with_gallery_locked(qtbot, studio,
                                        lambda: studio.upscale(UpscaleRequest(source, upscaler, factor=2)))
    assert_ended_in_words(job, told, out_dir, gallery)
    with Image.open(job.image or "") as upscaled:
        assert upscaled.size == (64, 64)


@pytest.mark.windows  # Windows' own file locking decides what another program's lock holds back
def test_the_gallery_lists_a_picture_once_another_programs_lock_is_gone(tmp_path: Path) -> None:
    gallery = open_index(tmp_path / "gallery.sqlite3", tmp_path)
    drawn = tmp_path / "drawn.png"
    Image.new("RGB", (8, 8), (200, 40, 40)).save(drawn)
    write_metadata(drawn, "a red fox\nSteps: 1, Seed: 5", {"prompt": "a red fox", "width": 8, "height": 8, "seed": 5})
    with locked(tmp_path / "gallery.sqlite3"):
        said = list_in_gallery(drawn, gallery)
    assert said is not None and said.startswith("the gallery could not list the picture yet: database is locked")
    assert drawn not in [entry.path for entry in gallery.entries()]
    assert list_in_gallery(drawn, gallery) is None  # the lock gone: listed, nothing to say
    assert drawn in [entry.path for entry in gallery.entries()]
