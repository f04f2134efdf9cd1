"""Headless front end: `python -m app generate ...` on the same core and services as the window."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import signal
import sys
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from app.core.demo.picture_models import is_demo_file
from app.core.gallery.metadata import parse_parameters, read_parameters_text
from app.core.generation.control import DEFAULT_CONTROL_STRENGTH, MAX_CONTROL_STRENGTH, ControlNetUse
from app.core.generation.extend import Extension, ExtensionRejected, parse_extension
from app.core.generation.faces import FaceFix
from app.core.generation.output import BackendError, ErrorKind, Outcome, Progress
from app.core.generation.prepare import MachineFacts, WhatIf, job_time, lora_at_runtime, prepare
from app.core.generation.request import (
    MAX_CLIP_SKIP,
    GenerationRequest,
    HiresFix,
    InvalidRequest,
)
from app.core.generation.samplers import SAMPLERS, SCHEDULERS, sampler_named, scheduler_named
from app.core.generation.status_words import duration_in_words, time_words
from app.core.generation.styles import load_styles, styles_json
from app.core.generation.upscale import DEFAULT_TILE_SIZE, UPSCALE_FACTORS, UpscaleRequest
from app.core.models.catalog import (
    Catalog,
    CatalogError,
    file_status,
    load_catalog,
    preset_status,
    read_ledger,
)
from app.core.models.components import components_from_files
from app.core.models.downloads import DownloadCancelled, DownloadError, PresetProgress
from app.core.models.families import FAMILIES, MEMORY_SWITCHES, MemoryFlags, ModelFiles, family_of, slot_words
from app.core.models.model_files import import_file, inspect_model, model_files_in
from app.core.planning.plan import Device, MemoryPlan, plan_json
from app.core.planning.timing import (
    PCIE_X1_RISER,
    PCIE_X16,
    Host,
    conservative_card,
    find_card,
    time_json,
)
from app.core.prompt_helper.model import PROMPT_MODEL_PRESET, prompt_model_download
from app.core.queue.jobs import JobState, batch_requests, parse_prompt_list, prompt_list_requests
from app.core.queue.nodes import BadAddress, RemoteComputer, computer_at
from app.core.sizes import format_size, parse_size
from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.report import report_json, report_markdown
from app.core.system.vulkaninfo import cut_before_its_devices, decode_paste, parse
from app.services.commands import (
    STOP_SIGNALS,
    add_studio_arguments,
    add_wildcards_argument,
    hear_stop_signals,
    open_studio,
)
from app.services.models.backend import BackendMissing, find_backend, probe_caps
from app.services.models.downloader import download_preset
from app.services.runners.events import (
    ImageSaved,
    JobEnded,
    JobEvent,
    JobFailed,
    JobStarted,
    LogLine,
    Notice,
    PlanChosen,
    PreviewShown,
    Retrying,
    StageEntered,
    StepMade,
)
from app.services.runners.generation import Generation
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.services.system.system_check import SystemCheck
from app.services.user_dirs import current_user_dirs


def add_model_arguments(parser: argparse.ArgumentParser) -> None:
    """One option per model slot: --model, --diffusion-model, --vae, --taesd, --clip-l, --t5xxl, --llm."""
    for field in dataclasses.fields(ModelFiles):
        parser.add_argument(f"--{field.name.replace('_', '-')}", type=Path, metavar="PATH")


def model_files(args: argparse.Namespace) -> ModelFiles:
    return ModelFiles(**{field.name: getattr(args, field.name) for field in dataclasses.fields(ModelFiles)})


def add_generate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--prompt", help="what to draw (not needed with --prompts)")
    parser.add_argument("--negative", default="")
    add_model_arguments(parser)
    parser.add_argument("--width", type=int, help="default 512, or the input image's width")
    parser.add_argument("--height", type=int, help="default 512, or the input image's height")
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--cfg-scale", type=float)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--sampler", type=sampler_argument, help="sd.cpp sampling method: " + ", ".join(
        sampler.code for sampler in SAMPLERS) + " (or A1111's name; default: the model's)")
    parser.add_argument("--scheduler", type=scheduler_argument, help="sd.cpp sigma scheduler: " + ", ".join(
        scheduler.code for scheduler in SCHEDULERS) + " (or A1111's name; default: the model's)")
    parser.add_argument("--clip-skip", type=int, metavar="N",
                        help=f"read the prompt from CLIP's Nth layer from the last, 1 to {MAX_CLIP_SKIP}, as A1111's "
                             "Clip skip (default: the model's own: " + ", ".join(
                                 f"{traits.clip_skip} for {traits.words}" for traits in FAMILIES.values()
                                 if traits.clip_skip) + "; other models have no CLIP layers to skip)")
    pictures = parser.add_argument_group("start from a picture (img2img) and repaint part of it (inpainting)")
    pictures.add_argument("--init-img", type=Path, metavar="PATH", help="the picture to start from")
    pictures.add_argument("--strength", type=float, default=0.75,
                          help="how much of it is repainted, above 0 to 1 (default 0.75)")
    pictures.add_argument("--mask", type=Path, metavar="PATH",
                          help="white repaints, black keeps; scaled to the input's size")
    pictures.add_argument("--extend", type=extension_argument, metavar="SIDES",
                          help="grow the --init-img picture and paint the new area in (outpainting), e.g. "
                               "left=128,down=64 (left, right, up, down in pixels); its own pixels are kept exactly")
    pictures.add_argument("--ref-image", type=Path, action="append", default=[], metavar="PATH",
                          help="FLUX.2 klein: edit this picture, the prompt being the instruction (repeatable)")
    loras = parser.add_argument_group("LoRA")
    loras.add_argument("--lora", action="append", default=[], metavar="NAME:WEIGHT",
                       help="add <lora:NAME:WEIGHT> to the prompt (repeatable)")
    loras.add_argument("--lora-dir", type=Path, metavar="FOLDER",
                       help="the folder with the LoRA files (default: the app's LoRA folder)")
    add_face_and_control_arguments(parser)
    hires = parser.add_argument_group("hires fix: a second pass at a larger size")
    hires.add_argument("--hires", action="store_true")
    hires.add_argument("--hires-scale", type=float, default=2.0)
    hires.add_argument("--hires-strength", type=float, default=0.7, help="the second pass's denoising strength")
    hires.add_argument("--hires-steps", type=int, default=0, help="0: as many as the first pass")
    memory = parser.add_argument_group("memory placement (without any of these, the planner chooses and "
                                       "retries a safer plan when VRAM runs out)")
    add_memory_arguments(memory)
    words = parser.add_argument_group("styles and wildcards")
    words.add_argument("--style", action="append", default=[], metavar="NAME",
                       help="apply this style of yours to the prompt and the negative prompt (repeatable; "
                            "`python -m app styles` lists them)")
    add_wildcards_argument(words)
    add_studio_arguments(parser)
    parser.add_argument("--events", action="store_true", help="print one JSON object per line on stdout")
    parser.add_argument("--keep-suspect", action="store_true",
                        help="keep a picture the check doubts (black, flat, one tile, noise) in the output folder "
                             "and the gallery instead of setting it aside")
    batch = parser.add_mutually_exclusive_group()
    batch.add_argument("--batch", type=int, default=1, metavar="N",
                       help="make N images: seeds s, s+1, ... (on a rig, one job per graphics card at once)")
    batch.add_argument("--prompts", type=Path, metavar="FILE",
                       help="one image per line of this text file, all with the same seed")
    parser.add_argument("--random-seeds", action="store_true", help="with --batch: a random seed for each image")
    nodes = parser.add_argument_group("other computers: any A1111-style image server (another PC's `python -m app "
                                      "serve`, sd.cpp's sd-server, A1111, Forge, koboldcpp) draws like one more card")
    nodes.add_argument("--node", action="append", default=[], metavar="URL",
                       help="draw on this computer's image server too, e.g. http://192.168.0.12:7860 (repeatable): "
                            "the batch spreads over this PC's card(s) and the nodes; it draws with its own model "
                            "when it has none of the --model's name; pictures come home to --out")
    nodes.add_argument("--node-token", action="append", default=[], metavar="TOKEN",
                       help="the token (or A1111's user:password) the --node of the same place asks for")
    nodes.add_argument("--no-local", action="store_true",
                       help="with --node: draw on the nodes only, not on this PC's graphics card(s)")


def add_face_and_control_arguments(parser: argparse.ArgumentParser) -> None:
    """generate's Fix faces and ControlNet options."""
    faces = parser.add_argument_group("fix faces (as A1111's ADetailer): each face found is repainted at the model's "
                                      "native size and pasted back; every other pixel is kept")
    faces.add_argument("--fix-faces", action="store_true", help="fix the faces of each new picture")
    faces.add_argument("--face-strength", type=float, default=FaceFix.strength,
                       help=f"how much of each face is repainted, above 0 to 1 (default {FaceFix.strength:g})")
    faces.add_argument("--face-confidence", type=float, default=FaceFix.confidence,
                       help=f"how sure the detector must be, 0 to 1 (default {FaceFix.confidence:g})")
    faces.add_argument("--face-padding", type=int, default=FaceFix.padding,
                       help=f"pixels of the picture around each face (default {FaceFix.padding})")
    faces.add_argument("--face-prompt", default="", help="repaint the faces with this prompt (default: the picture's)")
    control = parser.add_argument_group("ControlNet (SD 1.x and SDXL): a control picture guides the drawing")
    control.add_argument("--control-net", type=Path, metavar="PATH", help="the ControlNet model, made for the "
                         "model's family")
    control.add_argument("--control-image", type=Path, metavar="PATH",
                         help="the control picture: a sketch, an edge, pose or depth map (or a photo with --canny)")
    control.add_argument("--control-strength", type=float, default=DEFAULT_CONTROL_STRENGTH,
                         help=f"how strongly it guides, 0 to {MAX_CONTROL_STRENGTH:g} (default "
                              f"{DEFAULT_CONTROL_STRENGTH:g})")
    control.add_argument("--canny", action="store_true", help="find the control picture's edges first (a photo)")
    control.add_argument("--control-net-cpu", action="store_true",
                         help="keep the ControlNet on the processor (a small card)")



