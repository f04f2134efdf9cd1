"""Hearing one runner (Generation, Upscaling, RemoteNode) on its own, as the queue hears it: through `event`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.generation.output import Stage
from app.services.runners.events import JobEnded, StageEntered


def ended(event: object) -> bool:
    """`qtbot.waitSignal(runner.job_event, check_params_cb=ended)`: wait for the job's end (its `outcome`)."""
    return isinstance(event, JobEnded)


def hear(kind: type, slot: Callable[[Any], object], field: str) -> Callable[[object], None]:
    """A slot for `runner.job_event` that passes `field` of each event of `kind` to `slot`."""
    def on_event(event: object) -> None:
        if isinstance(event, kind):
            slot(getattr(event, field))
    return on_event


def entered(stage: Stage) -> Callable[[object], bool]:
    """`qtbot.waitSignal(runner.job_event, check_params_cb=entered(Stage.SAMPLING))`: wait until the job is there."""
    return lambda event: isinstance(event, StageEntered) and event.stage is stage
