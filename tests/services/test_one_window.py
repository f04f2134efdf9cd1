"""One window per data folder, on Qt's real lock file, local server and local socket: a second start hands its options
over, a lock left by a killed process is taken over, a window that does not answer is said so in bounded time, and
`serve` does not open a second queue beside the window."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLockFile
from PySide6.QtNetwork import QLocalSocket
from pytestqt.qtbot import QtBot

from app.core.generation.request import GenerationRequest
from app.core.one_window import ANSWER, WindowOptions, options_message
from app.core.platform_paths import UserDirs
from app.core.queue.jobs import Job, load_queue, save_queue
from app.services.commands import open_studio
from app.services.one_window import OneWindow, Start, window_is_open, window_socket_name
from app.services.user_dirs import current_user_dirs
from tests.helpers.api_server import under_wine
from tests.helpers.cli import REPO, utf8_env

pytestmark = pytest.mark.windows

# another process that holds a data folder's lock and never answers on its socket (a window hung at its start), until
# its stdin closes or it is killed
HOLDER = """
import sys
from PySide6.QtCore import QCoreApplication, QLockFile
app = QCoreApplication([])
lock = QLockFile(sys.argv[1])
lock.setStaleLockTime(0)
print("held" if lock.tryLock(0) else "refused", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return UserDirs.under(tmp_path / "base").data


def lock_of(data: Path) -> Path:
    return data / "window.lock"


@pytest.fixture
def first(data: Path) -> Iterator[OneWindow]:
    window = OneWindow(data, lock_of(data))
    assert window.claim(WindowOptions()) is Start.FIRST
    yield window
    window.release()


# a second start: a process of its own, as a real one is (its waits block, while this test's event loop lets the
# first window answer); it prints what it found
SECOND_START = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from app.core.one_window import WindowOptions
from app.services.one_window import OneWindow
app = QCoreApplication([])
data = Path(sys.argv[1])
print(OneWindow(data, data / "window.lock").claim(WindowOptions(demo=sys.argv[2] == "demo"), float(sys.argv[3])).name)
"""


def second_start(data: Path, options: WindowOptions, wait_seconds: float = 30) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", SECOND_START, str(data), "demo" if options.demo else "-",
                             str(wait_seconds)], stdout=subprocess.PIPE, text=True, cwd=REPO)


def found(qtbot: QtBot, start: subprocess.Popen[str]) -> str:
    """What a second start found, once it has ended (this thread's loop runs meanwhile: the first answers)."""
    qtbot.waitUntil(lambda: start.poll() is not None, timeout=120_000)
    out, _ = start.communicate()
    assert start.returncode == 0
    return out.strip()


@pytest.fixture
def holder(data: Path) -> Iterator[subprocess.Popen[str]]:
    data.mkdir(parents=True)
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock_of(data))], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "held"
    yield process
    if process.poll() is None:
        process.kill()
    process.wait(30)
    for stream in (process.stdin, process.stdout):
        assert stream is not None
        stream.close()


def test_a_second_start_hands_its_options_to_the_first(qtbot: QtBot, data: Path, first: OneWindow) -> None:
    assert first.listening and window_is_open(lock_of(data))
    with qtbot.waitSignal(first.options_arrived, timeout=120_000) as arrived:
        start = second_start(data, WindowOptions(demo=True))
    assert arrived.args == [WindowOptions(demo=True)]
    assert found(qtbot, start) == Start.HANDED_OVER.name
    # and again: the first keeps listening
    with qtbot.waitSignal(first.options_arrived, timeout=120_000) as arrived:
        start = second_start(data, WindowOptions())
    assert arrived.args == [WindowOptions()]
    assert found(qtbot, start) == Start.HANDED_OVER.name


def test_the_window_answers_once_it_has_the_options(qtbot: QtBot, first: OneWindow) -> None:
    """The window's side alone, in this process: a client that sends a message in two pieces, as a pipe may
    deliver it, is answered once the whole message is there."""
    client = QLocalSocket()
    client.connectToServer(first.name)
    assert client.waitForConnected(10_000)
    message = options_message(WindowOptions(demo=True))
    client.write(message[:5])
    client.flush()
    qtbot.wait(200)
    with qtbot.waitSignal(first.options_arrived, timeout=30_000) as arrived, \
            qtbot.waitSignal(client.readyRead, timeout=30_000):
        client.write(message[5:])
    assert arrived.args == [WindowOptions(demo=True)]
    assert client.readAll().data() == ANSWER


def test_each_data_folder_has_a_window_of_its_own(tmp_path: Path, first: OneWindow) -> None:
    other = UserDirs.under(tmp_path / "portable copy").data
    window = OneWindow(other, lock_of(other))
    assert window.name != first.name
    assert window.claim(WindowOptions()) is Start.FIRST and window.listening
    window.release()


