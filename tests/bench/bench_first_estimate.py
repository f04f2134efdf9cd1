"""The first picture's estimate on a computer whose processor draws (Vulkan on lavapipe), against what the demo's
first picture takes here: the real sd-cli, the demo model, the window's demo settings (128 px, 4 steps), a data
folder and a shader cache of its own, as on a new user's first start (issue 52: "About 4-7 s" shown, 79.5 s
taken).

Prints what the window would say before Generate, the estimate's seconds (and its range), then for each picture
drawn the seconds from Generate to the picture, when each stage's first word came, and taken / estimate (the
goal: within 2x, 0.5-2.0). The second picture is priced again after the first (what the window learns).

    .venv/bin/python tests/bench/bench_first_estimate.py [--pictures 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QCoreApplication, QEventLoop

from app.core.demo.picture_models import DEMO_MODEL_DIR, demo_model_files
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest
from app.core.generation.status_words import time_words
from app.core.platform_paths import BASEDIR_VARIABLE
from app.core.queue.jobs import Job
from app.services.runners.events import JobEnded, StageEntered, StepMade
from app.services.runners.generation import Generation
from app.services.system.machine import Machine


def wait(app: QCoreApplication, until: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not until() and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def draw_one(app: QCoreApplication, generation: Generation, request: GenerationRequest, picture: int) -> None:
    job = Job(request)
    wait(app, lambda: isinstance(generation.prepare(job), PreparedJob), 120)
    prepared = generation.prepare(job)
    assert isinstance(prepared, PreparedJob), prepared
    estimate = generation.speeds.estimate(prepared, generation.card)
    assert estimate is not None and generation.card is not None
    low, high = estimate.low_high
    print(f"picture {picture} on {generation.card.name}, {os.cpu_count()} cores")
    print(f"  shown before Generate: {time_words(estimate)}")
    print(f"  estimate: {estimate.seconds:.1f} s (range {low:.1f}-{high:.1f} s; "
          f"{', '.join(f'{stage} {seconds:.1f}' for stage, seconds in estimate.stages)})")
    events: list[tuple[float, str]] = []
    ended: list[JobEnded] = []
    started = time.monotonic()

    def heard(event: object) -> None:
        if isinstance(event, StageEntered):
            events.append((time.monotonic() - started, event.stage.name.lower()))
        elif isinstance(event, StepMade) and event.progress.step == 1:
            events.append((time.monotonic() - started, "first step"))
        elif isinstance(event, JobEnded):
            ended.append(event)

    generation.job_event.connect(heard)
    generation.start(job, prepared=prepared)
    wait(app, lambda: bool(ended), 1800)
    taken = time.monotonic() - started
    generation.job_event.disconnect(heard)
    outcome = ended[0].outcome if ended else None
    print(f"  taken: {taken:.1f} s ({'a picture' if outcome is not None and outcome.ok else outcome})")
    print("  " + ", ".join(f"{what} at {at:.1f} s" for at, what in events))
    ratio = taken / estimate.seconds
    print(f"  taken / estimate: {ratio:.2f} (within 2x: {'yes' if 0.5 <= ratio <= 2 else 'no'})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pictures", type=int, default=2, help="pictures drawn one after the other (default 2)")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="bench-first-estimate-"))
    # a new user's computer: nothing measured, no shader compiled yet
    os.environ[BASEDIR_VARIABLE] = str(scratch / "base")
    os.environ["MESA_SHADER_CACHE_DIR"] = str(scratch / "shader-cache")
    app = QCoreApplication(sys.argv[:1])
    models = demo_model_files()
    if models is None:
        print(f"no demo model in {DEMO_MODEL_DIR}: run ./scripts/setup.sh", file=sys.stderr)
        return 2
    generation = Generation(scratch / "images", Machine())
    request = GenerationRequest("a lighthouse on a cliff at dawn, oil painting", width=128, height=128, steps=4,
                                models=models)
    for picture in range(1, args.pictures + 1):
        draw_one(app, generation, request, picture)
    return 0


if __name__ == "__main__":
    sys.exit(main())
