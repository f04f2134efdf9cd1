"""`python -m app prompt enhance|translate TEXT`: the window's prompt helper without the window.

The answer's words stream to stderr as the model writes them; the finished suggestion goes to stdout alone, so
`PROMPT=$(python -m app prompt enhance "a cat on a roof")` keeps just the prompt. Ctrl+C stops the answer.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.core.demo.picture_models import is_demo_file
from app.core.models.families import ModelFamily
from app.core.prompt_helper.chat import HelperTask
from app.core.prompt_helper.model import PROMPT_MODEL_PRESET, PromptModelRejected


def add_prompt_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", choices=[task.value for task in HelperTask],
                        help="enhance: a short idea becomes a detailed prompt; translate: a prompt in any language "
                             "becomes English")
    parser.add_argument("text", help="the idea or the prompt, in quotes")
    families = [family.value for family in ModelFamily if family is not ModelFamily.UNKNOWN]
    parser.add_argument("--family", choices=families, default=ModelFamily.FLUX.value,
                        help="the model family the prompt is for: tags for sd1 and sdxl, sentences for the others "
                             "(default: flux)")
    parser.add_argument("--model", type=Path, metavar="FILE",
                        help="the text model (GGUF); default: Qwen3-4B-Q4_K_M.gguf in the models folder")
    parser.add_argument("--on-card", action="store_true",
                        help="run the text model on the graphics card when it fits (default: the window's choice, "
                             "at first the processor)")
    parser.add_argument("--quiet", action="store_true", help="print only the suggestion, not the words as they come")


def run_prompt(args: argparse.Namespace) -> int:
    from app.services.commands import hear_stop_signals
    from app.services.prompt_helper import HelperAnswer
    from app.services.studio import Studio

    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    studio = Studio()
    if args.on_card:
        studio.machine.look_again()  # where the card's memory stands decides
    try:
        model = studio.prompt_model(args.model, demo=args.demo)
    except PromptModelRejected as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if is_demo_file(model.path) and not args.quiet:
        print(f"[the demo text model ({model.path.name}, random weights): random words, not a real suggestion; "
              f"download the real one with: python -m app models download {PROMPT_MODEL_PRESET}]", file=sys.stderr,
              flush=True)
    helper = studio.prompt_helper
    answers: list[HelperAnswer] = []

    def on_words(words: str) -> None:
        if not args.quiet:
            print(words, end="", file=sys.stderr, flush=True)

    def on_answered(answer: HelperAnswer) -> None:
        answers.append(answer)
        app.quit()  # studio.stop_now ends the server

    helper.words.connect(on_words)
    helper.answered.connect(on_answered)
    if not args.quiet:
        helper.status.connect(lambda status: print(f"[{status}]", file=sys.stderr, flush=True))

    def ask() -> None:
        if helper.busy or answers:
            return  # vulkaninfo answers once; a later look changes nothing here
        where = studio.ask_helper(HelperTask(args.task), args.text, ModelFamily(args.family), model,
                                  card_wanted=True if args.on_card else None)
        if not args.quiet:
            print(f"[the prompt helper {where}]", file=sys.stderr, flush=True)

    def on_stop_signal(_signum: int, _frame: object) -> None:
        helper.cancel()

    wake = hear_stop_signals(on_stop_signal)
    if args.on_card and not studio.machine.devices_known:
        studio.machine.devices_changed.connect(ask)
    else:
        ask()
    app.exec()
    wake.stop()
    studio.stop_now()
    [answer] = answers
    if not args.quiet:
        print(file=sys.stderr)
    if answer.cancelled:
        print("stopped: no suggestion", file=sys.stderr)
        return 130
    if answer.error:
        print(f"error: {answer.error}", file=sys.stderr)
        return 1
    print(answer.text)
    return 0
