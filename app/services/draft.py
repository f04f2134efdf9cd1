"""The job being edited in the window, before it is queued: one plain `GenerationRequest` that the prompt panel
writes as the user changes its fields, and that the plan view, Extend…, the gallery's "reuse" and Generate read
or change, so that no widget reads another."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from app.core.gallery.metadata import ReusableSettings
from app.core.generation.fields import Reuse
from app.core.generation.request import REQUEST_FIELDS, GenerationRequest
from app.core.models.families import ModelFamily
from app.services.generation.plan_preview import PlanPreview
from app.services.runners.events import JobEnded
from app.services.runners.generation import Generation
from app.services.studio import Studio


class Draft(QObject):
    """`request`, the job as edited (`changed` when it is another); `family`, what the chosen files make, read from
    their headers by the plan (`family_changed`); `planned(PreparedJob | str)`, the plan of the studio's chosen
    card (`card`) or why there is none yet, once the user pauses changing it."""

    changed = Signal()
    family_changed = Signal(object)  # ModelFamily
    planned = Signal(object)  # PreparedJob, or why there is no plan (yet)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._request = GenerationRequest(prompt="")
        self._family = ModelFamily.UNKNOWN
        self.card: Generation | None = None  # the card of the latest plan
        self._studio: Studio | None = None
        self._previews: dict[Generation, PlanPreview] = {}  # one per card: a reading under way is not cut off
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(400)  # plan once the user pauses typing
        self.timer.timeout.connect(self._plan)

    @property
    def request(self) -> GenerationRequest:
        return self._request

    @property
    def family(self) -> ModelFamily:
        return self._family

    def edit(self, request: GenerationRequest) -> None:
        if request != self._request:
            self._request = request
            self.changed.emit()

    def reuse(self, settings: ReusableSettings) -> None:
        """A picture's settings (the gallery's reuse, a PNG dropped on the panel) over the job as edited: the
        prompts that ran, their styles in them; what the picture does not say stays as it was."""
        said = settings.values
        reused: dict[str, Any] = {name: said.get(name) for name, declared in REQUEST_FIELDS.items()
                                  if declared.reuse is Reuse.SAID
                                  or (declared.reuse is Reuse.KEPT and said.get(name) is not None)}
        self.edit(dataclasses.replace(
            self._request, **reused, prompt=settings.prompt, prompt_as_written="",
            negative_prompt=settings.negative_prompt,
            # no size said: it follows the input picture
            size_from_input=said.get("width") is None or said.get("height") is None, styles=(),
            init_image=settings.init_image, mask=settings.mask, ref_images=settings.ref_images[:1]))

    def reuse_seed(self, seed: int) -> None:
        self.edit(dataclasses.replace(self._request, seed=seed))

    def edit_picture(self, path: Path | None) -> None:
        """Edit this picture (FLUX.2 klein: the prompt is the instruction), or stop editing with None."""
        self.edit(dataclasses.replace(self._request, ref_images=(path,) if path else ()))

    def keep_written_prompt(self, words: str) -> None:
        """The prompt in the user's own words beside the translated one that runs ("" when none was)."""
        self.edit(dataclasses.replace(self._request, prompt_as_written=words))

    def set_family(self, family: ModelFamily) -> None:
        if family is not self._family:
            self._family = family
            self.family_changed.emit(family)

    def plan_with(self, studio: Studio) -> None:
        """From now on (not while the window is built) plan again once the user pauses after any change."""
        self._studio, self.card = studio, studio.chosen_card()
        self.changed.connect(self.plan_soon)
        studio.generation.probed.connect(self.plan_soon)  # the card and the backend have answered: plan again
        studio.queue.cards_changed.connect(self.plan_soon)
        studio.job_event.connect(self._on_job_event)

    def _on_job_event(self, event: object) -> None:
        if isinstance(event, JobEnded):  # what a picture took here is learned: the next one is priced from it
            self.plan_soon()

    def plan_soon(self) -> None:
        """Plan once the user pauses: the pause starts again with every change."""
        self.timer.start()

    def _plan(self) -> None:
        """Read the chosen files and plan the job for the chosen card on a worker thread."""
        if self._studio is None:
            return
        card = self.card = self._studio.chosen_card()
        if card not in self._previews:
            preview = self._previews[card] = PlanPreview(card, self)
            preview.answered.connect(lambda family, result, asked=card: self._on_answered(asked, family, result))
        self._previews[card].ask(self._request)

    def _on_answered(self, card: Generation, family: ModelFamily, result: object) -> None:
        if card is self.card:  # a card unticked meanwhile: its answer is not the plan any more
            self.set_family(family)
            self.planned.emit(result)
