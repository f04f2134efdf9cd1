"""Another computer's image server on this one: the real sd.cpp `sd-server` of our build, on 127.0.0.1 with the
tiny test model, on lavapipe's CPU Vulkan (CLIP and VAE on the CPU, as the tests' sd-cli runs)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from app.core.resources import server_name
from tests.conftest import REPO

SD_SERVER = REPO / "backend_bin" / "bin" / server_name(sys.platform)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class ImageServer:
    process: subprocess.Popen[str]
    port: int
    lines: list[str] = field(default_factory=list)  # what it printed, as it prints it

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def name(self) -> str:
        return f"127.0.0.1:{self.port}"

    def said(self, text: str) -> bool:
        return any(text in line for line in list(self.lines))

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=30)


@contextmanager
def sd_server(model: Path, taesd: Path, *extra: str) -> Iterator[ImageServer]:
    """sd-server loaded with the model and listening; killed at the end."""
    port = free_port()
    argv = [str(SD_SERVER), "-m", str(model), "--taesd", str(taesd), "--clip-on-cpu", "--vae-on-cpu",
            "--listen-ip", "127.0.0.1", "--listen-port", str(port), "-v", *extra]
    env = {**os.environ, "GGML_VK_VISIBLE_DEVICES": os.environ.get("GGML_VK_VISIBLE_DEVICES", "0")}
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                               errors="replace")
    server = ImageServer(process, port)
    assert process.stdout is not None
    for line in process.stdout:  # the model loads first, then it listens
        server.lines.append(line)
        if "listening on" in line:
            break
    else:
        raise RuntimeError(f"sd-server ended before it listened:\n{''.join(server.lines)}")
    threading.Thread(target=lambda: server.lines.extend(process.stdout or ()), daemon=True).start()
    try:
        _wait_until_it_accepts(port)
        yield server
    finally:
        if process.poll() is None:
            server.kill()


def _wait_until_it_accepts(port: int) -> None:
    """It prints its address just before it listens: a connection may be refused for a moment."""
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
            return
        except ConnectionRefusedError:
            threading.Event().wait(0.05)
    raise RuntimeError(f"sd-server never accepted a connection on port {port}")
