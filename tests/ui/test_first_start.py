"""The first start that leads: the check's verdict, the recommended model downloaded from a real local server, and
the first picture drawn by the real backend on lavapipe; skippable, never in the way, shown once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core.settings_schema import FIRST_START_GUIDED
from app.services.models import downloader
from app.services.settings import Settings
from app.services.studio import Studio
from app.ui.first_start import SAMPLE_PROMPT, FirstStart, guide_wanted
from app.ui.main_window import MainWindow
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo
from tests.helpers.file_server import Served, file_server
from tests.helpers.local_catalog import served, write_catalog


@pytest.fixture(autouse=True)
def lavapipe_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Machine's facts from a real vulkaninfo capture of lavapipe, the device the backend draws on here."""
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", "lavapipe_full.txt"))
    monkeypatch.setattr(downloader, "BACKOFF_S", 0.01)


def guided_window(qtbot: QtBot, out_dir: Path, tmp_path: Path, base: str,
                  files: dict[str, tuple[str, bytes, bool]],
                  hosts: tuple[str, ...] = ("127.0.0.1",)) -> tuple[MainWindow, FirstStart]:
    window = MainWindow(Studio(out_dir), catalog=write_catalog(tmp_path / "catalog.json", base, files, hosts=hosts),
                        models_dir=tmp_path / "models")
    qtbot.addWidget(window)
    window.show()
    guide = FirstStart(window)
    assert guide_wanted(Settings())
    guide.start()
    assert not guide_wanted(Settings()) and Settings().get(FIRST_START_GUIDED)  # once, even if closed at once
    assert not guide.isModal() and QApplication.activeModalWidget() is None  # the window stays usable
    return window, guide


def test_download_the_recommended_model_then_make_the_first_picture(
        qtbot: QtBot, tmp_path: Path, out_dir: Path, sd_cli: Path, tiny_model: tuple[Path, Path]) -> None:
    model, taesd = tiny_model
    # the tiny Flux served as a catalog model under names of its own: a download, not the demo
    files = {"model": ("tiny-flux.gguf", model.read_bytes(), True),
             "taesd": ("tiny-tae.gguf", taesd.read_bytes(), True)}
    server = Served(files=served(files))
    with file_server(server) as base:
        window, guide = guided_window(qtbot, out_dir, tmp_path, base, files)
        qtbot.waitUntil(lambda: guide.download_button.isVisible(), timeout=60_000)
        # the check's verdict in one sentence, the model with its size and its time on this computer
        qtbot.waitUntil(lambda: not guide.verdict.text().startswith("Checking"), timeout=60_000)
        # this computer's own check: lavapipe is no graphics card
        assert guide.verdict.text().startswith("No graphics card that can draw was found: pictures will be made by "
                                               "the processor")
        # the model by its name alone: no "fp16" or "Q8_0" in a newcomer's first sentence
        assert guide.recommendation.text().startswith("Recommended for your processor: Local Flux, ")
        said = r", [0-9.]+ MiB to download; a picture takes about [0-9-]+ (s|min) at 1024 x 1024\.$"
        assert re.search(said, guide.recommendation.text())
        assert not guide.picture_button.isVisible() and guide.demo_button.isVisible()
        with qtbot.waitSignal(guide.download.finished, timeout=30_000) as finished:
            qtbot.mouseClick(guide.download_button, Qt.MouseButton.LeftButton)
            assert guide.progress.isVisible()
    assert finished.args[1] is None and len(server.requests) == 2
    assert guide.progress.value() == guide.progress.maximum()
    assert guide.picture_button.isVisible() and not guide.download_button.isVisible()
    window.panel.set_size(128, 128)  # the tiny model draws a small picture in seconds on the processor
    with qtbot.waitSignal(window.generation_finished, timeout=180_000) as drawn:
        qtbot.mouseClick(guide.picture_button, Qt.MouseButton.LeftButton)
        assert not guide.isVisible()
        assert guide.chosen is not None and window.panel.model_picker.currentText() == guide.chosen.preset.label
        assert window.panel.prompt.toPlainText() == SAMPLE_PROMPT
        assert window.panel.model.path() == tmp_path / "models" / "tiny-flux.gguf"
    outcome = drawn.args[0]
    assert outcome.ok and outcome.image and Path(outcome.image).parent == out_dir


def test_not_now_closes_it_and_the_window_goes_on(qtbot: QtBot, tmp_path: Path, out_dir: Path,
                                                  sd_cli: Path) -> None:
    files = {"model": ("tiny-flux.gguf", b"not fetched", False)}
    server = Served(files=served(files))
    with file_server(server) as base:
        window, guide = guided_window(qtbot, out_dir, tmp_path, base, files)
        with qtbot.waitSignal(window.system_check.finished, timeout=60_000):  # the window's check goes on
            qtbot.mouseClick(guide.not_now_button, Qt.MouseButton.LeftButton)
            assert not guide.isVisible()
    assert server.requests == []  # nothing downloaded
    assert window.go.generate.isEnabled() and window.isVisible()
    assert not guide_wanted(Settings())  # not shown again at the next start


