"""What the commands without the window share (`generate` and `upscale` in app/cli/, `serve` in app/api, `prompt`
in app/prompt_command.py): the options that say where pictures go and which backend draws them, the studio opened
with them, and Ctrl+C heard while Qt's loop runs. Here, below those front ends, so that none borrows from another."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer

from app.core.gallery.gallery_index import open_index
from app.core.settings_schema import OUTPUT_FOLDER
from app.services.settings import Settings
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.services.user_dirs import current_user_dirs

# --out's help: without it, images go where the window sends them
OUT_HELP_DEFAULT = "default: the output folder chosen in the window, at first Pictures/Polaris Studio"
# Ctrl+C; on Windows also Ctrl+Break, the one console event another program can send (to a process group)
STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTERM)
if sys.platform == "win32":
    STOP_SIGNALS += (signal.SIGBREAK,)


def add_studio_arguments(parser: argparse.ArgumentParser, pictures: str = "finished images") -> None:
    """--out and --sd-binary, which `open_studio` reads; `pictures`: what lands in --out, in --out's help."""
    parser.add_argument("--out", type=Path, help=f"folder for {pictures} ({OUT_HELP_DEFAULT})")
    parser.add_argument("--sd-binary", type=Path, help="run this executable instead of the built backend")


def add_wildcards_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    parser.add_argument("--wildcards", type=Path, metavar="FOLDER",
                        help="where __name__ in a prompt finds name.txt (default: the wildcards folder in the app's "
                             "data folder); {red|green|blue} in a prompt picks one per picture, by its seed")


def open_studio(args: argparse.Namespace) -> Studio:
    """The window's studio, without its queue file (these jobs are this command's) and sending the pictures to
    `--out` or else to the folder chosen in the window."""
    QCoreApplication.instance() or QCoreApplication(sys.argv[:1])  # before any of the studio's objects
    out_dir = args.out or Settings().get(OUTPUT_FOLDER)
    gallery = open_index(current_user_dirs().gallery_index, out_dir)
    if gallery.problem:
        print(f"note: {gallery.problem}", file=sys.stderr, flush=True)
    # upscale has no prompt, so no --wildcards
    return Studio(out_dir, Machine(args.sd_binary), gallery, wildcards=getattr(args, "wildcards", None))


def hear_stop_signals(handler: Callable[[int, object], None]) -> QTimer:
    """`handler` on Ctrl+C or SIGTERM (and Ctrl+Break on Windows) while Qt's loop runs. Keep the timer returned:
    Python runs signal handlers only between bytecodes, so it wakes the interpreter now and then."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, handler)
    wake = QTimer()
    wake.timeout.connect(lambda: None)
    wake.start(200)
    return wake
