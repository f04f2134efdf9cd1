"""The picture check over real pictures: how many it would refuse, and why (goal: none of the good ones), and how
long it takes per picture.

    .venv/bin/python tests/bench/bench_picture_check.py FOLDER_OR_FILE... [--demo N]

`--demo N` also draws N pictures with the demo model through the real backend (64 to 768 px, lavapipe) first.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from PIL import Image, UnidentifiedImageError

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.gallery.picture_check import check_picture

PICTURES = (".png", ".jpg", ".jpeg", ".webp")
DEMO_SIZES = ((64, 64), (256, 256), (512, 512), (768, 512))


def demo_pictures(count: int, out: Path) -> list[Path]:
    from app.core.models.demo_model import write_tiny_models

    model, taesd = write_tiny_models(out / "model")
    for n in range(count):
        width, height = DEMO_SIZES[n % len(DEMO_SIZES)]
        subprocess.run([sys.executable, "-m", "app", "--basedir", str(out / "base"), "generate", "--prompt",
                        f"picture {n}", "--model", str(model), "--taesd", str(taesd), "--clip-on-cpu",
                        "--vae-on-cpu", "--out", str(out / "pictures"), "--width", str(width), "--height",
                        str(height), "--steps", "2", "--seed", str(n)], check=False, capture_output=True)
    return sorted((out / "pictures").glob("*.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("places", nargs="*", type=Path)
    parser.add_argument("--demo", type=int, default=0)
    args = parser.parse_args()
    files = [p for place in args.places for p in ([place] if place.is_file() else sorted(place.rglob("*")))
             if p.suffix.lower() in PICTURES]
    with tempfile.TemporaryDirectory() as folder:
        if args.demo:
            files += demo_pictures(args.demo, Path(folder))
        verdicts: Counter[str] = Counter()
        seconds = 0.0
        for path in files:
            try:
                image = Image.open(path)
                image.load()
            except (OSError, UnidentifiedImageError, Image.DecompressionBombError):  # a test's broken file
                verdicts["unreadable"] += 1
                continue
            with image:
                start = time.perf_counter()
                refusal = check_picture(image)
                seconds += time.perf_counter() - start
            verdicts[refusal.fault.value if refusal else "fine"] += 1
            if refusal:
                print(f"refused {path} ({image.width}x{image.height}): {refusal.words}")
    print(f"{len(files)} pictures: " + ", ".join(f"{kind} {n}" for kind, n in sorted(verdicts.items())))
    if files:
        print(f"{1000 * seconds / len(files):.1f} ms per picture on average")


if __name__ == "__main__":
    main()
