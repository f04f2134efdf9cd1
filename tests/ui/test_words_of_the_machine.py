"""Words from the plan that will run and the devices found: on this PC, whose pictures the processor draws
(lavapipe, no graphics card), no sentence the window shows speaks of video memory or a graphics card as if one
drew: the retry's plan, Details' gauge, Advanced's plan, the Models cards, the Improve menu, the engine tab, a
broken picture's message (three short lines) and the stage words while the first step runs."""

from __future__ import annotations

import re
import time
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import demo_upscaler
from app.core.gallery.gallery_index import GalleryEntry
from app.core.gallery.image_store import BadPicture
from app.core.gallery.picture_check import PictureFault, Refusal, what_to_try
from app.core.generation.output import BackendError, ErrorKind, Outcome, Progress, Stage
from app.core.generation.upscale import UpscaleRequest
from app.core.models.families import MemoryFlags
from app.core.planning.plan import Breakdown, MemoryPlan, UpscalePlan, Where
from app.core.queue.jobs import Job, JobState
from app.core.queue.rig import LOCAL_CARD
from app.core.sizes import format_size
from app.core.system.checks import CompatibilityReport, SystemFacts
from app.core.system.usage import ResourceSample
from app.core.words import number
from app.services.runners.events import JobEnded, PlanChosen, Retrying
from app.services.runners.finish import set_picture_aside
from app.services.studio import Studio
from app.ui.main_window import MainWindow
from app.ui.model_card import ModelCard
from tests.helpers.visible_texts import developer_words, visible_texts
from tests.helpers.window_tour import SIZES, picture_file, settle, speaking, window_in

# what a PC without a card must not read: a card, its memory, or its driver spoken of as if one drew here
# (that there is no graphics card may be said)
CARD_WORDS = re.compile(r"VRAM|video memory|(?<!no )graphics card|llvmpipe|lavapipe|quantization|in pieces|"
                        r"not named by its build")


def card_words(texts: dict[str, list[str]]) -> list[str]:
    return [text for shown in texts.values() for text in shown if CARD_WORDS.search(text)]


def on_the_processor(qtbot: QtBot, window: MainWindow) -> None:
    window.studio.machine.ask()
    qtbot.waitUntil(lambda: window.studio.generation.card is not None, timeout=60_000)
    card = window.studio.generation.card
    assert card is not None and card.is_cpu  # this computer: lavapipe
    settle()


SAFER = MemoryPlan(MemoryFlags(vae_on_cpu=True, vae_tiling=True),
                   {"diffusion": Where.GPU, "text_encoders": Where.CPU, "vae": Where.CPU}, (),
                   Breakdown(2**27, 0, 0), 2**30, 1.0, True, ())


