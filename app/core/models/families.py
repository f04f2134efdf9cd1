"""The vocabulary every layer reads: the model families, the model slots and the memory switches, one table each.

The request and its validation, the argv builder, the CLI's options, the prompt panel, the models window, the
planner, the system check and the picture's metadata all read these; adding a family, a slot or an sd.cpp
memory switch is one entry here, plus its tests (a family also brings the planner's and the time model's numbers:
its record in planning/calibration.py). The model slots are the fields of `ModelFiles` and the memory
switches the fields of `MemoryFlags`: each field carries its sd.cpp flag and its words.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from app.core.words import QT_TRANSLATE_NOOP, translate


class ComponentKind(StrEnum):
    """What a model file holds, read from its header (model_files.classify); the value is the user's words in
    English (the command line's), `words` in the window's language."""

    FULL_CHECKPOINT = QT_TRANSLATE_NOOP("Kinds", "full checkpoint")
    FLUX = QT_TRANSLATE_NOOP("Kinds", "Flux diffusion model")
    FLUX2 = QT_TRANSLATE_NOOP("Kinds", "FLUX.2 diffusion model")
    Z_IMAGE = QT_TRANSLATE_NOOP("Kinds", "Z-Image diffusion model")
    SD3 = QT_TRANSLATE_NOOP("Kinds", "SD3 diffusion model")
    SDXL = QT_TRANSLATE_NOOP("Kinds", "SDXL diffusion model")
    SD1 = QT_TRANSLATE_NOOP("Kinds", "SD 1.x diffusion model")
    T5XXL = QT_TRANSLATE_NOOP("Kinds", "T5-XXL text encoder")
    CLIP_L = QT_TRANSLATE_NOOP("Kinds", "CLIP-L text encoder")
    CLIP_G = QT_TRANSLATE_NOOP("Kinds", "CLIP-G text encoder")
    QWEN3 = QT_TRANSLATE_NOOP("Kinds", "Qwen3 text encoder (LLM)")
    VAE = QT_TRANSLATE_NOOP("Kinds", "VAE")
    FLUX2_VAE = QT_TRANSLATE_NOOP("Kinds", "FLUX.2 VAE")
    TAE = QT_TRANSLATE_NOOP("Kinds", "tiny autoencoder (TAESD)")
    LORA = QT_TRANSLATE_NOOP("Kinds", "LoRA")
    UPSCALER = QT_TRANSLATE_NOOP("Kinds", "ESRGAN upscaler")
    UNKNOWN = QT_TRANSLATE_NOOP("Kinds", "unknown")

    @property
    def words(self) -> str:
        """What the file holds, in the user's language."""
        return translate("Kinds", self.value)


DIFFUSION_KINDS = (ComponentKind.FLUX, ComponentKind.FLUX2, ComponentKind.Z_IMAGE, ComponentKind.SD3,
                   ComponentKind.SDXL, ComponentKind.SD1)


# --- model families --------------------------------------------------------------------------------------------

class ModelFamily(StrEnum):
    """A set's family, named by its diffusion model; the value is what requests, jobs and catalogs store."""

    FLUX = "flux"
    FLUX2 = "flux2"  # FLUX.2 klein: Qwen3 text encoder, 32-channel VAE, edits from reference images
    Z_IMAGE = "z_image"
    SD1 = "sd1"
    SDXL = "sdxl"
    UNKNOWN = "unknown"

    @property
    def traits(self) -> FamilyTraits:
        return FAMILIES[self]

    @property
    def size_multiple(self) -> int:
        return self.traits.size_multiple

    @property
    def words(self) -> str:
        return self.traits.words


@dataclass(frozen=True)
class FamilyTraits:
    """What the app knows of one model family."""

    words: str  # in the user's words
    kind: ComponentKind  # the diffusion model whose header names the family
    size_multiple: int  # every side divides by this
    square: tuple[int, int]  # the shape buttons' sizes: the family's pixel budget
    portrait: tuple[int, int]  # 2:3 at about that budget; landscape is the same turned
    distilled: bool  # runs without a negative pass: cfg 1 unless the user sets one
    transformer: bool  # a DiT that attends over latent patches (and text tokens); else a UNet
    ram_gb: int  # system RAM a generation needs: the text encoder (and offloaded weights) live there
    lora_kind: ComponentKind | None  # the LoRAs it takes (by their header); None: not checked
    reads_llm: bool = False  # its prompt goes through a Qwen3 LLM (--llm), not CLIP-L / T5-XXL
    # how its prompts are best written: "tags" (CLIP-read UNets, trained on tagged captions) or "sentences"
    # (DiTs trained on long natural captions); the prompt helper writes in that style
    prompt_style: str = "sentences"
    vae_kind: ComponentKind = ComponentKind.VAE  # the autoencoder it decodes with
    # pixels per latent of its autoencoder (the tiled decoder's grid, picture_check); None: not known
    latent_px: int | None = 8
    edits_from_references: bool = False  # it redraws the reference pictures it is given as the prompt asks
    # sd.cpp 0.4.7 guides it with a ControlNet (--control-net): its control.hpp builds the ControlNet as the UNet's
    # encoder half, for SD 1.x, SD 2 and SDXL; a DiT (Flux, FLUX.2, Z-Image) takes none
    takes_controlnet: bool = False
    sampler: str = "euler_a"  # the method sd.cpp samples it with unless told (the picture's metadata says it)
    # A1111's "Clip skip" it is drawn with unless told: the prompt is read from this CLIP layer counted from the
    # last (1: the last; 2: the one before, which SDXL was trained on), sd.cpp's own default for it (its
    # conditioner.hpp); a smaller one asked for is this one, as Forge takes it. None: no CLIP layers to skip:
    # Flux takes only CLIP-L's pooled summary, which sd.cpp reads from the last layer whatever --clip-skip says,
    # and the LLM families read the prompt with Qwen3.
    clip_skip: int | None = None

    @property
    def landscape(self) -> tuple[int, int]:
        return self.portrait[1], self.portrait[0]


_MEGAPIXEL = (1024, 1024), (832, 1216)  # the SDXL buckets; they divide by 16 too
# The order is the one `family_of` goes by when a set's files name several families.
FAMILIES: dict[ModelFamily, FamilyTraits] = {
    # Flux packs 2x2 latent patches on top of the VAE's 8x downscale: sides must divide by 16. Flux Schnell,
    # FLUX.2 klein and Z-Image Turbo are distilled to run without a negative pass: sd.cpp's default cfg 7
    # would double the work (and their docs run them at 1.0). Flux keeps T5-XXL (~9.5 GB at q8) in RAM.
    ModelFamily.FLUX: FamilyTraits(
        "Flux", ComponentKind.FLUX, 16, *_MEGAPIXEL, distilled=True, transformer=True, ram_gb=16,
        lora_kind=ComponentKind.FLUX, sampler="euler"),
    # Qwen3-4B (2.4 GB at q4) stays in RAM, with up to 6 GB of diffusion weights when they are offloaded
    ModelFamily.FLUX2: FamilyTraits(
        "FLUX.2 klein", ComponentKind.FLUX2, 16, *_MEGAPIXEL, distilled=True, transformer=True, ram_gb=12,
        lora_kind=None, reads_llm=True, vae_kind=ComponentKind.FLUX2_VAE, latent_px=16, edits_from_references=True),
    ModelFamily.Z_IMAGE: FamilyTraits(
        "Z-Image", ComponentKind.Z_IMAGE, 16, *_MEGAPIXEL, distilled=True, transformer=True, ram_gb=12,
        lora_kind=None, reads_llm=True),
    ModelFamily.SDXL: FamilyTraits(
        "SDXL", ComponentKind.SDXL, 8, *_MEGAPIXEL, distilled=False, transformer=False, ram_gb=12,
        lora_kind=ComponentKind.SDXL, prompt_style="tags", clip_skip=2, takes_controlnet=True),
    ModelFamily.SD1: FamilyTraits(
        "SD 1.x", ComponentKind.SD1, 8, (512, 512), (512, 768), distilled=False, transformer=False, ram_gb=8,
        lora_kind=ComponentKind.SD1, prompt_style="tags", clip_skip=1, takes_controlnet=True),
    # not known yet: the strictest multiple and the smallest sizes keep every family valid; RAM as for Flux
    ModelFamily.UNKNOWN: FamilyTraits(
        "any model", ComponentKind.UNKNOWN, 16, (512, 512), (512, 768), distilled=False, transformer=True,
        ram_gb=16, lora_kind=None, latent_px=None),
}


def family_of(kinds: list[ComponentKind] | frozenset[ComponentKind]) -> ModelFamily:
    """The family the parts of a set make (by their diffusion model); UNKNOWN when none names one."""
    return next((family for family, traits in FAMILIES.items() if traits.kind in kinds), ModelFamily.UNKNOWN)


def family_with_kind(kind: ComponentKind) -> ModelFamily | None:
    """The family whose diffusion model is this kind; None for one the app has no family for (SD3)."""
    return next((family for family, traits in FAMILIES.items() if traits.kind is kind and kind in DIFFUSION_KINDS),
                None)


# --- model slots -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Slot:
    """One place a model file goes: a part of a set (an sd.cpp option) or a folder sd.cpp finds files in."""

    words: str  # in the user's words: a form row, a message
    kinds: tuple[ComponentKind, ...]  # the files that belong here, by their header
    flag: str = ""  # the sd.cpp option that takes the file; "" for a folder
    title: str = ""  # the file dialog's title
    loading: str = ""  # what sd.cpp calls the part in its "loading ... from '...'" line
    part: str = ""  # what the planner counts it as: diffusion, text_encoders, vae ("": a full checkpoint)
    folder: str = ""  # a folder slot's folder under the models folder


@dataclass(frozen=True)
class ModelFiles:
    """Paths to the model parts; a full checkpoint goes in `model`, split parts in the others. Each field is a
    slot of the set, its `Slot` in the field's metadata."""

    model: Path | None = field(default=None, metadata={"slot": Slot(
        QT_TRANSLATE_NOOP("Slots", "Model"), (ComponentKind.FULL_CHECKPOINT,), "--model",
        QT_TRANSLATE_NOOP("Slots", "Model file"), loading="model")})
    diffusion_model: Path | None = field(default=None, metadata={"slot": Slot(
        QT_TRANSLATE_NOOP("Slots", "Diffusion model"), DIFFUSION_KINDS, "--diffusion-model",
        QT_TRANSLATE_NOOP("Slots", "Diffusion model file"), loading="diffusion model", part="diffusion")})
    vae: Path | None = field(default=None, metadata={"slot": Slot(
        "VAE", (ComponentKind.VAE, ComponentKind.FLUX2_VAE), "--vae", QT_TRANSLATE_NOOP("Slots", "VAE file"),
        loading="vae", part="vae")})
    taesd: Path | None = field(default=None, metadata={"slot": Slot(
        "TAESD", (ComponentKind.TAE,), "--taesd", QT_TRANSLATE_NOOP("Slots", "Tiny autoencoder (TAESD) file"),
        loading="tae", part="vae")})
    clip_l: Path | None = field(default=None, metadata={"slot": Slot(
        "CLIP-L", (ComponentKind.CLIP_L,), "--clip_l", QT_TRANSLATE_NOOP("Slots", "CLIP-L text encoder file"),
        loading="clip_l", part="text_encoders")})
    t5xxl: Path | None = field(default=None, metadata={"slot": Slot(
        "T5-XXL", (ComponentKind.T5XXL,), "--t5xxl", QT_TRANSLATE_NOOP("Slots", "T5-XXL text encoder file"),
        loading="t5xxl", part="text_encoders")})
    # Z-Image and FLUX.2 klein read the prompt through Qwen3
    llm: Path | None = field(default=None, metadata={"slot": Slot(
        QT_TRANSLATE_NOOP("Slots", "LLM text encoder"), (ComponentKind.QWEN3,), "--llm",
        QT_TRANSLATE_NOOP("Slots", "LLM text encoder file (Qwen3, for Z-Image and FLUX.2 klein)"), loading="llm",
        part="text_encoders")})

    @property
    def main(self) -> Path | None:
        """The file that names the model (for 'Model' and 'Model hash'): the checkpoint or the diffusion part."""
        return self.model or self.diffusion_model

    def given(self) -> dict[str, Path]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if getattr(self, f.name)}


