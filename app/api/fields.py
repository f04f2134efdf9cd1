"""What other apps send, in our words: A1111's and OpenAI's request fields mapped onto `GenerationRequest`.

Pure (no server, no Qt): a table test reads every rule. An A1111 feature we do not do is refused with its name
(`Refused`, answered as a 4xx) when it is switched on, never dropped: a client that asks for face restoration or a
hires upscaler must not get a picture without it and believe it has one. A1111's clients send every field of its
form, most at their "off" value (webuiapi sends `restore_faces: false`, `s_noise: 1`, ...): such a value asks for
nothing and passes. A key that is no A1111 field at all is the client's own (SillyTavern posts its `url` and `auth`
with the rest): A1111 ignores it, and so do we, saying so in the answer's notes. Numbers sent as text are read as
A1111's request models (pydantic) read them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.gallery.metadata import settings_from_png
from app.core.generation.control import ControlNetUse
from app.core.generation.drafts import draft_requests, finish_request, finish_words
from app.core.generation.faces import FaceFix, face_fix_from_adetailer
from app.core.generation.request import REQUEST_FIELDS, GenerationRequest, HiresFix, InvalidRequest
from app.core.generation.samplers import sampler_and_schedule, sampler_named, scheduler_named
from app.core.models.families import FAMILIES, ModelFamily, ModelFiles
from app.core.queue.jobs import batch_requests


class Refused(ValueError):
    """A request we cannot do as asked; `field` names the field (dotted for a nested one), the message says why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class InstalledModel:
    """A model other apps may ask for by its title (A1111's `sd_model_checkpoint`, OpenAI's `model`): never a path."""

    title: str
    files: ModelFiles
    family: ModelFamily
    steps: int | None = None
    cfg_scale: float | None = None


@dataclass(frozen=True)
class Pictures:
    """The pictures a request carries, already checked and written to files by the server (pictures.py)."""

    init_image: Path | None = None
    mask: Path | None = None
    references: tuple[Path, ...] = ()


# What the fields this module reads accept; anything else in a request must be one of these "asks for nothing"
# values. A1111's own defaults and webuiapi's (s_noise 1, image_cfg_scale 1.5) both.
_OFF: dict[str, tuple[Any, ...]] = {
    "restore_faces": (False, None), "tiling": (False, None),
    "subseed": (-1, 0, None), "subseed_strength": (0, None), "seed_resize_from_h": (-1, 0, None),
    "seed_resize_from_w": (-1, 0, None), "s_churn": (0, None), "s_tmax": (0, None),
    "s_tmin": (0, None), "s_noise": (1, None), "s_min_uncond": (0, None), "script_name": (None, ""),
    "script_args": ([], None), "firstphase_width": (0, None), "firstphase_height": (0, None),
    "hr_checkpoint_name": (None, "", "Use same checkpoint"),
    "hr_sampler_name": (None, "", "Use same sampler"), "hr_scheduler": (None, "", "Use same scheduler"),
    "hr_prompt": ("", None), "hr_negative_prompt": ("", None), "hr_additional_modules": ([], None),
    "refiner_checkpoint": (None, ""), "refiner_switch_at": (None, 0), "disable_extra_networks": (False, None),
    "comments": ({}, None), "initial_noise_multiplier": (1, None), "latent_mask": (None, ""),
    "inpaint_full_res_padding": (0, 32, None), "resize_mode": (0, None), "include_init_images": (False, None),
    "infotext": (None, ""), "force_task_id": (None, ""), "firstpass_image": (None, ""),
    # A1111 1.6+'s own mask switches: mask_blur sets both blurs, and the mask is rounded after it (its defaults)
    "mask_blur_x": (None, 4), "mask_blur_y": (None, 4), "mask_round": (True, None),
    "override_settings_restore_afterwards": (True, False, None), "send_images": (True, None),
    # pictures are always kept (the app's rule: none is lost); these only choose whether A1111 keeps a copy
    "save_images": (True, False, None), "do_not_save_samples": (True, False, None),
    "do_not_save_grid": (True, False, None),
}
# the request's declared fields (request.REQUEST_FIELDS) by their A1111 keys: a key of an object ("a.b") is b of a
_DECLARED = {key: name for name, declared in REQUEST_FIELDS.items() for key in declared.a1111}
# the declared fields whose reading is their own here: a seed of -1, a sampler's name that says its schedule too,
# a clip skip in two places
_READ_APART = {"seed", "sampler", "scheduler", "clip_skip"}
# read by `a1111_requests` itself
_READ = {"prompt", "negative_prompt", "batch_size", "n_iter", "enable_hr", "hr_scale", "hr_second_pass_steps",
         "hr_resize_x", "hr_resize_y",
         "hr_upscaler", "override_settings", "alwayson_scripts", "init_images", "mask", "mask_blur",
         "inpainting_fill", "inpaint_full_res", "inpainting_mask_invert",
         # instruct-pix2pix's own guidance: A1111 reads it for that model alone, which is not run here
         "image_cfg_scale", "styles",
         # this app's own, beside A1111's hires fix fields: txt2img's N quick drafts, img2img's finish of one
         "drafts", "finish"} | {key for key in _DECLARED if "." not in key}
