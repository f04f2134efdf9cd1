"""Styles (named prompt templates in a file) and wildcards ({a|b}, __file__) as the queue applies them."""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from pathlib import Path

import pytest

from app.core.gallery.metadata import generation_fields, quote, settings_fields
from app.core.generation.request import GenerationRequest, InvalidRequest
from app.core.generation.styles import (
    DEFAULT_STYLES,
    Style,
    apply_styles,
    find_styles,
    load_styles,
    merge_prompts,
    save_styles,
    style_problem,
)
from app.core.generation.wildcards import MAX_DEPTH, expand_wildcards
from app.core.queue.jobs import batch_requests, expanded_request, request_from_json, request_json

NOW = datetime(2026, 11, 25, 9, 0, 0)
PHOTO = Style("Photo", "photo of {prompt}, sharp", "blurry")
GRAIN = Style("Grain", "film grain", "")


@pytest.mark.parametrize(("template", "prompt", "expected"), [
    ("photo of {prompt}, sharp", "a cat", "photo of a cat, sharp"),
    ("film grain", "a cat", "a cat, film grain"),  # no {prompt}: after the prompt, with ", " (A1111's rule)
    ("film grain", "", "film grain"),
    ("", "a cat", "a cat"),
    ("{prompt} and {prompt}", "a cat", "a cat and a cat"),
    ("  film grain ", " a cat ", "a cat, film grain"),
])
def test_a_template_puts_the_prompt_where_it_says(template: str, prompt: str, expected: str) -> None:
    assert merge_prompts(template, prompt) == expected


def test_styles_apply_in_turn_to_the_prompt_and_the_negative() -> None:
    assert apply_styles("a cat", "", [PHOTO, GRAIN]) == ("photo of a cat, sharp, film grain", "blurry")
    assert apply_styles("a cat", "text", [PHOTO]) == ("photo of a cat, sharp", "text, blurry")
    assert apply_styles("a cat", "text", []) == ("a cat", "text")


def test_a_style_by_a_name_there_is_none_of_is_said_with_the_names_there_are() -> None:
    assert find_styles(["Grain", "Photo"], [PHOTO, GRAIN]) == [GRAIN, PHOTO]
    with pytest.raises(InvalidRequest, match=re.escape("no style named “Sketch” (yours are: Photo, Grain)")):
        find_styles(["Sketch"], [PHOTO, GRAIN])


@pytest.mark.parametrize(("name", "problem"), [("", "needs a name"), ("  ", "needs a name"),
                                               ("a, b", "comma"), ("Photo", "already"), ("Photo 2", None)])
def test_a_style_name_is_checked(name: str, problem: str | None) -> None:
    said = style_problem(name, ["Photo"])
    assert (said is None) if problem is None else (said is not None and problem in said)


def test_the_first_use_writes_the_default_styles_and_they_read_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "styles.json"
    loaded = load_styles(path, NOW)
    assert loaded.styles == list(DEFAULT_STYLES) and loaded.message is None
    assert {"Photo", "Cinematic", "Anime", "Watercolor", "Pixel art"} <= {s.name for s in loaded.styles}
    assert all("{prompt}" in s.prompt for s in DEFAULT_STYLES)
    save_styles(path, [PHOTO, Style("Ünïcode ✨", "{prompt}, ✨", "")])
    assert load_styles(path, NOW).styles == [PHOTO, Style("Ünïcode ✨", "{prompt}, ✨", "")]
    assert [p.name for p in path.parent.iterdir()] == ["styles.json"]  # no .writing left beside it


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00binary", b'{"format": 99, "styles": []}',
                                     b'{"format": 1, "styles": [{"name": 3}]}', b'[1, 2]',
                                     b'{"format": 1, "styles": [{"name": "a"}, {"name": "a"}]}'])
