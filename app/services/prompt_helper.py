"""The prompt helper's text model at work: llama.cpp's llama-server as a child of the app, asked over 127.0.0.1.

The server starts on the first question and stays loaded for a while (IDLE_UNLOAD_MS) so the next one answers at
once; it is stopped before a picture needs the card (JobQueue asks `release_card`), when the app closes, and when
the user stops it. Its answer streams: `words` carries each piece as it comes. The HTTP side (waiting for the
model to load, the streamed answer: prompt_helper_question.py) runs on a worker thread; everything it learns reaches
the GUI thread as a queued signal.
"""

from __future__ import annotations

import logging
import secrets
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QTimer, Signal

from app.core.models.backend_caps import BackendCaps, parse_llama_help
from app.core.models.families import ModelFamily
from app.core.prompt_helper.chat import (
    AnswerEnded,
    AnswerFailed,
    HelperTask,
    Words,
    chat_request,
    suggestion,
)
from app.core.prompt_helper.model import HelperPlace
from app.core.prompt_helper.server import missing_flags, server_argv, server_environment, server_failure
from app.core.resources import bundled_backend_dir, prompt_helper_name
from app.core.words import translate
from app.services.child_process import contained_process, path_for_backend, start_contained, unrunnable_reason
from app.services.models.backend_manager import can_build_here
from app.services.prompt_helper_question import Errand, ask_now, wait_then_ask
from app.services.tool_run import ToolResult, ToolRun

said = logging.getLogger("llama-server")  # what the prompt helper's program says

IDLE_UNLOAD_MS = 5 * 60 * 1000
STOP_GRACE_MS = 3000
_OUTPUT_TAIL_LINES = 400  # a load says ~150 lines, an answer ~10


def find_helper_program() -> Path:
    """llama-server beside the app's sd.cpp (backend_bin/bin from source, backend_bin/ in the bundle)."""
    return bundled_backend_dir() / prompt_helper_name(sys.platform)


@dataclass(frozen=True)
class HelperAnswer:
    """How one question ended: the suggestion, or why there is none (`cancelled` when the user stopped it)."""

    task: HelperTask
    original: str
    text: str | None
    error: str | None = None
    cancelled: bool = False
    tokens_per_second: float | None = None
    seconds: float = 0.0


