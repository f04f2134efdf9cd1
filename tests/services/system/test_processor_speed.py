"""The processor timed once, off the window's thread, and kept in the data folder: what the first picture's estimate
on a PC whose processor draws (lavapipe) is priced from; a damaged or missing file is timed again."""

from __future__ import annotations

import dataclasses
import json
import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.faces import FaceFix
from app.core.generation.output import Progress
from app.core.generation.prepare import MachineFacts, prepare
from app.core.generation.request import GenerationRequest
from app.core.models.backend_caps import parse_help
from app.core.models.families import ModelFiles
from app.core.planning.plan import GIB, device_from_vulkan
from app.core.planning.timing import ProcessorSpeed
from app.services.runners.generation import Generation
from app.services.runners.measured_speeds import SHADERS_KEPT_MARK, MeasuredSpeeds, shaders_kept
from app.services.system.processor_speed import (
    ProcessorTiming,
    load_processor_speed,
    save_processor_speed,
    time_processor,
)
from app.services.user_dirs import current_user_dirs
from tests.core.planning.test_first_picture_time import lavapipe
from tests.helpers.captures import load

CAPS = parse_help(load("help").stdout.decode())


def test_timing_the_processor_gives_its_rates() -> None:
    speed = time_processor()
    # any processor of this century: hundreds to tens of thousands of small compiles, at least 0.1 GFLOP/s
    assert 50 < speed.compiles_per_s < 100_000 and speed.matrix_flops > 1e8


