"""installer/build.py's decisions, with the platform passed in: the Windows layout is checked on Linux."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from installer.build import BuildError, backend_files, version_file_text
from tests.packaging.fake_bundle import needs_msitools, write_fake_bundle

REPO = Path(__file__).resolve().parents[2]


def touch(folder: Path, *names: str) -> None:
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"MZ")


def names(files: list[Path], folder: Path) -> list[str]:
    return [path.relative_to(folder).as_posix() for path in files]


def test_windows_carries_our_programs_their_dlls_and_vulkaninfo_exe(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli.exe", "sd-server.exe", "vulkaninfo.exe", "ggml-base.dll", "ggml-cpu-x64.dll",
          "ggml-cpu-haswell.dll", "build-info.json", "llama-server.exe", "llama.dll", "sd-cli", "libggml-base.so",
          "llama-server")
    assert names(backend_files(tmp_path, "win32"), tmp_path) == [
        "sd-cli.exe", "sd-server.exe", "llama-server.exe", "vulkaninfo.exe", "ggml-base.dll",
        "ggml-cpu-haswell.dll", "ggml-cpu-x64.dll", "llama.dll"]


def test_a_release_build_put_there_by_hand_keeps_every_dll_beside_it(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli.exe", "llama-server.exe", "vulkaninfo.exe", "ggml.dll", "ggml-vulkan.dll",
          "stable-diffusion.dll", "README.md")
    assert names(backend_files(tmp_path, "win32"), tmp_path) == [
        "sd-cli.exe", "llama-server.exe", "vulkaninfo.exe", "ggml-vulkan.dll", "ggml.dll",
        "stable-diffusion.dll"]


def test_an_older_windows_build_names_it_sd_exe(tmp_path: Path) -> None:
    touch(tmp_path, "sd.exe", "llama-server.exe", "vulkaninfo.exe", "ggml.dll")
    assert names(backend_files(tmp_path, "win32"), tmp_path) == [
        "sd.exe", "llama-server.exe", "vulkaninfo.exe", "ggml.dll"]


def test_linux_carries_the_programs_and_shared_libraries_only(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli", "sd-server", "llama-server", "build-info.json", "libggml-cpu-x64.so",
          "libggml.so.1", "ggml.dll", "vulkaninfo.exe", "libllama.so", "llama-server.exe",
          "llama/libggml-base.so")  # an older build's folder: never carried
    assert names(backend_files(tmp_path, "linux"), tmp_path) == [
        "sd-cli", "sd-server", "llama-server", "libggml-cpu-x64.so", "libggml.so.1", "libllama.so"]


def test_no_backend_says_how_to_build_ours(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli", "vulkaninfo.exe")  # a Linux binary is no use to a Windows bundle
    with pytest.raises(BuildError, match=r"no sd-cli\.exe or sd\.exe in .*python -m backend_bin\.build --windows"):
        backend_files(tmp_path, "win32")
    with pytest.raises(BuildError, match=r"no sd-cli or sd in .*\(python -m backend_bin\.build\)"):
        backend_files(tmp_path / "empty", "linux")


def test_a_bundle_without_the_prompt_helpers_program_is_refused(tmp_path: Path) -> None:
    touch(tmp_path, "sd-cli.exe", "vulkaninfo.exe")
    with pytest.raises(BuildError, match=r"no llama-server\.exe in .*python -m backend_bin\.build --windows"):
        backend_files(tmp_path, "win32")
    touch(tmp_path / "linux", "sd-cli")
    with pytest.raises(BuildError, match=r"no llama-server in .*python -m backend_bin\.build"):
        backend_files(tmp_path / "linux", "linux")


def test_a_windows_bundle_without_vulkaninfo_exe_is_refused(tmp_path: Path) -> None:
    # Windows has no vulkaninfo.exe unless the driver brought one: without ours the check sees no device
    touch(tmp_path, "sd-cli.exe", "llama-server.exe")
    with pytest.raises(BuildError, match=r"no vulkaninfo\.exe in .*python -m backend_bin\.build --windows"):
        backend_files(tmp_path, "win32")


def test_version_resource_text() -> None:
    text = version_file_text("0.1.0")
    ast.parse(text, mode="eval")  # PyInstaller evaluates it as one expression
    assert "filevers=(0, 1, 0, 0)" in text and "StringStruct('ProductVersion', '0.1.0')" in text
    assert "StringStruct('OriginalFilename', 'PolarisStudio.exe')" in text
    assert "filevers=(2, 10, 3, 7)" in version_file_text("2.10.3.7.9")


def run_build(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "installer" / "build.py"), *args], capture_output=True,
                          text=True, cwd=REPO, timeout=120, check=False)


@needs_msitools
def test_msi_only_packages_an_existing_windows_bundle(tmp_path: Path) -> None:
    bundle = write_fake_bundle(tmp_path / "dist" / "PolarisStudio")
    result = run_build("--msi-only", "--bundle", str(bundle), "--dist", str(tmp_path / "out"), "--version", "0.3.0")
    assert result.returncode == 0, result.stdout + result.stderr
    msi, archive = tmp_path / "out" / "PolarisStudio-0.3.0.msi", tmp_path / "out" / "PolarisStudio-0.3.0-portable.zip"
    assert msi.is_file() and archive.is_file()
    # what CI's log shows: the bundle's size, then each package's size and time
    assert f"[bundle] {bundle} (" in result.stdout
    assert f"[msi] {msi} (" in result.stdout and f"[zip] {archive} (" in result.stdout


def test_msi_only_refuses_a_bundle_without_our_backend(tmp_path: Path) -> None:
    bundle = write_fake_bundle(tmp_path / "PolarisStudio")
    (bundle / "_internal" / "backend_bin" / "vulkaninfo.exe").unlink()
    result = run_build("--msi-only", "--bundle", str(bundle), "--dist", str(tmp_path / "out"))
    assert result.returncode == 1
    assert "no vulkaninfo.exe in" in result.stderr and "python -m backend_bin.build --windows" in result.stderr
    assert not (tmp_path / "out").exists()
