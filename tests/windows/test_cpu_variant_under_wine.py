"""sd-cli.exe's CPU variant, chosen under Wine on this processor: the same one the Linux sd-cli chooses here (ggml's
loader scores each DLL by what the processor reports, as it scores each .so), and a picture from it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from installer.windows_python import WindowsPython
from installer.wine import windows_path
from tests.conftest import REPO
from tests.helpers.processors import NO_VULKAN_DEVICE, chosen_variant, draw_argv

SD_CLI_EXE = REPO / "backend_bin" / "bin" / "sd-cli.exe"


# the real sd-cli.exe drawing under Wine: end to end, out of the every-commit tier (.ci/when_changed.py)
@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.timeout(600)
def test_sd_cli_exe_chooses_the_variant_the_linux_build_chooses_here(windows: WindowsPython, sd_cli: Path,
                                                                     tiny_model: tuple[Path, Path],
                                                                     tmp_path: Path) -> None:
    # no Vulkan device for either: the processor draws, through the variant chosen
    linux = subprocess.run(draw_argv(sd_cli, *tiny_model, tmp_path / "linux.png"), capture_output=True, text=True,
                           errors="replace", env=windows.prefix.env(NO_VULKAN_DEVICE), timeout=300, check=False)
    assert linux.returncode == 0, linux.stdout[-3000:] + linux.stderr[-3000:]
    under_wine = windows.prefix.run(draw_argv(SD_CLI_EXE, *tiny_model, tmp_path / "windows.png", windows_path),
                                    env=NO_VULKAN_DEVICE, timeout=500)
    output = under_wine.stdout + under_wine.stderr
    assert under_wine.returncode == 0, output[-3000:]
    assert ".dll" in output and chosen_variant(output) == chosen_variant(linux.stdout + linux.stderr) is not None
    assert (tmp_path / "windows.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
