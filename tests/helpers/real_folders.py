"""A guard over the user's real picture folders for the whole test run (issue 53: a CI test wrote into the real
~/Pictures/Polaris Studio). `isolated_user_dirs` points every test's folders at its tmp_path; this checks that
nothing got past it: not a test, not a session fixture (which runs before that fixture), not a child process, not
a Windows program under Wine (whose Pictures Wine links to the Linux user's). The folders are found as the app finds
them, once, when the run starts and before any test changes the environment.

A plugin (tests/conftest.py's `pytest_plugins`): after each test it looks again, names the test during which a
folder changed, and fails the run at its end."""

from __future__ import annotations

import os
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.core.platform_paths import APP_DIR_NAME
from app.services.user_dirs import current_user_dirs


@dataclass(frozen=True)
class FolderState:
    """What can be seen of a folder without reading its files: whether it is there and its entries' sizes and
    times (pictures are written flat into it)."""

    exists: bool
    entries: frozenset[tuple[str, int, int]]

    @classmethod
    def of(cls, folder: Path, entries: bool = True) -> FolderState:
        """`entries`: the entries too (the app's folder), else whether it is there (the Pictures folder above it,
        where the user's other programs may save while the tests run)."""
        if not entries:
            return cls(folder.exists(), frozenset())
        try:
            with os.scandir(folder) as found:
                return cls(True, frozenset((entry.name, *_size_and_time(entry)) for entry in found))
        except FileNotFoundError:
            return cls(False, frozenset())
        except NotADirectoryError:
            return cls(True, frozenset())

    def changes(self, now: FolderState) -> str | None:
        if self == now:
            return None
        if self.exists != now.exists:
            return "was made" if now.exists else "was removed"
        before = {name: rest for name, *rest in self.entries}
        after = {name: rest for name, *rest in now.entries}
        return (f"got {sorted(after.keys() - before.keys())}, lost {sorted(before.keys() - after.keys())}, "
                f"changed {sorted(name for name in before.keys() & after.keys() if before[name] != after[name])}")


def _size_and_time(entry: os.DirEntry[str]) -> tuple[int, int]:
    try:
        stat = entry.stat(follow_symlinks=False)
    except OSError:
        return -1, -1
    return stat.st_size, stat.st_mtime_ns


def real_picture_folders() -> dict[Path, bool]:
    """Where the app would put the user's pictures, as the OS says now (Qt's Pictures: the XDG user folder on
    Linux, the known folder on Windows and under Wine), and ~/Pictures/Polaris Studio literally: each with whether
    its entries are watched (the app's folders) or only that it is there (the Pictures folders above them, which a
    test must not make either)."""
    found = [current_user_dirs().images, Path.home() / "Pictures" / APP_DIR_NAME]
    return {folder.parent: False for folder in found} | {folder: True for folder in found}


# read at import, with the run's own environment: the first fixture to change it comes later
WATCHED = real_picture_folders()
_AT_START = {folder: FolderState.of(folder, entries) for folder, entries in WATCHED.items()}
_last = dict(_AT_START)
_blamed: list[str] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    yield
    for folder, entries in WATCHED.items():
        now = FolderState.of(folder, entries)
        change = _last[folder].changes(now)
        if change:
            _blamed.append(f"{folder} {change} during {item.nodeid} (or something running beside it, such as "
                           "the Windows side)")
            _last[folder] = now


def pytest_sessionfinish(session: pytest.Session) -> None:
    changed = [f"{folder} {change}" for folder, entries in WATCHED.items()
               if (change := _AT_START[folder].changes(FolderState.of(folder, entries)))]
    if not changed:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = ["The tests changed the user's real picture folders; tests must use tmp_path (isolated_user_dirs):",
             *changed, *_blamed]
    if reporter is not None:
        reporter.write_line("\n".join(lines), red=True, bold=True)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
