"""The prompt helper with the real llama-server (our build) and a tiny random-weight Qwen3 (its own tokenizer and
chat template, written by app/core/demo/text_model.py): on the processor, on lavapipe, streaming, stopped, unloaded,
and given bad files."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import psutil
import pytest
from pytestqt.qtbot import QtBot

from app.core.models.families import ModelFamily
from app.core.prompt_helper.chat import HelperTask
from app.core.prompt_helper.model import HelperPlace, PromptModelRejected, inspect_prompt_model
from app.services.prompt_helper import HelperAnswer, PromptHelper
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs

# Windows Python runs (issue 34) what llama-server.exe can do differently there: started, streamed from over a
# socket, stopped mid-answer and mid-load, ended, dying on a bad file, started again on the card; the rest is
# logic on the same paths and runs on Linux alone (each says which test covers its path)

ON_PROCESSOR = HelperPlace(False, "runs on the processor")
ON_LAVAPIPE = HelperPlace(True, "runs on the graphics card")
ANSWER_MS = 120_000


def ask(qtbot: QtBot, helper: PromptHelper, model: Path, place: HelperPlace = ON_PROCESSOR,
        task: HelperTask = HelperTask.ENHANCE, text: str = "a fox in the snow",
        environment: dict[str, str] | None = None) -> tuple[HelperAnswer, list[str]]:
    words: list[str] = []
    helper.words.connect(words.append)
    with qtbot.waitSignal(helper.answered, timeout=ANSWER_MS) as answered:
        helper.ask(task, text, ModelFamily.FLUX, model, place, environment or dict(os.environ), 2)
    helper.words.disconnect(words.append)
    [answer] = answered.args
    assert isinstance(answer, HelperAnswer)
    return answer, words


def server_pid(helper: PromptHelper) -> int:
    assert helper.pid is not None
    return helper.pid


@pytest.fixture
def helper(qtbot: QtBot, llama_server: Path) -> PromptHelper:
    helper = PromptHelper(llama_server)
    yield helper
    if helper.loaded:
        with qtbot.waitSignal(helper.unloaded, timeout=10_000):
            helper.unload()
    helper.stop_now()  # joins the last question's thread: the helper is destroyed here, on this thread


@pytest.mark.backend
@pytest.mark.windows
def test_it_streams_an_answer_on_the_processor_and_stays_loaded(qtbot: QtBot, helper: PromptHelper,
                                                                tiny_prompt_model: Path) -> None:
    answer, words = ask(qtbot, helper, tiny_prompt_model)
    assert answer.error is None and not answer.cancelled
    # the tiny model never ends by itself: the answer runs to its cap, a piece at a time
    assert len(words) > 20 and answer.text
    assert answer.tokens_per_second is not None and answer.tokens_per_second > 0
    assert "--device" in psutil.Process(server_pid(helper)).cmdline()  # nothing offloaded to a card
    pid = server_pid(helper)
    again, more = ask(qtbot, helper, tiny_prompt_model, task=HelperTask.TRANSLATE, text="um gato no telhado")
    assert again.text and more and server_pid(helper) == pid  # the loaded model answered again


@pytest.mark.backend
@pytest.mark.windows
def test_stop_ends_the_answer_at_once_and_keeps_the_model(qtbot: QtBot, helper: PromptHelper,
                                                          tiny_prompt_model: Path) -> None:
    ask(qtbot, helper, tiny_prompt_model)  # loaded
    words: list[str] = []

    def stop_at_first(piece: str) -> None:
        words.append(piece)
        if len(words) == 1:
            time.sleep(1.0)  # a busy machine's window: the worker reads on while the click waits its turn
            helper.cancel()

    helper.words.connect(stop_at_first)
    with qtbot.waitSignal(helper.answered, timeout=ANSWER_MS) as answered:
        helper.ask(HelperTask.ENHANCE, "a castle", ModelFamily.SDXL, tiny_prompt_model, ON_PROCESSOR,
                   dict(os.environ), 2)
    [answer] = answered.args
    assert answer.cancelled and answer.text is None and answer.error is None
    # no word after Stop, though the worker may have read more before it heard it (under Wine on a busy machine
    # the whole answer, 160 words, had come through: a rerun in two full runs)
    assert len(words) == 1
    assert helper.loaded and not helper.busy


@pytest.mark.backend
@pytest.mark.windows
def test_unload_ends_the_server_and_frees_its_memory(qtbot: QtBot, helper: PromptHelper,
                                                     tiny_prompt_model: Path) -> None:
    ask(qtbot, helper, tiny_prompt_model)
    pid = server_pid(helper)
    with qtbot.waitSignal(helper.unloaded, timeout=10_000):
        helper.unload()
    assert not helper.loaded
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


# Linux alone: the idle timer is Qt's; the server's end on Windows is the test above's
def test_it_unloads_by_itself_after_a_while(qtbot: QtBot, llama_server: Path, tiny_prompt_model: Path) -> None:
    helper = PromptHelper(llama_server, idle_unload_ms=300)
    ask(qtbot, helper, tiny_prompt_model)
    assert helper.loaded
    with qtbot.waitSignal(helper.unloaded, timeout=10_000):
        pass
    assert not helper.loaded


# Linux alone, in the Polaris lane (.ci/when_changed.py: when the backends or the code that starts this one change);
# a server on lavapipe answers on every commit, and under Windows, in the test of a question for another place
@pytest.mark.full
def test_on_lavapipe_every_layer_goes_to_the_vulkan_device(qtbot: QtBot, helper: PromptHelper,
                                                            tiny_prompt_model: Path) -> None:
    answer, words = ask(qtbot, helper, tiny_prompt_model, ON_LAVAPIPE,
                        environment={**os.environ, "GGML_VK_VISIBLE_DEVICES": "0"})
    assert answer.error is None and len(words) > 20
    assert helper.on_card
    assert any("offloaded" in line and "layers to GPU" in line for line in helper.log), helper.log


@pytest.mark.backend
@pytest.mark.windows
def test_a_file_llama_cpp_cannot_load_fails_in_words(qtbot: QtBot, helper: PromptHelper, tiny_prompt_model: Path,
                                                     tmp_path: Path) -> None:
    cut = tmp_path / "cut.gguf"
    data = tiny_prompt_model.read_bytes()
    cut.write_bytes(data[:len(data) // 2])  # the header is whole: only llama.cpp finds the weights missing
    inspect_prompt_model(cut)
    answer, words = ask(qtbot, helper, cut)
    assert answer.text is None and not words
    assert answer.error is not None and "could not load its model file" in answer.error
    assert not helper.loaded


# Linux alone: the refusal is logic on the program's --help, which every other test's start reads on Windows
def test_a_program_that_is_not_llama_server_is_refused(qtbot: QtBot, sd_cli: Path, tiny_prompt_model: Path) -> None:
    answer, _ = ask(qtbot, PromptHelper(sd_cli), tiny_prompt_model)
    assert answer.error is not None and "is not the llama-server this app needs" in answer.error


@pytest.mark.windows
def test_the_studio_asks_for_qwen3_4b_in_the_models_folder(qtbot: QtBot) -> None:
    studio = Studio(current_user_dirs().images)
    with pytest.raises(PromptModelRejected, match=r"needs Qwen3-4B-Q4_K_M\.gguf"):
        studio.prompt_model()


@pytest.mark.backend
@pytest.mark.windows
def test_a_question_for_another_place_starts_a_new_server_and_ends_the_old(qtbot: QtBot, helper: PromptHelper,
                                                                         tiny_prompt_model: Path) -> None:
    ask(qtbot, helper, tiny_prompt_model)  # on the processor
    old = server_pid(helper)
    with qtbot.waitSignal(helper.unloaded, timeout=10_000):  # the old server's end is said, the new one goes on
        answer, words = ask(qtbot, helper, tiny_prompt_model, ON_LAVAPIPE,
                            environment={**os.environ, "GGML_VK_VISIBLE_DEVICES": "0"})
    assert answer.error is None and not answer.cancelled and words
    assert helper.on_card and helper.loaded and server_pid(helper) != old
    assert not psutil.pid_exists(old) or psutil.Process(old).status() == psutil.STATUS_ZOMBIE


@pytest.mark.backend
@pytest.mark.windows
def test_stop_while_the_model_loads_ends_the_question_and_the_server(qtbot: QtBot, helper: PromptHelper,
                                                                     tiny_prompt_model: Path) -> None:
    helper.status.connect(lambda words: helper.cancel() if words.startswith("loading") else None)
    answers: list[HelperAnswer] = []
    helper.answered.connect(answers.append)
    with qtbot.waitSignals([helper.answered, helper.unloaded], timeout=ANSWER_MS):
        helper.ask(HelperTask.ENHANCE, "a fox", ModelFamily.FLUX, tiny_prompt_model, ON_PROCESSOR,
                   dict(os.environ), 2)
    [answer] = answers
    assert answer.cancelled and answer.text is None and not helper.loaded and not helper.busy


@pytest.mark.windows
def test_a_missing_program_is_said_in_one_sentence_with_what_to_do(qtbot: QtBot, tiny_prompt_model: Path,
                                                                   tmp_path: Path) -> None:
    answer, words = ask(qtbot, PromptHelper(tmp_path / "gone" / "llama-server.exe"), tiny_prompt_model)
    assert answer.text is None and not words
    # the box under the prompt has room for a sentence: the path goes to the app's log, never a build command
    # from source on Linux, it is not built yet (the first set-up builds only the programs that draw)
    assert answer.error == ("The prompt helper's program is missing or damaged: install Polaris Studio again."
                            if sys.platform == "win32" else "The prompt helper's program is not built yet: Models > "
                            "Drawing engine > Build the engine makes it (a few minutes).")


@pytest.mark.skipif(sys.platform == "win32", reason="a program that is there but no program: the Linux route's "
                    "words (Windows has one sentence for both)")
def test_a_damaged_program_is_built_again(qtbot: QtBot, tiny_prompt_model: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "llama-server"
    damaged.write_text("cut short by a full disk")
    damaged.chmod(0o755)
    answer, _ = ask(qtbot, PromptHelper(damaged), tiny_prompt_model)
    assert answer.error == ("The prompt helper's program is missing or damaged: build the drawing engine again "
                            "(Models > Drawing engine > Build the engine).")
