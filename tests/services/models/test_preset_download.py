"""Preset downloads and the backend install against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import hashlib
import shutil
import sys
import zipfile
from collections import namedtuple
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.models.catalog import FileStatus, file_status, load_catalog, read_ledger
from app.core.models.downloads import DownloadCancelled, DownloadError, PresetProgress
from app.services.models import downloader
from app.services.models.backend_manager import BackendInstall
from app.services.models.downloader import download_preset
from app.services.models.model_manager import PresetDownload
from app.services.system.backend import find_backend, installed_backend_dir, mark_installed
from tests.helpers.file_server import Served, file_server
from tests.helpers.local_catalog import PRESET, preset_files, served, write_catalog
from tests.helpers.shader_cache import BUILD_CACHE_HOME

pytestmark = pytest.mark.windows


@pytest.fixture(autouse=True)
def no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(downloader, "BACKOFF_S", 0.01)


def test_a_preset_downloads_file_after_file_with_one_overall_progress(tmp_path: Path) -> None:
    files = preset_files()
    total = sum(len(data) for _, data, _ in files.values())
    seen: list[PresetProgress] = []
    with file_server(Served(files=served(files))) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        download_preset(catalog.presets[PRESET], tmp_path / "models", catalog.hosts, seen.append)
    overall = [step.overall_done for step in seen]
    assert overall == sorted(overall) and overall[-1] == total and seen[-1].overall_total == total
    assert [step.index for step in seen] == sorted(step.index for step in seen)
    assert {step.file.name for step in seen} == {name for name, _, _ in files.values()}
    ledger = read_ledger(tmp_path / "models")
    for name, data, published in files.values():
        assert (tmp_path / "models" / name).read_bytes() == data
        assert ledger[name] == {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data), "verified": published}
    statuses = [file_status(tmp_path / "models", f, ledger) for f in catalog.presets[PRESET].files]
    assert statuses == [FileStatus.UNVERIFIED, FileStatus.INSTALLED]  # no published hash for the first


def test_a_dead_mirror_falls_through_to_the_next_url(tmp_path: Path) -> None:
    files = preset_files(50_000)
    server = Served(files=served(files))
    with file_server(server) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files,
                                mirrors={"local-ae.safetensors": f"{base}/gone/local-ae.safetensors"})
        download_preset(catalog.presets[PRESET], tmp_path, catalog.hosts)
    assert ("/gone/local-ae.safetensors", None) in server.requests
    assert (tmp_path / "local-ae.safetensors").read_bytes() == files["vae"][1]


def test_a_file_already_there_is_hashed_once_and_a_wrong_one_is_named_and_kept(tmp_path: Path) -> None:
    files = preset_files(50_000)
    server = Served(files=served(files))
    (tmp_path / "local-ae.safetensors").write_bytes(files["vae"][1])  # the user copied it in by hand
    with file_server(server) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        checking: list[bool] = []
        download_preset(catalog.presets[PRESET], tmp_path, catalog.hosts, lambda p: checking.append(p.checking))
        assert True in checking and False in checking
        assert [path for path, _ in server.requests] == ["/local-diffusion.gguf"]  # the VAE was not fetched
        (tmp_path / "local-ae.safetensors").write_bytes(b"something else")
        (tmp_path / "downloads.json").unlink()  # as if the ledger were lost: it is hashed again
        with pytest.raises(DownloadError, match=r"is not the published local-ae\.safetensors"):
            download_preset(catalog.presets[PRESET], tmp_path, catalog.hosts)
    assert (tmp_path / "local-ae.safetensors").read_bytes() == b"something else"  # the user's file is kept


def test_preset_download_service_cancels_and_resumes(qtbot: QtBot, tmp_path: Path) -> None:
    files = preset_files(1_500_000)
    server = Served(files=served(files), pause_s=0.01)
    service = PresetDownload()
    with file_server(server) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        with qtbot.waitSignal(service.progress, timeout=10_000):
            service.start(catalog.presets[PRESET], tmp_path, catalog.hosts)
        with qtbot.waitSignal(service.finished, timeout=10_000) as stopped:
            service.cancel()
        assert isinstance(stopped.args[1], DownloadCancelled)
        part = tmp_path / "local-diffusion.gguf.part"
        assert 0 < part.stat().st_size < len(files["diffusion_model"][1])
        kept = part.stat().st_size
        server.pause_s = 0
        resumed = PresetDownload()  # a new one, as after a restart: it resumes from the .part on disk
        with qtbot.waitSignal(resumed.finished, timeout=20_000) as done:
            resumed.start(catalog.presets[PRESET], tmp_path, catalog.hosts)
    assert done.args[1] is None
    assert f"bytes={kept}-" in [r for _, r in server.requests]
    assert (tmp_path / "local-diffusion.gguf").read_bytes() == files["diffusion_model"][1]


def test_the_windows_release_installs_from_a_served_zip(qtbot: QtBot, tmp_path: Path) -> None:
    archive = tmp_path / "release.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("sd-cli.exe", b"MZ program")
        bundle.writestr("ggml-vulkan.dll", b"library")
    with file_server(Served(files={"/sd-test-bin-win-vulkan-x64.zip": archive.read_bytes()})) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, preset_files(10))
        install = BackendInstall()
        percents: list[int] = []
        install.progress.connect(lambda percent, _: percents.append(percent))
        with qtbot.waitSignal(install.finished, timeout=20_000) as finished:
            install.install_release(catalog.windows_backend, "master-1-test", catalog.hosts, tmp_path / "backend")
    assert finished.args == [None]
    assert sorted(p.name for p in (tmp_path / "backend").iterdir()) == ["ggml-vulkan.dll", "installed-version.txt",
                                                                       "sd-cli.exe"]
    assert (tmp_path / "backend" / "installed-version.txt").read_text(encoding="utf-8") == "master-1-test"
    assert percents[-1] == 100


def test_a_release_from_an_unknown_host_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path / "catalog.json", "https://evil.example", preset_files(10))
    install = BackendInstall()
    with qtbot.waitSignal(install.finished, timeout=10_000) as finished:
        install.install_release(catalog.windows_backend, "master-1-test", catalog.hosts, tmp_path / "backend")
    assert "evil.example is not a known model host" in finished.args[0]
    assert not (tmp_path / "backend").exists()


def test_a_preset_that_cannot_fit_is_refused_before_the_first_byte(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    files = preset_files(1_000_000)
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda _: usage(10**9, 10**9 - 1_200_000, 1_200_000))
    server = Served(files=served(files))
    with file_server(server) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        with pytest.raises(DownloadError, match=r"Local Flux needs 1\.4 MiB more in .* has 1\.1 MiB free: free"):
            download_preset(catalog.presets[PRESET], tmp_path, catalog.hosts)
    assert server.requests == []


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux route: our build runs on Linux only (the Windows "
                    "backend comes with the app, cross-built on Linux)")
def test_the_linux_route_runs_our_build_and_streams_its_lines(qtbot: QtBot, sd_cli: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(BUILD_CACHE_HOME))  # the cache setup.sh filled: seconds, not minutes
    install = BackendInstall()
    lines: list[str] = []
    install.progress.connect(lambda _, text: lines.append(text))
    with qtbot.waitSignal(install.finished, timeout=120_000) as finished:
        install.build()
    assert finished.args == [None], lines
    assert any(line.startswith("[backend build] cache is warm") for line in lines)
    assert lines[-1] == f"[backend build] ready: {sd_cli}"  # one build makes sd-cli and the prompt helper's server


@pytest.mark.backend
def test_an_installed_release_is_used_only_while_it_is_the_pinned_one(sd_cli: Path) -> None:
    folder = installed_backend_dir()
    folder.mkdir(parents=True)
    shutil.copy(sd_cli, folder / sd_cli.name)
    mark_installed(folder, load_catalog().backend_version)
    assert find_backend() == folder / sd_cli.name  # the user installed it (say, to repair the bundle's)
    mark_installed(folder, "master-1-older")  # then the app was updated: its newer bundled backend wins
    assert find_backend() == sd_cli
