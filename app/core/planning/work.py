"""What a picture asks of the machine, as both the memory planner and the time model count it: the tokens a
diffusion pass works on (the passes a step takes are the family's calibration), and what a request adds to plain
txt2img.

Pure: a function of the family and the picture's size.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.models.families import ModelFamily
from app.core.planning.calibration import CALIBRATION


@dataclass(frozen=True)
class ExtraWork:
    """What a request adds to plain txt2img, each a stage or a buffer the planner counts."""

    encode: bool = False  # img2img / inpaint: the VAE encoder reads the input picture first
    hires_size: tuple[int, int] | None = None  # hires fix: a second pass (and the decode) at this size
    hires_steps: int = 0  # the steps the second pass samples (prepare.hires_sampled_steps)
    lora_bytes: int = 0
    # sd.cpp's --lora-apply-mode auto: at_runtime for a quantized model (LoRA tensors stay beside the weights
    # for the whole run), immediately otherwise (merged into the weights at load, then freed)
    lora_at_runtime: bool = False
    # FLUX.2 klein edits: each reference picture is VAE-encoded (sd.cpp resizes it to about the output's area)
    # and its latent tokens join the picture's in every diffusion pass
    references: int = 0
    # Fix faces: each face's crop inpainted at the family's native size (its own sd.cpp run: load, encode, the
    # strength's share of the steps, decode); the faces are not known before the picture is drawn, so a request
    # counts one face per picture
    face_passes: int = 0
    face_size: tuple[int, int] | None = None
    face_steps: int = 0  # the steps each face's pass runs: its steps times its strength
    faces_only: bool = False  # More -> Fix faces: the picture is given, only its faces' passes run
    # ControlNet: its weights (the UNet's encoder half and the hint block), on the card beside the UNet's for the
    # whole run, or on the processor (--control-net-cpu), where it also runs its share of every step
    control_bytes: int = 0
    control_on_cpu: bool = False

    @property
    def runs(self) -> int:
        """The sd.cpp runs the request makes, each starting, loading the model and reading the prompt: the picture's
        and each face's pass."""
        return (0 if self.faces_only else 1) + self.face_passes


NO_EXTRA_WORK = ExtraWork()


def tokens(width: int, height: int, family: ModelFamily = ModelFamily.FLUX, references: int = 0) -> int:
    """A DiT's tokens: the picture's 2x2 latent patches (and each reference picture's), and the text's."""
    return (width // 16) * (height // 16) * (1 + references) + CALIBRATION[family].text_tokens


def latent_tokens(width: int, height: int) -> int:
    return (width // 8) * (height // 8)
