"""The window started twice as a user starts it, `python -m app --basedir X` twice: one window, the second start's
options arrive in it and the second start exits 0; a window killed outright leaves a lock the next start takes
over."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import httpx
import pytest

from app.core.platform_paths import UserDirs
from app.core.queue.jobs import JobState, load_queue
from app.core.settings_schema import OTHER_APPS_ALLOWED, OTHER_APPS_PORT
from app.services.app_log import LOG_FILE_NAME
from app.services.settings import Settings
from app.services.user_dirs import keep_settings_in
from tests.helpers.cli import REPO, utf8_env
from tests.helpers.image_server import free_port
from tests.helpers.window_tour import three_jobs_from_last_time

# what the first window's log says when a second start's options reach it (app/services/one_window.py)
HANDED_OVER = "a second start of the window handed over its options: WindowOptions(demo=True)"
START_SECONDS = 180  # a window's start on a busy machine with two cores, and a second start waiting for it


def start_window(basedir: Path, env: dict[str, str], *options: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "app", "--basedir", str(basedir), *options], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def end(window: subprocess.Popen[str]) -> str:
    if window.poll() is None:
        window.kill()
    return window.communicate(timeout=60)[0]


def lock_holder(basedir: Path) -> int | None:
    """The process id a window wrote into the data folder's lock file (QLockFile's first line)."""
    try:
        first = UserDirs.under(basedir).window_lock.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0]
    except OSError:
        return None
    return int(first) if first.strip().isdigit() else None


def wait_for_lock(basedir: Path, window: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while lock_holder(basedir) != window.pid:
        assert window.poll() is None, f"the window ended at its start:\n{end(window)}"
        assert time.monotonic() < deadline, "the window never took its data folder's lock"
        time.sleep(0.2)


def log_text(basedir: Path) -> str:
    path = UserDirs.under(basedir).logs / LOG_FILE_NAME
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def second_start(basedir: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "--basedir", str(basedir), "--demo"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=START_SECONDS, check=False)


@pytest.mark.windows
def test_a_window_killed_outright_leaves_a_lock_the_next_start_takes_over(tmp_path: Path) -> None:
    basedir = tmp_path / "base"
    env = utf8_env(QT_QPA_PLATFORM="offscreen")
    killed = start_window(basedir, env)
    try:
        wait_for_lock(basedir, killed)
    finally:
        end(killed)  # killed outright: no cleanup runs, the lock file stays
    assert lock_holder(basedir) == killed.pid
    window = start_window(basedir, env)
    try:
        wait_for_lock(basedir, window)  # taken over, not refused
        again = second_start(basedir, env)
        assert again.returncode == 0, again.stdout + again.stderr
        assert window.poll() is None
        deadline = time.monotonic() + 60
        while HANDED_OVER not in log_text(basedir):
            assert time.monotonic() < deadline, log_text(basedir)
            time.sleep(0.2)
    finally:
        end(window)


@pytest.fixture
def framed_display() -> Iterator[str]:
    """Xvfb with openbox: a desktop's screen, where a window that comes forward is raised by a window manager."""
    from tests.ui.test_real_display import SCREEN, start_window_manager, start_xvfb

    server, display = start_xvfb(*SCREEN)
    manager = start_window_manager(display)
    yield display
    manager.terminate()
    manager.wait(10)
    server.terminate()
    server.wait(10)


def app_windows(display: str) -> dict[str, int]:
    """The main windows on the screen, by X window id: the process id each belongs to (_NET_WM_PID; Qt's own
    hidden 1x1 window of the same name has none)."""
    env = {**os.environ, "DISPLAY": display}
    tree = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True, timeout=20,
                          check=True).stdout
    windows: dict[str, int] = {}
    for window_id in re.findall(r"^\s*(0x[0-9a-f]+) \"Polaris Studio\":", tree, re.MULTILINE):
        said = subprocess.run(["xprop", "-id", window_id, "_NET_WM_PID"], env=env, capture_output=True, text=True,
                              timeout=20, check=False).stdout
        if pid := re.search(r"= (\d+)", said):
            windows[window_id] = int(pid.group(1))
    return windows


def active_window(display: str) -> str:
    said = subprocess.run(["xprop", "-root", "_NET_ACTIVE_WINDOW"], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=20, check=False).stdout
    found = re.search(r"# (0x[0-9a-f]+)", said)
    return hex(int(found.group(1), 16)) if found else ""


