"""Kill the app outright with one job done, one running and two waiting; start it again: the running one and the
waiting ones come back waiting for Run queue and run when it is pressed, the finished one never runs again, and no
sd.cpp is left behind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from app.core.platform_paths import UserDirs
from tests.helpers.cli import REPO, utf8_env

pytestmark = pytest.mark.windows

QUEUE_APP = Path(__file__).resolve().parents[1] / "helpers" / "queue_app.py"


@pytest.mark.backend
def test_a_killed_app_brings_its_unfinished_jobs_back_and_runs_nothing_twice(sd_cli: Path, tiny_model,
                                                                             tmp_path: Path) -> None:
    model, taesd = tiny_model
    base = tmp_path / "base"
    app = subprocess.Popen([sys.executable, str(QUEUE_APP), str(base), "fill", str(model), str(taesd)],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=REPO, env=utf8_env())
    assert app.stdout is not None
    first: list[dict] = []
    backend: psutil.Process | None = None
    try:
        for line in app.stdout:
            first.append(json.loads(line))
            if "sampling" in first[-1] and any(e.get("state") == "done" for e in first):
                backend = psutil.Process(first[-1]["backend"])
                break
        assert backend is not None, f"the app ended before its second job sampled: {first}"
    finally:
        # killed outright (TerminateProcess on Windows): none of the app's own cleanup runs
        psutil.Process(app.pid).kill()
        app.wait(timeout=30)
        app.stdout.close()
    gone, _ = psutil.wait_procs([backend], timeout=15)
    assert backend in gone, f"sd-cli {backend.pid} outlived the killed app"
    queued = [e["job"] for e in first if e.get("state") == "waiting"]
    done = [e["job"] for e in first if e.get("state") == "done"]
    running = first[-1]["sampling"]
    assert len(queued) == 4 and done == [queued[0]] and running == queued[1]

    again = subprocess.run([sys.executable, str(QUEUE_APP), str(base), "resume"], capture_output=True, cwd=REPO,
                           env=utf8_env(), timeout=200, check=False)
    assert again.returncode == 0, again.stderr.decode(errors="replace")
    second = [json.loads(line) for line in again.stdout.decode().splitlines()]
    loaded = second[0]["loaded"]
    # the finished job is not in the file; the running one is back waiting and says why
    assert [job for job, _, _ in loaded] == queued[1:]
    assert {state for _, state, _ in loaded} == {"waiting"}
    assert "running when the app closed" in loaded[0][2]
    [after_probe] = [e["after_probe"] for e in second if "after_probe" in e]
    assert after_probe == {"busy": False, "held": 3}  # nothing started by itself
    started = [e["job"] for e in second if e.get("state") == "running"]
    finished = [e["job"] for e in second if e.get("state") == "done"]
    assert started == queued[1:] and finished == queued[1:]  # each once, the done one never
    assert second[-1] == {"idle": True}
    images = sorted(UserDirs.under(base).images.glob("*.png"))
    assert len(images) == 4  # one per job, none twice
    seeds = sorted(e["seed"] for e in first + second if e.get("state") == "done")
    assert seeds == [100, 101, 102, 103]
