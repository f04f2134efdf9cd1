"""Which `vulkaninfo` to run, and how, so that it ends: pure functions, the platform passed in.

Tests run the Windows branch on Linux by passing "win32"; app/services/system/vulkaninfo_run.py passes `sys.platform`
and runs what these decide. Nothing else looks for vulkaninfo.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

NAME = "vulkaninfo"


@dataclass(frozen=True)
class VulkaninfoProgram:
    path: Path
    bundled: bool  # ours, shipped beside the backend; False: the driver's own, on PATH


def program_name(platform: str) -> str:
    return f"{NAME}.exe" if platform == "win32" else NAME


def vulkaninfo_programs(platform: str, which: Callable[[str], str | None], bundled_dir: Path,
                        is_file: Callable[[Path], bool]) -> list[VulkaninfoProgram]:
    """The vulkaninfo programs to try, best first: the user's own on PATH (it comes with the driver and matches
    it), then ours beside the backend. Windows promises no vulkaninfo.exe, so we ship one (`bundled_dir`)."""
    found = []
    own = which(program_name(platform))
    if own:
        found.append(VulkaninfoProgram(Path(own), bundled=False))
    ours = bundled_dir / program_name(platform)
    if is_file(ours) and not any(program.path == ours for program in found):
        found.append(VulkaninfoProgram(ours, bundled=True))
    return found


def writes_to_file(platform: str) -> bool:
    """Whether vulkaninfo must write its text into a file rather than to stdout.

    Vulkan-Tools' vulkaninfo on Windows ends its text output with `wait_for_console_destroy()`:
    `if (ConsoleIsExclusive()) Sleep(INFINITE)`, so that a double-clicked window stays open. A child of our
    windowed app (CREATE_NO_WINDOW) is alone on its console, so with stdout on a pipe it never exits. With
    `-o FILE` it writes everything into the file and exits (measured under Wine: 1261 lines in 2.8 s).
    """
    return platform == "win32"


def vulkaninfo_argv(program: Path, platform: str, output_file: str | None) -> list[str]:
    """The full text output (heaps, memory budget, limits: the check and the gauge need them); on Windows into
    `output_file`, which the caller reads and removes afterwards."""
    if not writes_to_file(platform):
        return [str(program)]
    if output_file is None:
        raise ValueError("on Windows vulkaninfo must write into a file: it never exits after writing to a pipe")
    return [str(program), "-o", output_file]
