"""One image generation: request -> argv -> SdProcess -> verified image. Shared by window and CLI."""

from __future__ import annotations

import os
import random
import uuid
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

from app.core.command import backend_environment, build_argv
from app.core.image_store import ImageRejected, accept, staging_path
from app.core.output import BackendError, ErrorKind, Outcome
from app.core.request import GenerationRequest, InvalidRequest, ModelRejected, validate, with_seed
from app.core.vulkaninfo import preferred_device
from app.services.backend import BackendMissing, find_backend, probe_caps, probe_vulkan_devices
from app.services.sd_process import SdProcess


def default_output_dir() -> Path:
    pictures = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
    return Path(pictures or Path.home()) / "Polaris Studio"


class Generation(QObject):
    """Runs requests one at a time. `finished(Outcome)` fires once per `start`, whatever happens."""

    stage_changed = Signal(object)  # Stage
    progress = Signal(object)  # Progress
    log_line = Signal(str, str)  # text, stream
    notice = Signal(str)  # something the app changed in the request, said to the user
    finished = Signal(object)  # Outcome, with the final image path when ok

    def __init__(self, out_dir: Path, backend: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._out_dir = out_dir
        self._backend = backend
        self._process = SdProcess(self)
        self._process.stage_changed.connect(self.stage_changed)
        self._process.progress.connect(self.progress)
        self._process.log_line.connect(self.log_line)
        self._process.finished.connect(self._on_process_finished)
        self._busy = False
        self._request: GenerationRequest | None = None
        self._staged: Path | None = None
        self._device_index: int | None = None
        self._devices_probed = False

    @property
    def running(self) -> bool:
        return self._busy

    def pid(self) -> int | None:
        return self._process.pid()

    def start(self, request: GenerationRequest) -> None:
        if self.running:
            raise RuntimeError("a generation is already running")
        self._busy = True
        try:
            request, notes = validate(request)
            request = with_seed(request, random.SystemRandom())
            binary = find_backend(self._backend)
            self._request = request
            self._out_dir.mkdir(parents=True, exist_ok=True)
            self._staged = staging_path(self._out_dir, uuid.uuid4().hex)
            # relative output: sd.cpp reads printf-style %d in -o, and a user's folder may contain '%'
            argv = build_argv(binary, request, probe_caps(binary), Path(self._staged.name))
        except ModelRejected as error:
            self._fail_soon(ErrorKind.MODEL_LOAD_FAILED, str(error))
            return
        except InvalidRequest as error:
            self._fail_soon(ErrorKind.BAD_REQUEST, str(error))
            return
        except BackendMissing as error:
            self._fail_soon(ErrorKind.BACKEND_MISSING, str(error))
            return
        except OSError as error:
            self._fail_soon(ErrorKind.BAD_REQUEST, f"cannot use output folder {self._out_dir}: {error}")
            return
        for note in notes:
            self.notice.emit(note)
        env = backend_environment(os.environ, self._vulkan_device_index())
        self._process.start(argv, env, self._out_dir)

    def cancel(self) -> None:
        self._process.cancel()

    def stop_now(self) -> None:
        self._process.stop_now()

    def _vulkan_device_index(self) -> int | None:
        if not self._devices_probed:
            device = preferred_device(probe_vulkan_devices())
            self._device_index = device.index if device else None
            self._devices_probed = True
        return self._device_index

    def _fail_soon(self, kind: ErrorKind, message: str) -> None:
        # queued, so that `finished` never fires inside start() and callers see one code path
        QTimer.singleShot(0, lambda: self._end(Outcome(None, None, BackendError(kind, message))))

    def _on_process_finished(self, outcome: Outcome) -> None:
        request, staged = self._request, self._staged
        if outcome.ok and request is not None and request.seed is not None and staged is not None:
            try:
                final = accept(staged, self._out_dir, request.seed, datetime.now())
                outcome = Outcome(outcome.exit_code, str(final))
            except ImageRejected as error:
                outcome = Outcome(outcome.exit_code, None, BackendError(ErrorKind.UNKNOWN, str(error)))
        elif staged is not None:
            staged.unlink(missing_ok=True)  # never leave a half-written image behind
        self._end(outcome)

    def _end(self, outcome: Outcome) -> None:
        self._busy = False
        self._request = None
        self._staged = None
        self.finished.emit(outcome)
