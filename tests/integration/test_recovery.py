"""Automatic recovery: the planner's next plan after a real out-of-memory log, then the real backend."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from PIL import Image

from app.core.gallery.gallery_index import open_index
from app.core.gallery.metadata import read_parameters_text
from app.core.platform_paths import user_dirs
from tests.helpers.cli import generate_argv, run_generate
from tests.helpers.picture_corpus import black_with_specks

# Windows Python runs (issue 34) a retry that starts sd-cli.exe again after a failed run (out of memory), a refused
# picture moved out of the output folder into %LOCALAPPDATA%'s bad pictures (the overflowing decoder), and
# img2img's files given to sd-cli.exe (the doubted starfield); which rung comes next and what is kept are the
# planner's and the picture check's logic, run on Linux alone


def planner_decides(prompt: str, model: Path, taesd: Path, out: Path, *extra: str) -> list[str]:
    """generate_argv's words without its memory switches: the planner places the model, and its safer plans are
    there to retry on."""
    return [a for a in generate_argv(prompt, model, taesd, out, *extra) if a not in ("--clip-on-cpu", "--vae-on-cpu")]


@pytest.mark.backend
@pytest.mark.windows
def test_out_of_vram_is_retried_with_the_next_plan(sd_cli: Path, standin: Path, tiny_model, out_dir: Path,
                                                   tmp_path: Path) -> None:
    model, taesd = tiny_model
    calls = tmp_path / "calls.jsonl"
    argv = planner_decides("recover", model, taesd, out_dir, "--width", "128", "--height", "128",
                           "--steps", "2", "--sd-binary", str(standin))
    run = run_generate(argv, env={"STANDIN_CASE": "oom_then_real", "STANDIN_STATE": str(calls),
                                  "STANDIN_REAL": str(sd_cli)})
    assert run.exit_code == 0, run.stderr
    [retry] = run.of("retry")
    assert retry["reason"] == "out_of_vram"
    first, second = (json.loads(line) for line in calls.read_text(encoding="utf-8").splitlines())
    # the second run carries exactly the retry event's flags, and they differ from the first plan's
    flags = retry["flags"]
    assert any(second[i:i + len(flags)] == flags for i in range(len(second))), (flags, second)
    assert first != second
    assert "memory plan:" in run.stderr
    kinds = [e["event"] for e in run.events]
    assert kinds.index("retry") < kinds.index("image") and run.of("error") == []
    with Image.open(run.of("image")[0]["path"]) as png:
        assert png.size == (128, 128)


# Linux alone, on the stand-in alone: no card here can be made to lose itself; the retry is the test above's
def test_a_card_its_driver_reset_is_tried_again_on_the_next_plan(standin: Path, tiny_model, out_dir: Path,
                                                                 tmp_path: Path) -> None:
    model, taesd = tiny_model
    calls = tmp_path / "calls.jsonl"
    argv = planner_decides("reset", model, taesd, out_dir, "--width", "128", "--height", "128",
                           "--steps", "2", "--sd-binary", str(standin))
    run = run_generate(argv, env={"STANDIN_CASE": "device_lost_then_drawn", "STANDIN_STATE": str(calls)})
    assert run.exit_code == 0, run.stderr
    [retry] = run.of("retry")
    assert retry["reason"] == "device_lost"
    first, second = (json.loads(line) for line in calls.read_text(encoding="utf-8").splitlines())
    flags = retry["flags"]
    assert first != second and any(second[i:i + len(flags)] == flags for i in range(len(second))), (flags, second)
    assert run.of("error") == [] and len(run.of("image")) == 1
    # with the memory switches chosen by hand there is no safer plan: the run ends, named for what happened
    calls.unlink()
    run = run_generate(generate_argv("reset", model, taesd, out_dir, "--sd-binary", str(standin)),
                       env={"STANDIN_CASE": "device_lost_then_drawn", "STANDIN_STATE": str(calls)})
    assert run.exit_code == 1 and run.of("retry") == []
    [error] = run.of("error")
    assert error["kind"] == "device_lost" and "device lost on AMD Radeon RX 580" in error["message"]


# Linux alone: no retry is the planner's choice; the stand-in's out of memory under Windows is the test above's
def test_explicit_memory_flags_are_not_second_guessed(standin: Path, tiny_model, out_dir: Path, tmp_path: Path) -> None:
    model, taesd = tiny_model
    calls = tmp_path / "calls.jsonl"
    run = run_generate(generate_argv("x", model, taesd, out_dir, "--sd-binary", str(standin)),
                       env={"STANDIN_CASE": "oom_then_real", "STANDIN_STATE": str(calls),
                            "STANDIN_REAL": "never-started"})
    assert run.exit_code == 1
    assert run.of("retry") == []
    [error] = run.of("error")
    assert error["kind"] == "out_of_vram"
    assert len(calls.read_text(encoding="utf-8").splitlines()) == 1


# Linux alone: a retry after a refused picture, the refused one gone from the output folder and sd-cli.exe started
# again are the overflowing decoder's test under Windows
def test_a_blank_image_is_not_shown_but_retried(sd_cli: Path, standin: Path, tiny_model, out_dir: Path,
                                                tmp_path: Path) -> None:
    model, taesd = tiny_model
    calls = tmp_path / "calls.jsonl"
    argv = planner_decides("blank", model, taesd, out_dir, "--width", "64", "--height", "64",
                           "--steps", "1", "--sd-binary", str(standin))
    run = run_generate(argv, env={"STANDIN_CASE": "blank_then_real", "STANDIN_STATE": str(calls),
                                  "STANDIN_REAL": str(sd_cli)})
    assert run.exit_code == 0, run.stderr
    [retry] = run.of("retry")
    assert retry["reason"] == "bad_picture" and "--vae-on-cpu" in retry["flags"]
    # lavapipe is a CPU: the planner puts the decoder there from the start, and the safer rung is the next one; its
    # words speak of the processor's work, not of video memory (issue 52)
    assert "note: The picture came out black; trying once more in smaller pieces of work." in run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as png:
        assert png.getextrema() != ((0, 0), (0, 0), (0, 0))
    assert len(list(out_dir.glob("*.png"))) == 1  # the blank one was not kept


@pytest.mark.backend
@pytest.mark.windows
def test_a_decoder_that_overflows_ends_as_a_bad_picture_after_one_safer_try(
        sd_cli: Path, out_dir: Path, overflowing_model: tuple[Path, Path]) -> None:
    """A tiny model whose decoder's numbers overflow (NaN, infinities), through the real backend: sd.cpp says
    success, the app draws it once more with the decoder on the processor, then keeps the picture aside."""
    model, taesd = overflowing_model
    argv = planner_decides("overflow", model, taesd, out_dir, "--width", "64", "--height", "64",
                           "--steps", "1", "--seed", "3")
    run = run_generate(argv, env={"GGML_VK_VISIBLE_DEVICES": "0"})
    assert run.exit_code == 1, run.stderr
    [retry] = run.of("retry")
    assert retry["reason"] == "bad_picture" and "--vae-on-cpu" in retry["flags"]
    assert "; trying once more in smaller pieces of work." in run.stderr  # lavapipe: the processor's words
    [error] = run.of("error")
    assert error["kind"] == "bad_picture"
    assert "on the safer try too" in error["message"] and "not in the gallery" in error["message"]
    # three short lines (issue 52): what went wrong, where the picture is kept, one thing to try
    lines = error["message"].splitlines()
    assert len(lines) == 3 and lines[2] == "Try a smaller size or another model file.", lines
    kept_aside = user_dirs(sys.platform, os.environ, Path.home(), None).bad_pictures
    [kept] = list(kept_aside.glob("*.png"))
    assert str(kept) in error["message"] and error["picture"] == str(kept)
    with Image.open(kept) as png:
        assert png.size == (64, 64)
    assert list(out_dir.glob("*.png")) == []
    assert open_index(user_dirs(sys.platform, os.environ, Path.home(), None).gallery_index, out_dir).entries() == []


# Windows too: the one Windows-run test that gives sd-cli.exe a picture to start from and a mask (--init-img, --mask)
@pytest.mark.backend
@pytest.mark.windows
def test_a_doubted_picture_the_safer_rung_draws_the_same_is_kept_after_one_retry(sd_cli: Path, tiny_model,
                                                                                 out_dir: Path, tmp_path: Path) -> None:
    """The user's own starfield (1 px stars on black: specks, as broken numbers strew them) with four pixels
    repainted, through the real backend: refused, drawn once more on a rung that computes otherwise, the same
    picture comes back, so it is the model's answer and is kept, after that one retry."""
    model, taesd = tiny_model
    starfield, mask = tmp_path / "stars.png", tmp_path / "mask.png"
    black_with_specks(128).save(starfield)
    painted = Image.new("L", (128, 128))
    painted.paste(255, (62, 62, 64, 64))
    painted.save(mask)
    argv = planner_decides("a starfield", model, taesd, out_dir, "--init-img", str(starfield), "--mask",
                           str(mask), "--steps", "1", "--seed", "5")
    run = run_generate(argv, env={"GGML_VK_VISIBLE_DEVICES": "0"})
    assert run.exit_code == 0, run.stderr
    [retry] = run.of("retry")
    assert retry["reason"] == "bad_picture"
    assert "The picture came out almost all one colour (0, 0, 0); trying once more" in run.stderr
    assert "but the safer try drew the same picture: it is what the model drew, so it is kept." in run.stderr
    [image] = run.of("image")
    assert Path(image["path"]).parent == out_dir and run.of("error") == []
    assert read_parameters_text(Path(image["path"])) is not None  # kept with its settings
    assert list(user_dirs(sys.platform, os.environ, Path.home(), None).bad_pictures.glob("*.png")) == []


