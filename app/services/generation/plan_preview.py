"""The window's plan while the user types: the job read and planned on a worker thread, as the model files'
headers may sit on a slow disk (a hard disk, a network share) and the window must not wait for them."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from app.core.generation.prepare import MachineFacts, prepared_or_why
from app.core.generation.request import GenerationRequest
from app.core.models.model_files import family_of_files
from app.services.runners.generation import Generation


class _Signals(QObject):
    answered = Signal(object, object)  # the chosen files' family, PreparedJob or why there is no plan


class _Prepare(QRunnable):
    def __init__(self, request: GenerationRequest, facts: MachineFacts | str, signals: _Signals) -> None:
        super().__init__()
        self._request, self._facts, self._signals = request, facts, signals

    def run(self) -> None:
        request = self._request
        family = family_of_files(request.models)
        result: object = self._facts
        if isinstance(self._facts, MachineFacts):
            # the prompt's LoRAs count in the plan; an empty one is no reason not to plan
            result = prepared_or_why(dataclasses.replace(request, prompt=request.prompt if request.prompt.strip()
                                                         else "preview"), self._facts)
        self._signals.answered.emit(family, result)


class PlanPreview(QObject):
    """`ask(request)` reads and plans it on a worker thread; `answered(family, PreparedJob | str)` brings back
    the answer to the latest question only (one asked while another is read waits for it, then goes)."""

    answered = Signal(object, object)  # ModelFamily, PreparedJob or why there is no plan (yet)

    def __init__(self, generation: Generation, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation = generation
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # a slow disk gets one reader, not a queue of them
        self._signals = _Signals(self)
        self._signals.answered.connect(self._on_answered)
        self._reading = False
        self._next: GenerationRequest | None = None

    def ask(self, request: GenerationRequest) -> None:
        if self._reading:
            self._next = request  # only the newest question matters
            return
        self._reading = True
        # what the card and the backend said is the GUI thread's to read (and may start asking them)
        self._pool.start(_Prepare(request, self._generation.machine_facts(), self._signals))

    def _on_answered(self, family: object, result: object) -> None:
        self._reading = False
        if self._next is not None:  # the fields changed meanwhile: this answer is stale
            request, self._next = self._next, None
            self.ask(request)
            return
        self.answered.emit(family, result)
