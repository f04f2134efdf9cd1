"""The app's log: where a program without a console (the installed Windows one) says what it prints and raises."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.services.app_log import LOG_FILE_NAME, start_app_log
from tests.helpers.filesystems import tmpfs


def without_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyInstaller's windowed build: no sys.stdout, no sys.stderr (in the test itself: pytest's capture sets both
    again between a fixture and its test)."""
    for stream in ("stdout", "stderr", "__stderr__"):
        monkeypatch.setattr(sys, stream, None)


@pytest.fixture
def log_taken_away(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The log's handler and hook, which a start adds for the whole process, are taken away after the test."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    yield
    for handler in root.handlers:
        if handler not in before:
            handler.close()
    root.handlers[:] = before
    root.setLevel(level)


def test_prints_and_an_error_no_code_caught_go_to_the_log_where_there_is_no_console(
        tmp_path: Path, log_taken_away: None, monkeypatch: pytest.MonkeyPatch) -> None:
    without_console(monkeypatch)
    path = start_app_log(tmp_path / "logs")
    assert path == tmp_path / "logs" / LOG_FILE_NAME
    print("a line printed", "in two parts")
    print("unfinished", end="")
    sys.stdout.flush()
    try:
        raise RuntimeError("raised in a slot")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "INFO stdout: a line printed in two parts\n" in text
    assert "INFO stdout: unfinished\n" in text
    assert "CRITICAL app: an error no code caught\nTraceback" in text and "RuntimeError: raised in a slot" in text


def test_a_data_folder_that_cannot_be_written_keeps_no_log_and_the_app_goes_on(
        tmp_path: Path, log_taken_away: None, monkeypatch: pytest.MonkeyPatch) -> None:
    without_console(monkeypatch)
    with tmpfs(tmp_path / "read-only", "64k", read_only=True) as folder:
        assert start_app_log(folder / "logs") is None
    print("said to nobody, and no error")