# Linux alone: --keep-suspect is a choice in logic; a picture saved and indexed under Windows is
# test_generate_cli.py's gallery test
def test_keep_suspect_keeps_what_the_check_set_aside_without_a_second_run(
        sd_cli: Path, out_dir: Path, overflowing_model: tuple[Path, Path]) -> None:
    """Memory switches chosen by hand leave no safer rung: the refused picture is not drawn again; with
    --keep-suspect it lands in the output folder and the gallery all the same, and the command succeeds."""
    model, taesd = overflowing_model
    run = run_generate(generate_argv("overflow", model, taesd, out_dir, "--width", "64", "--height", "64",
                                     "--steps", "1", "--seed", "3", "--keep-suspect"))
    assert run.exit_code == 0, run.stderr
    assert run.of("retry") == [] and run.of("error") == []
    assert "note: kept though the check doubted it (--keep-suspect): The picture came out as one flat colour" \
        in run.stderr
    [image] = run.of("image")
    [done] = run.of("done")
    assert done["ok"] is True
    kept = Path(image["path"])
    assert kept.parent == out_dir and read_parameters_text(kept) is not None
    dirs = user_dirs(sys.platform, os.environ, Path.home(), None)
    assert [entry.path for entry in open_index(dirs.gallery_index, out_dir).entries()] == [kept]
    assert list(dirs.bad_pictures.glob("*.png")) == []
