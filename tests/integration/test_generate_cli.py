"""`python -m app generate --events` end to end, with the real Vulkan sd.cpp on lavapipe; what the CLI does around a
picture (its size, its metadata, its gallery entry, its prompt as one argument) on the stand-in, which replays real
sd.cpp output and writes a noise picture where it was told to (tests/helpers/standin.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from app.core.gallery.metadata import parse_parameters, read_details, read_parameters_text
from app.core.generation.request import MAX_PROMPT_BYTES
from tests.helpers.cli import generate_argv, on_the_standin, run_generate, standin_calls
from tests.helpers.model_headers import write_gguf

# Windows Python runs the tests that prove a platform path (issue 34): sd-cli.exe started, read and ended (the
# first test), a prompt through Windows' command line whole (the hostile and the longest one), a crash's exit
# status, a missing program's path, sd.cpp's own refusal read from its output, the gallery's SQLite file under
# %LOCALAPPDATA%. The rest are logic the Linux run answers for every platform; each says what covers its path.

HOSTILE_PROMPT = 'a "quoted" \'lighthouse\'\nsecond line ünïcode 灯台 🌅 $(echo pwned) `id` ; rm -rf ~ && echo > x'


@pytest.mark.backend
@pytest.mark.windows
def test_two_step_generation_end_to_end(sd_cli: Path, tiny_model, out_dir: Path) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("a lighthouse", model, taesd, out_dir, "--width", "128", "--height", "128",
                                     "--steps", "2", "--seed", "42"))
    assert run.exit_code == 0, run.stderr
    kinds = [e["event"] for e in run.events]
    assert kinds[-1] == "done" and run.events[-1] == {"event": "done", "ok": True, "exit_code": 0}
    assert [e["stage"] for e in run.of("stage")] == ["loading", "encoding", "sampling", "decoding", "saving"]
    progress = run.of("progress")
    assert [(p["step"], p["steps"]) for p in progress] == [(1, 2), (2, 2)]
    assert all(p["sec_per_step"] > 0 for p in progress)
    assert set(progress[0]) == {"event", "step", "steps", "sec_per_step"}
    [image] = run.of("image")
    assert kinds.index("image") > kinds.index("progress")
    path = Path(image["path"])
    assert path.is_absolute() and path.parent == out_dir
    with Image.open(path) as png:
        assert (png.format, png.size) == ("PNG", (128, 128))
    assert run.of("error") == []
    # the app itself chose the Vulkan device: the diffusion model sat in (lavapipe's) VRAM
    logs = [e["text"] for e in run.of("log")]
    assert any("diffusion_model 0.87MB(VRAM)" in text for text in logs), logs


@pytest.mark.windows
def test_a_hostile_prompt_reaches_sdcpp_as_one_verbatim_argument(standin: Path, tiny_model, out_dir: Path,
                                                                 tmp_path: Path) -> None:
    model, taesd = tiny_model
    calls = tmp_path / "calls.jsonl"
    run = on_the_standin(standin, generate_argv(HOSTILE_PROMPT, model, taesd, out_dir, "--width", "64", "--height",
                                                "64", "--steps", "1", "--negative", "; touch pwned"), calls)
    assert run.exit_code == 0, run.stderr
    # what the program was given, as it read its arguments (on Windows: a command line, parsed as sd-cli.exe does)
    [call] = standin_calls(calls)
    assert call[call.index("--prompt") + 1] == HOSTILE_PROMPT
    assert call[call.index("--negative-prompt") + 1] == "; touch pwned"
    [image] = run.of("image")
    text = read_parameters_text(Path(image["path"]))
    assert text is not None
    parameters = parse_parameters(text)
    assert parameters.prompt == HOSTILE_PROMPT
    assert parameters.negative_prompt == "; touch pwned"
    assert not (out_dir / "pwned").exists() and not (out_dir / "x").exists()


@pytest.mark.backend
@pytest.mark.windows
def test_the_longest_prompt_allowed_makes_a_picture_and_a_longer_one_is_refused(sd_cli: Path, tiny_model,
                                                                                 out_dir: Path) -> None:
    model, taesd = tiny_model
    # sd.cpp's prompt parser recurses once per byte: emoji, four bytes each, are the most a prompt can hold
    prompt = "🌅" * (MAX_PROMPT_BYTES // 4)
    run = run_generate(generate_argv(prompt, model, taesd, out_dir, "--width", "64", "--height", "64",
                                     "--steps", "1"))
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    text = read_parameters_text(Path(image["path"]))
    assert text is not None and parse_parameters(text).prompt == prompt
    refused = run_generate(generate_argv(prompt + "🌅", model, taesd, out_dir, "--steps", "1"))
    assert refused.exit_code != 0 and refused.of("image") == []
    [error] = refused.of("error")
    assert f"at most {MAX_PROMPT_BYTES:,} can be drawn (longer ones crash the drawing program)" in error["message"]


# Linux alone: snapping and the CLIP-skip note are the request's logic; a picture drawn by sd-cli.exe is the
# first test's
def test_size_is_snapped_and_a_clip_skip_flux_has_no_layers_for_is_said(standin: Path, tiny_model, out_dir: Path,
                                                                         tmp_path: Path) -> None:
    model, taesd = tiny_model
    run = on_the_standin(standin, generate_argv("snap", model, taesd, out_dir, "--width", "72", "--height", "64",
                                                "--steps", "1", "--clip-skip", "2"), tmp_path / "calls.jsonl")
    assert run.exit_code == 0, run.stderr
    assert "width 72 is not a multiple of 16; using 80" in run.stderr
    # the demo's Flux takes only CLIP-L's pooled summary: drawn without it, said, and not written as if it were
    assert "CLIP skip 2 is left out: Flux does not read the prompt from CLIP's layers" in run.stderr
    with Image.open(run.of("image")[0]["path"]) as png:
        assert png.size == (80, 64)
        assert "Clip skip" not in png.text["parameters"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("case", "kind", "message"),
    [
        # Linux alone: the out-of-memory words are the output parser's; the stand-in's run under Windows Python
        # is the crash's, and test_recovery.py's out-of-memory retry runs on Windows
        ("oom", "out_of_vram", "failed to allocate Vulkan0 buffer"),
        # a crash's exit status and its end mid-step as Windows reports them
        pytest.param("crash_mid_step", "backend_crashed", "sd.cpp crashed while sampling", marks=pytest.mark.windows),
    ],
)
def test_faults_from_a_stand_in_replaying_real_output(standin: Path, tiny_model, out_dir: Path, case: str, kind: str,
                                                      message: str) -> None:
    model, taesd = tiny_model
    argv = generate_argv("x", model, taesd, out_dir, "--width", "64", "--height", "64", "--sd-binary", str(standin))
    run = run_generate(argv, env={"STANDIN_CASE": case})
    assert run.exit_code != 0
    assert run.of("image") == []
    [error] = run.of("error")
    assert error["kind"] == kind and message in error["message"]
    assert run.events[-1]["event"] == "done" and run.events[-1]["ok"] is False
    if case == "crash_mid_step":
        assert [(p["step"], p["steps"]) for p in run.of("progress")] == [(1, 2)]
        assert run.events[-1]["exit_code"] is None


@pytest.mark.windows
def test_missing_backend_binary(tiny_model, out_dir: Path, tmp_path: Path) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("x", model, taesd, out_dir, "--sd-binary", str(tmp_path / "no-such-sd-cli")))
    assert run.exit_code == 1
    assert run.of("error") == [{"event": "error", "kind": "backend_missing",
                                "message": f"sd.cpp backend not found: {tmp_path / 'no-such-sd-cli'}"}]
    assert run.events[-1] == {"event": "done", "ok": False, "exit_code": None}


def test_a_bad_size_is_refused_before_the_backend_starts(sd_cli: Path, tiny_model, out_dir: Path) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("x", model, taesd, out_dir, "--steps", "1", "--width", "0"))
    assert run.exit_code == 1
    [error] = run.of("error")
    assert error["kind"] == "bad_request" and "width must be a positive number of pixels, got 0" in error["message"]
    assert run.of("image") == []


@pytest.mark.backend
@pytest.mark.windows  # the console's encoding of the refusal, under Windows Python too
@pytest.mark.parametrize(("option", "known"), [("--sampler", "known: euler, euler_a,"),
                                               ("--scheduler", "known: discrete, karras,")])
def test_a_misspelt_sampler_or_scheduler_is_refused_by_name_before_anything_runs(
        sd_cli: Path, tiny_model, out_dir: Path, option: str, known: str) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("x", model, taesd, out_dir, "--steps", "1", option, "eulr"))
    assert run.exit_code == 2 and run.events == []  # the sampler table's refusal (samplers.py): sd.cpp never starts
    assert f"eulr is not a {option[2:]}; {known}" in run.stderr
    assert not out_dir.exists() or list(out_dir.iterdir()) == []


# Linux alone: the model file's inspection reads bytes alike everywhere, and no program starts
def test_a_file_that_is_no_model_is_refused_before_launch(sd_cli: Path, tiny_model, out_dir: Path,
                                                         tmp_path: Path) -> None:
    _, taesd = tiny_model
    corrupt = tmp_path / "corrupt.gguf"
    corrupt.write_bytes(bytes(range(256)) * 4096)
    run = run_generate(generate_argv("x", corrupt, taesd, out_dir, "--steps", "1"))
    assert run.exit_code == 1
    [error] = run.of("error")
    assert error["kind"] == "model_load_failed"
    assert str(corrupt) in error["message"] and "neither GGUF nor safetensors" in error["message"]
    assert run.of("log") == []  # sd.cpp never started


# Linux alone: which failure sd.cpp's words mean is the output parser's; sd-cli.exe's refusal read on Windows is
# test_bad_requests[sampler]'s
def test_a_model_sdcpp_cannot_use_is_a_model_load_failure(sd_cli: Path, tiny_model, out_dir: Path,
                                                          tmp_path: Path) -> None:
    # a readable GGUF that is no diffusion model: our inspection lets it through, sd.cpp refuses it
    _, taesd = tiny_model
    odd = write_gguf(tmp_path / "odd.gguf", {"some.weight": ((64, 64), "f16")})
    run = run_generate(generate_argv("x", odd, taesd, out_dir, "--steps", "1"))
    assert run.exit_code == 1
    [error] = run.of("error")
    assert error["kind"] == "model_load_failed"
    assert "get sd version from file failed" in error["message"] or "new_sd_ctx_t failed" in error["message"]


# Linux alone: the PNG text is written by Pillow alike everywhere; non-ASCII words through sd-cli.exe into the
# picture are the hostile prompt's
def test_other_tools_read_our_parameters(standin: Path, tiny_model, out_dir: Path, tmp_path: Path) -> None:
    from sd_parsers import ParserManager

    model, taesd = tiny_model
    prompt = "a lighthouse, at dawn, ünïcode 灯台"
    run = on_the_standin(standin, generate_argv(prompt, model, taesd, out_dir, "--width", "64", "--height", "80",
                                                "--steps", "1", "--seed", "1234", "--negative", "blurry, dark"),
                         tmp_path / "calls.jsonl")
    assert run.exit_code == 0, run.stderr
    info = ParserManager().parse(run.of("image")[0]["path"])
    assert info is not None
    [sampler] = info.samplers
    assert [p.value for p in sampler.prompts] == [prompt]
    assert [p.value for p in sampler.negative_prompts] == ["blurry, dark"]
    assert (sampler.parameters["seed"], sampler.parameters["steps"]) == ("1234", "1")
    assert info.metadata["Size"] == "64x80"
    assert sampler.model is not None and sampler.model.name == "flux_tiny_clip" and len(sampler.model.hash) == 10
    # and our own details name no picture it was edited from
    details = read_details(Path(run.of("image")[0]["path"]))
    assert details is not None and "ref_images" not in details and "edited_from" not in details


@pytest.mark.windows
def test_generated_images_land_in_the_gallery_index(standin: Path, tiny_model, out_dir: Path,
                                                    isolated_user_dirs: Path) -> None:
    from app.core.gallery.gallery_index import GalleryIndex

    model, taesd = tiny_model
    # the autouse fixture points HOME and the XDG folders (on Windows %LOCALAPPDATA%) at this test's own directory
    run = on_the_standin(standin, generate_argv("into the index", model, taesd, out_dir, "--width", "64", "--height",
                                                "64", "--steps", "1", "--seed", "5"), out_dir.parent / "calls.jsonl")
    assert run.exit_code == 0, run.stderr
    [database] = isolated_user_dirs.rglob("gallery.sqlite3")
    index = GalleryIndex(database)
    [entry] = index.entries()
    assert (str(entry.path), entry.prompt, entry.seed) == (run.of("image")[0]["path"], "into the index", 5)
    index.close()
