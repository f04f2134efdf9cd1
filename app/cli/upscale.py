"""`upscale IMAGE`: a picture enlarged with an ESRGAN model."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli.jobs import EventPrinter, run_jobs
from app.core.demo.picture_models import is_demo_file
from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.core.generation.upscale import DEFAULT_TILE_SIZE, UPSCALE_FACTORS, UpscaleRequest
from app.services.commands import (
    add_studio_arguments,
    open_studio,
)
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("image", type=Path, metavar="IMAGE")
    parser.add_argument("--factor", type=int, choices=UPSCALE_FACTORS, default=4)
    parser.add_argument("--model", type=Path, metavar="PATH",
                        help="an ESRGAN model (default: the first one in the app's models folder)")
    parser.add_argument("--tile-size", type=int, default=DEFAULT_TILE_SIZE,
                        help=f"smaller tiles need less VRAM (default {DEFAULT_TILE_SIZE})")
    add_studio_arguments(parser, "the upscaled image")
    parser.add_argument("--events", action="store_true", help="print one JSON object per line on stdout")


def run(args: argparse.Namespace) -> int:
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
