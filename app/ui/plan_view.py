"""The memory plan in the window, with how long the picture will take: in full under Advanced, in one sentence on
the status line."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QWidget

from app.core.generation.prepare import PreparedJob
from app.core.generation.status_words import plan_in_detail, plan_sentence, time_words
from app.core.models.families import MemoryFlags
from app.core.planning.plan import MemoryPlan
from app.core.planning.timing import PictureTime
from app.core.system.usage import ResourceSample
from app.core.words import translate
from app.services.draft import Draft


class MemoryPlanView(QObject):
    """The draft's plan (or that the user chose their own placement), shown as automatic placement would do it,
    and the plan a running job chose, as the backend planned it."""

    def __init__(self, draft: Draft, parent: QWidget) -> None:
        super().__init__(parent)
        self.draft = draft
        self.label = QLabel(parent)
        self.label.setWordWrap(True)
        self.label.setAccessibleName(translate("PlanView", "Memory plan"))
        self.summary = QLabel(parent)
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(translate("PlanView", "Memory plan in short"))
        draft.planned.connect(self._on_planned)
        self._last_sample: ResourceSample | None = None
        self._time: tuple[MemoryFlags, PictureTime] | None = None  # the latest plan's placement and its time

    def _on_planned(self, result: PreparedJob | str) -> None:
        if self.draft.request.memory is not None:
            self.label.setText(translate("PlanView", "Memory: your own settings (no automatic retry)."))
            self.summary.setText(translate("PlanView", "Memory: your own settings."))
        elif isinstance(result, str) or not result.plans or self.draft.card is None:
            reason = result if isinstance(result, str) else translate("PlanView", "the driver did not say how much "
                                                                                "memory the card has")
            self.label.setText(translate("PlanView", "Memory plan: not yet ({reason}).").format(reason=reason))
            self.summary.setText("")
        else:
            picture = self.draft.card.speeds.estimate(result, self.draft.card.card)
            self._time = (result.plans[0].memory, picture) if picture else None
            self.show_plan(result.plans[0])

    def show_plan(self, plan: MemoryPlan) -> None:
        """The plan, and its time where it is the placement last timed (a safer retry's is not)."""
        time = f" {time_words(self._time[1])}" if self._time and self._time[0] == plan.memory else ""
        card = self.draft.card.card if self.draft.card else None
        self.label.setText(plan_in_detail(plan, self._last_sample, card is not None and card.is_cpu) + time)
        self.label.setToolTip("\n".join([" ".join(plan.flags), *plan.explanation]))
        self.summary.setText(plan_sentence(plan, card) + time)
        self.summary.setToolTip(self.label.text())

    def remember_sample(self, sample: ResourceSample) -> None:
        """What this computer has: the plan in full says how much of it the plan takes."""
        self._last_sample = sample
