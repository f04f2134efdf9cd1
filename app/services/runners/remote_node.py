"""One picture job on another computer, through its A1111 web API, on Qt's event loop (no thread, nothing
blocks the window): the job is posted to `/sdapi/v1/txt2img` (or `/img2img`), `/sdapi/v1/progress` is asked
every half second while it runs (when the server offers it), and the picture comes home into this computer's
output folder and gallery, checked and labelled as a picture made here is.

To the queue a `RemoteNode` is one more card: a Runner, as a `Generation` is.
A job it could not run, or cannot know the end of, is given back (GivenBack), never run twice on purpose: a
connection dropped mid-job is asked again, with the same job key, only of a server that says it knows the key
(this app's own `serve`); any other server's job goes back to the queue for another card."""

from __future__ import annotations

import uuid
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QNetworkReply

from app.core.file_words import file_problem
from app.core.gallery.gallery_index import GalleryIndex
from app.core.gallery.image_store import FolderProblem, picture_bytes, staging_path
from app.core.generation.input_image import keep_outside_mask
from app.core.generation.output import BackendError, ErrorKind, Outcome, Progress, Stage
from app.core.generation.prepare import PreparedJob, prepared_or_why
from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import Job
from app.core.queue.nodes import RemoteComputer, a1111_job, loaded_model, matching_model, picture_from_answer, takes
from app.core.words import reason_of, translate
from app.services.left_behind import owner_tag
from app.services.runners.computer_link import Call, ComputerLink, answer_words, network_words
from app.services.runners.finish import check_output_folder, finish_picture, set_picture_aside
from app.services.runners.remote_job import RemoteJob
from app.services.runners.remote_progress import RemoteProgress
from app.services.runners.runner import RunnerBase
from app.services.user_dirs import current_user_dirs

REPOSTS = 3  # a dropped job asked again of a server that knows its key: after 1, 2 and 4 s
# the connection never reached the server: the job cannot have started there
_NOT_REACHED = (QNetworkReply.NetworkError.ConnectionRefusedError, QNetworkReply.NetworkError.HostNotFoundError,
                QNetworkReply.NetworkError.NetworkSessionFailedError, QNetworkReply.NetworkError.UnknownNetworkError,
                QNetworkReply.NetworkError.ProxyConnectionRefusedError)


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

    def _on_answer(self, call: Call) -> None:
        if not call.answered:
            self.answered.emit(network_words(call.error))
        elif call.status != 200 or not isinstance(call.json(), list):
            self.answered.emit(answer_words(call.status, call.body))
        else:
            self.answered.emit(None)


