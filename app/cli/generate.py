"""`generate`: one picture, a batch, or one per line of a prompt list, on this PC's cards and other computers."""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from pathlib import Path

from app.cli.jobs import EventPrinter, run_jobs
from app.cli.request_options import (
    add_face_and_control_arguments,
    add_memory_arguments,
    add_model_arguments,
    add_request_arguments,
    extension_argument,
    face_fix_from_args,
    lora_tags,
    request_from_args,
)
from app.core.generation.drafts import draft_requests
from app.core.generation.request import GenerationRequest, InvalidRequest
from app.core.queue.jobs import batch_requests, parse_prompt_list, prompt_list_requests
from app.core.queue.nodes import BadAddress, RemoteComputer, computer_at
from app.services.commands import (
    add_studio_arguments,
    add_wildcards_argument,
    open_studio,
)
from app.services.generation.drafts_estimate import tell_drafts_time
from app.services.runners.generation import Generation
from app.services.studio import Studio


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """What to draw and how: the request's fields, its model files and pictures, batches, other computers."""
    parser.add_argument("--prompt", help="what to draw (not needed with --prompts)")
    parser.add_argument("--negative", default="")
    add_model_arguments(parser)
    add_request_arguments(parser)
    pictures = parser.add_argument_group("start from a picture (img2img) and repaint part of it (inpainting)")
    pictures.add_argument("--init-img", type=Path, metavar="PATH", help="the picture to start from")
    pictures.add_argument("--mask", type=Path, metavar="PATH",
                          help="white repaints, black keeps; scaled to the input's size")
    pictures.add_argument("--extend", type=extension_argument, metavar="SIDES",
                          help="grow the --init-img picture and paint the new area in (outpainting), e.g. "
                               "left=128,down=64 (left, right, up, down in pixels); its own pixels are kept exactly")
    pictures.add_argument("--ref-image", type=Path, action="append", default=[], metavar="PATH",
                          help="FLUX.2 klein: edit this picture, the prompt being the instruction (repeatable)")
    loras = parser.add_argument_group("LoRA")
    loras.add_argument("--lora", action="append", default=[], metavar="NAME:WEIGHT",
                       help="add <lora:NAME:WEIGHT> to the prompt (repeatable)")
    loras.add_argument("--lora-dir", type=Path, metavar="FOLDER",
                       help="the folder with the LoRA files (default: the app's LoRA folder)")
    add_face_and_control_arguments(parser)
    hires = parser.add_argument_group("hires fix: a second pass at a larger size")
    hires.add_argument("--hires", action="store_true")
    hires.add_argument("--hires-scale", type=float, default=2.0)
    hires.add_argument("--hires-strength", type=float, default=0.7, help="the second pass's denoising strength")
    hires.add_argument("--hires-steps", type=int, default=0, help="0: as many as the first pass")
    memory = parser.add_argument_group("memory placement (without any of these, the planner chooses and "
                                       "retries a safer plan when VRAM runs out)")
    add_memory_arguments(memory)
    words = parser.add_argument_group("styles and wildcards")
    words.add_argument("--style", action="append", default=[], metavar="NAME",
                       help="apply this style of yours to the prompt and the negative prompt (repeatable; "
                            "`python -m app styles` lists them)")
    add_wildcards_argument(words)
    add_studio_arguments(parser)
    parser.add_argument("--events", action="store_true", help="print one JSON object per line on stdout")
    parser.add_argument("--keep-suspect", action="store_true",
                        help="keep a picture the check doubts (black, flat, one tile, noise) in the output folder "
                             "and the gallery instead of setting it aside")
    batch = parser.add_mutually_exclusive_group()
    batch.add_argument("--batch", type=int, default=1, metavar="N",
                       help="make N images: seeds s, s+1, ... (on a rig, one job per graphics card at once)")
    batch.add_argument("--prompts", type=Path, metavar="FILE",
                       help="one image per line of this text file, all with the same seed")
    batch.add_argument("--drafts", type=int, metavar="N", help="try N quick drafts (half the size, half the steps, "
                       "seeds s, s+1, ...); finish the one you want with `finish PICTURE`")
    parser.add_argument("--random-seeds", action="store_true", help="with --batch: a random seed for each image")
    nodes = parser.add_argument_group("other computers: any A1111-style image server (another PC's `python -m app "
                                      "serve`, sd.cpp's sd-server, A1111, Forge, koboldcpp) draws like one more card")
    nodes.add_argument("--node", action="append", default=[], metavar="URL",
                       help="draw on this computer's image server too, e.g. http://192.168.0.12:7860 (repeatable): "
                            "the batch spreads over this PC's card(s) and the nodes; it draws with its own model "
                            "when it has none of the --model's name; pictures come home to --out")
    nodes.add_argument("--node-token", action="append", default=[], metavar="TOKEN",
                       help="the token (or A1111's user:password) the --node of the same place asks for")
    nodes.add_argument("--no-local", action="store_true",
                       help="with --node: draw on the nodes only, not on this PC's graphics card(s)")