def test_the_demo_model_skips_the_download_and_draws_at_once(qtbot: QtBot, tmp_path: Path, out_dir: Path,
                                                             sd_cli: Path) -> None:
    files = {"model": ("tiny-flux.gguf", b"not fetched", False)}
    server = Served(files=served(files))
    with file_server(server) as base:
        window, guide = guided_window(qtbot, out_dir, tmp_path, base, files)
        assert guide.demo_button.isVisible()  # at the first step already, before the check has answered
        with qtbot.waitSignal(window.studio.job_event, timeout=60_000):  # the job started
            qtbot.mouseClick(guide.demo_button, Qt.MouseButton.LeftButton)
        assert not guide.isVisible()
        assert window.panel.model_picker.currentText() == "Demo (random noise)"
        assert window.studio.queue.busy
        window.studio.queue.cancel_all()
        qtbot.waitUntil(lambda: not window.studio.queue.busy and not window.system_check.running, timeout=60_000)
    assert server.requests == []


def test_the_guides_sentences_are_whole_once_the_check_and_the_advice_answer(qtbot: QtBot, tmp_path: Path,
                                                                             out_dir: Path) -> None:
    """It was shown with one-line sentences and kept that height: on a real X server the check's and the advice's
    longer sentences were cut and overlapped."""
    files = {"model": ("tiny-flux.gguf", b"not fetched", False)}
    with file_server(Served(files=served(files))) as base:
        window, guide = guided_window(qtbot, out_dir, tmp_path, base, files)
        qtbot.waitUntil(lambda: not guide.verdict.text().startswith("Checking")
                        and not guide.recommendation.text().startswith("Looking"), timeout=60_000)
        for label in (guide.verdict, guide.recommendation):
            assert label.height() >= label.heightForWidth(label.width()), label.text()
        qtbot.waitUntil(lambda: not window.system_check.running, timeout=60_000)


def test_offline_the_download_says_so_in_words_and_offers_to_try_again(qtbot: QtBot, tmp_path: Path,
                                                                        out_dir: Path) -> None:
    files = {"model": ("tiny-flux.gguf", b"never fetched", False)}
    # .invalid never resolves (RFC 6761), as no name does on a computer without a network
    window, guide = guided_window(qtbot, out_dir, tmp_path, "https://polaris.invalid", files, ("polaris.invalid",))
    qtbot.waitUntil(lambda: guide.download_button.isVisible(), timeout=60_000)
    with qtbot.waitSignal(guide.download.finished, timeout=30_000):
        qtbot.mouseClick(guide.download_button, Qt.MouseButton.LeftButton)
        assert guide.stop_button.isVisible() and guide.progress_label.text() == "Connecting…"
    assert guide.progress_label.text() == (  # the model by its name, no file's name
        "Local Flux: This computer seems to be offline (the server's name could not be found) while fetching the "
        "model file; check the connection, then try again: the download goes on from where it stopped.")
    assert guide.download_button.isVisible() and guide.download_button.text() == "&Try again"
    assert not guide.stop_button.isVisible() and not guide.progress.isVisible()  # no empty bar left behind
    qtbot.waitUntil(lambda: not window.system_check.running, timeout=60_000)  # the guide's check ends first


def test_stop_pauses_the_download_and_it_resumes_on_try_again(qtbot: QtBot, tmp_path: Path, out_dir: Path) -> None:
    files = {"model": ("tiny-flux.gguf", bytes(range(256)) * 8_000, False)}
    server = Served(files=served(files), pause_s=0.05)  # a slow line: 2 MB in about 1.5 s
    with file_server(server) as base:
        window, guide = guided_window(qtbot, out_dir, tmp_path, base, files)
        qtbot.waitUntil(lambda: guide.download_button.isVisible(), timeout=60_000)
        qtbot.mouseClick(guide.download_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: guide.progress.value() > 0, timeout=30_000)
        with qtbot.waitSignal(guide.download.finished, timeout=30_000):
            qtbot.mouseClick(guide.stop_button, Qt.MouseButton.LeftButton)
        assert guide.progress_label.text().startswith("The download is paused")
        assert guide.download_button.text() == "&Try again" and not guide.stop_button.isVisible()
        with qtbot.waitSignal(guide.download.finished, timeout=30_000) as finished:
            qtbot.mouseClick(guide.download_button, Qt.MouseButton.LeftButton)
    assert finished.args[1] is None and server.requests[-1][1] is not None  # resumed with a Range
    qtbot.waitUntil(lambda: not window.system_check.running, timeout=60_000)  # the guide's check ends first
