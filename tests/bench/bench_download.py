"""What verification and resumability cost a download: our downloader against a bare httpx stream.

    .venv/bin/python tests/bench/bench_download.py [--mib 512] [--runs 3]

Serves one file from the tests' HTTP server on 127.0.0.1 (no outside network) and fetches it, alternating,
with `download_file` (.part + state file, sha256 while streaming, rename) and with a plain httpx stream
written to disk. Prints both throughputs and their ratio (ours / bare; 1.0 = no cost). On a real line the
network is the limit, so this shows the worst case: a loopback link as fast as the disk.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.services.models.downloader import download_file  # noqa: E402
from tests.helpers.file_server import Served, file_server  # noqa: E402


def bare(url: str, target: Path) -> None:
    with httpx.Client(timeout=30) as client, client.stream("GET", url) as response, target.open("wb") as out:
        for block in response.iter_bytes():
            out.write(block)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mib", type=int, default=512)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    data = bytes(range(256)) * 4096 * args.mib  # args.mib MiB
    digest = hashlib.sha256(data).hexdigest()
    ours, plain = [], []
    with tempfile.TemporaryDirectory() as folder, file_server(Served(files={"/model.gguf": data})) as base:
        for run in range(args.runs):
            target = Path(folder) / f"ours-{run}.gguf"
            started = time.perf_counter()
            download_file(f"{base}/model.gguf", target, sha256=digest, size=len(data),
                          allowed_hosts=frozenset({"127.0.0.1"}))
            ours.append(len(data) / (time.perf_counter() - started) / 2**20)
            target.unlink()
            target = Path(folder) / f"bare-{run}.gguf"
            started = time.perf_counter()
            bare(f"{base}/model.gguf", target)
            plain.append(len(data) / (time.perf_counter() - started) / 2**20)
            target.unlink()
    print(f"{args.mib} MiB over 127.0.0.1, {args.runs} runs each")
    print(f"ours (verified, resumable): median {statistics.median(ours):.0f} MiB/s")
    print(f"bare httpx stream:          median {statistics.median(plain):.0f} MiB/s")
    print(f"ratio ours/bare: {statistics.median(ours) / statistics.median(plain):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
