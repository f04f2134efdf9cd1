"""Running a command's jobs on the studio's queue and printing their events (generate, fix-faces, upscale)."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from app.core.generation.output import BackendError, ErrorKind, Outcome, Progress
from app.core.generation.status_words import duration_in_words
from app.core.planning.plan import MemoryPlan
from app.core.queue.jobs import JobState
from app.services.commands import (
    hear_stop_signals,
)
from app.services.runners.events import (
    ImageSaved,
    JobEnded,
    JobEvent,
    JobFailed,
    JobStarted,
    LogLine,
    Notice,
    PlanChosen,
    PreviewShown,
    Retrying,
    StageEntered,
    StepMade,
)
from app.services.studio import Studio


class EventPrinter:
    """Prints a generation's signals, as JSON lines (--events) or as text for a person."""

    def __init__(self, as_json: bool, job: int | None = None) -> None:
        self._json = as_json
        self._job = job  # in a batch, each event names its job (1, 2, ...)

    def for_job(self, number: int) -> EventPrinter:
        return EventPrinter(self._json, number)

    def _emit(self, record: dict[str, Any], text: str | None) -> None:
        if self._job is not None:
            record = {**record, "job": self._job}
            text = f"[{self._job}] {text}" if text is not None else None
        if self._json:
            sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
            sys.stdout.flush()
        elif text is not None:
            print(text, file=sys.stderr, flush=True)

    def progress(self, progress: Progress) -> None:
        eta = f", {duration_in_words(progress.eta_seconds)} left" if progress.eta_seconds is not None else ""
        self._emit({"event": "progress", "step": progress.step, "steps": progress.steps,
                    "sec_per_step": progress.sec_per_step}, f"step {progress.step}/{progress.steps}{eta}")

    def notice(self, text: str) -> None:
        print(f"note: {text}", file=sys.stderr, flush=True)

    def retry(self, reason: str, plan: MemoryPlan | int) -> None:
        """A safer plan, or for an upscale a smaller tile."""
        flags = ["--upscale-tile-size", str(plan)] if isinstance(plan, int) else list(plan.flags)
        self._emit({"event": "retry", "reason": reason, "flags": flags},
                   f"{reason.replace('_', ' ')}: trying again with {' '.join(flags)}")

    def image(self, path: Path) -> None:
        self._emit({"event": "image", "path": str(path)}, None)
        if not self._json:
            print(path, flush=True)

    def error(self, error: BackendError) -> None:
        where = {"picture": error.picture} if error.picture else {}  # set aside: --keep-suspect keeps such ones
        self._emit({"event": "error", "kind": error.kind.value, "message": error.message, **where},
                   f"error ({error.kind.value}): {error.message}")

    def done(self, outcome: Outcome) -> None:
        self._emit({"event": "done", "ok": outcome.ok, "exit_code": outcome.exit_code},
                   "cancelled" if outcome.cancelled else None)

    def show(self, event: JobEvent) -> None:
        """One event of the studio's stream; in a batch, each job's own `done` gives way to the batch's."""
        match event:
            case JobStarted(card=card) if self._job is not None:
                self._emit({"event": "job", "card": card}, f"started on {card}")
            case StageEntered(stage=stage):
                self._emit({"event": "stage", "stage": stage.value}, f"{stage.value}...")
            case StepMade(progress=progress):
                self.progress(progress)
            case PreviewShown(frame=frame):
                self._emit({"event": "preview", "path": str(frame.path), "step": frame.step}, None)
            case LogLine(text=text, stream=stream):
                self._emit({"event": "log", "stream": stream, "text": text}, None)
            case Notice(text=text):
                self.notice(text)
            case PlanChosen(plan=MemoryPlan() as plan):
                print(f"memory plan: {' '.join(plan.flags) or '(no flags)'}; "
                      f"~{plan.peak_vram.total / 2**30:.1f} GiB VRAM predicted", file=sys.stderr, flush=True)
            case PlanChosen(plan=plan):
                self.notice(f"upscale plan: {plan.explanation}")
            case Retrying(reason=reason, plan=plan):
                self.retry(reason, plan)
            case ImageSaved(path=path):
                self.image(path)
            case JobFailed(error=error):
                self.error(error)
            case JobEnded(outcome=outcome) if self._job is None:
                self.done(outcome)

    def batch_done(self, ok: bool, images: int, jobs: int) -> None:
        self._emit({"event": "done", "ok": ok, "images": images, "jobs": jobs}, f"{images} of {jobs} images made")


def run_jobs(studio: Studio, printer: EventPrinter, numbered: bool, add: Callable[[], object],
             keep_suspect: bool = False) -> list[Outcome]:
    """`add` the jobs to the studio's queue and run them, printing their events, until nothing waits; Ctrl+C
    cancels. `keep_suspect`: a picture the check sets aside is kept all the same (said in a note). The outcomes of
    the jobs that ended, in the order they ended."""
    app = QCoreApplication.instance()
    assert app is not None  # open_studio made it
    result: list[Outcome] = []

    def on_event(event: JobEvent) -> None:
        # the queue holds this command's jobs alone, in order: job n is the n-th request
        said = printer.for_job(studio.jobs.index(event.job) + 1) if numbered else printer
        if keep_suspect and isinstance(event, JobFailed) and event.error.picture:
            said.notice(f"kept though the check doubted it (--keep-suspect): {event.error.message}")
            studio.keep(event.job)  # its ImageSaved comes through here
            return
        if isinstance(event, JobEnded) and event.job.state is JobState.DONE and not event.outcome.ok:
            event = dataclasses.replace(event, outcome=Outcome(event.outcome.exit_code, event.job.image))
        said.show(event)
        if isinstance(event, JobEnded):
            result.append(event.outcome)

    studio.job_event.connect(on_event)
    studio.note.connect(printer.notice)
    studio.idle.connect(app.quit)
    stopping: list[int] = []

    def on_stop_signal(signum: int, _frame: object) -> None:
        # the first Ctrl+C or SIGTERM cancels (the backend gets its grace period, nothing is half-written); a second
        # one does not wait for that
        stopping.append(signum)
        if len(stopping) == 1:
            printer.notice("stopping: cancelling the jobs (press Ctrl+C again to stop at once)")
            studio.cancel_all()
        else:
            studio.stop_now()
            app.quit()

    wake = hear_stop_signals(on_stop_signal)
    add()  # heard from its first event on
    app.exec()
    wake.stop()
    jobs = len(studio.jobs)
    if stopping:
        made = sum(1 for outcome in result if outcome.ok)
        printer.notice(f"stopped: {made} of {jobs} picture{'s' if jobs > 1 else ''} made"
                       f"{f' (in {studio.out_dir})' if made else ''}; nothing half-written was left")
    if stopping:
        return result + [Outcome(None, cancelled=True)] * (jobs - len(result))
    # a job no card was left to take (its computer set aside, none other ticked) did not end: not made
    unmade = Outcome(None, None, BackendError(ErrorKind.UNKNOWN, "no card was left to draw it"))
    return result + [unmade] * (jobs - len(result))
