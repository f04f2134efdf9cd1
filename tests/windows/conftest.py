"""The Windows tests run Windows programs (our Windows Python, the bundle, msiexec) through Wine from Linux.

`.venv/bin/python -m pytest tests/windows` runs just this part. On Windows itself there is no Wine: there the
whole suite, run by Windows Python, is the Windows test.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

import pytest

from installer.windows_python import WindowsPython, windows_python
from tests.helpers.windows_side import WindowsSide, start_windows_side
from tests.windows.early_suite import BESIDE_TEST, EARLY_RUN, WINDOWS_SUITE_TEST, EarlyWindowsSuite

BESIDE = pytest.StashKey[tuple[str, ...]]()
BESIDE_FREE = pytest.StashKey[tuple[str, ...]]()  # those of them that need no Wine


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if sys.platform == "win32":
        skip = pytest.mark.skip(reason="drives Windows programs through Wine from Linux; on Windows the suite "
                                       "itself runs natively instead")
        for item in items:
            if "tests/windows/" in item.nodeid:
                item.add_marker(skip)
        return
    judges = {item.nodeid: item for item in items if item.nodeid in (WINDOWS_SUITE_TEST, BESIDE_TEST)}
    if WINDOWS_SUITE_TEST not in judges or config.option.collectonly:
        return
    # the run has the Windows tests beside it: the slow tests marked `beside` go there once those are done
    # (early_suite.py), and the two judges come last, when what they wait for is most likely done
    beside = [item for item in items if item.get_closest_marker("beside")] if BESIDE_TEST in judges else []
    if beside:
        # a test that needs the Windows side (its pytest makes it again, cached: Windows Python's prefix too) or
        # Windows Python shares the Windows tests' Wine prefix
        wine = {item.nodeid for item in beside if {"windows", "windows_side"} & set(item.fixturenames)}
        config.stash[BESIDE] = tuple(item.nodeid for item in beside if item.nodeid in wine)
        config.stash[BESIDE_FREE] = tuple(item.nodeid for item in beside if item.nodeid not in wine)
        config.hook.pytest_deselected(items=beside)
    leaving = {item.nodeid for item in beside} | judges.keys()
    items[:] = [item for item in items if item.nodeid not in leaving] + list(judges.values())


def pytest_collection_finish(session: pytest.Session) -> None:
    """The Windows tests under Windows Python take many minutes of mostly single-threaded Wine: started as soon as
    the Windows side is made (beside the Linux tests, from now on), they run beside the Linux tests on the other
    core instead of after them (test_suite_on_windows.py waits for them and judges them)."""
    if any(item.nodeid == WINDOWS_SUITE_TEST for item in session.items):
        side = start_windows_side(session)
        if side is not None:
            session.config.stash[EARLY_RUN] = EarlyWindowsSuite.start(side, session.config.stash.get(BESIDE, ()),
                                                                      session.config.stash.get(BESIDE_FREE, ()))


def pytest_sessionfinish(session: pytest.Session) -> None:
    early = session.config.stash.get(EARLY_RUN, None)
    if early is not None:
        early.close()


@pytest.fixture(scope="session")
def windows(pytestconfig: pytest.Config, windows_side: WindowsSide) -> Iterator[WindowsPython]:
    """Windows CPython with our dependencies (the Windows side, cached), on its own Xvfb display: the early suite
    run's, when there is one."""
    early = pytestconfig.stash.get(EARLY_RUN, None)
    if early is not None:
        yield early.started()
        return
    with windows_python() as python:
        yield python


@pytest.fixture(scope="session")
def say(pytestconfig: pytest.Config) -> Callable[[str], None]:
    """Write a line to the terminal past pytest's capture: the Windows steps' times, sizes and the installed
    app's self-test report are measured, not asserted, and CI's log is where a reader finds them."""
    reporter = pytestconfig.pluginmanager.get_plugin("terminalreporter")
    capture = pytestconfig.pluginmanager.get_plugin("capturemanager")

    def write(text: str) -> None:
        with capture.global_and_fixture_disabled():
            for line in text.splitlines():
                reporter.write_line(f"[windows] {line}")

    return write