# A1111's latent upscalers that are the hires fix sd.cpp does (the latent scaled, then a second pass), as
# /sdapi/v1/latent-upscale-modes lists them
LATENT_UPSCALERS = ("Latent", "Latent (bilinear)", "Latent (nearest)", "Latent (nearest-exact)")
# override_settings keys we honour, and the values of others that ask for nothing (Forge's modules: none)
_SETTINGS_READ = {"sd_model_checkpoint"} | {key.partition(".")[2] for key in _DECLARED
                                             if key.startswith("override_settings.")}
_SETTINGS_OFF: dict[str, tuple[Any, ...]] = {"sd_vae": (None, "Automatic", "None"),
                                             "forge_additional_modules": ([], None)}
MAX_IMAGES_PER_REQUEST = 16
_NAMED_AT_MOST = 20  # keys left out named in a note (it goes in a header too)


def check_no_unsupported(payload: Mapping[str, Any]) -> list[str]:
    """Refuse the first A1111 field that asks for something we do not do (in the payload's order); the note that
    says which keys, not A1111's, were left out."""
    foreign = []
    for field, value in payload.items():
        if field in _READ:
            continue
        if field in _OFF:
            if value not in _OFF[field]:
                raise Refused(field, f"not supported here (only {_shown(_OFF[field])})")
        else:
            foreign.append(field)
    if not foreign:
        return []
    named = ", ".join(foreign[:_NAMED_AT_MOST]) + (f" and {len(foreign) - _NAMED_AT_MOST} more"
                                                   if len(foreign) > _NAMED_AT_MOST else "")
    return [f"left out, as A1111 does: {named} (not fields of its API)"]


def _shown(values: tuple[Any, ...]) -> str:
    return " or ".join(repr(v) for v in values if v is not None) or "leaving it out"


def check_scripts(scripts: object) -> None:
    """A1111's extensions (ControlNet, ADetailer, ...) come as `alwayson_scripts`; clients send the ones they know
    switched off (`{"ControlNet": {"args": []}}`, `{"ADetailer": {"args": [false]}}`). One switched on is refused."""
    if scripts in (None, {}):
        return
    if not isinstance(scripts, dict):
        raise Refused("alwayson_scripts", "must be an object")
    for name, entry in scripts.items():
        if name.casefold() in ("adetailer", "controlnet"):  # read by face_fix_from_adetailer, control_unit
            continue
        arguments = entry.get("args", []) if isinstance(entry, dict) else entry
        if arguments not in ([], [False], None):
            raise Refused(f"alwayson_scripts.{name}", "extensions do not run here")


def _face_fix(scripts: object) -> tuple[FaceFix | None, list[str]]:
    """ADetailer's unit as our face fix, and what of it is left out (never a refusal)."""
    if not isinstance(scripts, dict):
        return None, []
    entry = next((value for name, value in scripts.items() if name.casefold() == "adetailer"), None)
    return face_fix_from_adetailer(entry)


@dataclass(frozen=True)
class ControlUnit:
    """The one ControlNet unit an A1111 client sent (sd-webui-controlnet's API): its model by name, its picture
    (base64; None: the img2img picture, as the extension uses it when a unit has none), how it is read."""

    model: str
    image: object
    weight: float
    canny: bool
    lowvram: bool


# sd-webui-controlnet's preprocessors ("module") we can run: none (the picture is the map itself, a pose or depth
# map or a sketch made elsewhere) and canny (sd.cpp's --canny finds the edges)
_MODULES_AS_IS = {"none", "", "None"}
_MODULES_CANNY = {"canny"}


