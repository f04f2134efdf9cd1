from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.usage import ResourceSample
from app.services.monitor import BUSY_INTERVAL_MS, IDLE_INTERVAL_MS, ResourceMonitor
from app.services.system_check import SystemCheck
from app.services.tool_run import ToolResult, ToolRun


def test_monitor_reports_ram_and_lavapipe_vram_from_real_vulkaninfo(qtbot: QtBot) -> None:
    monitor = ResourceMonitor()
    samples: list[ResourceSample] = []
    monitor.sampled.connect(samples.append)
    with qtbot.waitSignal(monitor.sampled, timeout=20_000,
                          check_params_cb=lambda s: s.vram_total is not None):
        monitor.start()
    monitor.stop()
    first, last = samples[0], samples[-1]
    assert first.ram_total > first.ram_used > 0
    assert first.vram_total is None  # vulkaninfo had not answered yet; the gauge says so
    assert last.vram_total == 2 * 2**30  # lavapipe's one heap
    assert last.vram_used is None  # lavapipe has no VK_EXT_memory_budget
    assert monitor.vulkaninfo_runs == 1


def test_monitor_never_runs_two_vulkaninfo_at_once(qtbot: QtBot) -> None:
    monitor = ResourceMonitor()
    monitor.start()
    for _ in range(12):  # ticks far faster than vulkaninfo answers
        monitor._on_tick()
    assert monitor.vulkaninfo_runs == 1
    monitor.stop()
    qtbot.waitUntil(lambda: not monitor._run.running, timeout=20_000)


def test_monitor_follows_the_backend_and_samples_faster_meanwhile(qtbot: QtBot) -> None:
    child = subprocess.Popen([sys.executable, "-c", "b = bytearray(64 * 2**20); import time; time.sleep(30)"])
    try:
        monitor = ResourceMonitor()
        monitor.start()
        assert monitor._timer.interval() == IDLE_INTERVAL_MS
        monitor.set_backend_pid(child.pid)
        assert monitor._timer.interval() == BUSY_INTERVAL_MS
        qtbot.waitUntil(lambda: monitor.sample().backend_rss is not None
                        and monitor.sample().backend_rss > 64 * 2**20, timeout=10_000)
        monitor.set_backend_pid(None)
        assert monitor.sample().backend_rss is None
        assert monitor._timer.interval() == IDLE_INTERVAL_MS
        monitor.stop()
        qtbot.waitUntil(lambda: not monitor._run.running, timeout=20_000)
    finally:
        child.kill()
        child.wait()


@pytest.mark.parametrize(("argv", "error"), [
    (["/nonexistent/vulkaninfo"], "vulkaninfo not found: /nonexistent/vulkaninfo"),
    ([sys.executable, "-c", "import time; time.sleep(30)"], "did not answer in time"),
])
def test_a_helper_that_fails_or_hangs_ends_with_a_message(qtbot: QtBot, argv: list[str], error: str) -> None:
    run = ToolRun(timeout_ms=1500)
    with qtbot.waitSignal(run.finished, timeout=20_000) as finished:
        run.start(argv)
    result: ToolResult = finished.args[0]
    assert result.exit_code is None and result.error is not None and error in result.error
    assert not run.running


def test_system_check_without_a_backend_says_how_to_build_it(qtbot: QtBot, tmp_path: Path) -> None:
    check = SystemCheck(backend=tmp_path / "missing-sd-cli", models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=60_000) as finished:
        check.start()
    facts, report = finished.args
    assert facts.devices and facts.vulkaninfo_error is None
    [backend] = [c for c in report.checks if c.id == "backend"]
    assert backend.status.value == "fail" and "python -m backend_bin.build" in (backend.fix or "")


def test_a_backend_missing_a_library_is_reported_with_the_fix(qtbot: QtBot, tmp_path: Path) -> None:
    # a real program whose shared library is gone: what a half-copied backend folder looks like to the loader
    (tmp_path / "needed.c").write_text("int polaris_needed(void) { return 0; }\n")
    (tmp_path / "main.c").write_text("int polaris_needed(void);\nint main(void) { return polaris_needed(); }\n")
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(tmp_path / "libpolarisneeded.so"),
                    str(tmp_path / "needed.c")], check=True)
    subprocess.run(["cc", "-o", str(tmp_path / "sd-cli"), str(tmp_path / "main.c"), f"-L{tmp_path}",
                    "-lpolarisneeded", f"-Wl,-rpath,{tmp_path}"], check=True)
    (tmp_path / "libpolarisneeded.so").unlink()
    check = SystemCheck(backend=tmp_path / "sd-cli", models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=60_000) as finished:
        check.start()
    [backend] = [c for c in finished.args[1].checks if c.id == "backend"]
    assert backend.status.value == "fail"
    assert backend.message.startswith("A library the sd.cpp backend needs is missing")
    assert "libpolarisneeded.so" in backend.message
    assert "Build it again: python -m backend_bin.build" in (backend.fix or "")
