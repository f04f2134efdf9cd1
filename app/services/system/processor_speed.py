"""How fast this processor is, timed once in about a second and kept in the data folder (processor_speed.json):
what the first picture's estimate on a PC whose processor draws (lavapipe) is priced from, before any picture has
measured it (timing.py's `ProcessorSpeed`).

Two short timed runs on a thread of their own, never the window's: Python compiling a small program, over and over
on one core (scalar work like LLVM compiling lavapipe's shaders, which ggml asks for one at a time: a new user's
first picture spends most of its time there), and numpy multiplying matrices on every core (the shaders' arithmetic).
Each takes the median of its rounds: a round the window's own work delayed does not count, a processor busy with
other programs does (as it will be for the picture).

Why these and not a tiny real run of sd-cli: on lavapipe even the smallest picture compiles the same shaders, so it
would take as long as the first picture itself (2-15 minutes here), and a matrix multiply alone prices only the
arithmetic, a tenth of that first picture; compiling is scalar, branchy work on one core, as Python's compiler is.

processor_speed.json, schema 1: {"schema_version": 1, "compiles_per_s": float, "matrix_flops": float}
"""

from __future__ import annotations

import contextlib
import json
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, Signal

from app.core.json_files import write_json
from app.core.planning.timing import ProcessorSpeed

SCHEMA_VERSION = 1
FILE_NAME = "processor_speed.json"
# small enough that one compile holds Python's lock a few milliseconds at most: the window's thread waits no longer
PROGRAM = "\n".join(f"def f{i}(a, b):\n    x = a * {i} + b\n    for k in range(3):\n        if x > k:\n"
                    f"            x -= k\n        else:\n            x += k * b\n    return [x, a, b, {{'k': x}}]\n"
                    for i in range(8))
# rounds of ~50 ms on a desktop: each spans many of the system's time slices, so a busy processor's share shows
COMPILE_ROUNDS, COMPILES_A_ROUND = 10, 60
MATRIX_SIDE, MATRIX_ROUNDS, PRODUCTS_A_ROUND = 512, 6, 3


def _median_rate(work: Callable[[], object], rounds: int, a_round: int) -> float:
    """How many times a second `work` runs: the median of `rounds` rounds of `a_round` runs."""
    seconds = []
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(a_round):
            work()
        seconds.append(time.perf_counter() - started)
    return a_round / statistics.median(seconds)


def time_processor() -> ProcessorSpeed:
    """Time this processor now (about a second on a desktop; longer on a busy or slow one): call it off the GUI
    thread."""
    compiles = _median_rate(lambda: compile(PROGRAM, "<processor speed>", "exec"), COMPILE_ROUNDS, COMPILES_A_ROUND)
    matrix = np.random.default_rng(0).random((MATRIX_SIDE, MATRIX_SIDE), dtype=np.float32)
    matrix @ matrix  # the BLAS threads start
    products = _median_rate(lambda: matrix @ matrix, MATRIX_ROUNDS, PRODUCTS_A_ROUND)
    return ProcessorSpeed(compiles, products * 2 * MATRIX_SIDE**3)


def load_processor_speed(path: Path) -> ProcessorSpeed | None:
    """The speed kept in `path`; None when missing or damaged (it is timed again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        return None
    rates = data.get("compiles_per_s"), data.get("matrix_flops")
    if not all(isinstance(rate, int | float) and rate > 0 for rate in rates):
        return None
    return ProcessorSpeed(float(rates[0]), float(rates[1]))  # type: ignore[arg-type]


def save_processor_speed(path: Path, speed: ProcessorSpeed) -> None:
    write_json(path, {"schema_version": SCHEMA_VERSION, "compiles_per_s": round(speed.compiles_per_s, 1),
                      "matrix_flops": round(speed.matrix_flops)})


class ProcessorTiming(QObject):
    """Times the processor once, on a thread of its own, where `path` keeps no speed yet; `timed` once it is kept
    (or could not be)."""

    timed = Signal()
    _timed_there = Signal()  # from the timing thread: Qt brings it to this object's thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timing = False
        self._timed_there.connect(self._on_timed)

    def time_once(self, path: Path) -> None:
        """Start timing where `path` keeps no speed yet (and none is being timed)."""
        if self._timing or load_processor_speed(path) is not None:
            return
        self._timing = True

        def run() -> None:
            # not kept: the estimate stays without a number, and the next start times it again
            with contextlib.suppress(OSError):
                save_processor_speed(path, time_processor())
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile: nobody is left to tell
                self._timed_there.emit()

        threading.Thread(target=run, name="processor speed", daemon=True).start()

    def _on_timed(self) -> None:
        self._timing = False
        self.timed.emit()
