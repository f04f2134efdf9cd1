"""The Windows bundle built by Windows Python, its MSI installed, self-tested, upgraded and removed under Wine,
and the portable zip run from a folder of its own: what a Windows user gets, end to end."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from app import __version__
from app.core.demo.picture_models import FLUX_FILE
from app.core.models.catalog import DEMO_MODEL_NAME
from app.services.app_log import LOG_FILE_NAME
from installer.msi import (
    BUNDLE_NAME,
    EXE_NAME,
    INSTALL_FOLDER_NAME,
    PORTABLE_MARKER,
    PRODUCT_NAME,
    build_msi,
    build_portable_zip,
)
from installer.windows_python import STAND_INS, WindowsPython, ensure_stand_ins
from installer.wine import WinePrefix, fresh_prefix, windows_path
from tests.helpers.image_server import free_port

# end to end (what a Windows user gets): out of the every-commit tier (.ci/when_changed.py), after the Windows side
pytestmark = [pytest.mark.full, pytest.mark.windows_side]

REPO = Path(__file__).resolve().parents[2]
BACKEND = REPO / "backend_bin" / "bin"
# lavapipe is a CPU-type device, which ggml skips unless told to use it
LAVAPIPE = {"GGML_VK_VISIBLE_DEVICES": "0"}
# where the installed app keeps its settings (QSettings on Windows: the organisation's and the app's names)
SETTINGS_KEY = r"HKCU\Software\Polaris\Polaris Studio"
UNINSTALL_KEYS = (r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall",
                  r"HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall")


def timed(say: Callable[[str], None], label: str, started: float) -> None:
    say(f"{label}: {time.monotonic() - started:.1f} s")


def folder_mib(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


@pytest.fixture(scope="module")
def bundle(windows: WindowsPython, tmp_path_factory: pytest.TempPathFactory, say: Callable[[str], None]) -> Path:
    """dist/PolarisStudio built by installer/build.py under Windows Python, with our sd-cli.exe, llama-server.exe
    and vulkaninfo.exe."""
    for program in ("sd-cli.exe", "llama-server.exe", "vulkaninfo.exe"):
        if not (BACKEND / program).is_file():
            pytest.fail(f"{BACKEND / program} is missing: run ./scripts/setup.sh --tests (python -m backend_bin.build "
                        "--windows cross-builds it)")
    work = tmp_path_factory.mktemp("windows-bundle")
    started = time.monotonic()
    result = windows.run("installer/build.py", "--dist", windows_path(work / "dist"),
                         "--work", windows_path(work / "build"), "--bundle-only", timeout=1800)
    assert result.returncode == 0, (result.stdout + result.stderr)[-6000:]
    folder = work / "dist" / BUNDLE_NAME
    timed(say, f"bundle built by PyInstaller under Wine ({folder_mib(folder):.0f} MiB)", started)
    return folder


@pytest.mark.timeout(1800)  # the first test here waits for the bundle: PyInstaller under Wine, minutes
def test_the_bundle_carries_our_backend_and_not_the_test_prefix(bundle: Path) -> None:
    internal = bundle / "_internal"
    for program in ("sd-cli.exe", "sd-server.exe", "ggml-cpu-x64.dll", "ggml-cpu-haswell.dll",
                    "llama-server.exe", "vulkaninfo.exe"):
        assert (internal / "backend_bin" / program).read_bytes() == (BACKEND / program).read_bytes()
    names = {path.name.lower() for path in bundle.rglob("*")}
    # the test prefix's stand-ins for Windows' own DLLs: a user's Windows has the real ones
    assert not names & set(STAND_INS)
    # the user's driver brings the Vulkan loader; one of ours would shadow it
    assert "vulkan-1.dll" not in names


def uninstall_entries(prefix: WinePrefix) -> list[str]:
    """The DisplayVersion of every Apps & features entry named like us."""
    versions = []
    for key in UNINSTALL_KEYS:
        listing = prefix.run(["reg", "query", key, "/s"]).stdout
        for entry in re.split(r"\r?\n(?=HKEY_)", listing):
            if re.search(rf"DisplayName\s+REG_SZ\s+{PRODUCT_NAME}\s*$", entry, re.MULTILINE):
                found = re.search(r"DisplayVersion\s+REG_SZ\s+(\S+)", entry)
                versions.append(found[1] if found else "?")
    return versions


@pytest.fixture
def prefix(windows: WindowsPython) -> Iterator[WinePrefix]:
    """A fresh Windows (Wine prefix) as a user's PC, with the system DLLs of Windows 10 the way every real one has
    them (ICU, bcryptprimitives)."""
    with fresh_prefix(windows.prefix.display) as fresh:
        ensure_stand_ins(fresh)
        yield fresh


def self_test(say: Callable[[str], None], prefix: WinePrefix, program: Path, report: Path) -> str:
    started = time.monotonic()
    result = prefix.run([str(program), "--self-test", "--report", windows_path(report)], env=LAVAPIPE, timeout=600)
    timed(say, f"self-test of {program.parent.name}", started)
    text = report.read_text(encoding="utf-8") if report.is_file() else "(no report)"
    say(text)
    assert result.returncode == 0, text + result.stdout[-2000:] + result.stderr[-3000:]
    return text


def answered(say: Callable[[str], None], process: subprocess.Popen[str], port: int, start: str) -> None:
    """The installed window's server answers a client: the demo the MSI carries is among its models, and it draws
    a picture with it (sd-cli.exe on lavapipe)."""
    started = time.monotonic()
    base = f"http://127.0.0.1:{port}/sdapi/v1"
    while True:
        assert process.poll() is None, f"the installed app ended at its {start} start: {process.returncode}"
        assert time.monotonic() - started < 300, f"the installed app's server never answered at its {start} start"
        try:
            models = httpx.get(f"{base}/sd-models", timeout=30)
            break
        except httpx.TransportError:
            time.sleep(1)
    timed(say, f"the installed window's server answered at its {start} start", started)
    assert models.status_code == 200 and DEMO_MODEL_NAME in [model["title"] for model in models.json()]
    started = time.monotonic()
    answer = httpx.post(f"{base}/txt2img", json={"prompt": "a lighthouse", "width": 64, "height": 64, "steps": 1,
                                                 "seed": 7}, timeout=600)
    timed(say, f"a client's picture drawn by the installed window with the demo ({start} start)", started)
    assert answer.status_code == 200 and len(answer.json()["images"]) == 1, answer.text[-2000:]


def serves_other_apps_after_a_restart(say: Callable[[str], None], prefix: WinePrefix, program: Path,
                                      local: Path) -> None:
    """"Let other apps use this PC" ticked (as the switch leaves the registry), the installed windowed program
    (no console) opens and serves, and again after a restart; what it said is in its log."""
    port = free_port()
    for value, data in (("allowed", "true"), ("port", str(port))):
        added = prefix.run(["reg", "add", SETTINGS_KEY + r"\other_apps", "/v", value, "/t", "REG_SZ", "/d", data,
                            "/f"])
        assert added.returncode == 0, added.stdout + added.stderr
    for start in ("first", "second"):
        window = prefix.popen([str(program)], env=LAVAPIPE)
        try:
            answered(say, window, port, start)
        finally:
            prefix.stop()  # as a PC ending it: the next start must open all the same
            window.wait(60)
            assert window.stdout is not None
            window.stdout.close()
    log = (local / "Polaris Studio" / "logs" / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert log.count(f"other apps may draw here, on port {port}") == 2, log[-3000:]
    assert " INFO sd.cpp: " in log  # what sd-cli.exe said as it drew the clients' pictures
    assert (program.parent / "_internal" / ".demo-model" / FLUX_FILE).is_file()


@pytest.mark.timeout(1800)
def test_the_msi_installs_self_tests_upgrades_and_uninstalls(bundle: Path, prefix: WinePrefix, tmp_path: Path,
                                                             say: Callable[[str], None]) -> None:
    started = time.monotonic()
    older = build_msi(bundle, tmp_path / "older", __version__)
    newer_version = re.sub(r"\d+$", lambda m: str(int(m[0]) + 1), __version__)
    newer = build_msi(bundle, tmp_path / "newer", newer_version)
    timed(say, f"two MSIs built by wixl ({older.stat().st_size / 2**20:.0f} MiB each)", started)

    started = time.monotonic()
    installed = prefix.run(["msiexec", "/i", windows_path(older), "/qn"], timeout=600)
    prefix.wait()
    timed(say, "msiexec /i", started)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    local = prefix.user_folder / "AppData" / "Local"
    program = local / "Programs" / INSTALL_FOLDER_NAME / EXE_NAME
    assert program.is_file()
    start_menu = prefix.user_folder / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs"
    assert [link.name for link in start_menu.rglob("*.lnk") if PRODUCT_NAME in link.name] != []
    assert uninstall_entries(prefix) == [__version__]

    report = self_test(say, prefix, program, tmp_path / "report.md")
    assert report.startswith(f"# Polaris Studio {__version__} self-test: PASS"), report
    # the check saw the device through the vulkaninfo.exe we ship (Wine has none of its own)
    assert "llvmpipe" in report and "vulkaninfo was not found" not in report, report
    assert f"{INSTALL_FOLDER_NAME}\\_internal\\backend_bin\\sd-cli.exe" in report, report
    assert "- one 64x64 image in" in report, report
    # keyring finds its backends through its package's entry points, which the bundle must carry
    assert "- secrets kept by: Windows WinVaultKeyring" in report, report

    serves_other_apps_after_a_restart(say, prefix, program, local)

    # what the user made and set must outlive both the upgrade and the uninstall
    keep = [local / "Polaris Studio" / "models" / "my-model.gguf",
            prefix.user_folder / "Pictures" / "Polaris Studio" / "my-image.png"]
    for path in keep:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"the user's own")

    started = time.monotonic()
    upgraded = prefix.run(["msiexec", "/i", windows_path(newer), "/qn"], timeout=600)
    prefix.wait()
    timed(say, "msiexec /i of a newer version (upgrade)", started)
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    assert uninstall_entries(prefix) == [newer_version]
    assert program.is_file()

    started = time.monotonic()
    removed = prefix.run(["msiexec", "/x", windows_path(newer), "/qn"], timeout=600)
    prefix.wait()
    timed(say, "msiexec /x", started)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not program.exists() and not program.parent.exists()
    assert [link for link in start_menu.rglob("*.lnk") if PRODUCT_NAME in link.name] == []
    assert uninstall_entries(prefix) == []
    assert all(path.read_bytes() == b"the user's own" for path in keep)


@pytest.mark.timeout(900)
def test_the_portable_zip_runs_from_a_folder_named_like_a_users_and_keeps_its_data_there(
        bundle: Path, prefix: WinePrefix, tmp_path: Path, tiny_model: tuple[Path, Path],
        say: Callable[[str], None]) -> None:
    started = time.monotonic()
    archive = build_portable_zip(bundle, tmp_path, __version__)
    timed(say, f"portable zip ({archive.stat().st_size / 2**20:.0f} MiB)", started)
    # a folder with a space and a non-ASCII name, as a user's USB stick or Downloads folder may have
    place = prefix.user_folder / "Downloads" / "Zoë Müller tools"
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(place)
    program = place / BUNDLE_NAME / EXE_NAME
    assert (program.parent / PORTABLE_MARKER).is_file()
    report = self_test(say, prefix, program, tmp_path / "report.md")
    assert report.startswith(f"# Polaris Studio {__version__} self-test: PASS"), report

    # a generation with no output folder named: the portable copy keeps the image beside itself
    model, taesd = tiny_model
    started = time.monotonic()
    result = prefix.run([str(program), "generate", "--prompt", "a portable lighthouse", "--model",
                         windows_path(model), "--taesd", windows_path(taesd), "--width", "64", "--height", "64",
                         "--steps", "1", "--clip-on-cpu", "--vae-on-cpu", "--events"], env=LAVAPIPE, timeout=600)
    timed(say, "a generation by the portable copy's CLI", started)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    [image] = (program.parent / "images").glob("*.png")
    assert '"image"' in result.stdout and image.name in result.stdout
    assert (program.parent / "data" / "gallery.sqlite3").is_file()
    assert not (prefix.user_folder / "Pictures" / "Polaris Studio").exists()
    shutil.rmtree(place)
