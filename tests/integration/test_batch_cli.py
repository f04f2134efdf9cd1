"""`generate --batch N` and `--prompts FILE`: every job through the app's queue, each event naming its job. The
pictures are the stand-in's (real sd.cpp output replayed, a noise picture written where it was told): the seeds and
prompts each job gave the program are read back from what it was given."""

from __future__ import annotations

import re
from pathlib import Path

from app.core.gallery.metadata import parse_parameters, read_parameters_text
from tests.helpers.cli import generate_argv, on_the_standin, run_generate, standin_calls


def seeds_and_prompts(images: list[dict]) -> list[tuple[int, str]]:
    found = []
    for image in images:
        text = read_parameters_text(Path(image["path"]))
        assert text is not None
        parameters = parse_parameters(text)
        seed = re.search(r"Seed: (\d+)", parameters.settings)
        assert seed is not None
        found.append((int(seed.group(1)), parameters.prompt))
    return found


def test_a_batch_makes_n_images_with_seeds_in_a_row(standin: Path, tiny_model, out_dir: Path,
                                                     tmp_path: Path) -> None:
    model, taesd = tiny_model
    calls = tmp_path / "calls.jsonl"
    run = on_the_standin(standin, generate_argv("a lighthouse", model, taesd, out_dir, "--width", "64", "--height",
                                                "64", "--steps", "1", "--seed", "70", "--batch", "3"), calls)
    assert run.exit_code == 0, run.stderr
    images = run.of("image")
    assert sorted(e["job"] for e in images) == [1, 2, 3]
    assert sorted(seeds_and_prompts(images)) == [(70, "a lighthouse"), (71, "a lighthouse"), (72, "a lighthouse")]
    assert sorted(call[call.index("--seed") + 1] for call in standin_calls(calls)) == ["70", "71", "72"]
    assert {e["job"] for e in run.of("progress")} == {1, 2, 3}
    assert [e["job"] for e in run.of("job")] == [1, 2, 3] and all(e["card"] for e in run.of("job"))
    assert run.events[-1] == {"event": "done", "ok": True, "images": 3, "jobs": 3}
    assert len(list(out_dir.glob("*.png"))) == 3


def test_a_prompt_file_makes_one_image_a_line_with_one_seed(standin: Path, tiny_model, out_dir: Path,
                                                             tmp_path: Path) -> None:
    model, taesd = tiny_model
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("a red barn\n\n# skipped\na blue boat\n", encoding="utf-8")
    calls = tmp_path / "calls.jsonl"
    run = on_the_standin(standin, generate_argv(None, model, taesd, out_dir, "--width", "64", "--height", "64",
                                                "--steps", "1", "--seed", "9", "--prompts", str(prompts)), calls)
    assert run.exit_code == 0, run.stderr
    assert sorted(seeds_and_prompts(run.of("image"))) == [(9, "a blue boat"), (9, "a red barn")]
    assert sorted(call[call.index("--prompt") + 1] for call in standin_calls(calls)) == ["a blue boat", "a red barn"]


def test_an_unreadable_prompt_file_or_a_bad_batch_size_is_said_and_runs_nothing(tiny_model, out_dir: Path,
                                                                                 tmp_path: Path) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("x", model, taesd, out_dir, "--prompts", str(tmp_path / "missing.txt")))
    assert run.exit_code == 2 and "missing.txt" in run.stderr and run.events == []
    run = run_generate(generate_argv(None, model, taesd, out_dir))
    assert run.exit_code == 2 and run.events == []
    assert "error: say what to draw: --prompt TEXT, or --prompts FILE with one prompt a line" in run.stderr
    run = run_generate(generate_argv("x", model, taesd, out_dir, "--batch", "0"))
    assert run.exit_code == 2 and "number of images" in run.stderr
    assert not out_dir.exists() or list(out_dir.iterdir()) == []
