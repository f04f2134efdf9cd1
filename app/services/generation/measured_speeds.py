"""This PC's own seconds per sampling step, per card, model family and picture size: kept after each real run in
the user's data folder, and used for the next plan's time instead of the estimate from the card's specifications."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from PySide6.QtCore import QObject

from app.core.generation.output import Progress
from app.core.generation.prepare import PreparedJob, job_time
from app.core.generation.request import GenerationRequest
from app.core.generation.timing import MeasuredStep, PictureTime, card_for_device, measured_key
from app.core.json_files import write_json
from app.core.models.families import ModelFamily
from app.core.system.vulkaninfo import VulkanDevice
from app.services.system.host import time_host
from app.services.user_dirs import current_user_dirs

SCHEMA_VERSION = 1
FILE_NAME = "measured_speeds.json"
RUNS_REMEMBERED = 5  # the average follows a new driver or a moved card within a few pictures


def load_speeds(path: Path) -> dict[str, dict[str, dict[str, float]]]:
    """card name -> measured key -> {seconds_per_step, width, height, runs}; empty when missing or damaged (the
    file only saves estimating again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        return {}
    cards = data.get("cards")
    return cards if isinstance(cards, dict) else {}


def save_speeds(path: Path, cards: dict[str, dict[str, dict[str, float]]]) -> None:
    """Write the file whole or not at all: a crash mid-write leaves the previous one."""
    write_json(path, {"schema_version": SCHEMA_VERSION, "cards": cards})


class MeasuredSpeeds(QObject):
    """Hears each step of a run (`step_done`) and, when the picture is kept (`run_finished`), remembers the
    run's seconds per step; `estimate` says how long a prepared job will take on a card."""

    def __init__(self, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path = path  # None: the user's data folder, read each time (--basedir and the tests' folders)
        self._steps: list[float] = []

    @property
    def path(self) -> Path:
        return self._path or current_user_dirs().data / FILE_NAME

    def step_done(self, progress: Progress) -> None:
        if progress.step <= 1:
            self._steps = []  # a new run (or a retry): the first step also sets up the card, so it is not kept
        elif progress.sec_per_step is not None:
            self._steps.append(progress.sec_per_step)

    def run_finished(self, device: VulkanDevice | None, request: GenerationRequest | None, kept: bool) -> None:
        steps, self._steps = self._steps, []
        # hires fix samples twice at two sizes: its steps say nothing of one size
        if not (kept and steps and device is not None and request is not None and request.hires is None):
            return
        streamed = request.memory is not None and request.memory.max_vram_gib is not None
        key = measured_key(request.family, request.width, request.height, streamed)
        cards = load_speeds(self.path)
        known = cards.setdefault(device.name, {}).get(key)
        runs = min(int(known["runs"]), RUNS_REMEMBERED - 1) if known else 0
        seconds = statistics.median(steps)
        if known:
            seconds = (known["seconds_per_step"] * runs + seconds) / (runs + 1)
        cards[device.name][key] = {"seconds_per_step": round(seconds, 4), "width": request.width,
                                   "height": request.height, "runs": runs + 1}
        try:
            save_speeds(self.path, cards)
        except OSError:
            return  # the next plan estimates from the card's specifications again

    def lookup(self, device: VulkanDevice, family: ModelFamily, width: int, height: int,
               streamed: bool) -> MeasuredStep | None:
        known = load_speeds(self.path).get(device.name, {}).get(measured_key(family, width, height, streamed))
        if not known:
            return None
        return MeasuredStep(float(known["seconds_per_step"]), int(known["width"]), int(known["height"]))

    def estimate(self, prepared: PreparedJob, device: VulkanDevice | None) -> PictureTime | None:
        """The picture's time on this card: from its own earlier runs of this family and size where there are
        some, else from its specifications; None without a card or a plan."""
        if device is None or not prepared.plans:
            return None
        request = prepared.request
        streamed = prepared.plans[0].memory.max_vram_gib is not None
        measured = self.lookup(device, request.family, request.width, request.height, streamed)
        host = time_host()
        return job_time(prepared, card_for_device(device, host.cores), host, measured)
