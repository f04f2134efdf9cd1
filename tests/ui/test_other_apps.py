"""The window's switch "Let other apps use this PC": off at first; on, an app's call draws through the window's own
queue (the real server, the real backend on lavapipe), shows there as another app's and lands in the gallery;
off again, the port is let go."""

from __future__ import annotations

import socket
import sys
import threading
from pathlib import Path

import httpx
import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.__main__ import api_server
from app.core.gallery.gallery_index import GalleryIndex
from app.core.platform_paths import APP_DIR_NAME, ORGANIZATION_NAME
from app.core.settings_schema import (
    OTHER_APPS_ALLOWED,
    OTHER_APPS_KEY,
    OTHER_APPS_NETWORK,
    OTHER_APPS_PORT,
    OTHER_APPS_STARTING,
)
from app.services.api_desk import AppServer
from app.services.app_log import LOG_FILE_NAME
from app.services.settings import Settings
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs
from app.ui.main_window import MainWindow
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo
from tests.helpers.image_server import free_port


@pytest.fixture(autouse=True)
def any_free_port(monkeypatch: pytest.MonkeyPatch) -> int:
    """The switch's port (7860 at first) chosen as a user does in Network…: one no other test holds."""
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", "lavapipe_full.txt"))
    port = free_port()
    Settings().set(OTHER_APPS_PORT, port)
    return port


def window(qtbot: QtBot, out_dir: Path) -> MainWindow:
    # the entry point's own maker of the HTTP server, as `python -m app` hands it to the window
    shown = MainWindow(Studio(out_dir, gallery=GalleryIndex(out_dir.parent / "gallery.sqlite")),
                       make_server=api_server)
    qtbot.addWidget(shown)
    shown.show()
    return shown


@pytest.mark.backend
def test_an_app_draws_through_the_windows_queue(qtbot: QtBot, out_dir: Path, sd_cli: Path) -> None:
    shown = window(qtbot, out_dir)
    row = shown.other_apps
    assert not row.allow.isChecked() and row.server is None and row.address.text().startswith("Off")
    row.allow.click()
    assert row.server is not None and Settings().get(OTHER_APPS_ALLOWED)
    address = f"http://127.0.0.1:{row.server.port}"
    assert address in row.address.text()
    answer: list[httpx.Response] = []
    asking = threading.Thread(target=lambda: answer.append(httpx.post(
        f"{address}/sdapi/v1/txt2img", json={"prompt": "a harbour", "width": 64, "height": 64, "steps": 2, "seed": 4},
        timeout=600)))
    asking.start()
    qtbot.waitUntil(lambda: "for another app on this PC" in shown.queue_strip.summary.words(), timeout=60_000)
    qtbot.waitUntil(lambda: bool(answer), timeout=600_000)
    asking.join()
    assert answer[0].status_code == 200 and len(answer[0].json()["images"]) == 1
    [picture] = out_dir.glob("*.png")
    assert shown.gallery is not None
    qtbot.waitUntil(lambda: picture in [entry.path for entry in shown.gallery.model.entries], timeout=10_000)
    row.allow.click()
    assert row.server is None and not Settings().get(OTHER_APPS_ALLOWED)

    def refused() -> bool:
        try:
            httpx.get(f"{address}/sdapi/v1/samplers", timeout=2)
        except httpx.TransportError:
            return True
        return False

    qtbot.waitUntil(refused, timeout=10_000)


@pytest.mark.windows  # the switch starts the server in the window's process, on Windows too, and stops it on close
def test_the_network_is_let_in_with_a_key(qtbot: QtBot, out_dir: Path) -> None:
    shown = window(qtbot, out_dir)
    row = shown.other_apps
    row.allow.click()
    notes: list[str] = []
    shown.studio.queue.note.connect(notes.append)
    row.open_network_settings()
    dialog = row.network_dialog
    assert dialog is not None and not dialog.network.isChecked()
    key = Settings().get(OTHER_APPS_KEY)
    assert len(key) >= 20
    # kept by the OS keyring: under Windows Python the test prefix's Credential Manager, nothing said; on Linux here
    # none (conftest), so the file that stands in for one, which is said
    assert notes == ([] if sys.platform == "win32" else [
        f"This computer has no keyring (such as GNOME Keyring or KWallet), so the tokens and keys for other computers "
        f"are kept in {current_user_dirs().secrets}, which only you can read."])
    assert current_user_dirs().secrets.exists() == (sys.platform != "win32")
    settings_file = QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, ORGANIZATION_NAME,
                              APP_DIR_NAME).fileName()
    assert key not in Path(settings_file).read_text(encoding="utf-8")
    dialog.network.click()
    dialog.accept()
    assert Settings().get(OTHER_APPS_NETWORK) and row.server is not None and row.server.options.key == key
    local = f"http://127.0.0.1:{row.server.port}"
    assert httpx.get(f"{local}/sdapi/v1/samplers").status_code == 401
    assert httpx.get(f"{local}/sdapi/v1/samplers", headers={"Authorization": f"Bearer {key}"}).status_code == 200
    shown.close()
    assert row.server is None


