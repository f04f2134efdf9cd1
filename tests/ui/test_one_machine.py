"""The window's one Machine: vulkaninfo and the backend's --help are asked once for every part that needs them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.upscale import UpscaleRequest
from app.core.system.checks import SystemFacts
from app.core.system.usage import ResourceSample
from app.services.studio import Studio
from app.services.system import backend as backend_module
from app.services.system.machine import Machine
from app.services.system.monitor import ResourceMonitor
from app.ui.main_window import MainWindow
from tests.helpers.fake_vulkaninfo import count_vulkaninfo_runs
from tests.helpers.runner_events import ended


def test_every_part_of_the_window_shares_one_vulkaninfo_run_and_one_help(
        qtbot: QtBot, out_dir: Path, tmp_path: Path, standin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vulkaninfo_runs = count_vulkaninfo_runs(monkeypatch, tmp_path / "vulkaninfo-runs.txt")
    help_log = tmp_path / "help-runs.txt"
    monkeypatch.setenv("STANDIN_HELP_LOG", str(help_log))
    monkeypatch.setenv("STANDIN_CASE", "device_probe_lavapipe")  # the check starts the backend to list devices
    monkeypatch.setattr(backend_module, "_KNOWN_CAPS", {})  # this backend not asked yet by this process
    machine = Machine(standin)
    monitor = ResourceMonitor(machine)
    window = MainWindow(Studio(out_dir, machine), monitor, models_dir=tmp_path / "models")
    qtbot.addWidget(window)
    window.show()
    upscaling = window.studio.upscaling
    samples: list[ResourceSample] = []
    monitor.sampled.connect(samples.append)
    checked: list[SystemFacts] = []
    window.system_check.finished.connect(lambda facts, _report: checked.append(facts))
    with qtbot.waitSignals([window.system_check.finished, window.studio.generation.probed, upscaling.job_event],
                           timeout=60_000, check_params_cbs=[None, None, ended]):
        monitor.start()  # the gauge's first sample: the one vulkaninfo run, which everyone below waits for
        monitor.stop()  # no second sample: what is counted below is the parts' own questions
        window.studio.generation.probe_devices()
        window.check_banner.check_again()
        window.models_button.open_models()  # asks the backend what it is, and so what it offers
        window.studio.upscale(UpscaleRequest(tmp_path / "no-picture.png", tmp_path / "no-model.pth"))
    models = window.models_button.models_window
    assert models is not None
    qtbot.waitUntil(lambda: f"{standin.name} (given on the command line)" in models.engine.backend_info.text(),
                    timeout=30_000)
    assert vulkaninfo_runs() == 1 and monitor.vulkaninfo_runs == 1
    assert help_log.read_text(encoding="utf-8").splitlines() == ["--help"]
    assert machine.devices and window.studio.generation.devices == machine.devices
    assert window.studio.generation.card == machine.preferred_device and machine.preferred_device is not None
    assert list(checked[0].devices) == machine.devices  # the check read the same answer
    qtbot.waitUntil(lambda: any(sample.vram_total is not None for sample in samples), timeout=10_000)
    sibling = window.studio.generation.for_card(machine.devices[0])  # a rig's second card asks nobody
    assert sibling.devices_probed and sibling.machine is machine

    # the user installed a driver and checks again: vulkaninfo runs anew, and generation plans with its answer
    with qtbot.waitSignal(window.studio.generation.probed, timeout=60_000):
        window.system_check.start()
    qtbot.waitUntil(lambda: not window.system_check.running, timeout=60_000)
    assert vulkaninfo_runs() == 2
    assert help_log.read_text(encoding="utf-8").splitlines() == ["--help"]  # the same backend: known already


def test_a_gauge_sample_does_not_change_what_plans_use(qtbot: QtBot, tmp_path: Path) -> None:
    machine = Machine(tmp_path / "no-sd-cli")  # vulkaninfo alone
    changes: list[object] = []
    machine.devices_changed.connect(lambda: changes.append("devices"))
    with qtbot.waitSignal(machine.devices_changed, timeout=20_000):
        assert machine.ask()
    planned_with = machine.devices
    # sampled while sd.cpp holds the card's memory: the next plan must not take that memory as gone for good
    with qtbot.waitSignal(machine.looked, timeout=20_000) as looked:
        machine.sample()
    assert looked.args[1] and changes == ["devices"] and machine.devices is planned_with
    with qtbot.waitSignal(machine.devices_changed, timeout=20_000):
        machine.look_again()
    assert changes == ["devices", "devices"] and machine.devices is not planned_with
