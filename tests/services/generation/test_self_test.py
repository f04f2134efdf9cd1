"""The self-test's verdict: a failed system check fails it, even when the image came back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.core.platform_paths import BASEDIR_VARIABLE, UserDirs
from app.core.system import overlay_layers as overlay_module
from app.core.system.checks import CheckResult, CompatibilityReport, Verdict
from app.services.generation.self_test import SelfTest, SelfTestResult, failure_reason, run_self_test
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo

IMAGE = Outcome(0, "/images/one.png")
NO_IMAGE = Outcome(1, None, BackendError(ErrorKind.OUT_OF_VRAM, "out of video memory"))
GOOD = CompatibilityReport((CheckResult("gpu", Verdict.WARN, "only a CPU device"),
                            CheckResult("backend", Verdict.PASS, "runs")))
NO_DEVICE = CompatibilityReport((CheckResult("gpu", Verdict.FAIL, "No Vulkan device was found.", "Install it"),
                                 CheckResult("backend", Verdict.PASS, "runs")))


@pytest.mark.parametrize(("report", "outcome", "reason"), [
    (GOOD, IMAGE, None),
    (NO_DEVICE, IMAGE, "system check failed: gpu: No Vulkan device was found."),
    (GOOD, NO_IMAGE, "generation failed: out of video memory"),
    (NO_DEVICE, NO_IMAGE, "generation failed: out of video memory; system check failed: gpu: No Vulkan device was "
                          "found."),
])
def test_the_reason_names_what_failed(report: CompatibilityReport, outcome: Outcome, reason: str | None) -> None:
    assert failure_reason(report, outcome) == reason


def test_a_failed_check_fails_the_self_test_though_the_image_came_back(qtbot: QtBot, sd_cli: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # a machine whose only card offers Vulkan 1.0 (a real paste): the backend still draws on lavapipe here
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo(
        "linux", "public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt"))
    test = SelfTest(UserDirs.under(tmp_path / "base"))
    with qtbot.waitSignal(test.finished, timeout=180_000) as finished:
        test.start()
    result: SelfTestResult = finished.args[0]
    assert list((tmp_path / "base" / "images").glob("*.png"))  # the image came back
    assert not result.ok
    assert result.reason is not None and result.reason.startswith("system check failed: vulkan_api: Quadro K620 "
                                                                   "offers Vulkan 1.0.65")
    assert result.report.startswith("# Polaris Studio 0.1.0 self-test: FAIL")


def test_a_test_model_that_cannot_be_written_ends_the_self_test(qtbot: QtBot, tmp_path: Path) -> None:
    # an exception in a slot is only printed: the self-test would wait for ever
    base = tmp_path / "base"
    (base / "data").mkdir(parents=True)
    (base / "data" / "models").write_text("a file where the models folder should be", encoding="utf-8")
    test = SelfTest(UserDirs.under(base))
    with qtbot.waitSignal(test.finished, timeout=120_000) as finished:
        test.start()
    result: SelfTestResult = finished.args[0]
    assert not result.ok and result.reason is not None
    assert result.reason.startswith(f"generation failed: cannot write the test model into {base / 'data' / 'models'}")


def test_a_broken_install_ends_the_self_test_as_a_failure(qtbot: QtBot, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # a bundle without one of its tables: the exception is raised in a slot, where it would only be printed
    monkeypatch.setattr(overlay_module, "resource_path", lambda name: tmp_path / "not installed" / name)
    monkeypatch.setenv(BASEDIR_VARIABLE, str(tmp_path / "base"))  # the self-test sets it: put back afterwards
    overlay_module.overlay_layers.cache_clear()
    try:
        code = run_self_test(tmp_path / "base", tmp_path / "report.md")
    finally:
        overlay_module.overlay_layers.cache_clear()
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert code == 1
    assert report.startswith("# Polaris Studio 0.1.0 self-test: FAIL\n\n- the self-test itself broke: "
                             "FileNotFoundError")
    assert "overlay_layers.json" in report
