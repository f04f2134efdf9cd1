"""Fix faces (A1111's ADetailer): find each face in a picture, repaint a square crop around it at the model's
native size, paste it back through a feathered mask.

The detector is OpenCV's Haar cascade for frontal faces (`haarcascade_frontalface_alt2.xml`: on our test
photographs it finds the one face at every size, where the `default` cascade also finds a false second one), and
its cascade for faces turned to one side (`haarcascade_profileface.xml`), run on the picture and on its mirror image
for the other side: scikit-image's cameraman looks into his camera side-on, and only that one finds him (none of
the other 20 photographs scikit-image ships, nor our 228 designed pictures, gains a face). Both ship inside the
opencv-python-headless wheel (cv2.data.haarcascades) for every platform we run on: nothing is downloaded, they run
offline on the processor in about a second at 1024 px. OpenCV's better FaceDetectorYN needs a model file that no
wheel carries, and OpenCV 5's wheels dropped the cascades: hence the `<5` pin in pyproject.toml.

The paste-back reuses inpainting's own guarantee (input_image.keep_outside_mask): every pixel where the feathered
mask is 0 is the source picture's own, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import cv2.data
import numpy as np
from PIL import Image, ImageFilter

from app.core.generation.input_image import keep_outside_mask, open_rgb, save_whole
from app.core.words import translate

FRONTAL_FILE = "haarcascade_frontalface_alt2.xml"
PROFILE_FILE = "haarcascade_profileface.xml"
DETECTOR_FILES = (FRONTAL_FILE, PROFILE_FILE)
# what the PNG's "ADetailer model" says (A1111 writes its YOLO file's name there, e.g. face_yolov8n.pt)
DETECTOR_NAME = "opencv_haarcascade_frontalface_alt2+profileface"
# the detector looks at the picture with its longest side at most this: a Haar cascade's time grows with the
# pixels, and a face smaller than MIN_FACE_SHARE of this is too small to repaint anyway
DETECT_SIDE = 640
# the profile cascade is looser than the frontal one: it looks at the picture at 512 px and needs 3 more neighbouring
# detections (scikit-image's cameraman, 512 to 2048 px wide: at 640 px and the frontal's 5 neighbours it also found
# his hair and the camera, or missed him; so it finds his face alone at every size, and nothing in the other
# photographs or designed pictures)
PROFILE_SIDE = 512
PROFILE_EXTRA_NEIGHBOURS = 3
MIN_FACE_SHARE = 0.04  # of the picture's shorter side
MAX_FACES = 8


@dataclass(frozen=True)
class FaceFix:
    """How faces are fixed, as A1111's ADetailer names them (its PNG keys). `confidence` becomes how many
    neighbouring detections a Haar face needs (OpenCV's minNeighbors: 0.3, ADetailer's default, is OpenCV's
    default 5); `padding` is pixels of the picture around the face (ADetailer's 'inpaint padding');
    `mask_blur` the feather's width in pixels; `prompt` "" repaints with the picture's own prompt."""

    strength: float = 0.4  # ADetailer's "denoising strength"
    confidence: float = 0.3
    padding: int = 32
    mask_blur: int = 4
    dilate: int = 4  # ADetailer's "dilate erode": the face box grows by this many pixels
    prompt: str = ""
    negative_prompt: str = ""
    steps: int = 0  # 0: the picture's own
    only: bool = False  # no new picture: the request's input picture's faces are fixed (More -> Fix faces)

    @property
    def min_neighbors(self) -> int:
        return max(1, round(self.confidence * 16))


@dataclass(frozen=True)
class FaceBox:
    """A face in picture pixels."""

    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class FaceCrop:
    """The square of the picture repainted for one face, and the face's box inside it (crop pixels)."""

    left: int
    top: int
    side: int
    face: FaceBox


class FaceFixRejected(ValueError):
    """The face fix cannot run as asked; the message is meant for the user."""


def check_face_fix(fix: FaceFix) -> None:
    if not 0 < fix.strength <= 1:
        raise FaceFixRejected(translate("Faces", "face fix strength must be above 0 and at most 1, got {value}")
                              .format(value=f"{fix.strength:g}"))
    if not 0 <= fix.confidence <= 1:
        raise FaceFixRejected(translate("Faces", "face detection confidence must be between 0 and 1, got {value}")
                              .format(value=f"{fix.confidence:g}"))
    if not 0 <= fix.padding <= 512 or not 0 <= fix.mask_blur <= 64 or not -64 <= fix.dilate <= 64:
        raise FaceFixRejected(translate("Faces", "face fix padding must be 0-512 pixels, mask blur 0-64 and "
                                                 "dilation -64 to 64"))


_cascades: dict[str, cv2.CascadeClassifier] = {}


def _detector(file: str) -> cv2.CascadeClassifier:
    if file not in _cascades:
        path = Path(cv2.data.haarcascades) / file
        cascade = cv2.CascadeClassifier(str(path))
        if cascade.empty():
            raise FaceFixRejected(translate("Faces", "the face detector {file} is missing from OpenCV: reinstall "
                                                     "Polaris Studio").format(file=path))
        _cascades[file] = cascade
    return _cascades[file]


def detect_faces(picture: Image.Image, confidence: float = 0.3) -> list[FaceBox]:
    """The faces in the picture, frontal or turned to a side, largest first (at most MAX_FACES), in the picture's
    own pixels."""
    neighbours = FaceFix(confidence=confidence).min_neighbors
    kept = _found(picture, FRONTAL_FILE, DETECT_SIDE, neighbours, mirrored=False)
    # the profile cascade finds faces turned to one side; on the mirror image, those turned to the other
    for mirrored in (False, True):
        for box in _found(picture, PROFILE_FILE, PROFILE_SIDE, neighbours + PROFILE_EXTRA_NEIGHBOURS, mirrored):
            if not any(_overlap(box, other) for other in kept):  # a face both cascades see is one face
                kept.append(box)
    return sorted(kept, key=lambda box: box.width * box.height, reverse=True)[:MAX_FACES]


def _found(picture: Image.Image, file: str, side: int, neighbours: int, mirrored: bool) -> list[FaceBox]:
    """What one cascade finds in the picture looked at with its longest side at most `side` (mirrored: in its mirror
    image, given back in the picture's own pixels)."""
    scale = min(1.0, side / max(picture.size))
    small = picture.convert("L")
    if scale < 1:
        small = small.resize((max(1, round(picture.width * scale)), max(1, round(picture.height * scale))),
                             Image.Resampling.BILINEAR)
    grey = cv2.equalizeHist(np.asarray(small))
    if mirrored:
        grey = np.ascontiguousarray(grey[:, ::-1])
    least = max(24, round(min(small.size) * MIN_FACE_SHARE))
    found = _detector(file).detectMultiScale(grey, scaleFactor=1.1, minNeighbors=neighbours, minSize=(least, least))
    return [FaceBox(round(((small.width - x - w) if mirrored else x) / scale), round(y / scale), round(w / scale),
                    round(h / scale)) for x, y, w, h in (found if len(found) else [])]


def _overlap(one: FaceBox, other: FaceBox) -> bool:
    """The centre of either box lies inside the other."""
    def inside(box: FaceBox, centre: FaceBox) -> bool:
        x, y = centre.x + centre.width / 2, centre.y + centre.height / 2
        return box.x <= x <= box.x + box.width and box.y <= y <= box.y + box.height

    return inside(one, other) or inside(other, one)


def face_crop(face: FaceBox, size: tuple[int, int], padding: int) -> FaceCrop:
    """A square around the face, `padding` pixels wider on every side, moved (not cut) to stay inside the picture
    of `size`; as large as the picture's shorter side at most."""
    width, height = size
    side = min(max(face.width, face.height) + 2 * padding, width, height)
    centre_x, centre_y = face.x + face.width / 2, face.y + face.height / 2
    left = min(max(0, round(centre_x - side / 2)), width - side)
    top = min(max(0, round(centre_y - side / 2)), height - side)
    return FaceCrop(left, top, side, FaceBox(face.x - left, face.y - top, face.width, face.height))


def feathered_mask(crop: FaceCrop, fix: FaceFix) -> Image.Image:
    """The crop's mask: the face box grown by `dilate`, its edge blurred by `mask_blur` (white repaints)."""
    mask = Image.new("L", (crop.side, crop.side), 0)
    face = crop.face
    box = (face.x - fix.dilate, face.y - fix.dilate, face.x + face.width + fix.dilate,
           face.y + face.height + fix.dilate)
    mask.paste(255, tuple(min(max(0, value), crop.side) for value in box))  # type: ignore[arg-type]
    return mask.filter(ImageFilter.GaussianBlur(fix.mask_blur)) if fix.mask_blur else mask


def crop_inputs(picture: Path, crop: FaceCrop, fix: FaceFix, native: tuple[int, int], folder: Path,
                name: str) -> tuple[Path, Path]:
    """The crop and its mask, scaled to the model's native size, written into `folder` as the face pass's input
    picture and mask: the mask sd.cpp gets covers every pixel the feathered mask touches."""
    source = open_rgb(picture)
    square = source.crop((crop.left, crop.top, crop.left + crop.side, crop.top + crop.side))
    covered = feathered_mask(crop, fix).point(lambda value: 255 if value > 0 else 0)
    image_path = save_whole(square.resize(native, Image.Resampling.LANCZOS), folder / f"{name}.png")
    mask_path = save_whole(covered.resize(native, Image.Resampling.NEAREST), folder / f"{name}-mask.png")
    return image_path, mask_path


def paste_face(picture: Path, repainted: Path, crop: FaceCrop, fix: FaceFix) -> None:
    """Put the repainted crop back into the picture, in place, through the feathered mask: outside it every pixel
    stays the picture's own (inpainting's keep_outside_mask)."""
    original = open_rgb(picture)
    with Image.open(repainted) as made:
        face = made.convert("RGB").resize((crop.side, crop.side), Image.Resampling.LANCZOS)
    canvas = original.copy()
    canvas.paste(face, (crop.left, crop.top))
    where = Image.new("L", original.size, 0)
    where.paste(feathered_mask(crop, fix), (crop.left, crop.top))
    whole_mask = picture.with_name(picture.stem + "-facemask.png")
    kept = picture.with_name(picture.stem + "-kept.png")
    try:
        save_whole(where, whole_mask)
        save_whole(original, kept)
        save_whole(canvas, picture)
        keep_outside_mask(picture, kept, whole_mask)
    finally:
        whole_mask.unlink(missing_ok=True)
        kept.unlink(missing_ok=True)


def no_face_words() -> str:
    return translate("Faces", "Fix faces: no face found in the picture; it is kept as drawn.")


def faces_found_words(count: int) -> str:
    return translate("Faces", "Fix faces: {count} face(s) found; repainting each.").format(count=count)


def a1111_face_fields(fix: FaceFix) -> dict[str, str]:
    """The keys A1111's ADetailer writes into a picture's parameters text, for the fix as it ran."""
    fields = {"ADetailer model": DETECTOR_NAME, "ADetailer confidence": f"{fix.confidence:g}",
              "ADetailer dilate erode": str(fix.dilate), "ADetailer mask blur": str(fix.mask_blur),
              "ADetailer denoising strength": f"{fix.strength:g}", "ADetailer inpaint only masked": "True",
              "ADetailer inpaint padding": str(fix.padding)}
    if fix.prompt:
        fields["ADetailer prompt"] = fix.prompt
    if fix.negative_prompt:
        fields["ADetailer negative prompt"] = fix.negative_prompt
    if fix.steps:
        fields["ADetailer steps"] = str(fix.steps)
    return fields


# --- A1111's ADetailer in its API: `alwayson_scripts.ADetailer.args` ------------------------------------------
# its settings we honour, by its names, and the FaceFix field each sets
_AD_READ = {"ad_denoising_strength": "strength", "ad_confidence": "confidence", "ad_mask_blur": "mask_blur",
            "ad_dilate_erode": "dilate", "ad_inpaint_only_masked_padding": "padding", "ad_prompt": "prompt",
            "ad_negative_prompt": "negative_prompt"}
# settings that ask for nothing when they have these values (ADetailer's defaults, or off)
_AD_QUIET: dict[str, tuple[object, ...]] = {
    "ad_model": (), "ad_tab_enable": (True,), "ad_model_classes": ("",), "ad_mask_k": (0,), "ad_mask_k_largest": (0,),
    "ad_mask_filter_method": ("Area",), "ad_mask_min_ratio": (0, 0.0), "ad_mask_max_ratio": (1, 1.0),
    "ad_x_offset": (0,), "ad_y_offset": (0,), "ad_mask_merge_invert": ("None",), "ad_inpaint_only_masked": (True,),
    "ad_use_inpaint_width_height": (False,), "ad_inpaint_width": (), "ad_inpaint_height": (), "ad_use_steps": (),
    "ad_steps": (), "ad_use_cfg_scale": (False,), "ad_cfg_scale": (), "ad_use_checkpoint": (False,),
    "ad_checkpoint": (None, "Use same checkpoint"), "ad_use_vae": (False,), "ad_vae": (None, "Use same VAE"),
    "ad_use_sampler": (False,), "ad_sampler": (), "ad_scheduler": (), "ad_use_noise_multiplier": (False,),
    "ad_noise_multiplier": (), "ad_use_clip_skip": (False,), "ad_clip_skip": (), "ad_restore_face": (False,),
    "ad_controlnet_model": ("None", None), "ad_controlnet_module": ("None", None), "ad_controlnet_weight": (),
    "ad_controlnet_guidance_start": (), "ad_controlnet_guidance_end": ()}


def face_fix_from_adetailer(entry: object) -> tuple[FaceFix | None, list[str]]:
    """The face fix an A1111 client asks for with `alwayson_scripts.ADetailer` (`{"args": [true, false, {...}]}`,
    as ADetailer's API reads it: switches, then one object per detector tab), and notes naming what cannot be
    honoured here. None when it is switched off. Never refuses: what we cannot do is said and left out."""
    arguments = entry.get("args", []) if isinstance(entry, dict) else entry
    if not isinstance(arguments, list) or not arguments or arguments[0] is not True:
        return None, []
    tabs = [tab for tab in arguments[1:] if isinstance(tab, dict)]
    tabs = [tab for tab in tabs if tab.get("ad_tab_enable", True) is not False
            and str(tab.get("ad_model", "None")) != "None"] or ([{}] if not tabs else [])
    if not tabs:
        return None, []
    notes: list[str] = []
    chosen = next((tab for tab in tabs if "face" in str(tab.get("ad_model", "face")).lower()), None)
    for tab in tabs:
        if tab is not chosen:
            notes.append(f"ADetailer: only faces are found here; the {tab.get('ad_model')!r} detector was left out")
    if chosen is None:
        return None, notes
    model = chosen.get("ad_model")
    if model and model != DETECTOR_NAME:
        notes.append(f"ADetailer: faces are found with OpenCV's face detector ({DETECTOR_NAME}) instead of "
                     f"{model!r}")
    values: dict[str, object] = {}
    ignored = []
    for key, value in chosen.items():
        if key in _AD_READ:
            values[_AD_READ[key]] = value
        elif key == "ad_steps" and chosen.get("ad_use_steps"):
            values["steps"] = value
        elif key in _AD_QUIET and (not _AD_QUIET[key] or value in _AD_QUIET[key]):
            continue
        elif key not in ("ad_use_steps",):
            ignored.append(key)
    if ignored:
        notes.append(f"ADetailer: left out, not done here: {', '.join(ignored)}")
    try:
        fix = FaceFix(strength=float(values.get("strength", 0.4)),  # type: ignore[arg-type]
                      confidence=float(values.get("confidence", 0.3)),  # type: ignore[arg-type]
                      padding=int(values.get("padding", 32)),  # type: ignore[call-overload]
                      mask_blur=int(values.get("mask_blur", 4)),  # type: ignore[call-overload]
                      dilate=int(values.get("dilate", 4)),  # type: ignore[call-overload]
                      prompt=str(values.get("prompt") or ""), negative_prompt=str(values.get("negative_prompt") or ""),
                      steps=int(values.get("steps", 0)))  # type: ignore[call-overload]
        check_face_fix(fix)
    except (TypeError, ValueError) as error:
        notes.append(f"ADetailer: its settings cannot be read ({error}); faces are fixed with its defaults")
        fix = FaceFix()
    return fix, notes


def adetailer_script(fix: FaceFix) -> dict[str, object]:
    """The face fix as `alwayson_scripts.ADetailer` for another computer's A1111 API (ours reads it back)."""
    tab: dict[str, object] = {"ad_model": DETECTOR_NAME, "ad_denoising_strength": fix.strength,
                              "ad_confidence": fix.confidence, "ad_mask_blur": fix.mask_blur,
                              "ad_dilate_erode": fix.dilate, "ad_inpaint_only_masked_padding": fix.padding,
                              "ad_prompt": fix.prompt, "ad_negative_prompt": fix.negative_prompt}
    if fix.steps:
        tab.update(ad_use_steps=True, ad_steps=fix.steps)
    return {"args": [True, False, tab]}
