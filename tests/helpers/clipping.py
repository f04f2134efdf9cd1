"""Does every visible text fit? The walk over a window's widgets that the clipping tests share, and a child
program that runs it in a process of its own (Qt reads QT_SCALE_FACTOR once, at its start):

    QT_SCALE_FACTOR=1.5 python -m tests.helpers.clipping   (prints {"shown": N, "problems": {...}} as JSON)
    python -m tests.helpers.clipping --tour pt_BR          (a newcomer's tour of the demo, on a real screen)

The tour walks one window, in one language, through what a newcomer meets in the demo (the queue drawer with five
jobs, one of them failed in English; a prompt too long; the prompt helper answering with the demo's text model; the
Models window's tabs; a download failing offline) and prints, for each state, its clipped texts and every visible
text, as JSON, for the test to read for developer words and English left over.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QWidget,
)

from tests.helpers.visible_texts import visible_texts


def clipped(widget: QWidget) -> str | None:
    """Why `widget`'s text does not fit, or None."""
    metrics = QFontMetrics(widget.font())
    if isinstance(widget, QLabel):
        text = widget.text()
        if not text or (widget.pixmap() is not None and not widget.pixmap().isNull()):
            return None
        room = widget.contentsRect().width() - 2 * widget.margin() - 2 * widget.indent()
        if widget.wordWrap():
            needed = widget.heightForWidth(widget.width())
            return f"{needed} px tall in {widget.height()}" if needed > widget.height() else None
        needed = metrics.horizontalAdvance(text.replace("&", ""))
        return f"{needed} px wide in {room}" if needed > room else None
    if isinstance(widget, QAbstractButton) and widget.text():
        # what the button's style asks for its text is what it must be given
        needed = widget.sizeHint().width()
        return f"{needed} px wide in {widget.width()}" if needed > widget.width() else None
    return None


def cut_off_by_a_pane(widget: QWidget) -> str | None:
    """A widget running past the right edge of a pane that never scrolls sideways (the Advanced panel)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea) and parent.viewport().isAncestorOf(widget) and \
                parent.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            viewport = parent.viewport()
            right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
            return f"ends at {right} px in a pane {viewport.width()} px wide" if right > viewport.width() else None
        parent = parent.parentWidget()
    return None


def problems_in(window: QWidget) -> tuple[int, dict[str, str]]:
    """How many widgets show, and each clipped text or unnamed input among them."""
    problems = {}
    shown = 0
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window) or widget.window() is not window:
            continue
        shown += 1
        why = clipped(widget) or cut_off_by_a_pane(widget)
        if why:
            problems[f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r}"] = why
        if (isinstance(widget, QLineEdit | QPlainTextEdit | QComboBox | QAbstractSpinBox | QListView)
                and not widget.accessibleName() and not isinstance(widget.parent(), QAbstractSpinBox | QComboBox)):
            problems[f"{type(widget).__name__} {widget.objectName()}"] = "no accessible name"
    return shown, problems


def wait_until(done: Callable[[], bool], ms: int) -> bool:
    """Run Qt's events until `done()` holds or `ms` have passed; whether it holds."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop
    from PySide6.QtWidgets import QApplication

    deadline = QDeadlineTimer(ms)
    while not done() and not deadline.hasExpired():
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    return done()


def what_shows(window: QWidget, leave_out: tuple[QWidget, ...] = ()) -> dict[str, object]:
    return {"problems": problems_in(window)[1], "texts": visible_texts(window, leave_out)}


def on_screen(window: QWidget) -> dict[str, object]:
    """The window with its frame, as the window manager placed it, and the screen's room for it."""
    frame, screen = window.frameGeometry(), window.screen().availableGeometry()
    return {"frame": frame.getRect(), "title bar": window.geometry().top() - frame.top(), "screen": screen.getRect(),
            "fits": screen.contains(frame)}


