"""Fix faces' pure parts on real pictures: the detector on a NASA photograph (a face), a cameraman turned to a
side (a face), a photograph without people and our own designed icons (none), the crop's geometry, and the
paste-back that keeps every pixel outside the feathered mask exactly.

tests/data/faces/astronaut.png: NASA's portrait of astronaut Eileen Collins (NASA Great Images, public domain),
as scikit-image ships it (skimage/data/astronaut.png); coffee.png: a cup of coffee, CC0 by Rachel Michetti, also
from scikit-image's data; camera.png: scikit-image's cameraman, CC0 by Lav Varshney (skimage/data/camera.png).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.core.generation.faces import (
    FaceBox,
    FaceFix,
    FaceFixRejected,
    a1111_face_fields,
    check_face_fix,
    crop_inputs,
    detect_faces,
    face_crop,
    feathered_mask,
    paste_face,
)

DATA = Path(__file__).parents[2] / "data" / "faces"
ICONS = Path(__file__).parents[3] / "resources" / "icons"


@pytest.mark.windows
@pytest.mark.parametrize("size", [None, (1024, 1024), (1536, 1536)])
def test_the_astronaut_has_one_face_at_any_size(size: tuple[int, int] | None) -> None:
    picture = Image.open(DATA / "astronaut.png").convert("RGB")
    if size:
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    scale = picture.width / 512
    faces = detect_faces(picture)
    assert len(faces) == 1
    face = faces[0]
    # Eileen Collins' face: about x 175-270, y 65-160 in the 512 px photograph
    assert abs(face.x / scale - 177) < 15 and abs(face.y / scale - 67) < 15
    assert 75 < face.width / scale < 115


@pytest.mark.windows
@pytest.mark.parametrize("size", [None, (640, 640), (1024, 1024), (2048, 2048)])
def test_the_cameramans_turned_face_is_found(size: tuple[int, int] | None) -> None:
    # he looks into his camera side-on: the frontal cascade misses him, the profile one on the mirror image finds him
    picture = Image.open(DATA / "camera.png").convert("RGB")
    if size:
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    scale = picture.width / 512
    [face] = detect_faces(picture)
    # his face: about x 185-265, y 110-190 in the 512 px photograph (the camera beside it, from x 250)
    assert abs(face.x / scale - 190) < 12 and abs(face.y / scale - 117) < 12
    assert 60 < face.width / scale < 90


@pytest.mark.parametrize("picture", [DATA / "coffee.png", *sorted(ICONS.glob("*.png"))], ids=lambda p: p.name)
def test_no_face_in_a_photograph_without_people_nor_in_our_icons(picture: Path) -> None:
    assert detect_faces(Image.open(picture).convert("RGB")) == []


def test_a_flat_picture_has_no_face() -> None:
    assert detect_faces(Image.new("RGB", (1024, 1024), (200, 180, 160))) == []


@pytest.mark.parametrize(("face", "size", "padding", "expected"), [
    (FaceBox(200, 100, 100, 100), (1024, 1024), 32, (168, 68, 164)),  # centred, padded on every side
    (FaceBox(0, 0, 80, 100), (512, 512), 32, (0, 0, 164)),  # at the corner: moved in, not cut
    (FaceBox(450, 450, 60, 60), (512, 512), 32, (388, 388, 124)),  # the other corner
    (FaceBox(10, 10, 480, 300), (512, 384), 64, (58, 0, 384)),  # larger than the picture: its shorter side
])
def test_the_crop_is_a_square_inside_the_picture(face: FaceBox, size: tuple[int, int], padding: int,
                                                   expected: tuple[int, int, int]) -> None:
    crop = face_crop(face, size, padding)
    assert (crop.left, crop.top, crop.side) == expected
    assert crop.left + crop.side <= size[0] and crop.top + crop.side <= size[1]
    assert (crop.face.x + crop.left, crop.face.y + crop.top) == (face.x, face.y)


def test_the_mask_is_feathered_around_the_face() -> None:
    crop = face_crop(FaceBox(100, 100, 100, 100), (512, 512), 32)
    mask = np.asarray(feathered_mask(crop, FaceFix(mask_blur=4, dilate=4)))
    assert mask[crop.side // 2, crop.side // 2] == 255
    assert mask[0, 0] == 0
    assert 0 < mask[crop.side // 2, crop.face.x - 4] < 255  # the edge is a slope, not a step
    hard = np.asarray(feathered_mask(crop, FaceFix(mask_blur=0, dilate=0)))
    assert set(np.unique(hard)) == {0, 255}


def test_crop_inputs_are_at_the_native_size_and_the_mask_covers_the_feather(tmp_path: Path) -> None:
    picture = DATA / "astronaut.png"
    face = detect_faces(Image.open(picture))[0]
    fix = FaceFix()
    crop = face_crop(face, (512, 512), fix.padding)
    image, mask = crop_inputs(picture, crop, fix, (1024, 1024), tmp_path, "face-0")
    with Image.open(image) as made, Image.open(mask) as where:
        assert made.size == where.size == (1024, 1024)
        assert made.mode == "RGB"
        covered = np.asarray(where.convert("L"))
    assert set(np.unique(covered)) == {0, 255}
    feather = np.asarray(feathered_mask(crop, fix).resize((1024, 1024), Image.Resampling.NEAREST))
    assert np.all(covered[feather > 0] == 255)


@pytest.mark.windows
def test_the_paste_back_keeps_every_pixel_outside_the_mask(tmp_path: Path) -> None:
    """A real photograph; the 'repainted' face a real, different picture (the coffee): outside the feathered mask
    not one pixel changes, inside it the picture does."""
    picture = tmp_path / "astronaut.png"
    picture.write_bytes((DATA / "astronaut.png").read_bytes())
    before = np.asarray(Image.open(picture).convert("RGB")).copy()
    fix = FaceFix()
    crop = face_crop(detect_faces(Image.open(picture))[0], (512, 512), fix.padding)
    repainted = tmp_path / "repainted.png"
    Image.open(DATA / "coffee.png").convert("RGB").resize((1024, 1024)).save(repainted)
    paste_face(picture, repainted, crop, fix)
    after = np.asarray(Image.open(picture).convert("RGB"))
    where = np.zeros((512, 512), dtype=np.uint8)
    mask = np.asarray(feathered_mask(crop, fix))
    where[crop.top:crop.top + crop.side, crop.left:crop.left + crop.side] = mask
    outside = where == 0
    assert outside.sum() > 200_000
    assert np.array_equal(after[outside], before[outside])
    inside = where == 255
    assert np.abs(after[inside].astype(int) - before[inside]).mean() > 20
    assert sorted(path.name for path in tmp_path.glob("*.png")) == ["astronaut.png", "repainted.png"]


def test_settings_are_checked_in_words() -> None:
    check_face_fix(FaceFix())
    with pytest.raises(FaceFixRejected, match="strength"):
        check_face_fix(FaceFix(strength=0))
    with pytest.raises(FaceFixRejected, match="confidence"):
        check_face_fix(FaceFix(confidence=1.5))


def test_the_png_keys_are_adetailers() -> None:
    fields = a1111_face_fields(FaceFix(strength=0.35, prompt="a smiling face"))
    assert fields["ADetailer denoising strength"] == "0.35"
    assert fields["ADetailer confidence"] == "0.3"
    assert fields["ADetailer model"].startswith("opencv")
    assert fields["ADetailer prompt"] == "a smiling face"
