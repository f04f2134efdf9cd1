"""A card's own seconds per step: kept after a real run (atomically, in the user's data folder) and used for the
next plan's time instead of the estimate from the card's specifications."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.output import Progress
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest, HiresFix
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.models.model_files import inspect_model
from app.core.queue.jobs import Job
from app.core.system.vulkaninfo import VulkanDevice
from app.services.runners.generation import Generation
from app.services.runners.measured_speeds import MeasuredSpeeds
from app.services.system.host import time_host
from app.services.user_dirs import current_user_dirs
from tests.helpers.runner_events import ended

CARD = VulkanDevice(0, "AMD Radeon RX 580 Series (RADV POLARIS10)", 0x1002, 0x67DF)
SDXL_1024 = GenerationRequest("x", width=1024, height=1024, steps=4, family=ModelFamily.SDXL, memory=MemoryFlags())


def run(speeds: MeasuredSpeeds, seconds: list[float], request: GenerationRequest = SDXL_1024,
        kept: bool = True) -> None:
    """A run whose steps took `seconds` each, as the output parser says them."""
    for step, own in enumerate(seconds, 1):
        speeds.step_done(Progress(step, len(seconds), own))
    # the job's headers, as prepare() read them
    models = {slot: inspect_model(path) for slot, path in request.models.given().items()}
    speeds.run_finished(CARD, request, models, kept)


def test_a_kept_picture_s_steps_are_remembered_without_its_first(tmp_path: Path) -> None:
    speeds = MeasuredSpeeds(tmp_path / "speeds.json")
    run(speeds, [40.0, 5.6, 5.8, 5.7])  # the first step also compiled the card's shaders
    measured = speeds.lookup(CARD, ModelFamily.SDXL, 1024, 1024, False)
    assert measured is not None and measured.seconds_per_step == 5.7 and (measured.width, measured.height) == (
        1024, 1024)
    assert speeds.lookup(CARD, ModelFamily.SDXL, 832, 1216, False) == measured  # the same size class
    assert speeds.lookup(CARD, ModelFamily.SDXL, 512, 512, False) is None
    assert speeds.lookup(CARD, ModelFamily.SD1, 1024, 1024, False) is None
    assert speeds.lookup(CARD, ModelFamily.SDXL, 1024, 1024, True) is None  # streamed steps are another thing
    run(speeds, [40.0, 6.7, 6.7, 6.7])
    again = speeds.lookup(CARD, ModelFamily.SDXL, 1024, 1024, False)
    assert again is not None and again.seconds_per_step == 6.2  # the runs' average
    assert not (tmp_path / "speeds.json.writing").exists()


def test_failed_runs_and_hires_fix_teach_nothing(tmp_path: Path) -> None:
    speeds = MeasuredSpeeds(tmp_path / "speeds.json")
    run(speeds, [40.0, 5.6, 5.8], kept=False)
    run(speeds, [40.0, 5.6, 5.8], request=GenerationRequest("x", width=1024, height=1024, steps=3,
                                                             family=ModelFamily.SDXL, hires=HiresFix(1.5)))
    assert not (tmp_path / "speeds.json").exists()


def test_a_damaged_file_is_estimated_again_then_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "speeds.json"
    path.write_text("{not json", encoding="utf-8")
    speeds = MeasuredSpeeds(path)
    assert speeds.lookup(CARD, ModelFamily.SDXL, 1024, 1024, False) is None
    run(speeds, [40.0, 5.0, 5.0])
    assert json.loads(path.read_text(encoding="utf-8"))["cards"][CARD.name]["sdxl/large"]["runs"] == 1


def test_a_real_run_s_steps_time_the_next_plan(qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path) -> None:
    model, taesd = tiny_model
    generation = Generation(out_dir)
    request = GenerationRequest(prompt="x", width=64, height=64, steps=3, models=ModelFiles(model=model, taesd=taesd))
    with qtbot.waitSignal(generation.job_event, timeout=180_000, check_params_cb=ended) as finished:
        generation.start(Job(request))
    assert finished.args[0].outcome.ok, finished.args[0].outcome
    assert (current_user_dirs().data / "measured_speeds.json").is_file()
    prepared = generation.prepare(Job(request))
    assert isinstance(prepared, PreparedJob)
    picture = generation.speeds.estimate(prepared, generation.card)
    assert picture is not None and picture.measured and picture.card == generation.card.name


def test_a_kept_picture_s_processor_seconds_are_remembered_as_its_rates(tmp_path: Path, tiny_model) -> None:
    model, taesd = tiny_model
    speeds = MeasuredSpeeds(tmp_path / "speeds.json")
    assert speeds.host() == time_host()  # nothing measured yet: the variant's own rates
    request = GenerationRequest("x", width=256, height=256, steps=2, models=ModelFiles(model=model, taesd=taesd),
                                memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))
    for text, decode in ((1.0, 4.0), (3.0, 4.0)):
        speeds.log_line(f"[INFO ] stable-diffusion.cpp:3168 - get_learned_condition completed, taking {text:.2f}s",
                        "stdout")
        speeds.log_line(f"[INFO ] stable-diffusion.cpp:3212 - decode_first_stage completed, taking {decode:.2f}s",
                        "stdout")
        run(speeds, [9.0, 1.0, 1.0], request)
    matrix, conv = speeds.host().measured
    # the second run was priced with the first's share, and the rates are averaged: those of a 1 s and a 3 s run
    # make a 1.5 s one's
    first = MeasuredSpeeds(tmp_path / "first.json")
    first.log_line("get_learned_condition completed, taking 1.50s", "stdout")
    first.log_line("decode_first_stage completed, taking 4.00s", "stdout")
    run(first, [9.0, 1.0], request)
    assert (matrix, conv) == (pytest.approx(first.host().measured[0], rel=0.01),
                              pytest.approx(first.host().measured[1], rel=0.01))
    assert matrix != 1.0 and conv != 1.0
    # a picture with both on the card, or not kept, teaches the processor nothing
    on_card = MeasuredSpeeds(tmp_path / "card.json")
    on_card.log_line("get_learned_condition completed, taking 2.00s", "stdout")
    run(on_card, [9.0, 1.0], dataclasses.replace(request, memory=MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)))
    assert on_card.host() == time_host()


def test_a_kept_picture_s_whole_time_is_remembered_by_its_kind(tmp_path: Path, tiny_model) -> None:
    model, taesd = tiny_model
    path = tmp_path / "speeds.json"
    # a file from before "pictures" (schema 1) is read, and kept, as it is
    path.write_text(json.dumps({"schema_version": 1, "cards": {CARD.name: {"sd1/small": {
        "seconds_per_step": 1.0, "width": 512, "height": 512, "runs": 1}}}, "processor": {}}), encoding="utf-8")
    speeds = MeasuredSpeeds(path)
    request = GenerationRequest("x", width=128, height=128, steps=2, models=ModelFiles(model=model, taesd=taesd),
                                memory=MemoryFlags())
    speeds.run_started()
    for line in ("loading tensors completed, taking 0.40s", "get_learned_condition completed, taking 0.41s",
                 "sampling completed, taking 4.20s", "decode_first_stage completed, taking 0.31s"):
        speeds.log_line(f"[INFO ] stable-diffusion.cpp:1 - {line}", "stdout")
    run(speeds, [2.37, 2.10], request)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["schema_version"] == 2 and document["cards"][CARD.name]["sd1/small"]["runs"] == 1
    [(kind, record)] = document["pictures"][CARD.name].items()
    assert kind == f"{model.name}+{taesd.name}/128x128/--clip-on-cpu --vae-on-cpu"
    # a later step took what the steps took on average: no setup in the first beyond a step
    assert record == {"starting": 0.4, "text": 0.41, "seconds_per_step": 2.1, "decode": 0.31, "first_step": 0.0,
                      "runs": 1}
    assert not (tmp_path / "speeds.json.writing").exists()
    # a failed run, or one never started, teaches nothing more
    speeds.run_started()
    speeds.log_line("sampling completed, taking 99.00s", "stdout")
    run(speeds, [9.0, 9.0], request, kept=False)
    assert json.loads(path.read_text(encoding="utf-8"))["pictures"][CARD.name][kind]["runs"] == 1
