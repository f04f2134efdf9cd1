"""The memory plan in the window, with how long the picture will take: in full under Advanced, in one sentence on
the status line."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from app.core.generation.prepare import PreparedJob
from app.core.generation.status_words import plan_in_detail, plan_sentence, time_words
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.planning.plan import MemoryPlan
from app.core.planning.timing import PictureTime
from app.core.system.usage import ResourceSample
from app.core.words import translate
from app.services.generation.plan_preview import PlanPreview
from app.services.generation.runner import Generation
from app.ui.prompt_panel import PromptPanel


class MemoryPlanView(QObject):
    """What automatic placement would do with the panel's fields (or that the user chose their own): planned
    again once the user pauses changing anything the plan depends on, and shown as the backend planned it."""

    def __init__(self, panel: PromptPanel, generation: Generation, parent: QWidget) -> None:
        super().__init__(parent)
        self.panel = panel
        self.generation = generation
        self.label = QLabel(parent)
        self.label.setWordWrap(True)
        self.label.setAccessibleName(translate("PlanView", "Memory plan"))
        self.summary = QLabel(parent)
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(translate("PlanView", "Memory plan in short"))
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(400)  # plan once the user pauses typing
        self.timer.timeout.connect(self.update_plan)
        self.preview = PlanPreview(generation, self)
        self.preview.answered.connect(self._on_answered)
        self._last_sample: ResourceSample | None = None
        self._time: tuple[MemoryFlags, PictureTime] | None = None  # the latest plan's placement and its time

    def follow_the_panel(self) -> None:
        """Plan again after any change to what the plan depends on; from now on, not while the window is built."""
        panel, generation = self.panel, self.generation
        changes = [field.line_edit.textChanged for field in panel.slot_fields.values()]
        changes += [box.valueChanged for box in (panel.width_box, panel.height_box, panel.steps)]
        # img2img's encode, hires fix's second pass and the prompt's LoRAs change the plan too
        changes += [panel.automatic.toggled, panel.picture.picture_changed, panel.hires.toggled,
                    panel.hires_scale.valueChanged, panel.prompt.textChanged]
        changes.append(generation.probed)  # the card and the backend have answered: plan again
        for change in changes:
            # not `connect(self.timer.start)`: a signal's value (the steps, a width) would become its interval
            change.connect(self.plan_soon)

    def plan_soon(self, *_: object) -> None:
        """Plan once the user pauses: the pause starts again with every change."""
        self.timer.start()

    def update_plan(self) -> None:
        """Read the current fields on a worker thread; the answer shows what automatic placement would do."""
        self.preview.ask(self.panel.request())

    def _on_answered(self, family: ModelFamily, result: PreparedJob | str) -> None:
        """The chosen files' family (the shape buttons follow it) and the plan, or that the user chose."""
        self.panel.set_family(family)
        if not self.panel.automatic.isChecked():
            self.label.setText(translate("PlanView", "Memory: your own settings (no automatic retry)."))
            self.summary.setText(translate("PlanView", "Memory: your own settings."))
        elif isinstance(result, str) or not result.plans:
            reason = result if isinstance(result, str) else translate("PlanView", "the driver did not say how much "
                                                                                "memory the card has")
            self.label.setText(translate("PlanView", "Memory plan: not yet ({reason}).").format(reason=reason))
            self.summary.setText("")
        else:
            picture = self.generation.speeds.estimate(result, self.generation.card)
            self._time = (result.plans[0].memory, picture) if picture else None
            self.show_plan(result.plans[0])

    def show_plan(self, plan: MemoryPlan) -> None:
        """The plan, and its time where it is the placement last timed (a safer retry's is not)."""
        time = f" {time_words(self._time[1])}" if self._time and self._time[0] == plan.memory else ""
        self.label.setText(plan_in_detail(plan, self._last_sample) + time)
        self.label.setToolTip("\n".join([" ".join(plan.flags), *plan.explanation]))
        self.summary.setText(plan_sentence(plan, self.generation.card) + time)
        self.summary.setToolTip(self.label.text())

    def remember_sample(self, sample: ResourceSample) -> None:
        """What this computer has: the plan in full says how much of it the plan takes."""
        self._last_sample = sample
