from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest
from PIL import Image

from app.core.gallery.metadata import (
    a1111_parameters,
    generation_fields,
    job_details,
    parse_parameters,
    read_details,
    read_parameters_text,
    settings_from_png,
    write_metadata,
)
from app.core.generation.command import (
    HOST_VISIBLE_VIDMEM_VARIABLE,
    POLARIS_FEATURE_SET,
    SHADER_CACHE_OFF_VARIABLE,
    SHADER_CACHE_VARIABLE,
    SUBMIT_CAP_VARIABLE,
    backend_environment,
    build_argv,
    shader_cache,
)
from app.core.generation.request import MAX_PROMPT_BYTES, GenerationRequest, InvalidRequest, validate, with_seed
from app.core.models.backend_caps import parse_help
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.system.overlay_layers import overlay_layers
from app.core.system.vulkaninfo import VISIBLE_DEVICES_VARIABLE
from tests.helpers.captures import load, vulkaninfo_devices
from tests.helpers.model_headers import write_gguf

pytestmark = pytest.mark.windows

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
        "--steps", "2", "--sampling-method", "euler", "--scheduler", "karras", "--cfg-scale", "1", "--seed", "7",
        "--width", "128", "--height", "128", "--clip-on-cpu", "--vae-on-cpu",
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
        ({"cfg_scale": 0.0}, "CFG scale must be above 0"),
        ({"seed": -5}, "seed must be between 0 and"),
        ({"seed": 2**32}, "seed must be between 0 and 4294967295, got 4294967296"),
        ({"models": ModelFiles()}, "no model chosen"),
        ({"models": ModelFiles(model=Path("/nonexistent/model.gguf"))},
         f"model file not found: {Path('/nonexistent')}"),
    ],
)
def test_bad_requests_get_a_clear_message(model: Path, changes: dict, message: str) -> None:
    with pytest.raises(InvalidRequest, match=re.escape(message)):
        validate(request(model, **changes))


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        ("prompt", "a" * (MAX_PROMPT_BYTES + 1),
         f"the prompt is {MAX_PROMPT_BYTES + 1:,} characters long; at most {MAX_PROMPT_BYTES:,} can be drawn "
         "(longer ones crash the drawing program)"),
        ("negative_prompt", "a" * 52_000,
         f"the negative prompt is 52,000 characters long; at most {MAX_PROMPT_BYTES:,} can be drawn "
         "(longer ones crash the drawing program)"),
        # sd.cpp's parser goes byte by byte: an emoji weighs four
        ("prompt", "🌅" * (MAX_PROMPT_BYTES // 4 + 1),
         f"the prompt is {MAX_PROMPT_BYTES // 4 + 1:,} characters long, {MAX_PROMPT_BYTES + 4:,} as the drawing "
         "program counts them (accented letters count 2, Chinese, Japanese and Korean 3, emoji 4); at most "
         f"{MAX_PROMPT_BYTES:,} can be drawn (longer ones crash the drawing program)"),
    ],
)
def test_a_prompt_longer_than_sdcpp_survives_is_refused_in_words(model: Path, field: str, text: str,
                                                                  message: str) -> None:
    with pytest.raises(InvalidRequest) as refused:
        validate(request(model, **{field: text}))
    assert str(refused.value) == message


