"""What the user asked for: one image generation, and its validation."""

from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from app.core.file_words import file_problem
from app.core.generation.control import ControlNetUse, ControlRejected, check_control
from app.core.generation.extend import Extension, ExtensionRejected, fit_extension
from app.core.generation.faces import FaceFix, FaceFixRejected, check_face_fix
from app.core.generation.fields import (
    RequestField,
    Reuse,
    sampler_read,
    sampler_text,
    scheduler_read,
    size_side,
    size_text,
)
from app.core.generation.input_image import InputImageRejected, check_input_image
from app.core.generation.lora import LoraRejected, LoraUse, check_loras
from app.core.generation.samplers import SAMPLERS, SCHEDULERS
from app.core.models.families import (
    FAMILIES,
    ComponentKind,
    MemoryFlags,
    ModelFamily,
    ModelFiles,
    family_of,
    slot_words,
)
from app.core.models.model_files import ModelFileError, ModelInfo, inspect_model, parts_problem, slot_problem
from app.core.words import QT_TRANSLATE_NOOP, number, translate

MIN_SIDE = 64
# sd.cpp accepts more, but Polaris cards (4-8 GB) cannot hold activations past this.
MAX_SIDE = 2048
MAX_STEPS = 200
# A1111's Clip skip slider goes to 12: SD 1.x's CLIP-L has 12 layers (SDXL's CLIP-G 32), and sd.cpp runs no layer
# at all past the last one (clip.hpp: layer n_layer - clip_skip)
MAX_CLIP_SKIP = 12
MAX_SEED = 2**31 - 1  # the largest seed the app picks, and its seed box holds (a Qt spin box: a C int)
# the largest seed a request may carry: A1111's range (its random seeds go to 2**32 - 1, and clients such as Discord
# bots pick theirs so); sd-cli reads --seed as a 64-bit integer (examples/common/common.cpp: std::stoll)
MAX_SEED_ASKED = 2**32 - 1
# The longest prompt (and negative prompt) sd.cpp is given, in UTF-8 bytes: its prompt parser (util.cpp's
# parse_prompt_attention, run for every model) uses std::regex, whose libstdc++ executor recurses once per byte
# of a match, so a longer prompt overflows sd-cli's main-thread stack and kills it, whatever the text.
# tests/bench/bench_prompt_limit.py measured our pinned sd.cpp 0.4.7 (demo Flux with CLIP-L and tiny FLUX.2
# klein with Qwen3; phrases, one long word, CJK, emoji): 26,000 bytes survive on Linux (8 MiB stack), only
# 4,872 under Wine (sd-cli.exe's PE header reserves 2 MiB for it). Half the smaller, rounded down to a number
# that whole emoji (4 bytes) and CJK characters (3) fill exactly. Re-run the bench after changing the backend.
MAX_PROMPT_BYTES = 2_400
# Control characters other than tab and newline (C0, DEL, C1): a NUL ends the argument sd.cpp reads (a C string)
# while the picture's metadata would keep what follows it, and the others are invisible in a text box
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class InvalidRequest(ValueError):
    """The request cannot be run; the message is meant for the user."""


class ModelRejected(InvalidRequest):
    """A model file is unreadable, incomplete or not a model at all."""


@dataclass(frozen=True)
class HiresFix:
    """A1111's hires fix: generate, scale the latent up, then run a second, partial pass at the larger size."""

    scale: float = 2.0
    denoising_strength: float = 0.7
    steps: int = 0  # 0: as many as the first pass
    # the second pass's exact size (sd.cpp's --hires-width/--hires-height; a draft's finish: its full picture's),
    # 0: the first pass's times the scale
    width: int = 0
    height: int = 0


@dataclass(frozen=True)
class DraftOf:
    """A draft (a quick try, app/core/generation/drafts.py): the size and steps of the picture it tries, which
    finishing it draws."""

    width: int
    height: int
    steps: int


