"""`python -m app generate --drafts N`, then `python -m app finish PICTURE`, with the real Vulkan sd.cpp on lavapipe
and the tiny demo model: the drafts at half the size and steps with their seeds, the finish at the full size from
the picked one, with its seed and the record of where it came from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from app.core.gallery.metadata import parse_parameters, read_parameters_text, settings_fields
from app.core.generation.drafts import FINISH_STRENGTH
from tests.helpers.cli import generate_argv, run_generate


@pytest.mark.full
def test_two_drafts_then_the_second_finished(sd_cli: Path, tiny_model, out_dir: Path) -> None:
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
    [image] = finished.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (128, 128)
        details = json.loads(made.text["polaris"])
    assert (details["seed"], details["steps"], details["strength"]) == (6, 4, FINISH_STRENGTH)
    assert details["finished_from"] == str(pictures[1]) and "draft_of" not in details
    text = read_parameters_text(Path(image["path"]))
    assert text is not None
    fields = settings_fields(parse_parameters(text).settings)
    assert fields["Finished from"] == pictures[1].name and fields["Seed"] == "6"
    # sd.cpp samples the strength's share of the steps from the draft, and one more: as the time model prices it
    assert [p["steps"] for p in finished.of("progress")][-1] == int(4 * FINISH_STRENGTH) + 1
