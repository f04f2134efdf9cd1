"""installer/build.py's decisions, with the platform passed in: the Windows layout is checked on Linux."""

from __future__ import annotations

import ast
import zipfile
from pathlib import Path

import pytest

from installer.build import BuildError, backend_files, fetch_windows_backend, find_iscc, version_file_text
from tests.helpers.file_server import Served, file_server
from tests.helpers.local_catalog import write_catalog


def touch(folder: Path, *names: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_bytes(b"MZ")


def test_windows_carries_sd_cli_exe_and_every_dll_beside_it(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli.exe", "ggml.dll", "ggml-vulkan.dll", "stable-diffusion.dll", "sd-server.exe", "README.md")
    assert [p.name for p in backend_files(tmp_path, "win32")] == [
        "sd-cli.exe", "ggml-vulkan.dll", "ggml.dll", "stable-diffusion.dll"]


def test_an_older_windows_build_names_it_sd_exe(tmp_path: Path) -> None:
    touch(tmp_path, "sd.exe", "ggml.dll")
    assert [p.name for p in backend_files(tmp_path, "win32")] == ["sd.exe", "ggml.dll"]


def test_linux_carries_sd_cli_and_shared_libraries_only(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli", "sd-server", "build-info.json", "libggml.so.1", "ggml.dll")
    assert [p.name for p in backend_files(tmp_path, "linux")] == ["sd-cli", "libggml.so.1"]


def test_no_backend_says_how_to_get_one(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli")  # a Linux binary is no use to a Windows bundle
    with pytest.raises(BuildError, match=r"no sd-cli\.exe or sd\.exe in .*python -m backend_bin\.build"):
        backend_files(tmp_path, "win32")


def test_version_resource_text() -> None:
    text = version_file_text("0.1.0")
    ast.parse(text, mode="eval")  # PyInstaller evaluates it as one expression
    assert "filevers=(0, 1, 0, 0)" in text and "StringStruct('ProductVersion', '0.1.0')" in text
    assert "StringStruct('OriginalFilename', 'PolarisStudio.exe')" in text
    assert "filevers=(2, 10, 3, 7)" in version_file_text("2.10.3.7.9")


def test_inno_setup_is_found_per_user_or_per_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    env = {"ProgramFiles": str(tmp_path / "pf"), "LOCALAPPDATA": str(tmp_path / "local")}
    assert find_iscc(env) is None
    touch(tmp_path / "local" / "Programs" / "Inno Setup 6", "ISCC.exe")
    assert find_iscc(env) == tmp_path / "local" / "Programs" / "Inno Setup 6" / "ISCC.exe"


def test_windows_builds_fetch_the_pinned_release_when_the_backend_is_missing(tmp_path: Path) -> None:
    archive = tmp_path / "release.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("sd-cli.exe", b"MZ program")
        bundle.writestr("stable-diffusion.dll", b"library")
    with file_server(Served(files={"/sd-test-bin-win-vulkan-x64.zip": archive.read_bytes()})) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, {})
        program = fetch_windows_backend(tmp_path / "bin", tmp_path / "downloads", catalog)
    assert program == tmp_path / "bin" / "sd-cli.exe"
    assert [p.name for p in backend_files(tmp_path / "bin", "win32")] == ["sd-cli.exe", "stable-diffusion.dll"]
