"""`python -m app serve`: the A1111/OpenAI-compatible server without the window, on the same studio."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from app.api import DEFAULT_PORT, MAX_WAITING_PER_CLIENT
from app.services.commands import add_studio_arguments, add_wildcards_argument, hear_stop_signals, open_studio
from app.services.one_window import window_is_open
from app.services.user_dirs import current_user_dirs

if TYPE_CHECKING:
    from app.services.api_desk import ServerOptions


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port to answer on (default {DEFAULT_PORT}, A1111's; 0: any free one)")
    parser.add_argument("--listen", action="store_true",
                        help="answer other computers too (all network addresses); needs --api-auth or --api-key")
    parser.add_argument("--host", help="the address to answer on (default 127.0.0.1, this computer only)")
    parser.add_argument("--api-auth", metavar="USER:PASSWORD", help="A1111's password for the API (HTTP basic)")
    parser.add_argument("--api-key", metavar="KEY", help="a key clients send as 'Authorization: Bearer KEY' "
                                                         "(OpenAI clients send their API key so)")
    parser.add_argument("--cors-allow-origins", nargs="+", default=[], metavar="ORIGIN",
                        help="web pages (e.g. http://localhost:8080) allowed to call the API from a browser")
    parser.add_argument("--max-waiting", type=int, default=MAX_WAITING_PER_CLIENT,
                        help=f"pictures one client may have waiting (default {MAX_WAITING_PER_CLIENT})")
    # the window's own options, here after the command too
    parser.add_argument("--demo", action="store_true", default=argparse.SUPPRESS,
                        help="offer the offline demo model from scripts/setup.sh, and start on it")
    add_studio_arguments(parser)
    add_wildcards_argument(parser)


def server_options(args: argparse.Namespace) -> ServerOptions:
    from app.services.api_desk import ServerOptions, ServerRefused

    auth = None
    if args.api_auth:
        user, separator, password = args.api_auth.partition(":")
        if not separator or not user or not password:
            raise ServerRefused("--api-auth takes USER:PASSWORD")
        auth = (user, password)
    host = args.host or ("0.0.0.0" if args.listen else "127.0.0.1")  # asked for, with a password
    return ServerOptions(host=host, port=args.port, auth=auth, key=args.api_key,
                         cors_origins=tuple(args.cors_allow_origins), max_waiting=args.max_waiting,
                         demo=bool(getattr(args, "demo", False)))


def run_serve(args: argparse.Namespace) -> int:
    try:
        from app.api.server import ApiServer
        from app.services.api_desk import ServerRefused
    except ImportError as error:  # a damaged install (or Wine 8, where pydantic's compiled core cannot load)
        print(f"error: the server's parts could not be loaded ({error}): reinstall the app", file=sys.stderr)
        return 2
    from app.services.api_desk import ApiDesk

    try:
        options = server_options(args)
        options.check()
    except ServerRefused as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if window_is_open(current_user_dirs().window_lock):
        # the window owns this data folder's queue: a second queue beside it would draw on the same card at the same
        # time, and the window already serves other apps from its own queue when asked
        print(f"error: the window of Polaris Studio is open on this data folder ({current_user_dirs().data}). Tick "
              "“Let other apps use this PC” in the window instead: other apps then draw through the window's own "
              "queue. Or close the window first.", file=sys.stderr)
        return 2
    studio = open_studio(args)
    desk = ApiDesk(studio)
    server = ApiServer(desk, options)
    try:
        address = server.start()
    except ServerRefused as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    app = QCoreApplication.instance()
    assert app is not None  # open_studio made it
    print(f"Polaris Studio answers A1111 and OpenAI clients at {address} (pictures go to {studio.out_dir}; the API's "
          f"own page: {address}/docs). Ctrl+C stops.", flush=True)

    def on_stop_signal(_signum: int, _frame: object) -> None:
        app.quit()

    wake = hear_stop_signals(on_stop_signal)
    app.exec()
    wake.stop()
    server.stop()
    studio.stop_now()
    print("stopped", file=sys.stderr, flush=True)
    return 0
