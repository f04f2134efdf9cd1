"""The window's translations with Qt's own tools.

    python scripts/translations.py update   # list every translate(...) text of the source in the .ts files
    python scripts/translations.py build    # compile each .ts into the .qm the app loads (git-ignored)

`resources/translations/window_<lang>.ts` holds the texts of `app/ui` and `app/services`, `core_<lang>.ts` those
of `app/core`; edit them with `pyside6-linguist`. setup.sh, the PyInstaller spec and the tests run `build`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import PySide6

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.ui.language import TRANSLATED  # noqa: E402

FOLDER = REPO / "resources" / "translations"
# each set of .ts files and the source folders its texts come from
SOURCES = {"window": ("app/ui", "app/services"), "core": ("app/core",)}


def qt_tool(name: str) -> Path:
    """lupdate / lrelease as PySide6 ships them (its pyside6-* scripts only start these), on every platform."""
    return Path(PySide6.__file__).parent / (f"{name}.exe" if sys.platform == "win32" else name)


def ts_files(folder: Path = FOLDER) -> dict[str, list[Path]]:
    return {name: [folder / f"{name}_{code}.ts" for code in TRANSLATED] for name in SOURCES}


def update(folder: Path = FOLDER) -> None:
    """Bring every .ts in `folder` up to date with the source: new texts come in unfinished, gone ones go.
    `-locations none` keeps line numbers out, so a change elsewhere in a file changes no .ts."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, files in ts_files(folder).items():
        subprocess.run([str(qt_tool("lupdate")), "-silent", "-extensions", "py", *SOURCES[name], "-ts",
                        *map(str, files), "-no-obsolete", "-locations", "none"], cwd=REPO, check=True)


def build(folder: Path = FOLDER) -> list[Path]:
    """Compile each .ts in `folder` into the .qm beside it, where the .qm is missing or older; returns the .qm
    files. A .qm that is up to date is left alone: on Windows a running app (a test session, a window) maps the
    .qm it loaded, and such a file cannot be written over."""
    built = []
    for ts in sorted(folder.glob("*.ts")):
        qm = ts.with_suffix(".qm")
        if not qm.exists() or qm.stat().st_mtime < ts.stat().st_mtime:
            subprocess.run([str(qt_tool("lrelease")), "-silent", str(ts), "-qm", str(qm)], check=True)
        built.append(qm)
    return built


def main(argv: list[str]) -> int:
    if argv not in (["update"], ["build"]):
        print(__doc__, file=sys.stderr)
        return 2
    if argv == ["update"]:
        update()
    else:
        print("\n".join(str(qm.relative_to(REPO)) for qm in build()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
