"""The planner's stages, decoders, segments and ranking against what was measured on a GPU (tests/data/)."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from app.core.models.backend_caps import parse_help
from app.core.models.components import Components
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.planning.plan import (
    GIB,
    MIB,
    PROCESS_VRAM,
    VAE_DECODER_SHARE,
    decoder_compute,
    diffusion_compute,
    evaluate,
    fastest,
    plan_memory,
    segments,
)
from tests.helpers.calibration import CALIBRATION, lent_machine, memory_of, sd_comparisons, sd_components
from tests.helpers.captures import CAPTURES, load

CAPS = parse_help(load("help").stdout.decode())
SD1 = sd_components("sd1")
SDXL = sd_components("sdxl")
BIG = lent_machine(80 * GIB)
BUFFER = re.compile(r"(\w+) compute buffer size:\s*([\d.]+) MB\((VRAM|RAM)\)")
GOLDEN = CAPTURES / "sdcpp-0.4.7" / "h100_buffers"


def stages(components: Components, memory: MemoryFlags, size: int = 1024) -> dict[str, object]:
    plan = evaluate(components, BIG, 2**40, size, size, 4, memory)
    return dict(plan.stages)


ALL_ON_GPU = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, diffusion_fa=True)


@pytest.mark.parametrize("memory", [ALL_ON_GPU, dataclasses.replace(ALL_ON_GPU, clip_on_cpu=True),
                                    dataclasses.replace(ALL_ON_GPU, offload_to_cpu=True),
                                    dataclasses.replace(ALL_ON_GPU, offload_to_cpu=True, max_vram_gib=2.0)])
def test_every_stage_carries_the_process_term_measured_for_it(memory: MemoryFlags) -> None:
    for name, stage in stages(SDXL, memory).items():
        assert stage.overhead == PROCESS_VRAM[name] > 40 * MIB  # type: ignore[attr-defined]


def test_loading_holds_every_gpu_part_and_later_stages_only_their_own() -> None:
    on_gpu = stages(SD1, MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, diffusion_fa=True))
    decoder = int(SD1.vae * VAE_DECODER_SHARE)
    assert on_gpu["load"].weights == SD1.diffusion + SD1.text_encoders + decoder  # type: ignore[attr-defined]
    assert on_gpu["diffusion"].weights == SD1.diffusion + decoder  # type: ignore[attr-defined]
    # sd-cli frees the diffusion model before decoding: the decode stage holds the decoder alone
    assert on_gpu["decode"].weights == decoder  # type: ignore[attr-defined]
    offloaded = stages(SD1, MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, diffusion_fa=True, offload_to_cpu=True))
    assert offloaded["load"].weights == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("table", ["h100_sd_check.json"])
def test_the_check_set_is_predicted_within_10_percent(table: str) -> None:
    rows = sd_comparisons(table)
    assert len(rows) >= 25
    assert all(abs(row.error) <= 0.10 for row in rows), [(r.run["name"], f"{r.error:+.1%}") for r in rows]


def test_the_fit_set_is_never_underpredicted_by_more_than_5_percent() -> None:
    rows = sd_comparisons("h100_sd_fit.json")
    assert len(rows) >= 60
    # over-predictions up to 25 %: a decoder buffer above 1 GiB took 1.19..1.57 times its one-allocation size
    assert all(-0.05 <= row.error <= 0.25 for row in rows), [(r.run["name"], f"{r.error:+.1%}") for r in rows
                                                              if not -0.05 <= r.error <= 0.25]


@pytest.mark.parametrize("golden", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.stem)
def test_decoder_buffers_of_our_build_on_a_gpu(golden) -> None:  # type: ignore[no-untyped-def]
    """sd.cpp's own `-v` lines: the planner's decoder buffer is never below what was allocated."""
    name = golden.stem
    shape = re.search(r"_(\d+)x(\d+)", name)
    width, height = (int(shape[1]), int(shape[2])) if shape else (int(re.findall(r"_(\d+)", name)[0]),) * 2
    logged = {part: (float(mb) * MIB, where) for part, mb, where in BUFFER.findall(golden.read_text())}
    part = "taesd" if "tae" in name else "vae"
    size, where = logged[part]
    components = dataclasses.replace(SDXL if "sdxl" in name else SD1, tae=part == "taesd")
    predicted = decoder_compute(components, width, height, "tiled" in name, on_gpu=where == "VRAM")
    assert size * 0.95 <= predicted <= size * 1.6, (name, size / MIB, predicted / MIB)


@pytest.mark.parametrize("golden", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.stem)
def test_unet_buffers_of_our_build_on_a_gpu(golden) -> None:  # type: ignore[no-untyped-def]
    """With flash attention asked for: linear in the tokens, more where SD 1.5's tokens are not a multiple of 256."""
    logged = {part: float(mb) * MIB for part, mb, _ in BUFFER.findall(golden.read_text())}
    assert "unet" in logged
    shape = re.search(r"_(\d+)x(\d+)", golden.stem)
    width, height = (int(shape[1]), int(shape[2])) if shape else (int(re.findall(r"_(\d+)", golden.stem)[0]),) * 2
    family = ModelFamily.SDXL if "sdxl" in golden.stem else ModelFamily.SD1
    assert diffusion_compute(family, width, height, True) == pytest.approx(logged["unet"], rel=0.25), golden.stem


