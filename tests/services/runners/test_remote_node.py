"""Other computers draw the queue's pictures: the real sd.cpp sd-server of our build on 127.0.0.1 as the other
computer, this computer's real sd-cli beside it, on lavapipe."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.core.gallery.gallery_index import GalleryIndex, open_index
from app.core.gallery.metadata import parse_parameters, read_details, read_parameters_text
from app.core.generation.extend import Extension
from app.core.generation.request import GenerationRequest
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.queue.jobs import JobState
from app.core.queue.nodes import RemoteComputer, computer_at
from app.services.runners.events import ImageSaved, JobEnded, JobEvent, JobStarted, Retrying
from app.services.runners.remote_node import ComputerCheck
from app.services.settings import Settings
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs
from tests.helpers.image_server import ImageServer, free_port, sd_server

LOCAL = "the graphics card"


@pytest.fixture
def server(sd_cli: Path, tiny_model: tuple[Path, Path]) -> Iterator[ImageServer]:
    with sd_server(*tiny_model) as running:
        yield running


@pytest.fixture
def gallery(out_dir: Path) -> GalleryIndex:
    return open_index(current_user_dirs().gallery_index, out_dir)


def request(tiny_model: tuple[Path, Path], steps: int = 2, size: int = 64, seed: int = 7) -> GenerationRequest:
    model, taesd = tiny_model
    return GenerationRequest(prompt="a red fox", width=size, height=size, steps=steps, seed=seed,
                             models=ModelFiles(model=model, taesd=taesd),
                             memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))


def heard(studio: Studio) -> list[JobEvent]:
    events: list[JobEvent] = []
    studio.job_event.connect(events.append)
    return events


def test_a_job_drawn_by_another_computer_lands_in_this_gallery_with_its_metadata(
        qtbot: QtBot, server: ImageServer, tiny_model, out_dir: Path, gallery: GalleryIndex) -> None:
    studio = Studio(out_dir, gallery=gallery)
    studio.queue.add_node(server.address, server.name)
    studio.queue.set_card_enabled(LOCAL, False)  # only the other computer draws
    events = heard(studio)
    with qtbot.waitSignal(studio.queue.idle, timeout=180_000):
        job = studio.add([request(tiny_model)])[0]
    assert job.state is JobState.DONE, job.reason
    assert job.card == server.name
    picture = Path(job.image or "")
    assert picture.parent == out_dir and picture.is_file()
    assert [e.path for e in events if isinstance(e, ImageSaved)] == [picture]
    details = read_details(picture)
    assert details is not None and details["seed"] == 7 and details["prompt"] == "a red fox"
    assert details["backend"] == {"computer": server.name, "address": server.address, "model": tiny_model[0].stem}
    settings = parse_parameters(read_parameters_text(picture) or "").settings
    assert f"Computer: {server.name}" in settings and "Seed: 7" in settings and "Size: 64x64" in settings
    assert [entry.path for entry in gallery.entries()] == [picture]


def test_a_picture_extended_by_another_computer_keeps_every_pixel_of_it(
        qtbot: QtBot, server: ImageServer, tiny_model, out_dir: Path, gallery: GalleryIndex, tmp_path: Path) -> None:
    source = tmp_path / "photo.png"
    Image.effect_noise((64, 64), 60).convert("RGB").save(source)
    studio = Studio(out_dir, gallery=gallery)
    studio.queue.add_node(server.address, server.name)
    studio.queue.set_card_enabled(LOCAL, False)
    with qtbot.waitSignal(studio.queue.idle, timeout=180_000):
        job = studio.add([dataclasses.replace(request(tiny_model), init_image=source, extend=Extension(right=32),
                                              strength=1.0)])[0]
    assert job.state is JobState.DONE and job.card == server.name, job.reason
    with Image.open(job.image or "") as made, Image.open(source) as kept:
        assert made.size == (96, 64)  # sent as a canvas of the grown size, with the new area as its mask
        assert made.convert("RGB").crop((0, 0, 64, 64)).tobytes() == kept.convert("RGB").tobytes()
    settings = parse_parameters(read_parameters_text(Path(job.image or "")) or "").settings
    assert "Outpaint: right 32" in settings and f"Computer: {server.name}" in settings


def test_a_batch_of_four_is_spread_over_this_computer_and_the_other(
        qtbot: QtBot, server: ImageServer, tiny_model, out_dir: Path, gallery: GalleryIndex) -> None:
    studio = Studio(out_dir, gallery=gallery)
    studio.queue.add_node(server.address, server.name)
    events = heard(studio)
    with qtbot.waitSignal(studio.queue.idle, timeout=300_000):
        jobs = studio.add([request(tiny_model, seed=seed) for seed in (1, 2, 3, 4)])
    assert [job.state for job in jobs] == [JobState.DONE] * 4, [job.reason for job in jobs]
    assert {job.card for job in jobs} == {LOCAL, server.name}
    assert len({job.image for job in jobs}) == 4 and len(list(out_dir.glob("*.png"))) == 4
    assert sorted(e.job.request.seed for e in events if isinstance(e, JobEnded)) == [1, 2, 3, 4]
    assert len(gallery.entries()) == 4


def test_a_computer_killed_mid_job_gives_the_job_back_and_nothing_is_lost_or_drawn_twice(
        qtbot: QtBot, server: ImageServer, tiny_model, out_dir: Path, gallery: GalleryIndex) -> None:
    studio = Studio(out_dir, gallery=gallery)
    studio.queue.add_node(server.address, server.name)
    studio.queue.set_card_enabled(LOCAL, False)
    notes: list[str] = []
    studio.queue.note.connect(notes.append)
    events = heard(studio)
    # killed as its sampling starts: the steps left there outlast the kill, and few, for the redraw here
    job = studio.add([request(tiny_model, steps=8)])[0]
    qtbot.waitUntil(lambda: server.said("sampling"), timeout=120_000)  # it draws now
    with qtbot.waitSignal(studio.queue.idle, timeout=60_000):  # set aside: no ticked card is left for the job
        server.kill()
    assert job.state is JobState.WAITING and job.card is None
    assert any(f"{server.name} is set aside" in note and "waits for another card" in note for note in notes), notes
    assert dict((label, ticked) for label, ticked, _ in studio.queue.cards)[server.name] is False
    with qtbot.waitSignal(studio.queue.idle, timeout=180_000):
        studio.queue.set_card_enabled(LOCAL, True)  # this computer's card takes it
    assert job.state is JobState.DONE and job.card == LOCAL
    assert [e.card for e in events if isinstance(e, JobStarted)] == [server.name, LOCAL]
    assert [e.card for e in events if isinstance(e, JobEnded)] == [LOCAL]  # ended once, here
    assert list(out_dir.glob("*.png")) == [Path(job.image or "")]


def test_a_computer_that_does_not_answer_is_set_aside_before_the_job_starts(
        qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path) -> None:
    studio = Studio(out_dir)
    nowhere = computer_at(f"127.0.0.1:{free_port()}")
    studio.queue.add_node(nowhere.address, nowhere.name)
    studio.queue.set_card_enabled(LOCAL, False)
    notes: list[str] = []
    studio.queue.note.connect(notes.append)
    with qtbot.waitSignal(studio.queue.idle, timeout=60_000):
        job = studio.add([request(tiny_model)])[0]
    assert job.state is JobState.WAITING
    assert notes == [f"{nowhere.name} is set aside: nothing answers at that address (is the image server running "
                     f"there, on that port?). Its job waits for another card; tick {nowhere.name} in the queue to use "
                     "it again."]
    with qtbot.waitSignal(studio.queue.idle, timeout=180_000):
        studio.queue.set_card_enabled(LOCAL, True)
    assert job.state is JobState.DONE and job.card == LOCAL


def test_an_address_where_nothing_answers_is_refused_in_words(qtbot: QtBot) -> None:
    check = ComputerCheck(computer_at(f"127.0.0.1:{free_port()}"))
    with qtbot.waitSignal(check.answered, timeout=30_000) as answered:
        pass
    assert answered.args == ["nothing answers at that address (is the image server running there, on that port?)"]


def test_a_removed_computer_takes_no_more_jobs(qtbot: QtBot, server: ImageServer, out_dir: Path) -> None:
    studio = Studio(out_dir)
    studio.queue.add_node(server.address, server.name)
    assert [c.name for c in studio.queue.computers] == [server.name]
    with pytest.raises(ValueError, match="already in the queue"):
        studio.queue.add_node(server.address, server.name)
    studio.queue.remove_node(server.name)
    assert studio.queue.computers == [] and [label for label, _, _ in studio.queue.cards] == [LOCAL]


def test_the_windows_computers_come_back_at_the_next_start(out_dir: Path) -> None:
    settings = Settings()
    first = Studio(out_dir, settings=settings, remember_computers=True)
    first.queue.add_node("http://192.168.0.12:7860", "attic PC", "user:secret")
    first.queue.add_node("http://192.168.0.13:7860", "desk PC")
    first.queue.remove_node("desk PC")
    again = Studio(out_dir, settings=settings, remember_computers=True)
    assert again.queue.computers == [RemoteComputer("http://192.168.0.12:7860", "attic PC", "user:secret")]
    assert Studio(out_dir, settings=settings).queue.computers == []  # the command line's are its own


def test_a_job_cancelled_while_another_computer_draws_it_ends_cancelled_without_a_picture(
        qtbot: QtBot, server: ImageServer, tiny_model, out_dir: Path) -> None:
    studio = Studio(out_dir)
    studio.queue.add_node(server.address, server.name)
    studio.queue.set_card_enabled(LOCAL, False)
    events = heard(studio)
    job = studio.add([request(tiny_model, steps=40)])[0]
    qtbot.waitUntil(lambda: server.said("sampling"), timeout=120_000)
    with qtbot.waitSignal(studio.queue.idle, timeout=30_000):
        studio.queue.cancel(job)
    assert job.state is JobState.CANCELLED
    assert [e.outcome.cancelled for e in events if isinstance(e, JobEnded)] == [True]
    assert list(out_dir.glob("*.png")) == []


def test_a_broken_picture_from_another_computer_is_set_aside_at_once_and_kept_when_the_user_says(
        qtbot: QtBot, sd_cli: Path, out_dir: Path, gallery: GalleryIndex, overflowing_model: tuple[Path, Path]) -> None:
    """Its decoder overflows there: the picture is refused, not drawn again (how another computer draws is not
    ours to change), set aside with the job; Keep it puts it in the folder and the gallery with its settings."""
    with sd_server(*overflowing_model) as broken_server:
        studio = Studio(out_dir, gallery=gallery)
        studio.queue.add_node(broken_server.address, broken_server.name)
        studio.queue.set_card_enabled(LOCAL, False)
        events = heard(studio)
        with qtbot.waitSignal(studio.queue.idle, timeout=180_000):
            job = studio.add([request(overflowing_model)])[0]
    assert job.state is JobState.FAILED and job.suspect is not None
    assert "The picture came out as one flat colour" in job.reason and broken_server.name in job.reason
    assert not [e for e in events if isinstance(e, Retrying)]
    suspect = Path(job.suspect)
    assert suspect.parent == current_user_dirs().bad_pictures and list(out_dir.glob("*.png")) == []
    kept = studio.queue.keep(job)
    assert kept is not None and kept.parent == out_dir and not suspect.exists()
    assert job.state is JobState.DONE and job.image == str(kept) and job.suspect is None
    assert [e.path for e in events if isinstance(e, ImageSaved)] == [kept]
    assert f"Computer: {broken_server.name}" in parse_parameters(read_parameters_text(kept) or "").settings
    assert [entry.path for entry in gallery.entries()] == [kept]
