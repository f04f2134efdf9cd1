"""The Windows tests run Windows programs (our Windows Python, the bundle, msiexec) through Wine from Linux. They
need the Windows side made first (tests/helpers/windows_side.py): `.ci/run` makes it, or by hand:

    .venv/bin/python -m backend_bin.build --windows --cpu-variants tests && .venv/bin/python -m installer.windows_python
    .venv/bin/python -m pytest tests/windows

The tests marked `windows` run again under Windows Python: `.venv/bin/python -m installer.windows_python -m pytest
tests -m windows` (what .ci/run does). On Windows itself there is no Wine: the `windows_side` fixture skips these
tests there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from installer.windows_python import WindowsPython, windows_python
from tests.helpers.windows_side import WindowsSide


@pytest.fixture(scope="session")
def windows(windows_side: WindowsSide) -> Iterator[WindowsPython]:
    """Windows CPython with our dependencies (made before the tests: the `windows_side` fixture checks), on an Xvfb
    display of its own."""
    with windows_python(windows_side.python_folder.parent) as python:
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
