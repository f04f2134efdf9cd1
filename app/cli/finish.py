"""`python -m app finish PICTURE`: a draft (or any picture) finished at the full size, its composition kept: a draft
drawn again by its own model and enlarged by the hires fix, any other picture redrawn from itself, with its own
prompt and seed (app/core/generation/drafts.py; a note says which way), generate's options for the rest."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from app.cli import generate
from app.cli.jobs import EventPrinter
from app.cli.request_options import model_files, request_from_args
from app.core.gallery.metadata import read_details, settings_from_png
from app.core.generation.drafts import finish_request, finish_words
from app.core.generation.request import InvalidRequest
from app.core.models.families import ModelFiles


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("picture", type=Path, help="the draft (or any picture) to finish")
    generate.add_arguments(parser)
    # not given: the draft's recorded size and steps (else twice the picture's sides, its own steps), its model
    parser.set_defaults(steps=None)


def run(args: argparse.Namespace) -> int:
    settings = settings_from_png(args.picture)
    if args.prompt is not None and settings is not None:
        settings = dataclasses.replace(settings, prompt=args.prompt)
    if not model_files(args).given():
        for role, path in _recorded_models(args.picture).given().items():
            setattr(args, role, path)
    args.prompt = args.prompt or (settings.prompt if settings else "") or "a picture"
    size = (args.width, args.height) if args.width and args.height else None
    try:
        request = finish_request(dataclasses.replace(request_from_args(args), steps=args.steps or 4), args.picture,
                                 settings, size, args.steps)
    except InvalidRequest as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    EventPrinter(args.events).notice(f"finishing {finish_words(request)}")  # which way: drawn again, or img2img
    return generate.run_requests(args, [request])


def _recorded_models(picture: Path) -> ModelFiles:
    """The model files the picture records (our own PNG record), those still there."""
    try:
        details = read_details(picture) or {}
    except (OSError, ValueError, SyntaxError):
        return ModelFiles()
    recorded = {role: Path(path) for role, path in details.get("models", {}).items()
                if role in {field.name for field in dataclasses.fields(ModelFiles)}}
    return ModelFiles(**{role: path for role, path in recorded.items() if path.is_file()})
