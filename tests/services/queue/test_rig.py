"""A rig: with two graphics cards (a real 2-GPU machine's vulkaninfo), the queue runs one job per card at once,
each sd.cpp pinned with GGML_VK_VISIBLE_DEVICES and planned for its own card; when the host's RAM cannot hold
both jobs they run one after the other and the queue says why. The stand-ins record what each one got."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFiles
from app.core.planning.plan import MemoryPlan
from app.core.queue.jobs import Job, JobState
from app.services.queue.job_queue import JobQueue
from app.services.runners.generation import Generation
from app.services.system.machine import Machine
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo

TWO_GPUS = "public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt"  # an RTX 3060 Ti and a Ryzen's iGPU
GIB = 2**30


@pytest.fixture
def rig(qtbot: QtBot, standin: Path, tiny_model, out_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> tuple[Generation, Path, GenerationRequest]:
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", TWO_GPUS))
    state = tmp_path / "calls.jsonl"
    monkeypatch.setenv("STANDIN_CASE", "record_card")
    monkeypatch.setenv("STANDIN_STATE", str(state))
    monkeypatch.delenv("GGML_VK_VISIBLE_DEVICES", raising=False)
    model, taesd = tiny_model
    # 1024 px: the diffusion model's compute buffer alone is larger than the iGPU's 256 MiB
    request = GenerationRequest(prompt="rig", width=1024, height=1024, steps=2,
                                models=ModelFiles(model=model, taesd=taesd))
    return Generation(out_dir, Machine(standin)), state, request


def calls(state: Path) -> list[dict]:
    return [json.loads(line) for line in state.read_text(encoding="utf-8").splitlines()]


def plans_per_card(qtbot: QtBot, queue: JobQueue, request: GenerationRequest) -> list[MemoryPlan]:
    with qtbot.waitSignal(queue.cards_changed, timeout=30_000):
        queue.cards[0][2].prepare(Job(request))  # the first question starts vulkaninfo
    plans = []
    for _, _, generation in queue.cards:
        qtbot.waitUntil(lambda g=generation: isinstance(g.prepare(Job(request)), PreparedJob), timeout=30_000)
        prepared = generation.prepare(Job(request))
        assert isinstance(prepared, PreparedJob)
        plans.append(prepared.plans[0])
    return plans


def test_each_card_runs_its_own_job_at_once_pinned_and_planned_for_itself(qtbot: QtBot, rig) -> None:
    generation, state, request = rig
    queue = JobQueue(generation, host_ram=lambda: 64 * GIB)
    plans = plans_per_card(qtbot, queue, request)
    labels = [label for label, _, _ in queue.cards]
    assert labels == ["GPU 0: NVIDIA GeForce RTX 3060 Ti (7.8 GiB)", "GPU 1: AMD Radeon(TM) Graphics (256 MiB)"]
    # the iGPU is offered, unticked: it would hold the batch up
    assert [ticked for _, ticked, _ in queue.cards] == [True, False]
    # each card's plan is its own: the 8 GB card holds the whole diffusion model, the 256 MiB iGPU streams it
    assert "--offload-to-cpu" not in plans[0].flags and "--offload-to-cpu" in plans[1].flags
    queue.set_card_enabled(labels[1], True)  # the user ticks it
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        jobs = queue.add([request] * 4)
    assert all(job.state is JobState.DONE for job in jobs), [(j.state, j.reason) for j in jobs]
    assert {job.card for job in jobs} == set(labels)
    records = calls(state)
    assert sorted(r["visible"] for r in records).count("0") >= 1 and "1" in [r["visible"] for r in records]
    for record in records:
        flags = plans[int(record["visible"])].flags
        argv = record["argv"]
        assert all(flag in argv for flag in flags), (record["visible"], flags, argv)
    # the two cards worked at the same time
    on = {card: [(r["start"], r["end"]) for r in records if r["visible"] == card] for card in ("0", "1")}
    assert any(a0 < b1 and a1 < b0 for a0, b0 in on["0"] for a1, b1 in on["1"])
    assert len(list(generation.out_dir.glob("*.png"))) == 4


def test_unticked_cards_take_no_jobs(qtbot: QtBot, rig) -> None:
    generation, state, request = rig
    queue = JobQueue(generation, host_ram=lambda: 64 * GIB)
    plans_per_card(qtbot, queue, request)
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        queue.add([request] * 2)
    assert [r["visible"] for r in calls(state)] == ["0", "0"]


def test_jobs_that_do_not_fit_the_host_ram_together_run_one_after_the_other(qtbot: QtBot, rig) -> None:
    generation, state, request = rig
    ram: list[int] = []
    queue = JobQueue(generation, host_ram=lambda: ram[0])
    plans = plans_per_card(qtbot, queue, request)
    queue.set_card_enabled(queue.cards[1][0], True)
    # room for either job alone, not for both (two Flux jobs each holding T5-XXL in RAM, in small)
    ram.append(max(plan.peak_ram for plan in plans) + min(plan.peak_ram for plan in plans) // 2)
    notes: list[str] = []
    queue.note.connect(notes.append)
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        queue.add([request] * 3)
    assert any(note.startswith("Waits for a running job: beside it, it would need") for note in notes), notes
    spans = sorted((r["start"], r["end"]) for r in calls(state))
    assert len(spans) == 3 and all(end <= next_start for (_, end), (next_start, _) in itertools.pairwise(spans))


def test_the_gauge_shows_each_cards_vram(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.services.system.monitor import ResourceMonitor
    from app.ui.gauge import ResourceGauge

    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", TWO_GPUS))
    gauge = ResourceGauge()
    qtbot.addWidget(gauge)
    gauge.show()
    monitor = ResourceMonitor(Machine())
    monitor.cards_sampled.connect(gauge.show_cards)
    with qtbot.waitSignal(monitor.cards_sampled, timeout=20_000):
        monitor.start()
    monitor.stop()
    assert gauge.cards_label.isVisible()
    assert gauge.cards_label.text().splitlines() == [
        "GPU 0: NVIDIA GeForce RTX 3060 Ti (7.8 GiB): 0.8 / 7.8 GiB VRAM",
        "GPU 1: AMD Radeon(TM) Graphics (256 MiB): 0.0 / 0.2 GiB VRAM"]
    gauge.show_cards([("GPU 0: one card", 8 * GIB, None)])
    assert not gauge.cards_label.isVisible()  # a single card: the main bar says it


def test_this_computers_card_unticked_before_the_rig_is_known_keeps_every_card_unticked(qtbot: QtBot, rig) -> None:
    """`generate --no-local` unticks the one card it knows before vulkaninfo answers: no card of the rig it then
    finds may take a job (one of a batch ran on the second GPU)."""
    generation, state, request = rig
    queue = JobQueue(generation, host_ram=lambda: 64 * GIB)
    queue.set_card_enabled("the graphics card", False)
    with qtbot.waitSignal(queue.cards_changed, timeout=60_000):  # the queue dispatches as the rig forms
        [job] = queue.add([request])
    assert [ticked for _, ticked, _ in queue.cards] == [False, False]
    assert job.state is JobState.WAITING and not state.exists()