def extension_argument(text: str) -> Extension:
    try:
        return parse_extension(text)
    except ExtensionRejected as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def sampler_argument(text: str) -> str:
    """sd.cpp's code for a sampler named by it or by A1111; a typo is refused before anything runs."""
    if (sampler := sampler_named(text)) is None:
        raise argparse.ArgumentTypeError(f"{text} is not a sampler; known: "
                                         + ", ".join(sampler.code for sampler in SAMPLERS))
    return sampler.code


def scheduler_argument(text: str) -> str:
    if (scheduler := scheduler_named(text)) is None:
        raise argparse.ArgumentTypeError(f"{text} is not a scheduler; known: "
                                         + ", ".join(scheduler.code for scheduler in SCHEDULERS))
    return scheduler.code


def lora_tags(args: argparse.Namespace) -> list[str]:
    """Each --lora NAME:WEIGHT as the prompt's <lora:NAME:WEIGHT> (weight 1 when none is given)."""
    tags = []
    for text in args.lora:
        name, _, weight = text.rpartition(":")
        if not name:
            name, weight = text, "1"
        tags.append(f"<lora:{name}:{weight}>")
    return tags


def request_from_args(args: argparse.Namespace) -> GenerationRequest:
    prompt, tags = args.prompt or "", lora_tags(args)  # no --prompt: each line of --prompts stands in for it
    return GenerationRequest(
        prompt=" ".join([prompt, *tags]),
        negative_prompt=args.negative,
        width=512 if args.width is None else args.width,
        height=512 if args.height is None else args.height,
        steps=args.steps,
        cfg_scale=args.cfg_scale,
        seed=args.seed,
        sampler=args.sampler,
        scheduler=args.scheduler,
        clip_skip=args.clip_skip,
        models=model_files(args),
        memory=explicit_memory(args),
        init_image=args.init_img,
        strength=args.strength,
        mask=args.mask,
        ref_images=tuple(args.ref_image),
        extend=args.extend,
        size_from_input=args.width is None and args.height is None,
        hires=HiresFix(args.hires_scale, args.hires_strength, args.hires_steps) if args.hires else None,
        lora_dir=args.lora_dir or (current_user_dirs().loras if tags or "<lora:" in prompt else None),
        styles=tuple(args.style),
        face_fix=face_fix_from_args(args),
        control=control_from_args(args),
    )


