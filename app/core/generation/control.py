"""ControlNet: a control picture (a photo's edges, a sketch, a pose or depth map) guides the drawing, through
sd.cpp 0.4.7's --control-net, --control-image, --control-strength, --canny and --control-net-cpu.

sd.cpp builds the ControlNet as the UNet's encoder half (src/control.hpp), for the UNet families: SD 1.x and SDXL
here (FamilyTraits.takes_controlnet). A ControlNet made for another family than the model's is refused before
anything runs: sd.cpp would load it and fail mid-run, or draw nonsense.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.core.file_words import file_problem
from app.core.generation.input_image import InputImageRejected, check_input_image
from app.core.models.controlnet import (
    SD2_CONTEXT,
    controlnet_context,
    controlnet_family,
    in_diffusers_layout,
    is_controlnet,
)
from app.core.models.families import ModelFamily
from app.core.models.model_files import ModelFileError, ModelInfo, inspect_model
from app.core.words import translate

MAX_CONTROL_STRENGTH = 2.0  # A1111's ControlNet weight slider goes to 2; sd.cpp's default is 0.9
DEFAULT_CONTROL_STRENGTH = 0.9


@dataclass(frozen=True)
class ControlNetUse:
    """A ControlNet and its control picture. `canny`: sd.cpp finds the picture's edges first (a photo); else the
    picture is used as it is (a sketch, an edge, pose or depth map). `on_cpu`: the ControlNet's weights and work
    stay on the processor (--control-net-cpu), for a small card."""

    model: Path
    image: Path
    strength: float = DEFAULT_CONTROL_STRENGTH
    canny: bool = False
    on_cpu: bool = False


class ControlRejected(ValueError):
    """The ControlNet cannot be used as asked; the message is meant for the user."""


def check_control(control: ControlNetUse, family: ModelFamily) -> ModelInfo:
    """Refuse a ControlNet the model cannot use, before anything runs; its header when it can."""
    if not family.traits.takes_controlnet:
        raise ControlRejected(translate("Control", "ControlNet guides SD 1.x and SDXL models only; this one is "
                                                   "{family}").format(family=family.words))
    if not 0 <= control.strength <= MAX_CONTROL_STRENGTH:
        raise ControlRejected(translate("Control", "ControlNet strength must be between 0 and {most}, got {value}")
                              .format(most=f"{MAX_CONTROL_STRENGTH:g}", value=f"{control.strength:g}"))
    try:
        info = inspect_model(control.model)
    except (ModelFileError, OSError) as error:
        why = file_problem(error, control.model) if isinstance(error, OSError) else str(error)
        raise ControlRejected(translate("Control", "cannot use {file} as a ControlNet: {why}").format(
            file=control.model.name, why=why)) from error
    if not is_controlnet(info):
        raise ControlRejected(translate("Control", "{file} is not a ControlNet").format(file=control.model.name))
    if in_diffusers_layout(info):
        raise ControlRejected(translate("Control", "{file} is a ControlNet in diffusers' layout, which the drawing "
                                                   "engine cannot read: use the single-file one (such as "
                                                   "control_v11p_sd15_canny_fp16.safetensors, in the Models "
                                                   "window)").format(file=control.model.name))
    made_for = controlnet_family(info)
    if made_for is not family:
        named = (translate("Control", "SD 2") if controlnet_context(info) == SD2_CONTEXT else made_for.words
                 if made_for is not ModelFamily.UNKNOWN else translate("Control", "another model"))
        raise ControlRejected(translate("Control", "the ControlNet {file} is made for {made_for}, not for this "
                                                   "{family} model: choose a ControlNet made for {family}").format(
            file=control.model.name, made_for=named, family=family.words))
    try:
        check_input_image(control.image, translate("Control", "control picture"))
    except InputImageRejected as error:
        raise ControlRejected(str(error)) from error
    return info


def a1111_control_fields(control: ControlNetUse) -> dict[str, str]:
    """The ControlNet as A1111's ControlNet extension records it in a picture's parameters ("ControlNet 0")."""
    module = "canny" if control.canny else "none"
    return {"ControlNet 0": f'"Module: {module}, Model: {control.model.stem}, Weight: {control.strength:g}"'}
