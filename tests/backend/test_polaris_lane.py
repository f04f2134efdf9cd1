"""Our ggml-vulkan patches and the Polaris feature set, on the real sd.cpp (lavapipe here, any Vulkan device):
the submit cap splits the work into more vkQueueSubmits without changing the picture, the norms of short rows take
fewer invocations for the same picture, and the shader paths an RX 580 runs (no fp16, no integer dot product, no
cooperative matrices, 2 GiB allocations) draw the same picture as the full feature set, within a tolerance measured
here. The pictures are the Polaris lane's (.ci/when_changed.py): they run when the backend or the code that starts it
changes, and each family's picture is drawn twice, ggml's own way and ours on the Polaris feature set.

The tiny models exist for Flux and FLUX.2 klein only; SD 1.5 and SDXL have real-shaped models (picture_models.py's
calibration set) too big for lavapipe, so their lane runs on the lent GPU."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.core.generation.command import POLARIS_FEATURE_SET, SUBMIT_CAP_VARIABLE
from backend_bin.output import read_build_info
from backend_bin.source import SUBMIT_CAP_MARKER, SUBMIT_CAP_PATCH
from tests.helpers.cli import CliRun, generate_argv, run_generate

# what the patch prints per graph when POLARIS_VK_LOG_SUBMITS is set
SUBMITS_LINE = re.compile(r"polaris: graph of (\d+) nodes in (\d+) submits \(cap (\d+) nodes per submit\)")
LOG_SUBMITS = "POLARIS_VK_LOG_SUBMITS"
# our second patch: RMS norms of short rows with fewer invocations; set, it says what its first norm ran
SHORT_ROWS_VARIABLE = "POLARIS_VK_SHORT_ROWS"
NORM_LINE = re.compile(r"polaris: rms_norm of rows of (\d+) values with (\d+) invocations each")
# the largest difference of one channel, in 1/255 steps, between the Polaris feature set and the full one, seed 7:
# measured on lavapipe 1 (Flux) and 2 (klein), means 0.14 and 0.10; one step of margin for another Mesa. A wrong
# shader path differs by far more (the pictures are random noise with a std of ~50/255).
POLARIS_TOLERANCE = {"flux": 2, "klein": 3}
# our patches' own room: one 255th each for a driver that contracts the shaders' multiply-adds differently
PATCH_ROOM = 2

pytestmark = pytest.mark.backend


@pytest.fixture
def full_feature_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the lane set: ggml reads a variable's presence, so each is removed, not emptied."""
    for variable in (*POLARIS_FEATURE_SET, LOG_SUBMITS, SHORT_ROWS_VARIABLE):
        monkeypatch.delenv(variable, raising=False)


def _pixels(run: CliRun) -> np.ndarray:
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made:
        return np.asarray(made.convert("RGB"), int)


def _patch_lines(run: CliRun) -> str:
    """What sd-cli printed, where our patches print: its stderr and the log lines the CLI passed on."""
    return run.stderr + "\n".join(event["text"] for event in run.of("log"))


def _submits(run: CliRun) -> list[tuple[int, int, int]]:
    return [(int(n), int(s), int(c)) for n, s, c in SUBMITS_LINE.findall(_patch_lines(run))]


def _norm_widths(run: CliRun) -> list[tuple[int, int]]:
    return [(int(row), int(width)) for row, width in NORM_LINE.findall(_patch_lines(run))]


def _flux(tiny_model: tuple[Path, Path], out: Path, env: dict[str, str]) -> CliRun:
    model, taesd = tiny_model
    return run_generate(generate_argv("a lighthouse", model, taesd, out, "--width", "64", "--height", "64",
                                      "--steps", "2", "--seed", "7"), env)


def _klein(tiny_klein: tuple[Path, Path, Path], out: Path, env: dict[str, str]) -> CliRun:
    model, llm, vae = tiny_klein
    return run_generate([sys.executable, "-m", "app", "generate", "--events", "--prompt", "a lovely cat",
                         "--diffusion-model", str(model), "--llm", str(llm), "--vae", str(vae), "--clip-on-cpu",
                         "--vae-on-cpu", "--out", str(out), "--width", "64", "--height", "64", "--seed", "7",
                         "--steps", "2"], env)


