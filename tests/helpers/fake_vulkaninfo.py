"""Point the app's one vulkaninfo runner at stand-ins (tests/helpers/vulkaninfo_standin.py), on any platform."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.core.system.vulkaninfo_program import VulkaninfoProgram, vulkaninfo_argv
from app.services.system import vulkaninfo_run

STANDIN = Path(__file__).resolve().parent / "vulkaninfo_standin.py"
RUN_COUNTER = Path(__file__).resolve().parent / "run_counter.py"
CAPTURES = Path(__file__).resolve().parents[1] / "data" / "vulkaninfo"


@dataclass(frozen=True)
class FakeVulkaninfo:
    case: str  # "linux", "windows" or "fail": see the stand-in
    capture: str = "lavapipe_full.txt"
    bundled: bool = False


def use_fake_vulkaninfo(monkeypatch: pytest.MonkeyPatch, *fakes: FakeVulkaninfo) -> list[Path]:
    """The runner finds `fakes` in this order (none: no vulkaninfo at all) and starts each as the stand-in, with
    the arguments the app gives vulkaninfo on the runner's platform after the stand-in's own. Returns the
    programs' names, as the runner reports them."""
    names = {Path(f"{'bundled' if fake.bundled else 'own'}-{i}", "vulkaninfo"): fake for i, fake in enumerate(fakes)}
    programs = [VulkaninfoProgram(name, fake.bundled) for name, fake in names.items()]
    def argv(program: Path, platform: str, output_file: str | None) -> list[str]:
        fake = names[program]
        return [sys.executable, str(STANDIN), str(CAPTURES / fake.capture), fake.case,
                *vulkaninfo_argv(program, platform, output_file)[1:]]

    monkeypatch.setattr(vulkaninfo_run, "installed_vulkaninfo", lambda platform=sys.platform: list(programs))
    monkeypatch.setattr(vulkaninfo_run, "vulkaninfo_argv", argv)
    return list(names)


def count_vulkaninfo_runs(monkeypatch: pytest.MonkeyPatch, log: Path) -> Callable[[], int]:
    """The real vulkaninfo, each of its runs written down in `log` on the way (tests/helpers/run_counter.py).
    Returns how many times it has run so far."""
    real_argv = vulkaninfo_run.vulkaninfo_argv

    def argv(program: Path, platform: str, output_file: str | None) -> list[str]:
        return [sys.executable, str(RUN_COUNTER), str(log), *real_argv(program, platform, output_file)]

    monkeypatch.setattr(vulkaninfo_run, "vulkaninfo_argv", argv)
    return lambda: len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0