@dataclass(frozen=True)
class GenerationRequest:
    """One picture to draw. The fields with a `RequestField` in their metadata (fields.py) are the request's simple
    vocabulary, declared once, in the order A1111 writes them in a picture's text."""

    prompt: str
    negative_prompt: str = ""
    steps: int = field(default=4, metadata={"field": RequestField(
        "--steps", "Steps", QT_TRANSLATE_NOOP("RequestFields", "Steps"), a1111=("steps",), openai="steps",
        help="how many steps the picture is drawn in (default 4)", least=1, most=MAX_STEPS, reuse=Reuse.KEPT)})
    sampler: str | None = field(default=None, metadata={"field": RequestField(
        "--sampling-method", "Sampler", QT_TRANSLATE_NOOP("RequestFields", "Sampler"), str,
        a1111=("sampler_name", "sampler_index"), openai="sampler_name",
        help=QT_TRANSLATE_NOOP("RequestFields", "How each step takes the noise away (the model's own suits it)"),
        choices=SAMPLERS,
        unset=QT_TRANSLATE_NOOP("RequestFields", "model's default"), row=True, png_text=sampler_text,
        png_read=sampler_read)})
    scheduler: str | None = field(default=None, metadata={"field": RequestField(
        "--scheduler", "Schedule type", QT_TRANSLATE_NOOP("RequestFields", "Scheduler"), str, a1111=("scheduler",),
        openai="scheduler", help=QT_TRANSLATE_NOOP("RequestFields", "How the noise level falls from step to step "
                                                                   "(karras suits many SD models)"),
        choices=SCHEDULERS, unset=QT_TRANSLATE_NOOP("RequestFields", "model's default"), row=True,
        png_read=scheduler_read)})
    cfg_scale: float | None = field(default=None, metadata={"field": RequestField(
        "--cfg-scale", "CFG scale", QT_TRANSLATE_NOOP("RequestFields", "CFG scale"), float, a1111=("cfg_scale",),
        openai="cfg_scale", help=QT_TRANSLATE_NOOP("RequestFields", "How closely to follow the prompt (Flux and "
                                                                    "turbo models want 1)"),
        least=0, most=30, above_least=True, unset=QT_TRANSLATE_NOOP("RequestFields", "model's default"),
        reuse=Reuse.NEVER, row=True, step=0.5)})
    seed: int | None = field(default=None, metadata={"field": RequestField(
        "--seed", "Seed", QT_TRANSLATE_NOOP("RequestFields", "Seed"), a1111=("seed",), openai="seed",
        help=QT_TRANSLATE_NOOP("RequestFields", "The same seed, prompt and settings draw the same picture again"),
        least=0, most=MAX_SEED_ASKED, unset=QT_TRANSLATE_NOOP("RequestFields", "random"), reuse=Reuse.KEPT,
        row=True)})
    width: int = field(default=512, metadata={"field": RequestField(
        "--width", "Size", QT_TRANSLATE_NOOP("RequestFields", "Width"), a1111=("width",),
        help="default 512, or the input image's width", reuse=Reuse.KEPT, png_text=size_text,
        png_read=size_side(0))})
    height: int = field(default=512, metadata={"field": RequestField(
        "--height", "", QT_TRANSLATE_NOOP("RequestFields", "Height"), a1111=("height",),
        help="default 512, or the input image's height", reuse=Reuse.KEPT, png_read=size_side(1))})
    # how much of the input is repainted: near 0 keeps it, 1 ignores it; not read back from A1111's text, where a
    # txt2img picture's hires fix writes its second pass's strength
    strength: float = field(default=0.75, metadata={"field": RequestField(
        "--strength", "Denoising strength", QT_TRANSLATE_NOOP("RequestFields", "Strength"), float,
        a1111=("denoising_strength",), openai="strength",
        help="with --init-img: how much of it is repainted, above 0 to 1 (default 0.75)", least=0, most=1,
        above_least=True, needs="init_image", reuse=Reuse.KEPT, reads_png=False)})
    # A1111's "Clip skip" (sd.cpp's --clip-skip): the prompt is read from this CLIP layer counted from the last,
    # 1 the last; None: the family's own (FamilyTraits.clip_skip)
    clip_skip: int | None = field(default=None, metadata={"field": RequestField(
        "--clip-skip", "Clip skip", QT_TRANSLATE_NOOP("RequestFields", "CLIP skip"),
        a1111=("override_settings.CLIP_stop_at_last_layers", "clip_skip"), openai="clip_skip",
        help="read the prompt from CLIP's Nth layer from the last, as A1111's Clip skip (default: the model's own: "
             + ", ".join(f"{traits.clip_skip} for {traits.words}" for traits in FAMILIES.values()
                         if traits.clip_skip) + "; other models have no CLIP layers to skip)",
        least=1, most=MAX_CLIP_SKIP, unset=QT_TRANSLATE_NOOP("RequestFields", "model's own"))})
    # how much fresh noise each step adds back; None: the sampler's own (sd.cpp: 1 for the ancestral ones, 0 for
    # DDIM and TCD), as A1111's Eta settings
    eta: float | None = field(default=None, metadata={"field": RequestField(
        "--eta", "Eta", QT_TRANSLATE_NOOP("RequestFields", "Eta"), float, a1111=("eta",),
        help=QT_TRANSLATE_NOOP("RequestFields", "How much fresh noise each step adds (Euler a: 1, DDIM and TCD: 0)"),
        least=0, most=1, unset=QT_TRANSLATE_NOOP("RequestFields", "sampler's default"), row=True, step=0.05)})
    models: ModelFiles = field(default_factory=ModelFiles)
    memory: MemoryFlags | None = None  # None: the memory planner chooses, and recovers from OOM
    family: ModelFamily = ModelFamily.UNKNOWN
    init_image: Path | None = None  # img2img: start from this picture
    mask: Path | None = None  # inpainting: white is repainted, black is kept
    size_from_input: bool = True  # with an input image, width and height follow it (snapped)
    hires: HiresFix | None = None
    lora_dir: Path | None = None  # where <lora:name:weight> in the prompt finds name.safetensors
    ref_images: tuple[Path, ...] = ()  # FLUX.2 klein edits: the pictures the prompt's instruction applies to
    # outpainting: the input grows by these pixels, the new area painted in (the job makes the canvas and mask)
    extend: Extension | None = None
    styles: tuple[str, ...] = ()  # the names of the styles applied (app/core/generation/styles.py), for the metadata
    # the prompt as the user typed it, before styles, wildcards or translation changed it into `prompt`; "" when
    # nothing changed it
    prompt_as_written: str = ""
    # Fix faces (A1111's ADetailer): each face found in the picture repainted at the model's native size
    face_fix: FaceFix | None = None
    control: ControlNetUse | None = None  # ControlNet: a control picture guides the drawing (SD 1.x, SDXL)
    draft_of: DraftOf | None = None  # a draft: the full picture it is a quick try of
    # a finish: the draft (or any picture) it is drawn from, as the user chose it (init_image is the job's copy)
    finished_from: Path | None = None

    @property
    def hires_size(self) -> tuple[int, int] | None:
        """The second pass's size: the one asked, else the first's times the scale, on the family's multiple."""
        if self.hires is None:
            return None
        if self.hires.width and self.hires.height:
            return self.hires.width, self.hires.height
        multiple = self.family.size_multiple
        return (round(self.width * self.hires.scale / multiple) * multiple,
                round(self.height * self.hires.scale / multiple) * multiple)