def test_other_computers_are_one_click_away_before_any_job(qtbot: QtBot, out_dir: Path) -> None:
    shown = window(qtbot, out_dir)
    assert not shown.queue_strip.isVisible()  # no job yet: the queue, and its Computers menu, hide
    shown.details_toggle.click()
    shown.other_apps.use_computers_button.click()
    dialog = shown.queue_strip.computer_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.reject()


def test_a_window_opened_without_the_api_says_so_when_switched_on(qtbot: QtBot, out_dir: Path) -> None:
    shown = MainWindow(Studio(out_dir, gallery=GalleryIndex(out_dir.parent / "gallery.sqlite")))
    qtbot.addWidget(shown)
    row = shown.other_apps
    row.allow.setChecked(True)
    assert not row.allow.isChecked() and row.server is None
    assert row.address.text() == "This window was opened without the part that answers other apps."


@pytest.mark.windows  # the installed Windows program is windowed: it has no console at all
def test_the_switch_serves_in_a_program_without_a_console(qtbot: QtBot, out_dir: Path, any_free_port: int,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller's windowed build: no console, so no sys.stdout or sys.stderr (the server's logging configuration
    # failed on them, and the window never opened again while the switch stayed on)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    shown = window(qtbot, out_dir)
    row = shown.other_apps
    row.allow.click()
    assert row.server is not None and row.address.text() == f"On: apps on this PC use http://127.0.0.1:{any_free_port}"
    answer = httpx.get(f"http://127.0.0.1:{any_free_port}/sdapi/v1/samplers", timeout=30)
    assert answer.status_code == 200 and "Euler a" in [sampler["name"] for sampler in answer.json()]
    shown.close()
    assert row.server is None


def test_a_port_another_program_holds_is_said_and_the_switch_goes_off(qtbot: QtBot, out_dir: Path,
                                                                      any_free_port: int) -> None:
    with socket.socket() as other_program:
        other_program.bind(("127.0.0.1", any_free_port))
        other_program.listen()
        shown = window(qtbot, out_dir)
        row = shown.other_apps
        row.allow.click()
        assert not row.allow.isChecked() and row.server is None and not Settings().get(OTHER_APPS_ALLOWED)
        assert row.address.text() == (f"Port {any_free_port} is used by another program (another drawing app?): "
                                      "close it and try again.")
    assert not Settings().get(OTHER_APPS_STARTING)


def test_a_server_that_fails_to_start_leaves_the_window_open_with_the_switch_off(qtbot: QtBot, out_dir: Path,
                                                                                 caplog: pytest.LogCaptureFixture) \
        -> None:
    def broken(desk: object, options: object) -> AppServer:
        raise ValueError("Unable to configure formatter 'default'")  # what uvicorn raised without a console

    Settings().set(OTHER_APPS_ALLOWED, True)  # ticked at the last start: this start serves at once
    shown = MainWindow(Studio(out_dir, gallery=GalleryIndex(out_dir.parent / "gallery.sqlite")), make_server=broken)
    qtbot.addWidget(shown)
    row = shown.other_apps
    assert not row.allow.isChecked() and row.server is None and not Settings().get(OTHER_APPS_ALLOWED)
    assert row.address.text() == ("Other apps could not be let in (Unable to configure formatter 'default'). The "
                                  "switch is off; the app's log has the details: "
                                  f"{current_user_dirs().logs / LOG_FILE_NAME}")
    assert "Unable to configure formatter" in caplog.text  # whole, with its traceback, in the log
    assert not Settings().get(OTHER_APPS_STARTING)


def test_a_start_that_ended_while_letting_other_apps_in_opens_with_the_switch_off(qtbot: QtBot,
                                                                                 out_dir: Path) -> None:
    # what the settings hold when the program itself stopped while starting the server (a crash in a library)
    Settings().set(OTHER_APPS_ALLOWED, True)
    Settings().set(OTHER_APPS_STARTING, True)
    shown = window(qtbot, out_dir)
    row = shown.other_apps
    assert not row.allow.isChecked() and row.server is None
    assert row.address.text() == ("Off: the last time the app opened, it stopped while letting other apps in. Tick "
                                  "the switch to try again.")
    assert not Settings().get(OTHER_APPS_ALLOWED) and not Settings().get(OTHER_APPS_STARTING)
    row.allow.click()  # trying again works
    assert row.server is not None
    shown.close()


def test_the_port_is_chosen_in_network_settings(qtbot: QtBot, out_dir: Path) -> None:
    shown = window(qtbot, out_dir)
    row = shown.other_apps
    row.allow.click()
    assert row.server is not None
    row.open_network_settings()
    dialog = row.network_dialog
    assert dialog is not None
    other = free_port()
    dialog.port.setValue(other)
    dialog.accept()
    assert Settings().get(OTHER_APPS_PORT) == other and row.server is not None and row.server.port == other
    assert httpx.get(f"http://127.0.0.1:{other}/sdapi/v1/samplers", timeout=30).status_code == 200
    shown.close()
