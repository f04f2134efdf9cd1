"""Where CI's time goes, from the files every run leaves: `.ci/run` writes each set-up step's seconds to
build/ci/steps.tsv and each pytest's junit file to build/ci/<run>.xml. This prints a table of the set-up steps and
one of the test files of each pytest run (the every-commit tier's, the end-to-end checks', Windows Python's), each
sorted, the reruns by name, and one closing line of counts.

    .venv/bin/python tests/bench/ci_times.py --results build/ci      read a run's files (.ci/run does, at its end)
    .venv/bin/python tests/bench/ci_times.py [--cold | --cache DIR] [--full] [--out DIR]

The second form runs `.ci/run` (`.ci/full` with --full) on a fresh clone of this repository's HEAD, as CI does,
and then reads its files. --cold empties the cache: XDG_CACHE_HOME points at a new folder, so the backends are built
again, Windows Python and its Wine prefix made again and pip downloads every wheel again, as on a new machine.
Debian's packages are whatever this machine has. --cache names a cache folder of its own (a copy of the user's: a
warm run whose Wine prefix is not the one a developer's own Windows runs use meanwhile).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# what each pytest of .ci/run is (its junit file's name)
RUNS = {
    "linux": "every commit: Linux",
    "windows-python": "every commit: Windows Python under Wine (-m windows, not backend)",
    "full-linux": "end to end (due by the path rule): Linux",
    "full-windows-side": "end to end (due by the path rule): Windows side",
    "windows-python-backends": "end to end (due by the path rule): the real Windows programs under Windows Python",
    "polaris-lane": "end to end (due by the path rule): the Polaris lane",
}
RERUN_TAGS = ("rerunFailure", "rerunError")


def table(title: str, rows: list[tuple[str, float]], total: bool = True) -> str:
    rows = sorted(rows, key=lambda row: -row[1])
    width = max([len(name) for name, _ in rows] + [len(title)])
    lines = [f"\n{title}", f"{'':{width}}  {'seconds':>8}"]
    lines += [f"{name:{width}}  {seconds:8.0f}" for name, seconds in rows]
    if total:
        lines.append(f"{'total':{width}}  {sum(seconds for _, seconds in rows):8.0f}")
    return "\n".join(lines)


def file_of(classname: str) -> str:
    """tests.ui.test_x (or tests.ui.test_x.TestClass) -> tests/ui/test_x.py"""
    parts = classname.split(".")
    for end in range(len(parts), 0, -1):
        candidate = "/".join(parts[:end]) + ".py"
        if (REPO / candidate).is_file():
            return candidate
    return classname


@dataclass
class Run:
    """One pytest run's junit file, read."""

    name: str
    seconds_per_file: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    outcomes: Counter[str] = field(default_factory=Counter)
    reruns: list[str] = field(default_factory=list)


def read_junit(path: Path) -> Run:
    """A run's junit file: each test's seconds (every try), its last try's outcome, and its reruns. A rerun is a
    <rerunFailure>/<rerunError> inside the test's case, or (pytest-rerunfailures 16 writes it so) the same test's
    case written again."""
    run = Run(path.stem)
    last: dict[str, list[str]] = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        file = file_of(case.get("classname", ""))
        test = f"{file}::{case.get('name')}"
        run.seconds_per_file[file] += float(case.get("time") or 0)
        tags = [child.tag for child in case]
        run.reruns += [test for tag in tags if tag in RERUN_TAGS] + ([test] if test in last else [])
        last[test] = tags
    for tags in last.values():
        if "failure" in tags:
            run.outcomes["failed"] += 1
        elif "error" in tags:
            run.outcomes["errors"] += 1
        elif "skipped" in tags:
            run.outcomes["skipped"] += 1
        else:
            run.outcomes["passed"] += 1
    return run


def report(results: Path) -> tuple[str, Counter[str]]:
    """The tables of a .ci/run's results folder, and the counts of all its runs."""
    lines = []
    steps = results / "steps.tsv"
    if steps.is_file():
        rows = [line.split("\t") for line in steps.read_text(encoding="utf-8").splitlines() if line.strip()]
        lines.append(table("set-up steps (each step's own seconds; the Windows side's run beside the Linux tests)",
                           [(f"{name}{'' if status == '0' else f' (exit {status})'}", float(seconds))
                            for name, seconds, status in rows], total=False))
    counts: Counter[str] = Counter()
    reruns: list[str] = []
    for path in sorted(results.glob("*.xml")):
        run = read_junit(path)
        counts += run.outcomes
        reruns += run.reruns
        summary = ", ".join(f"{n} {outcome}" for outcome, n in sorted(run.outcomes.items()))
        lines.append(table(f"test files: {RUNS.get(run.name, run.name)} ({summary})",
                           list(run.seconds_per_file.items())))
    lines.append(f"\nreruns (under Wine only; the goal is none): {len(reruns)}")
    lines += [f"  rerun: {name}" for name in reruns]
    counts["rerun"] = len(reruns)
    return "\n".join(lines), counts


def closing_line(counts: Counter[str]) -> str:
    """One plain line of counts of all the runs, as a test runner closes: 'N passed, N failed, N skipped' (a
    test's error counts as failed)."""
    return f"{counts['passed']} passed, {counts['failed'] + counts['errors']} failed, {counts['skipped']} skipped"


def run_ci(clone: Path, env: dict[str, str], script: str, log_path: Path) -> tuple[int, float]:
    """`script` in the clone, its output to the terminal and to log_path; its exit status and seconds."""
    started = time.monotonic()
    with log_path.open("w", encoding="utf-8") as log, subprocess.Popen(
            ["bash", script], cwd=clone, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, errors="replace") as process:
        assert process.stdout is not None
        for line in process.stdout:
            log.write(line)
            log.flush()
        status = process.wait()
    return status, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=Path, help="read this .ci/run results folder (build/ci) and run nothing")
    parser.add_argument("--cold", action="store_true", help="an empty cache, as on a new machine")
    parser.add_argument("--cache", type=Path, help="a cache folder of its own (e.g. a copy of the user's)")
    parser.add_argument("--full", action="store_true", help="run .ci/full instead of .ci/run")
    parser.add_argument("--out", type=Path, help="where the clone, log and tables stay (default: a new folder)")
    args = parser.parse_args()
    if args.results:
        text, counts = report(args.results)
        print(text)
        print(closing_line(counts))
        return 1 if counts["failed"] or counts["errors"] else 0
    out = args.out or Path(tempfile.mkdtemp(prefix="ci-times-"))
    out.mkdir(parents=True, exist_ok=True)
    clone = out / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-local", str(REPO), str(clone)], check=True)
    env = {**os.environ, "CI": "true"}
    for variable in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(variable, None)
    if args.cold:
        (out / "cache").mkdir(exist_ok=True)
        env["XDG_CACHE_HOME"] = str(out / "cache")
    elif args.cache:
        env["XDG_CACHE_HOME"] = str(args.cache.absolute())
    script = ".ci/full" if args.full else ".ci/run"
    print(f"[ci times] {script} in {clone} ({'cold: an empty cache' if args.cold else 'warm'}); "
          f"log: {out / 'ci.log'}", flush=True)
    status, seconds = run_ci(clone, env, script, out / "ci.log")
    text, counts = report(clone / "build" / "ci")
    text = (f"{script} exited {status} in {seconds:.0f} s ({'cold' if args.cold else 'warm'} cache)\n{text}\n"
            f"{closing_line(counts)}")
    (out / "times.txt").write_text(text + "\n", encoding="utf-8")
    print(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