SET_SLOTS: dict[str, Slot] = {f.name: f.metadata["slot"] for f in dataclasses.fields(ModelFiles)}
# The slots that are folders, not parts of a set: sd.cpp finds a LoRA by name in one folder
FOLDER_SLOTS: dict[str, Slot] = {"lora": Slot("LoRA", (ComponentKind.LORA,), folder="loras"),
                                 "upscaler": Slot(QT_TRANSLATE_NOOP("Slots", "Upscaler"), (ComponentKind.UPSCALER,),
                                                 folder="upscalers"),
                                 # a chat model as llama.cpp publishes it, told by its header's word list rather
                                 # than by its kind (model_files.chat_architecture): Improve's, not a picture's
                                 "prompt_helper": Slot(QT_TRANSLATE_NOOP("Slots", "Prompt helper"), (),
                                                       folder="prompt-helper")}
SLOTS: dict[str, Slot] = SET_SLOTS | FOLDER_SLOTS


def slot_words(slot: str) -> str:
    """What a model slot takes, in the user's language."""
    return translate("Slots", SLOTS[slot].words)


def slot_of_kind(kind: ComponentKind) -> str | None:
    """The slot a file of this kind goes in; None when it has none."""
    return next((name for name, slot in SLOTS.items() if kind in slot.kinds), None)


