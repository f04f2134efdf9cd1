"""How late the window answers while the user types a prompt, with the model files on a disk that takes 20 ms for
every read and every look at a file (a hard disk seeking, a network share).

    .venv/bin/python tests/bench/bench_typing_stall.py [--tree PATH ...] [--latency-ms 20] [--seconds 12]

The slow disk is a FUSE passthrough (fusepy, installed into a scratch folder; it needs Debian's libfuse2 and
root or /dev/fuse) over a folder holding a copy of the demo model's files. Every open, read and stat of them
waits the latency, and the kernel caches neither their pages (direct_io) nor their attributes (zero timeouts).

For each tree (a checkout of this repository; default: this one; give an older commit's worktree to compare), a
child process opens the real main window (offscreen, lavapipe as the card), points its model fields at the slow
files, waits for the first plan, then types into the prompt for --seconds: words of five keys 120 ms apart, each
followed by a 1.2 s pause (the window plans again once the user pauses for 400 ms). A 10 ms timer on
the GUI thread records how late the event loop answers: each 10 ms slot between two ticks counts as a moment a key
could have come, late by the time left until the next tick, so a 300 ms stall weighs as 30 late moments. Its p99
is the stall a user feels. Printed per tree: plans worked out, moments, p50, p99 and the largest lateness in ms.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo import picture_models  # noqa: E402

SCRATCH = Path(tempfile.gettempdir()) / "bench_typing_stall"
FUSEPY = "fusepy==3.0.1"

SLOW_DISK = r'''
import errno, os, sys, time
from fuse import FUSE, FuseOSError, Operations

class Slow(Operations):
    """Pass through to a folder; every open, read and stat waits the latency first."""
    def __init__(self, root, latency):
        self.root, self.latency = root, latency
    def _path(self, path):
        return os.path.join(self.root, path.lstrip("/"))
    def getattr(self, path, fh=None):
        time.sleep(self.latency)
        try:
            st = os.lstat(self._path(path))
        except OSError as error:
            raise FuseOSError(error.errno)
        return {key: getattr(st, key) for key in ("st_mode", "st_size", "st_nlink", "st_uid", "st_gid",
                                                   "st_atime", "st_mtime", "st_ctime")}
    def readdir(self, path, fh):
        return [".", "..", *os.listdir(self._path(path))]
    def open(self, path, flags):
        time.sleep(self.latency)
        return os.open(self._path(path), os.O_RDONLY)
    def read(self, path, size, offset, fh):
        time.sleep(self.latency)
        return os.pread(fh, size, offset)
    def release(self, path, fh):
        os.close(fh)

root, mount, latency = sys.argv[1], sys.argv[2], float(sys.argv[3])
FUSE(Slow(root, latency), mount, foreground=True, ro=True, direct_io=True, attr_timeout=0, entry_timeout=0,
     negative_timeout=0)
'''

TYPING = r'''
import json, statistics, sys, time
from pathlib import Path
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from app.services.studio import Studio
from app.ui.main_window import MainWindow

model, taesd, out, seconds = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), float(sys.argv[4])
application = QApplication([])
window = MainWindow(Studio(out))
window.show()
panel = window.panel
panel.slot_fields["model"].set_path(model)
panel.slot_fields["taesd"].set_path(taesd)
# the first plan: vulkaninfo answers and the headers are read (once) before the typing starts
deadline = time.monotonic() + 120
while "Memory plan:" not in window.plan.label.text() or "not yet" in window.plan.label.text():
    application.processEvents()
    time.sleep(0.01)
    if time.monotonic() > deadline:
        sys.exit(f"no plan within 120 s: {window.plan.label.text()}")
late, last, planned = [], [time.perf_counter()], [0]
window.draft.timer.timeout.connect(lambda: planned.__setitem__(0, planned[0] + 1))

def tick():
    # every 10 ms that passed since the last tick was a moment an input could have come: each waited until now
    now = time.perf_counter()
    gap = (now - last[0]) * 1000
    late.extend(max(0.0, gap - 10 * (k + 1)) for k in range(max(1, int(gap // 10))))
    last[0] = now

clock = QTimer()
clock.setTimerType(Qt.TimerType.PreciseTimer)
clock.timeout.connect(tick)
clock.start(10)
typed = [0]

def key():
    # a word of five letters, then a pause of ten ticks (1.2 s): the plan is worked out again in each pause
    if typed[0] % 15 < 5:
        QTest.keyClicks(panel.prompt, "a")
    typed[0] += 1

keys = QTimer()
keys.timeout.connect(key)
keys.start(120)
QTimer.singleShot(int(seconds * 1000), application.quit)
application.exec()
late.sort()
print(json.dumps({"ticks": len(late), "p50": statistics.median(late), "p99": late[int(len(late) * 0.99)],
                  "max": late[-1], "plans": planned[0]}))
window.close()
'''


def fusepy() -> Path:
    """fusepy in a scratch folder (the project does not depend on it)."""
    target = SCRATCH / "fusepy"
    if not (target / "fuse.py").is_file():
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(target), FUSEPY],
                       check=True)
    return target


@contextlib.contextmanager
def slow_disk(root: Path, latency_ms: float) -> Iterator[Path]:
    mount = Path(tempfile.mkdtemp(prefix="slow-disk-", dir=SCRATCH))
    server = subprocess.Popen([sys.executable, "-c", SLOW_DISK, str(root), str(mount), str(latency_ms / 1000)],
                              env={**os.environ, "PYTHONPATH": str(fusepy())})
    try:
        deadline = time.monotonic() + 20
        while not os.path.ismount(mount):
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the FUSE slow disk did not mount (libfuse2 and /dev/fuse are needed)")
            time.sleep(0.1)
        yield mount
    finally:
        subprocess.run(["fusermount", "-u", str(mount)], check=False)
        server.wait(10)
        mount.rmdir()


def measure(tree: Path, model: Path, taesd: Path, seconds: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory(dir=SCRATCH) as home:
        env = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen", "HOME": home,
               "XDG_CONFIG_HOME": f"{home}/.config", "XDG_DATA_HOME": f"{home}/.local/share",
               "XDG_CACHE_HOME": f"{home}/.cache", "GGML_VK_VISIBLE_DEVICES": "0"}
        run = subprocess.run([str(REPO / ".venv" / "bin" / "python"), "-c", TYPING, str(model), str(taesd),
                              f"{home}/out", str(seconds)], cwd=tree, env=env, capture_output=True, text=True,
                             check=False, timeout=seconds + 240)
    if run.returncode != 0:
        raise SystemExit(f"{tree}: the window's run failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, action="append", help="a checkout to measure (repeatable)")
    parser.add_argument("--latency-ms", type=float, default=20)
    parser.add_argument("--seconds", type=float, default=12)
    args = parser.parse_args()
    SCRATCH.mkdir(exist_ok=True)
    files = SCRATCH / "models"
    files.mkdir(exist_ok=True)
    demo = REPO / ".demo-model"
    for name in (picture_models.FLUX_FILE, picture_models.TAE_FILE):
        if not (files / name).is_file():
            shutil.copyfile(demo / name, files / name)
    with slow_disk(files, args.latency_ms) as mount:
        print(f"model files behind {args.latency_ms:g} ms a read and a stat; {args.seconds:g} s of typing "
              "(five keys 120 ms apart, then 1.2 s of pause); lateness of a 10 ms timer on the GUI thread")
        for tree in args.tree or [REPO]:
            model, taesd = mount / picture_models.FLUX_FILE, mount / picture_models.TAE_FILE
            result = measure(tree.resolve(), model, taesd, args.seconds)
            print(f"{tree}: {result['plans']} plans, {result['ticks']} moments, lateness p50 {result['p50']:.1f} ms, "
                  f"p99 {result['p99']:.1f} ms, max {result['max']:.1f} ms")


if __name__ == "__main__":
    main()
