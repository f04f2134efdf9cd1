"""`fix-faces PICTURE`: the faces of one picture repainted, every other pixel kept."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.cli import generate
from app.core.gallery.metadata import parse_parameters, read_parameters_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`fix-faces PICTURE`: generate's options (the model, its memory, the output folder), the picture given."""
    parser.add_argument("picture", type=Path, help="the picture whose faces are repainted (PNG, JPEG, WebP)")
    generate.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Repaint the faces of one picture: its own size and pixels kept, a new picture beside it in the gallery. The
    prompt, when not given, is the one the picture records."""
    if args.prompt is None:
        try:
            text = read_parameters_text(args.picture)
        except (OSError, AttributeError, SyntaxError, ValueError):  # not there, not a PNG: no prompt recorded
            text = None
        args.prompt = (parse_parameters(text).prompt if text else "") or "a detailed face"
    args.init_img, args.fix_faces, args.batch, args.prompts = args.picture, True, 1, None
    return generate.run(args, only_faces=True)
