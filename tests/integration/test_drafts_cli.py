"""`python -m app generate --drafts N`, then `python -m app finish PICTURE`, with the real Vulkan sd.cpp on lavapipe
and the tiny demo model: the drafts at half the size and steps with their seeds, the finish at the full size from
the picked one, with its seed and the record of where it came from: drawn again with the hires fix by the draft's
model, redrawn from the picture (img2img) by another."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from app.core.gallery.metadata import parse_parameters, read_parameters_text, settings_fields
from app.core.generation.drafts import FINISH_STRENGTH
from tests.helpers.cli import generate_argv, run_generate


@pytest.mark.full
def test_two_drafts_then_the_second_finished(sd_cli: Path, tiny_model, out_dir: Path, tmp_path: Path) -> None:
    model, taesd = tiny_model
    drafts = run_generate(generate_argv("a red door", model, taesd, out_dir, "--width", "128", "--height", "128",
                                        "--steps", "4", "--seed", "5", "--drafts", "2"), timeout=600)
    assert drafts.exit_code == 0, drafts.stderr
    pictures = [Path(image["path"]) for image in drafts.of("image")]
    for picture, seed in zip(pictures, (5, 6), strict=True):
        with Image.open(picture) as made:
            assert made.size == (64, 64)
            details = json.loads(made.text["polaris"])
        assert (details["seed"], details["steps"], details["draft_of"]) == (
            seed, 2, {"width": 128, "height": 128, "steps": 4})
    assert "note: 2 drafts in " in drafts.stderr and ", then the one you pick in " in drafts.stderr
    # no model given: the draft's own
    argv = generate_argv(None, model, taesd, out_dir)
    argv = [*argv[:argv.index("generate")], "finish", str(pictures[1]), "--events", "--clip-on-cpu",
            "--vae-on-cpu", "--out", str(out_dir)]
    finished = run_generate(argv, timeout=600)
    assert finished.exit_code == 0, finished.stderr
    assert "note: finishing at 128x128, its draft drawn again and enlarged (hires fix)" in finished.stderr
    [image] = finished.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (128, 128)
        details = json.loads(made.text["polaris"])
    # the draft again (its seed and steps), then sd.cpp's hires fix to the exact full size, sampling as many steps
    # as the img2img finish would: no input picture, so no encoder
    assert (details["seed"], details["steps"], "init_image" in details) == (6, 2, False)
    assert details["hires"] == {"scale": 2.0, "denoising_strength": FINISH_STRENGTH,
                                "steps": int(4 * FINISH_STRENGTH), "width": 128, "height": 128}
    assert details["finished_from"] == str(pictures[1]) and "draft_of" not in details
    text = read_parameters_text(Path(image["path"]))
    assert text is not None
    fields = settings_fields(parse_parameters(text).settings)
    assert fields["Finished from"] == pictures[1].name and fields["Seed"] == "6"
    assert fields["Hires resize"] == "128x128"
    # sd.cpp samples the draft's steps, then the second pass's: as the time model prices them
    assert [p["steps"] for p in finished.of("progress")][-1] == int(4 * FINISH_STRENGTH) + 1
    # with another model than the draft's it cannot be drawn again: redrawn from the picture (img2img)
    other = tmp_path / "another_model.gguf"
    shutil.copyfile(model, other)
    redrawn = run_generate([*argv, "--model", str(other), "--taesd", str(taesd)], timeout=600)
    assert redrawn.exit_code == 0, redrawn.stderr
    assert "note: finishing at 128x128, redrawn from the picture itself (img2img" in redrawn.stderr
    [image] = redrawn.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (128, 128)
        details = json.loads(made.text["polaris"])
    assert (details["seed"], details["steps"], details["strength"]) == (6, 4, FINISH_STRENGTH)
    assert "hires" not in details and details["finished_from"] == str(pictures[1])
    # sd.cpp samples the strength's share of the steps from the draft, and one more: as the time model prices it
    assert [p["steps"] for p in redrawn.of("progress")][-1] == int(4 * FINISH_STRENGTH) + 1
