"""The run's guard over the user's real picture folders (tests/helpers/real_folders.py, issue 53)."""

from __future__ import annotations

import os
from pathlib import Path

from app.core.platform_paths import APP_DIR_NAME
from app.services.user_dirs import current_user_dirs
from tests.helpers.real_folders import WATCHED, FolderState


def test_the_guard_watches_the_real_folders_not_the_tests_own(tmp_path: Path) -> None:
    assert current_user_dirs().images.is_relative_to(tmp_path)  # this test's, from isolated_user_dirs
    watched = [folder for folder, entries in WATCHED.items() if entries]
    assert watched and all(folder.name == APP_DIR_NAME for folder in watched)
    assert not any(folder.is_relative_to(tmp_path) for folder in WATCHED)  # read before any test changed HOME


def test_a_picture_written_made_or_removed_is_seen(tmp_path: Path) -> None:
    folder = tmp_path / "Pictures" / APP_DIR_NAME
    missing = FolderState.of(folder)
    assert missing.changes(FolderState.of(folder)) is None
    folder.mkdir(parents=True)
    assert missing.changes(FolderState.of(folder)) == "was made"
    assert FolderState.of(folder.parent, entries=False) == FolderState(True, frozenset())
    empty = FolderState.of(folder)
    (folder / "my-image.png").write_bytes(b"a test's")
    assert empty.changes(FolderState.of(folder)) == "got ['my-image.png'], lost [], changed []"
    one = FolderState.of(folder)
    (folder / "my-image.png").write_bytes(b"a test's, again")
    os.utime(folder / "my-image.png", ns=(1, 1))
    assert one.changes(FolderState.of(folder)) == "got [], lost [], changed ['my-image.png']"
