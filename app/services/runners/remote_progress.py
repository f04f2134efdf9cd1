"""How far another computer has drawn: its `/sdapi/v1/progress` asked every half second while a job is posted
there (when the server offers it), each new step said once, with the picture so far as a live preview."""

from __future__ import annotations

import uuid
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QImage

from app.core.gallery.image_store import discard, staging_path
from app.core.queue.nodes import node_progress
from app.services.left_behind import owner_tag
from app.services.runners.computer_link import Call, ComputerLink
from app.services.runners.live_preview import PreviewFrame
from app.services.user_dirs import current_user_dirs

POLL_MS = 500


class RemoteProgress(QObject):
    """`step_made(Progress)` for each new step, then `frame(PreviewFrame)` when the server sent its picture so
    far; from `watch` (the job is posted) until `pause` (its answer came) or `end`."""

    step_made = Signal(object)  # Progress
    frame = Signal(object)  # PreviewFrame

    def __init__(self, link: ComputerLink, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._link = link
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._ask)
        self._offered = True  # until it answers /progress with anything but progress
        self._watching = False
        self._asking = False  # a /progress call is out
        self._step = 0  # the last step said
        self._preview: Path | None = None

    def watch(self) -> None:
        self._watching = True
        if self._offered:
            self._poll.start()

    def pause(self) -> None:
        self._watching = False
        self._poll.stop()

    def end(self) -> None:
        """The job ended (or the app is closing): the next job's steps start from 0, and its preview goes."""
        self.pause()
        self._step = 0
        if self._preview is not None:
            discard(self._preview)
            self._preview = None

    def _ask(self) -> None:
        if self._asking or not self._watching:
            return
        self._asking = True
        self._link.call("/sdapi/v1/progress?skip_current_image=false", self._on_answer)

    def _on_answer(self, call: Call) -> None:
        self._asking = False
        if not self._watching:
            return
        if call.answered and call.status != 200:
            self._offered = False  # sd.cpp's sd-server has none: the job just runs
            self._poll.stop()
            return
        said = node_progress(call.json()) if call.answered else None
        if said is None or said.progress is None or said.progress.step == self._step:
            return  # asked twice a second: a step is said once
        self._step = said.progress.step
        self.step_made.emit(said.progress)
        if said.current_image:
            self._show(said.current_image, said.progress.step)

    def _show(self, picture: bytes, step: int) -> None:
        image = QImage.fromData(picture)
        if image.isNull():
            return
        try:
            folder = current_user_dirs().staging
            folder.mkdir(parents=True, exist_ok=True)
            self._preview = self._preview or staging_path(folder, f"{owner_tag()}-preview-{uuid.uuid4().hex}")
            self._preview.write_bytes(picture)
        except OSError:
            return  # the preview is a nicety: the picture still comes
        self.frame.emit(PreviewFrame(image, step, self._preview))
