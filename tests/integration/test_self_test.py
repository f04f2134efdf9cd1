"""`python -m app --self-test` from source (tests/packaging runs the same inside the bundle)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

REPO = Path(__file__).resolve().parents[2]


def self_test(*args: str, encoding: str = "utf-8") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "--self-test", *args], capture_output=True,
                          encoding=encoding, env={**os.environ, "PYTHONIOENCODING": encoding}, cwd=REPO, timeout=180,
                          check=False)


def test_the_self_test_passes_and_writes_only_into_its_folder(sd_cli: Path, tmp_path: Path,
                                                              isolated_user_dirs: Path) -> None:
    base, report = tmp_path / "Basis José" / "self test", tmp_path / "report.md"
    before = set(isolated_user_dirs.rglob("*"))  # what the test run put there (this processor's speed)
    result = self_test("--basedir", str(base), "--report", str(report))
    assert result.returncode == 0, result.stderr
    text = report.read_text(encoding="utf-8")
    assert text.startswith("# Polaris Studio 0.1.0 self-test: PASS") and result.stdout == text
    assert f"- backend: {sd_cli}" in text and ", source" in text
    assert "## System check: " in text and "**backend**: The sd.cpp backend runs" in text
    assert f"- secrets kept by: {base / 'data' / 'secrets.json'} (no keyring)" in text  # conftest: no keyring
    [image] = (base / "images").glob("*.png")
    with Image.open(image) as png:
        assert png.size == (64, 64)
    assert (base / "data" / "models" / "flux_tiny_clip.gguf").is_file()
    # nothing in the user's own folders: not the images, not the model-hash cache
    assert not [p for p in set(isolated_user_dirs.rglob("*")) - before if "Polaris" in str(p)]


def test_a_failed_self_test_exits_non_zero_with_the_reason(sd_cli: Path, tmp_path: Path) -> None:
    base = tmp_path / "base"
    base.mkdir()
    (base / "images").write_text("a file where the images folder should be", encoding="utf-8")
    result = self_test("--basedir", str(base))
    assert result.returncode == 1
    assert result.stdout.startswith("# Polaris Studio 0.1.0 self-test: FAIL")
    [reason] = result.stderr.splitlines()
    assert reason == (f"self-test failed: generation failed: Pictures cannot be saved: {base / 'images'} is a file, "
                      "not a folder. Choose another folder.")


# Windows Python under Wine starts with errors="surrogateescape" on its standard streams, which fails on an
# unencodable character as "strict" does
@pytest.mark.parametrize("encoding", ["cp1252", "cp1252:surrogateescape"])
@pytest.mark.parametrize("to", ["pipe", "file"])
def test_the_self_test_report_survives_a_legacy_code_page(sd_cli: Path, tmp_path: Path, to: str, encoding: str) -> None:
    # `PolarisStudio.exe --self-test > report.txt` on Windows: cp1252, which has no ❌ or ✅
    report, out = tmp_path / "report.md", tmp_path / "stdout.txt"
    argv = [sys.executable, "-m", "app", "--self-test", "--basedir", str(tmp_path / "base"),
            "--report", str(report)]
    with out.open("wb") as file:
        result = subprocess.run(argv, stdout=file if to == "file" else subprocess.PIPE, stderr=subprocess.PIPE,
                                env={**os.environ, "PYTHONIOENCODING": encoding}, cwd=REPO, timeout=180, check=False)
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    assert result.returncode == 0
    # text written to stdout ends its lines with \r\n on Windows, as Windows programs read them
    printed = (out.read_bytes() if to == "file" else result.stdout).decode("cp1252").replace(os.linesep, "\n")
    whole = report.read_text(encoding="utf-8")  # the report file is UTF-8, icons and all
    assert printed == whole.encode("cp1252", errors="replace").decode("cp1252")
    assert printed.startswith("# Polaris Studio 0.1.0 self-test: PASS")
    assert "- ?? WARN **gpu**" in printed and "- ⚠️ WARN **gpu**" in whole


def test_the_self_test_never_ends_in_an_exception(tmp_path: Path) -> None:
    # a report that cannot be written (its folder is a file): said on stderr, exit 1, no traceback box
    (tmp_path / "not a folder").write_text("x", encoding="utf-8")
    result = self_test("--basedir", str(tmp_path / "base"), "--report", str(tmp_path / "not a folder" / "r.md"))
    assert result.returncode == 1
    assert result.stdout.startswith("# Polaris Studio 0.1.0 self-test: FAIL")
    last = result.stderr.splitlines()[-1]
    assert last.startswith("self-test failed: ") and "r.md" in last
