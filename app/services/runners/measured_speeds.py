"""This PC's own seconds per sampling step, per card, model family and picture size, its processor's own rates
(the text encoders and the decoder run there), and each kind of picture's whole time (per card, model files, size
and placement: the start, the loading and the shader compiling included): kept after each real run in the user's
data folder, and used for the next plan's time instead of the estimate from the card's and the processor's
specifications.

measured_speeds.json, schema 2 (1 had no "pictures"; read as it is):
    {"schema_version": 2,
     "cards": {card name: {"sdxl/large": {"seconds_per_step", "width", "height", "runs"}}},
     "processor": {CPU variant: {"matrix" | "conv": {"share", "runs"}}},
     "pictures": {card name: {learned_time.picture_key: {"starting", "text", "seconds_per_step", "decode", "runs"}}}}
"""

from __future__ import annotations

import dataclasses
import json
import statistics
import time
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.core.generation.command import shader_cache
from app.core.generation.output import Progress, stage_seconds
from app.core.generation.prepare import PreparedJob, job_time
from app.core.generation.request import GenerationRequest
from app.core.json_files import write_json
from app.core.models.components import components_from_files
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.models.model_files import ModelInfo
from app.core.planning.learned_time import (
    learned_time,
    picture_key,
    remembered,
    taken_time,
    with_start_of_its_files,
)
from app.core.planning.timing import (
    Host,
    MeasuredStep,
    PictureTime,
    card_for_device,
    first_picture_time,
    measured_key,
    measured_shares,
)
from app.core.system.vulkaninfo import VulkanDevice
from app.services.child_process import program_environment
from app.services.system.host import time_host
from app.services.system.processor_speed import FILE_NAME as SPEED_FILE_NAME
from app.services.system.processor_speed import ProcessorTiming, load_processor_speed
from app.services.user_dirs import current_user_dirs

SCHEMA_VERSION = 2
READ_VERSIONS = (1, 2)  # 2 added "pictures"
PARTS = ("cards", "processor", "pictures")
FILE_NAME = "measured_speeds.json"
# written beside Mesa's own files in the shader cache once a picture was kept with it (`shaders_kept`)
SHADERS_KEPT_MARK = "polaris-studio-picture-drawn.txt"
RUNS_REMEMBERED = 5  # the average follows a new driver or a moved card within a few pictures


Speeds = dict[str, dict[str, dict[str, float]]]


def load_speeds(path: Path, part: str = "cards") -> Speeds:
    """`cards`: card name -> measured key -> {seconds_per_step, width, height, runs}; `processor`: CPU variant ->
    "matrix" or "conv" -> {share, runs}; `pictures`: card name -> picture key -> {starting, text, seconds_per_step,
    decode, runs}. Empty when missing or damaged (the file only saves estimating again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    if not isinstance(data, dict) or data.get("schema_version") not in READ_VERSIONS:
        return {}
    found = data.get(part)
    return found if isinstance(found, dict) else {}


def save_speeds(path: Path, cards: Speeds, processor: Speeds | None = None, pictures: Speeds | None = None) -> None:
    """Write the file whole or not at all: a crash mid-write leaves the previous one. A part not given is kept."""
    given = {"cards": cards, "processor": processor, "pictures": pictures}
    write_json(path, {"schema_version": SCHEMA_VERSION,
                      **{part: load_speeds(path, part) if given[part] is None else given[part] for part in PARTS}})


def _averaged(known: dict[str, float] | None, value: float, key: str) -> dict[str, float]:
    """The last RUNS_REMEMBERED runs' average: it follows a new driver, a moved card or a new processor."""
    runs = min(int(known["runs"]), RUNS_REMEMBERED - 1) if known else 0
    if known:
        value = (known[key] * runs + value) / (runs + 1)
    return {key: round(value, 4), "runs": runs + 1}


