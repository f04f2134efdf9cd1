"""Extend… from the gallery's More menu: a small dialog with the four sides (in steps of the model's size
multiple), the grown size in words as they change, the picture's own prompt; Queue puts one job in the queue that
grows that picture, with the window's model and settings."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.gallery.metadata import write_metadata
from app.core.generation.extend import Extension
from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFamily
from app.ui.extend_dialog import ExtendDialog, open_extend_dialog
from tests.helpers.gallery_window import window_over


def test_extend_queues_a_job_that_grows_the_chosen_picture(qtbot: QtBot, out_dir: Path, tmp_path: Path,
                                                           tiny_model: tuple[Path, Path]) -> None:
    out_dir.mkdir(parents=True)
    made = out_dir / "polaris-1.png"
    Image.effect_noise((96, 64), 40).convert("RGB").save(made)
    write_metadata(made, "a harbour at dawn\nNegative prompt: fog\nSteps: 4, Seed: 1",
                   {"prompt": "a harbour at dawn", "negative_prompt": "fog", "width": 96, "height": 64, "seed": 1})
    window = window_over(qtbot, made, tmp_path / "gallery.sqlite3")
    assert window.gallery is not None
    model, taesd = tiny_model
    panel = window.panel
    with qtbot.waitSignal(panel.draft.family_changed):
        panel.model.line_edit.setText(str(model))
        panel.taesd.line_edit.setText(str(taesd))
    assert panel.draft.family is ModelFamily.FLUX  # its sides divide by 16
    panel.prompt.setPlainText("something else entirely")
    panel.steps.setValue(2)
    assert window.gallery.extend_action in window.gallery.more_menu.actions()
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    window.gallery.extend_action.trigger()
    dialog = window.findChild(ExtendDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitExposed(dialog)
    # it fits a 1366x768 laptop's screen, with room for the window's title bar and the taskbar
    assert dialog.frameGeometry().width() <= 1366 and dialog.frameGeometry().height() <= 700
    assert dialog.prompt.toPlainText() == "a harbour at dawn"  # the picture's own prompt, not the panel's
    assert not dialog.queue_button.isEnabled() and "96x64: choose how many pixels" in dialog.size_words.text()
    left = dialog.sides["left"]
    assert left.singleStep() == 16
    left.setFocus()
    left.selectAll()
    qtbot.keyClicks(left, "80")
    assert left.value() == 80 and dialog.outline.extension == Extension(left=80)
    assert dialog.queue_button.isEnabled()
    assert "96x64 grows to 176x64" in dialog.size_words.text()
    dialog.sides["down"].setValue(20)  # off the multiple: the app says what it adds
    assert "grows to 176x96" in dialog.size_words.text()
    assert "12 more pixels on the bottom" in dialog.size_words.text()
    dialog.sides["right"].setValue(4000)  # too wide: said, and not queued
    assert "largest side is 2048" in dialog.size_words.text() and not dialog.queue_button.isEnabled()
    dialog.sides["right"].setValue(0)
    dialog.prompt.setPlainText("a harbour at dawn, wide view")
    before = len(window.studio.queue.jobs)
    qtbot.mouseClick(dialog.queue_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    [job] = window.studio.queue.jobs[before:]
    request = job.request
    assert isinstance(request, GenerationRequest)
    assert request.init_image == made and request.mask is None and request.hires is None
    assert request.extend == Extension(left=80, down=20)  # as asked: the job rounds it up when it is checked
    assert (request.prompt, request.negative_prompt) == ("a harbour at dawn, wide view", "fog")
    assert request.models.model == model and request.steps == 2  # the window's model and settings
    assert request.strength == 0.9
    assert "Extending polaris-1.png" in window.status_line.status.text()
    qtbot.waitUntil(lambda: job.state.finished, timeout=180_000)  # drawn or refused, it ends before the window


def test_extend_goes_through_the_studio_as_generate_does(qtbot: QtBot, out_dir: Path, tmp_path: Path) -> None:
    out_dir.mkdir(parents=True)
    made = out_dir / "polaris-1.png"
    Image.effect_noise((64, 64), 40).convert("RGB").save(made)
    window = window_over(qtbot, made, tmp_path / "gallery.sqlite3")
    window.panel.styles_picker.set_chosen(("Anime",))
    dialog = open_extend_dialog(made, window.draft, window)
    dialog.queued.connect(window._queue_extension)
    dialog.sides["left"].setValue(64)
    dialog.prompt.setPlainText("a {red|blue} harbour")
    before = len(window.studio.queue.jobs)
    qtbot.mouseClick(dialog.queue_button, Qt.MouseButton.LeftButton)
    [job] = window.studio.queue.jobs[before:]
    assert isinstance(job.request, GenerationRequest)
    # the ticked style applied and the wildcard chosen, the prompt as written kept beside them
    assert (job.request.styles, job.request.prompt_as_written) == (("Anime",), "a {red|blue} harbour")
    assert "{" not in job.request.prompt and "harbour" in job.request.prompt
    qtbot.waitUntil(lambda: job.state.finished, timeout=180_000)  # drawn or refused, it ends before the window
