"""Finding and probing the sd.cpp backend and the Vulkan devices it can use."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from app.core.models.backend_caps import BackendCaps, Flavour, parse_help
from app.core.models.catalog import CatalogError, load_catalog
from app.core.resources import backend_names, bundled_backend_dir
from app.core.settings_schema import OWN_BACKEND
from app.core.words import QT_TRANSLATE_NOOP
from app.services.child_process import creation_flags, unrunnable_reason
from app.services.settings import Settings
from app.services.tool_run import ToolResult, ToolRun
from app.services.user_dirs import current_user_dirs

BUILD_COMMAND = "python -m backend_bin.build"
PROBE_TIMEOUT_S = 20
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
    """The sd-cli the user chose with "Use another engine", if any."""
    return Settings().get(OWN_BACKEND)


def set_own_backend(program: Path | None) -> None:
    """Choose a program of the user's own (after checking it can run), or go back to the app's backend."""
    if program is not None and (problem := unrunnable_reason(program.absolute())):
        raise BackendMissing(problem)
    Settings().set(OWN_BACKEND, program.absolute() if program else None)


def how_to_get_backend() -> str:
    if sys.platform == "win32":
        return "install it from Models > Drawing engine, or choose your own sd-cli.exe there"
    return f"build it with: {BUILD_COMMAND} (or Models > Drawing engine > Build the engine)"


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


def backend_origin(program: Path, override: Path | None = None) -> str:
    if override is not None:
        return QT_TRANSLATE_NOOP("Backend", "given on the command line")
    if own_backend() is not None:
        return QT_TRANSLATE_NOOP("Backend", "your own")
    if installed_backend_dir() in program.parents:
        return QT_TRANSLATE_NOOP("Backend", "installed")
    return QT_TRANSLATE_NOOP("Backend", "bundled with the app")


# what each binary offers, by file identity: a rebuilt or replaced backend is asked again
_KNOWN_CAPS: dict[tuple[Path, int, int], BackendCaps] = {}


def _identity(binary: Path) -> tuple[Path, int, int]:
    try:
        stat = binary.stat()
    except OSError as error:
        raise BackendMissing(f"cannot read {binary}: {error}") from error
    return binary, stat.st_mtime_ns, stat.st_size


def known_caps(binary: Path) -> BackendCaps | None:
    """What `binary --help` said, if it has been asked since the file last changed."""
    return _KNOWN_CAPS.get(_identity(binary))


def learn_caps(binary: Path, help_text: str) -> BackendCaps:
    # `--help` prints usage on stdout and exits 0 (this sd.cpp also logs an [ERROR] about it on stderr)
    caps = parse_help(help_text)
    _KNOWN_CAPS[_identity(binary)] = caps
    return caps


def probe_caps(binary: Path) -> BackendCaps:
    """Blocking: for the CLI. The window learns them through the `Machine` instead."""
    caps = known_caps(binary)
    if caps is not None:
        return caps
    try:
        result = subprocess.run([str(binary), "--help"], capture_output=True, timeout=PROBE_TIMEOUT_S,
                                stdin=subprocess.DEVNULL, creationflags=creation_flags(sys.platform, 0), check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BackendMissing(f"could not run {binary} --help: {error}") from error
    return learn_caps(binary, result.stdout.decode("utf-8", errors="replace"))


class BackendQuestions(QObject):
    """Asks a backend what it offers (`--help`) and, when wanted, what it is (`--version`), on `ToolRun`, never
    on the GUI thread's time. `answered(BackendInfo | str)`: the answer, or why there is none, in words."""

    answered = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._run = ToolRun(PROBE_TIMEOUT_S * 1000, self)
        self._run.finished.connect(self._on_run_finished)
        self._program: Path | None = None
        self._origin = ""
        self._version: str | None = None
        self._want_version = False
        self._asked_again: tuple[Path | None, bool] | None = None  # asked while a question ran: the newer wins

    @property
    def running(self) -> bool:
        return self._run.running

    def ask(self, override: Path | None = None, version: bool = False) -> None:
        """Ask the backend the app would run now (the user may just have chosen another)."""
        if self._run.running:
            self._asked_again = (override, version)
            return
        try:
            self._program = find_backend(override)
            self._origin = backend_origin(self._program, override)
            caps = known_caps(self._program)
        except BackendMissing as error:
            why = str(error)
            QTimer.singleShot(0, lambda: self._deliver(why))
            return
        self._version, self._want_version = None, version
        if version:
            self._run.start([str(self._program), "--version"])
        elif caps is None:
            self._run.start([str(self._program), "--help"])
        else:
            QTimer.singleShot(0, lambda: self._answer(caps))

    def _on_run_finished(self, result: ToolResult) -> None:
        assert self._program is not None
        if result.exit_code is None:
            asked = "--version" if self._want_version and self._version is None else "--help"
            self._deliver(f"could not run {self._program} {asked}: {result.error}")
            return
        if self._want_version and self._version is None:
            lines = (result.stdout + result.stderr).splitlines()
            self._version = next((line.strip() for line in lines if "version" in line.lower()), "unknown")
            caps = known_caps(self._program)
            if caps is None:
                self._run.start([str(self._program), "--help"])
                return
        elif result.exit_code != 0 and parse_help(result.stdout).flavour is Flavour.UNKNOWN:
            said = (result.stderr.strip().splitlines() or [f"exit code {result.exit_code}"])[-1]
            self._deliver(f"{self._program} --help did not answer as sd.cpp does: {said}")
            return
        else:
            caps = learn_caps(self._program, result.stdout)
        self._answer(caps)

    def _answer(self, caps: BackendCaps) -> None:
        assert self._program is not None
        self._deliver(BackendInfo(self._program, self._origin, self._version or "", caps))

    def _deliver(self, answer: BackendInfo | str) -> None:
        again, self._asked_again = self._asked_again, None
        if again is not None:
            self.ask(*again)  # this answer is about a backend the user has since replaced
        else:
            self.answered.emit(answer)
