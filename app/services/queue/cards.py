"""The cards the queue runs jobs on, in order: this computer's first card (every card of a rig, once vulkaninfo has
answered), then other computers' image servers; each card with its runners (app/services/runners: `Generation`
here, `RemoteNode` there, and on the first card `Upscaling` for an upscale)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QObject

from app.core.queue.jobs import Job
from app.core.queue.nodes import RemoteComputer
from app.core.queue.rig import LOCAL_CARD, card_label, rig_cards
from app.core.system.vulkaninfo import VISIBLE_DEVICES_VARIABLE
from app.core.words import translate
from app.services.runners.events import JobEvent
from app.services.runners.generation import Generation
from app.services.runners.remote_node import RemoteNode
from app.services.runners.runner import GivenBack, Runner
from app.services.runners.upscaling import Upscaling


@dataclass
class Card:
    label: str
    runners: list[Runner]  # the card's own first; the first card's upscales beside it, one at a time like pictures
    enabled: bool = True
    job: Job | None = None
    ram: int = 0  # the running job's predicted RAM peak

    def can_run(self, job: Job) -> bool:
        return any(runner.takes(job) for runner in self.runners)

    def runner_for(self, job: Job) -> Runner:
        return next(runner for runner in self.runners if runner.takes(job))

    def runner(self) -> Runner:
        """What runs this card's job now."""
        return self.runner_for(self.job) if self.job is not None else self.runners[0]


class QueueCards:
    """Every card in order; what each runner says of its job goes to `heard` (the queue's)."""

    def __init__(self, generation: Generation, upscaling: Upscaling | None,
                 heard: Callable[[JobEvent | GivenBack], None], parent: QObject) -> None:
        self._local = generation  # this computer's first card: it asks which cards there are
        self._heard = heard
        self._parent = parent  # of the other computers' runners
        self._nodes: dict[str, RemoteNode] = {}  # other computers, by name
        self._cards = [self._card(LOCAL_CARD, generation, *([upscaling] if upscaling is not None else []))]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    @property
    def first(self) -> Card:
        return self._cards[0]

    @property
    def runners(self) -> list[Runner]:
        """Everything that runs the queue's jobs: each card's, the first card's upscales too."""
        return [runner for card in self._cards for runner in card.runners]

    @property
    def computers(self) -> list[RemoteComputer]:
        return [node.computer for node in self._nodes.values()]

    def running(self, job: Job) -> Card | None:
        """The card that runs this job now."""
        return next((card for card in self._cards if card.job is not None and card.job is job), None)

    def set_up_rig(self) -> bool:
        """Every card of this computer's rig beside the first, once vulkaninfo has listed them; True when it did."""
        first = self._cards[0]
        if first.label != LOCAL_CARD or self._local.devices is None:  # a rig already, or nothing known
            return False
        # a device the user pinned in the environment is the one to use: no rig then
        cards = [] if VISIBLE_DEVICES_VARIABLE in os.environ else rig_cards(self._local.devices)
        if len(cards) < 2:
            return False
        # "the graphics card" unticked before the cards were known (`generate --no-local`): none of them takes a job
        local = first.enabled
        first.label, first.enabled = card_label(cards[0].device), cards[0].ticked and local
        self._local.pin_card(cards[0].device)
        for number, card in enumerate(cards[1:], 1):  # beside the first card, before other computers
            self._cards.insert(number, self._card(card_label(card.device), self._local.for_card(card.device)))
            self._cards[number].enabled = card.ticked and local
        return True

    def add_node(self, address: str, name: str, token: str | None) -> RemoteNode:
        """Another computer's image server as one more card (ticked): it takes pictures to make, not upscales."""
        if any(card.label == name for card in self._cards):
            raise ValueError(translate("JobQueue", "a card or computer named {name} is already in the queue")
                             .format(name=name))
        node = RemoteNode(RemoteComputer(address, name, token), self._local.out_dir, self._local.gallery,
                          self._parent)
        self._nodes[name] = node
        self._cards.append(self._card(name, node))
        return node

    def remove_node(self, name: str) -> tuple[RemoteNode, Job | None]:
        """The computer out of the list, and the job it ran (no card runs it now)."""
        node = self._nodes.pop(name)
        card = next(c for c in self._cards if c.label == name)
        self._cards.remove(card)
        return node, card.job

    def set_enabled(self, label: str, enabled: bool) -> None:
        for card in self._cards:
            if card.label == label:
                card.enabled = enabled

    def _card(self, label: str, *runners: Runner) -> Card:
        for runner in runners:
            runner.job_event.connect(self._heard)
        return Card(label, list(runners))