def control_from_args(args: argparse.Namespace) -> ControlNetUse | None:
    if args.control_net is None and args.control_image is None:
        return None
    if args.control_net is None or args.control_image is None:
        raise ValueError("ControlNet needs both --control-net (the model) and --control-image (the picture)")
    return ControlNetUse(args.control_net, args.control_image, args.control_strength, args.canny,
                         args.control_net_cpu)


def face_fix_from_args(args: argparse.Namespace, only: bool = False) -> FaceFix | None:
    if not (args.fix_faces or only):
        return None
    return FaceFix(strength=args.face_strength, confidence=args.face_confidence, padding=args.face_padding,
                   prompt=args.face_prompt, only=only)


def add_fix_faces_arguments(parser: argparse.ArgumentParser) -> None:
    """`fix-faces PICTURE`: generate's options (the model, its memory, the output folder), the picture given."""
    parser.add_argument("picture", type=Path, help="the picture whose faces are repainted (PNG, JPEG, WebP)")
    add_generate_arguments(parser)


def run_fix_faces(args: argparse.Namespace) -> int:
    """Repaint the faces of one picture: its own size and pixels kept, a new picture beside it in the gallery. The
    prompt, when not given, is the one the picture records."""
    if args.prompt is None:
        try:
            text = read_parameters_text(args.picture)
        except (OSError, AttributeError, SyntaxError, ValueError):  # not there, not a PNG: no prompt recorded
            text = None
        args.prompt = (parse_parameters(text).prompt if text else "") or "a detailed face"
    args.init_img, args.fix_faces, args.batch, args.prompts = args.picture, True, 1, None
    return run_generate(args, only_faces=True)


def add_memory_arguments(group: argparse._ArgumentGroup) -> None:
    """One option per memory switch, named as sd.cpp names it: --clip-on-cpu, ..., --max-vram GIB."""
    for name, switch in MEMORY_SWITCHES.items():
        if switch.unit:
            group.add_argument(switch.flag, dest=name, type=float, metavar=switch.unit.upper())
        else:
            group.add_argument(switch.flag, dest=name, action="store_true")