def test_the_retry_the_gauge_and_the_plan_speak_of_the_processor(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("details open", SIZES["1366x768"], tmp_path) as window:
        on_the_processor(qtbot, window)
        window._on_event(Retrying(window.studio.queue.jobs[0], LOCAL_CARD, "bad_picture", SAFER))
        said = window.status_line.status.text()
        assert "tried again, safer: Everything on the processor" in said, said
        assert not window.gauge.vram_label.isVisibleTo(window)  # no card's memory to gauge
        assert window.gauge.ram_label.isVisibleTo(window)
        window.plan.show_plan(SAFER)
        assert window.plan.label.text().startswith("Memory plan: everything on the processor; predicted ")
        assert not window.prompt_helper.card_action.isVisible()  # Improve offers no card to wait for
        texts = visible_texts(window, leave_out=(window.folds.log,))
        assert card_words(texts) == []


def test_a_broken_picture_says_why_in_three_short_lines(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        on_the_processor(qtbot, window)
        staged = picture_file(tmp_path / "staged.png", (64, 64), (0, 0, 0))
        error = set_picture_aside(staged, 7, BadPicture(Refusal(PictureFault.BLACK, (0, 0, 0))),
                                  " on the safer try too",
                                  what_to_try(PictureFault.BLACK, MemoryFlags(vae_on_cpu=True), on_processor=True))
        assert error.kind is ErrorKind.BAD_PICTURE
        window.status_line.show_outcome(Outcome(0, None, error), window.studio.queue.jobs[0])
        lines = window.status_line.status.text().splitlines()
        assert len(lines) == 3, lines
        assert lines[0] == "The picture came out black on the safer try too: it is set aside, not in the gallery."
        assert lines[1].startswith("It is kept in ") and lines[2] == "Try a smaller size or another model file."
        assert window.status_line.keep_button.isVisible()
        assert card_words(visible_texts(window, leave_out=(window.folds.log,))) == []


def test_the_first_step_is_said_while_it_runs(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        on_the_processor(qtbot, window)
        line = window.status_line
        line.show_stage(Stage.LOADING)
        line._stage_since = time.monotonic() - 8  # eight seconds into loading the model
        qtbot.waitUntil(lambda: "8 s" in line.status.text() or "9 s" in line.status.text(), timeout=3000)
        assert "processor reads the model" in line.status.text() and "graphics card" not in line.status.text()
        line.show_stage(Stage.SAMPLING)  # the first step of a picture drawn by the processor takes a minute
        line._stage_since = time.monotonic() - 30
        qtbot.waitUntil(lambda: "on a first picture the processor also prepares its code" in line.status.text(),
                        timeout=3000)
        assert line.status.text().startswith("Drawing… 3")


def test_the_engine_tab_and_the_models_cards_name_no_card(qtbot: QtBot, tmp_path: Path, sd_cli: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        on_the_processor(qtbot, window)
        window.models_button.open_models()
        models = window.models_button.models_window
        assert models is not None
        qtbot.waitExposed(models)
        qtbot.waitUntil(lambda: any(card.fits.text() for card in models.cards.values()), timeout=60_000)
        fits = {card.fits.text() for card in models.cards.values()} - {""}  # an upscaler says none
        assert fits <= {"Fits in this computer's memory", "Too big for this computer"}, fits
        models.engine.refresh_backend()
        qtbot.waitUntil(lambda: "Drawing now" in models.engine.backend_info.text(), timeout=60_000)
        assert "The version this app comes with" in models.engine.backend_info.text()
        with qtbot.waitSignal(models.engine.gpu_check.finished, timeout=120_000) as checked:
            models.engine.check_gpu()
        facts, report = checked.args
        assert isinstance(facts, SystemFacts) and isinstance(report, CompatibilityReport)
        said = models.engine.backend_message.text()
        assert "this computer's processor (no graphics card)" in said and "llvmpipe" not in said, said
        models.close()


def test_cards_of_one_name_say_what_differs(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        window.models_button.open_models()
        models = window.models_button.models_window
        assert models is not None
        qtbot.waitExposed(models)
        by_name: dict[str, list[ModelCard]] = {}
        for card in models.cards.values():
            by_name.setdefault(card.name.text(), []).append(card)
        pairs = {name: cards for name, cards in by_name.items() if len(cards) > 1}
        assert set(pairs) >= {"FLUX.2 klein 4B", "Flux Schnell", "Z-Image Turbo"}
        for name, cards in pairs.items():
            said = [visible_texts(card) for card in cards]
            assert said[0] != said[1], name
            variants = sorted(card.variant.text() for card in cards)
            assert all(card.variant.isVisibleTo(models) for card in cards) and len(set(variants)) == 2, variants
        klein = sorted(card.variant.text() for card in pairs["FLUX.2 klein 4B"])
        assert klein[0].startswith("For 4 GB cards") and klein[1].startswith("For 8 GB cards: the bigger download")
        assert all("RAM" in card.variant.text() for card in pairs["Flux Schnell"])
        assert developer_words(visible_texts(models)) == {}


def test_an_upscale_speaks_the_windows_words_with_its_own_progress(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        line = window.status_line
        line.show_outcome(Outcome(0, str(tmp_path / "last.png")))
        assert line.progress.format() == "Done"
        upscale = Job(UpscaleRequest(tmp_path / "polaris-1.png", tmp_path / "RealESRGAN_x4plus_anime_6B.pth"))
        window._on_event(PlanChosen(upscale, LOCAL_CARD, UpscalePlan(3, 2**28, 42.0, True, "Tiles of 128 px: 3")))
        assert line.progress.format() == "Upscaling…"
        assert line.status.text() == "Upscaling: about 42 s (tiles: 3)."
        demo = Job(UpscaleRequest(tmp_path / "polaris-1.png", demo_upscaler(tmp_path / "spare")))
        window._on_event(PlanChosen(demo, LOCAL_CARD, UpscalePlan(1, 2**27, 2.0, True, "Tiles of 128 px: 1")))
        assert line.status.text() == ("Upscaling with the demo's upscaler, which draws noise to show how it works: "
                                      "about 2 s.")
        texts = visible_texts(window, leave_out=(window.folds.log,))
        assert developer_words(texts) == {} and card_words(texts) == []


def test_numbers_keep_the_languages_separators(qtbot: QtBot, tmp_path: Path, translations: Path) -> None:
    assert (format_size(2 * 2**30), number(50_000)) == ("2.0 GiB", "50,000")  # English
    for language, gib, many in (("pt_BR", "2,0 GiB", "50.000"), ("es", "2,0 GiB", "50.000"),
                                ("ru", "2,0 ГиБ", "50\u00a0000")):
        with speaking(language):
            assert (format_size(2 * 2**30), number(50_000)) == (gib, many), language
            window = MainWindow(Studio(tmp_path / language / "images"))
            qtbot.addWidget(window)
            window.gauge.show_sample(ResourceSample(16 * 2**30, 3 * 2**29, 8 * 2**30, 2**31))
            assert gib.split()[0] in window.gauge.vram_label.text() and "2.0" not in window.gauge.vram_label.text()
            window.close()
    assert number(1.5, 1) == "1.5"  # English again once the language is left


def test_why_a_job_failed_stays_while_the_next_one_runs(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        line = window.status_line
        failed = BackendError(ErrorKind.CANNOT_SAVE, "the disk is full")
        line.show_outcome(Outcome(1, None, failed), window.studio.queue.jobs[0])
        why = line.status.text().splitlines()[0]
        line.show_stage(Stage.LOADING)  # the queue starts the next job at once
        qtbot.wait(1200)  # past a second of the clock's words
        assert line.status.text().endswith(f"\nThe job before failed: {why}"), line.status.text()
        line.show_steps({LOCAL_CARD: Progress(1, 4, 2.0)})
        assert line.status.text().startswith("Drawing — step 1 of 4") and why in line.status.text()
        line.show_outcome(Outcome(0, str(tmp_path / "polaris-9.png")))  # the next one ended well
        assert "The job before failed" not in line.status.text()


def test_a_new_picture_is_the_one_chosen_in_the_gallery(qtbot: QtBot, tmp_path: Path) -> None:
    """After an upscale or Keep it (as after a drawing) the gallery chooses the new picture, the one in view."""
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        gallery = window.gallery
        assert gallery is not None
        gallery.view.setCurrentIndex(gallery.model.index(2))
        old = gallery.selected()[0].path
        new = picture_file(tmp_path / "images" / "polaris-1-x4.png", (128, 128))
        gallery.model.gallery.add(GalleryEntry(new, "picture 0", "", "", 0, 128, 128, created=9.0))
        window._on_event(JobEnded(window.studio.queue.jobs[0], LOCAL_CARD, Outcome(0, str(new))))
        assert [entry.path for entry in gallery.selected()] == [new] != [old]
        assert window.image.image_path == new
        kept = picture_file(tmp_path / "images" / "polaris-kept.png", (64, 64))
        gallery.model.gallery.add(GalleryEntry(kept, "picture 1", "", "", 1, 64, 64, created=10.0))
        window.status_line.kept.emit(Outcome(None, str(kept)))  # Keep it: the set-aside picture, kept after all
        assert [entry.path for entry in gallery.selected()] == [kept]


def test_a_failed_rows_tooltip_says_why_whole_then_the_prompt(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        job = window.studio.queue.jobs[0]
        reason = ("The picture came out black on the safer try too: it is set aside, not in the gallery.\n"
                  "It is kept in /somewhere/polaris-3.png.\nTry a smaller size or another model file.")
        job.state, job.reason = JobState.FAILED, reason
        window.queue_strip.refresh()
        item = window.queue_strip.list.item(0)
        assert item.text().splitlines()[0] == f"failed: {reason.splitlines()[0]}"
        assert item.toolTip() == f"Failed: {reason}\n\na lighthouse at dusk, take 0"
