#!/usr/bin/env python3
"""A scripted stand-in for sd-cli, for faults the real binary cannot show on demand.

    STANDIN_CASE=CASE standin.py [any sd-cli arguments, ignored]

It answers `--help` with our build's real help text. Otherwise it replays real output captured from our
sd.cpp build (tests/data/sdcpp-0.4.7/CASE.stdout/.stderr/.exit) and exits as that run did, e.g. CASE
"oom". CASE "crash_mid_step" replays the real 2-step run up to its first step, then kills itself with
SIGKILL (on Windows: with an access violation's exit code), as a driver fault would. CASE "oom_then_real"
logs each call's arguments (one JSON list per line) to $STANDIN_STATE, fails the first call like "oom" and
hands later calls to the real $STANDIN_REAL. CASE "blank_then_real" runs the real backend each time but
blackens the first image. CASE "record_card" (one card of a rig) logs each call's GGML_VK_VISIBLE_DEVICES, arguments
and start and end times (one JSON object per line) to $STANDIN_STATE, replays the real 2-step run over a second and
writes a noise PNG where --output says. CASE "last_words_lost" replays the real run to its first step, writes a
noise PNG where --output says and exits 0, as sd-cli.exe under Wine did when a busy machine's pipe lost its last
output. CASE "hold" replays the real run to its first step and holds there until the file $STANDIN_RELEASE exists
(a picture that is drawing for as long as a test needs it to be), then replays the rest and writes a noise PNG where
--output says. CASE "hold_first_step" holds the same way before the first step is heard (a first picture on
lavapipe, whose first step compiles the shaders for minutes). CASE "device_lost_then_drawn" logs each call's
arguments to $STANDIN_STATE; the first call replays the real run to its first step, then says what ggml 0.25.3 says
when the driver resets the card (its ggml_vk_print_device_lost_info: the device-lost line and the nodes of the last
submission) and ends as a crash; later calls replay the whole real run and write a noise PNG where --output says.
With $STANDIN_HELP_LOG set, each `--help` asked writes one line there.
"""

from __future__ import annotations

import json
import os
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

CAPTURES = Path(__file__).resolve().parents[1] / "data" / "sdcpp-0.4.7"
FIRST_STEP_END = b"| 1/"
# ggml 0.25.3's words for a card its driver reset (ggml-vulkan.cpp, ggml_vk_print_device_lost_info and
# ggml_vk_print_node_list), for an RX 580 under RADV: no card here can be made to lose itself on demand
DEVICE_LOST_WORDS = (b"ggml_vulkan: device lost on AMD Radeon RX 580 Series (RADV POLARIS10), likely caused by "
                     b"previous submission (nodes 96 to 143):\n  node 96: attn_0 (MUL_MAT)\n"
                     b"  total: 48 ops, 912.40 GFLOP\n")


def blacken_png(path: Path) -> None:
    """Rewrite a PNG as an all-black RGB image of the same size (stdlib only: this runs on any python3)."""
    width, height = struct.unpack(">II", path.read_bytes()[16:24])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x00" * 3 * width for _ in range(height))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def noise_png(path: Path, width: int, height: int) -> None:
    """A picture of random colours (never blank): what a random-weight model draws."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + os.urandom(3 * width) for _ in range(height))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def record_card() -> None:
    started = time.time()
    run = (CAPTURES / "run_128px_2steps.stdout").read_bytes()
    half = run.index(FIRST_STEP_END)
    sys.stdout.buffer.write(run[:half])
    sys.stdout.buffer.flush()
    time.sleep(1.0)  # long enough that jobs on two cards are seen to overlap
    sys.stdout.buffer.write(run[half:])
    sys.stdout.buffer.flush()
    noise_where_told()
    with Path(os.environ["STANDIN_STATE"]).open("a", encoding="utf-8") as log:
        log.write(json.dumps({"visible": os.environ.get("GGML_VK_VISIBLE_DEVICES"), "argv": sys.argv[1:],
                              "start": started, "end": time.time()}) + "\n")


def hold(before_first_step: bool = False) -> None:
    run = (CAPTURES / "run_128px_2steps.stdout").read_bytes()
    # the first step's line whole, with the \r that ends it: the app has heard step 1 while this holds; or up to
    # the line before it
    cut = (run.rfind(b"\n", 0, run.index(FIRST_STEP_END)) + 1 if before_first_step else
           run.index(b"\x1b[K\r", run.index(FIRST_STEP_END)) + len(b"\x1b[K\r"))
    sys.stdout.buffer.write(run[:cut])
    sys.stdout.buffer.flush()
    # never past a test's time, should no test let it go on and the app that started it not end it
    deadline = time.monotonic() + 600
    while not Path(os.environ["STANDIN_RELEASE"]).exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    sys.stdout.buffer.write(run[cut:])
    sys.stdout.buffer.flush()
    noise_where_told()


def noise_where_told() -> None:
    argv = sys.argv[1:]
    value = lambda flag: argv[argv.index(flag) + 1]  # noqa: E731
    hires = "--hires" in argv  # the hires fix's second pass draws at its own size
    noise_png(Path(value("--output")), int(value("--hires-width" if hires else "--width")),
              int(value("--hires-height" if hires else "--height")))


def crash() -> None:
    """End as a driver fault ends a process: killed by SIGKILL, or on Windows with an access violation's code
    (which QProcess reports as a crash, like a real one)."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.WinDLL("kernel32")
        kernel32.TerminateProcess(ctypes.c_void_p(-1), ctypes.c_uint(0xC0000005))  # STATUS_ACCESS_VIOLATION
    os.kill(os.getpid(), signal.SIGKILL)


