"""`python -m app serve` run as a user would: started, its address read from what it prints, stopped with Ctrl+C
(Ctrl+Break on Windows)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.helpers.cli import REPO, utf8_env

ADDRESS = re.compile(r"at (http://\S+) ")


def under_wine() -> bool:
    """Whether this is Windows Python under Wine: Wine's ntdll.dll exports wine_get_version, Windows' does not."""
    if sys.platform != "win32":
        return False
    import ctypes

    return hasattr(ctypes.WinDLL("ntdll"), "wine_get_version")


@dataclass
class Served:
    address: str
    process: subprocess.Popen[str]
    output: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"{self.address}/sdapi/v1"


def serve_argv(basedir: Path, *extra: str, program: list[str] | None = None) -> list[str]:
    """`program` (default: this Python's `-m app`) with `--basedir` and `serve` on any free port."""
    return [*(program or [sys.executable, "-m", "app"]), "--basedir", str(basedir), "serve", "--port", "0", *extra]


@contextmanager
def served(basedir: Path, *extra: str, env: dict[str, str] | None = None,
           program: list[str] | None = None) -> Iterator[Served]:
    """The server on a free port of 127.0.0.1 until the block ends; then it must stop by itself on Ctrl+C."""
    group = subprocess.CREATE_NEW_PROCESS_GROUP if sys.platform == "win32" else 0
    process = subprocess.Popen(serve_argv(basedir, *extra, program=program), cwd=REPO, env=utf8_env(**(env or {})),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                               creationflags=group)
    assert process.stdout is not None
    output: list[str] = []
    found = threading.Event()
    address: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            output.append(line)
            match = ADDRESS.search(line)
            if match and not address:
                address.append(match.group(1))
                found.set()
        found.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        found.wait(120)
        assert address, f"the server printed no address:\n{''.join(output)}"
        yield Served(address[0], process, output)
    finally:
        if process.poll() is None and under_wine():
            # Wine 8 cannot send Ctrl+Break (GenerateConsoleCtrlEvent fails with ERROR_INVALID_ACCESS): there the
            # server is ended; that it stops by itself on Ctrl+C is shown on Linux and on a real Windows
            process.kill()
            process.wait()
        elif process.poll() is None:
            process.send_signal(signal.CTRL_BREAK_EVENT if sys.platform == "win32" else signal.SIGINT)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                raise AssertionError(f"the server did not stop on Ctrl+C:\n{''.join(output)}") from None
        reader.join(10)
        process.stdout.close()
