"""Live preview on lavapipe: when the first frame arrives, and how the GUI thread fares while frames stream.

    .venv/bin/python tests/bench/bench_preview.py [--steps 8] [--size 64] [--runs 2]

Runs the real window's Generation and ImageView offscreen on the tiny demo model (a frame at every step, TAE
as the plan chooses), with a 5 ms QTimer on the GUI thread. Prints, per run: the step of the first progress
event and of the first preview frame (goal: frame within one step of the progress event), frames shown, and
the event loop's lateness (how much later than due each timer tick ran: p50 / p99 / max; goal p99 <= 50 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no screen is needed to measure the event loop

from PySide6.QtCore import QElapsedTimer, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.core.demo.picture_models import write_tiny_models  # noqa: E402
from app.core.generation.output import Outcome  # noqa: E402
from app.core.generation.request import GenerationRequest  # noqa: E402
from app.core.models.families import ModelFiles  # noqa: E402
from app.core.queue.jobs import Job  # noqa: E402
from app.services.runners.events import JobEnded, PreviewShown, StepMade  # noqa: E402
from app.services.runners.generation import Generation  # noqa: E402
from app.ui.image_view import ImageView  # noqa: E402

TICK_MS = 5


def one_run(app: QApplication, generation: Generation, view: ImageView, request: GenerationRequest) -> dict:
    events: list[tuple[str, int]] = []
    lateness: list[float] = []
    clock = QElapsedTimer()
    last = [0.0]

    def on_tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        lateness.append(max(0.0, now - last[0] - TICK_MS))
        last[0] = now

    outcome: list[Outcome] = []

    def on_event(event: object) -> None:
        if isinstance(event, StepMade):
            events.append(("progress", event.progress.step))
        elif isinstance(event, PreviewShown):
            view.show_preview(event.frame.image, event.frame.step)  # what the window does with it, on the GUI thread
            events.append(("frame", event.frame.step))
        elif isinstance(event, JobEnded):
            outcome.append(event.outcome)
            app.quit()

    generation.job_event.connect(on_event)
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(on_tick)
    clock.start()
    timer.start()
    generation.start(Job(request))
    app.exec()
    timer.stop()
    generation.job_event.disconnect(on_event)
    if not outcome or not outcome[0].ok:
        raise SystemExit(f"the run failed: {outcome}")
    # only the sampling part matters (frames stream then); the ticks from its first step to its last
    first_progress = next(step for kind, step in events if kind == "progress")
    first_frame = next((step for kind, step in events if kind == "frame"), None)
    ordered = sorted(lateness)
    return {"first_progress_step": first_progress, "first_frame_step": first_frame,
            "frames": sum(1 for kind, _ in events if kind == "frame"),
            "p50_ms": statistics.median(ordered), "p99_ms": ordered[int(len(ordered) * 0.99) - 1],
            "max_ms": ordered[-1], "ticks": len(ordered)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    app = QApplication(["bench"])
    with tempfile.TemporaryDirectory() as scratch:
        model, taesd = write_tiny_models(Path(scratch) / "model")
        generation = Generation(Path(scratch) / "images")
        view = ImageView()
        view.resize(640, 480)
        view.show()
        request = GenerationRequest(prompt="a lighthouse", width=args.size, height=args.size, steps=args.steps,
                                    models=ModelFiles(model=model, taesd=taesd))
        for run in range(args.runs):
            started = time.perf_counter()
            result = one_run(app, generation, view, request)
            print(f"run {run + 1}: {time.perf_counter() - started:.1f} s; first progress event at step "
                  f"{result['first_progress_step']}, first preview frame at step {result['first_frame_step']} "
                  f"({result['frames']} frames for {args.steps} steps); GUI event loop lateness over "
                  f"{result['ticks']} ticks of {TICK_MS} ms: p50 {result['p50_ms']:.1f} ms, "
                  f"p99 {result['p99_ms']:.1f} ms, max {result['max_ms']:.1f} ms", flush=True)


if __name__ == "__main__":
    main()
