"""What a picture asks of the machine, as both the memory planner and the time model count it: the tokens a
diffusion pass works on, the passes a step takes, and what a request adds to plain txt2img.

Pure: a function of the family and the picture's size.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.models.families import ModelFamily

FLUX_TEXT_TOKENS = 256  # Schnell's T5 sequence
# the text tokens the DiT attends to besides the picture's: Flux's T5 sequence; klein pads Qwen3's output to
# 512 (conditioner.hpp min_length); Z-Image takes the prompt as written (a long prompt, 256, here)
DIT_TEXT_TOKENS = {ModelFamily.FLUX: FLUX_TEXT_TOKENS, ModelFamily.FLUX2: 512, ModelFamily.Z_IMAGE: 256}
LLM_TOKENS = {ModelFamily.FLUX2: 512, ModelFamily.Z_IMAGE: 256}  # what Qwen3-4B reads for klein and Z-Image
# classifier-free guidance: the UNets run twice a step; the distilled DiTs (CFG 1) once
PASSES_PER_STEP = {ModelFamily.SD1: 2, ModelFamily.SDXL: 2, ModelFamily.FLUX: 1, ModelFamily.FLUX2: 1,
                   ModelFamily.Z_IMAGE: 1}


@dataclass(frozen=True)
class ExtraWork:
    """What a request adds to plain txt2img, each a stage or a buffer the planner counts."""

    encode: bool = False  # img2img / inpaint: the VAE encoder reads the input picture first
    hires_size: tuple[int, int] | None = None  # hires fix: a second pass (and the decode) at this size
    hires_steps: int = 0
    lora_bytes: int = 0
    # sd.cpp's --lora-apply-mode auto: at_runtime for a quantized model (LoRA tensors stay beside the weights
    # for the whole run), immediately otherwise (merged into the weights at load, then freed)
    lora_at_runtime: bool = False
    # FLUX.2 klein edits: each reference picture is VAE-encoded (sd.cpp resizes it to about the output's area)
    # and its latent tokens join the picture's in every diffusion pass
    references: int = 0


NO_EXTRA_WORK = ExtraWork()


def tokens(width: int, height: int, family: ModelFamily = ModelFamily.FLUX, references: int = 0) -> int:
    """A DiT's tokens: the picture's 2x2 latent patches (and each reference picture's), and the text's."""
    return (width // 16) * (height // 16) * (1 + references) + DIT_TEXT_TOKENS.get(family, FLUX_TEXT_TOKENS)


def latent_tokens(width: int, height: int) -> int:
    return (width // 8) * (height // 8)
