"""What a download may do and how it reports: allowed URLs, progress, and failures in the user's words."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from app.core.models.catalog import CatalogFile

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class DownloadError(Exception):
    """Why a file could not be fetched, and what to do, in the user's words."""

    def __init__(self, message: str, *, try_mirror: bool = False) -> None:
        super().__init__(message)
        self.try_mirror = try_mirror  # the fault is this server's: another URL for the same bytes may work


class DownloadCancelled(DownloadError):
    pass


TRANSIENT_STATUS = frozenset({429, 500, 502, 503, 504})


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


@dataclass(frozen=True)
class PresetProgress:
    file: CatalogFile
    index: int  # which file of the preset, from 0
    count: int
    file_progress: DownloadProgress
    overall_done: int
    overall_total: int
    checking: bool = False  # hashing a file already in the folder, not downloading it

    @property
    def eta_seconds(self) -> float | None:
        """Time left for the whole preset at the current speed (None while checking or before a speed)."""
        speed = self.file_progress.bytes_per_s
        if self.checking or speed <= 0 or not self.overall_total:
            return None
        return max(self.overall_total - self.overall_done, 0) / speed


def check_url(url: str, allowed_hosts: frozenset[str]) -> None:
    """Only https, only allowed hosts; plain http only to this machine (local mirrors and tests)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.scheme != "https" and not (parts.scheme == "http" and host in LOOPBACK):
        raise DownloadError(f"refused {url}: downloads must use https", try_mirror=True)
    if host not in allowed_hosts:
        raise DownloadError(f"refused {url}: {host} is not a known model host", try_mirror=True)
