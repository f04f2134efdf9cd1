"""Extending a picture (outpainting): the grown size on the family's multiple and within the limits, said in
words; the canvas and its mask; the composite that keeps every pixel of the picture; the request, its queue
file and its metadata."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.core.gallery.metadata import a1111_parameters, generation_fields, job_details
from app.core.generation.command import build_argv
from app.core.generation.extend import (
    Extension,
    ExtensionRejected,
    extension_canvas,
    extension_mask,
    fit_extension,
    parse_extension,
)
from app.core.generation.input_image import keep_outside_mask
from app.core.generation.job_pictures import copy_job_pictures
from app.core.generation.request import MAX_SIDE, MIN_SIDE, GenerationRequest, HiresFix, InvalidRequest, validate
from app.core.models.backend_caps import parse_help
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.queue.jobs import (
    Job,
    JobState,
    jobs_from_json,
    load_queue,
    queue_json,
    request_from_json,
    request_json,
    save_queue,
)
from app.core.queue.nodes import a1111_job
from tests.helpers.captures import load
from tests.helpers.model_headers import write_gguf


def noise(size: tuple[int, int], seed: int = 0) -> Image.Image:
    return Image.fromarray(np.random.default_rng(seed).integers(0, 256, (size[1], size[0], 3), dtype=np.uint8))


@pytest.mark.parametrize(("size", "asked", "multiple", "fitted", "said"), [
    # on the multiple already: as asked, nothing said
    ((512, 512), Extension(left=128), 64, Extension(left=128), []),
    ((512, 512), Extension(down=64, up=16), 16, Extension(down=64, up=16), []),
    # rounded up on the side that grows
    ((512, 512), Extension(left=100), 64, Extension(left=128), ["28 more pixels on the left, so that the width, "
                                                                "640, is a multiple of 64"]),
    # both sides grow: the extra is shared
    ((512, 512), Extension(left=10, right=10), 64, Extension(left=32, right=32), ["44 more pixels on the left and "
                                                                                  "right"]),
    # a picture off the multiple: the side that does not grow is rounded up at the right or bottom
    ((500, 300), Extension(left=64), 64, Extension(left=76, down=20), ["12 more pixels on the left",
                                                                       "20 more pixels on the bottom, so that the "
                                                                       "height, 320, is a multiple of 64"]),
    ((500, 300), Extension(up=20), 16, Extension(up=20, right=12), ["12 more pixels on the right, so that the "
                                                                    "width, 512, is a multiple of 16"]),
    # a tiny picture grows to the smallest side the app draws
    ((16, 16), Extension(right=8), 16, Extension(right=48, down=48), ["40 more pixels on the right",
                                                                      "48 more pixels on the bottom"]),
])
def test_the_grown_size_is_on_the_multiple_and_says_what_it_added(size, asked, multiple, fitted, said) -> None:
    extension, notes = fit_extension(size, asked, multiple, MIN_SIDE, MAX_SIDE)
    assert extension == fitted
    width, height = extension.grown(size)
    assert width % multiple == height % multiple == 0
    assert len(notes) == len(said)
    for note, words in zip(notes, said, strict=True):
        assert note.startswith(words)


@pytest.mark.parametrize(("size", "asked", "message"), [
    ((2000, 512), Extension(left=64), r"\(2000x512\) would grow to 2112x512; the largest side is 2048"),
    ((512, 1984), Extension(down=65), "would grow to 512x2112"),
    ((512, 512), Extension(), "at least one side"),
    ((512, 512), Extension(left=-64, right=128), "positive number"),
])
def test_a_canvas_past_the_limits_is_refused_in_words(size, asked, message) -> None:
    with pytest.raises(ExtensionRejected, match=message):
        fit_extension(size, asked, 64, MIN_SIDE, MAX_SIDE)


@pytest.mark.parametrize(("text", "extension"), [
    ("left=128", Extension(left=128)),
    ("left=128,down=64", Extension(left=128, down=64)),
    (" Up = 16 , right=32 ", Extension(up=16, right=32)),
])
def test_an_extension_is_read_from_sides_and_pixels(text: str, extension: Extension) -> None:
    assert parse_extension(text) == extension


@pytest.mark.parametrize(("text", "message"), [
    ("left", "write the sides and pixels as left=128,down=64"),
    ("sideways=64", "cannot read"),
    ("left=64,left=32", "left is given twice"),
    ("down=lots", "whole number"),
])
def test_an_unreadable_extension_says_how_to_write_it(text: str, message: str) -> None:
    with pytest.raises(ExtensionRejected, match=message):
        parse_extension(text)


@pytest.mark.parametrize("extension", [Extension(left=64), Extension(right=48, down=16),
                                       Extension(left=8, right=24, up=40, down=16)])
def test_the_canvas_holds_the_picture_exactly_and_the_mask_is_the_new_area(extension: Extension) -> None:
    picture = noise((96, 80))
    canvas, mask = extension_canvas(picture, extension, seed=7), extension_mask(picture.size, extension)
    assert canvas.size == mask.size == extension.grown(picture.size)
    where = (extension.left, extension.up, extension.left + 96, extension.up + 80)
    assert canvas.crop(where).tobytes() == picture.tobytes()
    white = np.asarray(mask) == 255
    assert not white[where[1]:where[3], where[0]:where[2]].any()  # no overlap into the picture
    assert white.sum() == mask.width * mask.height - 96 * 80  # every new pixel is repainted
    assert set(np.unique(np.asarray(mask))) == {0, 255}


def test_the_new_area_starts_from_the_edge_colours_with_grain() -> None:
    picture = Image.new("RGB", (64, 64), (200, 40, 40))
    picture.paste((40, 40, 200), (0, 32, 64, 64))  # red above, blue below
    canvas = np.asarray(extension_canvas(picture, Extension(left=64), seed=1)).astype(int)
    new = canvas[:, :48]  # away from the picture's edge
    assert new[:16].mean(axis=(0, 1))[0] > 150 > new[:16].mean(axis=(0, 1))[2]  # red stretched out of red
    assert new[-16:].mean(axis=(0, 1))[2] > 150 > new[-16:].mean(axis=(0, 1))[0]
    assert new[:16].std(axis=(0, 1)).max() > 3  # not one flat colour: grain for the model to start from
    same = np.asarray(extension_canvas(picture, Extension(left=64), seed=1)).astype(int)
    assert (same == canvas).all()  # the same job makes the same canvas


def test_the_composite_keeps_every_original_pixel_and_takes_the_new_area_from_the_result(tmp_path: Path) -> None:
    picture, extension = noise((80, 64), 1), Extension(left=48, down=32)
    canvas, mask = tmp_path / "canvas.png", tmp_path / "mask.png"
    extension_canvas(picture, extension, 3).save(canvas)
    extension_mask(picture.size, extension).save(mask)
    drawn = noise(extension.grown(picture.size), 2)  # what the model gives back: every pixel changed
    result = tmp_path / "result.png"
    drawn.save(result)
    keep_outside_mask(result, canvas, mask)
    with Image.open(result) as made:
        final = made.convert("RGB")
    assert final.size == (128, 96)
    assert final.crop((48, 0, 128, 64)).tobytes() == picture.tobytes()
    new = np.asarray(extension_mask(picture.size, extension)) == 255
    assert (np.asarray(final)[new] == np.asarray(drawn)[new]).all()


@pytest.fixture
def model(tmp_path: Path) -> Path:
    return write_gguf(tmp_path / "model.gguf", {"some.weight": ((64, 64), "f16")})


def extend_request(model: Path, source: Path, **changes) -> GenerationRequest:
    base = GenerationRequest(prompt="a lighthouse", models=ModelFiles(model=model), memory=MemoryFlags(), seed=5,
                             family=ModelFamily.FLUX, init_image=source, extend=Extension(left=100, down=64))
    return dataclasses.replace(base, **changes)


def test_a_request_runs_at_the_grown_size_and_says_what_it_added(tmp_path: Path, model: Path) -> None:
    source = tmp_path / "pic.png"
    noise((200, 120)).save(source)
    # the shape boxes' own size does not count: the canvas is the picture's size and the sides it grows by
    checked, notes = validate(extend_request(model, source, width=1024, height=1024, size_from_input=False))
    assert checked.extend == Extension(left=104, down=72)
    assert (checked.width, checked.height) == (304, 192)
    assert "4 more pixels on the left" in notes[0] and "8 more pixels on the bottom" in notes[1]
    assert validate(checked)[0] == checked  # checked twice, it stays the same


@pytest.mark.parametrize(("changes", "message"), [
    ({"init_image": None}, "needs a picture to extend"),
    ({"mask": "mask"}, "makes its own mask"),
    ({"hires": HiresFix()}, "cannot use hires fix"),
    ({"extend": Extension(right=2000)}, "would grow to 2208x128"),
])
def test_an_extension_the_job_cannot_keep_is_refused(tmp_path: Path, model: Path, changes, message) -> None:
    source = tmp_path / "pic.png"
    noise((200, 120)).save(source)
    if changes.get("mask") == "mask":
        changes["mask"] = source
    with pytest.raises(InvalidRequest, match=message):
        validate(extend_request(model, source, **changes))


def test_the_job_draws_from_a_canvas_and_mask_in_its_own_folder(tmp_path: Path, model: Path) -> None:
    source = tmp_path / "pic.png"
    Image.new("RGBA", (200, 120), (10, 200, 30, 255)).save(source)  # a picture with a see-through layer
    checked, _ = validate(extend_request(model, source))
    job = tmp_path / "job"
    job.mkdir()
    running = copy_job_pictures(checked, job)
    assert (running.init_image, running.mask) == (job / "input.png", job / "mask.png")
    with Image.open(running.init_image) as canvas, Image.open(running.mask) as mask:
        assert canvas.mode == "RGB" and canvas.size == mask.size == (checked.width, checked.height)
        assert (np.asarray(canvas)[:120, 104:] == (10, 200, 30)).all()
    argv = build_argv(Path("sd-cli"), running, parse_help(load("help").stdout.decode()), Path("out.png"))
    assert argv[argv.index("--init-img") + 1] == str(job / "input.png")
    assert argv[argv.index("--mask") + 1] == str(job / "mask.png")
    assert argv[argv.index("--width") + 1] == "304"


def test_an_extension_survives_the_queue_file_and_an_old_file_still_loads(tmp_path: Path, model: Path) -> None:
    request = extend_request(model, tmp_path / "pic.png")
    document = json.loads(json.dumps(queue_json([Job(request)])))
    assert document["jobs"][0]["request"]["extend"] == {"left": 100, "right": 0, "up": 0, "down": 64}
    [back] = jobs_from_json(document)
    assert back.request == request
    # the app ended while it ran: it comes back waiting, to grow the same picture again from the start
    save_queue(tmp_path / "queue.json", [Job(request, state=JobState.RUNNING)])
    [again] = load_queue(tmp_path / "queue.json", datetime.now()).jobs
    assert again.state is JobState.WAITING and again.held and again.request == request
    old = request_json(dataclasses.replace(request, extend=None))
    del old["extend"]  # a queue file written before extensions
    assert request_from_json(old).extend is None


def test_the_metadata_says_how_the_picture_grew(tmp_path: Path, model: Path) -> None:
    request = dataclasses.replace(extend_request(model, tmp_path / "job" / "input.png"), width=320, height=192,
                                  mask=tmp_path / "job" / "mask.png", extend=Extension(left=112, down=72))
    fields = generation_fields(request, None, [], "Polaris Studio test")
    text = a1111_parameters(request.prompt, "", fields)
    assert "Outpaint: left 112 down 72, " in text and "Size: 320x192" in text
    details = job_details(request, [], True, {}, 1.0, extended_from=tmp_path / "pic.png")
    assert details["extend"] == {"left": 112, "right": 0, "up": 0, "down": 72}
    assert details["extended_from"] == str(tmp_path / "pic.png")
    assert details["init_image"] == str(tmp_path / "job" / "input.png")  # reused, the canvas draws it again


def test_another_computer_is_asked_to_keep_the_picture_under_the_mask(tmp_path: Path, model: Path) -> None:
    job = a1111_job(extend_request(model, tmp_path / "pic.png"), None)  # its canvas and mask are added when sent
    assert job["inpainting_fill"] == 1 and job["mask_blur"] == 0 and job["denoising_strength"] == 0.75
