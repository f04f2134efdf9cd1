"""The main window in every state a user meets, and what each state leaves the picture: the layout tests' tour.

    python -m tests.helpers.window_tour [--size 1280x720] [--language pt_BR] [--shots FOLDER]

prints, for each state, the picture's share of the window, the primary controls not fully visible and the gallery
thumbnails cut off, as JSON (QT_SCALE_FACTOR=1.5 on a 1920x1080 Xvfb gives the 150 % setup's 1280x720).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget

from app.core.gallery.gallery_index import GalleryEntry, GalleryIndex
from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import Job, JobState, save_queue
from app.services.studio import Studio
from app.ui.launch import load_demo
from app.ui.main_window import MainWindow

SIZES = {"1366x768": (1366, 768), "1920x1080 at 150 %": (1280, 720)}
MIN_PICTURE_SHARE = 0.5


def picture_file(path: Path, size: tuple[int, int] = (512, 768), colour: tuple[int, int, int] = (40, 90, 160)) -> Path:
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(QColor(*colour))
    image.save(str(path))
    return path


def three_jobs_from_last_time(store: Path, more: tuple[Job, ...] = ()) -> None:
    """A queue file with three jobs left waiting (and `more`): the window opens with them held in its queue."""
    jobs = [Job(GenerationRequest(prompt=f"a lighthouse at dusk, take {n}", seed=n), state=JobState.WAITING)
            for n in range(3)]
    save_queue(store, [*jobs, *more])


def open_window(folder: Path, more_jobs: tuple[Job, ...] = ()) -> MainWindow:
    """The window over a gallery of three pictures and a queue of three jobs from last time (and `more_jobs`)."""
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    gallery = GalleryIndex(folder / "gallery.sqlite3")
    for n, colour in enumerate(((200, 60, 60), (60, 160, 80), (50, 70, 190))):
        path = picture_file(images / f"polaris-{n + 1}.png", (512, 512), colour)
        gallery.add(GalleryEntry(path, f"picture {n}", "", "", n, 512, 512, created=float(n)))
    store = folder / "queue.json"
    three_jobs_from_last_time(store, more_jobs)
    return MainWindow(Studio(images, gallery=gallery, store=store))


def _first_start(window: MainWindow, folder: Path) -> None:
    """The first start's real check of this computer (its banner), and the demo model loaded (its note)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    window.system_check.finished.connect(loop.quit)
    QTimer.singleShot(60_000, loop.quit)
    window.check_banner.run_first_check()
    loop.exec()
    load_demo(window.panel)
    window.show_demo_note()


def _img2img(window: MainWindow, folder: Path) -> None:
    window.use_as_input(picture_file(folder / "to start from.png"))
    window.panel.picture.paint_mask.setChecked(True)


def _prompt_helper(window: MainWindow, folder: Path) -> None:
    """The suggestion box open under the prompt, at its tallest: no text model yet, its download offered (the
    box's words wrap over two lines)."""
    from app.core.prompt_helper.chat import HelperTask

    window.panel.prompt.setPlainText("a lighthouse at dusk")
    window.prompt_helper.ask(HelperTask.ENHANCE)


def _everything(window: MainWindow, folder: Path) -> None:
    # every fold and panel that stays open; the prompt helper's box, which its answer or Discard closes, has its
    # own state (with all of these too, a real X server at 150 % needs 758 px of the 720 it has)
    _first_start(window, folder)
    _img2img(window, folder)
    window.advanced_toggle.setChecked(True)
    window.details_toggle.setChecked(True)


STATES: dict[str, Callable[[MainWindow, Path], None]] = {
    "first start": _first_start,
    "queue of three": lambda window, folder: None,  # every state has them: the window opens with them
    "advanced open": lambda window, folder: window.advanced_toggle.setChecked(True),
    "details open": lambda window, folder: window.details_toggle.setChecked(True),
    "img2img with the mask painter": _img2img,
    "prompt helper's box open": _prompt_helper,
    "everything open": _everything,
}