def explicit_memory(args: argparse.Namespace) -> MemoryFlags | None:
    chosen = {name: getattr(args, name) for name in MEMORY_SWITCHES}
    return MemoryFlags(**chosen) if any(chosen.values()) else None


class EventPrinter:
    """Prints a generation's signals, as JSON lines (--events) or as text for a person."""

    def __init__(self, as_json: bool, job: int | None = None) -> None:
        self._json = as_json
        self._job = job  # in a batch, each event names its job (1, 2, ...)

    def for_job(self, number: int) -> EventPrinter:
        return EventPrinter(self._json, number)

    def _emit(self, record: dict[str, Any], text: str | None) -> None:
        if self._job is not None:
            record = {**record, "job": self._job}
            text = f"[{self._job}] {text}" if text is not None else None
        if self._json:
            sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
            sys.stdout.flush()
        elif text is not None:
            print(text, file=sys.stderr, flush=True)

    def progress(self, progress: Progress) -> None:
        eta = f", {duration_in_words(progress.eta_seconds)} left" if progress.eta_seconds is not None else ""
        self._emit({"event": "progress", "step": progress.step, "steps": progress.steps,
                    "sec_per_step": progress.sec_per_step}, f"step {progress.step}/{progress.steps}{eta}")

    def notice(self, text: str) -> None:
        print(f"note: {text}", file=sys.stderr, flush=True)

    def retry(self, reason: str, plan: MemoryPlan | int) -> None:
        """A safer plan, or for an upscale a smaller tile."""
        flags = ["--upscale-tile-size", str(plan)] if isinstance(plan, int) else list(plan.flags)
        self._emit({"event": "retry", "reason": reason, "flags": flags},
                   f"{reason.replace('_', ' ')}: trying again with {' '.join(flags)}")

    def image(self, path: Path) -> None:
        self._emit({"event": "image", "path": str(path)}, None)
        if not self._json:
            print(path, flush=True)

    def error(self, error: BackendError) -> None:
        where = {"picture": error.picture} if error.picture else {}  # set aside: --keep-suspect keeps such ones
        self._emit({"event": "error", "kind": error.kind.value, "message": error.message, **where},
                   f"error ({error.kind.value}): {error.message}")

    def done(self, outcome: Outcome) -> None:
        self._emit({"event": "done", "ok": outcome.ok, "exit_code": outcome.exit_code},
                   "cancelled" if outcome.cancelled else None)

    def show(self, event: JobEvent) -> None:
        """One event of the studio's stream; in a batch, each job's own `done` gives way to the batch's."""
        match event:
            case JobStarted(card=card) if self._job is not None:
                self._emit({"event": "job", "card": card}, f"started on {card}")
            case StageEntered(stage=stage):
                self._emit({"event": "stage", "stage": stage.value}, f"{stage.value}...")
            case StepMade(progress=progress):
                self.progress(progress)
            case PreviewShown(frame=frame):
                self._emit({"event": "preview", "path": str(frame.path), "step": frame.step}, None)
            case LogLine(text=text, stream=stream):
                self._emit({"event": "log", "stream": stream, "text": text}, None)
            case Notice(text=text):
                self.notice(text)
            case PlanChosen(plan=MemoryPlan() as plan):
                print(f"memory plan: {' '.join(plan.flags) or '(no flags)'}; "
                      f"~{plan.peak_vram.total / 2**30:.1f} GiB VRAM predicted", file=sys.stderr, flush=True)
            case PlanChosen(plan=plan):
                self.notice(f"upscale plan: {plan.explanation}")
            case Retrying(reason=reason, plan=plan):
                self.retry(reason, plan)
            case ImageSaved(path=path):
                self.image(path)
            case JobFailed(error=error):
                self.error(error)
            case JobEnded(outcome=outcome) if self._job is None:
                self.done(outcome)

    def batch_done(self, ok: bool, images: int, jobs: int) -> None:
        self._emit({"event": "done", "ok": ok, "images": images, "jobs": jobs}, f"{images} of {jobs} images made")


def add_upscale_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("image", type=Path, metavar="IMAGE")
    parser.add_argument("--factor", type=int, choices=UPSCALE_FACTORS, default=4)
    parser.add_argument("--model", type=Path, metavar="PATH",
                        help="an ESRGAN model (default: the first one in the app's models folder)")
    parser.add_argument("--tile-size", type=int, default=DEFAULT_TILE_SIZE,
                        help=f"smaller tiles need less VRAM (default {DEFAULT_TILE_SIZE})")
    add_studio_arguments(parser, "the upscaled image")
    parser.add_argument("--events", action="store_true", help="print one JSON object per line on stdout")


