"""The window with its persistent job queue, built as `python -m app` builds it, for tests that kill it.

    python queue_app.py BASEDIR fill MODEL TAESD   queue 4 jobs (the second one longer) and run them
    python queue_app.py BASEDIR resume             load the queue left behind, wait for the card's answer, then
                                                   press Run queue

Prints one JSON line per event: {"loaded": [[id, state, reason], ...]} at the start, {"after_probe": {"busy": b,
"held": n}} before Run queue is pressed, {"state": s, "job": id,
"seed": n} on each change of a job's state, {"sampling": id, "backend": pid} when sd.cpp samples, {"idle": true}
when nothing is left (then it quits).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> None:
    base, mode = Path(sys.argv[1]), sys.argv[2]
    from app.core.platform_paths import BASEDIR_VARIABLE

    os.environ[BASEDIR_VARIABLE] = str(base)
    from PySide6.QtWidgets import QApplication

    from app.core.gallery.gallery_index import open_index
    from app.core.generation.output import Stage
    from app.core.generation.request import GenerationRequest
    from app.core.models.families import MemoryFlags, ModelFiles
    from app.services.runners.events import StageEntered
    from app.services.studio import Studio
    from app.services.user_dirs import current_user_dirs, keep_settings_in
    from app.ui.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    dirs = current_user_dirs()
    keep_settings_in(dirs.data / "settings")
    gallery = open_index(dirs.gallery_index, dirs.images)
    window = MainWindow(Studio(dirs.images, gallery=gallery, store=dirs.job_queue))
    generation, queue = window.studio.generation, window.studio.queue

    def say(record: dict) -> None:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()

    say({"loaded": [[job.id, job.state.value, job.reason] for job in queue.jobs]})
    states: dict[str, str] = {}

    def on_changed() -> None:
        for job in queue.jobs:
            if states.get(job.id) != job.state.value:
                states[job.id] = job.state.value
                say({"state": job.state.value, "job": job.id, "seed": job.request.seed, "image": job.image})

    def on_event(event: object) -> None:
        running = queue.running_jobs()
        if isinstance(event, StageEntered) and event.stage is Stage.SAMPLING and running:
            say({"sampling": running[0].id, "backend": generation.pid()})

    queue.changed.connect(on_changed)
    generation.job_event.connect(on_event)
    queue.idle.connect(lambda: (say({"idle": True}), window.close(), app.quit()))
    window.show()
    if mode == "fill":
        model, taesd = Path(sys.argv[3]), Path(sys.argv[4])
        # the CPU device (lavapipe) must keep CLIP and the decoder on the CPU: set as the tests' CLI runs do
        base_request = GenerationRequest(prompt="queued", width=64, height=64, steps=1, seed=100,
                                         models=ModelFiles(model=model, taesd=taesd),
                                         memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))
        requests = [dataclasses.replace(base_request, seed=100 + i, steps=4 if i == 1 else 1) for i in range(4)]
        queue.add(requests)
    else:
        def on_probed() -> None:
            # the queue heard the card's answer first: had it started jobs by itself, one would run now
            say({"after_probe": {"busy": queue.busy, "held": queue.held}})
            window.queue_strip.run_button.click()

        generation.probed.connect(on_probed)
        generation.probe_devices()
    app.exec()


if __name__ == "__main__":
    main()
