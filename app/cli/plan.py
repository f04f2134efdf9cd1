"""`plan`: where the model parts go for a card, and how long a picture takes, before anything is downloaded."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop

from app.cli.request_options import add_model_arguments, model_files
from app.core.generation.prepare import MachineFacts, PreparedJob, WhatIf, job_time, lora_at_runtime, prepare
from app.core.generation.request import GenerationRequest, HiresFix
from app.core.generation.status_words import time_words
from app.core.models.catalog import (
    load_catalog,
)
from app.core.models.components import components_from_files
from app.core.models.families import family_of
from app.core.models.model_files import inspect_model
from app.core.planning.plan import Device, plan_json
from app.core.planning.timing import (
    PCIE_X1_RISER,
    PCIE_X16,
    Host,
    PictureTime,
    conservative_card,
    find_card,
    time_json,
)
from app.core.sizes import parse_size
from app.services.runners.generation import Generation
from app.services.system.backend import BackendMissing, find_backend, probe_caps
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs

PROBE_SECONDS = 120  # vulkaninfo, the backend's flags and (lavapipe) the processor timed: seconds, not minutes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_model_arguments(parser)
    parser.add_argument("--preset", help="plan a catalog preset before downloading it (e.g. flux-schnell-q4k)")
    parser.add_argument("--card", metavar="NAME|PCI-ID",
                        help="plan for this card, even one not in this PC: a name or PCI device ID from our table "
                             "(e.g. \"Radeon RX 580 Series\", 0x67DF); it sets --vram and --max-alloc unless given")
    parser.add_argument("--vram", help="plan for a card with this much VRAM, e.g. 8GiB; with neither, this PC's card "
                                       "as the window plans it, its first picture's time included")
    parser.add_argument("--ram", help="free system RAM, e.g. 16GB (needed with --card or --vram; default: this "
                                      "PC's free RAM)")
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


def run(args: argparse.Namespace) -> int:
    try:
        request, what_if = _what_to_plan(args)
        if args.card or args.vram:
            prepared, picture = _on_named_card(args, request, what_if)
        else:
            prepared, picture = _on_this_pc(args, request, what_if)
    except (ValueError, OSError, BackendMissing) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for note in prepared.notes:
        print(f"note: {note}", file=sys.stderr)
    plan = prepared.plans[0]
    if args.json:
        print(json.dumps(plan_json(plan) | (time_json(picture) if picture else {})))
    else:
        print("\n".join([" ".join(plan.flags) or "(no memory flags)", *plan.explanation,
                         *([time_words(picture)] if picture else [])]))
        for fallback in plan.fallbacks:
            print(f"if that runs out of memory: {' '.join(fallback.flags)} "
                  f"(~{fallback.peak_vram.total / 2**30:.1f} GiB VRAM)")
    return 0 if plan.fits else 1


def _what_to_plan(args: argparse.Namespace) -> tuple[GenerationRequest, WhatIf]:
    """The picture asked for, and the parts it would take: a preset's before its download, or the files given."""
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
    # planned as `generate` would plan it, the files it would take counted, not given
    request = GenerationRequest("", width=args.width, height=args.height, steps=steps,
                                hires=None if args.hires_scale is None else HiresFix(args.hires_scale))
    return request, WhatIf(components, quantized, encode=args.img2img or args.edit, references=int(args.edit),
                            loras=tuple(args.lora))


def _on_named_card(args: argparse.Namespace, request: GenerationRequest,
                   what_if: WhatIf) -> tuple[PreparedJob, PictureTime | None]:
    """Planned and priced for the card named (`--card`, `--vram`), even one not in this PC."""
    card = find_card(args.card) if args.card else None
    if args.card and card is None:
        raise ValueError(f"no card {args.card!r} in our table; give its name (e.g. \"Radeon RX 580\") or a "
                         "Polaris PCI ID (e.g. 0x67DF)")
    if not args.ram:
        raise ValueError("give the free RAM with --ram when planning for a named card")
    vram = budget("--vram", args.vram) if args.vram else max(card.memory) if card else 0
    ram = budget("--ram", args.ram)
    max_alloc = budget("--max-alloc", args.max_alloc) if args.max_alloc else card.max_allocation if card else None
    host = Host(args.cores or os.cpu_count() or 1, PCIE_X1_RISER if args.riser else PCIE_X16)
    caps = probe_caps(find_backend(args.sd_binary))
    # without --card the card is unknown here: priced as the slowest Polaris card
    device = Device(vram, max_allocation=max_alloc, card=card or conservative_card("card"), host=host)
    prepared = prepare(request, MachineFacts(device, ram, caps), what_if)
    return prepared, job_time(prepared, device.time_card, host)


def _on_this_pc(args: argparse.Namespace, request: GenerationRequest,
                what_if: WhatIf) -> tuple[PreparedJob, PictureTime | None]:
    """Planned and priced for this PC as the window does it (its card found, a processor that draws timed once,
    this card's own earlier pictures and its kept shaders counted), so the first picture's number is the window's."""
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    generation = Generation(current_user_dirs().images, Machine(args.sd_binary))
    deadline = time.monotonic() + PROBE_SECONDS

    def known() -> bool:
        if generation.probe_devices():
            return False
        card = generation.card  # a processor that draws is priced from its timed speed
        return card is None or not card.is_cpu or generation.speeds.host().speed is not None

    while not known() and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 100)
    facts = generation.machine_facts()
    if isinstance(facts, str):
        raise ValueError(facts)
    if facts.device is None:
        raise ValueError("this PC's graphics card did not say how much memory it has: name a card with --card or "
                         "--vram")
    if args.ram:
        facts = dataclasses.replace(facts, ram_available=budget("--ram", args.ram))
    prepared = prepare(request, facts, what_if)
    return prepared, generation.speeds.estimate(prepared, generation.card)
