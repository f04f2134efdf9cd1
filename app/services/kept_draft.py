"""The job being edited, kept in the data folder between runs: the last prompt and the settings the user set are
there again after a restart. Written a moment after the user stops changing it (a crash loses at most that
moment) and when the window closes; the queue file's request format, written whole or not at all."""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from app.core.generation.request import GenerationRequest
from app.core.json_files import write_json
from app.core.queue.jobs import request_from_json, request_json
from app.services.draft import Draft

log = logging.getLogger(__name__)


class KeptDraft(QObject):
    def __init__(self, draft: Draft, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._draft, self._path = draft, path
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.save)
        draft.changed.connect(self._timer.start)

    def restored(self) -> GenerationRequest | None:
        """The draft kept last time, without the pictures it named that are gone since; None when there is none
        (or it cannot be read: the window starts empty, as before there was one)."""
        try:
            request = request_from_json(json.loads(self._path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as error:
            log.warning("the last draft %s could not be read: %s", self._path, error)
            return None
        init_image = request.init_image if request.init_image and request.init_image.is_file() else None
        mask = request.mask if init_image and request.mask and request.mask.is_file() else None
        return dataclasses.replace(request, init_image=init_image, mask=mask,
                                   ref_images=tuple(path for path in request.ref_images if path.is_file()))

    def save(self) -> None:
        self._timer.stop()
        try:
            write_json(self._path, request_json(self._draft.request))
        except OSError as error:  # the next start opens empty: nothing the user must act on now
            log.warning("the draft could not be kept in %s: %s", self._path, error)
