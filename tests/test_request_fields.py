"""Each declared request field (request.REQUEST_FIELDS) goes everywhere a request goes and comes back the same: the
command line, the window's row, sd.cpp's argv, the picture's JSON and A1111 text, the draft's reuse, and a job sent
to another computer as the A1111 API reads it. A new field is held here by its declaration alone, with a sample."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.__main__ import command_line
from app.api.fields import InstalledModel, Pictures, a1111_requests
from app.cli.request_options import request_from_args
from app.core.gallery.metadata import (
    a1111_parameters,
    generation_fields,
    job_details,
    settings_from_png,
    write_metadata,
)
from app.core.generation.command import build_argv
from app.core.generation.fields import Reuse
from app.core.generation.request import REQUEST_FIELDS, GenerationRequest
from app.core.models.backend_caps import parse_help
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.queue.nodes import a1111_job
from app.ui.prompt_panel import PromptPanel
from tests.helpers.captures import load

# a value of each field that is none of its defaults (a new field adds its own)
SAMPLES = {"steps": 9, "sampler": "dpm++2m", "scheduler": "karras", "cfg_scale": 4.5, "seed": 1234, "width": 640,
           "height": 384, "strength": 0.4, "clip_skip": 2, "eta": 0.3}
CAPS = parse_help(load("help").stdout.decode())
MODEL = InstalledModel("SD 1.5", ModelFiles(model=Path("/m/sd15.safetensors")), ModelFamily.SD1, steps=20)


def test_every_field_has_a_sample() -> None:
    assert set(SAMPLES) == set(REQUEST_FIELDS)


def asking(name: str, tmp_path: Path) -> GenerationRequest:
    """A request of an input picture (strength repaints one) with the field's sample."""
    return GenerationRequest("a fox", models=MODEL.files, family=MODEL.family, memory=MemoryFlags(),
                             init_image=tmp_path / "in.png", **{"seed": 7, name: SAMPLES[name]})


@pytest.mark.parametrize("name", REQUEST_FIELDS)
def test_the_command_line_and_sd_cpp_get_it(name: str, tmp_path: Path) -> None:
    declared = REQUEST_FIELDS[name]
    typed = str(declared.named(SAMPLES[name]))  # as A1111 says it: the sampler "DPM++ 2M"
    args = command_line().parse_args(["generate", "--prompt", "a fox", declared.option(name), typed])
    assert getattr(request_from_args(args), name) == SAMPLES[name]
    argv = build_argv(Path("sd-cli"), asking(name, tmp_path), CAPS, Path("o.png"))
    assert argv[argv.index(declared.flag) + 1] == declared.sd_text(SAMPLES[name])


@pytest.mark.parametrize("name", REQUEST_FIELDS)
def test_the_picture_says_it_and_reuse_puts_it_back_in_the_window(name: str, tmp_path: Path, qtbot: QtBot) -> None:
    declared, asked = REQUEST_FIELDS[name], asking(name, tmp_path)
    picture = tmp_path / "made.png"
    Image.new("RGB", (8, 8)).save(picture)
    write_metadata(picture, a1111_parameters(asked.prompt, "", generation_fields(asked, None, [], "test")),
                   job_details(asked, [], False, {}, 1.0))
    ours = settings_from_png(picture)
    assert ours is not None and ours.values[name] == SAMPLES[name]
    write_metadata(picture, a1111_parameters(asked.prompt, "", generation_fields(asked, None, [], "test")), {})
    a1111s = settings_from_png(picture)  # A1111's own picture: its text alone
    assert a1111s is not None and a1111s.values.get(name) == (SAMPLES[name] if declared.reads_png else None)
    panel = PromptPanel()
    qtbot.addWidget(panel)
    panel.draft.reuse(dataclasses.replace(ours, init_image=None))
    if declared.reuse is not Reuse.NEVER and not declared.needs:
        assert getattr(panel.draft.request, name) == SAMPLES[name]
    if declared.row:  # its row in Advanced
        panel.rows.set_value(name, SAMPLES[name])
        assert getattr(panel.draft.request, name) == SAMPLES[name]


@pytest.mark.parametrize("name", REQUEST_FIELDS)
def test_another_computer_is_sent_it_and_reads_it(name: str, tmp_path: Path) -> None:
    asked = asking(name, tmp_path)
    [drawn], notes = a1111_requests(a1111_job(asked, MODEL.title), MODEL, Path("/loras"),
                                    Pictures(init_image=asked.init_image), random.Random(0), ())
    assert notes == [] and getattr(drawn, name) == SAMPLES[name]
