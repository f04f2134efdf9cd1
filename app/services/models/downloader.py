"""Downloading model files: resumable, verified while streaming, only from allowed hosts.

`download_file` is synchronous (the Models window runs it on a worker thread, the CLI directly). It streams
to `<name>.part`, resumes with HTTP Range (validated with If-Range against the ETag it saw before), checks
sha256 as bytes arrive (re-reading what a resumed .part already holds), and renames into place only whole.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from app.core.models.catalog import CatalogFile, Preset, ledger_entry, read_ledger, record_in_ledger
from app.core.models.downloads import (
    TRANSIENT_STATUS,
    DownloadCancelled,
    DownloadError,
    DownloadProgress,
    PresetProgress,
    check_url,
)
from app.core.models.families import SET_SLOTS, slot_words
from app.core.sizes import format_size
from app.core.words import translate

CHUNK = 1 << 20
RETRIES = 4
BACKOFF_S = 1.0
TIMEOUT = httpx.Timeout(30.0, connect=15.0)


class _Busy(Exception):
    """The server is overloaded or rate-limiting (429, 5xx): worth another try after a pause."""


def _offline(error: BaseException) -> bool:
    """The server's name could not be looked up (httpx wraps the resolver's socket.gaierror): no network, or none
    that reaches the internet."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, socket.gaierror):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def _connection_words(error: httpx.TransportError | _Busy) -> str:
    """A connection's fault in the user's words: httpx says "[Errno -2] Name or service not known"."""
    if _offline(error):
        return translate("Download", "this computer seems to be offline (the server's name could not be found)")
    if isinstance(error, httpx.TimeoutException):
        return translate("Download", "the server did not answer in time")
    if isinstance(error, httpx.ConnectError):
        return translate("Download", "the server could not be reached")
    return translate("Download", "the connection was cut")


def _size_of(path: Path) -> int:
    return path.stat().st_size if path.is_file() else 0


def _state_file(part: Path) -> Path:
    return part.with_name(part.name + ".json")


def _hash_of(path: Path, progress: Callable[[DownloadProgress], None] | None = None,
             cancel: threading.Event | None = None) -> hashlib._Hash:
    digest, done, total, started = hashlib.sha256(), 0, path.stat().st_size, time.monotonic()
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            if cancel is not None and cancel.is_set():
                raise DownloadCancelled(f"{path.name}: check cancelled")
            digest.update(block)
            done += len(block)
            if progress:
                progress(DownloadProgress(done, total, done / max(time.monotonic() - started, 1e-6)))
    return digest


def download_file(url: str, target: Path, *, sha256: str | None, size: int | None,
                  allowed_hosts: frozenset[str], progress: Callable[[DownloadProgress], None] | None = None,
                  cancel: threading.Event | None = None, client: httpx.Client | None = None,
                  what: str = "") -> str:
    """Fetch `url` into `target`; returns the file's sha256. Raises DownloadError with the cause, which names the
    file as `what` says it (a model's part in the user's words: "the T5-XXL file"), else by its name."""
    check_url(url, allowed_hosts)
    what = what or target.name
    part = target.with_name(target.name + ".part")
    target.parent.mkdir(parents=True, exist_ok=True)
    needed = (size or 0) - _size_of(part)
    if shutil.disk_usage(target.parent).free < needed:
        raise DownloadError(translate("Download", "not enough free space in {folder} for {file} ({size} needed): "
                                                  "free some space or choose another folder").format(
            folder=target.parent, file=target.name, size=format_size(needed)))
    own_client = client is None
    client = client or httpx.Client(timeout=TIMEOUT, follow_redirects=False)
    try:
        for attempt in range(RETRIES + 1):
            try:
                return _attempt(client, url, target, part, sha256, allowed_hosts, progress, cancel, what)
            except (httpx.TransportError, _Busy) as error:
                # offline, no name resolves: waiting helps no one, and the user has Try again
                if attempt == RETRIES or _offline(error):
                    cause = (translate("Download", "the server kept answering {error}").format(error=error)
                             if isinstance(error, _Busy) else _connection_words(error))
                    raise DownloadError(translate("Download", "{cause} while fetching {file}; check the connection, "
                                                              "then try again: the download goes on from where it "
                                                              "stopped").format(cause=cause, file=what),
                                        try_mirror=True) from error
                time.sleep(BACKOFF_S * 2**attempt)
    finally:
        if own_client:
            client.close()
    raise AssertionError("unreachable")


