"""ControlNet files: which family a ControlNet guides, read from its header.

A ControlNet is a copy of a UNet's encoder with a "hint" block that reads the control picture: lllyasviel's files
name it `control_model.input_hint_block.*` (or `input_hint_block.*`), diffusers' `controlnet_cond_embedding.*`.
The family is the width of the text its cross-attention reads (attn2.to_k's input): 768 for SD 1.x (CLIP-L),
1024 for SD 2 (OpenCLIP-H), 2048 for SDXL (CLIP-L + CLIP-G), as sd.cpp's control.hpp builds them.
"""

from __future__ import annotations

from app.core.models.families import ModelFamily
from app.core.models.model_files import ModelInfo

_HINT = ("input_hint_block.", "controlnet_cond_embedding.")
_FAMILY_BY_CONTEXT = {768: ModelFamily.SD1, 2048: ModelFamily.SDXL}
SD2_CONTEXT = 1024


def is_controlnet(info: ModelInfo) -> bool:
    return any(fragment in tensor.name for tensor in info.tensors for fragment in _HINT)


def controlnet_context(info: ModelInfo) -> int | None:
    """The text width its cross-attention reads; None when the file has no cross-attention."""
    for tensor in info.tensors:
        if tensor.name.endswith("attn2.to_k.weight") and len(tensor.shape) == 2:
            return tensor.shape[-1]  # PyTorch order (model_files turns GGUF's round): (out, in)
    return None


def controlnet_family(info: ModelInfo) -> ModelFamily:
    """The family a ControlNet guides; UNKNOWN for one made for a model we do not run (SD 2) or unreadable."""
    context = controlnet_context(info)
    return _FAMILY_BY_CONTEXT.get(context, ModelFamily.UNKNOWN) if context else ModelFamily.UNKNOWN
