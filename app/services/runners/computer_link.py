"""HTTP calls to another computer's image server (its A1111 web API), on Qt's event loop: nothing blocks the
window. Its token and the job key go with each call; its faults are said in the user's words."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QUrl
from PySide6.QtNetwork import QNetworkAccessManager, QNetworkReply, QNetworkRequest

from app.core.queue.nodes import JOB_KEY_HEADER, RemoteComputer, error_in_answer
from app.core.words import translate

ASK_TIMEOUT_MS = 10_000  # a model list or a progress answer; a picture takes as long as it takes


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


class Call:
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

    def call(self, path: str, done: Callable[[Call], None], body: dict[str, Any] | None = None,
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
            call = Call(reply)
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
