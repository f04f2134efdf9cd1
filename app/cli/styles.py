"""`styles`: the user's styles."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime

from app.core.generation.styles import load_styles, styles_json
from app.services.user_dirs import current_user_dirs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document, as the styles file holds them")


def run(args: argparse.Namespace) -> int:
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
