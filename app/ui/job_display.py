"""What the jobs, the queue and the resource monitor say, shown in the window as it happens: the stage, steps and
preview of the job followed, the plan it chose, its log, and its end."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import SignalInstance

from app.core.demo.picture_models import is_demo_file
from app.core.generation.output import Outcome, Progress, Stage
from app.core.generation.upscale import UpscaleRequest
from app.core.planning.plan import MemoryPlan, UpscalePlan
from app.core.queue.jobs import Job, JobState
from app.core.words import translate
from app.services.runners.events import (
    JobEnded,
    JobEvent,
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
from app.services.system.monitor import ResourceMonitor
from app.ui.folds import Folds
from app.ui.gallery import GalleryPanel
from app.ui.gauge import ResourceGauge
from app.ui.generate_buttons import GenerateButtons
from app.ui.image_view import ImageView
from app.ui.plan_view import MemoryPlanView
from app.ui.prompt_helper_view import PromptHelperView
from app.ui.queue_strip import QueueStrip
from app.ui.status_line import StatusLine


class JobDisplay:
    """Mixed into MainWindow, whose parts these are."""

    generation_finished: SignalInstance
    studio: Studio
    monitor: ResourceMonitor | None
    go: GenerateButtons
    status_line: StatusLine
    image: ImageView
    folds: Folds
    plan: MemoryPlanView
    gauge: ResourceGauge
    queue_strip: QueueStrip
    gallery: GalleryPanel | None
    prompt_helper: PromptHelperView
    _steps: dict[str, Progress]

    def _connect_jobs(self) -> None:
        """What the jobs, the queue and the resource monitor say, shown as it happens."""
        self.studio.job_event.connect(self._on_event)
        self.status_line.waiting.connect(self._on_waiting)
        self.status_line.kept.connect(self._on_finished)  # Keep it: the set-aside picture, finished after all
        self.studio.idle.connect(self.go.show_idle)
        self.studio.note.connect(self.status_line.say)
        self.studio.generation.probed.connect(self._on_card_known)
        self._on_card_known()
        if self.monitor is not None:
            self.monitor.sampled.connect(self.gauge.show_sample)
            self.monitor.cards_sampled.connect(self.gauge.show_cards)
            self.monitor.sampled.connect(self.plan.remember_sample)

    def _on_event(self, event: JobEvent) -> None:
        """Every card's jobs: the steps of all of them, the stage and picture of the first one running."""
        followed = self._followed(event.job)
        match event:
            case JobStarted() if self.go.generate.isEnabled():
                self.go.show_busy(focus=False)  # Run queue's jobs, or another app's: Cancel stops them too
            case StageEntered(stage=stage) if followed:
                self.status_line.show_stage(stage)
                if stage is Stage.LOADING and self.monitor is not None:
                    self.monitor.set_backend_pid(self.studio.pid(event.job))
            case StepMade(card=card, progress=progress):
                self._steps[card] = progress
                self.status_line.show_steps(self._steps)
            case PreviewShown(frame=frame) if followed:
                self.image.show_preview(frame.image, frame.step)
            case LogLine(text=text):
                self.folds.log.appendPlainText(text)
            case Notice(text=text):
                self.status_line.say(text)
            case PlanChosen(plan=MemoryPlan() as plan):
                self.plan.show_plan(plan)
            case PlanChosen(plan=UpscalePlan() as plan):
                request = event.job.request
                self.status_line.show_upscaling(plan, isinstance(request, UpscaleRequest) and
                                                is_demo_file(request.model))
            case Retrying(reason=reason, plan=MemoryPlan() as plan):
                self.status_line.show_retry(reason, plan, self.studio.generation.card)
                self.plan.show_plan(plan)
            case Retrying(plan=int(tile)):
                self.status_line.say(translate("MainWindow", "Out of video memory: upscaling again in "
                                                             "tiles of {tile} px").format(tile=tile))
            case JobEnded(card=card, outcome=outcome):
                self._steps.pop(card, None)
                self._on_finished(outcome, event.job)

    def _on_card_known(self) -> None:
        """What the window says of memory and cards follows the device found: none on a processor-only PC."""
        card = self.studio.generation.card
        processor_only = card is not None and card.is_cpu
        self.gauge.set_processor_only(processor_only)
        self.status_line.processor_only = processor_only
        self.prompt_helper.card_action.setVisible(not processor_only)  # no card to wait for

    def _followed(self, job: Job) -> bool:
        """On a rig several jobs run at once: the picture and the stage follow the first of them."""
        running = self.studio.running_jobs()
        return not running or running[0] is job

    def _say_what_waits_from_last_time(self) -> None:
        studio, status = self.studio, self.status_line.status
        if studio.note_from_last_time:
            status.setText(studio.note_from_last_time)
        left = sum(1 for job in studio.jobs if job.state is JobState.WAITING)
        if left:
            status.setText(translate("MainWindow", "Jobs from last time waiting in the queue: {count}. Press "
                                                          "Run queue to draw them.").format(count=left))

    def _on_waiting(self, words: str) -> None:
        self.image.show_waiting(words)
        self.queue_strip.refresh()

    def _on_finished(self, outcome: Outcome, job: Job | None = None) -> None:
        self.status_line.show_outcome(outcome, job)
        self.image.show_waiting("")
        if not self.studio.busy:
            self.go.show_idle()
            if self.monitor is not None:
                self.monitor.set_backend_pid(None)
        if outcome.picture:  # the finished one, or the one the check set aside, for the user to judge (Keep it)
            self.image.show_image(Path(outcome.picture))
            if outcome.ok and self.gallery is not None:
                self.gallery.show_new(Path(outcome.picture))
        self.generation_finished.emit(outcome)
