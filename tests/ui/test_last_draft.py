"""After a restart the last prompt and the settings the user set are there again, read from the data folder: the
model's files (while they are all there), the prompt, its negative, the size, the steps and the seed; a model
file gone since leaves the model as a new start chooses it, the rest restored."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs
from app.ui.main_window import MainWindow
from tests.ui.test_main_window import fill_in


def started(qtbot: QtBot, out_dir: Path) -> MainWindow:
    window = MainWindow(Studio(out_dir))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_last_prompt_and_settings_are_there_after_a_restart(qtbot: QtBot, out_dir: Path, tmp_path: Path,
                                                                tiny_model) -> None:
    first = started(qtbot, out_dir)
    fill_in(qtbot, first, tiny_model, "a lighthouse at dusk", 192, 3)
    qtbot.mouseClick(first.panel.negative_toggle, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(first.panel.negative, "fog")
    first.panel.seed.setValue(1234)
    first.close()
    assert current_user_dirs().last_draft.is_file()  # in the data folder

    second = started(qtbot, out_dir)
    panel, (model, taesd) = second.panel, tiny_model
    assert panel.prompt.toPlainText() == "a lighthouse at dusk" and panel.negative.text() == "fog"
    assert panel.negative_toggle.isChecked() and panel.negative.isVisible()
    assert (panel.width_box.value(), panel.height_box.value(), panel.steps.value(), panel.seed.value()) == \
        (192, 192, 3, 1234)
    assert (panel.model.path(), panel.taesd.path()) == (model, taesd)
    assert second.draft.request.prompt == "a lighthouse at dusk" and second.draft.request.models.main == model
    second.close()

    gone = tmp_path / "moved.gguf"
    model.rename(gone)  # a model file moved away since: the model is not put back, the words are
    try:
        third = started(qtbot, out_dir)
        assert third.panel.prompt.toPlainText() == "a lighthouse at dusk" and third.panel.model.path() is None
        third.close()
    finally:
        gone.rename(model)
