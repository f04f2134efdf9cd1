"""`Try 4 drafts` under Generate: quick versions of the picture (half its sides and steps, each its own seed), and
how long they and the finish of the one picked take, said before anything runs."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from app.core.generation.drafts import MAX_DRAFTS, drafts_words
from app.core.generation.prepare import PreparedJob
from app.core.words import translate
from app.services.draft import Draft
from app.services.generation.drafts_estimate import drafts_estimate

DEFAULT_DRAFTS = 4


class DraftsRow(QWidget):
    """The button (`button.clicked`: queue the drafts), how many (`count`) and their time (`time`), which follows
    the plan of the picture as edited."""

    def __init__(self, draft: Draft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._draft = draft
        self._prepared: PreparedJob | None = None  # the latest plan of the picture as edited
        self.count = QSpinBox(self)
        self.count.setRange(2, MAX_DRAFTS)
        self.count.setValue(DEFAULT_DRAFTS)
        self.count.setAccessibleName(translate("DraftsRow", "Number of drafts"))
        self.button = QPushButton(self)
        self.button.setToolTip(translate("DraftsRow", "Quick versions at half the size and half the steps, each its "
                                                      "own seed; then finish the one you like (the gallery's More → "
                                                      "Finish at full size)"))
        self.time = QLabel(self)
        self.time.setWordWrap(True)
        self.time.setAccessibleName(translate("DraftsRow", "Time of the drafts and of the finish"))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.button, 1)
        row.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.time)
        self.count.valueChanged.connect(self._show)
        draft.planned.connect(self._on_planned)
        self._show()

    def _on_planned(self, result: PreparedJob | str) -> None:
        self._prepared = result if isinstance(result, PreparedJob) and result.plans else None
        self._show()

    def _show(self) -> None:
        count = self.count.value()
        self.button.setText(translate("DraftsRow", "Try {count} drafts").format(count=count))
        card = self._draft.card
        time = drafts_estimate(card, self._prepared, count) if card and self._prepared else None
        # a Vulkan driver on the processor before a first picture: no confident number, as the plan says
        known = time is not None and not (time.draft.first_guess and time.draft.on_software_vulkan)
        self.time.setText(drafts_words(time) if time and known else "")
        self.time.setVisible(known)
