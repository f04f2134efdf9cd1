"""The downloader against a real HTTP server on 127.0.0.1 (no outside network)."""

from __future__ import annotations

import hashlib
import shutil
import threading
from collections import namedtuple
from pathlib import Path

import pytest

from app.core.models.catalog import CatalogFile
from app.core.models.downloads import DownloadCancelled, DownloadError, DownloadProgress
from app.services.models import downloader
from app.services.models.downloader import download_file, part_words
from tests.helpers.file_server import Served, file_server
from tests.helpers.local_catalog import preset_files

HOSTS = frozenset({"127.0.0.1"})
DATA = bytes(range(256)) * 12_000  # 3 MB: several chunks
SHA = hashlib.sha256(DATA).hexdigest()


@pytest.fixture(autouse=True)
def no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(downloader, "BACKOFF_S", 0.01)


def fetch(base: str, target: Path, path: str = "/model.gguf", **kwargs) -> str:
    return download_file(base + path, target, sha256=kwargs.pop("sha256", SHA), size=len(DATA),
                         allowed_hosts=HOSTS, **kwargs)


def test_a_full_download_with_progress(tmp_path: Path) -> None:
    served = Served(files={"/model.gguf": DATA})
    seen: list[DownloadProgress] = []
    with file_server(served) as base:
        assert fetch(base, tmp_path / "model.gguf", progress=seen.append) == SHA
    assert (tmp_path / "model.gguf").read_bytes() == DATA
    assert seen[-1].done == seen[-1].total == len(DATA) and seen[-1].bytes_per_s > 0
    assert [p.done for p in seen] == sorted(p.done for p in seen)
    assert sorted(tmp_path.glob("model.gguf*")) == [tmp_path / "model.gguf"]  # no .part or state left


def test_a_dropped_connection_resumes_from_the_byte_reached(tmp_path: Path) -> None:
    served = Served(files={"/model.gguf": DATA}, drop_after={"/model.gguf": 1_000_000})
    with file_server(served) as base:
        assert fetch(base, tmp_path / "model.gguf") == SHA
    assert (tmp_path / "model.gguf").read_bytes() == DATA
    ranges = [r for _, r in served.requests]
    assert ranges[0] is None and ranges[1] is not None and ranges[1].startswith("bytes=")
    assert 0 < int(ranges[1].removeprefix("bytes=").rstrip("-")) <= 1_000_000


def test_a_server_that_ignores_range_restarts_safely(tmp_path: Path) -> None:
    served = Served(files={"/model.gguf": DATA}, drop_after={"/model.gguf": 500_000}, ignore_range={"/model.gguf"})
    with file_server(served) as base:
        assert fetch(base, tmp_path / "model.gguf") == SHA
    assert (tmp_path / "model.gguf").read_bytes() == DATA


def test_a_changed_file_restarts_instead_of_splicing(tmp_path: Path) -> None:
    new = bytes(reversed(DATA))
    served = Served(files={"/model.gguf": DATA}, drop_after={"/model.gguf": 700_000})
    cancel = threading.Event()
    with file_server(served) as base:
        with pytest.raises(DownloadError):
            download_file(base + "/model.gguf", tmp_path / "model.gguf", sha256=None, size=len(DATA),
                          allowed_hosts=HOSTS, client=_one_try_client())
        served.files["/model.gguf"], served.etags["/model.gguf"] = new, '"v2"'
        digest = fetch(base, tmp_path / "model.gguf", sha256=hashlib.sha256(new).hexdigest(), cancel=cancel)
    assert digest == hashlib.sha256(new).hexdigest()
    assert (tmp_path / "model.gguf").read_bytes() == new


def test_a_wrong_hash_rejects_the_file_and_removes_the_part(tmp_path: Path) -> None:
    served = Served(files={"/model.gguf": DATA})
    with file_server(served) as base, pytest.raises(DownloadError, match="arrived damaged"):
        fetch(base, tmp_path / "model.gguf", sha256="0" * 64)
    assert list(tmp_path.glob("model.gguf*")) == []


