"""`python -m app --self-test` from source (tests/packaging runs the same inside the bundle)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parents[2]


def self_test(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "--self-test", *args], capture_output=True, text=True,
                          cwd=REPO, timeout=180, check=False)


def test_the_self_test_passes_and_writes_only_into_its_folder(sd_cli: Path, tmp_path: Path,
                                                              isolated_user_dirs: Path) -> None:
    base, report = tmp_path / "Basis José" / "self test", tmp_path / "report.md"
    result = self_test("--basedir", str(base), "--report", str(report))
    assert result.returncode == 0, result.stderr
    text = report.read_text(encoding="utf-8")
    assert text.startswith("# Polaris Studio 0.1.0 self-test: PASS") and result.stdout == text
    assert f"- backend: {sd_cli}" in text and ", source" in text
    assert "## System check: " in text and "**backend**: The sd.cpp backend runs" in text
    [image] = (base / "images").glob("*.png")
    with Image.open(image) as png:
        assert png.size == (64, 64)
    assert (base / "data" / "models" / "flux_tiny_clip.gguf").is_file()
    # nothing in the user's own folders: not the images, not the model-hash cache
    assert not [p for p in isolated_user_dirs.rglob("*") if "Polaris" in p.name]


def test_a_failed_self_test_exits_non_zero_with_the_reason(sd_cli: Path, tmp_path: Path) -> None:
    base = tmp_path / "base"
    base.mkdir()
    (base / "images").write_text("a file where the images folder should be")
    result = self_test("--basedir", str(base))
    assert result.returncode == 1
    assert result.stdout.startswith("# Polaris Studio 0.1.0 self-test: FAIL")
    [reason] = result.stderr.splitlines()
    assert reason.startswith(f"self-test failed: generation failed: cannot use output folder {base / 'images'}")
