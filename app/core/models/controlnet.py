"""ControlNet files: which family a ControlNet guides, read from its header.

A ControlNet is a copy of a UNet's encoder with a "hint" block that reads the control picture: lllyasviel's files
name it `control_model.input_hint_block.*` (or `input_hint_block.*`), diffusers' `controlnet_cond_embedding.*`.
The family is the width of the text its cross-attention reads (attn2.to_k's input): 768 for SD 1.x (CLIP-L),
1024 for SD 2 (OpenCLIP-H), 2048 for SDXL (CLIP-L + CLIP-G), as sd.cpp's control.hpp builds them.
sd.cpp 0.4.7 reads lllyasviel's names only: it renames no diffusers ControlNet tensor (name_conversion.cpp strips
`control_model.` and nothing else), so a diffusers file fails to load mid-run (leejet/stable-diffusion.cpp#586).
"""

from __future__ import annotations

import math

from app.core.models.families import ModelFamily
from app.core.models.model_files import ModelInfo

_DIFFUSERS_HINT = "controlnet_cond_embedding."
_HINT = ("input_hint_block.", _DIFFUSERS_HINT)
_FAMILY_BY_CONTEXT = {768: ModelFamily.SD1, 2048: ModelFamily.SDXL}
SD2_CONTEXT = 1024


def is_controlnet(info: ModelInfo) -> bool:
    return any(fragment in tensor.name for tensor in info.tensors for fragment in _HINT)


def in_diffusers_layout(info: ModelInfo) -> bool:
    return any(_DIFFUSERS_HINT in tensor.name for tensor in info.tensors)


def controlnet_memory_bytes(info: ModelInfo) -> int:
    """What the ControlNet's weights take once loaded, whatever the file stores: control.hpp builds the network
    without the file's types, so its convolutions are f16 and every other tensor f32 (an SD 1.5 ControlNet:
    937.60 MB from a 723 MB fp16 file or a 1.45 GB fp32 one, as sd.cpp's log says)."""
    return sum(math.prod(tensor.shape) * (2 if len(tensor.shape) == 4 else 4) for tensor in info.tensors)


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
