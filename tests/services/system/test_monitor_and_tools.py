from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.system.checks import Verdict
from app.core.system.nvidia_smi import RESERVED_QUERY
from app.core.system.usage import ResourceSample, vram_usage
from app.core.system.vulkaninfo import decode_paste, parse, preferred_device
from app.services.system import monitor as monitor_module
from app.services.system.machine import Machine
from app.services.system.monitor import BUSY_INTERVAL_MS, IDLE_INTERVAL_MS, ResourceMonitor
from app.services.system.system_check import SystemCheck
from app.services.tool_run import ToolResult, ToolRun
from tests.helpers.fake_vulkaninfo import CAPTURES, FakeVulkaninfo, use_fake_vulkaninfo

pytestmark = pytest.mark.windows


def test_monitor_reports_ram_and_lavapipe_vram_from_real_vulkaninfo(qtbot: QtBot) -> None:
    machine = Machine()
    monitor = ResourceMonitor(machine)
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


def test_the_gauge_leaves_out_what_nvidias_driver_keeps_for_itself(qtbot: QtBot, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # the H200's real vulkaninfo, and nvidia-smi answering as it did on the H100 we measured (480 MiB reserved)
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", "nvidia_h200_full.txt"))
    answer = tmp_path / "nvidia_smi_standin.py"
    answer.write_text("import sys\nassert sys.argv[1:] == ['--query-gpu=memory.reserved', "
                      "'--format=csv,noheader,nounits'], sys.argv\nprint(480)\n", encoding="utf-8")
    monkeypatch.setattr(monitor_module, "find_nvidia_smi", lambda: [sys.executable, str(answer), *RESERVED_QUERY])
    device = preferred_device(parse((CAPTURES / "nvidia_h200_full.txt").read_text(encoding="utf-8")))
    as_vulkan_reads_it = vram_usage(device)
    assert as_vulkan_reads_it[0] is not None and as_vulkan_reads_it[1] is not None
    machine = Machine()
    monitor = ResourceMonitor(machine)
    samples: list[ResourceSample] = []
    monitor.sampled.connect(samples.append)
    monitor.start()
    qtbot.waitUntil(lambda: not monitor._reservation.running and monitor._reservation_asked, timeout=20_000)
    monitor._on_tick()  # the next vulkaninfo answer is read with the reservation known
    qtbot.waitUntil(lambda: samples[-1].vram_total == as_vulkan_reads_it[0] - 480 * 2**20, timeout=20_000)
    monitor.stop()
    assert samples[-1].vram_used == as_vulkan_reads_it[1] - 480 * 2**20


def test_monitor_never_runs_two_vulkaninfo_at_once(qtbot: QtBot) -> None:
    machine = Machine()
    monitor = ResourceMonitor(machine)
    monitor.start()
    for _ in range(12):  # ticks far faster than vulkaninfo answers
        monitor._on_tick()
    assert monitor.vulkaninfo_runs == 1
    monitor.stop()
    qtbot.waitUntil(lambda: not machine.looking, timeout=20_000)


def test_monitor_follows_the_backend_and_samples_faster_meanwhile(qtbot: QtBot) -> None:
    child = subprocess.Popen([sys.executable, "-c", "b = bytearray(64 * 2**20); import time; time.sleep(30)"])
    try:
        machine = Machine()
        monitor = ResourceMonitor(machine)
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
        qtbot.waitUntil(lambda: not machine.looking, timeout=20_000)
    finally:
        child.kill()
        child.wait()


@pytest.mark.parametrize(("argv", "error"), [
    ([str(Path("/nonexistent/vulkaninfo"))], f"vulkaninfo not found: {Path('/nonexistent/vulkaninfo')}"),
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
    check = SystemCheck(Machine(tmp_path / "missing-sd-cli"), models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=60_000) as finished:
        check.start()
    facts, report = finished.args
    assert facts.devices and facts.vulkaninfo_error is None
    [backend] = [c for c in report.checks if c.id == "backend"]
    # Linux users build the backend; on Windows it comes with the app, and the Models window installs it again
    how = "Models > Drawing engine"
    assert backend.status.value == "fail" and how in (backend.fix or "")


@pytest.mark.backend
@pytest.mark.parametrize("vulkaninfo", [None, FakeVulkaninfo("fail")], ids=["missing", "failing"])
def test_a_check_that_cannot_run_vulkaninfo_uses_what_the_backend_sees(qtbot: QtBot, tmp_path: Path, sd_cli: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       vulkaninfo: FakeVulkaninfo | None) -> None:
    use_fake_vulkaninfo(monkeypatch, *([vulkaninfo] if vulkaninfo else []))
    # ggml lists a Radeon by itself, but a CPU device (lavapipe, here) only when asked for it by number
    monkeypatch.setenv("GGML_VK_VISIBLE_DEVICES", "0")
    check = SystemCheck(Machine(), models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=60_000) as finished:
        check.start()
    facts, report = finished.args
    said = "vulkaninfo was not found" if vulkaninfo is None else "vulkaninfo failed (exit code 1)"
    assert facts.devices == () and facts.vulkaninfo_error.startswith(said)
    checks = {c.id: c for c in report.checks}
    assert "No Vulkan device was found." not in [c.message for c in report.checks]
    assert checks["vulkan_loader"].status.value == "warn" and said not in checks["vulkan_loader"].message
    assert checks["gpu"].status.value == "warn"
    assert "sd.cpp backend sees this computer's processor" in checks["gpu"].message
    assert checks["backend"].status.value == "pass"
    assert report.overall.value != "fail"


@pytest.mark.skipif(sys.platform == "win32", reason="builds an ELF program against a .so with cc; the Windows "
                    "form (STATUS_DLL_NOT_FOUND) is test_a_backend_missing_a_dll_is_reported_with_the_fix")
def test_a_backend_missing_a_library_is_reported_with_the_fix(qtbot: QtBot, tmp_path: Path) -> None:
    # a real program whose shared library is gone: what a half-copied backend folder looks like to the loader
    (tmp_path / "needed.c").write_text("int polaris_needed(void) { return 0; }\n", encoding="utf-8")
    (tmp_path / "main.c").write_text("int polaris_needed(void);\nint main(void) { return polaris_needed(); }\n",
                                     encoding="utf-8")
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(tmp_path / "libpolarisneeded.so"),
                    str(tmp_path / "needed.c")], check=True)
    subprocess.run(["cc", "-o", str(tmp_path / "sd-cli"), str(tmp_path / "main.c"), f"-L{tmp_path}",
                    "-lpolarisneeded", f"-Wl,-rpath,{tmp_path}"], check=True)
    (tmp_path / "libpolarisneeded.so").unlink()
    check = SystemCheck(Machine(tmp_path / "sd-cli"), models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=60_000) as finished:
        check.start()
    [backend] = [c for c in finished.args[1].checks if c.id == "backend"]
    assert backend.status.value == "fail"
    assert backend.message.startswith("A library the sd.cpp backend needs is missing")
    assert "libpolarisneeded.so" in backend.message
    assert "Build the drawing engine again (Models > Drawing engine > Build the engine)" in (backend.fix or "")


@pytest.mark.skipif(sys.platform != "win32", reason="a PE program and its DLLs: Windows' loader")
def test_a_backend_missing_a_dll_is_reported_with_the_fix(qtbot: QtBot, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # python.exe without the python3XX.dll that lies beside it: what a half-copied backend folder looks like
    base = Path(sys._base_executable).parent  # type: ignore[attr-defined]
    shutil.copy(base / "python.exe", tmp_path / "sd-cli.exe")
    path = [part for part in os.environ.get("PATH", "").split(os.pathsep)
            if part and Path(part).resolve() != base.resolve()]
    monkeypatch.setenv("PATH", os.pathsep.join(path))
    check = SystemCheck(Machine(tmp_path / "sd-cli.exe"), models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=60_000) as finished:
        check.start()
    [backend] = [c for c in finished.args[1].checks if c.id == "backend"]
    assert backend.status.value == "fail"
    assert backend.message.startswith("A library the sd.cpp backend needs is missing")
    assert "0xC0000135" in backend.message
    assert "Models > Drawing engine" in (backend.fix or "")


def test_a_pasted_output_is_checked_with_the_pastes_host_facts_not_this_computers(qtbot: QtBot,
                                                                                   tmp_path: Path) -> None:
    heaps_only = (Path(__file__).resolve().parents[2] / "data" / "vulkaninfo" / "fragments" /
                  "rx470_memory_heaps_only.txt").read_text(encoding="utf-8")
    check = SystemCheck(Machine(), models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=10_000) as finished:
        check.start([heaps_only, "MemTotal:       16314024 kB\n"])
    facts, report = finished.args
    assert [d.vram_bytes for d in facts.devices] == [4026531840]
    assert facts.host.from_paste and facts.host.ram_total_bytes == 16314024 * 1024
    assert facts.host.ram_available_bytes is None and facts.host.cpu_flags is None and facts.models_disk is None
    messages = {c.id: c.message for c in report.checks}
    assert messages["gpu"] == "Using the graphics card the paste shows (its name is not in the paste)."
    assert "unknown" in messages["disk_free"] and messages["host_ram"].startswith("15.6 GiB of RAM")


def test_a_pasted_output_with_overlay_layers_names_them(qtbot: QtBot, tmp_path: Path) -> None:
    # a real Windows paste whose Layers section lists RivaTuner, OBS, Overwolf, Steam, Epic and Medal
    pasted = decode_paste((Path(__file__).resolve().parents[2] / "data" / "vulkaninfo" / "public" /
                           "multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt").read_bytes())
    check = SystemCheck(Machine(), models_dir=tmp_path)
    with qtbot.waitSignal(check.finished, timeout=10_000) as finished:
        check.start([pasted])
    facts, report = finished.args
    assert facts.layers is not None and "VK_LAYER_RTSS" in [layer.name for layer in facts.layers]
    [overlays] = [c for c in report.checks if c.id == "overlay_layers"]
    assert overlays.status is Verdict.WARN and "RivaTuner Statistics Server" in overlays.message
