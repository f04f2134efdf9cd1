"""`plan`: where the model parts go for a card, and how long a picture takes, before anything is downloaded."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from app.cli.request_options import add_model_arguments, model_files
from app.core.generation.prepare import MachineFacts, WhatIf, job_time, lora_at_runtime, prepare
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
    conservative_card,
    find_card,
    time_json,
)
from app.core.sizes import parse_size
from app.services.system.backend import BackendMissing, find_backend, probe_caps


def add_arguments(parser: argparse.ArgumentParser) -> None:
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


def run(args: argparse.Namespace) -> int:
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