# --- memory switches -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MemorySwitch:
    """One sd.cpp option that places the model's parts: on (a flag alone) or a number (the flag and its value)."""

    flag: str
    words: str  # the prompt panel's label
    tooltip: str = ""
    unit: str = ""  # a number switch's unit; "" for an on/off one
    off_words: str = ""  # a number switch at 0 (off), as the panel shows it


@dataclass(frozen=True)
class MemoryFlags:
    """Where sd.cpp puts each part: chosen by the memory planner, or by an expert. Each field is one switch, its
    `MemorySwitch` in the field's metadata; the argv, the CLI's options and the prompt panel follow this order."""

    clip_on_cpu: bool = field(default=True, metadata={"switch": MemorySwitch(
        "--clip-on-cpu", QT_TRANSLATE_NOOP("Memory", "Text encoder on CPU"))})
    vae_on_cpu: bool = field(default=True, metadata={"switch": MemorySwitch(
        "--vae-on-cpu", QT_TRANSLATE_NOOP("Memory", "Image decoder on CPU"))})
    vae_tiling: bool = field(default=False, metadata={"switch": MemorySwitch(
        "--vae-tiling", QT_TRANSLATE_NOOP("Memory", "Decode in tiles"))})
    offload_to_cpu: bool = field(default=False, metadata={"switch": MemorySwitch(
        "--offload-to-cpu", QT_TRANSLATE_NOOP("Memory", "Weights in RAM between stages"))})
    diffusion_fa: bool = field(default=False, metadata={"switch": MemorySwitch(
        "--diffusion-fa", QT_TRANSLATE_NOOP("Memory", "Flash attention"))})
    # with offload_to_cpu: stream the diffusion weights within this budget (GiB)
    max_vram_gib: float | None = field(default=None, metadata={"switch": MemorySwitch(
        "--max-vram", QT_TRANSLATE_NOOP("Memory", "Video memory cap"),
        QT_TRANSLATE_NOOP("Memory", "With 'Weights in RAM between stages': stream the diffusion model within "
                                    "this much VRAM"),
        unit="GiB", off_words=QT_TRANSLATE_NOOP("Memory", "no VRAM cap"))})
    # with vae_tiling: the decoder's tile side in latents, chosen by the planner (None: sd.cpp's default, 32); not a
    # switch of its own (planning/decoder_tiles.py writes its flag)
    vae_tile: int | None = None

MEMORY_SWITCHES: dict[str, MemorySwitch] = {f.name: f.metadata["switch"] for f in dataclasses.fields(MemoryFlags)
                                            if "switch" in f.metadata}


def memory_options(memory: MemoryFlags) -> list[tuple[str, ...]]:
    """The backend options for a placement, each a flag and its value if it takes one, in a stable order."""
    options: list[tuple[str, ...]] = []
    for name, switch in MEMORY_SWITCHES.items():
        value = getattr(memory, name)
        if value and switch.unit:
            options.append((switch.flag, f"{value:g}"))
        elif value:
            options.append((switch.flag,))
    return options


def memory_flags(memory: MemoryFlags) -> tuple[str, ...]:
    return tuple(part for option in memory_options(memory) for part in option)
