"""This computer's RAM as the queue's jobs share it: what was free when none of them ran is what jobs running at
once (on every card of a rig) may take, each by the peak its plan predicts."""

from __future__ import annotations

from collections.abc import Callable

from app.core.generation.prepare import PreparedJob
from app.core.queue.rig import ram_wait_reason


class RamShare:
    def __init__(self, host_ram: Callable[[], int]) -> None:
        self._host_ram = host_ram
        self._budget = 0  # RAM free when no job of ours ran

    def fits(self, prepared: PreparedJob | str | None, running: list[int]) -> tuple[int, str | None]:
        """The job's predicted RAM, and why it must wait for a running one to end (None: it starts now)."""
        if not running:
            self._budget = self._host_ram()
        match prepared:
            case PreparedJob(peak_ram=ram):
                return ram, ram_wait_reason(ram, running, self._budget)
            case None:  # nothing read ahead (an upscale): nothing to count, it starts
                return 0, None
            case _:  # it cannot run: it starts, to end in words
                return 0, ram_wait_reason(0, running, self._budget)
