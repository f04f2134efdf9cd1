"""The app's log: one file in the user's data folder (`logs/polaris-studio.log`, kept to three of 1 MiB) that the
window's own messages, the server for other apps, `print()` and any uncaught error write to.

The installed Windows program has no console (PyInstaller's windowed build): there `sys.stdout` and `sys.stderr`
are None, and anything that writes to them, or configures logging onto them, fails. Once the log is started nothing
needs a console: the two streams, where missing, write their lines to the log, and an error no code caught is
logged whole instead of lost (Qt hands an error raised in a slot to `sys.excepthook`)."""

from __future__ import annotations

import io
import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

LOG_FILE_NAME = "polaris-studio.log"
LOG_BYTES = 2**20  # a file; the two before it are kept beside it (.1, .2)
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class ConsoleLines(io.TextIOBase):
    """What would have gone to a console, written to a logger a line at a time."""

    def __init__(self, logger: logging.Logger, level: int) -> None:
        super().__init__()
        self._logger = logger
        self._level = level
        self._pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        for line in lines:
            if line.strip():
                self._logger.log(self._level, line.rstrip("\r"))
        return len(text)

    def flush(self) -> None:
        if self._pending.strip():
            self._logger.log(self._level, self._pending)
        self._pending = ""


def start_app_log(folder: Path) -> Path | None:
    """Log to `folder`/polaris-studio.log from now on (the app's data folder's `logs`); the console streams that
    are missing write there too. None where the folder cannot be written: the app opens all the same."""
    path = folder / LOG_FILE_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=2, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    if sys.stdout is None:
        sys.stdout = ConsoleLines(logging.getLogger("stdout"), logging.INFO)
    if sys.stderr is None:
        sys.stderr = ConsoleLines(logging.getLogger("stderr"), logging.WARNING)
    previous = sys.excepthook

    def log_uncaught(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        logging.getLogger("app").critical("an error no code caught", exc_info=(kind, error, trace))
        if sys.__stderr__ is not None:  # a console as well: it shows there as before
            previous(kind, error, trace)

    sys.excepthook = log_uncaught
    return path
