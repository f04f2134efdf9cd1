from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import psutil
import pytest
from PIL import Image

from app.core.gallery.gallery_index import GalleryEntry, GalleryIndex, entry_from_png, open_index
from app.core.gallery.image_store import staging_path
from app.core.gallery.metadata import a1111_parameters, write_metadata

pytestmark = pytest.mark.windows

REPO = Path(__file__).resolve().parents[3]


def finished_png(folder: Path, name: str, prompt: str, seed: int, created: float) -> Path:
    path = folder / name
    Image.linear_gradient("L").resize((32, 48)).convert("RGB").save(path)
    write_metadata(path, a1111_parameters(prompt, "blurry", {"Steps": 4, "Seed": seed}),
                   {"prompt": prompt, "negative_prompt": "blurry", "seed": seed})
    os.utime(path, (created, created))
    return path


def test_entries_are_newest_first_searchable_and_favourites_filter(tmp_path: Path) -> None:
    index = GalleryIndex(tmp_path / "gallery.sqlite3")
    for i, prompt in enumerate(["a red fox", "100% blue sky", "a red barn"]):
        index.add(entry_from_png(finished_png(tmp_path, f"{i}.png", prompt, i, 1000 + i)))  # type: ignore[arg-type]
    assert [e.prompt for e in index.entries()] == ["a red barn", "100% blue sky", "a red fox"]
    assert [e.prompt for e in index.entries("RED")] == ["a red barn", "a red fox"]
    assert [e.prompt for e in index.entries("100%")] == ["100% blue sky"]  # % and _ are literal
    assert index.entries("a_red") == []
    index.set_favourite(tmp_path / "0.png", True)
    assert [e.prompt for e in index.entries(favourites_only=True)] == ["a red fox"]
    index.remove(tmp_path / "1.png")
    assert len(index.entries()) == 2
    first = index.entries()[-1]
    assert (first.seed, first.width, first.height, first.negative_prompt) == (0, 32, 48, "blurry")


def test_a_lost_or_corrupt_index_is_rebuilt_from_the_pngs(tmp_path: Path) -> None:
    images = tmp_path / "images"
    images.mkdir()
    for i in range(3):
        finished_png(images, f"{i}.png", f"prompt {i}", i, 2000 + i)
    staging_path(images, "unfinished").write_bytes(b"\x89PNG half")
    (images / "foreign.png").write_bytes(b"not a png at all")
    database = tmp_path / "gallery.sqlite3"
    index = open_index(database, images)
    rows = [(e.path.name, e.prompt, e.seed) for e in index.entries()]
    assert rows == [("2.png", "prompt 2", 2), ("1.png", "prompt 1", 1), ("0.png", "prompt 0", 0)]
    index.set_favourite(images / "1.png", True)
    index.close()
    database.write_bytes(b"this is no database" * 100)
    rebuilt = open_index(database, images)
    assert [(e.path.name, e.prompt, e.seed) for e in rebuilt.entries()] == rows
    progress: list[tuple[int, int]] = []
    assert rebuilt.rebuild(images, lambda done, total: progress.append((done, total))) == 3
    assert progress[-1] == (4, 4)  # three finished PNGs and the foreign file; the staging file is not looked at
    rebuilt.close()


def test_a_corrupt_index_is_closed_before_it_is_set_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Windows cannot move a file SQLite still holds (WinError 32): every connection to it must be closed first
    images, database = tmp_path / "images", tmp_path / "gallery.sqlite3"
    images.mkdir()
    finished_png(images, "0.png", "kept", 0, 1000)
    database.write_bytes(b"this is no database" * 100)
    connections: list[sqlite3.Connection] = []
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *args, **kwargs: connections.append(connect(*args, **kwargs))
                        or connections[-1])
    moved: list[Path] = []
    replace = os.replace

    def replace_when_closed(source: str | Path, target: str | Path) -> None:
        for connection in connections:
            with pytest.raises(sqlite3.ProgrammingError, match="closed"):
                connection.execute("SELECT 1")
        held = {Path(f.path) for f in psutil.Process().open_files()}  # /proc/self/fd on Linux, handles on Windows
        assert Path(source).resolve() not in held
        moved.append(Path(source))
        replace(source, target)

    monkeypatch.setattr(os, "replace", replace_when_closed)  # what Path.replace calls
    index = open_index(database, images)
    assert moved == [database] and connections
    assert (tmp_path / "gallery.sqlite3.corrupt").read_bytes() == b"this is no database" * 100  # for a bug report
    assert [e.prompt for e in index.entries()] == ["kept"]
    index.close()
    # an older corrupt copy is replaced, which a plain rename refuses on Windows
    database.write_bytes(b"corrupt again" * 100)
    open_index(database, images).close()
    assert (tmp_path / "gallery.sqlite3.corrupt").read_bytes() == b"corrupt again" * 100


