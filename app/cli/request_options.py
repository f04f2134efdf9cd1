"""generate's options, which fix-faces shares: the declared request fields, the model files, the pictures, LoRAs,
Fix faces, ControlNet, hires fix and the memory switches; and the request they make."""

from __future__ import annotations

import argparse
import dataclasses
from functools import partial
from pathlib import Path

from app.core.generation.control import DEFAULT_CONTROL_STRENGTH, MAX_CONTROL_STRENGTH, ControlNetUse
from app.core.generation.extend import Extension, ExtensionRejected, parse_extension
from app.core.generation.faces import FaceFix
from app.core.generation.fields import RequestField
from app.core.generation.request import REQUEST_FIELDS, GenerationRequest, HiresFix
from app.core.models.families import MEMORY_SWITCHES, MemoryFlags, ModelFiles
from app.services.user_dirs import current_user_dirs


def add_model_arguments(parser: argparse.ArgumentParser) -> None:
    """One option per model slot: --model, --diffusion-model, --vae, --taesd, --clip-l, --t5xxl, --llm."""
    for field in dataclasses.fields(ModelFiles):
        parser.add_argument(f"--{field.name.replace('_', '-')}", type=Path, metavar="PATH")


def model_files(args: argparse.Namespace) -> ModelFiles:
    return ModelFiles(**{field.name: getattr(args, field.name) for field in dataclasses.fields(ModelFiles)})


def add_request_arguments(parser: argparse.ArgumentParser) -> None:
    """One option per declared request field (request.REQUEST_FIELDS): --steps, --sampler, --cfg-scale, ..."""
    for name, declared in REQUEST_FIELDS.items():
        codes = ", ".join(choice.code for choice in declared.choices)
        known = f": {codes} or A1111's names" if declared.choices else ""
        unset = f" (default: {declared.unset})" if declared.unset else ""
        parser.add_argument(declared.option(name), dest=name, type=partial(field_value, declared),
                            metavar="NAME" if declared.choices else "N" if declared.kind is int else "X",
                            help=declared.help + known + unset)


def field_value(declared: RequestField, text: str) -> object:
    """A declared field's value as typed; a misspelt sampler or scheduler is refused by name before anything runs."""
    try:
        return declared.read(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def add_face_and_control_arguments(parser: argparse.ArgumentParser) -> None:
    """generate's Fix faces and ControlNet options."""
    faces = parser.add_argument_group("fix faces (as A1111's ADetailer): each face found is repainted at the model's "
                                      "native size and pasted back; every other pixel is kept")
    faces.add_argument("--fix-faces", action="store_true", help="fix the faces of each new picture")
    faces.add_argument("--face-strength", type=float, default=FaceFix.strength,
                       help=f"how much of each face is repainted, above 0 to 1 (default {FaceFix.strength:g})")
    faces.add_argument("--face-confidence", type=float, default=FaceFix.confidence,
                       help=f"how sure the detector must be, 0 to 1 (default {FaceFix.confidence:g})")
    faces.add_argument("--face-padding", type=int, default=FaceFix.padding,
                       help=f"pixels of the picture around each face (default {FaceFix.padding})")
    faces.add_argument("--face-prompt", default="", help="repaint the faces with this prompt (default: the picture's)")
    control = parser.add_argument_group("ControlNet (SD 1.x and SDXL): a control picture guides the drawing")
    control.add_argument("--control-net", type=Path, metavar="PATH", help="the ControlNet model, made for the "
                         "model's family")
    control.add_argument("--control-image", type=Path, metavar="PATH",
                         help="the control picture: a sketch, an edge, pose or depth map (or a photo with --canny)")
    control.add_argument("--control-strength", type=float, default=DEFAULT_CONTROL_STRENGTH,
                         help=f"how strongly it guides, 0 to {MAX_CONTROL_STRENGTH:g} (default "
                              f"{DEFAULT_CONTROL_STRENGTH:g})")
    control.add_argument("--canny", action="store_true", help="find the control picture's edges first (a photo)")
    control.add_argument("--control-net-cpu", action="store_true",
                         help="keep the ControlNet on the processor (a small card)")


def extension_argument(text: str) -> Extension:
    try:
        return parse_extension(text)
    except ExtensionRejected as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def add_memory_arguments(group: argparse._ArgumentGroup) -> None:
    """One option per memory switch, named as sd.cpp names it: --clip-on-cpu, ..., --max-vram GIB."""
    for name, switch in MEMORY_SWITCHES.items():
        if switch.unit:
            group.add_argument(switch.flag, dest=name, type=float, metavar=switch.unit.upper())
        else:
            group.add_argument(switch.flag, dest=name, action="store_true")


def explicit_memory(args: argparse.Namespace) -> MemoryFlags | None:
    chosen = {name: getattr(args, name) for name in MEMORY_SWITCHES}
    return MemoryFlags(**chosen) if any(chosen.values()) else None


def lora_tags(args: argparse.Namespace) -> list[str]:
    """Each --lora NAME:WEIGHT as the prompt's <lora:NAME:WEIGHT> (weight 1 when none is given)."""
    tags = []
    for text in args.lora:
        name, _, weight = text.rpartition(":")
        if not name:
            name, weight = text, "1"
        tags.append(f"<lora:{name}:{weight}>")
    return tags


def request_from_args(args: argparse.Namespace) -> GenerationRequest:
    prompt, tags = args.prompt or "", lora_tags(args)  # no --prompt: each line of --prompts stands in for it
    return GenerationRequest(
        prompt=" ".join([prompt, *tags]),
        negative_prompt=args.negative,
        **{name: getattr(args, name) for name in REQUEST_FIELDS if getattr(args, name) is not None},
        models=model_files(args),
        memory=explicit_memory(args),
        init_image=args.init_img,
        mask=args.mask,
        ref_images=tuple(args.ref_image),
        extend=args.extend,
        size_from_input=args.width is None and args.height is None,
        hires=HiresFix(args.hires_scale, args.hires_strength, args.hires_steps) if args.hires else None,
        lora_dir=args.lora_dir or (current_user_dirs().loras if tags or "<lora:" in prompt else None),
        styles=tuple(args.style),
        face_fix=face_fix_from_args(args),
        control=control_from_args(args),
    )


def control_from_args(args: argparse.Namespace) -> ControlNetUse | None:
    if args.control_net is None and args.control_image is None:
        return None
    if args.control_net is None or args.control_image is None:
        raise ValueError("ControlNet needs both --control-net (the model) and --control-image (the picture)")
    return ControlNetUse(args.control_net, args.control_image, args.control_strength, args.canny,
                         args.control_net_cpu)


def face_fix_from_args(args: argparse.Namespace, only: bool = False) -> FaceFix | None:
    if not (args.fix_faces or only):
        return None
    return FaceFix(strength=args.face_strength, confidence=args.face_confidence, padding=args.face_padding,
                   prompt=args.face_prompt, only=only)
