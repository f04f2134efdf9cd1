"""`python -m app check` with the real vulkaninfo (lavapipe) and with saved pastes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import REPO, utf8_env

# Windows Python runs (issue 34) the report through a legacy code page, the real vulkaninfo.exe and sd-cli.exe,
# and a paste Windows cannot open; reading pastes is the parser's logic, the same everywhere, and runs on Linux.

DATA = Path(__file__).resolve().parents[1] / "data" / "vulkaninfo"


def check(*args: str) -> tuple[int, str]:
    result = subprocess.run([sys.executable, "-m", "app", "check", *args], capture_output=True, encoding="utf-8",
                            env=utf8_env(), cwd=REPO, timeout=120, check=False)
    return result.returncode, result.stdout


# Windows Python under Wine starts with errors="surrogateescape" on its standard streams, which fails on an
# unencodable character as "strict" does
# Under Windows Python two of the four (each starts vulkaninfo.exe and sd-cli.exe): a pipe with Wine's own
# surrogateescape, and a file with plain cp1252; the other two pair the same two encodings with the other end, and
# Python encodes a pipe and a file alike (neither is a console)
@pytest.mark.backend
@pytest.mark.parametrize(("to", "encoding"), [
    ("pipe", "cp1252"),
    pytest.param("pipe", "cp1252:surrogateescape", marks=pytest.mark.windows),
    pytest.param("file", "cp1252", marks=pytest.mark.windows),
    ("file", "cp1252:surrogateescape")])
def test_the_report_survives_a_legacy_code_page(sd_cli: Path, tmp_path: Path, to: str, encoding: str) -> None:
    # what `python -m app check | more` and `> report.txt` get on Windows: cp1252, which has no ❌ or ✅
    out = tmp_path / "report.txt"
    with out.open("wb") as file:
        result = subprocess.run([sys.executable, "-m", "app", "check"],
                                stdout=file if to == "file" else subprocess.PIPE, stderr=subprocess.PIPE,
                                env={**os.environ, "PYTHONIOENCODING": encoding}, cwd=REPO, timeout=120, check=False)
    text = (out.read_bytes() if to == "file" else result.stdout).decode("cp1252")
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    overall = text.splitlines()[0].removeprefix("# Polaris Studio system check: ")
    assert overall in {"WARN", "FAIL"}  # lavapipe is a CPU device; a small CI machine may lack the RAM
    assert result.returncode == (1 if overall == "FAIL" else 0)
    # the icons could not be written; the verdicts are there in words
    assert "- ?? WARN **gpu**: No graphics card that can draw was found" in text  # ⚠️ is two characters
    assert "- ? PASS **backend**: The sd.cpp backend runs and sees this computer's processor" in text


@pytest.mark.backend
@pytest.mark.windows
def test_check_json_on_this_machine(sd_cli: Path) -> None:
    code, out = check("--json")
    report = json.loads(out)
    assert report["selected_device"] == 0
    [device] = report["devices"]
    assert device["device_type"] == "cpu" and device["name"].startswith("llvmpipe")
    assert device["vram_bytes"] == device["heaps"][0]["size"] > 0
    checks = {c["id"]: c for c in report["checks"]}
    assert checks["vulkan_loader"]["status"] == "pass"
    assert checks["gpu"]["status"] == "warn"
    assert checks["backend"]["status"] == "pass", checks["backend"]
    assert "this computer's processor" in checks["backend"]["message"]  # the backend itself listed lavapipe
    assert report["host"]["ram_total_bytes"] > report["host"]["ram_available_bytes"] > 0
    assert code == (1 if report["overall"] == "fail" else 0)


# Linux alone, as the next four: a saved paste's reading and its verdict are logic; Windows Python's exit status
# and its report on a pipe are the tests above
def test_check_reads_a_pasted_windows_output() -> None:
    paste = DATA / "public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt"
    code, out = check("--json", "--vulkaninfo", str(paste))
    report = json.loads(out)
    assert code == (1 if report["overall"] == "fail" else 0)
    assert [d["name"] for d in report["devices"]] == ["NVIDIA GeForce RTX 3060 Ti", "AMD Radeon(TM) Graphics"]
    assert report["selected_device"] == 0
    assert "backend" not in {c["id"] for c in report["checks"]}  # someone else's paste: no local backend


def test_check_of_a_polaris_paste_in_markdown() -> None:
    code, out = check("--vulkaninfo", str(DATA / "public/amd_rx470_radv_linux_full.txt"))
    assert code == (1 if out.startswith("# Polaris Studio system check: FAIL") else 0)
    assert "GPU0: AMD Radeon RX 470 Graphics (RADV POLARIS10), discrete" in out
    assert "(a Polaris card)" in out


def test_a_failing_check_exits_1() -> None:
    code, out = check("--json", "--vulkaninfo", str(DATA / "public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt"))
    assert json.loads(out)["overall"] == "fail"
    assert code == 1


@pytest.mark.windows
def test_an_unreadable_paste_is_a_clear_error(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "app", "check", "--vulkaninfo", str(tmp_path / "nope.txt")],
                            capture_output=True, encoding="utf-8", env=utf8_env(), cwd=REPO, check=False)
    assert result.returncode == 2
    assert "cannot read" in result.stderr and "nope.txt" in result.stderr


def test_a_file_that_is_not_vulkaninfo_output_is_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my graphics card is an RX 580\nit has 8 GB\n", encoding="utf-8")
    for given in ([notes], [DATA / "lavapipe_summary.txt", notes]):  # one good paste does not excuse another
        result = subprocess.run([sys.executable, "-m", "app", "check",
                                 *(part for path in given for part in ("--vulkaninfo", str(path)))],
                                capture_output=True, encoding="utf-8", env=utf8_env(), cwd=REPO, timeout=120,
                                check=False)
        assert result.returncode == 2
        assert result.stderr.startswith(f"{notes} is not vulkaninfo output: it shows no Vulkan device")
        assert result.stdout == ""  # no report, so no "vulkaninfo runs"


def test_a_paste_cut_off_before_its_devices_is_said_to_be_cut(tmp_path: Path) -> None:
    full = (DATA / "lavapipe_full.txt").read_text(encoding="utf-8")
    cut = tmp_path / "cut.txt"
    cut.write_text(full[:full.index("GPU0:")], encoding="utf-8")  # a forum's length limit
    result = subprocess.run([sys.executable, "-m", "app", "check", "--vulkaninfo", str(cut)], capture_output=True,
                            encoding="utf-8", env=utf8_env(), cwd=REPO, timeout=120, check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{cut} is vulkaninfo output cut off before its devices")