def test_once_the_window_closes_the_next_start_opens_one(data: Path, first: OneWindow) -> None:
    first.release()
    assert not window_is_open(lock_of(data))
    again = OneWindow(data, lock_of(data))
    assert again.claim(WindowOptions(), wait_seconds=5) is Start.FIRST and again.listening
    again.release()


def test_a_lock_left_by_a_killed_window_is_taken_over(data: Path, holder: subprocess.Popen[str]) -> None:
    assert window_is_open(lock_of(data))
    holder.kill()  # no cleanup runs: the lock file stays, naming a process that is gone
    holder.wait(30)
    assert lock_of(data).exists()
    assert not window_is_open(lock_of(data))
    window = OneWindow(data, lock_of(data))
    assert window.claim(WindowOptions(), wait_seconds=5) is Start.FIRST and window.listening
    window.release()


@pytest.mark.windows  # what the installed app met under Wine: the killed window's number was the next start's
def test_a_lock_that_names_this_very_start_is_taken_over(qtbot: QtBot, data: Path) -> None:
    # Wine numbers its processes afresh once its server ends (a restarted PC may too): the lock a killed window left
    # names the process number this start now has, and Qt takes it for a live window
    data.mkdir(parents=True, exist_ok=True)
    written = QLockFile(str(lock_of(data)))
    assert written.tryLock(0) and written.getLockInfo()[0] == QCoreApplication.applicationPid()
    left = lock_of(data).read_bytes()  # the file as Qt writes it, naming this process
    written.unlock()
    lock_of(data).write_bytes(left)  # left behind, with no one holding it
    window = OneWindow(data, lock_of(data))
    assert window.claim(WindowOptions(), wait_seconds=5) is Start.FIRST and window.listening
    window.release()


def test_a_socket_left_by_a_killed_window_does_not_stop_the_next_from_listening(data: Path) -> None:
    if sys.platform == "win32":
        pytest.skip("a named pipe goes with its process; only a Unix socket leaves a file behind")
    # what a killed window leaves in the temporary folder: its socket's file, which nobody listens on
    import socket as sockets
    import tempfile

    left = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    path = Path(tempfile.gettempdir()) / window_socket_name(data)
    left.bind(str(path))
    left.close()
    assert path.exists()
    window = OneWindow(data, lock_of(data))
    try:
        assert window.claim(WindowOptions(), wait_seconds=5) is Start.FIRST and window.listening
    finally:
        window.release()


def test_a_window_that_holds_the_folder_but_never_answers_is_said_so_in_bounded_time(
        data: Path, holder: subprocess.Popen[str]) -> None:
    window = OneWindow(data, lock_of(data))
    assert window.claim(WindowOptions(demo=True), wait_seconds=1) is Start.NO_ANSWER
    assert holder.poll() is None  # never taken from a live window


def test_a_stranger_on_the_socket_is_no_second_start(qtbot: QtBot, data: Path, first: OneWindow) -> None:
    stranger = QLocalSocket()
    stranger.connectToServer(first.name)
    assert stranger.waitForConnected(10_000)
    arrived: list[object] = []
    first.options_arrived.connect(arrived.append)
    with qtbot.waitSignal(stranger.disconnected, timeout=30_000):
        stranger.write(b"GET / HTTP/1.1\r\n\r\n")
    assert arrived == []
    # and the window still hears a real second start after it
    with qtbot.waitSignal(first.options_arrived, timeout=120_000):
        start = second_start(data, WindowOptions(demo=True))
    assert found(qtbot, start) == Start.HANDED_OVER.name


# quarantined by name under Wine (issue 47's rule): there the child's captured stderr came back as None (2026-11-29,
# not understood yet); Linux and a real Windows check the refusal
@pytest.mark.skipif(under_wine(), reason="under Wine the serve child's captured stderr came back as None: quarantined")
def test_serve_does_not_open_a_second_queue_beside_the_window(tmp_path: Path, first: OneWindow) -> None:
    served = subprocess.run([sys.executable, "-m", "app", "--basedir", str(tmp_path / "base"), "serve", "--port", "0"],
                            capture_output=True, text=True, cwd=REPO, env=utf8_env(), timeout=120, check=False)
    assert served.returncode == 2, served.stderr
    assert "the window of Polaris Studio is open" in served.stderr
    assert "“Let other apps use this PC”" in served.stderr


def test_the_commands_beside_the_window_never_take_up_its_queue_file() -> None:
    """`generate`, `upscale`, `prompt` and `serve` open the studio without the queue file: a job the window keeps
    for Run queue is the window's alone, and what a command does to its own queue never reaches the file."""
    store = current_user_dirs().job_queue
    kept = Job(GenerationRequest("a red fox", seed=3))
    save_queue(store, [kept])
    before = store.read_bytes()
    studio = open_studio(argparse.Namespace(out=None, sd_binary=None))
    assert studio.queue.jobs == [] and studio.queue.held == 0
    studio.queue.start()
    studio.queue.clear_finished()
    studio.stop_now()
    assert store.read_bytes() == before
    assert [job.id for job in load_queue(store, datetime.now()).jobs] == [kept.id]