def test_the_built_backend_carries_the_submit_cap(sd_cli: Path) -> None:
    record = read_build_info()["linux"]
    assert SUBMIT_CAP_PATCH.name in [patch["file"] for patch in record["patches"]]
    assert SUBMIT_CAP_MARKER in SUBMIT_CAP_PATCH.read_text()
    # the variable the patch reads is in ggml's Vulkan backend, the library beside sd-cli
    vulkan_backend = sd_cli.parent / ("ggml-vulkan.dll" if sys.platform == "win32" else "libggml-vulkan.so")
    assert SUBMIT_CAP_VARIABLE.encode() in vulkan_backend.read_bytes()


def test_under_the_polaris_feature_set_the_device_reports_what_an_rx_580_has(sd_cli: Path, tmp_path: Path,
                                                                             full_feature_set: None) -> None:
    # `-v` with a model that is not there: ggml lists its devices, with their features, and sd-cli stops
    env = {**os.environ, **POLARIS_FEATURE_SET, "GGML_VK_VISIBLE_DEVICES": "0"}
    probe = subprocess.run([str(sd_cli), "-v", "--model", str(tmp_path / "none.gguf"), "--prompt", "probe"],
                           capture_output=True, text=True, env=env, timeout=60, check=False)
    [device] = re.findall(r"ggml_vulkan: 0 = .*", probe.stdout + probe.stderr)
    # RADV on an RX 580: "fp16: 0 | int dot: 0 | matrix cores: none" (koboldcpp #1667)
    assert "fp16: 0" in device and "bf16: 0" in device and "int dot: 0" in device, device
    assert device.endswith("matrix cores: none"), device


@pytest.mark.full
def test_our_patches_and_the_polaris_feature_set_draw_the_same_flux_picture(sd_cli: Path, tiny_model,
                                                                           tmp_path: Path,
                                                                           full_feature_set: None) -> None:
    """One lighthouse drawn twice (it was six times, in three tests, then three): ggml's own (no submit cap, ggml's
    512-invocation norms, the full feature set), and ours (4 nodes per submit, 64-invocation norms) on the Polaris
    feature set. Each patch says what it ran, so one pair of runs proves both patches and the feature set."""
    ggml = _flux(tiny_model, tmp_path / "ggml", {LOG_SUBMITS: "1", SUBMIT_CAP_VARIABLE: "0", SHORT_ROWS_VARIABLE: "0"})
    ours = _flux(tiny_model, tmp_path / "ours", {**POLARIS_FEATURE_SET, LOG_SUBMITS: "1", SUBMIT_CAP_VARIABLE: "4",
                                                 SHORT_ROWS_VARIABLE: "1"})
    # the submit cap: the same graphs, in the same order, each cut into more submits (measured: the tiny Flux's
    # 273-node graph in 3 and then 7 submits uncapped, 30 each at 4 nodes; views count as nodes but queue no work)
    off, on = _submits(ggml), _submits(ours)
    assert off and on, ggml.stderr
    assert {cap for _, _, cap in off} == {0} and {cap for _, _, cap in on} == {4}
    assert [nodes for nodes, _, _ in off] == [nodes for nodes, _, _ in on]
    assert all(capped > uncapped for (_, uncapped, _), (_, capped, _) in zip(off, on, strict=True))
    # the short rows: the tiny Flux's per-head norms are rows of 128 values (its head); set either way, the patch
    # says which it ran
    assert _norm_widths(ggml) == [(128, 512)] and _norm_widths(ours) == [(128, 64)], (ggml.stderr, ours.stderr)
    # the same picture: neither patch reorders a sum (measured on lavapipe: the same bits, so the difference is the
    # feature set's); PATCH_ROOM more for a driver that contracts the shaders' multiply-adds differently
    _assert_the_polaris_picture_is_the_same("flux", full=_pixels(ggml), polaris=_pixels(ours), room=PATCH_ROOM)


@pytest.mark.full
def test_the_polaris_feature_set_draws_the_same_klein_picture(sd_cli: Path, tiny_klein, tmp_path: Path,
                                                              full_feature_set: None) -> None:
    full = _pixels(_klein(tiny_klein, tmp_path / "full", {}))
    polaris = _pixels(_klein(tiny_klein, tmp_path / "polaris", dict(POLARIS_FEATURE_SET)))
    _assert_the_polaris_picture_is_the_same("klein", full=full, polaris=polaris)


def _assert_the_polaris_picture_is_the_same(family: str, full: np.ndarray, polaris: np.ndarray, room: int = 0) -> None:
    difference = np.abs(polaris - full)
    print(f"{family}: Polaris feature set vs full, largest difference {difference.max()}/255, "
          f"mean {difference.mean():.3f}/255")
    assert full.std() > 0  # a picture, not a flat square
    assert difference.max() <= POLARIS_TOLERANCE[family] + room