def run_upscale(args: argparse.Namespace) -> int:
    printer = EventPrinter(args.events)
    model = args.model or Studio.upscaler(demo=args.demo)
    if model is None:
        missing = BackendError(ErrorKind.BAD_REQUEST, (
            "no upscaler model: download one (python -m app models download realesrgan-x4plus-anime-6b), "
            f"put an ESRGAN file in {current_user_dirs().upscalers}, or try the demo's: python -m app --demo "
            "upscale IMAGE"))
        printer.error(missing)
        printer.done(Outcome(None, None, missing))
        return 1
    if is_demo_file(model):
        printer.notice(f"the demo upscaler ({model.name}, random weights): a picture four times the size, in "
                       "noise; download a real one with: python -m app models download realesrgan-x4plus-anime-6b")
    studio = open_studio(args)
    [outcome] = run_jobs(studio, printer, False,
                         lambda: studio.upscale(UpscaleRequest(args.image, model, args.factor, args.tile_size)))
    return 130 if outcome.cancelled else 0 if outcome.ok else 1


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--vulkaninfo", type=Path, action="append", metavar="FILE",
                        help="read this saved vulkaninfo output instead of running vulkaninfo (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON document")
    parser.add_argument("--sd-binary", type=Path, help="check this backend executable instead of the built one")


def run_check(args: argparse.Namespace) -> int:
    pasted = []
    for path in args.vulkaninfo or []:
        try:
            text = decode_paste(path.read_bytes())
        except OSError as error:
            print(f"cannot read {path}: {error}", file=sys.stderr)
            return 2
        if cut_before_its_devices(text):
            print(f"{path} is vulkaninfo output cut off before its devices (GPU0, GPU1, ... with their deviceName "
                  "and memoryHeaps): save all that `vulkaninfo` or `vulkaninfo --summary` prints to a file, not a "
                  "paste from a chat or a forum, and give that", file=sys.stderr)
            return 2
        if not parse(text):
            print(f"{path} is not vulkaninfo output: it shows no Vulkan device (vulkaninfo names each one GPU0, "
                  "GPU1, ... with its deviceName and memoryHeaps); save what `vulkaninfo` or `vulkaninfo --summary` "
                  "prints to a file and give that", file=sys.stderr)
            return 2
        pasted.append(text)
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    check = SystemCheck(Machine(args.sd_binary))
    result: list[tuple[SystemFacts, CompatibilityReport]] = []
    def checked(facts: SystemFacts, report: CompatibilityReport) -> None:
        result.append((facts, report))
        app.quit()

    check.finished.connect(checked)
    check.start(pasted)
    app.exec()
    facts, report = result[0]
    if args.json:
        print(json.dumps(report_json(facts, report)))
    else:
        print(report_markdown(facts, report), end="")
    return 1 if report.overall is Verdict.FAIL else 0


def add_plan_arguments(parser: argparse.ArgumentParser) -> None:
    add_model_arguments(parser)
    parser.add_argument("--preset", help="plan a catalog preset before downloading it (e.g. flux-schnell-q4k)")
    parser.add_argument("--card", metavar="NAME|PCI-ID",
                        help="plan for this card, even one not in this PC: a name or PCI device ID from our table "
                             "(e.g. \"Radeon RX 580 Series\", 0x67DF); it sets --vram and --max-alloc unless given")
    parser.add_argument("--vram", help="the card's VRAM, e.g. 8GiB (needed without --card)")
    parser.add_argument("--ram", required=True, help="free system RAM, e.g. 16GB")
    parser.add_argument("--max-alloc", help="the driver's largest single allocation, e.g. 2GiB")
    parser.add_argument("--riser", action="store_true",
                        help="the card sits on a PCIe x1 riser (a mining rig's): weights move at ~0.9 GB/s")
    parser.add_argument("--cores", type=int, help="CPU cores for the stages on the CPU (default: this PC's)")
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=1024)
    parser.add_argument("--steps", type=int)
    parser.add_argument("--img2img", action="store_true", help="start from a picture: count the encoder's pass")
    parser.add_argument("--edit", action="store_true",
                        help="FLUX.2 klein: edit a picture of the same size (its encoding and its tokens counted)")
    parser.add_argument("--hires-scale", type=float, metavar="F", help="with hires fix at this scale")
    parser.add_argument("--lora", type=Path, action="append", default=[], metavar="FILE",
                        help="with this LoRA (repeatable); counted as sd.cpp's --lora-apply-mode auto applies it")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--sd-binary", type=Path, help="plan for this backend's flags instead of the built one")


def budget(option: str, text: str) -> int:
    """A memory size the plan is given; none can be zero or less."""
    size = parse_size(text)
    if size <= 0:
        raise ValueError(f"{option} must be a size above zero, got {text!r}")
    return size


