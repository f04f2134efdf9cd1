"""Fix faces' detector (OpenCV's shipped Haar cascade, app/core/generation/faces.py): the faces it finds in the
test photographs and our own designed pictures, and its time per picture at 1024x1024 on this processor.

    .venv/bin/python tests/bench/bench_face_detector.py [--repeat N] [PICTURE...]

Goal: every face in the photographs with faces found (NASA's astronaut portrait: 1), none in the photograph
without people nor in our icons; prints seconds per 1024x1024 picture (the median of N runs, the cascade loaded).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PIL import Image

from app.core.generation.faces import detect_faces

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {ROOT / "tests/data/faces/astronaut.png": 1, ROOT / "tests/data/faces/coffee.png": 0,
            **{icon: 0 for icon in sorted((ROOT / "resources/icons").glob("*.png"))}}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("pictures", nargs="*", type=Path, help="more pictures: their faces are printed")
    args = parser.parse_args()
    wrong = 0
    detect_faces(Image.new("RGB", (64, 64)))  # the cascade loaded once, outside the timing
    for path, expected in [*EXPECTED.items(), *((p, None) for p in args.pictures)]:
        picture = Image.open(path).convert("RGB")
        large = picture.resize((1024, round(1024 * picture.height / picture.width)), Image.Resampling.LANCZOS)
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            faces = detect_faces(large)
            times.append(time.perf_counter() - started)
        verdict = "" if expected is None else ("ok" if len(faces) == expected else f"WRONG (expected {expected})")
        wrong += verdict.startswith("WRONG")
        print(f"{path.name:28} {picture.width}x{picture.height} -> {large.width}x{large.height}: {len(faces)} face(s) "
              f"{verdict:20} {statistics.median(times) * 1000:7.1f} ms per picture")
    print(f"{'all as expected' if not wrong else f'{wrong} wrong'}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
