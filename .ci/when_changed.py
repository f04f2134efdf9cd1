"""Which end-to-end checks `.ci/run` runs: the path rule.

The every-commit tier (`pytest -m "not full"`, and under Windows Python `-m "windows and not full and not backend"`)
runs on every commit. The end-to-end checks of the product (marked `full`: the installer, the bundles, every
processor under qemu, the API's real clients, the real X server, the Windows programs as built; and under Windows
Python the tests marked `backend`, which start the real Windows programs; the Polaris lane) leave it; `.ci/run` runs
one when the change touches a path it protects (the table below), and `.ci/full` runs them all. The Windows programs
(sd-cli.exe, llama-server.exe) are built only in a run where a check that starts them is due.

"The change" is the diff between the last green full run on this machine (its commit, kept in
~/.cache/polaris-studio/last-green-full) and the work tree. With no such record:
  - a warm machine (the Windows side and the backends already in its cache) runs them all, as .ci/full does: a
    whole warm run took 42-59 minutes before the tiers (47 on average), inside CI's 90;
  - a cold machine (a new one, an empty cache: ~20 minutes of set-up and ~20 of Windows builds before the first
    Windows test) runs those that the commit's own change touches (the diff against its parent) and names the others
    as owed: all of them would have cost 57-93 minutes measured, too near CI's limit. The record is written only by
    a run that ran every check and passed, so the next warm run settles what is owed.

    .venv/bin/python .ci/when_changed.py LANE [--all] [--cold]   the due tests of LANE, one a line (reasons on stderr)
    .venv/bin/python .ci/when_changed.py record                  write HEAD as the last green full run
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# what a bundle carries and how it is built and started: every frozen program's own code paths
BUNDLE = ("installer/", "backend_bin/", "pyproject.toml", "resources/", "app/__main__.py", "app/core/resources.py",
          "app/services/generation/self_test.py", "app/services/user_dirs.py", "app/core/platform_paths.py",
          "app/services/child_process.py", "app/services/tool_run.py")
# how the backends are built and started, and the programs that ask them to draw or answer
BACKEND = ("backend_bin/", "app/core/generation/command.py", "app/services/child_process.py",
           "app/services/generation/", "app/services/runners/", "app/core/system/", "app/services/system/")


@dataclass(frozen=True)
class Check:
    """An end-to-end check: its tests (pytest arguments), the lane .ci/run runs it in, and the paths it protects (a
    path ending in / is a folder)."""

    tests: tuple[str, ...]
    # "linux": the Linux pytest (-m "full and not windows_side"); "wine": the Linux pytest once the Windows programs
    # are made (-m "full and windows_side"); "windows-python": Windows Python under Wine once they are made
    # (-m "windows and backend and not full"); "polaris": POLARIS_LANE=1
    lane: str
    protects: tuple[str, ...]


CHECKS = {
    "the Windows installer (MSI, portable zip)": Check(
        ("tests/windows/test_installer.py", "tests/packaging/test_wine_prefix.py"), "wine",
        (*BUNDLE, "installer/windows_python.py", "installer/wine.py", "tests/windows/")),
    "the Windows programs as built, and sd-cli.exe drawing under Wine": Check(
        ("tests/backend/test_windows.py", "tests/backend/test_build.py", "tests/backend/test_cpu_variants.py",
         "tests/windows/test_cpu_variant_under_wine.py"), "wine",
        (*BACKEND, "installer/wine.py", "tests/windows/", "tests/helpers/processors.py", "tests/backend/")),
    # the Windows tests that start the real sd-cli.exe, sd-server.exe or llama-server.exe (marked `backend`); the
    # rest of the Windows tests run on every commit, on the stand-in program and vulkaninfo.exe
    "the real Windows programs under Windows Python": Check(
        ("tests",), "windows-python",
        (*BACKEND, "app/services/prompt_helper.py", "app/core/prompt_helper/", "installer/windows_python.py",
         "installer/wine.py", "tests/conftest.py")),
    "the Linux bundle": Check(
        ("tests/packaging/test_bundle.py",), "linux",
        (*BUNDLE, "app/services/prompt_helper.py", "tests/packaging/")),
    "every processor under qemu": Check(
        ("tests/backend/test_cpu_variants.py",), "linux",
        ("backend_bin/", "app/services/prompt_helper.py", "tests/helpers/processors.py",
         "tests/backend/test_cpu_variants.py")),
    "the API's real clients": Check(
        ("tests/api/test_client_replays.py",
         "tests/api/test_clients.py::test_openai_edits_with_flux2_klein_follow_the_instruction"), "linux",
        ("app/api/", "app/services/", "app/core/generation/", "app/core/gallery/", "app/core/models/catalog.py",
         "app/core/models/families.py", "tests/helpers/api_server.py", "tests/api/test_client_replays.py",
         "tests/api/test_clients.py", "tests/api/test_fields.py", "app/core/demo/picture_models.py", "pyproject.toml")),
    "the window on a real X server": Check(
        ("tests/ui/test_real_display.py", "tests/integration/test_one_window.py"), "linux",
        ("app/ui/", "app/__main__.py", "resources/translations/", "scripts/setup.sh", "pyproject.toml",
         "app/core/one_window.py", "app/services/one_window.py", "tests/integration/test_one_window.py",
         "tests/helpers/window_tour.py", "tests/helpers/visible_texts.py", "tests/ui/test_real_display.py",
         "app/services/queue/", "app/services/api_desk.py")),
    "a face fixed on lavapipe": Check(
        ("tests/integration/test_fix_faces.py",), "linux",
        ("app/core/generation/faces.py", "app/core/generation/input_image.py", "app/services/runners/", "app/cli/",
         "tests/integration/test_fix_faces.py")),
    "drafts, then one finished, on lavapipe": Check(
        ("tests/integration/test_drafts_cli.py",), "linux",
        ("app/core/generation/drafts.py", "app/core/generation/input_image.py", "app/services/runners/", "app/cli/",
         "app/services/generation/drafts_estimate.py", "tests/integration/test_drafts_cli.py")),
    # sd.cpp 0.4.7 draws ControlNet with real-shaped SD 1.5 models only (about 15 min on lavapipe): what they meet
    "ControlNet drawn on lavapipe": Check(
        ("tests/integration/test_controlnet_cli.py",), "linux",
        ("app/core/generation/control.py", "app/core/models/controlnet.py", "app/core/demo/picture_models.py",
         "app/core/generation/command.py", "backend_bin/", "tests/integration/test_controlnet_cli.py")),
    # a Flux and a FLUX.2 klein picture through the CLI, each drawn ggml's own way and ours on an RX 580's feature set
    # (README, "Polaris notes") and compared, and the prompt helper's answer on lavapipe, with every backend on that
    # feature set
    "the Polaris lane": Check(
        ("tests/backend/test_polaris_lane.py::test_our_patches_and_the_polaris_feature_set_draw_the_same_flux_picture",
         "tests/backend/test_polaris_lane.py::test_the_polaris_feature_set_draws_the_same_klein_picture",
         "tests/services/test_prompt_helper.py::test_on_lavapipe_every_layer_goes_to_the_vulkan_device"), "polaris",
        (*BACKEND, "app/services/prompt_helper.py", "app/core/prompt_helper/server.py", "app/core/models/families.py",
         "tests/backend/test_polaris_lane.py", "tests/services/test_prompt_helper.py")),
}

RECORD = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "polaris-studio" / "last-green-full"


def git(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *arguments], cwd=REPO, capture_output=True, text=True, check=False)


def touched(path: str, protects: tuple[str, ...]) -> bool:
    return any(path.startswith(rule) if rule.endswith("/") else path == rule for rule in protects)


def changed_since(commit: str) -> list[str]:
    """The paths that differ between `commit` and the work tree, new files included."""
    tracked = git("diff", "--name-only", commit).stdout.split()
    new = git("ls-files", "--others", "--exclude-standard").stdout.split()
    return sorted({*tracked, *new})


def recorded_commit() -> str | None:
    """The last green full run's commit, when it is in this clone's history."""
    try:
        commit = RECORD.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return commit if commit and git("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0 else None


def due(all_checks: bool, cold: bool) -> tuple[dict[str, str], dict[str, str]]:
    """({check: why it runs}, {check: why it is owed, not run})."""
    if all_checks:
        return dict.fromkeys(CHECKS, "all asked (.ci/full)"), {}
    commit = recorded_commit()
    if commit is None and not cold:
        return dict.fromkeys(CHECKS, "no green full run is recorded on this machine, and its cache is warm"), {}
    if commit is None:
        parent = git("rev-parse", "--verify", "-q", "HEAD^").stdout.strip()
        changed, since = (changed_since(parent), f"this commit's own change (against {parent[:12]})") if parent else (
            [], "nothing: no parent commit")
    else:
        changed, since = changed_since(commit), f"the last green full run ({commit[:12]})"
    running, owed = {}, {}
    for name, check in CHECKS.items():
        hits = [path for path in changed if touched(path, check.protects)]
        if hits:
            running[name] = f"{len(hits)} changed path(s) since {since}: {', '.join(hits[:5])}"
        elif commit is None:
            owed[name] = ("a cold machine with no green full run recorded runs only what the commit's own change "
                          "touches; .ci/full (or the next warm .ci/run) runs it")
    return running, owed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lane", choices=["linux", "wine", "windows-python", "polaris", "record", "every"],
                        help="the lane whose due tests to print; `every`: exit 0 when every check is due; "
                             "`record`: write HEAD as the last green full run")
    parser.add_argument("--all", action="store_true", help="every check (.ci/full)")
    parser.add_argument("--cold", action="store_true", help="the machine's cache was empty when the run started")
    args = parser.parse_args()
    if args.lane == "record":
        RECORD.parent.mkdir(parents=True, exist_ok=True)
        RECORD.write_text(git("rev-parse", "HEAD").stdout.strip() + "\n", encoding="utf-8")
        return 0
    running, owed = due(args.all, args.cold)
    if args.lane == "every":
        return 0 if len(running) == len(CHECKS) else 1
    for name, why in running.items():
        if CHECKS[name].lane == args.lane:
            print(f"[when changed] runs {name}: {why}", file=sys.stderr)
            print("\n".join(CHECKS[name].tests))
    for name, why in owed.items():
        if CHECKS[name].lane == args.lane:
            print(f"[when changed] OWED, not run: {name}: {why}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
