"""Keep it, in the real window (offscreen) with the real sd.cpp on lavapipe: a picture the check set aside is shown
as the error's picture, in the queue's row too, with the reason in words; one click puts it in the output folder
and the gallery, with its settings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.gallery.gallery_index import open_index
from app.core.gallery.metadata import read_parameters_text
from app.core.generation.request import GenerationRequest
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.queue.jobs import JobState
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs
from app.ui.main_window import MainWindow


def test_a_set_aside_picture_is_shown_and_kept_with_one_click(qtbot: QtBot, sd_cli: Path, out_dir: Path,
                                                              overflowing_model: tuple[Path, Path]) -> None:
    gallery = open_index(current_user_dirs().gallery_index, out_dir)
    window = MainWindow(Studio(out_dir, gallery=gallery))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    model, taesd = overflowing_model
    # memory switches chosen by hand: no safer rung, one run
    request = GenerationRequest(prompt="overflow", width=64, height=64, steps=1, seed=3,
                                models=ModelFiles(model=model, taesd=taesd),
                                memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))
    with qtbot.waitSignal(window.generation_finished, timeout=300_000) as finished:
        [job] = window.studio.queue.add([request])
    error = finished.args[0].error
    assert error is not None and error.picture is not None
    suspect = Path(error.picture)
    assert suspect.parent == current_user_dirs().bad_pictures
    # the reason in words, the picture to judge, and Keep it beside them
    assert "The picture came out as one flat colour" in window.status_line.status.text()
    assert window.image.image_path == suspect
    assert window.status_line.keep_button.isVisible()
    strip = window.queue_strip
    strip.list.setCurrentRow(0)
    assert strip.list.item(0).text().startswith("failed: The picture came out as one flat colour")
    assert not strip.list.item(0).icon().isNull()  # the row shows the picture too
    assert strip.keep_button.isEnabled()
    qtbot.mouseClick(window.status_line.keep_button, Qt.MouseButton.LeftButton)
    [kept] = list(out_dir.glob("*.png"))
    assert not suspect.exists() and job.state is JobState.DONE and job.image == str(kept)
    assert read_parameters_text(kept) is not None  # its settings came along
    assert [entry.path for entry in gallery.entries()] == [kept]
    assert window.status_line.status.text() == f"Saved {kept}" and window.image.image_path == kept
    assert not window.status_line.keep_button.isVisible()
    strip.list.setCurrentRow(0)
    assert not strip.keep_button.isEnabled()
    assert window.gallery is not None and window.gallery.model.rowCount() == 1