def run_plan(args: argparse.Namespace) -> int:
    try:
        card = find_card(args.card) if args.card else None
        if args.card and card is None:
            raise ValueError(f"no card {args.card!r} in our table; give its name (e.g. \"Radeon RX 580\") or a "
                             "Polaris PCI ID (e.g. 0x67DF)")
        if not args.vram and card is None:
            raise ValueError("give the card's VRAM with --vram, or a card with --card")
        vram = budget("--vram", args.vram) if args.vram else max(card.memory) if card else 0
        ram = budget("--ram", args.ram)
        max_alloc = budget("--max-alloc", args.max_alloc) if args.max_alloc else card.max_allocation if card else None
        host = Host(args.cores or os.cpu_count() or 1, PCIE_X1_RISER if args.riser else PCIE_X16)
        binary = find_backend(args.sd_binary)
        caps = probe_caps(binary)
        presets = load_catalog().presets
        if args.preset:
            if args.preset not in presets:
                raise ValueError(f"no preset {args.preset!r}; known: {', '.join(sorted(presets))}")
            preset = presets[args.preset]
            components, steps = preset.components(), preset.steps if args.steps is None else args.steps
            quantized = preset.quantized
        else:
            files = model_files(args).given()
            if not files:
                raise ValueError("give model files (--model or --diffusion-model ...) or --preset NAME")
            infos = {role: inspect_model(path) for role, path in files.items()}
            kinds = [kind for info in infos.values() for kind in info.parts]
            components = components_from_files(infos, family_of(kinds))
            steps = 4 if args.steps is None else args.steps
            quantized = lora_at_runtime(infos)
        if args.edit and not components.family.traits.edits_from_references:
            raise ValueError("--edit needs a FLUX.2 klein model: only it edits from a reference picture")
        # without --card the card is unknown here: priced as the slowest Polaris card
        device = Device(vram, max_allocation=max_alloc, card=card or conservative_card("card"), host=host)
        # planned as `generate` would plan it, the files it would take counted, not given
        prepared = prepare(GenerationRequest("", width=args.width, height=args.height, steps=steps,
                                             hires=None if args.hires_scale is None else HiresFix(args.hires_scale)),
                           MachineFacts(device, ram, caps),
                           WhatIf(components, quantized, encode=args.img2img or args.edit, references=int(args.edit),
                                  loras=tuple(args.lora)))
    except (ValueError, OSError, BackendMissing) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for note in prepared.notes:
        print(f"note: {note}", file=sys.stderr)
    plan = prepared.plans[0]
    picture = job_time(prepared, device.time_card, host)
    assert picture is not None, "a plan was made"
    if args.json:
        print(json.dumps(plan_json(plan) | time_json(picture)))
    else:
        print("\n".join([" ".join(plan.flags) or "(no memory flags)", *plan.explanation, time_words(picture)]))
        for fallback in plan.fallbacks:
            print(f"if that runs out of memory: {' '.join(fallback.flags)} "
                  f"(~{fallback.peak_vram.total / 2**30:.1f} GiB VRAM)")
    return 0 if plan.fits else 1


def add_models_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="models_command", required=True)
    importing = actions.add_parser("import", help="inspect model files you already have and name their slots")
    importing.add_argument("paths", type=Path, nargs="+", metavar="PATH", help="files or folders")
    importing.add_argument("--json", action="store_true", help="print a JSON list, one object per file")
    listing = actions.add_parser("list", help="the catalog's presets, their files, sizes and status here")
    listing.add_argument("--json", action="store_true", help="print one JSON document")
    download = actions.add_parser("download", help="download a preset's files, verified and resumable")
    download.add_argument("preset", metavar="PRESET", help="a preset name from `models list`")
    for sub in (listing, download):
        sub.add_argument("--models-dir", type=Path, help="the folder that holds the models (default: the app's)")
        sub.add_argument("--catalog", type=Path, help="read this catalog file instead of the app's own")


def run_models(args: argparse.Namespace) -> int:
    if args.models_command == "import":
        return run_models_import(args)
    try:
        catalog = load_catalog(args.catalog)
    except CatalogError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    models_dir = args.models_dir or current_user_dirs().models
    if args.models_command == "list":
        return run_models_list(catalog, models_dir, args.json)
    return run_models_download(catalog, models_dir, args.preset)


def run_models_import(args: argparse.Namespace) -> int:
    results = [import_file(path) for path in model_files_in(args.paths)]
    if args.json:
        print(json.dumps([{"path": r.path, "kind": r.kind, "slot": r.slot, "warning": r.warning}
                          for r in results]))
    else:
        for r in results:
            where = f"-> {slot_words(r.slot)}" if r.slot else "-> no slot"
            print(f"{r.path}: {r.kind} {where}" + (f" ({r.warning})" if r.warning else ""))
    return 0 if results and all(r.slot for r in results) else 1


