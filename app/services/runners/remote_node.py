"""One picture job on another computer, through its A1111 web API, on Qt's event loop (no thread, nothing
blocks the window): the job is posted to `/sdapi/v1/txt2img` (or `/img2img`), `/sdapi/v1/progress` is asked
every half second while it runs (when the server offers it), and the picture comes home into this computer's
output folder and gallery, checked and labelled as a picture made here is.

To the queue a `RemoteNode` is one more card: a Runner, as a `Generation` is.
A job it could not run, or cannot know the end of, is given back (GivenBack), never run twice on purpose: a
connection dropped mid-job is asked again, with the same job key, only of a server that says it knows the key
(this app's own `serve`); any other server's job goes back to the queue for another card."""

from __future__ import annotations

import base64
import json
import shutil
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, QUrl, Signal
from PySide6.QtGui import QImage
from PySide6.QtNetwork import QNetworkAccessManager, QNetworkReply, QNetworkRequest

from app import __version__
from app.core.file_words import file_problem
from app.core.gallery.gallery_index import GalleryIndex
from app.core.gallery.image_store import FolderProblem, discard, picture_bytes, staging_path
from app.core.gallery.metadata import (
    a1111_parameters,
    generation_fields,
    job_details,
    read_parameters_text,
    write_metadata,
)
from app.core.generation.input_image import keep_outside_mask
from app.core.generation.job_pictures import copy_job_pictures
from app.core.generation.lora import LoraUse
from app.core.generation.output import BackendError, ErrorKind, Outcome, Stage
from app.core.generation.prepare import PreparedJob, prepared_or_why
from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import Job
from app.core.queue.nodes import (
    JOB_KEY_HEADER,
    RemoteComputer,
    a1111_job,
    error_in_answer,
    loaded_model,
    matching_model,
    node_progress,
    picture_from_answer,
    takes,
)
from app.core.words import reason_of, translate
from app.services.left_behind import owner_tag
from app.services.runners.finish import (
    check_output_folder,
    finish_picture,
    job_files_folder,
    loras_still_there,
    set_picture_aside,
)
from app.services.runners.generation import JOBS_FOLDER
from app.services.runners.live_preview import PreviewFrame
from app.services.runners.runner import JobEvents
from app.services.user_dirs import current_user_dirs

POLL_MS = 500
ASK_TIMEOUT_MS = 10_000  # a model list or a progress answer; a picture takes as long as it takes
REPOSTS = 3  # a dropped job asked again of a server that knows its key: after 1, 2 and 4 s
# the connection never reached the server: the job cannot have started there
_NOT_REACHED = (QNetworkReply.NetworkError.ConnectionRefusedError, QNetworkReply.NetworkError.HostNotFoundError,
                QNetworkReply.NetworkError.NetworkSessionFailedError, QNetworkReply.NetworkError.UnknownNetworkError,
                QNetworkReply.NetworkError.ProxyConnectionRefusedError)


def network_words(error: QNetworkReply.NetworkError) -> str:
    """A connection's fault in the user's words (Qt's own texts are a developer's, in English)."""
    errors = QNetworkReply.NetworkError
    if error is errors.ConnectionRefusedError:
        return translate("Computers", "nothing answers at that address (is the image server running there, on "
                                      "that port?)")
    if error is errors.HostNotFoundError:
        return translate("Computers", "no computer on the network has that name")
    if error in (errors.TimeoutError, errors.OperationCanceledError):
        return translate("Computers", "it did not answer in time")
    if error is errors.RemoteHostClosedError:
        return translate("Computers", "it closed the connection")
    if error in (errors.SslHandshakeFailedError, errors.UnknownContentError):
        return translate("Computers", "it does not speak plain http at that address")
    return translate("Computers", "the connection to it failed")


def answer_words(status: int, body: bytes) -> str:
    """An image server's refusal in the user's words."""
    if status in (401, 403):
        return translate("Computers", "it asks for a token or user:password, and the one given (if any) is not "
                                      "right")
    if status == 404:
        return translate("Computers", "it answers, but not as an A1111-style image server (no /sdapi/v1 there)")
    reason = error_in_answer(body)
    return (translate("Computers", "it refused the job: {reason}").format(reason=reason) if reason
            else translate("Computers", "it answered with error {status}").format(status=status))