def primary_controls(window: MainWindow) -> dict[str, QWidget]:
    """What a user must always see whole: what to draw and Generate, the ways to the gallery, the queue, the
    check, the models and the folds; the picture's own tools when a picture to start from is set."""
    panel = window.panel
    controls: dict[str, QWidget] = {
        "model picker": panel.model_picker, "Models": window.models_button, "prompt": panel.prompt,
        "negative prompt": panel.negative_toggle, "steps": panel.steps, "Generate": window.go.generate,
        "Advanced": window.advanced_toggle, "Details": window.details_toggle, "Check": window.check_button,
        "Output folder": window.folder_button, "start from a picture": panel.picture.choose_button,
        "picture": window.picture_stack,
    }
    controls |= {f"{aspect.value} shape": button for aspect, button in panel.aspect_buttons.items()}
    controls["Improve"] = window.prompt_helper.button
    if window.prompt_helper.isVisible():
        helper = window.prompt_helper
        controls |= {"prompt helper's words": helper.status, "Discard": helper.discard_button}
        controls |= {"download the text model": helper.download_button} if helper.download_button.isVisible() \
            else {"suggestion": helper.suggestion, "Use it": helper.use_button}
    if window.gallery is not None:
        controls |= {"gallery": window.gallery.view, "gallery search": window.gallery.search}
    if window.studio.queue.jobs:
        controls["queue"] = window.queue_strip.summary
    if panel.picture.picture() is not None:
        controls |= {"strength": panel.picture.strength, "paint a mask": panel.picture.paint_mask}
    if panel.picture.paint_mask.isChecked():
        controls |= {"mask canvas": panel.picture.painter.canvas, "brush": panel.picture.painter.brush_size}
    return controls


def shown_part(widget: QWidget) -> QRect:
    """The part of `widget` (in its own coordinates) that its parents leave on screen: what a scroll area's
    viewport or a too small pane cuts off is not shown. Children drawn over it count as shown."""
    shown, offset = widget.rect(), QPoint(0, 0)  # in the coordinates of the ancestor reached so far
    child, parent = widget, widget.parentWidget()
    while parent is not None and not child.isWindow():
        step = child.pos()
        shown, offset = shown.translated(step).intersected(parent.rect()), offset + step
        child, parent = parent, parent.parentWidget()
    shown = shown.translated(-offset)
    return shown if shown.isValid() else QRect()


def not_whole(widget: QWidget) -> str | None:
    """Why `widget` is not fully on screen: hidden, cut by its window, or scrolled or clipped partly away."""
    if not widget.isVisible():
        return "hidden"
    window = widget.window()
    on_window = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    if not window.rect().contains(on_window):
        return f"runs out of the window ({on_window.getRect()} in {window.rect().getRect()})"
    shown = shown_part(widget)
    if shown != widget.rect():
        return f"only {shown.width()}x{shown.height()} of {widget.width()}x{widget.height()} shows"
    return None


def picture_share(window: MainWindow) -> float:
    """The surface the picture (or the mask being painted) is drawn on, as a share of the window's area."""
    surface = window.panel.picture.painter.canvas if window.panel.picture.paint_mask.isChecked() \
        else window.image.picture_area.viewport()
    shown = shown_part(surface) if surface.isVisible() else QRect()
    return shown.width() * shown.height() / (window.width() * window.height())


def thumbnails_cut(window: MainWindow) -> list[str]:
    """Gallery thumbnails shown only in part (taller than the strip)."""
    if window.gallery is None:
        return []
    view, model = window.gallery.view, window.gallery.model
    room = view.viewport().height()
    return [model.entries[row].path.name for row in range(model.rowCount())
            if view.visualRect(model.index(row)).height() > room]


