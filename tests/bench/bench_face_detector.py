"""Fix faces' detector (OpenCV's shipped Haar cascade, app/core/generation/faces.py): the faces it finds in real
photographs, in photographs without people and in our own designed pictures, and its time per picture at 1024 px
on this processor.

    .venv/bin/python tests/bench/bench_face_detector.py [--repeat N] [--skimage-data DIR] [PICTURE...]

The photographs: our test data (tests/data/faces: NASA's astronaut portrait, scikit-image's coffee cup) and, with
--skimage-data, the photographs scikit-image ships in its wheel (skimage/data: its astronaut and cameraman, each one
face; a cat, a coffee cup, a rocket, motorbikes, the moon, the Hubble deep field, coins, a page, textures and
micrographs: none). scikit-image is no dependency of ours; to read its pictures without installing it:
    .venv/bin/python -m pip download --no-deps --only-binary :all: scikit-image -d /tmp/sk
    unzip -o /tmp/sk/*.whl 'skimage/data/*' -d /tmp/sk   # then --skimage-data /tmp/sk/skimage/data
The designed pictures: tests/helpers/picture_corpus.py's (posters, night skies, line art, the app's and PySide6's
shipped pictures, and its marks: logos, icons, sprites) at 1024 px.

Goal: every face found in the photographs with faces, none anywhere else; prints each picture's faces and the
median seconds of N runs per picture (each made 1024 px wide first; the cascade loaded once, outside the timing).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PIL import Image

from app.core.generation.faces import detect_faces
from tests.helpers.picture_corpus import designed, marks

ROOT = Path(__file__).resolve().parents[2]
OUR_PHOTOGRAPHS = {ROOT / "tests/data/faces/astronaut.png": 1, ROOT / "tests/data/faces/coffee.png": 0}
# scikit-image's shipped photographs (skimage/data) and the faces in each
SKIMAGE_PHOTOGRAPHS = {"astronaut.png": 1, "camera.png": 1, "chelsea.png": 0, "coffee.png": 0, "rocket.jpg": 0,
                       "motorcycle_left.png": 0, "motorcycle_right.png": 0, "moon.png": 0, "hubble_deep_field.jpg": 0,
                       "coins.png": 0, "page.png": 0, "text.png": 0, "brick.png": 0, "grass.png": 0, "gravel.png": 0,
                       "horse.png": 0, "ihc.png": 0, "retina.jpg": 0, "microaneurysms.png": 0, "cell.png": 0,
                       "clock_motion.png": 0}


def _opened(path: Path) -> Callable[[], Image.Image]:
    def picture() -> Image.Image:
        with Image.open(path) as image:
            return image.convert("RGB")
    return picture


def _skimage_data() -> Path | None:
    """scikit-image's data folder where it is installed (found without importing it), else None."""
    found = importlib.util.find_spec("skimage")
    return Path(found.origin).parent / "data" if found and found.origin else None


def _at_1024(picture: Image.Image) -> Image.Image:
    if picture.width == 1024:
        return picture
    return picture.resize((1024, max(1, round(1024 * picture.height / picture.width))), Image.Resampling.LANCZOS)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skimage-data", type=Path, default=_skimage_data(),
                        help="scikit-image's skimage/data folder (its shipped photographs)")
    parser.add_argument("pictures", nargs="*", type=Path, help="more pictures: their faces are printed")
    args = parser.parse_args()
    cases: list[tuple[str, str, Callable[[], Image.Image], int | None]] = [
        ("photograph", path.name, _opened(path), faces) for path, faces in OUR_PHOTOGRAPHS.items()]
    if args.skimage_data is not None and args.skimage_data.is_dir():
        cases += [("skimage photograph", name, _opened(args.skimage_data / name), faces)
                  for name, faces in SKIMAGE_PHOTOGRAPHS.items() if (args.skimage_data / name).is_file()]
    else:
        print("scikit-image's photographs: not measured (no --skimage-data, scikit-image not installed)")
    cases += [("designed", sample.name, sample.make, 0) for sample in designed((1024,))]
    cases += [("designed", sample.name, sample.make, 0) for sample in marks((1024,), (10, 30, 50, 70))]
    cases += [("given", path.name, _opened(path), None) for path in args.pictures]
    detect_faces(Image.new("RGB", (64, 64)))  # the cascade loaded once, outside the timing
    wrong, times_by_kind = 0, {}
    for kind, name, make, expected in cases:
        large = _at_1024(make())
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            faces = detect_faces(large)
            times.append(time.perf_counter() - started)
        seconds = statistics.median(times)
        times_by_kind.setdefault(kind, []).append(seconds)
        verdict = "" if expected is None else ("ok" if len(faces) == expected else f"WRONG (expected {expected})")
        wrong += verdict.startswith("WRONG")
        if kind != "designed" or verdict != "ok":  # the designed ones are many: only a wrong one is printed
            boxes = ", ".join(f"{f.width}x{f.height} at {f.x},{f.y}" for f in faces)
            print(f"{kind:18} {name:36} {large.width}x{large.height}: {len(faces)} face(s) {verdict:20} "
                  f"{seconds * 1000:6.1f} ms  {boxes}")
    for kind, times in times_by_kind.items():
        print(f"{kind}: {len(times)} pictures, median {statistics.median(times) * 1000:.1f} ms per picture at 1024 px "
              f"wide (slowest {max(times) * 1000:.1f} ms)")
    print("all as expected" if not wrong else f"{wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
