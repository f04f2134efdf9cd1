"""The command line's own words (app/cli/); its commands run as a user would in tests/integration."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from app.cli.generate import add_arguments as add_generate_arguments
from app.cli.generate import generate_requests
from app.cli.jobs import EventPrinter
from app.cli.models import run_models_download
from app.cli.upscale import add_arguments as add_upscale_arguments
from app.core.generation.output import Progress
from app.core.models.catalog import load_catalog

pytestmark = pytest.mark.windows


def test_progress_says_the_time_left_in_words_and_nothing_at_the_last_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    printer = EventPrinter(as_json=False)
    for step in (1, 3, 4):
        printer.progress(Progress(step, 4, 12.2))
    assert capsys.readouterr().err.splitlines() == ["step 1/4, 37 s left", "step 3/4, 12 s left",
                                                    "step 4/4"]


def test_each_line_of_a_prompt_file_gets_the_loras_and_no_prompt_is_needed(tmp_path: Path) -> None:
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("a red barn\na blue boat\n", encoding="utf-8")
    parser = argparse.ArgumentParser()
    add_generate_arguments(parser)
    args = parser.parse_args(["--prompts", str(prompts), "--lora", "ink:0.6", "--lora", "paper", "--seed", "3"])
    requests = generate_requests(args)
    assert [(r.prompt, r.seed) for r in requests] == [("a red barn <lora:ink:0.6> <lora:paper:1>", 3),
                                                      ("a blue boat <lora:ink:0.6> <lora:paper:1>", 3)]


@pytest.mark.parametrize("add_arguments", [add_generate_arguments, add_upscale_arguments])
def test_the_help_says_pictures_go_to_the_folder_chosen_in_the_window(add_arguments) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert "default: the output folder chosen in the window" in " ".join(parser.format_help().split())


@pytest.mark.parametrize(("option", "typo", "said"), [("--sampler", "eulr", "eulr is not a sampler; known: euler, "),
                                                     ("--scheduler", "karas", "karas is not a scheduler; known: ")])
def test_an_unknown_sampler_or_scheduler_is_refused_by_name_before_anything_runs(
        capsys: pytest.CaptureFixture[str], option: str, typo: str, said: str) -> None:
    parser = argparse.ArgumentParser()
    add_generate_arguments(parser)
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["--prompt", "a", option, typo])
    assert exit_.value.code == 2 and said in capsys.readouterr().err


def test_a_sampler_is_taken_by_sd_cpps_code_or_a1111s_name() -> None:
    parser = argparse.ArgumentParser()
    add_generate_arguments(parser)
    args = parser.parse_args(["--prompt", "a", "--sampler", "DPM++ 2M", "--scheduler", "Normal"])
    assert (args.sampler, args.scheduler) == ("dpm++2m", "discrete")
    assert parser.parse_args(["--prompt", "a", "--sampler", "euler_a"]).sampler == "euler_a"


def test_a_preset_not_in_the_catalog_is_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_models_download(load_catalog(), tmp_path, "flux-schnel") == 2
    assert "error: no preset 'flux-schnel'; known: " in capsys.readouterr().err
