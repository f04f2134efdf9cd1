"""The HTTP front end: A1111's `/sdapi/v1/*` (a1111.py) and OpenAI's `/v1/images/*` (openai.py) over the studio's
own queue, and what they share (serving.py).

FastAPI (request schemas, validation, the OpenAPI page at /docs) on uvicorn, in a thread of its own: the studio and
its queue stay on Qt's thread and are reached through `ApiDesk.call`. Every picture goes through the queue, its
planner and its picture check, shows in the window's queue with the client's address, and lands in the gallery.

Safe by default: loopback only; open to the network only with a password (`--api-auth USER:PASSWORD`) or a key
(`--api-key`); bodies and pictures capped; models by their titles, never a path; a bound on the pictures each
client may have waiting; no CORS unless allowed. A bad request is refused before anything is queued.
"""

from __future__ import annotations

import base64
import hmac
import logging
import shutil
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse

from app import __version__
from app.api import a1111, openai
from app.api.fields import Refused
from app.api.serving import MAX_BODY_BYTES, Serving, TooManyWaiting, serving_of
from app.core.generation.request import InvalidRequest
from app.core.queue.nodes import JOB_KEY_HEADER
from app.services.api_desk import ApiDesk, PortInUse, ServerOptions, ServerRefused, StudioClosed

__all__ = ["ApiServer", "make_app"]

log = logging.getLogger(__name__)
STARTING_SECONDS = 20  # uvicorn starts in milliseconds; a loaded PC under Wine may take seconds


def make_app(serving: Serving) -> FastAPI:
    """The A1111 and OpenAI routers over what they share (`serving`, their dependency)."""
    # max_body_size: FastAPI's own cap, by Content-Length or counted as a chunked body arrives (413)
    app = FastAPI(title="Polaris Studio", version=__version__, max_body_size=MAX_BODY_BYTES,
                  description="A1111- and OpenAI-compatible picture API over Polaris Studio's queue")
    app.state.serving = serving
    app.middleware("http")(_guard)
    app.exception_handler(Refused)(_answer_refused)
    app.exception_handler(StudioClosed)(_answer_closed)
    app.exception_handler(InvalidRequest)(_answer_invalid)
    app.exception_handler(RequestValidationError)(_answer_unreadable)
    app.include_router(a1111.router)
    app.include_router(openai.router)
    if serving.options.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(serving.options.cors_origins), allow_methods=["*"],
                           allow_headers=["*"], allow_credentials=False)
    return app


async def _guard(request: Request, call_next: Callable[[Request], Awaitable[Any]]) -> Any:
    """Every call: refused without the server's password or key; another Polaris Studio's job key echoed."""
    options = (await serving_of(request)).options
    if not _authorised(request, options):
        headers = {"WWW-Authenticate": 'Basic realm="Polaris Studio"'} if options.auth else {}
        return JSONResponse({"error": "unauthorised", "detail": "this server needs its password or key"},
                            401, headers)
    response = await call_next(request)
    key = request.headers.get(JOB_KEY_HEADER)
    if key is not None:
        # says to another Polaris Studio that this server knows its job keys: it may ask again after a drop
        response.headers[JOB_KEY_HEADER] = key
    return response


async def _answer_refused(request: Request, error: Refused) -> JSONResponse:
    return _refused(request, error)


async def _answer_closed(request: Request, error: StudioClosed) -> JSONResponse:
    return JSONResponse({"error": "closing", "detail": str(error)}, 503)


async def _answer_invalid(request: Request, error: InvalidRequest) -> JSONResponse:
    return _refused(request, Refused("request", str(error)))


async def _answer_unreadable(request: Request, error: RequestValidationError) -> JSONResponse:
    return _refused(request, _unreadable(error))


# FastAPI's own checks of a body or a query, in our words
_UNREADABLE_WORDS = {"json_invalid": "is not valid JSON", "dict_type": "must be a JSON object ({...})",
                     "missing": "is missing", "bool_parsing": "must be true or false"}


def _unreadable(error: RequestValidationError) -> Refused:
    first = error.errors()[0]
    where = [str(part) for part in first.get("loc", ()) if part not in ("body", "query") and not isinstance(part, int)]
    return Refused(".".join(where) or "body", _UNREADABLE_WORDS.get(first.get("type"), "is not what this server reads"))