def main() -> None:
    # the app reads `--help` first to learn the flags: answer as our build does
    case = "help" if "--help" in sys.argv else os.environ["STANDIN_CASE"]
    if case == "help" and "STANDIN_HELP_LOG" in os.environ:  # how many times the app asked
        with Path(os.environ["STANDIN_HELP_LOG"]).open("a", encoding="utf-8") as log:
            log.write("--help\n")
    if case == "oom_then_real":
        # the first run fails as the real OOM did; later runs are the real backend with the same arguments
        calls = Path(os.environ["STANDIN_STATE"])
        with calls.open("a", encoding="utf-8") as log:
            log.write(json.dumps(sys.argv[1:]) + "\n")
        if len(calls.read_text(encoding="utf-8").splitlines()) > 1:
            # a child, not os.execv: on Windows execv starts a detached process and ends this one at once
            sys.exit(subprocess.run([os.environ["STANDIN_REAL"], *sys.argv[1:]], check=False).returncode)
        case = "oom"
    if case == "blank_then_real":
        # the first run is real but its image comes out one colour, as NaNs in a fp16 VAE make it
        calls = Path(os.environ["STANDIN_STATE"])
        with calls.open("a", encoding="utf-8") as log:
            log.write(json.dumps(sys.argv[1:]) + "\n")
        real = subprocess.run([os.environ["STANDIN_REAL"], *sys.argv[1:]], check=False)
        if len(calls.read_text(encoding="utf-8").splitlines()) == 1 and real.returncode == 0:
            blacken_png(Path(sys.argv[sys.argv.index("--output") + 1]))
        sys.exit(real.returncode)
    if case == "device_lost_then_drawn":
        calls = Path(os.environ["STANDIN_STATE"])
        with calls.open("a", encoding="utf-8") as log:
            log.write(json.dumps(sys.argv[1:]) + "\n")
        run = (CAPTURES / "run_128px_2steps.stdout").read_bytes()
        if len(calls.read_text(encoding="utf-8").splitlines()) > 1:
            sys.stdout.buffer.write(run)
            sys.stdout.buffer.flush()
            noise_where_told()
            sys.exit(0)
        sys.stdout.buffer.write(run[:run.index(b"\x1b[K", run.index(FIRST_STEP_END)) + len(b"\x1b[K")])
        sys.stdout.buffer.flush()
        sys.stderr.buffer.write(DEVICE_LOST_WORDS)
        sys.stderr.buffer.flush()
        crash()
    if case == "record_card":
        record_card()
        sys.exit(0)
    if case in ("hold", "hold_first_step"):
        hold(before_first_step=case == "hold_first_step")
        sys.exit(0)
    if case == "last_words_lost":
        run = (CAPTURES / "run_128px_2steps.stdout").read_bytes()
        sys.stdout.buffer.write(run[:run.index(FIRST_STEP_END)])
        sys.stdout.buffer.flush()
        noise_where_told()
        sys.exit(0)
    if case == "crash_mid_step":
        run = (CAPTURES / "run_128px_2steps.stdout").read_bytes()
        cut = run.index(b"\x1b[K", run.index(FIRST_STEP_END)) + len(b"\x1b[K")
        sys.stdout.buffer.write(run[:cut])
        sys.stdout.buffer.flush()
        time.sleep(0.2)
        crash()
    sys.stdout.buffer.write((CAPTURES / f"{case}.stdout").read_bytes())
    sys.stdout.buffer.flush()
    sys.stderr.buffer.write((CAPTURES / f"{case}.stderr").read_bytes())
    sys.stderr.buffer.flush()
    sys.exit(int((CAPTURES / f"{case}.exit").read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
