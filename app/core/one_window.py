"""One window per user and data folder: what a second start of the window says to the first, and where.

A second `python -m app` (the Start menu's shortcut clicked again, the same portable copy started twice) must not open
a second window over the same queue file: both would restore last time's jobs, and Run queue in each would draw them
twice, two sd.cpp processes on one card. The first window holds a lock file in the data folder and listens on a local
socket (a named pipe on Windows) named after that folder; a second start finds the lock held, hands its options to the
first through that socket, and exits. Pure: the socket's name and the message, which app/services/one_window.py
sends and hears with Qt's QLocalServer and QLocalSocket.
"""

from __future__ import annotations

import hashlib
import json
import ntpath
import posixpath
from dataclasses import dataclass

# what a message starts with: a stranger's bytes on the socket (another program that guessed the name, an older copy
# of the app) are never taken for options
_APP = "polaris-studio"
_VERSION = 1
MESSAGE_END = b"\n"  # one JSON object, then this: the reader knows when it has the whole message
LONGEST_MESSAGE = 64 * 1024  # more is no message of ours
ANSWER = b"shown\n"  # the first window's answer once it has the options: the second start may exit


@dataclass(frozen=True)
class WindowOptions:
    """What a start of the window was asked for on its command line (app/__main__.py): the first window takes a
    second start's, as if it had been started with them."""

    demo: bool = False  # --demo: open on the offline demo model


def socket_name(data_folder: str, user: str, platform: str) -> str:
    """The local socket's name for this user's data folder: the same folder (a second start of one install, one
    portable copy, one --basedir) gives the same name; two portable copies, two --basedir folders, or two users of one
    folder give two. A hash: the folder may hold any character and any length, a pipe's or a socket's name may not
    (a Unix socket's whole path fits in 107 bytes). `data_folder` absolute; Windows' paths compare without case."""
    windows = platform == "win32"
    folder = ntpath.normcase(ntpath.normpath(data_folder)) if windows else posixpath.normpath(data_folder)
    digest = hashlib.sha256(f"{user}\0{folder}".encode("utf-8", "surrogatepass")).hexdigest()
    return f"{_APP}-{digest[:32]}"


def options_message(options: WindowOptions) -> bytes:
    """What a second start sends the first window."""
    return json.dumps({"app": _APP, "version": _VERSION, "demo": options.demo}).encode() + MESSAGE_END


def read_options(message: bytes) -> WindowOptions | None:
    """The options in a message (its end included or not); None for anything that is not a message of ours. An
    option a later version adds is passed over, one it leaves out is this version's default."""
    try:
        said = json.loads(message.removesuffix(MESSAGE_END).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(said, dict) or said.get("app") != _APP or not isinstance(said.get("version"), int):
        return None
    demo = said.get("demo", False)
    return WindowOptions(demo=demo) if isinstance(demo, bool) else None
