"""What the live gauge costs: CPU use of an idle window with the gauge on, and the cost of one sample.

    .venv/bin/python tests/bench/bench_monitor.py [--seconds 60]

Runs the real main window offscreen with the real ResourceMonitor (psutil + vulkaninfo through
QProcess), idle, and reads this process's and its children's CPU time. Goal: <= 2 % of one core.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.services.studio import Studio  # noqa: E402
from app.services.system.machine import Machine  # noqa: E402
from app.services.system.monitor import ResourceMonitor  # noqa: E402
from app.ui.main_window import MainWindow  # noqa: E402


def cpu_seconds() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as out:
        machine = Machine()
        monitor = ResourceMonitor(machine)
        window = MainWindow(Studio(Path(out), machine), monitor)
        window.show()
        # one sample's cost: psutil part in-process, vulkaninfo part as a child
        psutil_times = []
        for _ in range(200):
            start = time.perf_counter()
            monitor.sample()
            psutil_times.append(time.perf_counter() - start)
        own0, kids0 = cpu_seconds()
        wall0 = time.perf_counter()
        monitor.start()
        samples: list[object] = []
        monitor.sampled.connect(samples.append)
        QTimer.singleShot(int(args.seconds * 1000), app.quit)
        app.exec()
        monitor.stop()
        wall = time.perf_counter() - wall0
        own1, kids1 = cpu_seconds()
    own, kids = own1 - own0, kids1 - kids0
    runs = max(monitor.vulkaninfo_runs, 1)
    print(f"idle {wall:.0f}s with the gauge on: {len(samples)} samples, {monitor.vulkaninfo_runs} vulkaninfo runs")
    print(f"CPU: app {own:.3f}s + vulkaninfo {kids:.3f}s = {100 * (own + kids) / wall:.2f}% of one core "
          f"(goal <= 2%)")
    print(f"one sample: psutil part {1000 * statistics.median(psutil_times):.2f} ms (median of 200), "
          f"one vulkaninfo {1000 * kids / runs:.1f} ms CPU")


if __name__ == "__main__":
    main()
