"""Generation asks for the card's memory without holding up the GUI thread."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFiles
from app.core.queue.jobs import Job
from app.services.runners.generation import Generation
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo
from tests.helpers.runner_events import ended

pytestmark = pytest.mark.windows


@pytest.mark.backend
def test_the_plan_waits_for_vulkaninfo_instead_of_blocking(qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # vulkaninfo.exe can take its whole timeout on Windows: a blocking call would freeze the window that long
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", "public/amd_rx470_radv_linux_full.txt"))
    model, taesd = tiny_model
    generation = Generation(out_dir)
    request = GenerationRequest(prompt="x", models=ModelFiles(model=model, taesd=taesd))
    with qtbot.waitSignal(generation.probed, timeout=30_000):
        assert generation.prepare(Job(request)) == "looking at the graphics card"
        assert generation.prepare(Job(request)) == "looking at the graphics card"  # asked once, not twice at a time
    prepared = generation.prepare(Job(request))
    assert isinstance(prepared, PreparedJob) and prepared.plans[0].fits  # planned for the RX 470's 4 GiB


@pytest.mark.backend
def test_a_generation_started_before_vulkaninfo_answers_runs_after_it(qtbot: QtBot, sd_cli: Path, tiny_model,
                                                                      out_dir: Path) -> None:
    model, taesd = tiny_model
    generation = Generation(out_dir)
    request = GenerationRequest(prompt="x", width=64, height=64, steps=1, models=ModelFiles(model=model, taesd=taesd))
    heard: list[str] = []
    generation.probed.connect(lambda: heard.append("probed"))
    generation.job_event.connect(lambda event: ended(event) and heard.append("finished"))
    with qtbot.waitSignal(generation.job_event, timeout=120_000, check_params_cb=ended) as finished:
        generation.start(Job(request))
        assert generation.running
    assert finished.args[0].outcome.ok, finished.args[0].outcome
    assert heard == ["probed", "finished"]


def test_cancel_before_vulkaninfo_answers_ends_the_request(qtbot: QtBot, out_dir: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux"))
    generation = Generation(out_dir)
    with qtbot.waitSignal(generation.job_event, timeout=30_000, check_params_cb=ended) as finished:
        generation.start(Job(GenerationRequest(prompt="x")))
        generation.cancel()
    assert finished.args[0].outcome.cancelled and not generation.running
    qtbot.waitUntil(lambda: not generation.machine.looking, timeout=30_000)