@pytest.mark.parametrize("text", ["a" * MAX_PROMPT_BYTES, "🌅" * (MAX_PROMPT_BYTES // 4),
                                  "灯" * (MAX_PROMPT_BYTES // 3)])
def test_a_prompt_at_the_limit_is_taken_whole(model: Path, text: str) -> None:
    valid, notes = validate(request(model, prompt=text, negative_prompt=text))
    assert (valid.prompt, valid.negative_prompt, notes) == (text, text, [])


def test_control_characters_reach_sdcpp_and_the_metadata_alike(model: Path, tmp_path: Path) -> None:
    # a NUL would end sd.cpp's argument (a C string) while the PNG kept what follows it; ESC, DEL and C1 are invisible
    valid, notes = validate(request(model, prompt="a cat\x00 on a mat\r\nat dusk\tand\x1b[1m\x7f\x85 dawn",
                                    negative_prompt="blurry\rdark\x07", seed=3))
    assert (valid.prompt, valid.negative_prompt) == ("a cat on a mat\nat dusk\tand[1m dawn", "blurry\ndark")
    assert notes == ["the prompt held invisible control characters (U+0000, U+001B, U+007F, U+0085); they were "
                     "removed, as sd.cpp cannot read them",
                     "the negative prompt held invisible control characters (U+0007); they were removed, as sd.cpp "
                     "cannot read them"]
    argv = build_argv(Path("sd-cli"), valid, CAPS, Path("o.png"))
    picture = tmp_path / "made.png"
    Image.new("RGB", (8, 8)).save(picture)
    write_metadata(picture, a1111_parameters(valid.prompt, valid.negative_prompt,
                                             generation_fields(valid, None, [], "test")),
                   job_details(valid, [], False, {}, 1.0))
    text = read_parameters_text(picture)
    assert text is not None
    written = parse_parameters(text)
    details = read_details(picture)
    assert details is not None
    sent = (argv[argv.index("--prompt") + 1], argv[argv.index("--negative-prompt") + 1])
    assert sent == (valid.prompt, valid.negative_prompt)
    assert (written.prompt, written.negative_prompt) == sent
    assert (details["prompt"], details["negative_prompt"]) == sent


def test_a_prompt_of_control_characters_alone_is_empty(model: Path) -> None:
    with pytest.raises(InvalidRequest, match="the prompt is empty"):
        validate(request(model, prompt="\x00\x1b"))


@pytest.mark.parametrize(
    ("family", "asked", "told", "note"),
    [
        # A1111's count and sd.cpp's alike: 1 the last layer, 2 the one before (clip.hpp: layer n_layer - skip)
        (ModelFamily.SD1, 2, 2, None),
        (ModelFamily.SD1, 12, 12, None),
        (ModelFamily.SD1, 1, None, None),  # SD 1.x's own: nothing to tell sd.cpp, nothing to write
        (ModelFamily.SDXL, 3, 3, None),
        # SDXL was trained on the layer before the last, sd.cpp's default for it: 1 and 2 are that, as Forge reads them
        (ModelFamily.SDXL, 2, None, None),
        (ModelFamily.SDXL, 1, None, None),
        (ModelFamily.FLUX, 2, None, "CLIP skip 2 is left out: Flux does not read the prompt from CLIP's layers"),
        (ModelFamily.FLUX2, 3, None,
         "CLIP skip 3 is left out: FLUX.2 klein does not read the prompt from CLIP's layers"),
        (ModelFamily.Z_IMAGE, 1, None, None),  # the last layer is what every model reads: nothing to say
        (ModelFamily.SD1, None, None, None),
    ],
)
def test_clip_skip_reaches_sdcpp_where_the_family_reads_clips_layers(model: Path, tmp_path: Path, family, asked,
                                                                     told, note) -> None:
    valid, notes = validate(request(model, family=family, clip_skip=asked, seed=1))
    assert (valid.clip_skip, notes) == (told, [note] if note else [])
    argv = build_argv(Path("sd-cli"), valid, CAPS, Path("o.png"))
    assert (argv[argv.index("--clip-skip") + 1] if "--clip-skip" in argv else None) == (
        str(told) if told else None)
    # the picture says it as A1111 writes it (only past the model's own), and gives it back to reuse
    picture = tmp_path / "made.png"
    Image.new("RGB", (8, 8)).save(picture)
    parameters = a1111_parameters(valid.prompt, "", generation_fields(valid, None, [], "test"))
    write_metadata(picture, parameters, job_details(valid, [], False, {}, 1.0))
    assert parameters.endswith(f"Clip skip: {told}, Version: test" if told else ", Version: test")
    reused = settings_from_png(picture)
    assert reused is not None and reused.values.get("clip_skip") == told
    write_metadata(picture, parameters, {})  # A1111's own picture: its text alone
    reused = settings_from_png(picture)
    assert reused is not None and reused.values.get("clip_skip") == told


@pytest.mark.parametrize("asked", [0, -1, 13])
def test_a_clip_skip_past_a1111s_range_is_refused_in_words(model: Path, asked: int) -> None:
    with pytest.raises(InvalidRequest, match=f"CLIP skip must be between 1 and 12, got {asked}"):
        validate(request(model, family=ModelFamily.SD1, clip_skip=asked))


def test_relative_model_paths_become_absolute(model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(model.parent)
    valid, _ = validate(request(model, models=ModelFiles(model=Path(model.name))))
    assert valid.models.model == model


# every backend runs with the overlays that declare a way out kept out (overlay_layers.json)
OVERLAYS_OUT = {layer.disable_variable: "1" for layer in overlay_layers() if layer.disable_variable}


def test_environment_names_the_chosen_vulkan_device_unless_pinned() -> None:
    [lavapipe] = vulkaninfo_devices("lavapipe_full.txt")
    second = dataclasses.replace(lavapipe, index=1)
    assert backend_environment({"PATH": "/bin"}, second) == {
        "PATH": "/bin", VISIBLE_DEVICES_VARIABLE: "1", **OVERLAYS_OUT}
    assert backend_environment({VISIBLE_DEVICES_VARIABLE: "0"}, second) == {
        VISIBLE_DEVICES_VARIABLE: "0", **OVERLAYS_OUT}
    assert backend_environment({}, None) == OVERLAYS_OUT


def test_a_polaris_card_gets_the_submit_cap_and_amds_windows_driver_no_host_visible_vram() -> None:
    rx470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]  # RADV, Linux
    assert backend_environment({}, rx470, on_windows=False) == {
        VISIBLE_DEVICES_VARIABLE: "0", SUBMIT_CAP_VARIABLE: POLARIS_FEATURE_SET[SUBMIT_CAP_VARIABLE], **OVERLAYS_OUT}
    # the user's own setting wins (0 turns the cap off)
    assert backend_environment({SUBMIT_CAP_VARIABLE: "0"}, rx470, on_windows=False)[SUBMIT_CAP_VARIABLE] == "0"
    amd_windows = dataclasses.replace(rx470, driver_id="DRIVER_ID_AMD_PROPRIETARY", name="Radeon RX 580 Series")
    assert backend_environment({}, amd_windows, on_windows=True)[HOST_VISIBLE_VIDMEM_VARIABLE] == "1"
    assert HOST_VISIBLE_VIDMEM_VARIABLE not in backend_environment({}, amd_windows, on_windows=False)
    [gpu, _] = vulkaninfo_devices("public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt")[:2]
    assert set(backend_environment({}, gpu, on_windows=True)) == {VISIBLE_DEVICES_VARIABLE, *OVERLAYS_OUT}


def test_mesa_keeps_the_shaders_in_the_app_s_folder_unless_the_user_named_one() -> None:
    # without the variable Mesa uses the passwd entry's ~/.cache, whatever HOME says (issue 52)
    folder = Path("/home/ana/.cache/Polaris Studio/shaders")
    env = backend_environment({}, None, on_windows=False, shaders=folder)
    assert env[SHADER_CACHE_VARIABLE] == str(folder)
    assert shader_cache(backend_environment({SHADER_CACHE_VARIABLE: "/fast"}, None, False, folder),
                        on_windows=False) == Path("/fast")
    assert SHADER_CACHE_VARIABLE not in backend_environment({}, None, on_windows=True, shaders=folder)
    assert shader_cache(env, on_windows=False) == folder and shader_cache(env, on_windows=True) is None
    assert shader_cache({**env, SHADER_CACHE_OFF_VARIABLE: "true"}, False) is None and shader_cache({}, False) is None


def test_the_backend_runs_without_the_overlays_that_declare_a_way_out() -> None:
    env = backend_environment({"DISABLE_RTSS_LAYER": "0"}, None)
    assert {"DISABLE_VULKAN_OBS_CAPTURE", "DISABLE_RTSS_LAYER"} <= OVERLAYS_OUT.keys()
    assert env == {**OVERLAYS_OUT, "DISABLE_RTSS_LAYER": "0"}  # what the user set stays
