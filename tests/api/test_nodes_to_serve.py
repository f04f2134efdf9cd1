"""This app draws with another Polaris Studio: a second instance of the real `python -m app serve` on 127.0.0.1
as the other computer (the demo model on lavapipe), this computer's real sd-cli beside it. The other computer killed
or stopped mid-job is the queue's logic around a picture: there both computers run the stand-in
(tests/helpers/standin.py, real sd.cpp output replayed), the other's held at its first step."""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import demo_model_files
from app.core.gallery.gallery_index import GalleryIndex, open_index
from app.core.gallery.metadata import read_details
from app.core.generation.request import GenerationRequest
from app.core.models.families import MemoryFlags
from app.core.queue.jobs import JobState
from app.services.runners.events import JobEnded, JobEvent, JobStarted
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs
from tests.helpers.api_server import Served, served

pytestmark = pytest.mark.backend
LOCAL = "the graphics card"


@pytest.fixture
def other(tmp_path: Path, shader_cache: str) -> Iterator[Served]:
    with served(tmp_path / "other", "--demo", "--out", str(tmp_path / "other-pictures"),
                env={"MESA_SHADER_CACHE_DIR": shader_cache}) as running:
        yield running


@pytest.fixture
def held_other(tmp_path: Path, standin: Path) -> Iterator[Served]:
    """The other Polaris Studio on the stand-in, whose picture holds at its first step: it is never let go on."""
    with served(tmp_path / "other", "--demo", "--out", str(tmp_path / "other-pictures"), "--sd-binary", str(standin),
                env={"STANDIN_CASE": "hold", "STANDIN_RELEASE": str(tmp_path / "never made")}) as running:
        yield running


@pytest.fixture
def here_on_the_standin(held_standin: tuple[Machine, Path]) -> Machine:
    """This computer on the stand-in, whose pictures go on at once (the file that lets them is made)."""
    machine, release = held_standin
    release.touch()
    return machine


def request(seed: int, steps: int = 2, size: int = 64) -> GenerationRequest:
    files = demo_model_files()
    assert files is not None, "scripts/setup.sh writes the demo model"
    return GenerationRequest(prompt="a lighthouse", width=size, height=size, steps=steps, seed=seed, models=files,
                             memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))


def studio_with(other: Served, out_dir: Path,
                machine: Machine | None = None) -> tuple[Studio, GalleryIndex, list[JobEvent]]:
    gallery = open_index(current_user_dirs().gallery_index, out_dir)
    studio = Studio(out_dir, machine, gallery=gallery)
    name = other.address.removeprefix("http://")
    studio.queue.add_node(other.address, name)
    events: list[JobEvent] = []
    studio.job_event.connect(events.append)
    return studio, gallery, events


@pytest.mark.windows  # a Windows PC as the other computer (and as this one): `serve` draws for a queue there too
def test_a_batch_of_four_is_spread_over_this_computer_and_another_polaris_studio(
        qtbot: QtBot, sd_cli: Path, other: Served, out_dir: Path) -> None:
    studio, gallery, events = studio_with(other, out_dir)
    with qtbot.waitSignal(studio.queue.idle, timeout=600_000):
        jobs = studio.add([request(seed) for seed in (1, 2, 3, 4)])
    assert [job.state for job in jobs] == [JobState.DONE] * 4, [job.reason for job in jobs]
    name = other.address.removeprefix("http://")
    assert {job.card for job in jobs} == {LOCAL, name}
    assert sorted(e.job.request.seed for e in events if isinstance(e, JobEnded)) == [1, 2, 3, 4]
    assert len(list(out_dir.glob("*.png"))) == 4 and len(gallery.entries()) == 4
    remote = next(job for job in jobs if job.card == name)
    details = read_details(Path(remote.image or ""))
    # it drew with the demo model, chosen there by its title from the file's name
    assert details is not None and details["backend"]["computer"] == name and details["seed"] == remote.request.seed


def test_the_other_polaris_studio_killed_mid_job_gives_the_job_back_and_it_is_drawn_here_once(
        qtbot: QtBot, held_other: Served, here_on_the_standin: Machine, out_dir: Path) -> None:
    other = held_other
    studio, _, events = studio_with(other, out_dir, here_on_the_standin)
    name = other.address.removeprefix("http://")
    studio.queue.set_card_enabled(LOCAL, False)
    job = studio.add([request(5)])[0]  # killed while it holds at its first step

    def drawing() -> bool:
        return httpx.get(f"{other.base}/progress", timeout=10).json()["state"]["sampling_step"] >= 1

    qtbot.waitUntil(drawing, timeout=180_000)
    with qtbot.waitSignal(studio.queue.idle, timeout=120_000):  # set aside: no ticked card is left for the job
        other.process.send_signal(signal.SIGKILL if sys.platform != "win32" else signal.SIGTERM)
    assert job.state is JobState.WAITING and job.card is None
    with qtbot.waitSignal(studio.queue.idle, timeout=300_000):
        studio.queue.set_card_enabled(LOCAL, True)
    assert job.state is JobState.DONE and job.card == LOCAL
    assert [e.card for e in events if isinstance(e, JobStarted)] == [name, LOCAL]
    assert [e.card for e in events if isinstance(e, JobEnded)] == [LOCAL]
    assert list(out_dir.glob("*.png")) == [Path(job.image or "")]


def test_the_other_polaris_studio_stopped_with_ctrl_c_mid_batch_gives_its_job_back_and_all_four_are_drawn(
        qtbot: QtBot, held_other: Served, here_on_the_standin: Machine, out_dir: Path) -> None:
    """Ctrl+C (its window closed, its API switched off) answers the waiting call 503 "closing": the job did not end
    there, so it comes back, as after a kill, and is drawn here; the batch ends 4 of 4."""
    other = held_other
    studio, _, events = studio_with(other, out_dir, here_on_the_standin)
    name = other.address.removeprefix("http://")
    notes: list[str] = []
    studio.queue.note.connect(notes.append)

    def drawing() -> bool:
        return httpx.get(f"{other.base}/progress", timeout=10).json()["state"]["sampling_step"] >= 1

    with qtbot.waitSignal(studio.queue.idle, timeout=420_000):
        jobs = studio.add([request(seed, steps=3) for seed in (1, 2, 3, 4)])
        qtbot.waitUntil(drawing, timeout=180_000)
        other.process.send_signal(signal.CTRL_BREAK_EVENT if sys.platform == "win32" else signal.SIGINT)
    assert [job.state for job in jobs] == [JobState.DONE] * 4, ([job.reason for job in jobs], notes)
    assert {job.card for job in jobs} == {LOCAL}
    assert name in [e.card for e in events if isinstance(e, JobStarted)]
    assert name not in [e.card for e in events if isinstance(e, JobEnded)]
    assert any(f"{name} is set aside: it is closing" in note for note in notes), notes
    assert sorted(job.request.seed for job in jobs) == [1, 2, 3, 4] and len(list(out_dir.glob("*.png"))) == 4
    assert other.process.wait(30) == 0
