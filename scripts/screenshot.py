"""Refresh the README screenshots: the real window in each state a user meets, on a real X server.

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python scripts/screenshot.py   (after ./scripts/setup.sh)

It takes every state twice, each in a process of its own (Qt reads its scale factor once): at 1366x768 (the
commonest laptop screen) into resources/screenshots/, and at 1920x1080 with 150 % scaling (QT_SCALE_FACTOR=1.5)
into resources/screenshots/1920x1080@150/. The states: the first start (the check's banner, an empty gallery),
generating (mid-run), done (after a real demo generation), a batch of three in the queue with the second
forming in the live preview, img2img with a painted mask, the Advanced panel open, the dark theme, the system
check dialog and the Models window. Without a display it uses the offscreen platform.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHOTS = REPO / "resources" / "screenshots"
SETUPS = {"1366x768": ("1366x768", "1"), "1920x1080@150": ("1920x1080", "1.5")}


def take(folder: Path, size: str) -> int:
    from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    sys.path.insert(0, str(REPO))
    from app.core.gallery.gallery_index import open_index
    from app.core.generation.output import Progress
    from app.services.generation.runner import Generation
    from app.services.system.machine import Machine
    from app.services.system.monitor import ResourceMonitor
    from app.services.user_dirs import keep_settings_in
    from app.ui.launch import load_demo
    from app.ui.main_window import MainWindow
    from app.ui.theme import apply_scheme, follow_system_theme, high_dpi_before_the_app_starts

    QCoreApplication.setApplicationName("Polaris Studio")
    high_dpi_before_the_app_starts()
    app = QApplication(sys.argv[:1])
    follow_system_theme(app)
    width, height = (int(n) for n in size.split("x"))
    scale = float(os.environ.get("QT_SCALE_FACTOR", "1"))
    folder.mkdir(parents=True, exist_ok=True)
    # waits run a loop of their own: QApplication.quit() would close the window (and stop its queue) in Qt 6
    loop = QEventLoop()

    def wait(ms: int) -> None:
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    taken: set[str] = set()

    def shot(widget: object, name: str) -> None:
        taken.add(name)
        widget.grab().save(str(folder / name))  # type: ignore[attr-defined]
        print(f"wrote {folder / name}")

    with tempfile.TemporaryDirectory() as out:
        keep_settings_in(Path(out) / "settings")  # a first start: nothing remembered from the user's own use
        machine = Machine()
        monitor = ResourceMonitor(machine)
        gallery = open_index(Path(out) / "gallery.sqlite3", Path(out))
        window = MainWindow(Generation(Path(out), machine, gallery), monitor, gallery=gallery,
                            models_dir=Path(out) / "models")
        window.resize(round(width / scale), round(height / scale))  # the whole screen, as a maximised window
        window.show()
        monitor.start()
        window.system_check.finished.connect(lambda *_: QTimer.singleShot(300, loop.quit))
        window.run_first_check()
        loop.exec()
        shot(window, "first_start.png")

        load_demo(window.panel)
        window.show_demo_note()
        window.panel.seed.setValue(1234)
        outcome: list[object] = []

        def on_progress(progress: Progress) -> None:
            if progress.step == 2 and "generating.png" not in taken:
                QTimer.singleShot(0, lambda: shot(window, "generating.png"))

        window.generation.progress.connect(on_progress)
        def on_finished(result: object) -> None:
            outcome.append(result)
            loop.quit()

        window.generation_finished.connect(on_finished)
        window.generate_button.click()
        loop.exec()
        if not outcome or not outcome[0].ok:  # type: ignore[attr-defined]
            print(f"demo generation failed: {outcome}", file=sys.stderr)
            return 1
        assert window.gallery is not None
        window.gallery.model.data(window.gallery.model.index(0), 1)  # ask for the new image's thumbnail
        wait(1500)  # let the gauge draw a few samples and the thumbnail arrive
        shot(window, "main_window.png")
        # a batch of three in the queue, the second one forming in the picture: the live preview and the strip
        window.generation_finished.disconnect(on_finished)
        window.panel.batch.count.setValue(3)
        batch: list[object] = []

        def on_job_progress(job: object, progress: Progress) -> None:
            if len(batch) > 1 and job is batch[1] and progress.step == 2 and "queue.png" not in taken:
                QTimer.singleShot(0, lambda: shot(window, "queue.png"))

        window.queue.job_progress.connect(on_job_progress)
        window.queue.idle.connect(loop.quit)
        window.generate_button.click()
        batch.extend(window.queue.jobs[-3:])
        loop.exec()
        window.queue.idle.disconnect(loop.quit)
        window.panel.batch.count.setValue(1)
        start_from_the_new_image(window, Path(outcome[0].image))  # type: ignore[attr-defined]
        window.queue.clear_finished()  # type: ignore[attr-defined]
        wait(300)
        window.header.ensureWidgetVisible(window.panel.picture.painter)  # type: ignore[attr-defined]
        wait(100)
        shot(window, "img2img.png")
        window.panel.picture.set_picture(None)
        window.advanced_toggle.click()
        wait(300)
        shot(window, "advanced.png")
        window.advanced_toggle.click()
        apply_scheme(app, Qt.ColorScheme.Dark)
        wait(300)
        shot(window, "dark.png")
        apply_scheme(app, Qt.ColorScheme.Light)
        window.system_check.finished.connect(lambda *_: QTimer.singleShot(100, loop.quit))
        window.open_system_check()
        loop.exec()
        assert window.check_dialog is not None
        shot(window.check_dialog, "system_check.png")
        window.open_models()
        assert window.models_window is not None
        wait(300)
        shot(window.models_window, "models.png")
    return 0


def start_from_the_new_image(window: object, image: Path) -> None:
    """img2img with a mask: the finished image as the input and a stroke painted across its middle."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QPainter, QPen

    window.use_as_input(image)  # type: ignore[attr-defined]
    picture = window.panel.picture  # type: ignore[attr-defined]
    picture.paint_mask.setChecked(True)
    canvas = picture.painter.canvas
    painter = QPainter(canvas.mask)
    pen = QPen(QColor(255, 255, 255))
    pen.setWidthF(canvas.mask.width() / 8)
    painter.setPen(pen)
    width, height = canvas.mask.width(), canvas.mask.height()
    painter.drawLine(QPointF(width * 0.25, height * 0.55), QPointF(width * 0.75, height * 0.45))
    painter.end()
    canvas.update()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setup", choices=SETUPS, help="take one setup's screenshots in this process")
    args = parser.parse_args()
    if args.setup:
        return take(SHOTS if args.setup == "1366x768" else SHOTS / args.setup, SETUPS[args.setup][0])
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb" if os.environ.get("DISPLAY") else "offscreen")
    for setup, (_, scale) in SETUPS.items():
        env = {**os.environ, "QT_SCALE_FACTOR": scale}
        done = subprocess.run([sys.executable, __file__, "--setup", setup], env=env, check=False)
        if done.returncode:
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