def generate_requests(args: argparse.Namespace) -> list[GenerationRequest]:
    """The jobs of one `generate`: one image, `--batch N` of them (seeds s, s+1, ... or `--random-seeds`), or
    one per line of `--prompts FILE` with the same seed."""
    if args.prompt is None and args.prompts is None:
        raise ValueError("say what to draw: --prompt TEXT, or --prompts FILE with one prompt a line")
    request = request_from_args(args)
    rng = random.SystemRandom()
    if args.prompts is not None:
        lines = parse_prompt_list(args.prompts.read_text(encoding="utf-8-sig"))
        return prompt_list_requests(request, [" ".join([line, *lora_tags(args)]) for line in lines], rng)
    if args.batch == 1:
        return [request]
    return batch_requests(request, args.batch, args.random_seeds, rng)


def run_jobs(studio: Studio, printer: EventPrinter, numbered: bool, add: Callable[[], object],
             keep_suspect: bool = False) -> list[Outcome]:
    """`add` the jobs to the studio's queue and run them, printing their events, until nothing waits; Ctrl+C
    cancels. `keep_suspect`: a picture the check sets aside is kept all the same (said in a note). The outcomes of
    the jobs that ended, in the order they ended."""
    app = QCoreApplication.instance()
    assert app is not None  # open_studio made it
    result: list[Outcome] = []

    def on_event(event: JobEvent) -> None:
        # the queue holds this command's jobs alone, in order: job n is the n-th request
        said = printer.for_job(studio.queue.jobs.index(event.job) + 1) if numbered else printer
        if keep_suspect and isinstance(event, JobFailed) and event.error.picture:
            said.notice(f"kept though the check doubted it (--keep-suspect): {event.error.message}")
            studio.queue.keep(event.job)  # its ImageSaved comes through here
            return
        if isinstance(event, JobEnded) and event.job.state is JobState.DONE and not event.outcome.ok:
            event = dataclasses.replace(event, outcome=Outcome(event.outcome.exit_code, event.job.image))
        said.show(event)
        if isinstance(event, JobEnded):
            result.append(event.outcome)

    studio.job_event.connect(on_event)
    studio.queue.note.connect(printer.notice)
    studio.queue.idle.connect(app.quit)
    stopping: list[int] = []

    def on_stop_signal(signum: int, _frame: object) -> None:
        # the first Ctrl+C or SIGTERM cancels (the backend gets its grace period, nothing is half-written); a second
        # one does not wait for that
        stopping.append(signum)
        if len(stopping) == 1:
            printer.notice("stopping: cancelling the jobs (press Ctrl+C again to stop at once)")
            studio.queue.cancel_all()
        else:
            studio.stop_now()
            app.quit()

    wake = hear_stop_signals(on_stop_signal)
    add()  # heard from its first event on
    app.exec()
    wake.stop()
    jobs = len(studio.queue.jobs)
    if stopping:
        made = sum(1 for outcome in result if outcome.ok)
        printer.notice(f"stopped: {made} of {jobs} picture{'s' if jobs > 1 else ''} made"
                       f"{f' (in {studio.out_dir})' if made else ''}; nothing half-written was left")
    if stopping:
        return result + [Outcome(None, cancelled=True)] * (jobs - len(result))
    # a job no card was left to take (its computer set aside, none other ticked) did not end: not made
    unmade = Outcome(None, None, BackendError(ErrorKind.UNKNOWN, "no card was left to draw it"))
    return result + [unmade] * (jobs - len(result))


