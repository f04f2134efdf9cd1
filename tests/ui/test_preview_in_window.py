"""The picture forms in the window's image view while sd.cpp runs, then the finished image replaces it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.services.runners.events import PreviewShown
from app.services.studio import Studio
from app.ui.main_window import MainWindow
from tests.helpers.runner_events import hear
from tests.ui.test_main_window import fill_in


def test_the_image_view_shows_each_frame_then_the_finished_picture(qtbot: QtBot, sd_cli: Path, tiny_model,
                                                                   out_dir: Path) -> None:
    window = MainWindow(Studio(out_dir))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    fill_in(qtbot, window, tiny_model, "a lighthouse at dawn", 64, 3)
    seen: list[tuple[int | None, Path | None, bool]] = []
    window.studio.generation.job_event.connect(hear(PreviewShown, lambda _: seen.append(
        (window.image.preview_step, window.image.image_path, window.image.pixmap().isNull())), "frame"))
    with qtbot.waitSignal(window.generation_finished, timeout=180_000) as finished:
        qtbot.mouseClick(window.go.generate, Qt.MouseButton.LeftButton)
    outcome = finished.args[0]
    assert outcome.ok, outcome
    assert seen, "no preview frame reached the window"
    assert all(step is not None and path is None and not null for step, path, null in seen)
    assert window.image.image_path == Path(outcome.image) and window.image.preview_step is None
    assert [p.name for p in out_dir.iterdir()] == [Path(outcome.image).name]  # no preview in the gallery's folder
