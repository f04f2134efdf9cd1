"""Plain words in every window and state, and in the user's language: the visible texts of the main window in
each state of the tour, of the system check (a real check of this computer) and of the Models window hold no
flag, errno, error code, log level or Python word; under Brazilian Portuguese none of them is still English.
The states where words went wrong before (a download failing offline, in the first-start guide and in the prompt
helper; a job drawn by the processor in the queue drawer; a prompt too long; a text model added as a picture
model) say none of that in any language. The backend's log under Details keeps sd.cpp's own lines on purpose."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.gallery.image_store import FolderProblem, check_folder
from app.core.generation.request import GenerationRequest
from app.core.prompt_helper.chat import HelperTask
from app.core.prompt_helper.model import PROMPT_MODEL_NAME
from app.core.queue.jobs import Job, JobState, save_queue
from app.core.queue.rig import LOCAL_CARD
from app.core.words import reason_of
from app.services.studio import Studio
from app.ui.first_start import FirstStart
from app.ui.main_window import MainWindow
from tests.helpers.local_catalog import write_catalog
from tests.helpers.visible_texts import USER_DATA, developer_words, english_left, visible_texts
from tests.helpers.window_tour import SIZES, STATES, settle, speaking, window_in


def with_the_check(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.system_check.finished, timeout=60_000):
        window.check_banner.check_again()


def with_the_models(qtbot: QtBot, window: MainWindow) -> None:
    window.models_button.open_models()
    assert window.models_button.models_window is not None
    qtbot.waitExposed(window.models_button.models_window)


OTHER_WINDOWS: dict[str, Callable[[QtBot, MainWindow], None]] = {
    "the system check": with_the_check, "the Models window": with_the_models}


def texts_of(qtbot: QtBot, tmp_path: Path, state: str, other: str | None = None) -> dict[str, list[str]]:
    with window_in(state, SIZES["1366x768"], tmp_path) as window:
        texts = visible_texts(window, leave_out=(window.folds.log,))
        if other is not None:
            OTHER_WINDOWS[other](qtbot, window)
            shown = window.check_banner.dialog if other == "the system check" else window.models_button.models_window
            assert shown is not None
            texts = visible_texts(shown)
    return texts


@pytest.mark.parametrize("state", list(STATES))
def test_the_main_window_speaks_plain_words(qtbot: QtBot, tmp_path: Path, state: str) -> None:
    texts = texts_of(qtbot, tmp_path, state)
    assert sum(len(shown) for shown in texts.values()) > 60  # the walk reads the window
    assert developer_words(texts) == {}


@pytest.mark.parametrize("other", list(OTHER_WINDOWS))
def test_the_other_windows_speak_plain_words(qtbot: QtBot, tmp_path: Path, other: str) -> None:
    texts = texts_of(qtbot, tmp_path, "first start", other)
    assert sum(len(shown) for shown in texts.values()) > 10
    assert developer_words(texts) == {}


@pytest.mark.parametrize("other", [None, *OTHER_WINDOWS])
def test_nothing_is_left_in_english_under_brazilian_portuguese(qtbot: QtBot, tmp_path: Path, translations: Path,
                                                                other: str | None) -> None:
    english = texts_of(qtbot, tmp_path / "en", "everything open" if other is None else "first start", other)
    with speaking("pt_BR"):
        portuguese = texts_of(qtbot, tmp_path / "pt", "everything open" if other is None else "first start", other)
    assert english != portuguese  # the translation took
    assert english_left(english, portuguese, USER_DATA) == {}


# --- the states where the words went wrong before, in every language ---------------------------------------------
# what no state may say: a program's name, the software renderer's, the estimate's old basis, a raw system error
NEVER_SAID = ("sd.cpp", "llvmpipe", "lavapipe", "card's specifications", "Errno", "Name or service not known")
# .invalid never resolves (RFC 6761), as no name does on a computer without a network
OFFLINE = "https://polaris.invalid"


def _download_failing_offline(qtbot: QtBot, window: MainWindow, folder: Path) -> dict[str, list[str]]:
    """The first-start guide's download of the recommended model, offline."""
    window.catalog = write_catalog(folder / "offline.json", OFFLINE, {"model": ("tiny-flux.gguf", b"never", False)},
                                   hosts=("polaris.invalid",))
    guide = FirstStart(window)
    guide.start()
    qtbot.waitUntil(lambda: guide.download_button.isVisible(), timeout=60_000)
    with qtbot.waitSignal(guide.download.finished, timeout=30_000):
        guide.download_button.click()
    assert guide.download_button.isVisible()  # to try again
    qtbot.waitUntil(lambda: not window.system_check.running, timeout=60_000)  # the guide shows its verdict
    texts = visible_texts(guide)
    guide.close()
    return texts