def test_a_damaged_styles_file_is_set_aside_said_and_the_defaults_written(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "styles.json"
    path.write_bytes(content)
    loaded = load_styles(path, NOW)
    aside = tmp_path / "styles.damaged-20261125-090000.json"
    assert loaded.styles == list(DEFAULT_STYLES)
    assert loaded.message is not None and str(aside) in loaded.message
    assert aside.read_bytes() == content  # kept, never deleted
    assert load_styles(path, NOW) == type(loaded)(list(DEFAULT_STYLES))  # the defaults are in the file now


# --- wildcards ----------------------------------------------------------------------------------------------
@pytest.fixture
def wildcards(tmp_path: Path) -> Path:
    folder = tmp_path / "wildcards"
    (folder / "colors").mkdir(parents=True)
    (folder / "animal.txt").write_text("# animals\n\ncat\ndog\n  fox  \nowl\nhare\n", encoding="utf-8")
    (folder / "colors" / "warm.txt").write_text("red\norange\nyellow\n", encoding="utf-8")
    (folder / "scene.txt").write_text("a __colors/warm__ __animal__ in {snow|rain}\n", encoding="utf-8")
    (folder / "loop.txt").write_text("again __loop__\n", encoding="utf-8")
    (folder / "empty.txt").write_text("# nothing but a note\n\n", encoding="utf-8")
    (folder / "bom.txt").write_bytes("\ufeffé\n".encode())
    return folder


@pytest.mark.parametrize(("text", "choices"), [
    ("a {red|green|blue} ball", {"a red ball", "a green ball", "a blue ball"}),
    ("a { red | green } ball", {"a red ball", "a green ball"}),
    ("{a|{b|c}}", {"a", "b", "c"}),
    ("a __animal__", {"a cat", "a dog", "a fox", "a owl", "a hare"}),
    ("__colors/warm__", {"red", "orange", "yellow"}),
    ("__bom__", {"é"}),
    ("{__colors/warm__|blue}", {"red", "orange", "yellow", "blue"}),
    ("no wildcards here, [a|b] is the prompt's own, and so is a_b__c", {"no wildcards here, [a|b] is the "
                                                                        "prompt's own, and so is a_b__c"}),
])
def test_every_choice_comes_from_the_text_or_its_file(wildcards: Path, text: str, choices: set[str]) -> None:
    made = {expand_wildcards(text, seed, wildcards) for seed in range(60)}
    assert made == choices


def test_the_same_seed_and_text_choose_the_same_and_other_seeds_vary(wildcards: Path) -> None:
    text = "__scene__, {day|night|dusk}"
    first = [expand_wildcards(text, seed, wildcards) for seed in range(20)]
    assert first == [expand_wildcards(text, seed, wildcards) for seed in range(20)]
    assert len(set(first)) > 5
    # pinned: a private Mersenne Twister seeded with the seed chooses the same on every computer, run and version
    assert first[:3] == ['a orange cat in rain, dusk', 'a yellow cat in rain, day', 'a red cat in rain, day']


@pytest.mark.parametrize(("text", "said"), [
    ("a __missing__ cat", "no wildcard file for __missing__: put missing.txt in the wildcards folder"),
    ("a __colors/cold__", "colors/cold.txt"),
    ("a {red|green ball", "the prompt has a “{” without its “}”"),
    ("a red} ball", "the prompt has a “}” without a “{” before it"),
    ("{a|{b|c}", "without its “}”"),
    ("__loop__", f"more than {MAX_DEPTH} deep (__loop__ → __loop__ → "),
    ("__empty__", "has no lines to choose from"),
])
def test_a_wildcard_that_cannot_be_made_is_said_in_words(wildcards: Path, text: str, said: str) -> None:
    with pytest.raises(InvalidRequest, match=re.escape(said)):
        expand_wildcards(text, 1, wildcards)


def test_a_brace_left_open_in_a_wildcard_file_names_the_file(wildcards: Path) -> None:
    (wildcards / "broken.txt").write_text("{red|green\n", encoding="utf-8")
    with pytest.raises(InvalidRequest, match=re.escape("the wildcard file __broken__ has a “{”")):
        expand_wildcards("__broken__", 1, wildcards)


# --- a request as it is queued ------------------------------------------------------------------------------
def test_a_batch_is_styled_and_each_picture_chooses_with_its_own_seed(wildcards: Path) -> None:
    asked = GenerationRequest(prompt="a {red|green|blue|white|black} __animal__", negative_prompt="text",
                              seed=100, styles=("Photo",))
    made = [expanded_request(r, [PHOTO, GRAIN], wildcards) for r in batch_requests(asked, 8, False,
                                                                                  random.Random(1))]
    assert all(r.prompt.startswith("photo of a ") and r.prompt.endswith(", sharp") for r in made)
    assert all("{" not in r.prompt and "__" not in r.prompt for r in made)
    assert {r.negative_prompt for r in made} == {"text, blurry"}
    assert {r.prompt_as_written for r in made} == {asked.prompt} and {r.styles for r in made} == {("Photo",)}
    assert len({r.prompt for r in made}) > 3
    assert made[0] == expanded_request(batch_requests(asked, 1, False, random.Random(2))[0], [PHOTO], wildcards)


def test_the_prompt_as_written_is_kept_only_when_the_prompt_changed(wildcards: Path) -> None:
    plain = GenerationRequest(prompt="a cat", seed=1)
    assert expanded_request(plain, [], wildcards) is plain
    negative_only = expanded_request(GenerationRequest(prompt="a cat", seed=1, styles=("N",)),
                                     [Style("N", "", "blurry")], wildcards)
    assert (negative_only.prompt, negative_only.negative_prompt, negative_only.prompt_as_written) == (
        "a cat", "blurry", "")
    # another step (a translation) set it first: the user's own words stay
    translated = GenerationRequest(prompt="a {cat|cat}", seed=1, prompt_as_written="un {chat|chat}")
    assert expanded_request(translated, [], wildcards).prompt_as_written == "un {chat|chat}"


def test_styles_and_the_prompt_as_written_survive_the_queue_file_and_old_files_still_load() -> None:
    request = GenerationRequest(prompt="photo of a cat", seed=3, styles=("Photo", "Grain"),
                                prompt_as_written="a {cat|dog}")
    assert request_from_json(json.loads(json.dumps(request_json(request)))) == request
    old = request_json(GenerationRequest(prompt="a cat", seed=3))
    del old["styles"], old["prompt_as_written"]
    assert request_from_json(old) == GenerationRequest(prompt="a cat", seed=3)


def test_the_metadata_says_the_styles_and_the_template_quoted_as_a1111_does() -> None:
    request = GenerationRequest(prompt="photo of a red cat, sharp", seed=3, styles=("Photo", "Grain"),
                                prompt_as_written='a {red|green} cat: "quoted", two lines\nhere')
    fields = generation_fields(request, None, [], "Polaris Studio test")
    line = ", ".join(f"{key}: {value}" for key, value in fields.items() if value is not None)
    assert 'Styles: "Photo, Grain"' in line
    read = settings_fields(line)
    assert read["Styles"] == "Photo, Grain" and read["Template"] == request.prompt_as_written
    assert read["Seed"] == "3" and read["Version"] == "Polaris Studio test"
    assert quote("plain") == "plain" and quote("a, b") == '"a, b"'
    assert "Template" not in generation_fields(GenerationRequest(prompt="a cat", seed=3), None, [], "v")
