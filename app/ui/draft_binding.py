"""The window's widgets bound to the `Draft`: each part's change writes its own fields of the request, and a change
of the draft shows itself in the widgets that show those fields.

No flag guards the two directions: a widget set to the value it already has emits nothing, and a field written
with the value the draft already holds is no change (`Draft.edit`), so showing the draft writes back only what a
widget holds differently (a size snapped, the mask as a file, a sampler the window does not offer)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import SignalInstance

from app.core.generation.request import GenerationRequest
from app.services.draft import Draft

Held = Callable[[], dict[str, Any]]  # the fields as the part's widgets hold them
Show = Callable[[GenerationRequest], None]  # the part's widgets set from a request


class DraftBinding:
    """The request's fields held by the window's parts, each bound with `bind`."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft
        self._parts: list[tuple[Held, Show | None]] = []
        draft.changed.connect(self._on_draft_changed)

    def bind(self, changes: list[SignalInstance], held: Held, show: Show | None = None) -> None:
        """The part's changes write `held()` into the draft; `show`, where the part shows the draft back, puts the
        draft's request in its widgets (the fields it leaves out stay the user's: the model files, the memory)."""
        self._parts.append((held, show))
        for change in changes:
            change.connect(lambda *_, part=held: self._write(part()))

    def write_all(self) -> None:
        """Every part's fields as its widgets hold them, as one change."""
        fields: dict[str, Any] = {}
        for held, _ in self._parts:
            fields |= held()
        self._write(fields)

    def _write(self, fields: dict[str, Any]) -> None:
        self.draft.edit(dataclasses.replace(self.draft.request, **fields))

    def _on_draft_changed(self) -> None:
        """What another part put in the draft (reuse, a seed, a picture to edit), shown in the parts in the order they
        were bound, from the request as it came (a picture shown sets its own size first, then the size said wins);
        then what the widgets hold differently goes back."""
        request = self.draft.request
        for _, show in self._parts:
            if show is not None:
                show(request)
        self.write_all()