def _helper_download_failing_offline(qtbot: QtBot, window: MainWindow, folder: Path) -> dict[str, list[str]]:
    """The prompt helper's offer of its text model, downloaded offline."""
    view = window.prompt_helper
    view.catalog = write_catalog(folder / "offline.json", OFFLINE, {"llm": (PROMPT_MODEL_NAME, b"never", False)},
                                 hosts=("polaris.invalid",))
    window.panel.prompt.setPlainText("a fox in the snow")
    view.ask(HelperTask.ENHANCE)
    with qtbot.waitSignal(view.download.finished, timeout=30_000):
        view.start_download()
    settle()
    return visible_texts(window, leave_out=(window.folds.log,))


def _running_on_the_processor(qtbot: QtBot, window: MainWindow, folder: Path) -> dict[str, list[str]]:
    """The queue drawer open, a job drawing on this computer's own device: lavapipe here, no graphics card."""
    window.studio.machine.ask()
    qtbot.waitUntil(lambda: window.studio.generation.card is not None, timeout=60_000)
    assert window.studio.queue.draws_on_processor
    job = window.studio.queue.jobs[0]
    job.state, job.card = JobState.RUNNING, LOCAL_CARD
    window.queue_strip.summary.setChecked(True)
    window.queue_strip.refresh()
    settle()
    texts = visible_texts(window, leave_out=(window.folds.log,))
    job.state = JobState.WAITING  # the window closes on a queue it runs nothing of
    return texts


def _prompt_too_long(qtbot: QtBot, window: MainWindow, folder: Path) -> dict[str, list[str]]:
    window.panel.prompt.setPlainText("a fox in the snow, " * 2700)
    return visible_texts(window, leave_out=(window.folds.log,))


def _text_model_added_as_a_picture_model(qtbot: QtBot, window: MainWindow, folder: Path) -> dict[str, list[str]]:
    from app.core.demo.text_model import write_tiny_prompt_model

    window.models_button.open_models()
    models = window.models_button.models_window
    assert models is not None
    with qtbot.waitSignal(models.imported, timeout=30_000):
        models.import_paths([write_tiny_prompt_model(folder / "mine")])
    # the report of what was added, a read-only text: all of it shows (the rest of the Models window is the other
    # windows' test's)
    return {"import report": models.import_report.toPlainText().splitlines()}


WORD_STATES: dict[str, Callable[[QtBot, MainWindow, Path], dict[str, list[str]]]] = {
    "a download failing offline": _download_failing_offline,
    "the prompt helper's download failing offline": _helper_download_failing_offline,
    "a job drawn by the processor": _running_on_the_processor,
    "a prompt too long": _prompt_too_long,
    "a text model added as a picture model": _text_model_added_as_a_picture_model,
}


def word_state_texts(qtbot: QtBot, folder: Path, state: str) -> dict[str, list[str]]:
    with window_in("queue of three", SIZES["1366x768"], folder) as window:
        return WORD_STATES[state](qtbot, window, folder)


def never_said(texts: dict[str, list[str]]) -> list[str]:
    return [text for shown in texts.values() for text in shown if any(word in text for word in NEVER_SAID)]


@pytest.mark.parametrize("language", ["pt_BR", "es", "ru"])
@pytest.mark.parametrize("state", list(WORD_STATES))
def test_where_words_went_wrong_they_are_plain_in_every_language(qtbot: QtBot, tmp_path: Path, translations: Path,
                                                                  state: str, language: str) -> None:
    english = word_state_texts(qtbot, tmp_path / "en", state)
    with speaking(language):
        translated = word_state_texts(qtbot, tmp_path / language, state)
    for texts in (english, translated):
        assert developer_words(texts) == {} and never_said(texts) == []
    assert english_left(english, translated, USER_DATA) == {}
    if language == "ru":  # one unit word a language: ГиБ in its sentences and in its sizes alike
        assert [text for shown in translated.values() for text in shown if re.search(r"\d [KMG]iB", text)] == []


def test_a_job_failed_in_english_says_why_in_the_language_of_now(qtbot: QtBot, tmp_path: Path,
                                                                 translations: Path) -> None:
    with pytest.raises(FolderProblem) as raised:
        check_folder(tmp_path, needed=2**62)  # no disk has that much free: a job refused in English
    store = tmp_path / "queue.json"
    save_queue(store, [Job(GenerationRequest("a lighthouse", seed=1), state=JobState.FAILED,
                           reason=reason_of(raised.value))])
    with speaking("pt_BR"):  # the next start, in Portuguese
        window = MainWindow(Studio(tmp_path / "images", store=store))
        qtbot.addWidget(window)
        row = window.queue_strip.list.item(0).text()
    assert row.startswith(f"falhou: Não dá para salvar imagens: o disco de {tmp_path} está cheio (")
