"""The gallery with 2,000 images: time to the first painted grid once the index exists (goal <= 1 s), time
to rebuild the index from the PNGs, and the memory the thumbnails hold.

    .venv/bin/python tests/bench/bench_gallery.py [--images 2000]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import psutil
from PIL import Image
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.gallery.gallery_index import open_index
from app.core.gallery.metadata import a1111_parameters, write_metadata
from app.ui.gallery import THUMBNAIL, GalleryPanel


class FirstPaint(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.at: float | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.at is None:
            self.at = time.perf_counter()
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--images", type=int, default=2000)
    args = parser.parse_args()
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp()  # a cold thumbnail cache
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        base = Image.linear_gradient("L").resize((512, 512)).convert("RGB")
        for i in range(args.images):
            path = folder / f"polaris-{i:05d}.png"
            base.save(path, compress_level=1)
            write_metadata(path, a1111_parameters(f"prompt {i}, a lighthouse", "", {"Steps": 4, "Seed": i}),
                           {"prompt": f"prompt {i}, a lighthouse", "seed": i})
        started = time.perf_counter()
        index = open_index(folder / "gallery.sqlite3", folder)  # no index yet: rebuilt from the PNGs
        rebuild = time.perf_counter() - started
        rss_before = psutil.Process().memory_info().rss
        started = time.perf_counter()
        panel = GalleryPanel(index)
        watcher = FirstPaint()
        panel.view.viewport().installEventFilter(watcher)
        panel.resize(1200, 800)
        panel.show()
        while watcher.at is None:
            app.processEvents()
        first_paint = watcher.at - started
        panel.model.wait_for_thumbnails(60_000)
        app.processEvents()
        loaded = len(panel.model._thumbnails)
        rss_after = psutil.Process().memory_info().rss
    print(f"{args.images} images: index rebuilt from the PNGs in {rebuild:.2f}s")
    print(f"first painted grid {first_paint * 1000:.0f} ms after the panel was created (goal <= 1000 ms)")
    print(f"thumbnails decoded for the visible rows: {loaded}; at most {loaded * THUMBNAIL * THUMBNAIL * 4 / 2**20:.1f}"
          f" MiB of pixels; process RSS grew {(rss_after - rss_before) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
