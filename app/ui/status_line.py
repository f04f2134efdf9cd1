"""The line at the bottom of the window: the job's progress bar, what it is doing in words, and the memory plan
in one sentence."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from app.core.generation.output import Outcome, Progress, Stage
from app.core.generation.status_words import (
    failure_words,
    plan_sentence,
    progress_words,
    stage_words,
    upscale_words,
)
from app.core.planning.plan import MemoryPlan, UpscalePlan
from app.core.queue.jobs import Job
from app.core.system.vulkaninfo import VulkanDevice
from app.core.words import translate
from app.services.runners.events import ImageSaved, JobEvent
from app.services.studio import Studio
from app.ui.icons import put_icons


class StatusLine(QWidget):
    """How the job goes: busy while the model loads (its words counting the seconds), its steps while it draws,
    then how it ended; a retry on the way is said too, and again beside the saved picture."""

    waiting = Signal(str)  # the stage's words, again each second, while there is no step to show yet
    kept = Signal(object)  # Outcome: Keep it put the picture the check set aside in the output folder after all

    def __init__(self, plan_summary: QLabel, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._suspect: Job | None = None  # the last job, when the check set its picture aside
        # every job whose picture the check set aside: Keep it from the queue's list chooses it in the gallery too
        self._set_aside: set[str] = set()
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat(translate("StatusLine", "Ready"))
        self.progress.setTextVisible(True)
        self.progress.setAccessibleName(translate("StatusLine", "Progress"))
        self.progress.setMinimumWidth(180)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setAccessibleName(translate("StatusLine", "Status"))
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.keep_button = QPushButton(translate("StatusLine", "&Keep it"), self)
        self.keep_button.setToolTip(translate("StatusLine", "Keep the picture the check set aside: into the output "
                                                            "folder and the gallery"))
        self.keep_button.hide()
        self.keep_button.clicked.connect(lambda: self._suspect is not None and studio.keep(self._suspect))
        studio.job_event.connect(self._on_event)
        put_icons(((self.keep_button, "keep"),))
        # under Generate, in the window's narrow column: the bar, then the words
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.keep_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(plan_summary)
        # until the first step, the stage's words count the seconds: loading can take a minute without a line
        self._stage: Stage | None = None
        self._stage_since = 0.0
        self._stage_clock = QTimer(self)
        self._stage_clock.setInterval(1000)
        self._stage_clock.timeout.connect(self._show_stage)
        self._retry_note = ""
        self.processor_only = False  # no graphics card draws here (llvmpipe): the stages say nothing of one
        # why the job before failed, kept under the next job's words until that one ends: a queue moves on at
        # once, and the reason would be gone before it could be read
        self._earlier = ""

    def say(self, words: str) -> None:
        """A sentence of the window's own: a folder chosen, a picture reused, why a job was refused."""
        self.status.setText(words)

    def show_starting(self) -> None:
        self.status.clear()
        self.keep_button.hide()
        self._retry_note = ""
        self.progress.setRange(0, 0)  # busy until the first step
        self.progress.setFormat(translate("StatusLine", "Starting…"))

    def show_upscaling(self, plan: UpscalePlan | None = None, demo: bool = False) -> None:
        """An upscale starting: the bar busy in its own words (not the last job's Done), and its plan in the
        window's words once it is known."""
        self._stage_clock.stop()
        self._stage = None
        self.keep_button.hide()
        self._retry_note = ""
        self.progress.setRange(0, 0)
        self.progress.setFormat(translate("StatusLine", "Upscaling…"))
        if plan is not None:
            self.status.setText(upscale_words(plan.tiles, plan.seconds, demo))

    def show_stage(self, stage: Stage) -> None:
        if stage is not Stage.SAMPLING:
            self.progress.setRange(0, 0)
        self.progress.setFormat(stage_words(stage, on_processor=self.processor_only))
        self._stage, self._stage_since = stage, time.monotonic()
        self._show_stage()
        # until the first step the words count the seconds (the first step of a picture drawn by the processor
        # takes a minute); the steps stop the clock
        if stage in (Stage.LOADING, Stage.ENCODING, Stage.SAMPLING):
            self._stage_clock.start()
        else:
            self._stage_clock.stop()

    def _show_stage(self) -> None:
        if self._stage is None:
            return
        words = stage_words(self._stage, time.monotonic() - self._stage_since, self.processor_only)
        self._say_now(words)
        self.waiting.emit(words)

    def _say_now(self, words: str) -> None:
        """The running job's words, over why the job before failed (while there is such a reason)."""
        self.status.setText("\n".join(filter(None, [words, self._earlier])))

    def show_steps(self, steps: dict[str, Progress]) -> None:
        """The steps of every card's running job: one bar for all of them (a rig's cards draw at once), and each
        card's in words."""
        self._stage_clock.stop()
        done, total = sum(p.step for p in steps.values()), sum(p.steps for p in steps.values())
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat(translate("StatusLine", "Step {done}/{total}").format(done=done, total=total))
        if len(steps) == 1:
            self._say_now(progress_words(*steps.values()))
        else:
            self._say_now("\n".join(f"{card}: {progress_words(p)}" for card, p in steps.items()))

    def show_retry(self, reason: str, plan: MemoryPlan, device: VulkanDevice | None = None) -> None:
        note = {
            "out_of_vram": translate("StatusLine", "The first try ran out of video memory; it was tried again, "
                                                   "safer: {plan}"),
            "device_lost": translate("StatusLine", "The graphics card stopped answering on the first try and its "
                                                   "driver reset it; it was tried again, safer: {plan}"),
        }.get(reason, translate("StatusLine", "The first try drew a broken picture; it was tried again, safer: "
                                              "{plan}"))
        self._retry_note = note.format(plan=plan_sentence(plan, device))
        self.status.setText(self._retry_note)

    def show_outcome(self, outcome: Outcome, job: Job | None = None) -> None:
        self._stage_clock.stop()
        self._stage = None
        self.progress.setRange(0, 1)
        self.progress.setValue(1 if outcome.ok else 0)
        if outcome.ok and outcome.image:
            self.progress.setFormat(translate("StatusLine", "Done"))
            saved = translate("StatusLine", "Saved {file}").format(file=outcome.image)
            self.status.setText("\n".join(filter(None, [saved, self._retry_note])))
        elif outcome.cancelled:
            self.progress.setFormat(translate("StatusLine", "Cancelled"))
            self.status.setText(translate("StatusLine", "Cancelled."))
        elif outcome.error:
            self.progress.setFormat(translate("StatusLine", "Failed"))
            self.status.setText(failure_words(outcome.error))
        self._earlier = (translate("StatusLine", "The job before failed: {why}").format(
            why=failure_words(outcome.error).splitlines()[0]) if outcome.error and not outcome.cancelled else "")
        self._suspect = job if outcome.error is not None and outcome.error.picture else None
        if self._suspect is not None:
            self._set_aside.add(self._suspect.id)
        self.keep_button.setVisible(self._suspect is not None)

    def _on_event(self, event: JobEvent) -> None:
        """A set-aside picture kept, from here or from the queue's list: the window shows and chooses it."""
        if isinstance(event, ImageSaved) and event.job.id in self._set_aside:
            self._set_aside.discard(event.job.id)
            self.kept.emit(Outcome(None, str(event.path)))
