"""The gallery's index: one SQLite row per finished image, rebuilt from the PNGs' own metadata if lost.

The PNG files are the truth (each carries its parameters); the index makes the gallery fast and searchable.
WAL journaling keeps every committed row through a crash or a kill mid-write.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from app.core.file_words import file_problem
from app.core.gallery.image_store import STAGING_PREFIX
from app.core.gallery.metadata import parse_parameters, read_details, read_parameters_text
from app.core.words import translate

SCHEMA = """
CREATE TABLE IF NOT EXISTS images (
    path TEXT PRIMARY KEY,
    prompt TEXT NOT NULL,
    negative_prompt TEXT NOT NULL,
    parameters TEXT NOT NULL,
    seed INTEGER,
    width INTEGER,
    height INTEGER,
    created REAL NOT NULL,
    favourite INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS images_created ON images (created DESC);
"""


@dataclass(frozen=True)
class GalleryEntry:
    path: Path
    prompt: str
    negative_prompt: str
    parameters: str
    seed: int | None
    width: int | None
    height: int | None
    created: float
    favourite: bool = False


def entry_from_png(path: Path) -> GalleryEntry | None:
    """What a PNG says about itself; None for a file that is not a whole PNG (a placeholder, not a crash)."""
    try:
        text = read_parameters_text(path) or ""
        details = read_details(path) or {}
        with Image.open(path) as image:
            width, height = image.size
    except (OSError, UnidentifiedImageError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None
    parsed = parse_parameters(text)
    seed = details.get("seed")
    return GalleryEntry(path, details.get("prompt", parsed.prompt), details.get("negative_prompt",
                        parsed.negative_prompt), text, seed if isinstance(seed, int) else None, width, height,
                        path.stat().st_mtime)


class GalleryIndex:
    """`database` None: an index kept in memory for this session only (see `open_index`)."""

    def __init__(self, database: Path | None) -> None:
        # what the user should know about this index (e.g. that it lives only until the app closes)
        self.problem: str | None = None
        if database is not None:
            database.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(database if database is not None else ":memory:")
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(SCHEMA)
        except sqlite3.Error:
            # a connection left open holds the file: Windows then refuses to move it aside (WinError 32)
            self._db.close()
            raise

    def close(self) -> None:
        self._db.close()

    def add(self, entry: GalleryEntry) -> None:
        with self._db:  # one transaction: the row is there whole, or not at all
            self._db.execute(
                "INSERT OR REPLACE INTO images (path, prompt, negative_prompt, parameters, seed, width, height, "
                "created, favourite) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (str(entry.path), entry.prompt, entry.negative_prompt, entry.parameters, entry.seed, entry.width,
                 entry.height, entry.created, int(entry.favourite)))

    def set_favourite(self, path: Path, favourite: bool) -> None:
        with self._db:
            self._db.execute("UPDATE images SET favourite = ? WHERE path = ?", (int(favourite), str(path)))

    def remove(self, path: Path) -> None:
        with self._db:
            self._db.execute("DELETE FROM images WHERE path = ?", (str(path),))

    def entries(self, search: str = "", favourites_only: bool = False) -> list[GalleryEntry]:
        """Newest first; `search` matches prompt text, case-insensitively."""
        query = "SELECT path, prompt, negative_prompt, parameters, seed, width, height, created, favourite " \
                "FROM images WHERE prompt LIKE ? ESCAPE '\\'"
        pattern = "%" + search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        if favourites_only:
            query += " AND favourite = 1"
        rows = self._db.execute(query + " ORDER BY created DESC", (pattern,))
        return [GalleryEntry(Path(r[0]), r[1], r[2], r[3], r[4], r[5], r[6], r[7], bool(r[8])) for r in rows]

    def rebuild(self, folder: Path, progress: Callable[[int, int], None] | None = None) -> int:
        """Index every finished PNG in `folder` from its own metadata; favourites survive. Returns the count."""
        favourites = {e.path for e in self.entries(favourites_only=True)}
        with self._db:
            self._db.execute("DELETE FROM images")
        self.scan(folder, progress)
        for path in favourites:
            self.set_favourite(path, True)
        return len(self.entries())

    def scan(self, folder: Path, progress: Callable[[int, int], None] | None = None) -> None:
        """Add (or refresh) every finished PNG in `folder`, keeping what is already indexed elsewhere."""
        known = {e.path: e.favourite for e in self.entries()}
        files = sorted(_finished_pngs(folder))
        for done, path in enumerate(files, start=1):
            entry = entry_from_png(path)
            if entry is not None:
                self.add(GalleryEntry(**{**entry.__dict__, "favourite": known.get(path, False)}))
            if progress:
                progress(done, len(files))


def _finished_pngs(folder: Path) -> Iterator[Path]:
    # a staging file is a generation that never finished: never in the gallery
    return (p for p in folder.glob("*.png") if not p.name.startswith(STAGING_PREFIX))


CORRUPT_SUFFIX = ".corrupt"


def open_index(database: Path, folder: Path, progress: Callable[[int, int], None] | None = None) -> GalleryIndex:
    """Open the index, rebuilding it from the PNGs when it is missing or corrupt (`progress(done, total)`).
    A corrupt one is kept beside it as `<name>.corrupt` (the last one only), for a bug report. When another
    program holds the corrupt file open (Windows then refuses to move it), the gallery is rebuilt in memory for
    this session and `problem` says so; the next start sets the file aside."""
    fresh = not database.exists()
    try:
        index = _open_and_read(database)
    except sqlite3.DatabaseError:
        try:
            set_aside(database)
            index = GalleryIndex(database)
        except OSError as error:
            index = GalleryIndex(None)
            index.problem = translate(
                "Gallery", "The gallery's index ({database}) is damaged and could not be moved aside: {why}. "
                           "Another program may hold it open. The gallery shows your images anyway; favourites you "
                           "mark now last until you close the app. Close the other program and restart to repair the "
                           "index.").format(database=database, why=file_problem(error, database))
        fresh = True
    if fresh:
        index.rebuild(folder, progress)
    return index


def _open_and_read(database: Path) -> GalleryIndex:
    index = GalleryIndex(database)
    try:
        index.entries()
    except sqlite3.DatabaseError:
        index.close()
        raise
    return index


def set_aside(database: Path) -> None:
    """Move a database and its WAL files out of the way. Every connection to it must be closed first: Windows
    cannot rename or delete a file that SQLite still holds."""
    for name in (database.name, database.name + "-wal", database.name + "-shm"):
        source = database.with_name(name)
        if source.exists():
            # replace (os.replace), not rename: an older .corrupt copy is overwritten on Windows too
            source.replace(database.with_name(name.replace(database.name, database.name + CORRUPT_SUFFIX)))
