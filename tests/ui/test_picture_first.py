"""The picture first, on a laptop's screen: in every state a user meets (the first start, three jobs in the queue,
Advanced open, Details open, a picture to start from with its mask being painted, all of it at once) the picture
keeps at least half of the window, every primary control shows whole without scrolling, and the gallery's
thumbnails show whole, in English, Portuguese and Russian. On Linux offscreen at 1366x768 and at 1280x720 (what
150 % leaves of 1920x1080; the same tour runs on a real X server at a real 150 % in tests/ui/test_real_display.py).
On Windows with Qt's own Windows platform, Windows' style and fonts, at 1366x768 and at a real 150 %: Qt's
offscreen platform for Windows has no fonts of its own and draws every text in a wide stand-in."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.helpers.window_tour import MIN_PICTURE_SHARE, SIZES, STATES, measure, speaking, window_in

REPO = Path(__file__).resolve().parents[2]


LANGUAGES = ["en", "pt_BR", "ru"]  # Portuguese's and Russian's words are longer
# Under Windows Python (issue 34) the tour runs twice, not six times: English at 1366x768 and 100 % (Windows'
# platform, style and fonts unscaled) and Russian at a real 150 % of 1080 px (the tightest room, the longest
# words, and Cyrillic through Windows' fonts). The other four differ only in words: Portuguese's are Latin letters
# drawn by the same font as English's, and every language at every size is measured on Linux, whose DejaVu Sans
# is wider than Windows' Latin fonts. (They were parametrised here once without the `windows` mark, so no run ever
# ran them: only what runs is written here.)
ON_WINDOWS_TOURS = [("en", "1366x768", "1"), ("ru", "1280x720", "1.5")]


@pytest.mark.skipif(sys.platform == "win32", reason="offscreen Qt on Windows has no fonts: see the next test")
@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_picture_keeps_half_the_window_and_every_control_shows_whole(qtbot: QtBot, tmp_path: Path,
                                                                        translations: Path, language: str,
                                                                        size: tuple[int, int], state: str) -> None:
    with speaking(language), window_in(state, size, tmp_path) as window:
        assert (window.width(), window.height()) == size, "the window does not fit the screen"
        found = measure(window)
    assert found["picture share"] >= MIN_PICTURE_SHARE, found
    assert found["not whole"] == {}, found
    assert found["thumbnails cut"] == [], found


@pytest.mark.windows
@pytest.mark.skipif(sys.platform != "win32", reason="Windows' own platform, style and fonts")
@pytest.mark.parametrize(("language", "size", "scale"), [
    pytest.param(language, size, scale, id=f"{language}-{size}") for language, size, scale in ON_WINDOWS_TOURS])
def test_on_windows_the_picture_keeps_half_the_window(translations: Path, language: str, size: str,
                                                      scale: str) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "windows", "QT_SCALE_FACTOR": scale}
    child = subprocess.run([sys.executable, "-m", "tests.helpers.window_tour", "--size", size, "--language",
                            language], cwd=REPO, env=env, capture_output=True, text=True, encoding="utf-8",
                           timeout=240, check=False)
    assert child.returncode == 0, child.stderr[-3000:]
    states = json.loads(child.stdout[child.stdout.index("{"):])
    assert len(states) == len(STATES)
    asked = [int(n) for n in size.split("x")]
    for state, found in states.items():
        # nothing makes it bigger than asked; at 150 % of 1080 px Wine's frame leaves it a few pixels shorter
        assert found["window"][0] == asked[0] and asked[1] - 16 <= found["window"][1] <= asked[1], (state, found)
        assert found["picture share"] >= MIN_PICTURE_SHARE, (state, found)
        assert found["not whole"] == {} and found["thumbnails cut"] == [], (state, found)


# Linux alone, as the next: widget behaviour, alike everywhere; the window in this state under Windows' platform
# and fonts is the tour's
def test_painting_a_mask_happens_on_the_picture_s_own_room(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("img2img with the mask painter", SIZES["1366x768"], tmp_path) as window:
        painter = window.panel.picture.painter
        assert window.picture_stack.currentWidget() is painter and painter.canvas.isVisible()
        assert not window.image.isVisible()
        window.panel.picture.paint_mask.setChecked(False)  # done painting: the picture is back
        assert window.picture_stack.currentWidget() is window.image and not painter.isVisible()


def test_the_queue_opens_into_a_drawer_when_a_second_job_comes(qtbot: QtBot, tmp_path: Path) -> None:
    with window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        strip = window.queue_strip
        assert strip.summary.text() == "waiting: 3" and strip.drawer.isVisible() and strip.list.count() == 3
        strip.summary.click()  # folded by hand: one line again, the jobs still there
        assert not strip.drawer.isVisible() and strip.list.count() == 3
        strip.summary.click()
        strip.list.setCurrentRow(0)
        strip.cancel_button.click()
        strip.list.setCurrentRow(1)
        strip.cancel_button.click()
        window.studio.queue.clear_finished()
        assert strip.list.count() == 1 and not strip.drawer.isVisible()  # one job: the line alone says it
        assert strip.summary.text() == "waiting: 1"
