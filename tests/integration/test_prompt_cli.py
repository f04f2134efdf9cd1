"""`python -m app prompt enhance|translate` as a user runs it: our llama-server and a tiny random-weight Qwen3."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import utf8_env

TIMEOUT_S = 180


def prompt_cli(*args: str, demo: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *(["--demo"] if demo else []), "prompt", *args],
                          capture_output=True, text=True, encoding="utf-8", env=utf8_env(), timeout=TIMEOUT_S,
                          check=False)


def test_enhance_streams_its_words_and_prints_the_suggestion_alone(llama_server: Path,
                                                                   tiny_prompt_model: Path) -> None:
    run = prompt_cli("enhance", "a fox in the snow", "--model", str(tiny_prompt_model), "--family", "sdxl")
    assert run.returncode == 0, run.stderr
    suggestion = run.stdout.strip()
    assert suggestion and "\n" not in suggestion
    assert "[the prompt helper runs on the processor]" in run.stderr
    # the words came as they were written, before the suggestion: stderr holds them, stdout the cleaned prompt
    assert len(run.stderr) > len("[the prompt helper runs on the processor]") + 40


def test_translate_takes_any_language(llama_server: Path, tiny_prompt_model: Path) -> None:
    run = prompt_cli("translate", "um gato no telhado, ao pôr do sol", "--model", str(tiny_prompt_model), "--quiet")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() and run.stderr == ""


def test_without_qwen3_4b_it_says_where_to_get_it(llama_server: Path, tmp_path: Path) -> None:
    run = prompt_cli("enhance", "a fox", "--quiet")
    assert run.returncode == 2
    assert "needs Qwen3-4B-Q4_K_M.gguf" in run.stderr and "python -m app models download prompt-helper" in run.stderr


def test_a_file_that_is_no_chat_model_is_refused_before_anything_starts(tiny_klein: tuple[Path, Path, Path]) -> None:
    _, qwen3_for_pictures, _ = tiny_klein
    run = prompt_cli("translate", "gato", "--model", str(qwen3_for_pictures))
    assert run.returncode == 2
    assert "without the word list a chat model needs" in run.stderr


@pytest.mark.parametrize(("task", "text"), [("enhance", "a fox in the snow"), ("translate", "um gato no telhado")])
def test_in_the_demo_the_demo_text_model_answers_and_says_it_is_a_demo(llama_server: Path, task: str,
                                                                        text: str) -> None:
    run = prompt_cli(task, text, demo=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip()
    assert "[the demo text model (qwen3_prompt_tiny.gguf, random weights): random words" in run.stderr