def _attempt(client: httpx.Client, url: str, target: Path, part: Path, sha256: str | None,
             allowed_hosts: frozenset[str], progress: Callable[[DownloadProgress], None] | None,
             cancel: threading.Event | None, what: str) -> str:
    state_file = _state_file(part)
    state = json.loads(state_file.read_text(encoding="utf-8")) if state_file.exists() and part.exists() else {}
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
                    raise DownloadError(translate("Download", "too many redirects for {address}").format(address=url))
                continue
            if response.status_code == 404:
                raise DownloadError(translate("Download", "{file} is not on the server any more: the catalog needs "
                                                          "updating; check for a newer Polaris Studio")
                                    .format(file=what), try_mirror=True)
            if response.status_code in TRANSIENT_STATUS:
                raise _Busy(response.status_code)
            if response.status_code not in (200, 206):
                raise DownloadError(translate("Download", "the server answered {status} for {file}; try later")
                                    .format(status=response.status_code, file=what), try_mirror=True)
            resumed = response.status_code == 206
            # a 200 to a Range request means a changed file (If-Range failed) or no Range support: start over
            digest = _hash_of(part) if resumed else hashlib.sha256()
            done = have if resumed else 0
            total = int(response.headers["content-length"]) + done if "content-length" in response.headers else None
            _state_file(part).write_text(json.dumps({"url": url, "etag": response.headers.get("etag")}),
                                         encoding="utf-8")
            started, received = time.monotonic(), 0
            try:
                with part.open("ab" if resumed else "wb") as out:
                    for block in response.iter_bytes():  # as it arrives: a dropped connection keeps what came
                        if cancel is not None and cancel.is_set():
                            raise DownloadCancelled(translate("Download", "{file}: cancelled; it resumes from "
                                                                          "{size} next time")
                                                    .format(file=what, size=format_size(done + received)))
                        out.write(block)
                        digest.update(block)
                        received += len(block)
                        if progress:
                            elapsed = max(time.monotonic() - started, 1e-6)
                            progress(DownloadProgress(done + received, total, received / elapsed))
            except OSError as error:  # disk full, folder gone, no permission: the network is not to blame
                raise DownloadError(translate("Download", "cannot write {file}: {error}; free some space or choose "
                                                          "another models folder, then download again (it resumes)")
                                    .format(file=part, error=error.strerror or error)) from error
            break
    actual = digest.hexdigest()
    if sha256 and actual != sha256.lower():
        part.unlink(missing_ok=True)
        _state_file(part).unlink(missing_ok=True)
        raise DownloadError(translate("Download", "{file} arrived damaged (it is not the published file); it was "
                                                  "deleted: download it again").format(file=what))
    part.replace(target)
    _state_file(part).unlink(missing_ok=True)
    return actual


def fetch_catalog_file(file: CatalogFile, folder: Path, allowed_hosts: frozenset[str],
                       progress: Callable[[DownloadProgress], None] | None = None,
                       cancel: threading.Event | None = None, client: httpx.Client | None = None,
                       what: str = "") -> str:
    """Download `file` into `folder` from its first URL that works (the others are mirrors); `what`: as
    download_file's."""
    for i, url in enumerate(file.urls):
        try:
            return download_file(url, folder / file.name, sha256=file.sha256, size=file.bytes,
                                 allowed_hosts=allowed_hosts, progress=progress, cancel=cancel, client=client,
                                 what=what)
        except DownloadError as error:
            if not error.try_mirror or i == len(file.urls) - 1:
                raise
    raise DownloadError(translate("Download", "the catalog lists no address for {file}").format(file=file.name))


def part_words(file: CatalogFile, files: int) -> str:
    """A model's file as its messages name it (the model's own name goes before them): "the model file" for a
    model of one file, else the part it is ("the T5-XXL file")."""
    if files == 1 or file.slot not in SET_SLOTS:
        return translate("Download", "the model file")
    part = slot_words(file.slot)
    part = part[:1].lower() + part[1:] if part[1:2].islower() else part  # "diffusion model", but "T5-XXL"
    return translate("Download", "the {part} file").format(part=part)


def download_preset(preset: Preset, models_dir: Path, allowed_hosts: frozenset[str],
                    progress: Callable[[PresetProgress], None] | None = None,
                    cancel: threading.Event | None = None, client: httpx.Client | None = None) -> None:
    """Fetch every file of `preset` that is not already there, one after the other, and record their hashes.

    A file already in the folder but never hashed (put there by hand, or the ledger was lost) is hashed now;
    if it is not the published file the download stops and says so, and the file is left alone.
    """
    models_dir.mkdir(parents=True, exist_ok=True)
    ledger = read_ledger(models_dir)
    overall_total = preset.total_bytes
    needed = sum((f.bytes or 0) - _size_of(models_dir / f"{f.name}.part") for f in preset.files
                 if not (models_dir / f.name).is_file())
    free = shutil.disk_usage(models_dir).free
    if free < needed:  # say so before the first byte, not 10 GB into the second file
        raise DownloadError(translate("Download", "{model} needs {size} more in {folder}, which has {free} free: "
                                                  "free some space or choose another models folder").format(
            model=preset.title, size=format_size(needed), folder=models_dir, free=format_size(free)))
    done_before = 0
    for index, file in enumerate(preset.files):
        target = models_dir / file.name

        def report(step: DownloadProgress, checking: bool, file: CatalogFile = file, index: int = index,
                   before: int = done_before) -> None:
            if progress:  # approximate sizes of unverified files must not push the bar past its end
                done = min(before + step.done, overall_total) if overall_total else before + step.done
                progress(PresetProgress(file, index, len(preset.files), step, done, overall_total, checking))

        if target.is_file():
            entry = ledger_entry(models_dir, file, ledger)
            digest = entry["sha256"] if entry else _hash_of(target, lambda p: report(p, True), cancel).hexdigest()
            if file.sha256 and digest != file.sha256:
                raise DownloadError(translate("Download", "{path} is not the published {file}: delete or move it, "
                                                          "then download again").format(path=target, file=file.name))
            if entry is None:
                record_in_ledger(models_dir, file.name, digest, target.stat().st_size, file.sha256 is not None)
        else:
            digest = fetch_catalog_file(file, models_dir, allowed_hosts, lambda p: report(p, False), cancel, client,
                                        part_words(file, len(preset.files)))
            record_in_ledger(models_dir, file.name, digest, target.stat().st_size, file.sha256 is not None)
        done_before += file.bytes or target.stat().st_size