class PromptHelper(QObject):
    """Ask, cancel, release the card, unload. One question at a time."""

    words = Signal(str)  # a piece of the answer, as it streams
    answered = Signal(object)  # HelperAnswer
    status = Signal(str)  # what it is doing, in the user's words
    unloaded = Signal()  # the server has stopped: its memory is free

    _heard = Signal(int, object)  # from the worker thread: (question, a StreamEvent, "ready" or a status)

    def __init__(self, program: Path | None = None, idle_unload_ms: int = IDLE_UNLOAD_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._program = program
        self._process: QProcess | None = None
        self._serving: tuple[Path, bool] | None = None  # (model, on the card) of the running server
        self._port = 0
        self._key = ""
        self._output: deque[str] = deque(maxlen=_OUTPUT_TAIL_LINES)
        self._asked: tuple[HelperTask, str, ModelFamily] | None = None
        self._question = 0  # which question the worker's news is about: an old one's late news is dropped
        self._answer: list[str] = []
        self._cancel = threading.Event()
        self._worker: threading.Thread | None = None
        self._started_at = 0.0
        self._ready = False
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(idle_unload_ms)
        self._idle.timeout.connect(self.unload)
        self._heard.connect(self._on_heard)
        self._probe = ToolRun(20_000, self)  # `--help`, asked once per program: the options the argv needs
        self._probe.finished.connect(self._on_probed)
        self._caps: dict[Path, BackendCaps] = {}
        self._starting: tuple[Path, Path, HelperPlace, dict[str, str], int] | None = None

    # --- what the window and the CLI do -----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._asked is not None

    @property
    def loaded(self) -> bool:
        return self._process is not None

    @property
    def pid(self) -> int | None:
        """The running server's process id (the window's details; tests)."""
        return int(self._process.processId()) if self._process is not None else None

    @property
    def log(self) -> tuple[str, ...]:
        """The last lines the server printed: where its layers went, why it stopped."""
        return tuple(self._output)

    @property
    def on_card(self) -> bool:
        return self._serving is not None and self._serving[1]

    def ask(self, task: HelperTask, text: str, family: ModelFamily, model: Path, place: HelperPlace,
            environment: dict[str, str], threads: int) -> None:
        """Start answering; `answered` always follows, once (an error and a stop included)."""
        if self._asked is not None:
            raise RuntimeError("the prompt helper answers one question at a time")
        self._asked, self._answer, self._started_at = (task, text, family), [], time.monotonic()
        self._question += 1
        self._cancel = threading.Event()  # the previous question's worker keeps its own, set
        self._idle.stop()
        if self._serving == (model, place.on_card) and self._process is not None and self._ready:
            self._start_worker(ask_now)
            return
        self._stop_server()
        program = self._program or find_helper_program()
        problem = unrunnable_reason(program, "the prompt helper's program")
        if problem:
            said.warning(problem)  # the path, for the app's log; the box has room for one short sentence
            self._end(error=self._unrunnable_words(program))
            return
        self._starting = (program, model, place, environment, threads)
        if program in self._caps:
            self._start_server()
        else:
            self.status.emit(translate("PromptHelper", "asking the prompt helper's program what it offers"))
            self._probe.start([str(program), "--help"])

    @staticmethod
    def _unrunnable_words(program: Path) -> str:
        """Why the prompt helper cannot start its program, and what to do, in one short sentence."""
        if not can_build_here():
            return translate("PromptHelper", "The prompt helper's program is missing or damaged: install Polaris "
                                             "Studio again.")
        if not program.exists():  # the first set-up builds only the programs that draw (scripts/setup.sh)
            return translate("PromptHelper", "The prompt helper's program is not built yet: Models > Drawing "
                                             "engine > Build the engine makes it (a few minutes).")
        return translate("PromptHelper", "The prompt helper's program is missing or damaged: build the drawing "
                                         "engine again (Models > Drawing engine > Build the engine).")

    def _on_probed(self, result: ToolResult) -> None:
        if self._starting is None or self._asked is None:
            return
        program = self._starting[0]
        if result.exit_code is None:
            self._starting = None
            self._end(error=translate("PromptHelper", "the prompt helper's program could not run: {why}").format(
                why=result.error))
            return
        self._caps[program] = parse_llama_help(result.stdout + result.stderr)
        self._start_server()

    def _start_server(self) -> None:
        assert self._starting is not None
        program, model, place, environment, threads = self._starting
        self._starting = None
        missing = missing_flags(self._caps[program])
        if missing:
            self._end(error=translate("PromptHelper", "{program} is not the llama-server this app needs (it lacks "
                                                      "{flags})").format(program=program.name,
                                                                         flags=", ".join(missing)))
            return
        self._port = _free_port()
        self._key = secrets.token_urlsafe(24)
        self._serving, self._ready = (model, place.on_card), False
        self._output.clear()
        process = contained_process(self)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        process.readyReadStandardOutput.connect(self._on_output)
        process.finished.connect(self._on_process_finished)
        process.errorOccurred.connect(self._on_process_error)
        self._process = process
        start_contained(process, server_argv(program, model, self._port, place, threads, path_for_backend),
                        server_environment(environment, self._key))
        self._start_worker(wait_then_ask)
        # last: a listener may stop it right away
        self.status.emit(translate("PromptHelper", "loading the text model: {place}").format(place=place.why))

    def cancel(self) -> None:
        """Stop the answer now; the model stays loaded (a stop during loading stops the server too)."""
        if self._asked is None:
            return
        self._cancel.set()
        if self._starting is not None:  # still asking --help: nothing runs yet
            self._starting = None
            self._end()
        elif not self._ready:
            self._stop_server()
            self._end()

    def release_card(self) -> bool:
        """A picture needs the card: stop a server that holds it. True when it did (then `unloaded` follows)."""
        if not self.on_card:
            return False
        self.cancel()
        self._stop_server()
        return True

    def unload(self) -> None:
        self.cancel()
        self._stop_server()

    def stop_now(self) -> None:
        """Kill the server at once and reap it (the app is closing); a question in flight ends as stopped."""
        process = self._process
        self.cancel()
        if process is not None and process.state() is not QProcess.ProcessState.NotRunning:
            process.kill()
            process.waitForFinished(2000)  # a killed child ends at once; this only reaps it
        if self._worker is not None:
            # its server is gone and its question stopped: it ends at once. Joined, so that it never holds the last
            # reference to this object, which would then be destroyed on the worker's thread
            self._worker.join(5)

    # --- the worker thread: HTTP only, every result goes through _heard -----------------------------------------
    def _start_worker(self, target: Callable[[Errand], None]) -> None:
        assert self._asked is not None
        task, text, family = self._asked
        errand = Errand(self._question, self._port, self._key, chat_request(task, family, text), self._cancel,
                         lambda event: self._heard.emit(errand.question, event))
        self._worker = threading.Thread(target=target, args=(errand,), daemon=True, name="prompt helper")
        self._worker.start()

    # --- back on the GUI thread ------------------------------------------------------------------------------
    def _on_heard(self, question: int, event: object) -> None:
        if self._asked is None or question != self._question:
            return
        if event == "ready":
            self._ready = True
        elif isinstance(event, str):
            self.status.emit(event)
        elif isinstance(event, Words):
            # words the worker read before it heard Stop are still queued here: after Stop none is shown (a slow
            # machine showed the whole answer after it)
            if not self._cancel.is_set():
                self._answer.append(event.text)
                self.words.emit(event.text)
        elif isinstance(event, AnswerFailed):
            self._end(error=translate("PromptHelper", "the prompt helper could not answer: {why}").format(
                why=event.message))
        elif isinstance(event, AnswerEnded):
            self._end(speed=event.tokens_per_second)

    def _end(self, error: str | None = None, speed: float | None = None) -> None:
        assert self._asked is not None
        task, original, _ = self._asked
        self._asked = None
        cancelled = self._cancel.is_set() and error is None
        text = None if error or cancelled else suggestion("".join(self._answer), original)
        if text == "" and error is None and not cancelled:
            error = translate("PromptHelper", "the prompt helper gave an empty answer; try again")
            text = None
        self.answered.emit(HelperAnswer(task, original, text, error, cancelled, speed,
                                        time.monotonic() - self._started_at))
        if self._process is not None:
            self._idle.start()

    def _on_output(self) -> None:
        process = self.sender()  # a server being stopped says its last words too
        if not isinstance(process, QProcess):
            return
        text = bytes(process.readAllStandardOutput().data()).decode("utf-8", errors="replace")
        lines = [line for line in text.splitlines() if line.strip()]
        for line in lines:
            said.info(line)  # to the app's log (app/services/app_log.py)
        self._output.extend(lines)

    def _on_process_error(self, error: QProcess.ProcessError) -> None:
        if error is QProcess.ProcessError.FailedToStart:
            self._gone(translate("PromptHelper", "the prompt helper's program could not start"))

    def _on_process_finished(self) -> None:
        self._gone(server_failure("\n".join(self._output)))

    def _gone(self, why: str) -> None:
        process, self._process = self._process, None
        self._serving, self._ready = None, False
        self._idle.stop()
        if process is not None:
            process.deleteLater()
        if self._asked is not None:
            if self._cancel.is_set():
                self._end()
            else:
                self._cancel.set()  # the worker gives up on a server that is gone
                self._end(error=why)
        self.unloaded.emit()

    def _stop_server(self) -> None:
        """Stop the running server; `unloaded` says when it has ended. Its last moments are its own: a new server
        may start meanwhile, and the old one's end is no longer this helper's news."""
        process = self._process
        if process is None:
            return
        self._process, self._serving, self._ready = None, None, False
        self._idle.stop()
        process.finished.disconnect(self._on_process_finished)
        process.errorOccurred.disconnect(self._on_process_error)
        if process.state() is QProcess.ProcessState.NotRunning:
            process.deleteLater()
            self.unloaded.emit()
            return
        process.finished.connect(self._on_stopped)
        process.terminate()
        QTimer.singleShot(STOP_GRACE_MS, process, process.kill)  # no call once the process object is gone

    def _on_stopped(self) -> None:
        process = self.sender()
        if isinstance(process, QProcess):
            process.deleteLater()
        self.unloaded.emit()


def _free_port() -> int:
    """A port nobody listens on now (the server binds it a moment later; a clash shows as its failure)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