def measure(window: MainWindow) -> dict[str, object]:
    cut = {name: why for name, control in primary_controls(window).items() if (why := not_whole(control))}
    return {"picture share": round(picture_share(window), 3), "not whole": cut,
            "thumbnails cut": thumbnails_cut(window)}


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """The window's words in `code`'s language (its .qm files built) for the windows made meanwhile."""
    from app.core.words import speak_with
    from app.ui.language import LANGUAGES, install_translators

    translators = install_translators(next(language for language in LANGUAGES if language.code == code))
    try:
        yield
    finally:
        for translator in translators:
            QApplication.removeTranslator(translator)
        speak_with(None)


@contextmanager
def window_in(state: str, size: tuple[int, int], folder: Path) -> Iterator[MainWindow]:
    """A fresh window of `size` in `state`, laid out and painted; closed afterwards."""
    window = open_window(folder)
    window.resize(*size)
    window.show()
    STATES[state](window, folder)
    settle()
    try:
        yield window
    finally:
        window.close()
        window.deleteLater()
        settle()
        if window.studio.gallery is not None:
            window.studio.gallery.close()  # Windows keeps an open file from being deleted


def settle() -> None:
    """Let layouts, resizes and thumbnails run their course."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(150, loop.quit)
    loop.exec()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shots", type=Path, help="also save each state's picture of the window here")
    parser.add_argument("--language", default="en", help="the window's language (pt_BR, es, ru)")
    parser.add_argument("--size", choices=[f"{w}x{h}" for w, h in SIZES.values()], default=None,
                        help="one size only (default: both)")
    args = parser.parse_args()
    from app.ui.theme import high_dpi_before_the_app_starts

    high_dpi_before_the_app_starts()
    app = QApplication(sys.argv[:1])
    sizes = {name: size for name, size in SIZES.items() if args.size in (None, f"{size[0]}x{size[1]}")}
    results: dict[str, dict[str, object]] = {}
    with speaking(args.language):
        tour(sizes, args.shots, results)
    print(json.dumps(results, indent=1, ensure_ascii=False))
    app.quit()
    return 0


def tour(sizes: dict[str, tuple[int, int]], shots: Path | None, results: dict[str, dict[str, object]]) -> None:
    from app.services.user_dirs import keep_settings_in

    for size_name, size in sizes.items():
        for state in STATES:
            with tempfile.TemporaryDirectory() as scratch:
                keep_settings_in(Path(scratch) / "settings")
                with window_in(state, size, Path(scratch)) as window:
                    results[f"{size_name}: {state}"] = {**measure(window),
                                                         "window": [window.width(), window.height()]}
                    if shots:
                        shots.mkdir(parents=True, exist_ok=True)
                        window.grab().save(str(shots / f"{state}.png"))
                        if state == "first start":
                            take_the_other_shots(window, shots)


def take_the_other_shots(window: MainWindow, shots: Path) -> None:
    """The system check's dialog, the Models window, and the window after a real picture of the demo model."""
    from PySide6.QtCore import QEventLoop, QTimer

    def wait_for(signal: object, ms: int) -> None:
        loop = QEventLoop()
        signal.connect(loop.quit)  # type: ignore[attr-defined]
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    window.check_banner.check_again()
    wait_for(window.system_check.finished, 60_000)
    assert window.check_banner.dialog is not None
    window.check_banner.dialog.grab().save(str(shots / "system check.png"))
    window.check_banner.dialog.close()
    window.models_button.open_models()
    settle()
    assert window.models_button.models_window is not None
    window.models_button.models_window.grab().save(str(shots / "models.png"))
    window.models_button.models_window.close()
    window.studio.queue.cancel_all()  # the three jobs from last time stay out of the way
    window.studio.queue.clear_finished()
    window.panel.seed.setValue(1234)
    window.go.generate.click()
    wait_for(window.generation_finished, 180_000)
    settle()
    window.grab().save(str(shots / "a picture made.png"))


if __name__ == "__main__":
    sys.exit(main())
