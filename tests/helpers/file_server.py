"""A real HTTP server on 127.0.0.1 for download tests: Range, ETag/If-Range, drops, redirects, 404."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Served:
    files: dict[str, bytes] = field(default_factory=dict)
    etags: dict[str, str] = field(default_factory=dict)
    drop_after: dict[str, int] = field(default_factory=dict)  # path -> bytes sent before hanging up, once
    ignore_range: set[str] = field(default_factory=set)
    redirects: dict[str, str] = field(default_factory=dict)
    busy: dict[str, int] = field(default_factory=dict)  # path -> how many 503s to answer before the file
    pause_s: float = 0.0  # sleep after each 64 KiB block: a slow line, so a test can watch and cancel
    requests: list[tuple[str, str | None]] = field(default_factory=list)  # (path, Range header)


def _handler(served: Served) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:  # keep test output clean
            pass

        def do_GET(self) -> None:
            served.requests.append((self.path, self.headers.get("Range")))
            if self.path in served.redirects:
                self.send_response(302)
                self.send_header("Location", served.redirects[self.path])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if served.busy.get(self.path, 0) > 0:
                served.busy[self.path] -= 1
                self.send_response(503)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if self.path not in served.files:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            data, etag = served.files[self.path], served.etags.get(self.path, '"v1"')
            start = 0
            wanted = self.headers.get("Range")
            if wanted and self.path not in served.ignore_range and self.headers.get("If-Range") in (None, etag):
                start = int(wanted.removeprefix("bytes=").split("-")[0])
            body = data[start:]
            self.send_response(206 if start else 200)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", str(len(body)))
            if start:
                self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
            self.end_headers()
            cut = served.drop_after.pop(self.path, None)
            if cut is not None:
                self.wfile.write(body[:cut])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)  # hang up mid-file
                return
            if not served.pause_s:
                self.wfile.write(body)
                return
            for start in range(0, len(body), 65536):
                try:
                    self.wfile.write(body[start:start + 65536])
                except (BrokenPipeError, ConnectionResetError):  # the client cancelled
                    return
                time.sleep(served.pause_s)

    return Handler


@contextmanager
def file_server(served: Served) -> Iterator[str]:
    """Serve on 127.0.0.1 on a free port; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(served))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
