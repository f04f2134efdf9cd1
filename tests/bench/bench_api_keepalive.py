"""How long does one small request take on a kept-alive connection to a running `python -m app serve`?

    .venv/bin/python tests/bench/bench_api_keepalive.py [--requests 200]

One HTTP/1.1 connection (httpx, as most clients keep theirs), `GET /sdapi/v1/progress` (what A1111 clients ask twice
a second while a picture draws) and `GET /sdapi/v1/samplers`, asked in turn; prints the median and the 90th
percentile of each. Goal: a median <= 5 ms on loopback. Without TCP_NODELAY on the accepted socket every answer
waits for the client's delayed ACK (~40 ms on Linux).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.helpers.api_server import served  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    paths = ("/sdapi/v1/progress", "/sdapi/v1/samplers")
    times: dict[str, list[float]] = {path: [] for path in paths}
    with tempfile.TemporaryDirectory() as scratch, served(Path(scratch) / "base", "--demo") as server, \
            httpx.Client(base_url=server.address, timeout=10) as client:
        for path in paths:
            client.get(path).raise_for_status()  # the connection made, the route warmed
        for _ in range(args.requests):
            for path in paths:
                start = time.perf_counter()
                client.get(path).raise_for_status()
                times[path].append(time.perf_counter() - start)
    for path, taken in times.items():
        tenth = statistics.quantiles(taken, n=10)[-1]
        print(f"{path}: median {statistics.median(taken) * 1000:.2f} ms, 90th percentile {tenth * 1000:.2f} ms "
              f"({len(taken)} requests on one connection)")


if __name__ == "__main__":
    main()
