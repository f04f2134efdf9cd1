"""Refresh the README's screenshots: the real window in every state of the layout tour (tests/helpers/window_tour.py:
the first start, three jobs in the queue, Advanced open, Details open, a picture to start from with its mask,
everything at once), the system check, the Models window and a picture made by the demo model, in English and
Brazilian Portuguese:

- on a real X server (Xvfb, Qt's xcb platform), at 1366x768 and at 1920x1080 with 150 % scaling
  (QT_SCALE_FACTOR=1.5, which leaves the window 1280x720 logical pixels): resources/screenshots/<language>/<setup>/;
- under Wine at 1366x768 (Windows Python, PySide6's own Windows build, Qt's Windows style and Wine's fonts):
  resources/screenshots/<language>/windows/.

    ./scripts/setup.sh --tests && .venv/bin/python scripts/screenshot.py [--no-wine]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHOTS = REPO / "resources" / "screenshots"
LANGUAGES = ("en", "pt_BR")
# setup: (the X screen, Qt's scale factor, the window's size in logical pixels)
SETUPS = {"1366x768": ("1366x768", "1", "1366x768"), "1920x1080@150": ("1920x1080", "1.5", "1280x720")}


def on_xvfb(language: str, setup: str) -> int:
    sys.path.insert(0, str(REPO))
    from tests.ui.test_real_display import start_xvfb

    screen, scale, window = SETUPS[setup]
    server, display = start_xvfb(*(int(n) for n in screen.split("x")))
    try:
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "QT_SCALE_FACTOR": scale}
        env.pop("WAYLAND_DISPLAY", None)
        return subprocess.run([sys.executable, "-m", "tests.helpers.window_tour", "--language", language, "--size",
                               window, "--shots", str(SHOTS / language / setup)], cwd=REPO, env=env,
                              check=False).returncode
    finally:
        server.terminate()
        server.wait(10)


def under_wine(language: str) -> int:
    sys.path.insert(0, str(REPO))
    from installer.windows_python import PYTHON_ENV, windows_python

    folder = SHOTS / language / "windows"
    with windows_python() as python:
        done = python.prefix.run(python.argv("-m", "tests.helpers.window_tour", "--language", language, "--size",
                                             "1366x768", "--shots", f"Z:{folder}".replace("/", "\\")),
                                 cwd=REPO, env=PYTHON_ENV, timeout=1800)
    print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
    return done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-wine", action="store_true", help="only the X server's screenshots")
    args = parser.parse_args()
    for language in LANGUAGES:
        for setup in SETUPS:
            if on_xvfb(language, setup):
                return 1
        if not args.no_wine and under_wine(language):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