class _Call:
    """One HTTP call's answer, read once it ended."""

    def __init__(self, reply: QNetworkReply) -> None:
        self.status = reply.attribute(QNetworkRequest.Attribute.HttpStatusCodeAttribute)
        self.error = reply.error()
        self.body = bytes(reply.readAll().data()) if reply.isOpen() else b""  # an aborted call has none
        self.knows_keys = reply.hasRawHeader(JOB_KEY_HEADER)

    @property
    def answered(self) -> bool:
        """The server answered (with a picture or a refusal); else the connection failed."""
        return self.status is not None

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return None


def _network() -> QNetworkAccessManager:
    """The app's one network access manager: it lives as long as the application, as Qt wants (one destroyed
    while its connections wind down crashes)."""
    app = QCoreApplication.instance()
    assert app is not None, "the application comes first"
    manager = app.findChild(QNetworkAccessManager, "polaris_network")
    if manager is None:
        manager = QNetworkAccessManager(app)
        manager.setObjectName("polaris_network")
    return manager


class ComputerLink(QObject):
    """HTTP calls to one computer's image server, with its token and a job key; `drop_all` forgets the calls
    still out (their answers are not awaited)."""

    def __init__(self, computer: RemoteComputer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.computer = computer
        self._replies: set[QNetworkReply] = set()

    def call(self, path: str, done: Callable[[_Call], None], body: dict[str, Any] | None = None,
             key: str | None = None, timeout_ms: int = ASK_TIMEOUT_MS) -> QNetworkReply:
        request = QNetworkRequest(QUrl(self.computer.address + path))
        request.setTransferTimeout(timeout_ms)
        authorization = self.computer.authorization()
        if authorization:
            request.setRawHeader(b"Authorization", authorization.encode())
        if key:
            request.setRawHeader(JOB_KEY_HEADER.encode(), key.encode())
        if body is None:
            reply = _network().get(request)
        else:
            request.setHeader(QNetworkRequest.KnownHeaders.ContentTypeHeader, "application/json")
            reply = _network().post(request, json.dumps(body).encode())
        self._replies.add(reply)

        def on_finished() -> None:
            self._replies.discard(reply)
            call = _Call(reply)
            reply.deleteLater()
            done(call)

        reply.finished.connect(on_finished)
        return reply

    def drop_all(self) -> None:
        for reply in self._replies:
            reply.finished.disconnect()
            reply.abort()
            reply.deleteLater()
        self._replies.clear()


class ComputerCheck(QObject):
    """Asks a computer for its models (`/sdapi/v1/sd-models`), as the window does before adding it:
    `answered(problem)` with None when it answers as an image server, else why not in words."""

    answered = Signal(object)  # str | None

    def __init__(self, computer: RemoteComputer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._link = ComputerLink(computer, self)
        self._link.call("/sdapi/v1/sd-models", self._on_answer)

    def stop(self) -> None:
        """No answer is wanted any more (the dialog closed)."""
        self._link.drop_all()

    def _on_answer(self, call: _Call) -> None:
        if not call.answered:
            self.answered.emit(network_words(call.error))
        elif call.status != 200 or not isinstance(call.json(), list):
            self.answered.emit(answer_words(call.status, call.body))
        else:
            self.answered.emit(None)


class RemoteNode(JobEvents):
    """Another computer as one card of the queue (a Runner): JobEnded once per `start` that ran there; GivenBack
    instead when the job did not run there, or its end cannot be known: the queue puts the job back as waiting.
    No PlanChosen or Retrying: the other computer plans its own memory."""

    def __init__(self, computer: RemoteComputer, out_dir: Path, gallery: GalleryIndex | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.computer = computer
        self._out_dir = out_dir
        self._gallery = gallery
        self._link = ComputerLink(computer, self)
        self._models: object = None  # its /sdapi/v1/sd-models answer, asked once
        self._knows_keys = False  # it said it knows our job keys: a dropped job may be asked again
        self._offers_progress = True  # until it answers /progress with anything but progress
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._ask_progress)
        self._job: QNetworkReply | None = None
        self._asking = False  # a /progress call is out
        self._request: GenerationRequest | None = None
        self._key = ""
        self._path = ""
        self._body: dict[str, Any] = {}
        self._reposts = 0
        self._stage: Stage | None = None
        self._step = 0  # the last step said
        self._job_dir: Path | None = None
        self._extended_from: Path | None = None  # the picture an extension grew, where the user chose it
        self._model_used: str | None = None
        self._loras: tuple[tuple[LoraUse, Path], ...] = ()  # the job's, checked once by prepare()
        self._cancelled = False
        self._preview: Path | None = None
        self._started = datetime.now()

    # --- what the queue calls, as on every runner ---------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.computer.name

    @property
    def running(self) -> bool:
        return self._request is not None

    @property
    def out_dir(self) -> Path:
        return self._out_dir

    def set_out_dir(self, folder: Path) -> None:
        self._out_dir = folder

    def pid(self) -> int | None:
        return None  # no process of ours runs the job

    def takes(self, job: Job) -> bool:
        return takes(job.request)

    def prepare(self, job: Job) -> PreparedJob | str:
        """The request checked here (sizes snapped, the prompt's LoRAs found), or why it cannot be; no memory
        plan: the other computer plans its own, and this one's RAM is not used."""
        assert isinstance(job.request, GenerationRequest), "another computer takes pictures to make only"
        return prepared_or_why(job.request, None)

    def start(self, job: Job, card: str = "", prepared: PreparedJob | str | None = None) -> None:
        """Run the job there; its id names it to a server that knows job keys."""
        if self.running:
            raise RuntimeError("a job is already running on this computer")
        assert isinstance(job.request, GenerationRequest), "another computer takes pictures to make only"
        self._begin_job(job, card or self.name)
        if prepared is None:
            prepared = self.prepare(job)
        self._request, self._key, self._reposts, self._cancelled = job.request, job.id, 0, False
        self._stage, self._step, self._started = None, 0, datetime.now()
        self._on_stage(Stage.LOADING)
        if isinstance(prepared, str):
            self._end_soon(Outcome(None, None, BackendError(ErrorKind.BAD_REQUEST, prepared)))
            return
        self._request, self._loras = prepared.request, prepared.loras
        for note in prepared.notes:
            self._tell_notice(note)
        try:
            check_output_folder(self._out_dir, picture_bytes(prepared.request.width, prepared.request.height))
        except FolderProblem as problem:
            self._end_soon(Outcome(None, None, BackendError(ErrorKind.CANNOT_SAVE, reason_of(problem))))
            return
        if self._models is None:
            self._link.call("/sdapi/v1/sd-models", self._on_models, key=self._key)
        else:
            self._post()

    def cancel(self) -> None:
        if self._request is None:
            return
        self._cancelled = True
        if self._job is not None:
            self._link.call("/sdapi/v1/interrupt", lambda _call: None, body={})  # a server without it draws on
            self._job.abort()  # its end comes through _on_job_answer
        # else the model list is being asked, or a repost waits: what comes next ends the job

    def stop_now(self) -> None:
        """The app is closing: the job is left to the other computer, and its end is not awaited."""
        self._poll.stop()
        self._job, self._request = None, None
        self._link.drop_all()
        self._drop_preview()

    # --- the job ---------------------------------------------------------------------------------------------
    def _on_models(self, call: _Call) -> None:
        if self._request is None:
            return
        if self._cancelled:
            self._end(Outcome(None, cancelled=True))
            return
        if not call.answered:
            self._give_back(network_words(call.error))
            return
        if call.status != 200:
            self._give_back(answer_words(call.status, call.body))
            return
        self._models, self._knows_keys = call.json(), call.knows_keys
        self._post()

    def _post(self) -> None:
        request = self._request
        assert request is not None
        checkpoint = matching_model(self._models, request.models.main)
        self._model_used = checkpoint or loaded_model(self._models)
        if checkpoint is None and request.models.main is not None:
            self._tell_notice(translate("Computers", "{computer} has no model named {model}: it draws with the "
                                                     "model it has loaded{which}").format(
                computer=self.name, model=request.models.main.stem,
                which=f" ({self._model_used})" if self._model_used else ""))
        body = a1111_job(request, checkpoint)
        self._path = "/sdapi/v1/txt2img"
        if request.init_image is not None:
            self._path = "/sdapi/v1/img2img"
            try:
                body.update(self._pictures(request))
            except OSError as error:
                self._end(Outcome(None, None, BackendError(ErrorKind.BAD_REQUEST, file_problem(
                    error, request.init_image))))
                return
        self._body = body
        self._tell_log(f"{self._path} on {self.computer.address} (job {self._key})", "stdout")
        self._send()

    def _pictures(self, request: GenerationRequest) -> dict[str, Any]:
        """The input (and mask; an extension's canvas and mask) at the size the job runs, as A1111 takes them;
        kept in the job's folder for Reuse settings, as a job run here keeps them."""
        assert request.init_image is not None
        self._extended_from = request.init_image if request.extend is not None else None
        self._job_dir = job_files_folder(self._out_dir) / JOBS_FOLDER / uuid.uuid4().hex
        self._job_dir.mkdir(parents=True)
        self._request = copy_job_pictures(request, self._job_dir)
        init, mask = self._request.init_image, self._request.mask
        assert init is not None
        pictures: dict[str, Any] = {"init_images": [base64.b64encode(init.read_bytes()).decode("ascii")]}
        if mask is not None:
            pictures["mask"] = base64.b64encode(mask.read_bytes()).decode("ascii")
        return pictures

    def _send(self) -> None:
        self._job = self._link.call(self._path, self._on_job_answer, body=self._body, key=self._key, timeout_ms=0)
        if self._offers_progress:
            self._poll.start()

    def _on_job_answer(self, call: _Call) -> None:
        self._job = None
        self._poll.stop()
        if self._request is None:
            return  # stopped: the app is closing
        if self._cancelled:
            self._end(Outcome(None, cancelled=True))
        elif not call.answered:
            self._dropped(call.error)
        elif call.status == 503:
            # it is closing (Ctrl+C, its window closed, its server switched off): the job did not end there, so it
            # goes back to this queue, as a job cut off by a kill does
            self._give_back(translate("Computers", "it is closing"))
        elif call.status != 200:
            self._end(Outcome(None, None, BackendError(ErrorKind.UNKNOWN, translate(
                "Computers", "{computer}: {why}").format(computer=self.name, why=answer_words(call.status,
                                                                                            call.body)))))
        else:
            self._bring_home(call.json())

    def _dropped(self, error: QNetworkReply.NetworkError) -> None:
        """The connection failed while the job was posted: asked again with its key of a server that knows keys,
        else given back (the server may have drawn it, or may still: it is not asked twice)."""
        if error in _NOT_REACHED and self._reposts == 0:
            self._give_back(network_words(error))  # the job never reached it
            return
        if not self._knows_keys or self._reposts >= REPOSTS:
            self._give_back(translate("Computers", "the connection was cut while it drew ({why})").format(
                why=network_words(error)))
            return
        self._reposts += 1
        self._tell_notice(translate("Computers", "the connection to {computer} was cut; asking it again for the "
                                                 "same job").format(computer=self.name))
        QTimer.singleShot(1000 * 2 ** (self._reposts - 1), self._repost)

    def _repost(self) -> None:
        if self._request is None:
            return
        if self._cancelled:
            self._end(Outcome(None, cancelled=True))
            return
        self._send()

    def _ask_progress(self) -> None:
        if self._asking or self._request is None:
            return
        self._asking = True
        self._link.call("/sdapi/v1/progress?skip_current_image=false", self._on_progress)

    def _on_progress(self, call: _Call) -> None:
        self._asking = False
        if self._request is None or self._job is None:
            return
        if call.answered and call.status != 200:
            self._offers_progress = False  # sd.cpp's sd-server has none: the job just runs
            self._poll.stop()
            return
        said = node_progress(call.json()) if call.answered else None
        if said is None or said.progress is None or said.progress.step == self._step:
            return  # asked twice a second: a step is said once
        self._step = said.progress.step
        self._on_stage(Stage.SAMPLING)
        self._tell_step(said.progress)
        if said.current_image:
            self._show_preview(said.current_image, said.progress.step)

    def _show_preview(self, picture: bytes, step: int) -> None:
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
        self._tell_preview(PreviewFrame(image, step, self._preview))

    def _bring_home(self, answer: object) -> None:
        """The picture decoded, labelled, checked and moved into the output folder, as one made here."""
        request = self._request
        assert request is not None and request.seed is not None
        picture = picture_from_answer(answer)
        if picture is None:
            self._end(Outcome(None, None, BackendError(ErrorKind.UNKNOWN, translate(
                "Computers", "{computer} answered without a picture").format(computer=self.name))))
            return
        self._on_stage(Stage.SAVING)
        staged = staging_path(current_user_dirs().staging, f"{owner_tag()}-{uuid.uuid4().hex}")
        try:
            staged.parent.mkdir(parents=True, exist_ok=True)
            staged.write_bytes(picture)
        except OSError as error:
            self._end(Outcome(None, None, BackendError(ErrorKind.CANNOT_SAVE, file_problem(error, staged.parent))))
            return
        seed = request.seed

        def label(picture: Path) -> None:
            if request.init_image is not None and request.mask is not None:
                keep_outside_mask(picture, request.init_image, request.mask)
            self._label(picture, request)

        # a refused picture is not drawn again: how the other computer draws is not ours to change, so it would
        # draw the same; its tiles are not known either, so no tile is blamed (no DrawnBy). The user decides.
        drawn_by = translate("Computers", " (drawn by {computer})").format(computer=self.name)
        finished = finish_picture(staged, self._out_dir, seed, self._gallery, 0, label=label, tell=self._tell_notice,
                                  refused=lambda error: Outcome(None, None,
                                                                set_picture_aside(staged, seed, error, drawn_by)))
        assert finished is not None, "another computer's picture is not drawn again"
        self._end(finished)

    def _label(self, staged: Path, request: GenerationRequest) -> None:
        """Our A1111 text and JSON, as for a picture made here, saying which computer drew it with which model;
        the server's own text is kept in the JSON."""
        loras = loras_still_there(self._loras)
        fields = generation_fields(request, None, loras, f"Polaris Studio {__version__}")
        fields["Model"] = self._model_used
        fields["Computer"] = self.name
        seconds = round((datetime.now() - self._started).total_seconds(), 2)
        details = job_details(request, loras, False, {"computer": self.name, "address": self.computer.address,
                                                      "model": self._model_used}, seconds,
                              extended_from=self._extended_from)
        theirs = read_parameters_text(staged)
        if theirs:
            details["computer_parameters"] = theirs
        write_metadata(staged, a1111_parameters(request.prompt, request.negative_prompt, fields), details)

    def _on_stage(self, stage: Stage) -> None:
        if stage is not self._stage:
            self._stage = stage
            self._tell_stage(stage)

    def _give_back(self, why: str) -> None:
        self._clear(kept=False)
        self._tell_given_back(why)

    def _end_soon(self, outcome: Outcome) -> None:
        # queued, so that `finished` never fires inside start(), as with a Generation
        QTimer.singleShot(0, lambda: self._end(outcome))

    def _end(self, outcome: Outcome) -> None:
        self._clear(kept=outcome.ok)
        self._tell_end(outcome)

    def _clear(self, kept: bool) -> None:
        self._poll.stop()
        self._drop_preview()
        if self._job_dir is not None and not kept:
            shutil.rmtree(self._job_dir, ignore_errors=True)
        self._job_dir, self._request, self._job = None, None, None
        self._extended_from = None

    def _drop_preview(self) -> None:
        if self._preview is not None:
            discard(self._preview)
            self._preview = None
