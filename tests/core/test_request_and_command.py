from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from app.core.generation.command import backend_environment, build_argv
from app.core.generation.request import GenerationRequest, InvalidRequest, validate, with_seed
from app.core.models.backend_caps import parse_help
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.system.vulkaninfo import VISIBLE_DEVICES_VARIABLE
from tests.helpers.captures import load
from tests.helpers.model_headers import write_gguf

CAPS = parse_help(load("help").stdout.decode())
HOSTILE_PROMPT = 'say "hi" \'there\'\nnew line ünïcode 灯台 $(echo pwned) `id` ; rm -rf ~ && | > x'


@pytest.fixture
def model(tmp_path: Path) -> Path:
    # a readable GGUF of no known kind: the slot checks let it through and the family stays unknown
    return write_gguf(tmp_path / "model.gguf", {"some.weight": ((64, 64), "f16")})


def request(model: Path, **changes) -> GenerationRequest:
    base = GenerationRequest(prompt="a lighthouse", models=ModelFiles(model=model), memory=MemoryFlags())
    return dataclasses.replace(base, **changes)


def test_argv_is_a_list_with_every_value_as_one_argument(model: Path) -> None:
    valid, _ = validate(request(model, prompt=HOSTILE_PROMPT, negative_prompt="blurry; $(x)", seed=7,
                                width=128, height=128, steps=2, cfg_scale=1.0, sampler="euler",
                                scheduler="karras"))
    argv = build_argv(Path("/opt/sd-cli"), valid, CAPS, Path(".staging-1.png"))  # \opt\sd-cli on Windows
    assert argv[argv.index("--prompt") + 1] == HOSTILE_PROMPT
    assert argv[argv.index("--negative-prompt") + 1] == "blurry; $(x)"
    assert argv == [
        str(Path("/opt/sd-cli")), "--model", str(model), "--prompt", HOSTILE_PROMPT,
        "--negative-prompt", "blurry; $(x)",
        "--width", "128", "--height", "128", "--steps", "2", "--seed", "7", "--cfg-scale", "1",
        "--sampling-method", "euler", "--scheduler", "karras", "--clip-on-cpu", "--vae-on-cpu",
        "--output", ".staging-1.png",
    ]


def test_memory_flags_map_to_backend_flags(model: Path) -> None:
    memory = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, vae_tiling=True, offload_to_cpu=True)
    argv = build_argv(Path("sd-cli"), request(model, seed=1, memory=memory), CAPS, Path("o.png"))
    assert "--vae-tiling" in argv and "--offload-to-cpu" in argv
    assert "--clip-on-cpu" not in argv and "--vae-on-cpu" not in argv


def test_a_flag_the_binary_lacks_is_refused_with_its_name(model: Path) -> None:
    old_caps = dataclasses.replace(CAPS, flags=CAPS.flags - {"--offload-to-cpu"})
    with pytest.raises(InvalidRequest, match="no --offload-to-cpu option"):
        build_argv(Path("sd"), request(model, seed=1, memory=MemoryFlags(offload_to_cpu=True)), old_caps,
                   Path("o.png"))


def test_unseeded_request_gets_a_seed_it_can_record(model: Path) -> None:
    seeded = with_seed(request(model), random.Random(3))
    assert seeded.seed is not None and 0 <= seeded.seed < 2**31
    assert with_seed(request(model, seed=5), random.Random(3)).seed == 5
    with pytest.raises(ValueError, match="no seed"):
        build_argv(Path("sd"), request(model), CAPS, Path("o.png"))
    with pytest.raises(ValueError, match="no memory placement"):
        build_argv(Path("sd"), request(model, seed=1, memory=None), CAPS, Path("o.png"))


@pytest.mark.parametrize(
    ("family", "width", "expected", "note"),
    [
        (ModelFamily.FLUX, 1000, 1008, "width 1000 is not a multiple of 16; using 1008"),
        (ModelFamily.FLUX, 1000 - 8, 992, None),
        (ModelFamily.SD1, 500, 504, "width 500 is not a multiple of 8; using 504"),
        (ModelFamily.UNKNOWN, 130, 128, "width 130 is not a multiple of 16; using 128"),
        (ModelFamily.SDXL, 1024, 1024, None),
    ],
)
def test_sizes_snap_to_the_family_multiple_and_say_so(model: Path, family, width, expected, note) -> None:
    valid, notes = validate(request(model, family=family, width=width))
    assert valid.width == expected
    assert notes == ([note] if note else [])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"width": 0}, "width must be a positive number of pixels, got 0"),
        ({"height": -64}, "height must be a positive number of pixels"),
        ({"width": 32}, "width must be between 64 and 2048"),
        ({"height": 4096}, "height must be between 64 and 2048"),
        ({"prompt": "  \n"}, "the prompt is empty"),
        ({"steps": 0}, "steps must be between 1 and 200"),
        ({"cfg_scale": 0.0}, "cfg scale must be above 0"),
        ({"seed": -5}, "seed must be between 0 and"),
        ({"models": ModelFiles()}, "no model chosen"),
        ({"models": ModelFiles(model=Path("/nonexistent/model.gguf"))},
         f"model file not found: {Path('/nonexistent')}"),
    ],
)
def test_bad_requests_get_a_clear_message(model: Path, changes: dict, message: str) -> None:
    with pytest.raises(InvalidRequest, match=re.escape(message)):
        validate(request(model, **changes))


def test_relative_model_paths_become_absolute(model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(model.parent)
    valid, _ = validate(request(model, models=ModelFiles(model=Path(model.name))))
    assert valid.models.model == model


def test_environment_names_the_chosen_vulkan_device_unless_pinned() -> None:
    assert backend_environment({"PATH": "/bin"}, 1) == {"PATH": "/bin", VISIBLE_DEVICES_VARIABLE: "1"}
    assert backend_environment({VISIBLE_DEVICES_VARIABLE: "0"}, 1) == {VISIBLE_DEVICES_VARIABLE: "0"}
    assert backend_environment({}, None) == {}
