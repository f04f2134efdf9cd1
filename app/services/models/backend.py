"""Finding and probing the sd.cpp backend and the Vulkan devices it can use."""

from __future__ import annotations

import functools
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from app.core.models.backend_caps import BackendCaps, parse_help
from app.core.models.catalog import CatalogError, load_catalog
from app.core.resources import backend_names, bundled_backend_dir
from app.services.child_process import creation_flags, unrunnable_reason
from app.services.user_dirs import current_user_dirs

BUILD_COMMAND = "python -m backend_bin.build"
PROBE_TIMEOUT_S = 20
OWN_BACKEND_SETTING = "backend/own_program"  # "Use my own sd-cli"
INSTALLED_VERSION_FILE = "installed-version.txt"


class BackendMissing(Exception):
    """No usable sd.cpp binary; the message says how to get one."""


def installed_backend_dir() -> Path:
    """Where the Backend manager unpacks upstream's release (Windows): a per-user folder."""
    return current_user_dirs().data / "backend"


def mark_installed(folder: Path, version: str) -> None:
    (folder / INSTALLED_VERSION_FILE).write_text(version, encoding="utf-8")


def installed_is_current() -> bool:
    """A release the user installed counts only while it is the one this app pins: after an update of the
    app, an older download must not shadow the newer backend in the bundle."""
    try:
        stamp = (installed_backend_dir() / INSTALLED_VERSION_FILE).read_text(encoding="utf-8").strip()
        return stamp == load_catalog().backend_version
    except (OSError, CatalogError):
        return False


def own_backend() -> Path | None:
    """The sd-cli the user chose with "Use my own sd-cli", if any."""
    value = QSettings().value(OWN_BACKEND_SETTING, "", type=str)
    return Path(value) if value else None


def set_own_backend(program: Path | None) -> None:
    """Choose a program of the user's own (after checking it can run), or go back to the app's backend."""
    if program is not None and (problem := unrunnable_reason(program.absolute())):
        raise BackendMissing(problem)
    QSettings().setValue(OWN_BACKEND_SETTING, str(program.absolute()) if program else "")


def how_to_get_backend() -> str:
    if sys.platform == "win32":
        return "install it from Models > Backend, or choose your own sd-cli.exe there"
    return f"build it with: {BUILD_COMMAND} (or Models > Backend > Build)"


def find_backend(override: Path | None = None) -> Path:
    """The program to run: `override` (--sd-binary), the user's own choice, the installed release, the bundle."""
    override = override or own_backend()
    if override is not None:
        binary = override.absolute()
        problem = unrunnable_reason(binary)
        if problem:
            raise BackendMissing(problem)
        return binary
    folders = (installed_backend_dir(), bundled_backend_dir()) if installed_is_current() else (bundled_backend_dir(),)
    for folder in folders:
        for name in backend_names(sys.platform):
            candidate = folder / name
            if candidate.is_file():
                return candidate
    raise BackendMissing(f"sd.cpp backend not found in {' or '.join(map(str, folders))}; {how_to_get_backend()}")


@dataclass(frozen=True)
class BackendInfo:
    program: Path
    origin: str  # "your own", "installed", "bundled with the app" or "given on the command line"
    version: str  # what `--version` says; upstream releases name their commit there
    caps: BackendCaps


def describe_backend(override: Path | None = None) -> BackendInfo:
    """What the Backend manager shows. Raises BackendMissing with the fix when there is none that runs."""
    program = find_backend(override)
    if override is not None:
        origin = "given on the command line"
    elif own_backend() is not None:
        origin = "your own"
    elif installed_backend_dir() in program.parents:
        origin = "installed"
    else:
        origin = "bundled with the app"
    try:
        result = subprocess.run([str(program), "--version"], capture_output=True, timeout=PROBE_TIMEOUT_S,
                                stdin=subprocess.DEVNULL, creationflags=creation_flags(sys.platform, 0), check=False)
        lines = (result.stdout + result.stderr).decode("utf-8", errors="replace").splitlines()
        version = next((line.strip() for line in lines if "version" in line.lower()), "unknown")
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BackendMissing(f"could not run {program} --version: {error}") from error
    return BackendInfo(program, origin, version, probe_caps(program))


def probe_caps(binary: Path) -> BackendCaps:
    try:
        stat = binary.stat()
    except OSError as error:
        raise BackendMissing(f"cannot read {binary}: {error}") from error
    return _probe_caps(binary, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _probe_caps(binary: Path, mtime_ns: int, size: int) -> BackendCaps:
    # `--help` prints usage on stdout and exits 0 (this sd.cpp also logs an [ERROR] about it on stderr)
    try:
        result = subprocess.run([str(binary), "--help"], capture_output=True, timeout=PROBE_TIMEOUT_S,
                                stdin=subprocess.DEVNULL, creationflags=creation_flags(sys.platform, 0), check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BackendMissing(f"could not run {binary} --help: {error}") from error
    return parse_help(result.stdout.decode("utf-8", errors="replace"))