class RemoteNode(RunnerBase):
    """Another computer as one card of the queue (a Runner): JobEnded once per `start` that ran there; GivenBack
    instead when the job did not run there, or its end cannot be known: the queue puts the job back as waiting.
    No PlanChosen or Retrying: the other computer plans its own memory."""

    def __init__(self, computer: RemoteComputer, out_dir: Path, gallery: GalleryIndex | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(out_dir, gallery, parent)
        self.computer = computer
        self._link = ComputerLink(computer, self)
        self._models: object = None  # its /sdapi/v1/sd-models answer, asked once
        self._knows_keys = False  # it said it knows our job keys: a dropped job may be asked again
        self._progress = RemoteProgress(self._link, self)
        self._progress.step_made.connect(self._on_step)
        self._progress.frame.connect(self._tell_preview)
        self._job: RemoteJob | None = None  # the running job, made anew for each
        self._reply: QNetworkReply | None = None  # the job's own call, while it is out

    # --- what the queue calls, as on every runner ---------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.computer.name

    @property
    def running(self) -> bool:
        return self._job is not None

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
        self._job = RemoteJob(job.request, job.id)
        self._on_stage(Stage.LOADING)
        if isinstance(prepared, str):
            self._end_soon(Outcome(None, None, BackendError(ErrorKind.BAD_REQUEST, prepared)))
            return
        self._job.request, self._job.loras = prepared.request, prepared.loras
        for note in prepared.notes:
            self._tell_notice(note)
        try:
            check_output_folder(self._out_dir, picture_bytes(prepared.request.width, prepared.request.height))
        except FolderProblem as problem:
            self._end_soon(Outcome(None, None, BackendError(ErrorKind.CANNOT_SAVE, reason_of(problem))))
            return
        if self._models is None:
            self._link.call("/sdapi/v1/sd-models", self._on_models, key=self._job.key)
        else:
            self._post()

    def cancel(self) -> None:
        if self._job is None:
            return
        self._job.cancelled = True
        if self._reply is not None:
            self._link.call("/sdapi/v1/interrupt", lambda _call: None, body={})  # a server without it draws on
            self._reply.abort()  # its end comes through _on_job_answer
        # else the model list is being asked, or a repost waits: what comes next ends the job

    def stop_now(self) -> None:
        """The app is closing: the job is left to the other computer, and its end is not awaited."""
        self._progress.end()
        self._reply, self._job = None, None
        self._link.drop_all()

    # --- the job ---------------------------------------------------------------------------------------------
    def _on_models(self, call: Call) -> None:
        if self._job is None:
            return
        if self._job.cancelled:
            self._end(Outcome(None, cancelled=True))
        elif not call.answered:
            self._give_back(network_words(call.error))
        elif call.status != 200:
            self._give_back(answer_words(call.status, call.body))
        else:
            self._models, self._knows_keys = call.json(), call.knows_keys
            self._post()

    def _post(self) -> None:
        job = self._job
        assert job is not None
        request = job.request
        checkpoint = matching_model(self._models, request.models.main)
        job.model_used = checkpoint or loaded_model(self._models)
        if checkpoint is None and request.models.main is not None:
            self._tell_notice(translate("Computers", "{computer} has no model named {model}: it draws with the "
                                                     "model it has loaded{which}").format(
                computer=self.name, model=request.models.main.stem,
                which=f" ({job.model_used})" if job.model_used else ""))
        job.body = a1111_job(request, checkpoint)
        if request.init_image is not None:
            try:
                job.add_pictures(self._out_dir)
            except OSError as error:
                self._end(Outcome(None, None, BackendError(ErrorKind.BAD_REQUEST, file_problem(
                    error, request.init_image))))
                return
        self._tell_log(f"{job.path} on {self.computer.address} (job {job.key})", "stdout")
        self._send()

    def _send(self) -> None:
        assert self._job is not None
        self._reply = self._link.call(self._job.path, self._on_job_answer, body=self._job.body, key=self._job.key,
                                      timeout_ms=0)
        self._progress.watch()

    def _on_job_answer(self, call: Call) -> None:
        self._reply = None
        self._progress.pause()
        if self._job is None:
            return  # stopped: the app is closing
        if self._job.cancelled:
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
        assert self._job is not None
        if error in _NOT_REACHED and self._job.reposts == 0:
            self._give_back(network_words(error))  # the job never reached it
            return
        if not self._knows_keys or self._job.reposts >= REPOSTS:
            self._give_back(translate("Computers", "the connection was cut while it drew ({why})").format(
                why=network_words(error)))
            return
        self._job.reposts += 1
        self._tell_notice(translate("Computers", "the connection to {computer} was cut; asking it again for the "
                                                 "same job").format(computer=self.name))
        QTimer.singleShot(1000 * 2 ** (self._job.reposts - 1), self._repost)

    def _repost(self) -> None:
        if self._job is None:
            return
        if self._job.cancelled:
            self._end(Outcome(None, cancelled=True))
            return
        self._send()

    def _on_step(self, progress: Progress) -> None:
        self._on_stage(Stage.SAMPLING)
        self._tell_step(progress)

    def _bring_home(self, answer: object) -> None:
        """The picture decoded, labelled, checked and moved into the output folder, as one made here."""
        job = self._job
        assert job is not None and job.request.seed is not None
        request, seed = job.request, job.request.seed
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

        def label(picture: Path) -> None:
            if request.init_image is not None and request.mask is not None:
                keep_outside_mask(picture, request.init_image, request.mask)
            job.label(picture, self.computer)

        # a refused picture is not drawn again: how the other computer draws is not ours to change, so it would
        # draw the same; its tiles are not known either, so no tile is blamed (no DrawnBy). The user decides.
        drawn_by = translate("Computers", " (drawn by {computer})").format(computer=self.name)
        finished = finish_picture(staged, self._out_dir, seed, self._gallery, 0, label=label, tell=self._tell_notice,
                                  refused=lambda error: Outcome(None, None,
                                                                set_picture_aside(staged, seed, error, drawn_by)))
        assert finished is not None, "another computer's picture is not drawn again"
        self._end(finished)

    def _on_stage(self, stage: Stage) -> None:
        if self._job is not None and stage is not self._job.stage:
            self._job.stage = stage
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
        self._progress.end()
        if self._job is not None:
            self._job.close(kept)
        self._job, self._reply = None, None