def control_unit(scripts: object) -> ControlUnit | None:
    """The enabled ControlNet unit of `alwayson_scripts.controlnet`; more than one, or a preprocessor we cannot
    run, is refused in words."""
    if not isinstance(scripts, dict):
        return None
    entry = next((value for name, value in scripts.items() if name.casefold() == "controlnet"), None)
    arguments = entry.get("args", []) if isinstance(entry, dict) else entry
    if not isinstance(arguments, list):
        return None
    units = [unit for unit in arguments if isinstance(unit, dict) and unit.get("enabled", True)
             and str(unit.get("model") or "None") != "None"]
    if not units:
        return None
    if len(units) > 1:
        raise Refused("alwayson_scripts.controlnet", f"one ControlNet unit at a time here; {len(units)} were sent "
                                                     "enabled: send the one that matters most")
    unit = units[0]
    module = str(unit.get("module") or "none")
    if module not in _MODULES_AS_IS | _MODULES_CANNY:
        raise Refused("alwayson_scripts.controlnet", f"the preprocessor {module!r} does not run here: send the map "
                                                     "it makes (a pose, depth or line picture) with module 'none', or "
                                                     "a photo with 'canny'")
    weight = _number(unit, "weight", float, 1.0)
    image = unit.get("image") or unit.get("input_image")
    if isinstance(image, dict):  # {"image": base64, "mask": ...}, as the extension's UI sends it
        image = image.get("image")
    return ControlUnit(str(unit["model"]), image, weight, module in _MODULES_CANNY, bool(unit.get("lowvram")))


def chosen_controlnet(name: str, files: list[Path]) -> Path:
    """The ControlNet file by its name as the extension lists it ("control_v11p_sd15_canny [d14c016b]")."""
    wanted = _plain(name.split(" [")[0])
    for path in files:
        if _plain(path.stem) == wanted:
            return path
    found = ", ".join(sorted(path.stem for path in files)) or "none (add one in the Models window)"
    raise Refused("alwayson_scripts.controlnet", f"no ControlNet named {name!r} here; installed: {found}")


def chosen_model(title: str | None, installed: list[InstalledModel], current: str | None,
                 field: str) -> InstalledModel:
    """The installed model by its title (exactly, or its name before ' [hash]' as A1111 titles carry one, or either
    without its punctuation and spaces: "demo random noise" for "Demo (random noise)"); the current
    one when none is named."""
    wanted = _plain(title if title else current)
    if not installed:
        raise Refused(field, "no model is installed on this computer: download one in Polaris Studio's Models window")
    for model in installed:
        if wanted and wanted in (_plain(model.title), _plain(model.title.split(" [", 1)[0])):
            return model
    if not title:
        return installed[0]
    raise Refused(field, f"no model {title!r} on this computer; installed: {', '.join(m.title for m in installed)}")


def _plain(title: str | None) -> str:
    return "".join(character for character in (title or "").casefold() if character.isalnum())


def openai_model(title: object, installed: list[InstalledModel], current: str | None) -> tuple[InstalledModel,
                                                                                                 list[str]]:
    """OpenAI's `model`: one of ours by its title; any other name (a client's default, `dall-e-3`, `gpt-image-1`)
    draws with the current model, as OpenAI-compatible servers do, and the note says so."""
    name = str(title) if title else None
    try:
        return chosen_model(name, installed, current, "model"), []
    except Refused:
        if not installed or name is None:
            raise
    model = chosen_model(None, installed, current, "model")
    return model, [f"no model {name!r} here: drawn with {model.title!r} (GET /v1/models lists ours)"]


def _number(payload: Mapping[str, Any], field: str, kind: type, default: Any) -> Any:
    """A number, or one written as text ("7.0", " 20 "), as pydantic's lax mode reads A1111's fields."""
    value = payload.get(field, default)
    if value is None:
        return default
    if isinstance(value, str):
        try:
            value = float(value) if kind is float or not value.strip().lstrip("+-").isdigit() else int(value)
        except ValueError:
            raise Refused(field, f"must be a number, got {value!r}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or value in (
            float("inf"), float("-inf")):
        raise Refused(field, f"must be a number, got {value!r}")
    if kind is int and value != int(value):
        raise Refused(field, f"must be a whole number, got {value!r}")
    return kind(value)


def _text(payload: Mapping[str, Any], field: str) -> str:
    value = payload.get(field) or ""
    if not isinstance(value, str):
        raise Refused(field, "must be text")
    return value


def _names(payload: Mapping[str, Any], field: str) -> tuple[str, ...]:
    value = payload.get(field) or []
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise Refused(field, "must be a list of names")
    return tuple(value)