def test_missing_file_and_refused_redirect(tmp_path: Path) -> None:
    served = Served(redirects={"/moved.gguf": "https://evil.example/model.gguf"})
    with file_server(served) as base:
        with pytest.raises(DownloadError, match="is not on the server any more"):
            fetch(base, tmp_path / "a.gguf", path="/gone.gguf")
        with pytest.raises(DownloadError, match=r"evil\.example is not a known model host"):
            fetch(base, tmp_path / "b.gguf", path="/moved.gguf")
    with pytest.raises(DownloadError, match="must use https"):
        download_file("http://huggingface.co/x.gguf", tmp_path / "c.gguf", sha256=None, size=1,
                      allowed_hosts=frozenset({"huggingface.co"}))


def test_not_enough_disk_space_is_said_before_starting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda _: usage(10**9, 10**9 - 1000, 1000))
    with pytest.raises(DownloadError, match="not enough free space"):
        download_file("http://127.0.0.1:9/model.gguf", tmp_path / "model.gguf", sha256=None, size=len(DATA),
                      allowed_hosts=HOSTS)


def test_cancel_then_resume_with_a_new_downloader(tmp_path: Path) -> None:
    served = Served(files={"/model.gguf": DATA})
    cancel = threading.Event()

    def stop_after_first_megabyte(progress: DownloadProgress) -> None:
        if progress.done >= 1_000_000:
            cancel.set()

    with file_server(served) as base:
        with pytest.raises(DownloadCancelled, match="resumes from"):
            fetch(base, tmp_path / "model.gguf", progress=stop_after_first_megabyte, cancel=cancel)
        part = tmp_path / "model.gguf.part"
        kept = part.stat().st_size
        assert kept >= 1_000_000 and not (tmp_path / "model.gguf").exists()
        assert fetch(base, tmp_path / "model.gguf") == SHA  # as after an app restart: state is on disk
    assert served.requests[-1][1] == f"bytes={kept}-"
    assert (tmp_path / "model.gguf").read_bytes() == DATA


def _one_try_client():
    import httpx

    class OneTry(httpx.Client):
        calls = 0

        def stream(self, *args, **kwargs):
            OneTry.calls += 1
            if OneTry.calls > 1:
                raise httpx.ConnectError("the test allows one try")
            return super().stream(*args, **kwargs)

    return OneTry(timeout=10)


def test_a_busy_server_is_tried_again_after_a_pause(tmp_path: Path) -> None:
    served = Served(files={"/model.gguf": DATA}, busy={"/model.gguf": 2})
    with file_server(served) as base:
        assert fetch(base, tmp_path / "model.gguf") == SHA
        served.busy["/model.gguf"] = downloader.RETRIES + 1  # busy for longer than we wait
        with pytest.raises(DownloadError, match="the server kept answering 503"):
            fetch(base, tmp_path / "other.gguf", path="/model.gguf")
    assert [path for path, _ in served.requests].count("/model.gguf") == 3 + downloader.RETRIES + 1


def test_offline_it_says_so_in_words_at_once(tmp_path: Path) -> None:
    # .invalid never resolves (RFC 6761), as no name does on a computer without a network
    with pytest.raises(DownloadError) as raised:
        download_file("https://polaris.invalid/model.gguf", tmp_path / "model.gguf", sha256=SHA, size=len(DATA),
                      allowed_hosts=frozenset({"polaris.invalid"}), what="the T5-XXL file")
    # the part in words (the model's name goes before it, in the window and the CLI), not the file's name
    assert str(raised.value) == ("this computer seems to be offline (the server's name could not be found) while "
                                 "fetching the T5-XXL file; check the connection, then try again: the download goes "
                                 "on from where it stopped")
    assert "Errno" not in str(raised.value) and raised.value.try_mirror


def test_a_models_files_are_named_by_their_part() -> None:
    files = preset_files(10)
    catalog = [CatalogFile(slot, name, ("https://huggingface.co/x",), 10, None, "", "")
               for slot, (name, _, _) in files.items()]
    assert [part_words(file, 2) for file in catalog] == ["the diffusion model file", "the VAE file"]
    assert part_words(catalog[0], 1) == "the model file"
