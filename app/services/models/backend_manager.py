"""Installing the sd.cpp backend without a terminal: upstream's release zip on Windows, our build on Linux."""

from __future__ import annotations

import shutil
import sys
import threading
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from app.core.models.backend_package import BUILD_TARGETS, BackendPackageError, BuildProgress, unpack_backend
from app.core.models.catalog import Catalog, CatalogFile
from app.core.models.downloads import DownloadError, DownloadProgress
from app.core.sizes import format_size
from app.core.words import translate
from app.services.models.downloader import fetch_catalog_file
from app.services.system.backend import how_to_get_backend, installed_backend_dir, mark_installed
from app.services.tool_run import ToolResult, ToolRun
from app.services.user_dirs import current_user_dirs

BUILD_TIMEOUT_MS = 60 * 60 * 1000  # a cold build takes ~17 minutes on 2 cores; an old laptop may need far more


def can_build_here() -> bool:
    """Our Linux build needs this source tree (backend_bin/) and its Python; a frozen app has neither."""
    return not getattr(sys, "frozen", False) and sys.platform != "win32"


def build_argv() -> list[str]:
    """Our build as setup.sh runs it, so that both go on in one cache folder: the three CPU variants it builds, and
    Ninja where it is installed (setup.sh installs it; without it, make). A build after the first set-up's, which made
    only the programs that draw, compiles only the prompt helper's."""
    ninja = ["--ninja"] if shutil.which("ninja") else []
    return [sys.executable, "-m", "backend_bin.build", "--cpu-variants", "tests", *ninja]


class BackendInstall(QObject):
    """One install at a time; `progress(percent or -1, text)` while it runs, `finished(error or None)` at the end."""

    progress = Signal(int, str)
    finished = Signal(object)  # None, or the reason in the user's words
    # the download thread emits these; queued, they are re-emitted from this object's (GUI) thread (see
    # PresetDownload)
    _worker_progress = Signal(int, str)
    _worker_finished = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker_progress.connect(self.progress, Qt.ConnectionType.QueuedConnection)
        self._worker_finished.connect(self.finished, Qt.ConnectionType.QueuedConnection)
        self._build = ToolRun(BUILD_TIMEOUT_MS, self)
        self._build.line.connect(self._on_build_line)
        self._build.finished.connect(self._on_build_finished)
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._build_progress = BuildProgress(BUILD_TARGETS)

    @property
    def running(self) -> bool:
        return self._build.running or (self._thread is not None and self._thread.is_alive())

    def start(self, catalog: Catalog) -> None:
        """The route for this platform: the release zip on Windows, the build from source elsewhere."""
        if sys.platform == "win32":
            self.install_release(catalog.windows_backend, catalog.backend_version, catalog.hosts,
                                 installed_backend_dir())
        elif can_build_here():
            self.build()
        else:
            said = translate("Backend", "This copy of the app cannot build the drawing engine: {how}").format(
                how=how_to_get_backend())
            QTimer.singleShot(0, lambda: self.finished.emit(said))

    def install_release(self, release: CatalogFile, version: str, hosts: frozenset[str], destination: Path) -> None:
        self._cancel.clear()
        self._thread = threading.Thread(target=self._install_release, args=(release, version, hosts, destination),
                                        name="backend install", daemon=True)
        self._thread.start()

    def build(self) -> None:
        self._build_progress = BuildProgress(BUILD_TARGETS)
        self.progress.emit(-1, translate("Backend", "Building the drawing engine: this takes several minutes…"))
        self._build.start(build_argv())

    def cancel(self) -> None:
        self._cancel.set()
        self._build.stop_now()

    def _install_release(self, release: CatalogFile, version: str, hosts: frozenset[str], destination: Path) -> None:
        downloads = current_user_dirs().cache / "downloads"

        def report(step: DownloadProgress) -> None:
            percent = int(100 * step.done / step.total) if step.total else -1
            self._worker_progress.emit(percent, translate("Backend", "downloading {file}: {size}").format(
                file=release.name, size=format_size(step.done)))

        try:
            archive_hash = fetch_catalog_file(release, downloads, hosts, report, self._cancel)
            self._worker_progress.emit(-1, translate("Backend", "unpacking {file}").format(file=release.name))
            program = unpack_backend(downloads / release.name, destination)
            mark_installed(destination, version)
        except (DownloadError, BackendPackageError, OSError) as error:
            self._worker_finished.emit(str(error))
            return
        verified = (translate("Backend", "checked against the published file") if release.sha256 else
                    translate("Backend", "no published fingerprint to check it against; its own is {hash}…")
                    .format(hash=archive_hash[:12]))
        self._worker_progress.emit(100, translate("Backend", "installed {program} ({verified})").format(
            program=program, verified=verified))
        self._worker_finished.emit(None)

    def _on_build_line(self, line: str) -> None:
        self._build_progress.feed(line)
        self.progress.emit(self._build_progress.percent, line.strip())

    def _on_build_finished(self, result: ToolResult) -> None:
        if result.error is not None:
            self.finished.emit(translate("Backend", "Building the drawing engine did not finish: {error}").format(
                error=result.error))
        elif result.exit_code != 0:
            last = [line for line in result.stdout.splitlines() + result.stderr.splitlines() if line.strip()]
            said = translate("Backend", "Building the drawing engine failed. Its last words: {line}")
            self.finished.emit(said.format(line=last[-1].strip() if last else translate("Backend", "it said nothing")))
        else:
            self.finished.emit(None)
