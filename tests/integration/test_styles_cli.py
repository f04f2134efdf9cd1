"""`generate --style NAME` and wildcards through the real backend: each picture of a batch makes its own choices
with its own seed, and its PNG records the prompt that ran, the styles and the prompt as written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from app.core.gallery.metadata import parse_parameters, read_details, read_parameters_text, settings_fields
from app.core.generation.styles import DEFAULT_STYLES, merge_prompts
from app.core.generation.wildcards import expand_wildcards
from tests.conftest import REPO
from tests.helpers.cli import generate_argv, on_the_standin, run_generate, standin_calls, utf8_env

PROMPT = "a __animal__, in the {snow|rain|fog|sun}"  # a comma: A1111 quotes the Template


def test_a_styled_batch_of_two_chooses_per_seed_and_records_it(standin: Path, tiny_model, out_dir: Path,
                                                                tmp_path: Path) -> None:
    from sd_parsers import ParserManager

    model, taesd = tiny_model
    wildcards = tmp_path / "my wildcards"
    wildcards.mkdir()
    (wildcards / "animal.txt").write_text("# one a line\ncat\ndog\nfox\nowl\nhare\nbear\n", encoding="utf-8")
    picks = {seed: expand_wildcards(PROMPT, seed, wildcards) for seed in (70, 71)}
    assert picks[70] != picks[71]  # these two seeds choose differently (pinned by the Mersenne Twister)
    calls = tmp_path / "calls.jsonl"  # the stand-in's pictures: the choices are the app's, read from its arguments
    run = on_the_standin(standin, generate_argv(PROMPT, model, taesd, out_dir, "--width", "64", "--height", "64",
                                                "--steps", "1", "--seed", "70", "--batch", "2", "--style",
                                                "Watercolor", "--wildcards", str(wildcards), "--negative", "text"),
                         calls)
    assert run.exit_code == 0, run.stderr
    watercolor = next(style for style in DEFAULT_STYLES if style.name == "Watercolor")
    made = {}
    for image in run.of("image"):
        path = Path(image["path"])
        text = read_parameters_text(path)
        assert text is not None
        parameters = parse_parameters(text)
        fields = settings_fields(parameters.settings)
        made[int(fields["Seed"])] = parameters.prompt
        assert (fields["Styles"], fields["Template"]) == ("Watercolor", PROMPT)
        assert parameters.negative_prompt == f"text, {watercolor.negative}"
        details = read_details(path)
        assert details is not None and (details["styles"], details["prompt_as_written"]) == (["Watercolor"], PROMPT)
        # another tool reads the same: the prompt that ran and the styles (sd-parsers splits the settings line at
        # every ", ", inside A1111's quotes too, so it may keep only the quoted Template's part before the comma)
        info = ParserManager().parse(path)
        assert info is not None
        assert [p.value for p in info.samplers[0].prompts] == [parameters.prompt]
        assert info.metadata["Styles"] == "Watercolor" and PROMPT.startswith(info.metadata["Template"].strip('"'))
    # each picture's own choices, styled, as sd.cpp got them: its prompt is what the PNG says
    assert made == {seed: merge_prompts(watercolor.prompt, pick) for seed, pick in picks.items()}
    given = {int(call[call.index("--seed") + 1]): call[call.index("--prompt") + 1] for call in standin_calls(calls)}
    assert given == made


def test_a_wildcard_file_that_is_not_there_or_an_unknown_style_runs_nothing(tiny_model, out_dir: Path,
                                                                             tmp_path: Path) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("a __pets__", model, taesd, out_dir, "--wildcards", str(tmp_path)))
    assert run.exit_code == 2 and run.events == []
    assert f"error: there is no wildcard file for __pets__: put pets.txt in the wildcards folder {tmp_path}" in (
        run.stderr)
    run = run_generate(generate_argv("a cat", model, taesd, out_dir, "--style", "Vaporwave"))
    assert run.exit_code == 2 and "there is no style named “Vaporwave”" in run.stderr
    assert not out_dir.exists() or list(out_dir.glob("*.png")) == []


def test_styles_lists_the_default_styles_written_on_first_use(isolated_user_dirs: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "app", "styles", "--json"], capture_output=True, cwd=REPO,
                            env=utf8_env(), timeout=60, check=True)
    listed = json.loads(result.stdout.decode("utf-8"))["styles"]
    assert [style["name"] for style in listed] == [style.name for style in DEFAULT_STYLES]
    [written] = isolated_user_dirs.rglob("styles.json")
    assert json.loads(written.read_text(encoding="utf-8"))["styles"] == listed
