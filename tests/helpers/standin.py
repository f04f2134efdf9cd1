#!/usr/bin/env python3
"""A scripted stand-in for sd-cli, for faults the real binary cannot show on demand.

    STANDIN_CASE=CASE standin.py [any sd-cli arguments, ignored]

It answers `--help` with our build's real help text. Otherwise it replays real output captured from our
sd.cpp build (tests/data/sdcpp-0.4.7/CASE.stdout/.stderr/.exit) and exits as that run did, e.g. CASE
"oom". CASE "crash_mid_step" replays the real 2-step run up to its first step, then kills itself with
SIGKILL, as a driver fault would.
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
    # the app reads `--help` first to learn the flags: answer as our build does
    case = "help" if "--help" in sys.argv else os.environ["STANDIN_CASE"]
    if case == "crash_mid_step":
        run = (CAPTURES / "run_128px_2steps.stdout").read_bytes()
        cut = run.index(b"\x1b[K", run.index(FIRST_STEP_END)) + len(b"\x1b[K")
        sys.stdout.buffer.write(run[:cut])
        sys.stdout.buffer.flush()
        time.sleep(0.2)
        os.kill(os.getpid(), signal.SIGKILL)
    sys.stdout.buffer.write((CAPTURES / f"{case}.stdout").read_bytes())
    sys.stdout.buffer.flush()
    sys.stderr.buffer.write((CAPTURES / f"{case}.stderr").read_bytes())
    sys.stderr.buffer.flush()
    sys.exit(int((CAPTURES / f"{case}.exit").read_text()))


if __name__ == "__main__":
    main()