def run_generate(args: argparse.Namespace, only_faces: bool = False) -> int:
    printer = EventPrinter(args.events)
    try:
        requests = generate_requests(args)
        if only_faces:
            requests = [dataclasses.replace(request, face_fix=face_fix_from_args(args, only=True))
                        for request in requests]
    except (OSError, UnicodeDecodeError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        computers = node_computers(args)
    except (BadAddress, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    studio = open_studio(args)
    use_computers(studio, computers, args.no_local)
    numbered = len(requests) > 1
    try:
        result = run_jobs(studio, printer, numbered, lambda: studio.add(requests), args.keep_suspect)
    except InvalidRequest as error:  # a style or wildcard file that is not there, a brace without its pair
        print(f"error: {error}", file=sys.stderr)
        return 2
    ok = all(outcome.ok for outcome in result)
    if numbered:
        printer.batch_done(ok, sum(1 for outcome in result if outcome.ok), len(requests))
    if any(outcome.cancelled for outcome in result):
        return 130
    return 0 if ok else 1


def node_computers(args: argparse.Namespace) -> list[RemoteComputer]:
    """The --node computers, each with its --node-token (given in the same order)."""
    if len(args.node_token) > len(args.node):
        raise ValueError("more --node-token than --node: give each token after its --node")
    if args.no_local and not args.node:
        raise ValueError("--no-local needs at least one --node to draw on")
    tokens = args.node_token + [None] * (len(args.node) - len(args.node_token))
    return [computer_at(address, token) for address, token in zip(args.node, tokens, strict=True)]


def use_computers(studio: Studio, computers: list[RemoteComputer], no_local: bool) -> None:
    """Other computers as cards of this command's queue; with `no_local`, this PC's cards (a rig's too, once
    known) take no job."""
    for computer in computers:
        studio.queue.add_node(computer.address, computer.name, computer.token)
    if not no_local:
        return

    def untick_local_cards() -> None:
        for label, ticked, runner in studio.queue.cards:
            if ticked and isinstance(runner, Generation):
                studio.queue.set_card_enabled(label, False)

    studio.queue.cards_changed.connect(untick_local_cards)
    untick_local_cards()


def add_styles_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document, as the styles file holds them")


def run_styles(args: argparse.Namespace) -> int:
    """List the user's styles (their file is written with the default ones the first time)."""
    path = current_user_dirs().styles
    loaded = load_styles(path, datetime.now())
    if loaded.message:
        print(f"note: {loaded.message}", file=sys.stderr)
    if args.json:
        print(json.dumps(styles_json(loaded.styles), ensure_ascii=False))
        return 0
    for style in loaded.styles:
        print(f"{style.name}: {style.prompt or '(no prompt)'}" + (f" | negative: {style.negative}"
                                                                  if style.negative else ""))
    print(f"(edit them in {path}, or with Edit styles… in the window)")
    return 0


def run_models_list(catalog: Catalog, models_dir: Path, as_json: bool) -> int:
    ledger = read_ledger(models_dir)
    listed: list[dict[str, Any]] = []  # as --json writes each
    for preset in (*catalog.presets.values(), *catalog.upscalers.values(), *catalog.controlnets.values()):
        files = [(f, file_status(models_dir, f, ledger)) for f in preset.files]
        listed.append({
            "id": preset.id, "title": preset.title, "family": preset.family.value, "bytes": preset.total_bytes,
            "status": preset_status([status for _, status in files]).value,
            "files": [{"slot": f.slot, "name": f.name, "bytes": f.bytes, "sha256": f.sha256,
                       "verified_hash": f.published_hash, "licence": f.licence, "url": f.urls[0],
                       "status": status.value} for f, status in files],
        })
    if as_json:
        print(json.dumps({"models_dir": str(models_dir), "presets": listed}))
        return 0
    print(f"models folder: {models_dir}")
    for entry in listed:
        print(f"\n{entry['id']}: {entry['title']}  [{entry['status']}, {format_size(entry['bytes'])}]")
        for f in entry["files"]:
            note = "" if f["verified_hash"] else ", no published hash"
            print(f"  {f['slot']:<16} {f['name']:<40} {format_size(f['bytes'] or 0):>9}  "
                  f"{f['status']}{note}  ({f['licence']})")
    return 0


class TextProgressBar:
    """`[#####-----]  42% 1.20/9.10 GiB  35.0 MiB/s ETA 3m50s (2/4) t5xxl_fp16.safetensors` on one line of stderr."""

    def __init__(self) -> None:
        self._shown = -1.0
        self.drawn = False  # a bar is on the line: the next message starts a new one

    def say(self, text: str) -> None:
        print(("\n" if self.drawn else "") + text, file=sys.stderr)

    def __call__(self, step: PresetProgress) -> None:
        fraction = step.overall_done / step.overall_total if step.overall_total else 0.0
        if fraction - self._shown < 0.001 and step.file_progress.done != step.file_progress.total:
            return  # at most a thousand redraws per preset
        self._shown = fraction
        self.drawn = True
        bar = "#" * int(fraction * 30)
        eta = step.eta_seconds
        what = "checking" if step.checking else f"{step.file_progress.bytes_per_s / 2**20:5.1f} MiB/s"
        eta_text = f" ETA {int(eta // 60)}m{int(eta % 60):02d}s" if eta is not None else ""
        print(f"\r[{bar:<30}] {fraction:4.0%} {format_size(step.overall_done)}/{format_size(step.overall_total)} "
              f"{what}{eta_text} ({step.index + 1}/{step.count}) {step.file.name}\x1b[K",
              end="", file=sys.stderr, flush=True)


def run_models_download(catalog: Catalog, models_dir: Path, preset_id: str) -> int:
    # the prompt helper's text model downloads on its own too (it is also two presets' text encoder)
    preset = catalog.preset(preset_id) or (prompt_model_download(catalog) if preset_id == PROMPT_MODEL_PRESET
                                           else None)
    if preset is None:
        known = [*catalog.presets, *catalog.upscalers, *catalog.controlnets, PROMPT_MODEL_PRESET]
        print(f"error: no preset {preset_id!r}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    cancel = threading.Event()
    for signum in STOP_SIGNALS:
        signal.signal(signum, lambda *_: cancel.set())
    bar = TextProgressBar()
    try:
        download_preset(preset, models_dir, catalog.hosts, bar, cancel)
    except DownloadCancelled as error:
        bar.say(f"cancelled: {error}")
        return 130
    except (DownloadError, OSError) as error:
        bar.say(f"error: {error}")
        return 1
    bar.say(f"{preset.title}: all files are in {models_dir}")
    return 0