def _authorised(request: Request, options: ServerOptions) -> bool:
    if options.auth is None and not options.key:
        return True
    given = request.headers.get("authorization", "")
    scheme, _, credentials = given.partition(" ")
    if scheme.lower() == "bearer" and options.key:
        return hmac.compare_digest(credentials.encode(), options.key.encode())
    if scheme.lower() == "basic" and options.auth is not None:
        try:
            user, _, password = base64.b64decode(credentials).decode().partition(":")
        except (ValueError, UnicodeDecodeError):
            return False
        return hmac.compare_digest(f"{user}:{password}".encode(), ":".join(options.auth).encode())
    return False


def _refused(request: Request, error: Refused) -> JSONResponse:
    if request.url.path.startswith("/v1/"):
        return JSONResponse({"error": {"message": str(error), "type": "invalid_request_error", "param": error.field,
                                       "code": None}}, 429 if isinstance(error, TooManyWaiting) else 400)
    status = 429 if isinstance(error, TooManyWaiting) else 422
    return JSONResponse({"error": "refused", "field": error.field, "detail": error.message, "errors": str(error)},
                        status)


class ApiServer:
    """The server on its own thread: `start()` binds the port (a port in use is said at once) and serves until
    `stop()`. `address` is what clients connect to."""

    def __init__(self, desk: ApiDesk, options: ServerOptions) -> None:
        options.check()
        self.options = options
        self.desk = desk
        self._serving = Serving(desk, options)
        self._app = make_app(self._serving)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._failure: str | None = None
        self.address = ""
        self.port = 0

    def start(self) -> str:
        """Bind the port and serve from a thread of its own; returns once the server answers. A port in use, or a
        server that stops at its start, raises ServerRefused (the port is let go again)."""
        # log_config=None: uvicorn's own logging configuration writes to the console, which the installed Windows
        # program (PyInstaller's windowed build) does not have: sys.stdout is None there, and configuring it failed
        # ("Unable to configure formatter 'default'"). Its loggers reach the app's log instead (app_log.py).
        config = uvicorn.Config(self._app, log_level="warning", access_log=False, log_config=None,
                                timeout_graceful_shutdown=2, lifespan="off")
        server = uvicorn.Server(config)
        family = socket.AF_INET6 if ":" in self.options.host else socket.AF_INET
        # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP, and each accepted one
        # takes the listening one's. Without it a kept-alive connection waits ~40 ms a request (Nagle's algorithm
        # meets the client's delayed ACK).
        listening = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows: no other program may take the port beside us
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listening.bind((self.options.host, self.options.port))
        except OSError as error:
            listening.close()
            raise PortInUse(f"Port {self.options.port} on {self.options.host} cannot be used (another program "
                                f"may have it): choose another with --port.") from error
        listening.listen(128)
        port = listening.getsockname()[1]
        self._server = server
        self._thread = threading.Thread(target=self._serve, args=(server, listening), name="api-server", daemon=True)
        self._thread.start()
        self._wait_until_serving(server, self._thread)
        host = f"[{self.options.host}]" if ":" in self.options.host else self.options.host
        self.port = port
        self.address = f"http://{host}:{port}"
        return self.address

    def _serve(self, server: uvicorn.Server, listening: socket.socket) -> None:
        try:
            server.run(sockets=[listening])
        except BaseException as error:  # SystemExit too: uvicorn exits on a failed start; the thread ends either way
            self._failure = f"{type(error).__name__}: {error}"
            log.exception("the server for other apps stopped")
        finally:
            listening.close()  # the port is let go whatever happened: no port held with no one answering

    def _wait_until_serving(self, server: uvicorn.Server, thread: threading.Thread) -> None:
        """Until uvicorn says it serves (a few milliseconds), or its thread has ended: then say why."""
        deadline = time.monotonic() + STARTING_SECONDS
        while not server.started and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.005)
        if server.started:
            return
        server.should_exit = True
        thread.join(timeout=5)
        self.desk.close()
        raise ServerRefused(f"The server for other apps could not start ({self._failure or 'it did not answer'}).")

    def stop(self, wait: bool = True) -> None:
        """Stop answering: calls still waiting are answered as cut short (their pictures stay in the queue).
        `wait`: until the port is free again; else the server's thread lets go of it by itself a moment later."""
        self.desk.close()
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            if wait:
                self._thread.join(timeout=5)
        shutil.rmtree(self._serving.scratch, ignore_errors=True)
