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
from app.core.queue.nodes import RemoteComputer
from app.core.settings_schema import OUTPUT_FOLDER, PROMPT_HELPER_ON_CARD, REMOTE_COMPUTERS
from app.core.sizes import format_size
from app.core.words import translate
from app.services.child_process import program_environment
from app.services.prompt_helper import PromptHelper
from app.services.queue.job_queue import JobQueue
from app.services.runners.generation import Generation
from app.services.runners.runner import Runner
from app.services.runners.upscaling import Upscaling
from app.services.settings import Settings
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs


def _newest_file(folder: Path, pattern: str) -> Path | None:
    found = [path for path in folder.glob(pattern) if path.is_file()] if folder.is_dir() else []
    return max(found, key=lambda path: (path.stat().st_mtime_ns, path.name), default=None)


class Studio(QObject):
    """`job_event(JobEvent)` for whatever a job does; the queue's list and cards through the studio's own calls
    (`jobs`, `cancel`, `retry`, `move`, `add_computer`, ...) and signals (`jobs_changed`, `note`, `idle`,
    `cards_changed`), the front ends never reaching into the queue itself; `machine` for what this computer is."""

    job_event = Signal(object)  # a JobEvent (app/services/runners/events.py)
    jobs_changed = Signal()  # after any change to the list (state, order, a step)
    note = Signal(str)  # what the user should know about the queue (a damaged file, a job waiting for RAM)
    idle = Signal()  # nothing waits and nothing runs
    cards_changed = Signal()  # the rig's cards are known, or a computer came or went

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
        for signal, forwarded in ((self.queue.job_event, self.job_event), (self.queue.changed, self.jobs_changed),
                                  (self.queue.note, self.note), (self.queue.idle, self.idle),
                                  (self.queue.cards_changed, self.cards_changed)):
            signal.connect(forwarded)
        self.prompt_helper = PromptHelper(parent=self)
        self.queue.share_card_with(self.prompt_helper)
        if remember_computers:
            for computer in self.settings.get(REMOTE_COMPUTERS):
                self.queue.add_node(computer.address, computer.name, computer.token)
            self.queue.cards_changed.connect(self._remember_computers)

    def say(self, words: str) -> None:
        """Something the user should know, said where the queue's notes are (the window's status, the CLI's
        notice)."""
        self.queue.note.emit(words)

    # --- the queue, as the front ends see it -------------------------------------------------------------
    @property
    def jobs(self) -> list[Job]:
        """Every job in the queue's order, finished ones until cleared."""
        return self.queue.jobs

    @property
    def busy(self) -> bool:
        """A card runs a job."""
        return self.queue.busy

    @property
    def held(self) -> int:
        """How many jobs from last time wait for Run queue."""
        return self.queue.held

    @property
    def note_from_last_time(self) -> str | None:
        """What loading the queue file had to say (a damaged file set aside)."""
        return self.queue.message

    @property
    def cards(self) -> list[tuple[str, bool, Runner]]:
        """(label, ticked, what runs its pictures) for each card, other computers' last."""
        return self.queue.cards

    @property
    def computers(self) -> list[RemoteComputer]:
        return self.queue.computers

    @property
    def draws_on_processor(self) -> bool:
        """This computer's device is Vulkan run by the processor (no graphics card that can draw)."""
        return self.queue.draws_on_processor

    def running_jobs(self) -> list[Job]:
        return self.queue.running_jobs()

    def pid(self, job: Job) -> int | None:
        """The process id of the backend that runs this job, while it runs."""
        return self.queue.pid(job)

    def start(self) -> None:
        """Run what waits, the jobs a restart brought back too."""
        self.queue.start()

    def cancel(self, job: Job) -> None:
        self.queue.cancel(job)

    def cancel_all(self) -> None:
        self.queue.cancel_all()

    def retry(self, job: Job) -> Job:
        """A finished job again, with the same settings and seed, at the end of the queue."""
        return self.queue.retry(job)

    def keep(self, job: Job) -> Path | None:
        """Keep the picture the check set aside for a failed job (None, and why in `note`, when it cannot be)."""
        return self.queue.keep(job)

    def move(self, job: Job, offset: int) -> None:
        """Move a job up (negative) or down the list."""
        self.queue.move(job, offset)

    def clear_finished(self) -> None:
        self.queue.clear_finished()

    def add_computer(self, address: str, name: str, token: str | None = None) -> None:
        """Another computer's image server as one more card (ValueError when the name is taken)."""
        self.queue.add_node(address, name, token)

    def remove_computer(self, name: str) -> None:
        self.queue.remove_node(name)

    def set_card_enabled(self, label: str, enabled: bool) -> None:
        """Untick a card: it takes no new job (its running one finishes)."""
        self.queue.set_card_enabled(label, enabled)

    def _remember_computers(self) -> None:
        notice = self.settings.set(REMOTE_COMPUTERS, self.queue.computers)  # their tokens go to the OS keyring
        if notice:
            self.say(notice)

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
        the same); a damaged file is set aside and said in `note`."""
        loaded = load_styles(current_user_dirs().styles, datetime.now())
        if loaded.message:
            self.say(loaded.message)
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
        environment = program_environment(device if place.on_card else None)
        self.prompt_helper.ask(task, text, family, model.path, place, environment, _helper_threads())
        return place.why

    def stop_now(self) -> None:
        """The app is closing: running jobs stay in the queue file (they come back waiting), backends are killed."""
        self.prompt_helper.stop_now()
        self.queue.stop_now()


def _helper_threads() -> int:
    """llama.cpp's threads on the processor: its physical cores (hyper-threads slow matrix work down), at least 1."""
    return psutil.cpu_count(logical=False) or os.cpu_count() or 1
