"""Our programs on other processors: qemu-user runs a Linux program as an older (or newer) x86-64 processor, and
ggml's loader, asking that processor what it has, chooses the CPU variant it would choose on a real one.

qemu's emulator (TCG) has SSE4.2, AVX, FMA, F16C and AVX2 but no AVX-512 (Debian 12's qemu 7.2 says "TCG doesn't
support requested feature" for it): `-cpu Skylake-Server` runs as a Haswell, so the AVX-512 variant is checked by
its instructions only (tests/backend/test_cpu_variants.py).
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

QEMU = "qemu-x86_64"
# the processors beside our users' RX 580s, as qemu models them, and the variant ggml must choose on each
PROCESSORS = {
    "Nehalem": "sse42",  # SSE4.2, no AVX: first-generation Core i5/i7, Xeon X5600
    "SandyBridge": "sandybridge",  # AVX, no AVX2: i5-2500, Xeon E5-2600 v1/v2 on X79 boards
    "Opteron_G5": "sandybridge",  # AVX with FMA and F16C (and AMD's FMA4), no AVX2: like the FX-8350
    "Haswell": "haswell",  # AVX2, FMA, F16C: Haswell and later, Ryzen
    "Skylake-Server": "haswell",  # AVX-512 asked, but qemu's emulator lacks it: it runs as a Haswell
}
CHOSEN = re.compile(r"loaded CPU backend from (?P<path>\S*?ggml-cpu-(?P<variant>\w+)\.(?:so|dll))")
# llama-server does not pass the loader's line on: it says the loaded CPU backend's features instead
# ("system_info: ... | CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | ..."), each variant's own set
CPU_FEATURES = re.compile(r"\bCPU : (?P<features>(?:\w+ = \w+ \| )+)")
VARIANT_SIGNS = (("skylakex", "AVX512"), ("haswell", "AVX2"), ("sandybridge", "AVX"), ("sse42", "SSSE3"))
# an emulated processor runs our programs 20-100x slower: only the processor works (no Vulkan device at all)
NO_VULKAN_DEVICE = {"VK_ICD_FILENAMES": "/nonexistent-icd.json", "VK_DRIVER_FILES": "/nonexistent-icd.json"}


def have_qemu() -> bool:
    return shutil.which(QEMU) is not None


def as_processor(cpu: str, argv: list[str]) -> list[str]:
    return [QEMU, "-cpu", cpu, *argv]


def chosen_variant(output: str) -> str | None:
    """The CPU variant ggml's loader says it loaded, from a program's output, or that its features show."""
    found = CHOSEN.search(output)
    if found:
        return found.group("variant")
    listed = CPU_FEATURES.search(output)
    if listed is None:
        return None
    have = {name for name, value in re.findall(r"(\w+) = (\w+)", listed.group("features")) if value != "0"}
    return next((variant for variant, sign in VARIANT_SIGNS if sign in have), "x64")


def emulated_environment() -> dict[str, str]:
    return {**os.environ, **NO_VULKAN_DEVICE}


@dataclass(frozen=True)
class Drawn:
    returncode: int
    output: str
    picture: Path

    @property
    def variant(self) -> str | None:
        return chosen_variant(self.output)


def draw_argv(sd_cli: Path, model: Path, taesd: Path, picture: Path,
              path_text: Callable[[Path], str] = str) -> list[str]:
    """sd-cli drawing the tiny test model's 64x64 picture in one step, saying what it loads (-v)."""
    return [path_text(sd_cli), "-m", path_text(model), "--taesd", path_text(taesd), "-p", "a red fox", "-W", "64",
            "-H", "64", "--steps", "1", "--cfg-scale", "1", "-s", "7", "-t", "2", "-o", path_text(picture), "-v"]


def draw_as(cpu: str, sd_cli: Path, model: Path, taesd: Path, out: Path, timeout: float) -> Drawn:
    """sd-cli draws the tiny test model's picture on the emulated processor alone."""
    picture = out / f"{cpu}.png"
    argv = as_processor(cpu, draw_argv(sd_cli, model, taesd, picture))
    result = subprocess.run(argv, capture_output=True, text=True, errors="replace", env=emulated_environment(),
                            timeout=timeout, check=False)
    return Drawn(result.returncode, result.stdout + result.stderr, picture)


@dataclass
class Served:
    """A server started on an emulated processor: its output so far, its port."""

    process: subprocess.Popen[str]
    port: int
    lines: list[str]

    @property
    def variant(self) -> str | None:
        return chosen_variant("".join(self.lines))


@contextmanager
def serving_as(cpu: str, argv: list[str], port: int, environment: dict[str, str],
               timeout: float) -> Iterator[Served]:
    """A server (sd-server, llama-server) on the emulated processor, until it accepts connections on `port`;
    killed at the end."""
    process = subprocess.Popen(as_processor(cpu, argv), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", env={**environment, **NO_VULKAN_DEVICE})
    served = Served(process, port, [])
    threading.Thread(target=lambda: served.lines.extend(process.stdout or ()), daemon=True).start()
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{Path(argv[0]).name} ended ({process.returncode}) as {cpu}:\n"
                                   + "".join(served.lines)[-3000:])
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{Path(argv[0]).name} did not listen within {timeout:.0f} s as {cpu}") from None
                time.sleep(0.5)
        yield served
    finally:
        process.kill()
        process.wait(timeout=30)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def sd_server_draws_as(cpu: str, sd_server: Path, model: Path, taesd: Path, timeout: float) -> tuple[bool, str | None]:
    """sd-server on the emulated processor answers one A1111 txt2img call with a PNG; (drew, variant chosen)."""
    port = free_port()
    argv = [str(sd_server), "-m", str(model), "--taesd", str(taesd), "--listen-ip", "127.0.0.1", "--listen-port",
            str(port), "-t", "2", "-v"]
    with serving_as(cpu, argv, port, dict(os.environ), timeout) as served:
        answer = httpx.post(f"http://127.0.0.1:{port}/sdapi/v1/txt2img", timeout=timeout,
                            json={"prompt": "a red fox", "width": 64, "height": 64, "steps": 1, "cfg_scale": 1,
                                  "seed": 7})
        images = answer.json().get("images", []) if answer.status_code == 200 else []
        drew = bool(images) and base64.b64decode(images[0])[:8] == b"\x89PNG\r\n\x1a\n"
        return drew, served.variant


def llama_server_answers_as(cpu: str, llama_server: Path, model: Path, timeout: float) -> tuple[bool, str | None]:
    """llama-server on the emulated processor writes a few words of the tiny Qwen3; (answered, variant chosen)."""
    port = free_port()
    argv = [str(llama_server), "--model", str(model), "--host", "127.0.0.1", "--port", str(port), "--ctx-size",
            "512", "--threads", "2", "--device", "none", "--n-gpu-layers", "0", "--no-webui",
            "--log-verbosity", "4"]  # 4: it lists the loaded CPU backend's features
    with serving_as(cpu, argv, port, dict(os.environ), timeout) as served:
        deadline = time.monotonic() + timeout
        while httpx.get(f"http://127.0.0.1:{port}/health", timeout=timeout).status_code != 200:
            if time.monotonic() > deadline:
                return False, served.variant
            time.sleep(0.5)
        answer = httpx.post(f"http://127.0.0.1:{port}/completion", timeout=timeout,
                            json={"prompt": "a fox", "n_predict": 8})
        return answer.status_code == 200 and bool(answer.json().get("content")), served.variant
