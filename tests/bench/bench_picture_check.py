"""The picture check over the corpus of tests/helpers/picture_corpus.py, the whole sweep: designed pictures it must
keep (marks of 10-70 % of the side on five backgrounds, studio grey among them, at 512, 768 and 1024 px, centred
and off-centre; flat posters; night skies; line art; photograph prints on grey; pictures shipped with the app and
PySide6), each checked as drawn by an unknown job and by tiled decoders of 8 and 16 px latents; broken ones as
sd.cpp makes them; and the known Polaris failure of the tiled decoder (issue 50): one tile of a real photograph on
the flat grey the other tiles left, a corner or an edge tile, its whole square or faded in as sd.cpp blends its
overlaps, at SD 1.5's, SDXL's and Flux's sizes on the grids of 8 and 16 px latents, counted per kind. Goal: 0 false
refusals, 0 misses. `before` is the check as it was before it knew the job (git's fe359b6^, blind to the job), or at
--before REV (e.g. --before main: the check before the whole-square rule).

    .venv/bin/python tests/bench/bench_picture_check.py [FOLDER_OR_FILE...] [--backend] [--quick] [--before REV]

FOLDER_OR_FILE: more real pictures the check must keep. `--backend` also draws broken pictures through the real
sd-cli with the demo model's overflowing decoder (64-256 px, lavapipe); `--quick` is the test's smaller sweep.
"""

from __future__ import annotations

import argparse
import inspect
import subprocess
import sys
import tempfile
import time
import types
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.demo.picture_models import write_tiny_models
from app.core.gallery.picture_check import PictureFault, check_picture
from tests.helpers.picture_corpus import JOBS, Sample, broken, designed, failed_tile_decodes, marks, shipped

PICTURES = (".png", ".jpg", ".jpeg", ".webp")
BACKEND_SIDES = (64, 128, 256)


BLIND_TO_THE_JOB = "fe359b6^"  # the last commit before the check was told what drew the picture


def check_at(revision: str) -> Callable[..., object] | None:
    """check_picture(image, drawn) at a git revision (blind to `drawn` where it was); None where git does not have
    it."""
    found = subprocess.run(["git", "show", f"{revision}:app/core/gallery/picture_check.py"], capture_output=True,
                           text=True, cwd=Path(__file__).resolve().parents[2], check=False)
    if found.returncode != 0:
        return None
    module = types.ModuleType("picture_check_before")
    sys.modules[module.__name__] = module  # its dataclasses look their module up
    exec(compile(found.stdout, f"{revision}:picture_check.py", "exec"), module.__dict__)
    if len(inspect.signature(module.check_picture).parameters) > 1:  # a check that knows the job is told it
        return module.check_picture  # type: ignore[no-any-return]
    return lambda image, _drawn=None: module.check_picture(image)


def backend_pictures(folder: Path) -> Iterator[Sample]:
    """The demo model with a decoder that overflows, through the real sd-cli: what sd.cpp writes as 'success'."""
    model, taesd = write_tiny_models(folder / "model", decoder_gain=1000.0)
    for side in BACKEND_SIDES:
        subprocess.run([sys.executable, "-m", "app", "--basedir", str(folder / "base"), "generate", "--prompt",
                        "overflow", "--model", str(model), "--taesd", str(taesd), "--clip-on-cpu", "--vae-on-cpu",
                        "--out", str(folder / "out"), "--width", str(side), "--height", str(side), "--steps", "1",
                        "--seed", str(side)], check=False, capture_output=True)
    for path in sorted((folder / "base").rglob("*.png")):
        yield Sample(f"sd-cli, overflowing decoder: {path.name}", lambda p=path: shipped(p), PictureFault.FLAT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("places", nargs="*", type=Path)
    parser.add_argument("--backend", action="store_true")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--before", default=BLIND_TO_THE_JOB, help="the git revision to compare with")
    args = parser.parse_args()
    before = check_at(args.before)
    checks = {"after": check_picture, **({"before": before} if before else {})}
    files = [p for place in args.places for p in ([place] if place.is_file() else sorted(place.rglob("*")))
             if p.suffix.lower() in PICTURES]
    groups: dict[str, list[Sample]] = {
        "marks on flat backgrounds": list(marks(every_mark=not args.quick)),
        "posters, night, line art, shipped": list(designed()),
        "your pictures": [Sample(str(p), lambda p=p: shipped(p)) for p in files],
        "broken (made as sd.cpp makes them)": list(broken()),
        "failed tile decodes (photographs)": list(failed_tile_decodes()),
    }
    with tempfile.TemporaryDirectory() as folder:
        if args.backend:
            groups["broken (real sd-cli)"] = list(backend_pictures(Path(folder)))
        rows, seconds, checked = [], 0.0, 0
        wrong: Counter[str] = Counter()
        kinds: dict[str, Counter[str]] = {}  # per kind of failed tile decode: pictures, refused (after, before)
        for group, samples in groups.items():
            if not samples:
                continue
            counts: Counter[str] = Counter()
            for sample in samples:
                picture = sample.make()
                jobs = JOBS if sample.fault is None else (sample.drawn,)
                for name, check in checks.items():
                    verdicts = []
                    for job in jobs:
                        start = time.perf_counter()
                        verdicts.append(check(picture, job))
                        if name == "after":
                            seconds += time.perf_counter() - start
                            checked += 1
                    found = next((v for v in verdicts if v is not None), None)
                    failed = found is not None if sample.fault is None else found is None
                    counts[name] += failed
                    if failed and name == "after":
                        print(f"  after: {'refused' if sample.fault is None else 'missed'} {sample.name}"
                              + (f" ({found.words})" if found is not None else ""))
                    if sample.fault is not None and found is not None and found.fault.value != sample.fault.value:
                        wrong[name] += 1
                    if sample.kind:
                        kinds.setdefault(sample.kind, Counter())[name] += found is not None
                if sample.kind:
                    kinds[sample.kind]["pictures"] += 1
            what = "false refusals" if samples[0].fault is None else "misses"
            rows.append((group, len(samples), what, counts.get("before"), counts["after"]))
    print(f"\n{'pictures':<38}{'count':>7}  {'':<15}{'before':>7}{'after':>7}")
    for group, count, what, was, now in rows:
        print(f"{group:<38}{count:>7}  {what:<15}{'-' if was is None else was:>7}{now:>7}")
    named_before = wrong["before"] if "before" in checks else "-"
    print(f"broken ones named as another fault: before {named_before}, after {wrong['after']}")
    if kinds:
        print(f"\n{'failed tile decode, by kind':<46}{'count':>6}{'refused':>9}{'kept':>6}{'kept before':>13}")
        for kind, counts in kinds.items():
            before_kept = counts["pictures"] - counts["before"] if "before" in checks else "-"
            print(f"{kind:<46}{counts['pictures']:>6}{counts['after']:>9}{counts['pictures'] - counts['after']:>6}"
                  f"{before_kept:>13}")
    print(f"{1000 * seconds / max(checked, 1):.1f} ms per check on average ({checked} checks)")


if __name__ == "__main__":
    main()
