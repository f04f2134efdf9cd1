"""`python -m app` opens the window; `python -m app generate ...` runs one generation headless."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="python -m app", description="Polaris Studio")
    commands = parser.add_subparsers(dest="command")
    from app.cli import add_check_arguments, add_generate_arguments, add_models_arguments, add_plan_arguments

    add_generate_arguments(commands.add_parser("generate", help="generate one image without the window"))
    add_check_arguments(commands.add_parser("check", help="check the driver, Vulkan and this computer"))
    add_plan_arguments(commands.add_parser("plan", help="plan where the model parts go for a card"))
    add_models_arguments(commands.add_parser("models", help="model files: import the ones you have"))
    parser.add_argument("--demo", action="store_true",
                        help="open the window with the offline demo model from scripts/setup.sh")
    args = parser.parse_args(argv)
    from PySide6.QtCore import QCoreApplication

    # names the app's folders (AppLocalDataLocation and the like) before anything asks for them
    QCoreApplication.setApplicationName("Polaris Studio")
    QCoreApplication.setOrganizationName("Polaris")
    if args.command == "generate":
        from app.cli import run_generate

        return run_generate(args)
    if args.command == "models":
        from app.cli import run_models

        return run_models(args)
    if args.command == "plan":
        from app.cli import run_plan

        return run_plan(args)
    if args.command == "check":
        from app.cli import run_check

        return run_check(args)
    from app.ui.main_window import run_window

    return run_window(demo=args.demo)


if __name__ == "__main__":
    sys.exit(main())
