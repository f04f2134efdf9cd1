"""Other apps' counter at the studio: the HTTP server answers them on its own thread, and everything it asks of the
studio (queue pictures, read the progress, stop a job) runs here, on the thread the queue lives on.

`call(work)` is the one way in from another thread: it returns a `concurrent.futures.Future` of `work()`'s result.
A submitted call's `done` future resolves once all its jobs have ended, with the jobs as they ended."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, Signal
from PySide6.QtGui import QImage

from app.core.generation.request import GenerationRequest
from app.core.generation.upscale import UpscaleRequest
from app.core.queue.jobs import Job, JobState
from app.core.queue.nodes import DEFAULT_PORT
from app.services.runners.events import JobEnded, JobEvent, PreviewShown
from app.services.studio import Studio

T = TypeVar("T")
MAX_WAITING_PER_CLIENT = 8  # pictures one client may have waiting or running
KEEP_FINISHED_SECONDS = 600  # a call's result is found again by its key this long (a client that lost the answer)


class ServerRefused(ValueError):
    """The server cannot start as asked; the message is meant for the user."""


class PortInUse(ServerRefused):
    """Another program holds the port."""


@dataclass(frozen=True)
class ServerOptions:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    auth: tuple[str, str] | None = None  # A1111's --api-auth user:password (HTTP basic)
    key: str | None = None  # a bearer token, as OpenAI clients send their API key
    cors_origins: tuple[str, ...] = ()
    max_waiting: int = MAX_WAITING_PER_CLIENT
    demo: bool = False  # offer the offline demo model (and start on it)

    @property
    def loopback(self) -> bool:
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return self.host == "localhost"

    def check(self) -> None:
        if not self.loopback and self.auth is None and not self.key:
            raise ServerRefused(f"Opening the server to the network ({self.host}) needs a password: give "
                                "--api-auth USER:PASSWORD or --api-key KEY (clients then send it).")


class AppServer(Protocol):
    """The HTTP server over a desk as the window switches it on and off (app/api/server.py's ApiServer): the
    window holds it by this shape, so that it stands beside the API rather than on it."""

    options: ServerOptions
    desk: ApiDesk
    port: int

    def start(self) -> str: ...

    def stop(self, wait: bool = True) -> None: ...


# what makes one: given by the app's entry point (app/__main__.py), which knows every front end
ServerMaker = Callable[["ApiDesk", ServerOptions], AppServer]


class StudioClosed(RuntimeError):
    """The app is closing: the call cannot be answered with pictures."""


@dataclass
class Call:
    """One request of another app: its jobs, who sent it, and a future of the jobs once they have all ended."""

    jobs: list[Job]
    client: str
    done: Future[list[Job]] = field(default_factory=Future)
    ended_at: float | None = None
    interrupted: bool = False
    skipped: bool = False


@dataclass(frozen=True)
class ProgressReport:
    """What A1111's /progress says: the running call's share done, its step, the picture as it forms."""

    progress: float = 0.0
    eta_seconds: float = 0.0  # the call's time left: the running picture's, and its later ones' as priced
    job_count: int = 0
    job_no: int = 0
    step: int = 0
    steps: int = 0
    preview_png: bytes | None = None
    stage: str | None = None
    interrupted: bool = False
    skipped: bool = False
    job_id: str = ""


class ApiDesk(QObject):
    """Submits other apps' pictures to the studio's queue and keeps what their /progress asks for."""

    _work = Signal(object)  # (work, future): emitted from the server's thread, run on this object's thread

    def __init__(self, studio: Studio, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self._calls: dict[str, Call] = {}  # by the client's key, or by the first job's id
        self._previews: dict[str, QImage] = {}  # job id -> the latest frame
        self._closed = False
        self._work.connect(self._on_work)
        studio.job_event.connect(self._on_event)
        # a waiting job cancelled (in the window, by Interrupt) ends without an event of its own
        studio.queue.changed.connect(self._settle)

    # --- from any thread ------------------------------------------------------------------------------------
    def call(self, work: Callable[[], T]) -> Future[T]:
        future: Future[T] = Future()
        if self._closed:
            future.set_exception(StudioClosed("the app is closing"))
        else:
            self._work.emit((work, future))
        return future

    # --- on the studio's thread -----------------------------------------------------------------------------
    def known(self, key: str | None, client: str) -> Call | None:
        """The client's call with this key, if it was made already: a client asking again after a dropped
        connection gets its pictures once, never a second set."""
        self._forget_old()
        call = self._calls.get(key) if key else None
        return call if call is not None and call.client == client else None

    def submit(self, requests: list[GenerationRequest | UpscaleRequest], client: str, key: str | None = None) -> Call:
        """Queue the pictures of one call, marked as the client's."""
        # a call asks for pictures to make or for one upscale, never both: one add saves and dispatches once
        pictures = [request for request in requests if isinstance(request, GenerationRequest)]
        jobs = self.studio.add(pictures, client) if pictures else []
        jobs += [self.studio.upscale(request, client) for request in requests if isinstance(request, UpscaleRequest)]
        call = Call(jobs, client)
        self._calls[key or jobs[0].id] = call
        return call

    def waiting(self, client: str) -> int:
        """How many of this client's pictures wait or run."""
        return sum(1 for call in self._calls.values() if call.client == client
                   for job in call.jobs if not job.state.finished)

    def progress(self) -> ProgressReport:
        call = self._running_call()
        if call is None:
            return ProgressReport()
        running = next(job for job in call.jobs if job.state is JobState.RUNNING)
        ended = sum(1 for job in call.jobs if job.state.finished)
        share = running.step / running.steps if running.steps else 0.0
        frame = self._previews.get(running.id)
        return ProgressReport(
            progress=(ended + share) / len(call.jobs), eta_seconds=_time_left(call, running),
            job_count=len(call.jobs), job_no=call.jobs.index(running), step=running.step, steps=running.steps,
            preview_png=_png(frame) if frame is not None else None,
            stage=running.stage.value if running.stage is not None else None, interrupted=call.interrupted,
            skipped=call.skipped, job_id=running.id)

    def interrupt(self, client: str, key: str | None = None) -> bool:
        """A1111's Interrupt: the caller's call stops (see `_stoppable`); pictures made so far are kept and
        answered."""
        call = self._stoppable(client, key)
        if call is None:
            return False
        call.interrupted = True
        for job in call.jobs:
            if not job.state.finished:
                self.studio.queue.cancel(job)
        return True

    def skip(self, client: str, key: str | None = None) -> bool:
        """A1111's Skip: the call's running picture stops (its first waiting one, if none runs); its next one
        runs."""
        call = self._stoppable(client, key)
        if call is None:
            return False
        call.skipped = True
        job = next((job for job in call.jobs if job.state is JobState.RUNNING), None) or next(
            job for job in call.jobs if not job.state.finished)
        self.studio.queue.cancel(job)
        return True

    def _stoppable(self, client: str, key: str | None) -> Call | None:
        """The call a Stop of this caller means: its own (the one of its key, else its running one, else its first
        waiting), else the running call of another app, as A1111 stops whatever runs (SillyTavern interrupts when
        its user leaves, and must not stop another app's picture while its own waits)."""
        own = [call for call in self._calls.values()
               if call.client == client and any(not job.state.finished for job in call.jobs)]
        keyed = self._calls.get(key) if key else None
        if keyed is not None and keyed in own:
            return keyed
        running = [call for call in own if any(job.state is JobState.RUNNING for job in call.jobs)]
        return (running or own)[0] if running or own else self._running_call()

    def close(self) -> None:
        """The server stops: calls still waiting are answered as cut short (their jobs stay in the queue)."""
        self._closed = True
        for call in self._calls.values():
            if not call.done.done():
                call.done.set_exception(StudioClosed("the app closed before the pictures were made; they stay in "
                                                     "its queue"))

    def _running_call(self) -> Call | None:
        return next((call for call in self._calls.values()
                     if any(job.state is JobState.RUNNING for job in call.jobs)), None)

    def _forget_old(self) -> None:
        now = time.monotonic()
        for key, call in list(self._calls.items()):
            if call.ended_at is not None and now - call.ended_at > KEEP_FINISHED_SECONDS:
                del self._calls[key]
                for job in call.jobs:
                    self._previews.pop(job.id, None)

    def _on_work(self, item: tuple[Callable[[], Any], Future[Any]]) -> None:
        work, future = item
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(work())
        except Exception as error:  # handed to the server's thread, which answers it
            future.set_exception(error)

    def _on_event(self, event: JobEvent) -> None:
        if isinstance(event, PreviewShown):
            self._previews[event.job.id] = event.frame.image
        elif isinstance(event, JobEnded):
            self._previews.pop(event.job.id, None)
            self._settle()

    def _settle(self) -> None:
        for call in self._calls.values():
            if not call.done.done() and all(job.state.finished for job in call.jobs):
                call.ended_at = time.monotonic()
                call.done.set_result(call.jobs)


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide6 types the format as bytes, takes only str
    buffer.close()
    return bytes(data.data())


def _time_left(call: Call, running: Job) -> float:
    """The call's seconds left, as A1111's eta_relative says them: the running picture's (priced before its first
    step, which on lavapipe's first picture comes after minutes of set-up), and each picture of the call yet to start
    at the running one's price less its one-time set-up; 0 where nothing is priced."""
    left = running.time_left(time.monotonic()) or 0.0
    if running.expected_seconds is None:
        return left
    later = sum(1 for job in call.jobs if job.state is JobState.WAITING)
    return left + later * (running.expected_seconds - running.expected_setup)
