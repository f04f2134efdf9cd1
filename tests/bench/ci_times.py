"""Where CI's time goes: runs `.ci/run` on a fresh clone of this repository's HEAD, as CI does, and prints the
time of each set-up step and backend build, of each phase, and of each test file on Linux and under Windows
Python, sorted.

    .venv/bin/python tests/bench/ci_times.py [--cold | --cache DIR] [--out DIR]

--cold empties the cache: XDG_CACHE_HOME points at a new folder, so the backends are built again, Windows Python
and its Wine prefix made again and pip downloads every wheel again, as on a new machine. Debian's packages are
whatever this machine has: apt's step is only measured on a machine that lacks them (the first set-up of a new
one). Without --cold, the run is warm: the user's cache serves, or the one --cache names (a copy of it, so that the
run's Wine prefix is not the one a developer's own Windows test runs use meanwhile: each run's end ends the programs
it finds in its prefix).

The whole log (each line with its second), the per-file test times (one JSON per pytest run, written by
tests/conftest.py when POLARIS_TEST_TIMES names a folder) and the printed tables stay in --out.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STEP = re.compile(r"^\[setup\] (?P<name>.*)$")
# the builds' own lines; the Windows side's come back in the test run's log after "[windows side] "
BUILT = re.compile(r"\[(?:backend build|windows python)\] (?:built (?P<name>.+?) in|ready in) (?P<seconds>\d+) ?s")
WINDOWS_SIDE = re.compile(r"^\[windows side\] the Windows side was ready (?P<seconds>\d+) s after")
SESSION_START = re.compile(r"^=+ test session starts =+$")
WINDOWS_SUITE = re.compile(r"^\[windows\] Windows tests: (?P<counts>.*) in (?P<seconds>\d+) s under Wine")
BESIDE = re.compile(r"^\[windows\] the tests beside \(\d+(?:, in \d+ runs)?\): (?P<counts>.*) in (?P<seconds>\d+) s")
SUMMARY = re.compile(r"^=+ (?P<counts>.*) in (?P<seconds>[\d.]+)s")


def table(title: str, rows: list[tuple[str, float]], total: bool = True) -> str:
    rows = sorted(rows, key=lambda row: -row[1])
    width = max([len(name) for name, _ in rows] + [len(title)])
    lines = [f"\n{title}", f"{'':{width}}  {'seconds':>8}"]
    lines += [f"{name:{width}}  {seconds:8.0f}" for name, seconds in rows]
    if total:
        lines.append(f"{'total':{width}}  {sum(seconds for _, seconds in rows):8.0f}")
    return "\n".join(lines)


def run_ci(clone: Path, env: dict[str, str], log_path: Path) -> tuple[int, list[tuple[float, str]]]:
    """`.ci/run` in the clone; every line it prints with the second it came, written to log_path as it comes."""
    started = time.monotonic()
    lines: list[tuple[float, str]] = []
    with log_path.open("w", encoding="utf-8") as log, subprocess.Popen(
            ["bash", ".ci/run"], cwd=clone, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, errors="replace") as process:
        assert process.stdout is not None
        for line in process.stdout:
            second = time.monotonic() - started
            lines.append((second, line.rstrip("\n")))
            log.write(f"{second:7.0f} {line}")
            log.flush()
        status = process.wait()
    lines.append((time.monotonic() - started, ""))
    return status, lines


def phases(lines: list[tuple[float, str]]) -> tuple[list[tuple[str, float]], list[tuple[str, float]],
                                                      list[tuple[str, float]]]:
    """(set-up steps, builds, phases) read from the timed log."""
    end = lines[-1][0]
    sessions = [second for second, line in lines if SESSION_START.match(line)]
    setup_end = sessions[0] if sessions else end
    marks = [(second, match["name"]) for second, line in lines if (match := STEP.match(line)) and second <= setup_end]
    steps = [(name, (marks[i + 1][0] if i + 1 < len(marks) else setup_end) - second)
             for i, (second, name) in enumerate(marks)]
    builds = [(match["name"] or "Windows Python", float(match["seconds"]))
              for _, line in lines if (match := BUILT.search(line))]
    summary = [(second, match) for second, line in lines if (match := SUMMARY.match(line))]
    windows = [float(match["seconds"]) for _, line in lines if (match := WINDOWS_SUITE.match(line))]
    side = [float(match["seconds"]) for _, line in lines if (match := WINDOWS_SIDE.match(line))]
    beside = [(match["counts"], float(match["seconds"])) for _, line in lines if (match := BESIDE.match(line))]
    found = [("set-up (scripts/setup.sh --tests)", setup_end)]
    if summary:
        found.append((f"pytest: {summary[0][1]['counts']}", summary[0][0] - setup_end))
    if side:
        found.append(("  beside it: the Windows side made (builds, Windows Python)", side[0]))
    if windows:
        found.append(("  beside it, then: the Windows tests under Windows Python", windows[0]))
    for counts, seconds in beside:  # one pytest, or two: those needing no Wine may start before the Windows tests end
        found.append((f"  beside it: the tests marked beside: {counts}", seconds))
    if len(sessions) > 1 and len(summary) > 1:
        found.append((f"Polaris lane: {summary[1][1]['counts']}", summary[1][0] - sessions[1]))
    found.append(("the whole .ci/run", end))
    return steps, builds, found


def test_file_times(folder: Path) -> dict[str, dict[str, float]]:
    """Per platform (and lane), seconds per test file, from the JSON files tests/conftest.py wrote."""
    runs: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for path in sorted(folder.glob("*.json")):
        run = json.loads(path.read_text(encoding="utf-8"))
        for name, seconds in run["files"].items():
            runs[run["run"]][name] += seconds
    return runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cold", action="store_true", help="an empty cache, as on a new machine")
    parser.add_argument("--cache", type=Path, help="a cache folder of its own (e.g. a copy of the user's): warm, and "
                        "its Wine prefix apart from one a developer uses meanwhile")
    parser.add_argument("--out", type=Path, help="where the clone, log and tables stay (default: a new folder)")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="ci-times-"))
    out.mkdir(parents=True, exist_ok=True)
    clone, times = out / "clone", out / "test-times"
    times.mkdir(exist_ok=True)
    subprocess.run(["git", "clone", "--quiet", "--no-local", str(REPO), str(clone)], check=True)
    # --durations: the slowest tests of each run, by name, at the end of its output
    env = {**os.environ, "CI": "true", "POLARIS_TEST_TIMES": str(times), "PYTEST_ADDOPTS": "--durations=30"}
    for variable in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(variable, None)
    if args.cold:
        (out / "cache").mkdir(exist_ok=True)
        env["XDG_CACHE_HOME"] = str(out / "cache")
    elif args.cache:
        env["XDG_CACHE_HOME"] = str(args.cache.absolute())
    print(f"[ci times] .ci/run in {clone} ({'cold: an empty cache' if args.cold else 'warm'}); "
          f"log: {out / 'ci.log'}", flush=True)
    status, lines = run_ci(clone, env, out / "ci.log")
    steps, builds, found = phases(lines)
    report = [f".ci/run exited {status} ({'cold' if args.cold else 'warm'} cache)",
              table("set-up steps", steps), table("builds within them", builds, total=False),
              table("phases", found, total=False)]
    for run, files in sorted(test_file_times(times).items()):
        report.append(table(f"test files: {run}", list(files.items())))
    text = "\n".join(report)
    (out / "times.txt").write_text(text + "\n", encoding="utf-8")
    print(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