def generate_requests(args: argparse.Namespace) -> list[GenerationRequest]:
    """The jobs of one `generate`: one image, `--batch N` of them (seeds s, s+1, ... or `--random-seeds`), or
    one per line of `--prompts FILE` with the same seed."""
    if args.prompt is None and args.prompts is None:
        raise ValueError("say what to draw: --prompt TEXT, or --prompts FILE with one prompt a line")
    request = request_from_args(args)
    rng = random.SystemRandom()
    if args.prompts is not None:
        lines = parse_prompt_list(args.prompts.read_text(encoding="utf-8-sig"))
        return prompt_list_requests(request, [" ".join([line, *lora_tags(args)]) for line in lines], rng)
    if args.drafts:
        return draft_requests(request, args.drafts, rng)
    if args.batch == 1:
        return [request]
    return batch_requests(request, args.batch, args.random_seeds, rng)


def run(args: argparse.Namespace, only_faces: bool = False) -> int:
    try:
        requests = generate_requests(args)
        if only_faces:
            requests = [dataclasses.replace(request, face_fix=face_fix_from_args(args, only=True))
                        for request in requests]
    except (OSError, UnicodeDecodeError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return run_requests(args, requests, request_from_args(args) if args.drafts else None)


def run_requests(args: argparse.Namespace, requests: list[GenerationRequest],
                 drafted: GenerationRequest | None = None) -> int:
    """Draw `requests` with generate's options (the output folder, other computers, --events), as one batch;
    `drafted`: they are drafts of this picture, whose time and its finish's are said before the first starts."""
    printer = EventPrinter(args.events)
    try:
        computers = node_computers(args)
    except (BadAddress, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    studio = open_studio(args)
    use_computers(studio, computers, args.no_local)
    if drafted is not None:
        tell_drafts_time(studio.chosen_card(), drafted, len(requests), printer.notice)
    numbered = len(requests) > 1
    try:
        result = run_jobs(studio, printer, numbered, lambda: studio.add(requests), args.keep_suspect)
    except InvalidRequest as error:  # a style or wildcard file that is not there, a brace without its pair
        print(f"error: {error}", file=sys.stderr)
        return 2
    ok = all(outcome.ok for outcome in result)
    if numbered:
        printer.batch_done(ok, sum(1 for outcome in result if outcome.ok), len(requests))
    if any(outcome.cancelled for outcome in result):
        return 130
    return 0 if ok else 1


def node_computers(args: argparse.Namespace) -> list[RemoteComputer]:
    """The --node computers, each with its --node-token (given in the same order)."""
    if len(args.node_token) > len(args.node):
        raise ValueError("more --node-token than --node: give each token after its --node")
    if args.no_local and not args.node:
        raise ValueError("--no-local needs at least one --node to draw on")
    tokens = args.node_token + [None] * (len(args.node) - len(args.node_token))
    return [computer_at(address, token) for address, token in zip(args.node, tokens, strict=True)]


def use_computers(studio: Studio, computers: list[RemoteComputer], no_local: bool) -> None:
    """Other computers as cards of this command's queue; with `no_local`, this PC's cards (a rig's too, once
    known) take no job."""
    for computer in computers:
        studio.add_computer(computer.address, computer.name, computer.token)
    if not no_local:
        return

    def untick_local_cards() -> None:
        for label, ticked, runner in studio.cards:
            if ticked and isinstance(runner, Generation):
                studio.set_card_enabled(label, False)

    studio.cards_changed.connect(untick_local_cards)
    untick_local_cards()
