"""`python -m app` opens the window; `python -m app generate ...` runs one generation headless;
`python -m app --self-test` (or `PolarisStudio --self-test` in the bundle) checks that the app works here."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the types only: the entry point imports no Qt before it knows its command
    from app.services.api_desk import ApiDesk, AppServer, ServerOptions


@dataclass(frozen=True)
class Command:
    """A command of `python -m app`: `add` puts its options on its parser, `run` runs it to an exit status."""

    name: str
    help: str
    add: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def commands() -> tuple[Command, ...]:
    """Every front end's commands, loaded once a command line is read (not at import: no Qt before it is needed); a
    new command is its module and its line here."""
    from app import prompt_command
    from app.api import serve
    from app.cli import check, finish, fix_faces, generate, models, plan, styles, upscale

    return (
        Command("generate", "generate one image without the window", generate.add_arguments, generate.run),
        Command("finish", "finish a draft (or any picture) at the full size, its composition kept",
                finish.add_arguments, finish.run),
        Command("fix-faces", "repaint the faces of a picture (as A1111's ADetailer), every other pixel kept",
                fix_faces.add_arguments, fix_faces.run),
        Command("upscale", "enlarge a picture with an ESRGAN model", upscale.add_arguments, upscale.run),
        Command("check", "check the driver, Vulkan and this computer", check.add_arguments, check.run),
        Command("plan", "plan where the model parts go for a card", plan.add_arguments, plan.run),
        Command("models", "model presets: list, download; import files you have", models.add_arguments, models.run),
        Command("styles", "list your styles (for generate --style NAME)", styles.add_arguments, styles.run),
        Command("prompt", "the prompt helper: enhance an idea into a detailed prompt, or translate a prompt into "
                          "English", prompt_command.add_prompt_arguments, prompt_command.run_prompt),
        Command("serve", "let other apps draw here: an A1111- and OpenAI-compatible API on http://127.0.0.1:7860",
                serve.add_serve_arguments, serve.run_serve),
    )


def survive_any_encoding() -> None:
    """Let nothing we print kill the program. On Windows a pipe or a file (`python -m app check | more`,
    `PolarisStudio.exe --self-test > report.txt`) gets the ANSI code page, cp1252, which cannot encode the
    report's icons; strict encoding then raises UnicodeEncodeError mid-report (and the windowed exe hangs on
    its error box). Unencodable characters become '?' instead: every verdict is written in words as well."""
    for stream in (sys.stdout, sys.stderr):
        # None in a windowed app without a console; a test's capture object is no TextIOWrapper. "strict" and
        # "surrogateescape" (what Windows Python under Wine starts with) both raise on an unencodable character
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
            stream.reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    survive_any_encoding()
    args = command_line().parse_args(sys.argv[1:] if argv is None else argv)
    if getattr(sys, "frozen", False):
        from app.services.child_process import without_bundle_libraries

        restored = without_bundle_libraries(os.environ)
        os.environ.clear()
        os.environ.update(restored)
    name_the_folders(args)
    if args.command is None or sys.stdout is None or sys.stderr is None:
        # the window, and any command of the installed Windows program, which has no console: nothing it says or
        # raises may need one (app_log.py)
        from app.services.app_log import start_app_log
        from app.services.user_dirs import current_user_dirs

        start_app_log(current_user_dirs().logs)
    if args.self_test:
        from app.services.generation.self_test import run_self_test

        return run_self_test(args.basedir, args.report)
    return run_command(args)


def command_line() -> argparse.ArgumentParser:
    """The window's options and each command's."""
    parser = argparse.ArgumentParser(prog="python -m app", description="Polaris Studio")
    subparsers = parser.add_subparsers(dest="command")
    for command in commands():
        command.add(subparsers.add_parser(command.name, help=command.help))
    parser.add_argument("--demo", action="store_true",
                        help="the offline demo models from scripts/setup.sh: the window opens with the demo model; "
                             "prompt and upscale use the demo's text model and upscaler when none is installed")
    parser.add_argument("--basedir", type=Path, metavar="DIR",
                        help="keep all the app's data, caches and images in DIR (portable use, tests)")
    parser.add_argument("--self-test", action="store_true",
                        help="run the system check and one tiny generation without a window; exit 0 when both work")
    parser.add_argument("--report", type=Path, metavar="FILE", help="with --self-test: also write the report here")
    return parser


def name_the_folders(args: argparse.Namespace) -> None:
    """Where the app's data, settings and caches live (--basedir, a portable copy's folder, else the user's),
    before anything asks for them."""
    from app.services.user_dirs import current_user_dirs, keep_settings_in, portable_folder

    # the self-test keeps to its own scratch folder unless told otherwise; everything else runs in the portable
    # copy's folder when this is one
    base = args.basedir or (None if args.self_test else portable_folder())
    if base is not None:
        from app.core.platform_paths import BASEDIR_VARIABLE

        os.environ[BASEDIR_VARIABLE] = str(base.absolute())
    from PySide6.QtCore import QCoreApplication

    from app.core.platform_paths import APP_DIR_NAME, ORGANIZATION_NAME

    # names the app's folders (AppLocalDataLocation and the like) before anything asks for them
    QCoreApplication.setApplicationName(APP_DIR_NAME)
    QCoreApplication.setOrganizationName(ORGANIZATION_NAME)
    if base is not None:
        keep_settings_in(current_user_dirs().data / "settings")


def run_command(args: argparse.Namespace) -> int:
    """The command asked for, or else the window."""
    for command in commands():
        if args.command == command.name:
            return command.run(args)
    from app.ui.launch import run_window

    return run_window(demo=args.demo, make_server=api_server)


def api_server(desk: ApiDesk, options: ServerOptions) -> AppServer:
    """The window's switch for other apps starts this: the HTTP API over the window's own queue. The window and the
    API stand side by side; only this entry point knows both. FastAPI loads here, when the switch is first on."""
    from app.api.server import ApiServer

    return ApiServer(desk, options)


if __name__ == "__main__":
    sys.exit(main())
