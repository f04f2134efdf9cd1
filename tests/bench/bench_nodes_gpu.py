"""Two graphics cards of one machine as two computers: issue 27's goal, 8 jobs on two nodes in <= 0.6x the time
of one node. sd.cpp's own sd-server (our build) runs once per card, pinned with GGML_VK_VISIBLE_DEVICES, with a
real-shaped SD 1.5 checkpoint loaded once (random f16 weights from `picture_models --calibration sd`: a real model's
work per picture); `python -m app generate --batch 8 --no-local` then sends the batch to one node, and to both.
Same binary, model, flags and seeds. A time is the whole command's: start, dispatch, progress polls, the pictures
home, checked and written. The one-node runs take each card in turn, each alternated with a two-node run; the
ratio is the two-node mean over the one-node mean.

On the lent 2-GPU NVIDIA machine (its python3 has numpy and Pillow, no PySide6, no Vulkan loader), from the
repository's root, with gpu-carry/ carried (git-ignored; with the tree it stays under the tool's 64 MiB):
    cp tests/bench/app_device.sh gpu-carry/ && \\
        bash gpu-carry/app_device.sh tests/bench/bench_nodes_gpu.py --models /tmp/models --out "$OUT/nodes.json"
gpu-carry/, made here: gl/ (`apt-get -oAPT::Architecture=amd64 download` of Debian 12's libvulkan1 libegl1
libglvnd0 libopengl0 libgl1 libglx0 libgles2 vulkan-tools libgomp1 and what Qt's Core, Gui, Network and DBus
libraries link to: libglib2.0-0 libfontconfig1 libfreetype6 libpng16-16 libx11-6 libxcb1 libxau6 libxdmcp6
libbsd0 libmd0 libxkbcommon0 libdbus-1-3 libsystemd0 libgcrypt20 libgpg-error0 liblz4-1 libcap2 libgssapi-krb5-2
libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2 libkeyutils1 libbrotli1 libzstd1 liblzma5 zlib1g libexpat1
libffi8 libpcre2-8-0 libwayland-client0; app_device.sh links only those the machine lacks), pyside.tar.xz (from
.venv's site-packages: PySide6's __init__.py, _config.py, _git_pyside_version.py, support/, QtCore, QtGui and
QtNetwork .abi3.so, libpyside6, Qt/lib's libQt6Core, Gui, Network, DBus and ICU 73; shiboken6 without include/),
site/ (gguf, yaml's .py files, psutil, httpx, httpcore, h11, anyio, sniffio, certifi, idna, tqdm,
typing_extensions), backend.tar.xz (`tar -C backend_bin/bin -cJf gpu-carry/backend.tar.xz sd-cli sd-server
lib*.so`) and repo (`ln -s .. repo`).
Prints one line per run, then the two means and the ratio; `--out FILE` also writes them as JSON.
Measured on the lent 2x NVIDIA H200 (driver 580.159.04, through Vulkan), with the defaults (SD 1.5-shaped,
512x512, 20 steps, cfg 7): 1 node 36.0 s (35.6-36.2), 2 nodes 19.4 s (19.1-19.6, 4 + 4 jobs), ratio 0.54.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo.picture_models import write_sd_calibration_models  # noqa: E402
from tests.helpers.cli import run_generate  # noqa: E402

SD_SERVER = REPO / "backend_bin" / "bin" / "sd-server"
SD15_FILE = "sd15_shaped_f16.gguf"


@dataclass
class Node:
    device: str
    port: int
    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def name(self) -> str:  # as the client's events name the card a job ran on
        return f"127.0.0.1:{self.port}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def node_on(device: str, model: Path, flags: list[str]) -> Iterator[Node]:
    """sd-server on one card, the model loaded, accepting connections; killed at the end."""
    port = free_port()
    argv = [str(SD_SERVER), "-m", str(model), *flags, "--listen-ip", "127.0.0.1", "--listen-port", str(port), "-v"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                               env={**os.environ, "GGML_VK_VISIBLE_DEVICES": device})
    node = Node(device, port, process)
    assert process.stdout is not None
    start = time.perf_counter()
    for line in process.stdout:
        node.lines.append(line)
        if "listening on" in line:
            break
    else:
        raise RuntimeError(f"sd-server on device {device} ended before it listened:\n{''.join(node.lines)}")
    threading.Thread(target=lambda: node.lines.extend(process.stdout or ()), daemon=True).start()
    while True:  # it prints its address just before it listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
            break
        except ConnectionRefusedError:
            time.sleep(0.05)
    card = next((line[line.index("ggml_vulkan: 0 ="):].split(" | ")[0] for line in node.lines
                 if "ggml_vulkan: 0 =" in line), "its card not named")
    print(f"sd-server on GGML_VK_VISIBLE_DEVICES={device} ready in {time.perf_counter() - start:.1f} s: {card}",
          flush=True)
    try:
        yield node
    finally:
        process.kill()
        process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=Path, default=Path("/tmp/models"),
                        help="the folder of the SD 1.5-shaped checkpoint, written there when it lacks it")
    parser.add_argument("--model", type=Path, help="draw with this model file instead")
    parser.add_argument("--devices", default="0,1", help="one sd-server per GGML_VK_VISIBLE_DEVICES value")
    parser.add_argument("--jobs", type=int, default=8)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--cfg-scale", type=float, default=7.0)
    parser.add_argument("--server-flag", action="append", default=[], help="one more sd-server flag (repeatable)")
    parser.add_argument("--rounds", type=int, default=2, help="one-node and two-node runs, alternated")
    parser.add_argument("--warm-jobs", type=int, default=2, help="unmeasured jobs on each node first")
    parser.add_argument("--out", type=Path, help="also write the figures here as JSON")
    args = parser.parse_args()
    model = args.model
    if model is None:
        model = args.models / SD15_FILE
        if not model.is_file():
            start = time.perf_counter()
            write_sd_calibration_models(args.models)
            print(f"wrote the SD 1.5- and SDXL-shaped checkpoints in {time.perf_counter() - start:.0f} s", flush=True)
    devices = args.devices.split(",")
    with tempfile.TemporaryDirectory() as scratch, ExitStack() as stack:
        work = Path(scratch)
        nodes = [stack.enter_context(node_on(device, model, args.server_flag)) for device in devices]
        # --basedir: the benchmark's pictures and settings stay out of the user's own
        app = [sys.executable, "-m", "app", "--basedir", str(work / "base"), "generate", "--events", "--prompt",
               "a lighthouse", "--model", str(model), "--width", str(args.size), "--height", str(args.size),
               "--steps", str(args.steps), "--cfg-scale", str(args.cfg_scale), "--seed", "42", "--no-local"]

        def draw(jobs: int, out: Path, chosen: list[Node]) -> tuple[float, list[int]]:
            """Seconds for the whole command, and how many jobs each node took (the client's own events)."""
            start = time.perf_counter()
            # the client pinned to one card, which --no-local unticks: on a machine of several cards the queue
            # would otherwise find them after the batch is queued, a rig, and start a job on its second card in
            # the moment between unticking the first and the second
            run = run_generate([*app, "--batch", str(jobs), "--out", str(out),
                                *(part for node in chosen for part in ("--node", node.address))],
                               {"GGML_VK_VISIBLE_DEVICES": "0"}, timeout=900)
            seconds = time.perf_counter() - start
            made = len(list(out.glob("*.png")))
            if run.exit_code != 0 or made != jobs:
                sys.exit(f"{made} pictures of {jobs} on {[node.name for node in chosen]}:\n{run.stderr[-3000:]}")
            cards = [event["card"] for event in run.of("job")]
            spread = [cards.count(node.name) for node in nodes]
            if sum(spread) != jobs:
                print(f"jobs drawn elsewhere than on the nodes: {cards}", flush=True)
            return seconds, spread

        for number, node in enumerate(nodes):  # each card compiles its shaders and reads the weights, unmeasured
            seconds, _ = draw(args.warm_jobs, work / f"warm-{number}", [node])
            print(f"{args.warm_jobs} first jobs on device {node.device} (shaders, pages): {seconds:.1f} s", flush=True)
        runs: list[dict[str, object]] = []
        times: dict[int, list[float]] = {1: [], len(nodes): []}  # node count: seconds
        for number in range(args.rounds * len(nodes)):
            alone = nodes[number % len(nodes)]
            for name, chosen in ((f"1 node (device {alone.device})", [alone]), (f"{len(nodes)} nodes", nodes)):
                seconds, spread = draw(args.jobs, work / f"run-{len(runs)}", chosen)
                times[len(chosen)].append(seconds)
                runs.append({"nodes": len(chosen), "name": name, "seconds": round(seconds, 2), "jobs_per_node": spread})
                print(f"{args.jobs} jobs {args.size}x{args.size} {args.steps} steps cfg {args.cfg_scale:g}: {name} "
                      f"{seconds:.1f} s, jobs per node {spread}", flush=True)
        one, two = statistics.mean(times[1]), statistics.mean(times[len(nodes)])
        print(f"mean: 1 node {one:.1f} s, {len(nodes)} nodes {two:.1f} s, ratio {two / one:.2f} (goal <= 0.6)",
              flush=True)
        if args.out is not None:
            args.out.write_text(json.dumps({"model": model.name, "jobs": args.jobs, "size": args.size,
                                            "steps": args.steps, "cfg_scale": args.cfg_scale, "runs": runs,
                                            "one_node_s": round(one, 2), "two_nodes_s": round(two, 2),
                                            "ratio": round(two / one, 3)}, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
