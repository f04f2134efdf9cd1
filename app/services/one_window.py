"""One window per user and data folder (app/core/one_window.py says why): the lock file the window holds, the local
socket it hears second starts on, and a second start's handing over.

A lock left by a window that was killed or crashed is taken over (QLockFile finds its process gone), never a reason
not to start. A second start only waits a bounded while (the first window may itself still be starting); nothing here
blocks the first window's GUI thread: it hears second starts through signals."""

from __future__ import annotations

import enum
import logging
import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from app.core.one_window import (
    ANSWER,
    LONGEST_MESSAGE,
    MESSAGE_END,
    WindowOptions,
    options_message,
    read_options,
    socket_name,
)

_log = logging.getLogger(__name__)
# how long a second start waits for the first window to take its options: the first may still be starting (its
# socket is made before the slow parts, but it answers from its event loop)
HAND_OVER_SECONDS = 30.0
_RETRY_SECONDS = 0.1
# a window listens the moment it takes the lock: none for this long behind a lock, and the lock is a dead window's
NOBODY_LISTENS_SECONDS = 3.0


class Start(enum.Enum):
    """What a start of the window found."""

    FIRST = "first"  # this start holds the data folder: it opens the window
    HANDED_OVER = "handed over"  # a window holds it and took this start's options: this start exits
    NO_ANSWER = "no answer"  # a window holds it but neither answered nor let go in time


def _user() -> str:
    """Who runs the app: two users of one --basedir folder each get their own socket (a Unix socket in /tmp is its
    owner's alone)."""
    if sys.platform == "win32":
        return os.environ.get("USERDOMAIN", "") + "\\" + os.environ.get("USERNAME", "")
    return str(os.getuid())


def window_socket_name(data_folder: Path) -> str:
    return socket_name(str(data_folder.absolute()), _user(), sys.platform)


def _lock_file(lock: Path) -> QLockFile:
    held = QLockFile(str(lock))
    # stale only when the process that wrote it is gone (killed, crashed, the PC switched off): a window open for
    # days keeps it, however old the file
    held.setStaleLockTime(0)
    return held


def window_is_open(lock: Path) -> bool:
    """Whether a window holds the data folder of this lock file (`UserDirs.window_lock`) now; a lock left by a window
    that was killed is no window."""
    held = _lock_file(lock)
    if held.tryLock(0):
        held.unlock()
        return False
    return held.error() is QLockFile.LockError.LockFailedError


