"""The one vulkaninfo runner, driving a stand-in that behaves as vulkaninfo does on each platform."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.system.vulkaninfo import parse
from app.services.system.vulkaninfo_run import NOT_FOUND, VulkaninfoResult, VulkaninfoRun
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo

pytestmark = pytest.mark.windows


@pytest.fixture
def temp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def run(qtbot: QtBot, runner: VulkaninfoRun) -> VulkaninfoResult:
    with qtbot.waitSignal(runner.finished, timeout=30_000) as finished:
        runner.start()
    assert not runner.running
    return finished.args[0]


def test_on_windows_vulkaninfo_writes_into_a_file_and_ends(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                                          temp_folder: Path) -> None:
    # a vulkaninfo that, like the real one on a console of its own, never exits after writing to a pipe
    [own] = use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("windows"))
    result = run(qtbot, VulkaninfoRun(timeout_ms=20_000, platform="win32"))
    assert result.error is None and result.program == own and result.text is not None
    assert [d.name for d in parse(result.text)] == ["llvmpipe (LLVM 15.0.6, 256 bits)"]
    assert list(temp_folder.iterdir()) == []  # the file is read, then removed
    # started as on Linux (stdout), the same program only ends when the timeout kills it
    result = run(qtbot, VulkaninfoRun(timeout_ms=1500, platform="linux"))
    assert result.text is None and result.error is not None and "did not answer in time" in result.error


def test_a_failing_vulkaninfo_leaves_no_file_and_the_bundled_one_answers(qtbot: QtBot,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          temp_folder: Path) -> None:
    _, ours = use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("fail"), FakeVulkaninfo("windows", bundled=True))
    runner = VulkaninfoRun(platform="win32")
    result = run(qtbot, runner)
    assert result.error is None and result.program == ours and result.text
    assert list(temp_folder.iterdir()) == []
    # the one that answered is asked first next time: the gauge does not pay for the broken one every sample
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("fail"), FakeVulkaninfo("windows", bundled=True))
    result = run(qtbot, runner)
    assert result.program == ours


def test_every_vulkaninfo_failing_says_how(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, temp_folder: Path) -> None:
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("fail"), FakeVulkaninfo("fail", bundled=True))
    result = run(qtbot, VulkaninfoRun(platform="win32"))
    assert result.text is None and not result.missing
    assert result.error is not None
    assert result.error.count("failed (exit code 1): ERROR at ./vulkaninfo/vulkaninfo.h:674:vkCreateInstance failed "
                              "with ERROR_INCOMPATIBLE_DRIVER") == 2
    assert "(the one bundled with the app)" in result.error
    assert list(temp_folder.iterdir()) == []


def test_no_vulkaninfo_at_all(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_vulkaninfo(monkeypatch)
    runner = VulkaninfoRun()
    assert not runner.available
    result = run(qtbot, runner)
    assert result == VulkaninfoResult(None, NOT_FOUND, missing=True)