REQUEST_FIELDS: dict[str, RequestField] = {f.name: f.metadata["field"] for f in dataclasses.fields(GenerationRequest)
                                           if "field" in f.metadata}


def check_fields(request: GenerationRequest) -> None:
    """Refuse the first declared field whose value is out of its range (the size is snapped apart: snap_side)."""
    for name, declared in REQUEST_FIELDS.items():
        value = getattr(request, name)
        if value is not None and declared.applies(request) and (problem := declared.problem(value)):
            raise InvalidRequest(problem)


def snap_side(name: str, value: int, multiple: int) -> tuple[int, str | None]:
    """Round a side to the nearest allowed multiple and say so when it changes."""
    if value <= 0:
        raise InvalidRequest(translate("Request", "{side} must be a positive number of pixels, got "
                                                  "{value}").format(side=_side_words(name), value=value))
    if value < MIN_SIDE or value > MAX_SIDE:
        raise InvalidRequest(translate("Request", "{side} must be between {least} and {most} pixels, "
                                                  "got {value}").format(side=_side_words(name), least=MIN_SIDE,
                                                                     most=MAX_SIDE, value=value))
    snapped = (value + multiple // 2) // multiple * multiple
    if snapped == value:
        return value, None
    return snapped, translate("Request", "{side} {value} is not a multiple of {multiple}; using {snapped}").format(
        side=_side_words(name), value=value, multiple=multiple, snapped=snapped)


def _side_words(name: str) -> str:
    return {"width": translate("Request", "width"), "height": translate("Request", "height")}.get(name, name)


def _clip_skip(clip_skip: int | None, family: ModelFamily, notes: list[str]) -> int | None:
    """The CLIP skip sd.cpp is told: None for the family's own (or a smaller one, as Forge reads it), and for a
    family with no CLIP layers to skip, which a note says when more than the last layer was asked for."""
    if clip_skip is None:
        return None
    own = family.traits.clip_skip
    if own is None:
        if clip_skip > 1:
            notes.append(translate("Request", "CLIP skip {value} is left out: {family} does not read the prompt "
                                              "from CLIP's layers").format(value=clip_skip, family=family.words))
        return None
    return clip_skip if clip_skip > own else None


def validate(request: GenerationRequest) -> tuple[GenerationRequest, list[str]]:
    """Return a request sd.cpp will run as asked (no silent alignment) and notes on what changed."""
    request, notes, _, _ = validate_with_models(request)
    return request, notes


def validate_with_models(request: GenerationRequest) -> tuple[GenerationRequest, list[str], dict[str, ModelInfo],
                                                              list[tuple[LoraUse, Path]]]:
    """`validate`, and each given slot's header as it was read for the check, and the prompt's LoRAs with their
    files as they were checked."""
    notes: list[str] = []
    prompt = _prompt_text(request.prompt, notes, negative=False)
    negative_prompt = _prompt_text(request.negative_prompt, notes, negative=True)
    if not prompt.strip():
        raise InvalidRequest(translate("Request", "the prompt is empty"))
    models = request.models
    if models.model is None and models.diffusion_model is None:
        raise InvalidRequest(translate("Request", "no model chosen: choose a model file"))
    kinds, infos = _read_models(models)
    check_fields(request)
    # sd.cpp runs in the output folder, so every path it gets must be absolute
    models = ModelFiles(**{role: path.absolute() for role, path in models.given().items()})
    family = request.family if request.family is not ModelFamily.UNKNOWN else family_of(kinds)
    multiple = family.size_multiple
    width, height = request.width, request.height
    if request.mask is not None and request.init_image is None:
        raise InvalidRequest(translate("Request", "a mask needs an input image: it marks which part of that "
                                                  "picture to repaint"))
    extend = request.extend
    if request.init_image is not None:
        width, height = _check_pictures(request, notes)
        if extend is not None:
            width, height, extend = _extended(request, extend, (width, height), multiple, notes)
    elif extend is not None:
        raise InvalidRequest(translate("Request", "extending needs a picture to extend: give it as the input "
                                                  "image"))
    if request.ref_images:
        edited = _check_references(request.ref_images, family)
        if request.init_image is None and request.size_from_input:
            # an edit keeps its picture's size
            width, height = _within_limits(*edited, notes, translate("Request", "edited picture"))
    width, width_note = snap_side("width", width, multiple)
    height, height_note = snap_side("height", height, multiple)
    notes += [n for n in (width_note, height_note) if n]
    if request.hires is not None:
        check_hires(dataclasses.replace(request, width=width, height=height, family=family))
    if request.face_fix is not None:
        _check_face_fix(request.face_fix, request.init_image)
    control = request.control
    if control is not None:
        try:
            check_control(control, family)
        except ControlRejected as error:
            raise InvalidRequest(str(error)) from error
        control = dataclasses.replace(control, model=control.model.absolute(), image=control.image.absolute())
    loras: list[tuple[LoraUse, Path]] = []
    if request.lora_dir is not None or "<lora:" in prompt:
        try:
            loras = check_loras(prompt, request.lora_dir, family.value)
        except LoraRejected as error:
            raise InvalidRequest(str(error)) from error
    # a distilled family runs without a negative pass: sd.cpp's default cfg 7 would double its work
    cfg_scale = 1.0 if request.cfg_scale is None and family.traits.distilled else request.cfg_scale
    pictures = {name: getattr(request, name).absolute() for name in ("init_image", "mask", "lora_dir")
                if getattr(request, name) is not None}
    checked = dataclasses.replace(request, prompt=prompt, negative_prompt=negative_prompt, width=width,
                                  height=height, models=models, family=family, cfg_scale=cfg_scale,
                                  clip_skip=_clip_skip(request.clip_skip, family, notes), extend=extend,
                                  control=control,
                                  ref_images=tuple(p.absolute() for p in request.ref_images), **pictures)
    return checked, notes, infos, [(use, path.absolute()) for use, path in loras]


def _read_models(models: ModelFiles) -> tuple[list[ComponentKind], dict[str, ModelInfo]]:
    """Each given slot's file read and checked for its slot, and the set as a whole: the parts found, and each
    slot's header."""
    kinds: list[ComponentKind] = []
    infos: dict[str, ModelInfo] = {}
    for role, path in models.given().items():
        if not path.is_file():
            raise InvalidRequest(translate("Request", "{part} file not found: {path}").format(
                part=role.replace("_", " "), path=path))
        try:
            info = inspect_model(path)
        except (ModelFileError, OSError) as error:
            why = file_problem(error, path) if isinstance(error, OSError) else str(error)
            raise ModelRejected(translate("Request", "cannot use {path} as {part}: {why}").format(
                path=path, part=slot_words(role), why=why)) from error
        problem = slot_problem(role, info)
        if problem:
            raise InvalidRequest(problem)
        kinds += info.parts
        infos[role] = info
    problem = parts_problem(infos)
    if problem:
        raise InvalidRequest(problem)
    return kinds, infos


def _check_face_fix(fix: FaceFix, picture: Path | None) -> None:
    try:
        check_face_fix(fix)
    except FaceFixRejected as error:
        raise InvalidRequest(str(error)) from error
    if fix.only and picture is None:
        raise InvalidRequest(translate("Request", "fixing the faces of a picture needs that picture: give it as the "
                                                  "input image"))


def _prompt_name(negative: bool) -> str:
    return translate("Request", "negative prompt") if negative else translate("Request", "prompt")


def _prompt_text(text: str, notes: list[str], negative: bool) -> str:
    """The text sd.cpp and the picture's metadata both get: line ends as newlines, no other control characters
    (a note says which went), at most MAX_PROMPT_BYTES long in UTF-8."""
    name = _prompt_name(negative)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    removed = sorted(set(_CONTROL.findall(text)))
    if removed:
        text = _CONTROL.sub("", text)
        codes = ", ".join(f"U+{ord(character):04X}" for character in removed)
        notes.append(translate("Request", "the {text} held invisible control characters ({codes}); they were "
                                          "removed, as sd.cpp cannot read them").format(text=name,
                                                                                                    codes=codes))
    problem = prompt_length_problem(text, negative)
    if problem is not None:
        raise InvalidRequest(problem)
    return text


def prompt_length_problem(text: str, negative: bool = False) -> str | None:
    """Why the prompt (or the `negative` prompt) is too long for the drawing program, else None: the window says
    it while the user types, and the request is refused with it."""
    size = len(text.encode(errors="surrogatepass"))  # a lone surrogate (an undecodable argv byte) counts, not fails
    if size <= MAX_PROMPT_BYTES:
        return None
    counted = "" if size == len(text) else translate(
        "Request", ", {size} as the drawing program counts them (accented letters count 2, Chinese, Japanese and "
                   "Korean 3, emoji 4)").format(size=number(size))
    return translate("Request", "the {text} is {length} characters long{counted}; at most {most} can be drawn "
                                "(longer ones crash the drawing program)").format(
        text=_prompt_name(negative), length=number(len(text)), counted=counted, most=number(MAX_PROMPT_BYTES))


def _check_references(pictures: tuple[Path, ...], family: ModelFamily) -> tuple[int, int]:
    """Check the pictures an edit starts from; the first one's size."""
    if not family.traits.edits_from_references:
        raise InvalidRequest(translate("Request", "editing from a reference picture needs a FLUX.2 klein model; this "
                                                  "one ({family}) only makes new pictures").format(family=family.value))
    try:
        sizes = [check_input_image(picture, translate("Request", "reference picture")) for picture in pictures]
    except InputImageRejected as error:
        raise InvalidRequest(str(error)) from error
    return sizes[0]


def _check_pictures(request: GenerationRequest, notes: list[str]) -> tuple[int, int]:
    """Check the input (and mask); the size to run at, which follows the input unless the user set one."""
    assert request.init_image is not None
    try:
        width, height = check_input_image(request.init_image)
        if request.mask is not None:
            check_input_image(request.mask, translate("Request", "mask"))
    except InputImageRejected as error:
        raise InvalidRequest(str(error)) from error
    if request.extend is not None:
        return width, height  # its own size: every pixel of it is kept
    if not request.size_from_input:
        return request.width, request.height
    return _within_limits(width, height, notes)


def _extended(request: GenerationRequest, extend: Extension, size: tuple[int, int], multiple: int,
              notes: list[str]) -> tuple[int, int, Extension]:
    """The canvas an extension makes of the input of `size` (each side on the family's multiple), and the
    extension that makes it."""
    if request.mask is not None:
        raise InvalidRequest(translate("Request", "extending a picture makes its own mask (the new area): leave "
                                                  "the mask out"))
    if request.hires is not None:
        raise InvalidRequest(translate("Request", "extending a picture keeps its own pixels, so it cannot use hires "
                                                  "fix: turn hires fix off"))
    try:
        extend, extend_notes = fit_extension(size, extend, multiple, MIN_SIDE, MAX_SIDE)
    except ExtensionRejected as error:
        raise InvalidRequest(str(error)) from error
    notes += extend_notes
    return *extend.grown(size), extend


def _within_limits(width: int, height: int, notes: list[str], what: str | None = None) -> tuple[int, int]:
    """A picture's size, scaled (keeping its shape) into the sides the app allows; a note says so."""
    largest = max(width, height)
    if largest > MAX_SIDE or min(width, height) < MIN_SIDE:
        scale = MAX_SIDE / largest if largest > MAX_SIDE else MIN_SIDE / min(width, height)
        scaled = tuple(max(MIN_SIDE, min(MAX_SIDE, round(side * scale))) for side in (width, height))
        notes.append(translate("Request", "the {picture} is {width}x{height}; it is scaled to {new_width}x{new_height} "
                                          "(sides from {least} to {most} pixels)").format(
            picture=what or translate("Request", "input image"), width=width, height=height,
            new_width=scaled[0], new_height=scaled[1], least=MIN_SIDE, most=MAX_SIDE))
        width, height = scaled
    return width, height


def check_hires(request: GenerationRequest) -> None:
    """Refuse a hires fix `validate` would refuse; the request's sides are already snapped."""
    assert request.hires is not None and request.hires_size is not None
    hires = request.hires
    if not 1 < hires.scale <= 4:
        raise InvalidRequest(translate("Request", "hires fix scale must be above 1 and at most 4, got "
                                                  "{value}").format(value=f"{hires.scale:g}"))
    if not 0 < hires.denoising_strength <= 1:
        raise InvalidRequest(translate("Request", "hires fix denoising strength must be above 0 and at most 1, "
                                                  "got {value}").format(value=f"{hires.denoising_strength:g}"))
    if not 0 <= hires.steps <= MAX_STEPS:
        raise InvalidRequest(translate("Request", "hires fix steps must be between 0 and {most}, got "
                                                  "{value}").format(most=MAX_STEPS, value=hires.steps))
    width, height = request.hires_size
    if max(width, height) > MAX_SIDE:
        raise InvalidRequest(translate("Request", "hires fix would make {width}x{height}; the largest side is "
                                                  "{most}: lower the scale or the first pass's size").format(
            width=width, height=height, most=MAX_SIDE))


def with_seed(request: GenerationRequest, rng: random.Random) -> GenerationRequest:
    if request.seed is not None:
        return request
    return dataclasses.replace(request, seed=rng.randint(0, MAX_SEED))
