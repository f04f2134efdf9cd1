"""The app's one front door: the window and the command line make a `Studio` and go through it alone.

It owns the machine (vulkaninfo and the backend's `--help`, asked once), the job queue (pictures to make and
pictures to upscale, one kind of job each, every card of a rig), the declared settings (the output folder chosen
in the window is the command line's default too) and one typed stream of events (`job_event`, events.py), each naming
its job and card."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

import psutil
from PySide6.QtCore import QObject, Signal

from app.core.demo.picture_models import demo_prompt_model, demo_upscaler
from app.core.gallery.gallery_index import GalleryIndex
from app.core.generation.command import backend_environment
from app.core.generation.request import GenerationRequest, validate, with_seed
from app.core.generation.styles import Style, load_styles, save_styles
from app.core.generation.upscale import UpscaleRequest
from app.core.models.catalog import load_catalog, upscaler_models
from app.core.models.families import ModelFamily
from app.core.prompt_helper.chat import HelperTask
from app.core.prompt_helper.model import (
    PROMPT_MODEL_NAME,
    PROMPT_MODEL_PRESET,
    PromptModel,
    PromptModelMissing,
    inspect_prompt_model,
    place_helper,
    prompt_model_download,
)
from app.core.queue.jobs import Job, expanded_request
from app.core.settings_schema import OUTPUT_FOLDER, PROMPT_HELPER_ON_CARD, REMOTE_COMPUTERS
from app.core.sizes import format_size
from app.core.words import translate
from app.services.prompt_helper import PromptHelper
from app.services.queue.job_queue import JobQueue
from app.services.runners.generation import Generation
from app.services.runners.upscaling import Upscaling
from app.services.settings import Settings
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs


def _newest_file(folder: Path, pattern: str) -> Path | None:
    found = [path for path in folder.glob(pattern) if path.is_file()] if folder.is_dir() else []
    return max(found, key=lambda path: (path.stat().st_mtime_ns, path.name), default=None)


class Studio(QObject):
    """`event(JobEvent)` for whatever a job does; `queue` for the list itself (its `changed`, `note`, `idle`,
    and reordering, retrying, cancelling a job); `machine` for what this computer is."""

    job_event = Signal(object)  # a JobEvent (app/services/runners/events.py)

    def __init__(self, out_dir: Path | None = None, machine: Machine | None = None,
                 gallery: GalleryIndex | None = None, store: Path | None = None,
                 settings: Settings | None = None,
                 host_ram: Callable[[], int] = lambda: psutil.virtual_memory().available,
                 remember_computers: bool = False, wildcards: Path | None = None,
                 parent: QObject | None = None) -> None:
        """`out_dir`: where pictures go (None: the folder chosen in the window last time); `store`: the queue file
        that keeps unfinished jobs over a restart (None: this command's jobs only); `remember_computers`: the
        other computers added last time draw again, and those added or removed now are kept (the window's);
        `wildcards`: where `__name__` finds name.txt (None: the folder in the user's data folder)."""
        super().__init__(parent)
        self._wildcards = wildcards
        self.settings = settings or Settings()
        folder = out_dir if out_dir is not None else self.settings.get(OUTPUT_FOLDER)
        self.machine = machine or Machine(parent=self)
        self.gallery = gallery
        self.generation = Generation(folder, self.machine, gallery, self)  # the first card's
        self.upscaling = Upscaling(folder, self.machine, gallery, self)
        self.queue = JobQueue(self.generation, store, host_ram, self.upscaling, self)
        self.queue.job_event.connect(self.job_event)
        self.prompt_helper = PromptHelper(parent=self)
        self.queue.share_card_with(self.prompt_helper)
        if remember_computers:
            for computer in self.settings.get(REMOTE_COMPUTERS):
                self.queue.add_node(computer.address, computer.name, computer.token)
            self.queue.cards_changed.connect(self._remember_computers)

    def _remember_computers(self) -> None:
        notice = self.settings.set(REMOTE_COMPUTERS, self.queue.computers)  # their tokens go to the OS keyring
        if notice:
            self.queue.note.emit(notice)

    @property
    def out_dir(self) -> Path:
        return self.generation.out_dir

    @property
    def wildcards(self) -> Path:
        return self._wildcards or current_user_dirs().wildcards

    def chosen_card(self) -> Generation:
        """The card of this computer that the next picture goes to (the first ticked one, else the first card):
        the one the window plans for."""
        return next((runner for _label, ticked, runner in self.queue.cards
                     if ticked and isinstance(runner, Generation)), self.generation)

    def add(self, requests: list[GenerationRequest], origin: str = "") -> list[Job]:
        """Pictures to make, in the queue's order; each seeded now, its styles applied and its wildcards chosen for
        its seed, so that the queue file and the picture keep the prompt that ran. `origin`: the other app that
        asks for them. InvalidRequest, and nothing queued, for a style or wildcard file that is not there."""
        styles = self.styles() if any(request.styles for request in requests) else []
        rng = random.SystemRandom()
        return self.queue.add([expanded_request(with_seed(request, rng), styles, self.wildcards)
                               for request in requests], origin)

    def styles(self) -> list[Style]:
        """The user's styles, read from their file each time (the window edits it, and the command line reads
        the same); a damaged file is set aside and said in `queue.note`."""
        loaded = load_styles(current_user_dirs().styles, datetime.now())
        if loaded.message:
            self.queue.note.emit(loaded.message)
        return loaded.styles

    @staticmethod
    def save_styles(styles: Sequence[Style]) -> None:
        """Keep the styles as the user edited them (OSError when the file cannot be written)."""
        save_styles(current_user_dirs().styles, styles)

    @staticmethod
    def check(request: GenerationRequest) -> tuple[GenerationRequest, list[str]]:
        """The request as it will run (sizes snapped, files' headers read) and notes on what changed, or
        InvalidRequest saying why it cannot run: before it is queued, from any thread (it reads files only)."""
        return validate(request)

    def upscale(self, request: UpscaleRequest, origin: str = "") -> Job:
        return self.queue.add_upscale(request, origin)

    @staticmethod
    def upscaler(demo: bool = False, models: Path | None = None) -> Path | None:
        """The upscaler to use: the first downloaded or added one (in `models`, default the models folder), else in
        the demo (`demo`) the demo's tiny one, else None."""
        dirs = current_user_dirs()
        models = models or dirs.models
        found = upscaler_models(load_catalog(), models, models / "upscalers")
        if found:
            return found[0]
        return demo_upscaler(dirs.cache / "demo") if demo else None

    def set_output_folder(self, folder: Path) -> None:
        """Send the next pictures and upscales to `folder` on every card, and make it the default of the window
        and of the command line from now on."""
        for runner in self.queue.runners:
            runner.set_out_dir(folder)
        self.settings.set(OUTPUT_FOLDER, folder)
        if self.gallery is not None:
            self.gallery.scan(folder)

    def prompt_model(self, path: Path | None = None, demo: bool = False) -> PromptModel:
        """The prompt helper's text model: `path`, or one the user added (Models > Add files I already have; the
        newest of them), or Qwen3-4B in the models folder (the Z-Image and klein presets' text encoder), else in
        the demo (`demo`) the demo's tiny one. PromptModelRejected says, in words, why there is none to use;
        PromptModelMissing when the models folder has none yet (the window offers the download)."""
        dirs = current_user_dirs()
        qwen3 = dirs.models / PROMPT_MODEL_NAME
        path = path or _newest_file(dirs.prompt_models, "*.gguf") or qwen3
        if path == qwen3 and not path.is_file() and demo:
            path = demo_prompt_model() or qwen3
        if path == qwen3 and not path.is_file():
            download = prompt_model_download(load_catalog())
            size = format_size(download.total_bytes) if download is not None else "?"
            raise PromptModelMissing(translate(
                "PromptHelper", "the prompt helper needs {name} ({size}) in the models folder: Improve offers the "
                                "download in the window, or run: python -m app models download {preset} (it is "
                                "also the text encoder of the Z-Image and FLUX.2 klein presets)").format(
                name=PROMPT_MODEL_NAME, size=size, preset=PROMPT_MODEL_PRESET))
        return inspect_prompt_model(path)

    def ask_helper(self, task: HelperTask, text: str, family: ModelFamily, model: PromptModel,
                   card_wanted: bool | None = None) -> str:
        """Start the prompt helper (words stream on `prompt_helper.words`, the end on `prompt_helper.answered`);
        returns where it runs, in words. On the card only when the user allows it, no picture is drawn or
        waiting, and it fits what the card has free (`card_wanted`: this time, whatever the setting says)."""
        device = self.machine.preferred_device
        heap = device.vram_heap if device is not None and not device.is_cpu else None
        free = None if heap is None else (heap.budget - heap.usage if heap.budget and heap.usage is not None
                                          else heap.size)
        wanted = bool(self.settings.get(PROMPT_HELPER_ON_CARD)) if card_wanted is None else card_wanted
        place = place_helper(model, wanted, self.queue.pending, free)
        environment = backend_environment(dict(os.environ), device if place.on_card else None)
        self.prompt_helper.ask(task, text, family, model.path, place, environment, _helper_threads())
        return place.why

    def stop_now(self) -> None:
        """The app is closing: running jobs stay in the queue file (they come back waiting), backends are killed."""
        self.prompt_helper.stop_now()
        self.queue.stop_now()


def _helper_threads() -> int:
    """llama.cpp's threads on the processor: its physical cores (hyper-threads slow matrix work down), at least 1."""
    return psutil.cpu_count(logical=False) or os.cpu_count() or 1