@pytest.mark.skipif(sys.platform != "win32", reason="Windows-only API: a file another process holds open cannot "
                    "be moved (sharing violation); Linux moves it")
def test_a_corrupt_index_another_program_holds_open_is_read_in_memory_and_said(tmp_path: Path) -> None:
    database, images = tmp_path / "gallery.sqlite3", tmp_path / "images"
    images.mkdir()
    finished_png(images, "kept.png", "kept", 1, 1000.0)
    database.write_bytes(b"this is no database" * 100)
    # a database browser (or a second copy of the app) holding the file: open() shares read and write, not delete
    holder = subprocess.Popen([sys.executable, "-c", f"f = open({str(database)!r}, 'rb'); print('open', flush=True);"
                               " import sys; sys.stdin.read()"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        index = open_index(database, images)
        assert [e.prompt for e in index.entries()] == ["kept"]  # the gallery shows the images all the same
        assert index.problem is not None and "could not be moved aside" in index.problem
        assert database.read_bytes() == b"this is no database" * 100  # untouched, for the next start
        index.close()
    finally:
        holder.communicate("")
    repaired = open_index(database, images)  # the next start, the other program closed: set aside, rebuilt
    assert repaired.problem is None and [e.prompt for e in repaired.entries()] == ["kept"]
    assert (tmp_path / "gallery.sqlite3.corrupt").is_file()
    repaired.close()


def test_an_index_kept_in_memory_writes_no_file(tmp_path: Path) -> None:
    before = sorted(tmp_path.rglob("*"))
    index = GalleryIndex(None)
    assert index.problem is None
    index.add(GalleryEntry(tmp_path / "a.png", "a", "", "a", 1, 8, 8, 1.0))
    assert [e.prompt for e in index.entries()] == ["a"]
    index.close()
    assert sorted(tmp_path.rglob("*")) == before


def test_a_writer_killed_mid_transaction_loses_only_its_open_transaction(tmp_path: Path) -> None:
    database = tmp_path / "gallery.sqlite3"
    writer = f"""
import sys
sys.path.insert(0, {str(REPO)!r})
from pathlib import Path
import psutil
from app.core.gallery.gallery_index import GalleryEntry, GalleryIndex
index = GalleryIndex(Path({str(database)!r}))
for i in range(50):
    index.add(GalleryEntry(Path(f"/x/{{i}}.png"), f"p{{i}}", "", "", i, 8, 8, float(i)))
index._db.execute("BEGIN")
index._db.execute("INSERT INTO images (path, prompt, negative_prompt, parameters, created) "
                  "VALUES ('/x/open', '', '', '', 0)")
psutil.Process().kill()  # SIGKILL, or TerminateProcess on Windows: no cleanup code runs
"""
    result = subprocess.run([sys.executable, "-c", writer], check=False)
    assert result.returncode != 0
    index = GalleryIndex(database)
    entries = index.entries()
    assert len(entries) == 50 and all(e.path != Path("/x/open") for e in entries)
    index.close()


def test_an_entry_is_what_the_png_says(tmp_path: Path) -> None:
    path = finished_png(tmp_path, "a.png", "灯台, at dawn", 42, 3000)
    entry = entry_from_png(path)
    assert entry == GalleryEntry(path, "灯台, at dawn", "blurry", entry.parameters if entry else "", 42, 32, 48, 3000)
    assert entry_from_png(tmp_path / "missing.png") is None