def declared_values(fields: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The declared request fields a call sends (`names`: its keys and the fields they are), read as A1111's
    models read them (a number as text too, a sampler by its name); those read apart are left to their readers."""
    values: dict[str, Any] = {}
    for key, name in names.items():
        declared = REQUEST_FIELDS[name]
        if name in _READ_APART or name in values or fields.get(key) is None:
            continue
        if declared.choices:
            try:
                values[name] = declared.read(str(fields[key]))
            except ValueError as error:
                raise Refused(key, str(error)) from None
        else:
            values[name] = _number(fields, key, declared.kind, None)
    return values


def sampler_of(name: object) -> str | None:
    """sd.cpp's sampling method for A1111's (or sd.cpp's) name; None: the model's default."""
    if name in (None, ""):
        return None
    sampler = sampler_named(str(name))
    if sampler is None:
        raise Refused("sampler_name", f"no sampler {name!r} here (GET /sdapi/v1/samplers lists them)")
    return sampler.code


def sampler_and_scheduler(sampler: object, scheduler: object) -> tuple[str | None, str | None]:
    """sd.cpp's method and scheduler for A1111's pair; an old combined name ("DPM++ 2M Karras", from before A1111
    1.9 gave the schedule its own field) is split as A1111 splits it: the schedule its name ends with wins."""
    if isinstance(sampler, str) and (pair := sampler_and_schedule(sampler)) is not None and pair[1] is not None:
        return pair[0].code, pair[1].code
    return sampler_of(sampler), scheduler_of(scheduler)


def scheduler_of(name: object) -> str | None:
    if name in (None, "", "automatic", "Automatic"):
        return None
    scheduler = scheduler_named(str(name))
    if scheduler is None:
        raise Refused("scheduler", f"no scheduler {name!r} here (GET /sdapi/v1/schedulers lists them)")
    return scheduler.code


def _clip_skip(values: Mapping[str, Any], key: str, field: str) -> int | None:
    """A clip skip as A1111 counts it (1: the last CLIP layer, 2: the one before); sd.cpp's -1 and 0, and none,
    ask for the model's own (None)."""
    try:
        value: int | None = _number(values, key, int, None)
        if value is None or value in (0, -1):
            return None
    except Refused as error:
        raise Refused(field, error.message) from None
    if problem := REQUEST_FIELDS["clip_skip"].problem(value):
        raise Refused(field, problem)
    return value


def clip_skip_setting(options: Mapping[str, Any]) -> int:
    """A1111's `CLIP_stop_at_last_layers` as POST /sdapi/v1/options sets it for the calls that do not say theirs:
    1 (the model's own) unless a layer before the last is asked for."""
    return _clip_skip(options, "CLIP_stop_at_last_layers", "CLIP_stop_at_last_layers") or 1


def clip_skip_of(payload: Mapping[str, Any], settings: Mapping[str, Any]) -> int | None:
    """A1111's Clip skip (`override_settings.CLIP_stop_at_last_layers`) or SD.Next's `clip_skip` (SillyTavern sends
    both, the same); where one asks for the last layer (1, their default) and the other for another, the other."""
    own = _clip_skip(payload, "clip_skip", "clip_skip")
    setting = _clip_skip(settings, "CLIP_stop_at_last_layers", "override_settings.CLIP_stop_at_last_layers")
    if own is None or setting is None or own == setting:
        return own if setting is None else setting
    if 1 not in (own, setting):
        raise Refused("clip_skip", f"{own}, while override_settings.CLIP_stop_at_last_layers is {setting}: send one")
    return max(own, setting)


def image_count(payload: Mapping[str, Any]) -> int:
    count: int = _number(payload, "batch_size", int, 1) * _number(payload, "n_iter", int, 1)
    if not 1 <= count <= MAX_IMAGES_PER_REQUEST:
        raise Refused("batch_size", f"batch_size x n_iter must be between 1 and {MAX_IMAGES_PER_REQUEST}, got {count}")
    return count


def a1111_requests(payload: Mapping[str, Any], model: InstalledModel, lora_dir: Path, pictures: Pictures,
                   rng: random.Random, style_names: Collection[str],
                   control: ControlNetUse | None = None) -> tuple[list[GenerationRequest], list[str]]:
    """One request per picture of an A1111 txt2img or img2img call (seeds s, s+1, ... as A1111 numbers them), and
    notes on what was left out. `style_names`: the user's styles; others are skipped, as A1111 skips them.
    Sizes, steps and the like are checked by the queue's own validation afterwards (`Studio.check`)."""
    notes = check_no_unsupported(payload)
    check_scripts(payload.get("alwayson_scripts"))
    settings = payload.get("override_settings") or {}
    if not isinstance(settings, dict):
        raise Refused("override_settings", "must be an object")
    for key, value in settings.items():
        if key not in _SETTINGS_READ and value not in _SETTINGS_OFF.get(key, (None,)):
            raise Refused(f"override_settings.{key}", "this setting cannot be changed here")
    prompt = _text(payload, "prompt")
    face_fix, face_notes = _face_fix(payload.get("alwayson_scripts"))
    notes += face_notes
    seed = _number(payload, "seed", int, -1)
    hires = None
    if payload.get("enable_hr"):
        if str(payload.get("hr_upscaler") or "Latent").casefold() not in {name.casefold() for name in
                                                                            LATENT_UPSCALERS}:
            raise Refused("hr_upscaler", "the hires fix here scales the latent: use 'Latent'")
        resize = _number(payload, "hr_resize_x", int, 0), _number(payload, "hr_resize_y", int, 0)
        if 0 in resize and resize != (0, 0):
            raise Refused("hr_resize_x", "give both hr_resize_x and hr_resize_y (the second pass's exact size), or "
                                         "neither")
        hires = HiresFix(_number(payload, "hr_scale", float, 2.0), _number(payload, "denoising_strength", float, 0.7),
                         _number(payload, "hr_second_pass_steps", int, 0), *resize)
    styles = _names(payload, "styles")
    unknown = [name for name in styles if name not in style_names]
    if unknown:
        notes.append(f"no style named {', '.join(map(repr, unknown))} here: left out (GET /sdapi/v1/prompt-styles "
                     "lists them)")
    sampler, scheduler = sampler_and_scheduler(payload.get("sampler_name") or payload.get("sampler_index"),
                                               payload.get("scheduler"))
    request = GenerationRequest(
        prompt=prompt,
        negative_prompt=_text(payload, "negative_prompt"),
        **{"steps": model.steps or 20, "cfg_scale": model.cfg_scale, **declared_values(payload, _DECLARED)},
        seed=None if seed == -1 else seed,
        sampler=sampler,
        scheduler=scheduler,
        clip_skip=clip_skip_of(payload, settings),
        models=model.files,
        family=model.family,
        hires=hires,
        lora_dir=lora_dir if "<lora:" in prompt else None,
        # this app's styles, by name: applied when the pictures are queued
        styles=tuple(name for name in styles if name not in unknown),
        face_fix=face_fix,
        control=control,
    )
    if pictures.init_image is not None:
        request = dataclasses.replace(request, init_image=pictures.init_image, mask=pictures.mask,
                                      size_from_input=False)
    if pictures.mask is not None:
        _check_inpainting(payload)
    if seed < -1:
        raise Refused("seed", f"must be -1 (random) or a seed from 0, got {seed}")
    if payload.get("drafts") or payload.get("finish"):
        made = _drafts_or_finish(payload, request, rng)
        if payload.get("finish"):  # which way it finishes: its draft drawn again, or redrawn from the picture
            notes.append(f"finishing {finish_words(made[0])}")
        return made, notes
    return batch_requests(request, image_count(payload), False, rng), notes


def _drafts_or_finish(payload: Mapping[str, Any], request: GenerationRequest,
                      rng: random.Random) -> list[GenerationRequest]:
    """`drafts: N` (txt2img): N quick versions of the picture, half its size and steps, seeds s, s+1, ...;
    `finish: true` (img2img): the init picture (a draft) drawn at the full size from itself: the size and steps
    asked, else the ones the draft records (else twice its sides), its own prompt and seed where it records them."""
    try:
        if not payload.get("finish"):
            if image_count(payload) > 1:
                raise Refused("drafts", "drafts are one picture's tries: leave batch_size and n_iter at 1")
            return draft_requests(request, _number(payload, "drafts", int, 4), rng)
        if request.init_image is None:
            raise Refused("finish", "finishing needs the draft as init_images")
        size = (request.width, request.height) if "width" in payload and "height" in payload else None
        return [finish_request(request, request.init_image, settings_from_png(request.init_image), size,
                               request.steps if "steps" in payload else None)]
    except InvalidRequest as error:
        raise Refused("finish" if payload.get("finish") else "drafts", str(error)) from error


def _check_inpainting(payload: Mapping[str, Any]) -> None:
    """sd.cpp repaints the masked part from the picture itself, over the whole picture."""
    if payload.get("inpainting_fill", 1) != 1:
        raise Refused("inpainting_fill", "only 1 ('original': the masked part starts from the picture) is done here")
    if payload.get("inpaint_full_res", False):
        raise Refused("inpaint_full_res", "only false ('whole picture') is done here")


def mask_blur(payload: Mapping[str, Any]) -> int:
    blur: int = _number(payload, "mask_blur", int, 4)
    if not 0 <= blur <= 64:
        raise Refused("mask_blur", f"must be between 0 and 64 pixels, got {blur}")
    return blur


def openai_size(size: object, model: InstalledModel) -> tuple[int, int]:
    """OpenAI's `size` ('1024x1024', 'auto'); 'auto' and none: the model family's usual size."""
    if size in (None, "", "auto"):
        return FAMILIES[model.family].square if model.family in FAMILIES else (512, 512)
    width, separator, height = str(size).partition("x")
    if not separator or not width.isdigit() or not height.isdigit():
        raise Refused("size", f"must be WIDTHxHEIGHT in pixels (e.g. 1024x1024) or 'auto', got {size!r}")
    return int(width), int(height)


# OpenAI's fields at the values that ask for nothing we lack
_OPENAI_OFF: dict[str, tuple[Any, ...]] = {
    "quality": (None, "auto", "standard"), "style": (None,), "background": (None, "auto", "opaque"),
    "output_format": (None, "png"), "response_format": (None, "b64_json"), "moderation": (None, "auto", "low"),
    "output_compression": (None, 100), "partial_images": (None, 0), "stream": (None, False), "input_fidelity": (None,),
}
# the declared request fields by the names OpenAI's routes read them (sd.cpp's server's own extras: steps, seed, cfg,
# strength, clip skip, which SillyTavern's "stable-diffusion.cpp" source sends)
OPENAI_DECLARED = {declared.openai: name for name, declared in REQUEST_FIELDS.items() if declared.openai}
# OpenAI's own fields we read, and the ones we add
_OPENAI_READ = {"prompt", "model", "n", "size", "user", "negative_prompt", *OPENAI_DECLARED}


def openai_request(fields: Mapping[str, Any], model: InstalledModel, lora_dir: Path, pictures: Pictures,
                   rng: random.Random) -> list[GenerationRequest]:
    """OpenAI's images.generate (no pictures) or images.edit: a FLUX.2 klein model edits the pictures by the
    prompt's instruction; another family repaints the first picture (img2img), within the mask when one is given."""
    for field, value in fields.items():
        if field in _OPENAI_READ:
            continue
        allowed = _OPENAI_OFF.get(field, (None,))
        if value not in allowed:
            if field == "response_format":
                raise Refused(field, "only b64_json here: pictures come back in the answer, not as links")
            raise Refused(field, "not supported here; leave it out" if allowed == (None,) else
                          f"only {_shown(allowed)} here")
    prompt = _text(fields, "prompt")
    width, height = openai_size(fields.get("size"), model)
    seed = _number(fields, "seed", int, -1)
    sampler, scheduler = sampler_and_scheduler(fields.get("sampler_name"), fields.get("scheduler"))
    request = GenerationRequest(
        prompt=prompt, negative_prompt=_text(fields, "negative_prompt"), width=width, height=height,
        **{"steps": model.steps or 20, "cfg_scale": model.cfg_scale, **declared_values(fields, OPENAI_DECLARED)},
        seed=None if seed < 0 else seed,
        sampler=sampler, scheduler=scheduler, clip_skip=_clip_skip(fields, "clip_skip", "clip_skip"),
        models=model.files, family=model.family, lora_dir=lora_dir if "<lora:" in prompt else None,
        size_from_input=fields.get("size") in (None, "", "auto"))
    if pictures.references:
        if model.family.traits.edits_from_references:
            if pictures.mask is not None:
                raise Refused("mask", "a FLUX.2 klein edit follows the prompt over the whole picture: leave the "
                                      "mask out")
            request = dataclasses.replace(request, ref_images=pictures.references)
        else:
            request = dataclasses.replace(request, init_image=pictures.references[0], mask=pictures.mask)
    count = _number(fields, "n", int, 1)
    if not 1 <= count <= MAX_IMAGES_PER_REQUEST:
        raise Refused("n", f"must be between 1 and {MAX_IMAGES_PER_REQUEST}, got {count}")
    return batch_requests(request, count, False, rng)
