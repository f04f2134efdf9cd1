"""Model file hashes (A1111's 'Model hash'), computed once per file version, off the GUI thread, and kept."""

from __future__ import annotations

import json
import threading
from concurrent.futures import Future
from pathlib import Path

from app.core.gallery.metadata import model_hash

WAIT_S = 120  # a multi-GB model on a hard disk; the generation itself usually takes longer



class ModelHashes:
    """Hashes keyed by path, size and modification time; a changed file is hashed again."""

    def __init__(self, cache_file: Path) -> None:
        self._file = cache_file
        self._pending: dict[str, Future[str]] = {}
        try:
            self._known: dict[str, str] = json.loads(cache_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self._known = {}

    @staticmethod
    def _key(path: Path) -> str:
        stat = path.stat()
        return f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"

    def start(self, path: Path) -> None:
        key = self._key(path)
        if key not in self._known and key not in self._pending:
            future: Future[str] = Future()

            def work() -> None:
                try:
                    future.set_result(model_hash(path))
                except OSError as error:
                    future.set_exception(error)

            # a daemon thread: quitting the app never waits for a multi-GB file to finish hashing
            threading.Thread(target=work, name="model-hash", daemon=True).start()
            self._pending[key] = future

    def result(self, path: Path, wait_s: float = WAIT_S) -> str | None:
        """The hash, waiting up to `wait_s` for a running computation; None if unreadable or not done in time."""
        try:
            key = self._key(path)
            if key not in self._known:
                self.start(path)
                self._known[key] = self._pending[key].result(timeout=wait_s)
                del self._pending[key]
                self._file.parent.mkdir(parents=True, exist_ok=True)
                self._file.write_text(json.dumps(self._known, indent=1), encoding="utf-8")
        except (OSError, TimeoutError):
            return None
        return self._known[key]
