"""Refresh the README screenshots: the real window, offscreen, after a real demo generation, the system
check dialog after a real check, and the Models window.

    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python scripts/screenshot.py   (after ./scripts/setup.sh)

On a display (Xvfb above: 1366x768, the commonest laptop screen) it uses Qt's xcb platform, as users see it;
without one, the offscreen platform.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "xcb" if os.environ.get("DISPLAY") else "offscreen")

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.core.gallery.gallery_index import open_index  # noqa: E402
from app.services.generation.runner import Generation  # noqa: E402
from app.services.system.monitor import ResourceMonitor  # noqa: E402
from app.ui.main_window import MainWindow, load_demo  # noqa: E402

SHOTS = REPO / "resources" / "screenshots"


def main() -> int:
    QCoreApplication.setApplicationName("Polaris Studio")
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as out:
        monitor = ResourceMonitor()
        gallery = open_index(Path(out) / "gallery.sqlite3", Path(out))
        window = MainWindow(Generation(Path(out), gallery=gallery), monitor, gallery=gallery,
                            models_dir=Path(out) / "models")
        load_demo(window.panel)
        window.show_demo_note()
        window.panel.seed.setValue(1234)
        window.resize(1366, 768)
        window.show()
        monitor.start()
        outcome = []
        window.generation_finished.connect(lambda result: (outcome.append(result), app.quit()))
        window.generate_button.click()
        app.exec()
        if not outcome or not outcome[0].ok:
            print(f"demo generation failed: {outcome}", file=sys.stderr)
            return 1
        assert window.gallery is not None
        window.gallery.model.data(window.gallery.model.index(0), 1)  # ask for the new image's thumbnail
        QTimer.singleShot(1500, app.quit)  # let the gauge draw a few samples and the thumbnail arrive
        app.exec()
        SHOTS.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(SHOTS / "main_window.png"))
        window.system_check.finished.connect(lambda *_: QTimer.singleShot(100, app.quit))
        window.open_system_check()
        app.exec()
        assert window.check_dialog is not None
        window.check_dialog.grab().save(str(SHOTS / "system_check.png"))
        window.open_models()
        assert window.models_window is not None
        window.models_window.grab().save(str(SHOTS / "models.png"))
    print(f"wrote {SHOTS}/main_window.png, system_check.png and models.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