@pytest.mark.full
@pytest.mark.skipif(sys.platform == "win32", reason="Xvfb and openbox are Linux's; the Windows run has the test "
                                                    "above, on Qt's offscreen platform")
def test_a_second_start_on_a_real_x_server_comes_to_the_one_window_and_exits(framed_display: str,
                                                                             tmp_path: Path) -> None:
    basedir = tmp_path / "base"
    env = utf8_env(DISPLAY=framed_display, QT_QPA_PLATFORM="xcb")
    env.pop("WAYLAND_DISPLAY", None)
    first = start_window(basedir, env)
    try:
        deadline = time.monotonic() + START_SECONDS
        while first.pid not in app_windows(framed_display).values():
            assert first.poll() is None, f"the first window ended at its start:\n{end(first)}"
            assert time.monotonic() < deadline, "the first window never showed"
            time.sleep(0.5)
        assert HANDED_OVER not in log_text(basedir)
        # the first start's guide beside the window takes the focus
        shown = hex(int(next(iter(app_windows(framed_display))), 16))
        while active_window(framed_display) in ("", shown):
            assert time.monotonic() < deadline, "the first start's guide never took the focus"
            time.sleep(0.2)
        again = second_start(basedir, env)
        assert again.returncode == 0, again.stdout + again.stderr
        # the second start's --demo arrived in the first window, which is still the only one
        assert HANDED_OVER in log_text(basedir)
        assert first.poll() is None
        [(main_window, pid)] = app_windows(framed_display).items()
        assert pid == first.pid
        # and it came forward (in front of the first start's guide, which had the focus)
        deadline = time.monotonic() + 30
        while active_window(framed_display) != hex(int(main_window, 16)):
            assert time.monotonic() < deadline, (active_window(framed_display), main_window)
            time.sleep(0.2)
    finally:
        output = end(first)
    assert "Traceback" not in output and "Traceback" not in log_text(basedir), output


@pytest.mark.full
@pytest.mark.skipif(sys.platform == "win32", reason="Xvfb and openbox are Linux's")
def test_two_starts_on_a_real_x_server_draw_each_queued_job_once(framed_display: str, tmp_path: Path) -> None:
    """Issue 52: a second copy opened beside the window drawing three jobs from last time drew them again (6
    pictures for 3 jobs). Now the second start hands over and ends; the jobs from last time stay the one window's,
    waiting for its Run queue, and each job asked of it (by another app, through its switch) is drawn once."""
    basedir = tmp_path / "base"
    dirs = UserDirs.under(basedir)
    port = free_port()
    keep_settings_in(dirs.data / "settings")  # where --basedir keeps them: other apps may draw here
    Settings().set(OTHER_APPS_ALLOWED, True)
    Settings().set(OTHER_APPS_PORT, port)
    three_jobs_from_last_time(dirs.job_queue)
    env = utf8_env(DISPLAY=framed_display, QT_QPA_PLATFORM="xcb")
    env.pop("WAYLAND_DISPLAY", None)
    first = start_window(basedir, env)
    try:
        wait_for_lock(basedir, first)
        deadline = time.monotonic() + START_SECONDS
        while first.pid not in app_windows(framed_display).values():
            assert first.poll() is None, f"the first window ended at its start:\n{end(first)}"
            assert time.monotonic() < deadline, "the first window never showed"
            time.sleep(0.5)
        again = second_start(basedir, env)
        assert again.returncode == 0, again.stdout + again.stderr
        assert HANDED_OVER in log_text(basedir)  # the second start's --demo arrived in the one window
        assert list(app_windows(framed_display).values()) == [first.pid]
        asked = [httpx.post(f"http://127.0.0.1:{port}/sdapi/v1/txt2img", timeout=600,
                            json={"prompt": f"a lighthouse, take {n}", "width": 64, "height": 64, "steps": 1,
                                  "seed": n}) for n in (11, 12)]
        assert [answer.status_code for answer in asked] == [200, 200], [answer.text for answer in asked]
        assert all(len(answer.json()["images"]) == 1 for answer in asked)
        # two pictures for two jobs, and none of the three from last time drawn by either start
        assert len(list(dirs.images.glob("*.png"))) == 2
        assert first.poll() is None
    finally:
        output = end(first)
    left = load_queue(dirs.job_queue, datetime.now()).jobs
    assert [job.request.prompt for job in left if job.state is JobState.WAITING] == \
        [f"a lighthouse at dusk, take {n}" for n in range(3)]
    assert "Traceback" not in output and "Traceback" not in log_text(basedir), output
