"""A broken picture through the queue, with the real backend (lavapipe) and a decoder that overflows: one safer try,
then the queue shows the job failed, in words that say what went wrong, where the picture is and what to try."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.generation.output import ErrorKind
from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFiles
from app.core.queue.jobs import JobState
from app.services.queue.job_queue import JobQueue
from app.services.runners.events import JobEnded, JobFailed, Notice, PlanChosen, Retrying
from app.services.runners.generation import Generation
from app.services.user_dirs import current_user_dirs


def test_a_broken_picture_is_drawn_once_more_then_the_queue_says_why_it_failed(
        qtbot: QtBot, sd_cli: Path, out_dir: Path, overflowing_model: tuple[Path, Path]) -> None:
    model, taesd = overflowing_model
    queue = JobQueue(Generation(out_dir))
    events: list[object] = []
    queue.job_event.connect(events.append)
    request = GenerationRequest(prompt="overflow", width=64, height=64, steps=1, seed=3,
                                models=ModelFiles(model=model, taesd=taesd))
    with qtbot.waitSignal(queue.job_event, timeout=300_000, check_params_cb=lambda e: isinstance(e, JobEnded)):
        [job] = queue.add([request])
    [chosen] = [e.plan for e in events if isinstance(e, PlanChosen)]
    [retry] = [e for e in events if isinstance(e, Retrying)]
    assert retry.reason == "bad_picture" and retry.plan == chosen.fallbacks[0]  # lavapipe decodes on the CPU already
    notices = [e.text for e in events if isinstance(e, Notice)]
    # lavapipe: the processor draws everything, so nothing speaks of video memory or a card
    assert any(n.endswith("; trying once more in smaller pieces of work.") for n in notices), notices
    [failed] = [e for e in events if isinstance(e, JobFailed)]
    assert failed.error.kind is ErrorKind.BAD_PICTURE
    assert job.state is JobState.FAILED and job.reason == failed.error.message
    assert "on the safer try too" in job.reason and "Try a smaller size or another model file." in job.reason
    assert len(job.reason.splitlines()) == 3 and "quantization" not in job.reason and "graphics" not in job.reason
    [kept] = list(current_user_dirs().bad_pictures.glob("*.png"))
    assert f"It is kept in {kept}." in job.reason and "not in the gallery" in job.reason
    assert list(out_dir.glob("*.png")) == []
