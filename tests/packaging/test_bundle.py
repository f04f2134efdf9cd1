"""The PyInstaller bundle, built as a user's installer would carry it, passes its own --self-test."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from PIL import Image

from app import __version__
from app.core.demo.picture_models import DEMO_FILES
from app.core.generation.faces import DETECTOR_FILES
from installer.build import BUNDLE_NAME, folder_size

REPO = Path(__file__).resolve().parents[2]
# the bundle's tests are end to end (a PyInstaller build, then the frozen app): marked `full`, out of the
# every-commit tier (.ci/when_changed.py says when .ci/run runs them)
pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="the Linux bundle does not exist on Windows; "
                                 "tests/windows installs the Windows one from its MSI and runs its self-test")]
ALLOWLIST = Path(__file__).resolve().parent / "stderr_allowlist.txt"


def allowed_stderr() -> list[re.Pattern[str]]:
    lines = ALLOWLIST.read_text(encoding="utf-8").splitlines()
    return [re.compile(line) for line in lines if line.strip() and not line.startswith("#")]


def unexplained(stderr: str) -> list[str]:
    patterns = allowed_stderr()
    return [line for line in stderr.splitlines() if line.strip() and not any(p.fullmatch(line) for p in patterns)]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory, sd_cli: Path) -> Path:
    work = tmp_path_factory.mktemp("bundle")
    started = time.monotonic()
    result = subprocess.run([sys.executable, str(REPO / "installer" / "build.py"), "--dist", str(work / "dist"),
                             "--work", str(work / "build")], capture_output=True, text=True, cwd=REPO,
                            timeout=900, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    executable = work / "dist" / BUNDLE_NAME / BUNDLE_NAME
    # measured, not asserted: CI's log shows what the bundle costs
    print(f"bundle built in {time.monotonic() - started:.0f} s, {folder_size(executable.parent) / 2**20:.0f} MiB")
    return executable


@pytest.mark.full
@pytest.mark.timeout(900)
def test_the_bundle_passes_its_self_test(bundle: Path, tmp_path: Path) -> None:
    report, base = tmp_path / "report.md", tmp_path / "base"
    # run from elsewhere: the bundle must find its resources and backend relative to itself, not the cwd
    result = subprocess.run([str(bundle), "--self-test", "--report", str(report), "--basedir", str(base)],
                            capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert unexplained(result.stderr) == []
    text = report.read_text(encoding="utf-8")
    assert text.startswith(f"# Polaris Studio {__version__} self-test: PASS")
    assert result.stdout == text
    internal = bundle.parent / "_internal"
    assert f"- backend: {internal / 'backend_bin' / 'sd-cli'}" in text and ", bundle" in text
    assert "**backend**: The sd.cpp backend runs and sees" in text
    [image] = (base / "images").glob("*.png")
    with Image.open(image) as png:
        assert (png.format, png.size) == ("PNG", (64, 64))
    assert not (bundle.parent / "tests").exists() and not (internal / "tests").exists()
    # what the bundle carries beside its code: the offline demo, and Fix faces' detector
    assert all((internal / ".demo-model" / name).is_file() for name in DEMO_FILES)
    assert all((internal / "cv2" / "data" / name).is_file() for name in DETECTOR_FILES)


@pytest.mark.full
@pytest.mark.timeout(300)
def test_the_bundle_serves_other_apps(bundle: Path, tmp_path: Path) -> None:
    """FastAPI and uvicorn (whose parts uvicorn imports by name) made it into the bundle: its server answers."""
    from tests.helpers.api_server import served

    with served(tmp_path / "base", program=[str(bundle)]) as server:
        answer = httpx.get(f"{server.base}/samplers", timeout=30)
        assert answer.status_code == 200 and "Euler a" in [s["name"] for s in answer.json()]


def test_the_allow_list_explains_only_known_noise() -> None:
    assert unexplained('Detected locale "C" with character encoding "ANSI_X3.4-1968", which is not UTF-8.') == []
    for line in ("Traceback (most recent call last):", "QObject: Cannot create children for a parent in another "
                 "thread", 'Detected locale "C" with character encoding "x", which is not UTF-8. Also: boom',
                 "self-test failed: generation failed: sd.cpp crashed"):
        assert unexplained(line) == [line]


@pytest.mark.full
@pytest.mark.timeout(300)
def test_the_bundles_prompt_helper_answers(bundle: Path, tmp_path: Path, tiny_prompt_model: Path) -> None:
    """llama-server made it into the bundle beside sd-cli (one ggml for both, no folder of its own), and the frozen
    app finds and runs it."""
    result = subprocess.run([str(bundle), "--basedir", str(tmp_path / "base"), "prompt", "enhance", "a fox",
                             "--model", str(tiny_prompt_model), "--quiet"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=240, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip()
    backend = bundle.parent / "_internal" / "backend_bin"
    assert (backend / "llama-server").is_file() and (backend / "sd-cli").is_file()
    assert not (backend / "llama").exists()
