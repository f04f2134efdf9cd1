"""Fix faces end to end with the real Vulkan sd.cpp on lavapipe and the tiny random-weight Flux: random weights
draw no face, so the fix runs on NASA's astronaut photograph (tests/data/faces, public domain) as its source
picture (`fix-faces PICTURE`), and `generate --fix-faces` on a new picture says that no face was found."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.core.gallery.metadata import parse_parameters, read_parameters_text, settings_fields
from app.core.generation.faces import FaceFix, detect_faces, face_crop, feathered_mask
from tests.helpers.cli import run_generate

ASTRONAUT = Path(__file__).parents[1] / "data" / "faces" / "astronaut.png"


@pytest.mark.backend
@pytest.mark.full
@pytest.mark.timeout(1500)  # one pass at Flux's native 1024x1024 on lavapipe: minutes on a busy processor
def test_the_astronauts_face_is_repainted_and_every_other_pixel_kept(sd_cli: Path, tiny_model, out_dir: Path,
                                                                      tmp_path: Path) -> None:
    model, taesd = tiny_model
    picture = tmp_path / "astronaut.png"
    picture.write_bytes(ASTRONAUT.read_bytes())
    run = run_generate([sys.executable, "-m", "app", "fix-faces", str(picture), "--events", "--prompt",
                        "an astronaut's face", "--model", str(model), "--taesd", str(taesd), "--clip-on-cpu",
                        "--vae-on-cpu", "--steps", "1", "--seed", "7", "--face-strength", "0.5", "--out",
                        str(out_dir)], timeout=1400)
    assert run.exit_code == 0, run.stderr
    assert "note: Fix faces: 1 face(s) found" in run.stderr, run.stderr
    # the face's crop went to sd.cpp at the family's native size (Flux: 1024x1024)
    assert "note: Fix faces: repainting a face at 1024x1024" in run.stderr
    [image] = run.of("image")
    made = Path(image["path"])
    before = np.asarray(Image.open(picture).convert("RGB"))
    with Image.open(made) as png:
        assert png.size == (512, 512)
        after = np.asarray(png.convert("RGB"))
    fix = FaceFix(strength=0.5)
    crop = face_crop(detect_faces(Image.open(picture))[0], (512, 512), fix.padding)
    where = np.zeros((512, 512), dtype=np.uint8)
    where[crop.top:crop.top + crop.side, crop.left:crop.left + crop.side] = np.asarray(feathered_mask(crop, fix))
    assert np.array_equal(after[where == 0], before[where == 0])  # outside the mask: the photograph's own pixels
    assert not np.array_equal(after[where == 255], before[where == 255])  # the face: repainted (random weights)
    text = read_parameters_text(made)
    assert text is not None
    fields = settings_fields(parse_parameters(text).settings)
    assert fields["ADetailer denoising strength"] == "0.5"
    assert fields["ADetailer confidence"] == "0.3"
    assert fields["ADetailer model"] == "opencv_haarcascade_frontalface_alt2+profileface"


@pytest.mark.backend
def test_a_new_picture_without_a_face_says_so_and_is_kept(sd_cli: Path, tiny_model, out_dir: Path) -> None:
    model, taesd = tiny_model
    run = run_generate([sys.executable, "-m", "app", "generate", "--events", "--prompt", "a portrait", "--model",
                        str(model), "--taesd", str(taesd), "--clip-on-cpu", "--vae-on-cpu", "--width", "128",
                        "--height", "128", "--steps", "1", "--seed", "3", "--fix-faces", "--keep-suspect", "--out",
                        str(out_dir)])
    assert run.exit_code == 0, run.stderr
    assert "note: Fix faces: no face found in the picture; it is kept as drawn." in run.stderr, run.stderr
    assert run.of("error") == []
    [image] = run.of("image")
    text = read_parameters_text(Path(image["path"]))
    assert text is not None and "ADetailer model: opencv_haarcascade_frontalface_alt2+profileface" in text