def newcomers_tour(folder: Path) -> tuple[QWidget, dict[str, dict[str, object]]]:
    """The states of one window (already in its language) that a newcomer meets in the demo, and the window."""
    from app.core.gallery.image_store import FolderProblem, check_folder
    from app.core.generation.request import GenerationRequest
    from app.core.prompt_helper.chat import HelperTask
    from app.core.queue.jobs import Job, JobState
    from app.core.words import reason_of
    from app.ui.models_window import ModelsWindow
    from tests.helpers.local_catalog import PRESET, write_catalog
    from tests.helpers.window_tour import STATES, measure, open_window, settle

    try:  # refused while the app spoke English (no disk has that much free), shown in the language of now
        check_folder(folder, needed=2**62)
    except FolderProblem as problem:
        failed = Job(GenerationRequest("a lighthouse", seed=1), state=JobState.FAILED, reason=reason_of(problem))
    window = open_window(folder, (failed, Job(GenerationRequest("a fox in the snow", seed=2))))
    STATES["everything open"](window, folder)  # the first check, the demo model, a start picture, every fold
    window.showMaximized()
    wait_until(lambda: window.isMaximized(), 5000)
    settle()
    tour: dict[str, dict[str, object]] = {}
    log = (window.folds.log,)  # sd.cpp's own lines, kept for bug reports
    tour["everything open"] = {**what_shows(window, log), **measure(window), **on_screen(window)}
    window.advanced_toggle.setChecked(False)
    window.details_toggle.setChecked(False)
    window.queue_strip.summary.setChecked(True)
    settle()
    tour["the queue drawer with five jobs"] = {**what_shows(window, log), **measure(window), **on_screen(window)}
    prompt = window.panel.prompt.toPlainText()
    window.panel.prompt.setPlainText("a fox in the snow, " * 2700)
    settle()
    tour["a prompt too long"] = what_shows(window, log)
    window.panel.prompt.setPlainText("a fox in the snow")
    window.prompt_helper.ask(HelperTask.ENHANCE)  # the demo's text model answers, through llama-server
    wait_until(lambda: not window.prompt_helper.working, 60_000)
    settle()
    tour["the prompt helper in the demo"] = what_shows(window, log)
    window.prompt_helper.discard()
    window.panel.prompt.setPlainText(prompt)
    window.models_button.open_models()
    models = window.models_button.models_window
    assert models is not None
    wait_until(lambda: models.advice is not None and "\n" in models.engine.backend_info.text(), 60_000)
    for tab in range(models.tabs.count()):
        models.tabs.setCurrentIndex(tab)
        settle()
        tour[f"the Models window: {models.tabs.tabText(tab)}"] = what_shows(models)
    models.close()
    # offline, a name never resolves (.invalid never does, RFC 6761)
    offline = ModelsWindow(write_catalog(folder / "offline.json", "https://polaris.invalid",
                                         {"model": ("tiny-flux.gguf", b"never", False)}, hosts=("polaris.invalid",)),
                           folder / "models", window.studio.machine, window)
    offline.show()
    offline.start_download(PRESET)
    wait_until(lambda: not offline.download.running, 30_000)
    settle()
    tour["a download failing offline"] = what_shows(offline)
    offline.close()
    return window, tour


def a_canary_is_seen(window: QWidget) -> bool:
    """A button far too narrow for its words: the walk must call it cut, here, on this screen."""
    canary = QPushButton("a canary, far too long for its button", window)
    canary.setFixedWidth(40)
    canary.show()
    seen = any("canary" in key for key in problems_in(window)[1])
    canary.deleteLater()
    return seen


def tour_main(language: str) -> int:
    from PySide6.QtWidgets import QApplication

    from app.services.user_dirs import keep_settings_in
    from app.ui.theme import high_dpi_before_the_app_starts
    from tests.helpers.window_tour import speaking

    high_dpi_before_the_app_starts()
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder, speaking(language):
        keep_settings_in(Path(folder) / "settings")
        window, tour = newcomers_tour(Path(folder))
        print(json.dumps({"states": tour, "canary seen": a_canary_is_seen(window)}, ensure_ascii=False))
        window.close()
    app.quit()
    return 0


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.services.user_dirs import keep_settings_in
    from app.ui.theme import high_dpi_before_the_app_starts
    from tests.helpers.window_tour import STATES, open_window

    high_dpi_before_the_app_starts()
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        keep_settings_in(Path(folder) / "settings")
        window = open_window(Path(folder))
        STATES["everything open"](window, Path(folder))
        # the whole screen, in logical pixels: 1280x720 at 150 % of 1920x1080; sized here as a window manager
        # would (Xvfb has none), so only the window's own minimum could make it larger
        window.resize(window.screen().availableGeometry().size())
        window.showMaximized()
        QTimer.singleShot(1500, app.quit)
        app.exec()
        shown, problems = problems_in(window)
        screen = window.screen()
        print(json.dumps({"shown": shown, "problems": problems, "scale": screen.devicePixelRatio(),
                          "window": [window.width(), window.height()],
                          "screen": [screen.availableGeometry().width(), screen.availableGeometry().height()]}))
        window.close()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tour", metavar="LANGUAGE", help="walk a newcomer's tour in this language (en, pt_BR, ...)")
    arguments = parser.parse_args()
    sys.exit(tour_main(arguments.tour) if arguments.tour else main())