@pytest.mark.parametrize(("model", "size", "flash"), [("sd1", 1024, True), ("sd1", 768, False), ("sdxl", 1024, True),
                                                      ("sdxl", 1024, False)])
def test_unet_compute_buffers_follow_the_logged_ones(model: str, size: int, flash: bool) -> None:
    runs = json.loads((CALIBRATION / "h100_sd_fit.json").read_text(encoding="utf-8"))["runs"]
    run = next(r for r in runs if r["name"] == f"{model}_{size}_{'fa' if flash else 'nofa'}")
    logged = next(mib for part, kind, _, mib in run["largest_buffers_mib"] if part == "unet" and kind == "compute")
    family = ModelFamily.SD1 if model == "sd1" else ModelFamily.SDXL
    assert diffusion_compute(family, size, size, flash) / MIB == pytest.approx(logged, rel=0.10)


def test_segment_counts_follow_sdcpps_graph_cut() -> None:
    runs = [r for name in ("h100_sd_fit.json", "h100_sd_check.json")
            for r in json.loads((CALIBRATION / name).read_text(encoding="utf-8"))["runs"]
            # without flash attention one layer's scores cannot be cut: those runs split differently; the
            # planner offers N of 1.5 GiB and more
            if "unet" in r["segments"] and "--diffusion-fa" in r["flags"] and memory_of(r["flags"]).max_vram_gib >= 1]
    assert len(runs) >= 10
    for run in runs:
        components = sd_components(run["model"])
        memory = memory_of(run["flags"])
        compute = diffusion_compute(components.family, run["width"], run["height"], memory.diffusion_fa)
        predicted = segments(components, compute, int((memory.max_vram_gib or 0) * GIB))
        measured = run["segments"]["unet"]
        assert abs(predicted - measured) <= max(1, 0.3 * measured), (run["name"], predicted, measured)


def test_on_a_tie_the_plan_with_fewer_segments_wins() -> None:
    memory = MemoryFlags(diffusion_fa=True, offload_to_cpu=True)
    three = dataclasses.replace(evaluate(SDXL, BIG, 2**40, 1024, 1024, 4, memory), seconds=10.0, segments=3)
    seven = dataclasses.replace(three, seconds=9.9, segments=7)
    slower = dataclasses.replace(three, seconds=12.0, segments=1)
    assert fastest([seven, three, slower]) is three
    assert fastest([seven, slower]) is seven


def _check_runs() -> dict[tuple[str, int, int], dict[MemoryFlags, dict]]:
    runs = json.loads((CALIBRATION / "h100_sd_check.json").read_text(encoding="utf-8"))["runs"]
    shapes: dict[tuple[str, int, int], dict[MemoryFlags, dict]] = {}
    for run in runs:
        shapes.setdefault((run["model"], run["width"], run["height"]), {})[memory_of(run["flags"])] = run
    # the shapes whose every plan the planner may pick at 3-8 GiB was measured (others hold a probe or two)
    return {shape: plans for shape, plans in shapes.items() if len(plans) >= 7}


@pytest.mark.parametrize("budget_gib", [3, 4, 6, 8])
@pytest.mark.parametrize("shape", sorted(_check_runs()), ids=lambda s: f"{s[0]}-{s[1]}x{s[2]}")
def test_the_auto_plan_fits_and_is_near_the_fastest_measured(shape: tuple[str, int, int], budget_gib: int) -> None:
    model, width, height = shape
    measured = _check_runs()[shape]
    plan = plan_memory(sd_components(model), lent_machine(budget_gib * GIB), 64 * GIB, width, height, 6, CAPS)
    run = measured.get(plan.memory)
    assert run is not None, plan.flags  # the check set measured every plan the planner may pick here
    assert run["peak_mib"] <= budget_gib * 1024
    fastest_fitting = min(r["generate_s"] for r in measured.values() if r["peak_mib"] <= budget_gib * 1024)
    assert run["generate_s"] <= 1.05 * fastest_fitting
