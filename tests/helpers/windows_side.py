"""The Windows side of the tests: the cross-built Windows programs (sd-cli.exe, llama-server.exe, vulkaninfo.exe)
and Windows Python with our dependencies under Wine. Made before the tests that need it, by `.ci/run` (a process of
its own, beside the Linux tests) or by hand with `COMMANDS`; both steps are cached under ~/.cache/polaris-studio/
(seconds when warm, ~20 minutes on a new machine). The tests only look for it (tests/conftest.py's `windows_side`
fixture): a test run never makes it.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import psutil

from backend_bin.output import BIN_DIR, read_build_info
from installer.windows_python import requirements, requirements_key
from installer.wine import cache_root

# what the Windows tests start: Windows Python (the app, the CLI, helpers) and the backends
OUR_PROGRAMS = ("python.exe", "sd-cli.exe", "sd-server.exe", "llama-server.exe")
COMMANDS = (".venv/bin/python -m backend_bin.build --windows --cpu-variants tests",
            ".venv/bin/python -m installer.windows_python")
# each build's record in backend_bin/bin/build-info.json, and the programs it made
PROGRAMS = (("windows", "sd-cli.exe"), ("windows", "llama-server.exe"), ("vulkaninfo", "vulkaninfo.exe"))


@dataclass(frozen=True)
class WindowsSide:
    """Where the Windows side is, once made."""

    bin_dir: Path
    python_folder: Path  # Windows Python's, with its stamp once its dependencies are installed
    commands: tuple[str, ...] = COMMANDS

    def missing(self) -> list[str]:
        """What is not there yet, in words; empty when everything is."""
        records = read_build_info(self.bin_dir)
        missing = [name for section, name in PROGRAMS
                   if section not in records or not (self.bin_dir / name).is_file()]
        if not (self.python_folder / "polaris-python.json").is_file():
            missing.append(f"Windows Python ({self.python_folder})")
        return missing


def find_windows_side() -> WindowsSide:
    """The Windows side where this checkout and this user's cache keep it (read once, before any test points
    HOME and XDG_CACHE_HOME at its own folders)."""
    return WindowsSide(BIN_DIR, cache_root() / f"python-{requirements_key(requirements())}")


def programs_left_running(prefix: Path, since: float) -> list[psutil.Process]:
    """Our Windows programs in this Wine prefix started since `since` (epoch seconds) and still running."""
    left = []
    for process in psutil.process_iter(["cmdline", "create_time"]):
        try:
            line = " ".join(process.info["cmdline"] or []).lower()
            if (process.info["create_time"] >= since and any(name in line for name in OUR_PROGRAMS)
                    and process.environ().get("WINEPREFIX") == str(prefix)):
                left.append(process)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return left


def main() -> int:
    """After the Windows tests (.ci/run): an app or backend a test left running is an orphan on a user's PC too;
    each is named and ended, and the exit status says whether there was one."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--orphans-since", type=float, required=True, help="when the Windows tests started (epoch s)")
    args = parser.parse_args()
    left = programs_left_running(cache_root() / "prefix-tests", args.orphans_since)
    for orphan in left:
        print(f"[windows side] left running by a test, ended now: {' '.join(orphan.info['cmdline'])}")
        orphan.kill()
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
