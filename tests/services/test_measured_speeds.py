"""A card's own seconds per step: kept after a real run (atomically, in the user's data folder) and used for the
next plan's time instead of the estimate from the card's specifications."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.generation.output import Progress
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest, HiresFix
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.system.vulkaninfo import VulkanDevice
from app.services.generation.measured_speeds import MeasuredSpeeds
from app.services.generation.runner import Generation
from app.services.user_dirs import current_user_dirs

CARD = VulkanDevice(0, "AMD Radeon RX 580 Series (RADV POLARIS10)", 0x1002, 0x67DF)
SDXL_1024 = GenerationRequest("x", width=1024, height=1024, steps=4, family=ModelFamily.SDXL, memory=MemoryFlags())


def run(speeds: MeasuredSpeeds, seconds: list[float], request: GenerationRequest = SDXL_1024,
        kept: bool = True) -> None:
    for step, sec in enumerate(seconds, 1):
        speeds.step_done(Progress(step, len(seconds), sec))
    speeds.run_finished(CARD, request, kept)


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
    with qtbot.waitSignal(generation.finished, timeout=180_000) as finished:
        generation.start(request)
    assert finished.args[0].ok, finished.args[0]
    assert (current_user_dirs().data / "measured_speeds.json").is_file()
    prepared = generation.prepare(request)
    assert isinstance(prepared, PreparedJob)
    picture = generation.speeds.estimate(prepared, generation.card)
    assert picture is not None and picture.measured and picture.card == generation.card.name
