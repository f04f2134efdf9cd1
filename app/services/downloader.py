"""Downloading model files: resumable, verified while streaming, only from allowed hosts.

`download_file` is synchronous (the Models window runs it on a worker thread, the CLI directly). It streams
to `<name>.part`, resumes with HTTP Range (validated with If-Range against the ETag it saw before), checks
sha256 as bytes arrive (re-reading what a resumed .part already holds), and renames into place only whole.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx

CHUNK = 1 << 20
RETRIES = 4
BACKOFF_S = 1.0
TIMEOUT = httpx.Timeout(30.0, connect=15.0)
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class DownloadError(Exception):
    """Why a file could not be fetched, and what to do, in the user's words."""


class DownloadCancelled(DownloadError):
    pass


@dataclass(frozen=True)
class DownloadProgress:
    done: int
    total: int | None
    bytes_per_s: float

    @property
    def eta_seconds(self) -> float | None:
        if not self.total or self.bytes_per_s <= 0:
            return None
        return (self.total - self.done) / self.bytes_per_s


def check_url(url: str, allowed_hosts: frozenset[str]) -> None:
    """Only https, only allowed hosts; plain http only to this machine (local mirrors and tests)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.scheme != "https" and not (parts.scheme == "http" and host in LOOPBACK):
        raise DownloadError(f"refused {url}: downloads must use https")
    if host not in allowed_hosts:
        raise DownloadError(f"refused {url}: {host} is not a known model host")


def _state_file(part: Path) -> Path:
    return part.with_name(part.name + ".json")


def _hash_of(path: Path) -> hashlib._Hash:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)
    return digest


def download_file(url: str, target: Path, *, sha256: str | None, size: int | None,
                  allowed_hosts: frozenset[str], progress: Callable[[DownloadProgress], None] | None = None,
                  cancel: threading.Event | None = None, client: httpx.Client | None = None) -> str:
    """Fetch `url` into `target`; returns the file's sha256. Raises DownloadError with the cause."""
    check_url(url, allowed_hosts)
    part = target.with_name(target.name + ".part")
    target.parent.mkdir(parents=True, exist_ok=True)
    needed = (size or 0) - (part.stat().st_size if part.exists() else 0)
    if shutil.disk_usage(target.parent).free < needed:
        raise DownloadError(f"not enough free space in {target.parent} for {target.name} "
                            f"({needed / 2**30:.1f} GiB needed): free some space or choose another folder")
    own_client = client is None
    client = client or httpx.Client(timeout=TIMEOUT, follow_redirects=False)
    try:
        for attempt in range(RETRIES + 1):
            try:
                return _attempt(client, url, target, part, sha256, allowed_hosts, progress, cancel)
            except (httpx.TransportError, httpx.RemoteProtocolError) as error:
                if attempt == RETRIES:
                    raise DownloadError(f"network error while fetching {target.name}: {error}; "
                                        "check the connection and try again (the download resumes)") from error
                time.sleep(BACKOFF_S * 2**attempt)
    finally:
        if own_client:
            client.close()
    raise AssertionError("unreachable")


def _attempt(client: httpx.Client, url: str, target: Path, part: Path, sha256: str | None,
             allowed_hosts: frozenset[str], progress: Callable[[DownloadProgress], None] | None,
             cancel: threading.Event | None) -> str:
    state = json.loads(_state_file(part).read_text()) if _state_file(part).exists() and part.exists() else {}
    have = part.stat().st_size if part.exists() and state.get("url") == url else 0
    headers = {}
    if have and state.get("etag"):
        headers = {"Range": f"bytes={have}-", "If-Range": state["etag"]}
    location, hops = url, 0
    while True:
        with client.stream("GET", location, headers=headers) as response:
            if response.is_redirect:
                hops += 1
                location = str(response.url.join(response.headers["location"]))
                check_url(location, allowed_hosts)  # a redirect off the allowlist is refused too
                if hops > 5:
                    raise DownloadError(f"too many redirects for {url}")
                continue
            if response.status_code == 404:
                raise DownloadError(f"{target.name} is not on the server any more (404): the catalog needs updating")
            if response.status_code not in (200, 206):
                raise DownloadError(f"the server answered {response.status_code} for {target.name}; try later")
            resumed = response.status_code == 206
            # a 200 to a Range request means a changed file (If-Range failed) or no Range support: start over
            digest = _hash_of(part) if resumed else hashlib.sha256()
            done = have if resumed else 0
            total = int(response.headers["content-length"]) + done if "content-length" in response.headers else None
            _state_file(part).write_text(json.dumps({"url": url, "etag": response.headers.get("etag")}))
            started, received = time.monotonic(), 0
            with part.open("ab" if resumed else "wb") as out:
                for block in response.iter_bytes():  # as it arrives: a dropped connection keeps what came
                    if cancel is not None and cancel.is_set():
                        raise DownloadCancelled(f"{target.name}: cancelled; it resumes from "
                                                f"{(done + received) / 2**20:.0f} MiB next time")
                    out.write(block)
                    digest.update(block)
                    received += len(block)
                    if progress:
                        elapsed = max(time.monotonic() - started, 1e-6)
                        progress(DownloadProgress(done + received, total, received / elapsed))
            break
    actual = digest.hexdigest()
    if sha256 and actual != sha256.lower():
        part.unlink(missing_ok=True)
        _state_file(part).unlink(missing_ok=True)
        raise DownloadError(f"{target.name} arrived damaged (sha256 {actual[:12]}… is not the published "
                            f"{sha256[:12]}…); it was deleted: download it again")
    part.replace(target)
    _state_file(part).unlink(missing_ok=True)
    return actual