class OneWindow(QObject):
    """The window's hold on its data folder: `claim()` at the window's start takes the lock file and listens for
    second starts, or else hands this start's options to the window that holds it. `options_arrived(WindowOptions)`
    when a second start handed its options over (the window then shows itself, as if started with them)."""

    options_arrived = Signal(object)  # WindowOptions

    def __init__(self, data_folder: Path, lock: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = data_folder
        self.name = window_socket_name(data_folder)
        self._lock = _lock_file(lock)
        self._server: QLocalServer | None = None
        self._heard: dict[QLocalSocket, bytes] = {}

    def claim(self, options: WindowOptions, wait_seconds: float = HAND_OVER_SECONDS) -> Start:
        """Take the data folder, or hand `options` to the window that has it. Bounded by `wait_seconds`: a window that
        is still starting answers once its event loop runs, and one that is closing lets the lock go. A lock with no
        window listening behind it for NOBODY_LISTENS_SECONDS is stale, whatever Qt makes of its process number (a
        window listens the moment it takes the lock), and is taken over."""
        deadline = time.monotonic() + wait_seconds
        unreached_since: float | None = None
        while True:
            if self._take():
                return Start.FIRST
            reached, answered = self._hand_over(options, deadline)
            if answered:
                return Start.HANDED_OVER
            now = time.monotonic()
            if reached:
                unreached_since = None
            elif unreached_since is None:
                unreached_since = now
            elif now - unreached_since >= NOBODY_LISTENS_SECONDS and self._take_a_lock_no_window_holds():
                return Start.FIRST
            if now >= deadline:
                return Start.NO_ANSWER
            time.sleep(_RETRY_SECONDS)

    @property
    def listening(self) -> bool:
        return self._server is not None and self._server.isListening()

    def release(self) -> None:
        """The window has closed: a start from now on opens a window of its own."""
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    # --- the first window ---------------------------------------------------------------------------------------
    def _take(self) -> bool:
        """True once this start holds the lock; also when the lock cannot be written at all (a read-only data
        folder): the window opens all the same, alone in the folder as far as anyone can tell."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            _log.warning("no lock on the data folder %s (%s): a second start opens a second window", self.folder,
                         error)
            return True
        if not self._lock.tryLock(0):
            if self._lock.error() is QLockFile.LockError.LockFailedError:
                return False
            _log.warning("no lock on the data folder %s (%s): a second start opens a second window", self.folder,
                         self._lock.error().name)
            return True
        self._listen()
        return True

    def _take_a_lock_no_window_holds(self) -> bool:
        """The lock of a window that was killed, whose process number came round again (Wine numbers its processes
        afresh once its server ends; a restarted PC may too): Qt takes it for a live window, but none listens."""
        _log.warning("no window listens behind the lock on %s: it was left by a window that ended; taken over",
                     self.folder)
        return self._lock.removeStaleLockFile() and self._take()

    def _listen(self) -> None:
        # ours now that we hold the lock: a socket file a killed window left behind would make listen() fail
        QLocalServer.removeServer(self.name)
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)  # this user's processes alone
        server.newConnection.connect(self._on_new_connection)
        if not server.listen(self.name):
            _log.warning("second starts cannot reach this window (%s): they will say it does not answer",
                         server.errorString())
            return
        self._server = server

    def _on_new_connection(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            self._heard[socket] = b""
            socket.readyRead.connect(lambda socket=socket: self._on_ready_read(socket))
            socket.disconnected.connect(lambda socket=socket: self._heard.pop(socket, None))
            socket.disconnected.connect(socket.deleteLater)
            self._on_ready_read(socket)  # what came with the connection

    def _on_ready_read(self, socket: QLocalSocket) -> None:
        if socket not in self._heard:
            return
        heard = self._heard[socket] + socket.readAll().data()
        self._heard[socket] = heard
        if MESSAGE_END not in heard:
            if len(heard) > LONGEST_MESSAGE:
                del self._heard[socket]
                socket.abort()
            return
        options = read_options(heard[:heard.index(MESSAGE_END)])
        del self._heard[socket]  # one message a connection
        if options is None:
            _log.warning("a message on the window's socket that is not a second start's: ignored")
            socket.abort()
            return
        _log.info("a second start of the window handed over its options: %s", options)
        socket.write(ANSWER)
        socket.flush()
        socket.disconnectFromServer()
        self.options_arrived.emit(options)

    # --- a second start -------------------------------------------------------------------------------------------
    def _hand_over(self, options: WindowOptions, deadline: float) -> tuple[bool, bool]:
        """Send `options` to the window that holds the lock and wait for its answer, until `deadline`: (whether a
        window listens, whether it answered)."""
        let_window_come_forward()
        socket = QLocalSocket()
        try:
            socket.connectToServer(self.name)
            if not socket.waitForConnected(_milliseconds_left(deadline, at_most=1.0)):
                return False, False
            socket.write(options_message(options))
            if not socket.waitForBytesWritten(_milliseconds_left(deadline)):
                return True, False
            answer = b""
            while ANSWER not in answer and socket.waitForReadyRead(_milliseconds_left(deadline)):
                answer += socket.readAll().data()
            # on Windows a pipe can close right after the answer: what was read counts
            answer += socket.readAll().data()
            return True, ANSWER in answer
        finally:
            socket.abort()


def _milliseconds_left(deadline: float, at_most: float | None = None) -> int:
    left = deadline - time.monotonic()
    if at_most is not None:
        left = min(left, at_most)
    return max(int(left * 1000), 1)


def let_window_come_forward() -> None:
    """Windows lets only the program the user just started bring a window to the front: this start, not the first
    window, which would only flash in the taskbar. So this start hands that right on before it hands over."""
    if sys.platform == "win32":
        import ctypes

        asfw_any = -1  # any process: the first window's
        ctypes.windll.user32.AllowSetForegroundWindow(asfw_any)
