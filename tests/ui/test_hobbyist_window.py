"""The window a hobbyist meets: every control on the real widgets (offscreen), keys, shapes per model family,
the remembered layout, the check banner, the theme, and no clipped text on a small laptop screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
)
from pytestqt.qtbot import QtBot

from app.core.gallery.gallery_index import GalleryIndex, entry_from_png
from app.core.gallery.metadata import ReusableSettings
from app.core.generation.aspect import Aspect
from app.core.generation.output import Stage
from app.core.generation.samplers import SAMPLERS, SCHEDULERS
from app.core.models.families import ModelFamily
from app.services.studio import Studio
from app.ui.main_window import MainWindow
from app.ui.theme import follow_system_theme
from tests.helpers.clipping import problems_in
from tests.helpers.model_headers import sd15_checkpoint, sd_unet, write_safetensors
from tests.helpers.runner_events import entered
from tests.helpers.window_tour import SIZES, window_in
from tests.ui.test_gallery import ours


def open_window(qtbot: QtBot, out_dir: Path, gallery: GalleryIndex | None = None) -> MainWindow:
    window = MainWindow(Studio(out_dir, gallery=gallery))
    qtbot.addWidget(window)
    with qtbot.waitActive(window):  # shortcuts reach the active window, as the one the user works in is
        window.show()
        window.activateWindow()
    return window


def test_ctrl_enter_generates_and_esc_cancels(qtbot: QtBot, out_dir: Path, sd_cli: Path, tiny_model) -> None:
    window = open_window(qtbot, out_dir)
    model, taesd = tiny_model
    window.panel.model.set_path(model)
    window.panel.taesd.set_path(taesd)
    window.panel.aspect_buttons[Aspect.CUSTOM].click()
    window.panel.set_size(512, 512)
    window.panel.steps.setValue(50)
    qtbot.keyClicks(window.panel.prompt, "a long one")
    window.panel.prompt.setFocus()
    # a busy 2-core CI machine, under Wine too
    with qtbot.waitSignal(window.studio.generation.job_event, timeout=180_000, check_params_cb=entered(Stage.SAMPLING)):
        qtbot.keyClick(window.panel.prompt, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert window.go.cancel.isVisible() and not window.go.generate.isVisible()
    assert window.panel.prompt.toPlainText() == "a long one"  # the shortcut drew; it typed no new line
    with qtbot.waitSignal(window.generation_finished, timeout=30_000) as finished:
        qtbot.keyClick(window.panel.prompt, Qt.Key.Key_Escape)
    assert finished.args[0].cancelled
    assert window.go.generate.isVisible() and window.go.generate.isEnabled()
    assert window.status_line.status.text() == "Cancelled."


def test_ctrl_enter_does_nothing_while_a_generation_runs(qtbot: QtBot, out_dir: Path, tiny_model) -> None:
    window = open_window(qtbot, out_dir)
    window.panel.model.set_path(tiny_model[0])
    window.panel.prompt.setFocus()
    with qtbot.waitSignal(window.generation_finished, timeout=30_000) as finished:
        qtbot.keyClick(window.panel.prompt, Qt.Key.Key_Enter, Qt.KeyboardModifier.ControlModifier)  # keypad Enter
        assert not window.go.generate.isEnabled()
    assert "The prompt is empty." in window.status_line.status.text() and finished.args[0].error is not None
    window.go.generate.setEnabled(False)  # as while running
    with qtbot.assertNotEmitted(window.studio.generation.job_event, wait=300):
        qtbot.keyClick(window.panel.prompt, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def family_files(family: ModelFamily, folder: Path, tiny_model) -> Path:
    if family is ModelFamily.FLUX:
        return tiny_model[0]
    spec = sd15_checkpoint() if family is ModelFamily.SD1 else sd_unet(xl=True)
    return write_safetensors(folder / f"{family.value}.safetensors", spec)


@pytest.mark.parametrize(("family", "square", "portrait", "landscape"), [
    (ModelFamily.FLUX, (1024, 1024), (832, 1216), (1216, 832)),
    (ModelFamily.SD1, (512, 512), (512, 768), (768, 512)),
    (ModelFamily.SDXL, (1024, 1024), (832, 1216), (1216, 832)),
])
def test_the_shape_buttons_size_the_picture_for_the_model_family(qtbot: QtBot, out_dir: Path, tmp_path: Path,
                                                                 tiny_model, family: ModelFamily, square,
                                                                 portrait, landscape) -> None:
    window = open_window(qtbot, out_dir)
    panel = window.panel
    assert panel.aspect_buttons[Aspect.SQUARE].isChecked() and not panel.width_box.isVisible()
    panel.model.set_path(family_files(family, tmp_path, tiny_model))
    qtbot.waitUntil(lambda: panel.draft.family is family, timeout=5_000)  # read once the user pauses typing
    for aspect, size in ((Aspect.PORTRAIT, portrait), (Aspect.LANDSCAPE, landscape), (Aspect.SQUARE, square)):
        qtbot.mouseClick(panel.aspect_buttons[aspect], Qt.MouseButton.LeftButton)
        request = panel.draft.request
        assert (request.width, request.height) == size
        assert panel.shape.size_label.text() == f"{size[0]} x {size[1]}"
    qtbot.mouseClick(panel.aspect_buttons[Aspect.CUSTOM], Qt.MouseButton.LeftButton)
    assert panel.width_box.isVisible() and panel.height_box.isVisible()
    panel.width_box.setFocus()
    panel.width_box.selectAll()
    qtbot.keyClicks(panel.width_box, "1000")
    qtbot.keyClick(panel.width_box, Qt.Key.Key_Tab)
    assert panel.draft.request.width == (1008 if family is ModelFamily.FLUX else 1000)  # snapped for the family


def test_tab_walks_the_window_as_it_reads(qtbot: QtBot, out_dir: Path, tmp_path: Path) -> None:
    window = open_window(qtbot, out_dir, GalleryIndex(tmp_path / "gallery.sqlite3"))
    window.panel.model_picker.setFocus()
    walked = []
    for _ in range(16):
        focused = QApplication.focusWidget()
        walked.append(focused.accessibleName() or focused.text().replace("&", ""))  # type: ignore[union-attr]
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
    # the shape buttons are one group: Tab stops at the chosen one, as in a group of radio buttons
    # top to bottom: the column (the panel's LoRA and picture rows over Generate and the drafts' row), then the
    # picture
    assert walked[:14] == ["Model", "Get models…", "Prompt", "Improve the prompt", "Styles",
                           "Show the negative prompt", "Square picture", "Steps", "LoRA folder…",
                           "Choose a picture to start from", "Generate", "Number of drafts", "Try 4 drafts",
                           "Advanced"], walked
    window.panel.prompt.setFocus()
    qtbot.keyClick(window.panel.prompt, Qt.Key.Key_Tab)  # moves on; no tab character in the prompt
    assert window.panel.prompt.toPlainText() == ""


def test_the_negative_prompt_is_folded_until_asked_for(qtbot: QtBot, out_dir: Path) -> None:
    window = open_window(qtbot, out_dir)
    panel = window.panel
    assert not panel.negative.isVisible()
    qtbot.mouseClick(panel.negative_toggle, Qt.MouseButton.LeftButton)
    assert panel.negative.isVisible()
    qtbot.waitUntil(panel.negative.hasFocus, timeout=2_000)
    qtbot.keyClicks(panel.negative, "fog")
    assert panel.draft.request.negative_prompt == "fog"


def test_advanced_holds_sampler_cfg_seed_and_the_files(qtbot: QtBot, out_dir: Path, tiny_model) -> None:
    window = open_window(qtbot, out_dir)
    panel = window.panel
    assert not window.folds.advanced.isVisible() and not window.folds.details.isVisible()
    qtbot.mouseClick(window.advanced_toggle, Qt.MouseButton.LeftButton)
    assert window.folds.advanced.isVisible() and panel.model.isVisible() and window.plan.label.isVisible()
    request = panel.draft.request
    assert (request.sampler, request.scheduler, request.cfg_scale) == (None, None, None)  # the model's defaults
    # the names the picture's text writes and the API lists (one table)
    assert [panel.sampler.itemText(i) for i in range(1, panel.sampler.count())] == [s.name for s in SAMPLERS]
    assert [panel.scheduler.itemText(i) for i in range(1, panel.scheduler.count())] == [s.name for s in SCHEDULERS]
    panel.sampler.setCurrentText("DPM++ 2M")  # as A1111 names it
    panel.scheduler.setCurrentText("Karras")
    panel.cfg_scale.setValue(4.5)
    panel.seed.setValue(1234)
    request = panel.draft.request
    assert (request.sampler, request.scheduler, request.cfg_scale, request.seed) == ("dpm++2m", "karras", 4.5, 1234)
    # "Reuse settings" of an image made with other choices puts those back; a name this build lacks, the default
    panel.draft.reuse(ReusableSettings("again", values={"sampler": "euler", "scheduler": "not-in-this-build"}))
    assert (panel.draft.request.sampler, panel.draft.request.scheduler) == ("euler", None)
    qtbot.mouseClick(window.details_toggle, Qt.MouseButton.LeftButton)
    assert window.folds.log.isVisible() and window.gauge.isVisible()


def test_advanced_and_the_layout_are_remembered_across_restarts(qtbot: QtBot, out_dir: Path) -> None:
    first = open_window(qtbot, out_dir)
    assert not first.advanced_toggle.isChecked()
    qtbot.mouseClick(first.advanced_toggle, Qt.MouseButton.LeftButton)
    # a size of the user's own (the window's smallest is wider with Windows' fonts than with Linux's)
    size = first.minimumSizeHint().expandedTo(QSize(780, 560))
    first.resize(size)
    column = first.main_splitter.widget(0).minimumSizeHint().width() + 40  # the user widens the column a little
    first.main_splitter.setSizes([column, size.width() - column])
    sizes = first.main_splitter.sizes()
    first.close()
    again = open_window(qtbot, out_dir)
    assert again.advanced_toggle.isChecked() and again.folds.advanced.isVisible()
    assert not again.details_toggle.isChecked()
    assert again.size() == size
    assert again.main_splitter.sizes()[0] == sizes[0]  # the column kept its width


def test_advanced_and_details_open_in_the_column_after_a_start_with_them_closed(qtbot: QtBot,
                                                                               out_dir: Path) -> None:
    first = open_window(qtbot, out_dir)
    first.resize(1000, 700)
    first.close()  # closed with both folded
    again = open_window(qtbot, out_dir)
    qtbot.mouseClick(again.advanced_toggle, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(again.details_toggle, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: again.folds.advanced.height() > 0 and again.folds.log.height() > 0)
    column = again.main_splitter.widget(0)
    assert column.isAncestorOf(again.folds.advanced) and column.isAncestorOf(again.folds.details)
    assert again.folds.advanced.width() >= again.folds.advanced.minimumWidth()  # never scrolls sideways
    assert min(again.folds.sizes()) > 0


def test_opening_and_folding_advanced_and_details_never_moves_the_picture(qtbot: QtBot, out_dir: Path) -> None:
    window = open_window(qtbot, out_dir)
    window.resize(1366, 768)
    qtbot.wait(50)
    picture = window.picture_stack.geometry()
    for _ in range(2):
        window.advanced_toggle.click()
        window.details_toggle.click()
        qtbot.wait(50)
        assert window.folds.advanced.isVisible() and window.folds.log.height() > 0
        assert window.picture_stack.geometry() == picture
        window.folds.setSizes([250, 150])  # the user gives Advanced more of the column
        window.advanced_toggle.click()
        window.details_toggle.click()
        qtbot.wait(50)
        assert not window.folds.advanced.isVisible() and not window.folds.details.isVisible()
        assert window.picture_stack.geometry() == picture
    window.details_toggle.click()  # Details alone: all of the folds' room
    window.advanced_toggle.click()
    qtbot.wait(50)
    assert window.folds.sizes()[0] > window.folds.sizes()[1]  # as the user left them


def test_the_picture_fits_zooms_and_steps_through_the_gallery(qtbot: QtBot, out_dir: Path, tmp_path: Path) -> None:
    index = GalleryIndex(tmp_path / "gallery.sqlite3")
    paths = [ours(tmp_path, f"{i}.png", f"lighthouse {i}", i, 5000 + i, size=(400, 300)) for i in range(3)]
    for path in paths:
        index.add(entry_from_png(path))  # type: ignore[arg-type]
    window = open_window(qtbot, out_dir, index)
    view = window.image
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.image_path == paths[2]  # newest first
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.image_path == paths[1]
    qtbot.mouseClick(view.previous_button, Qt.MouseButton.LeftButton)
    assert view.image_path == paths[2]
    assert window.gallery is not None and window.gallery.selected()[0].path == paths[2]
    assert view.fit and view.fit_button.isChecked()
    qtbot.mouseClick(view.actual_button, Qt.MouseButton.LeftButton)
    assert not view.fit and view.canvas.pixmap().size().width() == 400
    qtbot.mouseClick(view.zoom_in_button, Qt.MouseButton.LeftButton)
    assert view.canvas.pixmap().size().width() == 500
    qtbot.mouseClick(view.zoom_out_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.zoom_out_button, Qt.MouseButton.LeftButton)
    assert view.canvas.pixmap().size().width() == 320
    qtbot.mouseClick(view.fit_button, Qt.MouseButton.LeftButton)
    shown = view.canvas.pixmap().size()
    area = view.picture_area.viewport().size()
    assert shown.width() == area.width() or shown.height() == area.height()


def test_the_first_check_is_a_banner_with_the_full_dialog_one_click_away(qtbot: QtBot, out_dir: Path,
                                                                         sd_cli: Path) -> None:
    window = open_window(qtbot, out_dir)
    with qtbot.waitSignal(window.system_check.finished, timeout=60_000):
        window.check_banner.run_first_check()
        assert window.check_banner.isVisible() and window.check_banner.dialog is not None
        assert not window.check_banner.dialog.isVisible()  # nothing in front of the window
    # lavapipe only: it works, with warnings; the banner says what that means and the first thing to fix
    assert window.check_banner.text.text().startswith("No graphics card that can draw was found: pictures will be "
                                                      "made by the processor, many times slower.")
    qtbot.mouseClick(window.check_banner.action, Qt.MouseButton.LeftButton)
    assert window.check_banner.dialog.isVisible() and not window.check_banner.dialog.isModal()
    assert window.check_banner.dialog.table.rowCount() > 5  # the same check's results, not a second run
    qtbot.mouseClick(window.check_banner.close_button, Qt.MouseButton.LeftButton)
    assert not window.check_banner.isVisible()


def test_the_theme_follows_the_system_colour_scheme(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    style, palette = app.style().name(), app.palette()
    try:
        follow_system_theme(app)
        app.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert app.palette().color(QPalette.ColorRole.Window).lightness() < 80
        assert app.palette().color(QPalette.ColorRole.WindowText).lightness() > 200
        app.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert app.palette().color(QPalette.ColorRole.Window).lightness() > 180
    finally:
        app.styleHints().colorSchemeChanged.disconnect()
        app.setStyle(style)
        app.setPalette(palette)


@pytest.mark.parametrize("screen", list(SIZES.values()), ids=list(SIZES))
def test_no_text_is_clipped_on_a_small_screen(qtbot: QtBot, tmp_path: Path, screen: tuple[int, int]) -> None:
    # 150 % of 1920x1080 leaves 1280x720 logical pixels, and fonts scale with everything else
    with window_in("everything open", screen, tmp_path) as window:
        assert (window.width(), window.height()) == screen, "the window does not fit the screen"
        shown, problems = problems_in(window)
    assert shown > 50
    assert not problems, problems
