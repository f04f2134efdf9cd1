"""Keep it from the queue's list, for a job before the last one: the picture kept is the one the gallery chooses
and the window shows (only the last failed job's was, by the status line's own Keep it)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.generation.output import BackendError, ErrorKind, Outcome
from app.core.queue.jobs import JobState
from tests.helpers.window_tour import SIZES, picture_file, window_in


def test_a_picture_kept_from_the_queues_list_is_chosen_in_the_gallery(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        gallery, queue = window.gallery, window.studio.queue
        assert gallery is not None
        set_aside = tmp_path / "set aside"
        set_aside.mkdir()
        for n, job in enumerate(queue.jobs[:2]):  # two jobs whose pictures the check set aside, one after the other
            picture = picture_file(set_aside / f"polaris-bad-{n}.png", (64, 64), (10, 10, 10))
            error = BackendError(ErrorKind.BAD_PICTURE, "The picture came out black.", picture=str(picture))
            job.state, job.suspect, job.reason = JobState.FAILED, str(picture), error.message
            window._on_finished(Outcome(0, None, error), job)
        first = queue.jobs[0]
        window.queue_strip.list.setCurrentRow(0)
        qtbot.mouseClick(window.queue_strip.keep_button, Qt.MouseButton.LeftButton)
        assert first.state is JobState.DONE and first.image is not None
        kept = Path(first.image)
        assert [entry.path for entry in gallery.selected()] == [kept]
        assert window.image.image_path == kept
