"""The HTTP side of one question to the prompt helper's llama-server, on a worker thread of its own: wait for the
text model to load, then ask, and read the answer as it streams. Everything it learns goes through the errand's
`tell` (a queued signal of the PromptHelper's), never to a widget."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from app.core.prompt_helper.chat import AnswerEnded, AnswerFailed, AnswerStream
from app.core.words import translate

# a 2.5 GB model read from a hard disk on an old PC: a minute and more
LOAD_TIMEOUT_S = 300.0


@dataclass(frozen=True)
class Errand:
    """What the worker thread needs for one question, and how it reports (`tell`, a queued signal)."""

    question: int
    port: int
    key: str
    body: dict[str, object]
    cancel: threading.Event
    tell: Callable[[object], None]

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def wait_then_ask(errand: Errand) -> None:
    """The server was just started: ask once it answers /health (the model loaded), unless it never does."""
    deadline = time.monotonic() + LOAD_TIMEOUT_S
    with httpx.Client(timeout=5.0) as client:
        while not errand.cancel.is_set():
            try:
                if client.get(f"{errand.address}/health").status_code == 200:
                    errand.tell("ready")
                    ask(client, errand)
                    return
            except httpx.TransportError:
                pass  # not listening yet
            if time.monotonic() > deadline:
                errand.tell(AnswerFailed(translate("PromptHelper", "the text model took too long to load")))
                return
            time.sleep(0.2)
    errand.tell(AnswerEnded())


def ask_now(errand: Errand) -> None:
    """The server has the model loaded already."""
    with httpx.Client(timeout=5.0) as client:
        ask(client, errand)


def ask(client: httpx.Client, errand: Errand) -> None:
    errand.tell(translate("PromptHelper", "writing…"))
    reader = AnswerStream()
    try:
        with client.stream("POST", f"{errand.address}/v1/chat/completions", json=errand.body,
                           headers={"Authorization": f"Bearer {errand.key}"},
                           timeout=httpx.Timeout(5.0, read=120.0)) as response:
            if response.status_code != 200:
                response.read()
                errand.tell(AnswerFailed(_error_text(response)))
                return
            for data in response.iter_raw():
                if errand.cancel.is_set():
                    break  # closing the connection stops llama-server's generation
                for event in reader.feed(data):
                    errand.tell(event)
                    if isinstance(event, AnswerEnded | AnswerFailed):
                        return
    except httpx.HTTPError as error:
        if not errand.cancel.is_set():
            errand.tell(AnswerFailed(str(error)))
            return
    errand.tell(AnswerEnded())


def _error_text(response: httpx.Response) -> str:
    try:
        body = response.json()
        error = body.get("error", body) if isinstance(body, dict) else body
        message = error.get("message") if isinstance(error, dict) else error
        return str(message)
    except ValueError:
        return f"HTTP {response.status_code}"