def test_the_speed_is_timed_once_off_the_window_s_thread_and_kept(qtbot: QtBot, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []

    def timed() -> ProcessorSpeed:
        threads.append(threading.current_thread().name)
        return ProcessorSpeed(400.0, 3e9)

    monkeypatch.setattr("app.services.system.processor_speed.time_processor", timed)
    path = tmp_path / "data" / "processor_speed.json"
    timing = ProcessorTiming()
    with qtbot.waitSignal(timing.timed, timeout=10_000):
        timing.time_once(path)
        timing.time_once(path)  # asked again while it runs: still once
    assert threads == ["processor speed"]
    assert load_processor_speed(path) == ProcessorSpeed(400.0, 3e9)
    with qtbot.assertNotEmitted(timing.timed, wait=200):
        timing.time_once(path)  # kept: not timed again
    assert threads == ["processor speed"]


@pytest.mark.parametrize("text", ["{not json", json.dumps({"schema_version": 1, "compiles_per_s": 0,
                                                           "matrix_flops": 3e9}),
                                  json.dumps({"schema_version": 99, "compiles_per_s": 400, "matrix_flops": 3e9}),
                                  json.dumps([1, 2])])
def test_a_damaged_speed_is_not_read(tmp_path: Path, text: str) -> None:
    path = tmp_path / "processor_speed.json"
    path.write_text(text, encoding="utf-8")
    assert load_processor_speed(path) is None
    save_processor_speed(path, ProcessorSpeed(400.0, 3e9))
    assert load_processor_speed(path) == ProcessorSpeed(400.0, 3e9)


def test_lavapipe_s_first_picture_is_priced_from_the_kept_speed_and_later_ones_from_what_it_took(
        tmp_path: Path, tiny_model, new_shader_cache: Path) -> None:
    model, taesd = tiny_model
    speeds = MeasuredSpeeds(tmp_path / "measured_speeds.json")
    device = lavapipe()
    planned = device_from_vulkan(device, 16 * GIB, speeds.host())
    request = GenerationRequest("x", width=128, height=128, steps=4, models=ModelFiles(model=model, taesd=taesd))
    prepared = prepare(request, MachineFacts(planned, 16 * GIB, CAPS))
    untimed = speeds.estimate(prepared, device)
    assert untimed is not None and untimed.first_guess and not untimed.one_time_setup  # no number yet
    save_processor_speed(speeds.speed_path, ProcessorSpeed(400.0, 3e9))
    assert speeds.host().speed == ProcessorSpeed(400.0, 3e9)
    first = speeds.estimate(prepared, device)
    assert first is not None and first.one_time_setup and first.processor_timed and not first.first_guess
    # a picture drawn: the next is priced from what it took, without the set-up the first had
    speeds.run_started()
    for line in ("loading tensors completed, taking 0.40s", "get_learned_condition completed, taking 2.00s",
                 "sampling completed, taking 130.00s", "decode_first_stage completed, taking 2.00s"):
        speeds.log_line(f"[INFO ] stable-diffusion.cpp:1 - {line}", "stdout")
    for step, own in enumerate((115.0, 5.0, 5.0, 5.0), 1):  # each step's own seconds, as the output parser says
        speeds.step_done(Progress(step, 4, own))
    memory = prepared.plans[0].memory
    (new_shader_cache / "mesa_shader_cache").mkdir(parents=True)  # the shaders it compiled, as Mesa keeps them
    speeds.run_finished(device, dataclasses.replace(prepared.request, memory=memory), prepared.models, True)
    second = speeds.estimate(prepared, device)
    assert second is not None and second.learned and not second.one_time_setup
    assert dict(second.stages)["sampling"] == pytest.approx(4 * 5.0)  # neither the set-up nor an average with it
    # the same picture with its faces fixed: the record holds the picture's own run, so each face's pass (a run of
    # its own: start, loading and its steps) is priced beside it
    faced = speeds.estimate(prepare(dataclasses.replace(request, face_fix=FaceFix()), MachineFacts(
        planned, 16 * GIB, CAPS)), device)
    assert faced is not None and not faced.learned
    assert dict(faced.stages)["starting"] == pytest.approx(2 * second.stages[0][1])


def test_the_set_up_is_priced_where_the_shader_cache_is_new_not_where_the_data_folder_is(
        tmp_path: Path, tiny_model, new_shader_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 52: a newcomer's new data folder, Mesa's shaders kept from before: "About 2-3 min" shown, ~20 s taken
    model, taesd = tiny_model
    device = lavapipe()
    speeds = MeasuredSpeeds(tmp_path / "first" / "measured_speeds.json")
    save_processor_speed(speeds.speed_path, ProcessorSpeed(400.0, 3e9))
    request = GenerationRequest("x", width=128, height=128, steps=4, models=ModelFiles(model=model, taesd=taesd))
    prepared = prepare(request, MachineFacts(device_from_vulkan(device, 16 * GIB, speeds.host()), 16 * GIB, CAPS))
    assert shaders_kept(device) is False
    first = speeds.estimate(prepared, device)
    assert first is not None and first.one_time_setup
    kept_picture = dataclasses.replace(request, memory=prepared.plans[0].memory)
    # Mesa keeps nothing in a folder it cannot make: the app makes it; a picture kept where Mesa wrote nothing
    # is no sign of shaders kept
    speeds.run_finished(device, kept_picture, prepared.models, True)
    assert new_shader_cache.is_dir() and shaders_kept(device) is False
    (new_shader_cache / "mesa_shader_cache").mkdir()  # what Mesa writes as it compiles
    speeds.run_finished(device, kept_picture, prepared.models, True)
    assert shaders_kept(device) is True and (new_shader_cache / SHADERS_KEPT_MARK).is_file()
    # another data folder (a new install, --basedir): nothing drawn there, the shaders kept all the same
    other = MeasuredSpeeds(tmp_path / "other" / "measured_speeds.json")
    save_processor_speed(other.speed_path, ProcessorSpeed(400.0, 3e9))
    kept = other.estimate(prepared, device)
    assert kept is not None and not kept.one_time_setup and dict(kept.stages)["starting"] > 0
    assert kept.seconds < first.seconds / 5
    # the cache emptied (or a new one): the set-up again; Mesa told to keep none: the data folder decides
    monkeypatch.setenv("MESA_SHADER_CACHE_DIR", str(tmp_path / "emptied"))
    assert speeds.estimate(prepared, device).one_time_setup  # type: ignore[union-attr]
    monkeypatch.setenv("MESA_SHADER_CACHE_DISABLE", "true")
    assert shaders_kept(device) is None and other.estimate(prepared, device).one_time_setup  # type: ignore[union-attr]


def test_a_processor_only_pc_times_its_processor_once_it_knows_its_card(qtbot: QtBot, tmp_path: Path,
                                                                        sd_cli: Path) -> None:
    (current_user_dirs().data / "processor_speed.json").unlink()  # a PC whose processor was never timed
    generation = Generation(tmp_path / "out")
    probed: list[bool] = []
    generation.probed.connect(lambda: probed.append(True))
    with qtbot.waitSignal(generation.speeds.processor_timed, timeout=120_000):
        generation.probe_devices()
    assert generation.card is not None and generation.card.is_cpu  # this computer: lavapipe
    assert load_processor_speed(current_user_dirs().data / "processor_speed.json") is not None
    qtbot.waitUntil(lambda: len(probed) == 2)  # and the plan is made again, now with a number