class MeasuredSpeeds(QObject):
    """Hears each step of a run (`step_done`) and sd.cpp's lines (`log_line`) and, when the picture is kept
    (`run_finished`), remembers the run's seconds per step and the processor's rates; `estimate` says how long a
    prepared job will take on a card, `host` what the time model knows of this processor. `time_processor_once`
    times the processor where that was never done (`processor_timed` then): a first picture drawn by the processor
    is priced from its speed."""

    processor_timed = Signal()

    def __init__(self, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path = path  # None: the user's data folder, read each time (--basedir and the tests' folders)
        self._timing = ProcessorTiming(self)
        self._timing.timed.connect(self.processor_timed)
        self._steps: list[float] = []  # each later step's own seconds
        self._taken: dict[str, float] = {}  # sd.cpp's own seconds for its stages (loading, text, sampling, decode)
        self._launched: float | None = None  # when the running try's program started, by the clock

    def run_started(self) -> None:
        """A try starts its program (a retry too): its stages and its time by the clock start again."""
        self._launched = time.monotonic()
        self._steps, self._taken = [], {}

    @property
    def path(self) -> Path:
        return self._path or current_user_dirs().data / FILE_NAME

    @property
    def speed_path(self) -> Path:
        return self.path.with_name(SPEED_FILE_NAME)

    def time_processor_once(self) -> None:
        """Time this processor on a thread of its own, where its speed is not kept yet."""
        self._timing.time_once(self.speed_path)

    def step_done(self, progress: Progress) -> None:
        if progress.step <= 1:
            self._steps = []  # a new run (or a retry): the first step also sets up the card, so it is not kept
        elif progress.sec_per_step is not None:
            self._steps.append(progress.sec_per_step)

    def log_line(self, text: str, stream: str) -> None:
        taken = stage_seconds(text)
        if taken is not None:
            self._taken[taken[0]] = taken[1]

    def run_finished(self, device: VulkanDevice | None, request: GenerationRequest | None,
                     models: Mapping[str, ModelInfo], kept: bool) -> None:
        """A run ended: its steps and its processor stages are remembered when its picture was kept. `models`: the
        job's headers as prepare() read them (never read again here)."""
        steps, self._steps = self._steps, []
        taken, self._taken = self._taken, {}
        whole = time.monotonic() - self._launched if self._launched is not None else None
        self._launched = None
        # hires fix samples and decodes at another size: its seconds say nothing of one size
        if not (kept and request is not None and request.hires is None):
            return
        if device is not None:
            mark_shaders_kept(device)
        if device is not None and request.memory is not None:
            self._learn_picture(device, request, request.memory, taken, whole,
                                statistics.median(steps) if steps else None)
        if taken and request.memory is not None and (request.memory.clip_on_cpu or request.memory.vae_on_cpu):
            self._learn_processor(request, models, request.memory, taken)
        if not (steps and device is not None):
            return
        streamed = request.memory is not None and request.memory.max_vram_gib is not None
        key = measured_key(request.family, request.width, request.height, streamed)
        cards = load_speeds(self.path)
        measured = _averaged(cards.setdefault(device.name, {}).get(key), statistics.median(steps), "seconds_per_step")
        cards[device.name][key] = {**measured, "width": request.width, "height": request.height}
        try:
            save_speeds(self.path, cards)
        except OSError:
            return  # the next plan estimates from the card's specifications again

    def _learn_picture(self, device: VulkanDevice, request: GenerationRequest, memory: MemoryFlags,
                       taken: Mapping[str, float], whole: float | None, step: float | None) -> None:
        """The whole picture's seconds, stage by stage (`step`: a later step's), for the next picture of its kind
        on this card."""
        measured = taken_time(taken, whole, request.steps, step)
        if measured is None:
            return
        pictures = load_speeds(self.path, "pictures")
        kinds = pictures.setdefault(device.name, {})
        key = _picture_key(request, memory)
        kinds[key] = remembered(kinds.get(key), measured, first_on_card=len(kinds) == 0)
        try:
            save_speeds(self.path, load_speeds(self.path), pictures=pictures)
        except OSError:
            return

    def _learn_processor(self, request: GenerationRequest, models: Mapping[str, ModelInfo], memory: MemoryFlags,
                         taken: dict[str, float]) -> None:
        """The processor's rates this run reached, as shares of its variant's, averaged with its earlier runs'."""
        if not models:
            return  # a run without prepare()'s headers: nothing to price it by
        host = self.host()
        shares = measured_shares(components_from_files(dict(models), request.family), memory, host, request.width,
                                 request.height, taken)
        processor = load_speeds(self.path, "processor")
        known = processor.setdefault(host.variant.value, {})
        for part, share in zip(("matrix", "conv"), shares, strict=True):
            if share is not None:
                known[part] = _averaged(known.get(part), share, "share")
        try:
            save_speeds(self.path, load_speeds(self.path), processor)
        except OSError:
            return

    def host(self) -> Host:
        """This processor as the time model prices it, with the rates its earlier pictures measured."""
        host = time_host()
        known = load_speeds(self.path, "processor").get(host.variant.value, {})
        return dataclasses.replace(host, measured=(known.get("matrix", {}).get("share", 1.0),
                                                   known.get("conv", {}).get("share", 1.0)),
                                   speed=load_processor_speed(self.speed_path))

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
        memory = prepared.plans[0].memory
        streamed = memory.max_vram_gib is not None
        measured = self.lookup(device, request.family, request.width, request.height, streamed)
        host = self.host()
        card = card_for_device(device, host.cores, host.speed)
        roofline = job_time(prepared, card, host, measured)
        if roofline is None:
            return None
        kinds = load_speeds(self.path, "pictures").get(device.name, {})
        kept = shaders_kept(device)
        if not (bool(kinds) if kept is None else kept):  # lavapipe compiles its shaders first, once
            return first_picture_time(roofline, card)
        if not kinds:  # the first picture this data folder knows, its shaders kept from an earlier one
            return first_picture_time(roofline, card, shaders_kept=True)
        if request.hires is not None:
            return roofline
        key = _picture_key(request, memory)
        record = kinds.get(key)
        # a picture's record holds its own run only, not its faces' passes
        learned = learned_time(record, request.steps, roofline.card, roofline.on_processor, roofline.variant) \
            if isinstance(record, dict) and request.face_fix is None else None
        # this kind of picture ran here before: its own seconds, the start and loading included; else the start
        # and loading its model files took here at another size or placement
        return learned or with_start_of_its_files(roofline, kinds, key, prepared.work.runs)


def shaders_kept(device: VulkanDevice | None) -> bool | None:
    """Whether the shader cache our programs get on `device` holds a kept picture's shaders (`mark_shaders_kept`):
    False for a new or emptied one, None where the app does not know Mesa's folder (Windows, or Mesa told to keep
    none). A folder holding entries is not enough: the start's device probe writes Mesa's index there, and the
    prompt helper's program other shaders."""
    folder = shader_cache(program_environment(device))
    return None if folder is None else (folder / SHADERS_KEPT_MARK).is_file()


def mark_shaders_kept(device: VulkanDevice) -> None:
    """A picture was kept: the shaders it compiled are in the cache (gone with it when the user empties it), where
    Mesa made its own files there (it keeps nothing in a folder it cannot make)."""
    folder = shader_cache(program_environment(device))
    if folder is None or not any(path.name != SHADERS_KEPT_MARK for path in _listed(folder)):
        return
    try:
        (folder / SHADERS_KEPT_MARK).write_text("a picture was drawn with the shaders kept here\n", encoding="utf-8")
    except OSError:
        return  # the next first picture is priced with its set-up again


def _listed(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _picture_key(request: GenerationRequest, memory: MemoryFlags) -> str:
    return picture_key((path.name for path in request.models.given().values()), request.width, request.height,
                       memory, request.init_image is not None, len(request.ref_images))
