"""Refresh the README screenshot: the real window, offscreen, after a real demo generation.

    .venv/bin/python scripts/screenshot.py   (after ./scripts/setup.sh)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.services.generation import Generation  # noqa: E402
from app.ui.main_window import MainWindow, load_demo  # noqa: E402

TARGET = REPO / "resources" / "screenshots" / "main_window.png"


def main() -> int:
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as out:
        window = MainWindow(Generation(Path(out)))
        load_demo(window.panel)
        window.panel.seed.setValue(1234)
        window.resize(1000, 620)
        window.show()
        outcome = []
        window.generation_finished.connect(lambda result: (outcome.append(result), app.quit()))
        window.generate_button.click()
        app.exec()
        if not outcome or not outcome[0].ok:
            print(f"demo generation failed: {outcome}", file=sys.stderr)
            return 1
        TARGET.parent.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(TARGET))
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
