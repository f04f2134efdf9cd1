#!/usr/bin/env python3
"""A scripted stand-in for sd-cli, for faults the real binary cannot show on demand.

    STANDIN_CASE=CASE standin.py [any sd-cli arguments, ignored]

It replays real output captured from our sd.cpp build (tests/data/sdcpp-0.4.7/CASE.stdout/.stderr)
and then ends as that run did: CASE "oom" exits 1 after the out-of-memory text; CASE "crash_mid_step"
stops after the first sampling step and kills itself with SIGKILL, as a driver fault would.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

CAPTURES = Path(__file__).resolve().parents[1] / "data" / "sdcpp-0.4.7"
FIRST_STEP_END = b"| 1/"


def main() -> None:
    case = os.environ["STANDIN_CASE"]
    stdout = (CAPTURES / f"{case}.stdout").read_bytes()
    stderr_path = CAPTURES / f"{case}.stderr"
    if case == "crash_mid_step":
        cut = stdout.index(b"\x1b[K", stdout.index(FIRST_STEP_END)) + len(b"\x1b[K")
        sys.stdout.buffer.write(stdout[:cut])
        sys.stdout.buffer.flush()
        time.sleep(0.2)
        os.kill(os.getpid(), signal.SIGKILL)
    sys.stdout.buffer.write(stdout)
    sys.stdout.buffer.flush()
    if stderr_path.exists():
        sys.stderr.buffer.write(stderr_path.read_bytes())
        sys.stderr.buffer.flush()
    sys.exit(int((CAPTURES / f"{case}.exit").read_text()))


if __name__ == "__main__":
    main()
