"""The planner's decoder tiles (issue 50) and ControlNet (issue 51) against what real-shaped models took on the lent
H200 through its Vulkan driver (tests/data/calibration/h200_decoder_tiles.json and h200_controlnet.json, from
tests/bench/measure_tiles_gpu.py): the fit set and the shapes and tile sizes held out of it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from app.core.demo import picture_models
from app.core.models.components import Components
from app.core.models.controlnet import controlnet_memory_bytes
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.models.model_files import inspect_model
from app.core.planning.plan import MIB, Device, MemoryPlan, controlnet_compute, decoder_compute, evaluate
from app.core.planning.timing import (
    CONTROL_STEP_SHARE,
    EFFICIENCY_FULL,
    VAE_DECODE_FLOPS_PER_PIXEL,
    Card,
    picture_time,
)
from app.core.planning.work import ExtraWork
from tests.helpers.calibration import CALIBRATION, LENT_HOST, _gguf_bytes, card, lent_card, sd_components
from tests.helpers.model_headers import write_safetensors

TILES = json.loads((CALIBRATION / "h200_decoder_tiles.json").read_text(encoding="utf-8"))["runs"]
CONTROL = json.loads((CALIBRATION / "h200_controlnet.json").read_text(encoding="utf-8"))["runs"]
H200 = Device(140 * 2**30)


def decoder_components(model: str) -> Components:
    """The runs' files as the planner sees them: for the tiny Flux and klein DiTs only their decoders matter."""
    if model in ("sd1", "sdxl"):
        return sd_components(model)
    channels, family = (16, ModelFamily.FLUX) if model == "flux" else (32, ModelFamily.FLUX2)
    vae = _gguf_bytes(picture_models.ae_tensors(channels), quantize=False, dtype_bytes=4)
    return Components(family, 2**20, 2**20, vae)


def decode_plan(run: dict) -> tuple[Components, MemoryFlags]:
    tile = run["tile"]
    return decoder_components(run["model"]), MemoryFlags(clip_on_cpu=False, vae_on_cpu=False,
                                                         vae_tiling=tile is not None, diffusion_fa=True, vae_tile=tile)


def decode_error(run: dict) -> float:
    components, memory = decode_plan(run)
    plan = evaluate(components, H200, 2**40, run["width"], run["height"], 1, memory)
    predicted = dict(plan.stages)["decode"].total / MIB
    return (predicted - run["decode_peak_mib"]) / run["decode_peak_mib"]


TILED = [r for r in TILES if r["tile"] is not None and r["set"] != "polaris"]


@pytest.mark.parametrize("held_out", [False, True], ids=["fit", "held_out"])
def test_a_tiled_decoders_peak_is_within_10_percent_and_never_5_percent_under(held_out: bool) -> None:
    rows = [r for r in TILED if (r["set"] == "held_out") == held_out]
    assert len(rows) >= 32 and {r["model"] for r in rows} == {"sd1", "sdxl", "flux", "flux2"}
    if held_out:  # tile sizes the fit never saw, and shapes it never saw
        assert {r["tile"] for r in rows} >= {20, 6} and (832, 1216) in {(r["width"], r["height"]) for r in rows}
    errors = {r["name"]: decode_error(r) for r in rows}
    assert all(-0.05 <= e <= 0.10 for e in errors.values()), {k: f"{e:+.1%}" for k, e in errors.items()
                                                              if not -0.05 <= e <= 0.10}


def test_every_tiles_buffer_is_the_one_sd_cpp_allocated() -> None:
    for run in (r for r in TILES if r["tile"] is not None):  # the Polaris feature set's too: no fp16 changes none
        components, memory = decode_plan(run)
        predicted = decoder_compute(components, run["width"], run["height"], True, True, memory.vae_tile) / MIB
        assert predicted == pytest.approx(run["vae_compute_mib"], rel=0.005), run["name"]


def as_measured(model: str) -> Card:
    """A card whose roofline decodes untiled at the H200's measured rate for this decoder (its 1024 px run): the
    time model's tile rule, not the H200's efficiency, is what the tiled runs check."""
    untiled = next(r for r in TILES if r["model"] == model and r["set"] == "fit" and r["tile"] is None
                   and r["width"] == 1024)
    seconds_per_pixel = untiled["decode_s"] / (1024 * 1024)
    clock = VAE_DECODE_FLOPS_PER_PIXEL / seconds_per_pixel / EFFICIENCY_FULL / 2e6
    return Card(f"H200 ({model}'s decoder as measured)", 1, 1, clock, 4.8e12)


@pytest.mark.parametrize("held_out", [False, True], ids=["fit", "held_out"])
def test_a_tiled_decodes_seconds_follow_its_tiles_and_their_pixels(held_out: bool) -> None:
    predicted, measured = {}, {}
    for run in (r for r in TILED if (r["set"] == "held_out") == held_out):
        components, memory = decode_plan(run)
        plan = evaluate(components, H200, 2**40, run["width"], run["height"], 1, memory)
        time = picture_time(components, plan, as_measured(run["model"]), LENT_HOST, run["width"], run["height"], 1,
                            False)
        predicted[run["name"]], measured[run["name"]] = dict(time.stages)["decode"], run["decode_s"]
    errors = sorted(abs(predicted[name] / measured[name] - 1) for name in predicted)
    # most within the time model's own uncertainty (timing.PictureTime.uncertainty: 25 %), the set's total within
    # 10 %; a tile's seconds vary more than its buffer: 961 tiles of 6 latents took 8.1 s at 768 px where 1617 took
    # 7.2 s at 832x1216, and FLUX.2's 96 px tiles 0.6 times the rule's (the worst: +65 %)
    assert errors[len(errors) // 2] <= 0.15 and sum(e <= 0.25 for e in errors) >= 0.75 * len(errors), errors
    assert sum(predicted.values()) == pytest.approx(sum(measured.values()), rel=0.10)
    assert errors[-1] <= 0.7


@pytest.fixture(scope="module")
def controlnet_bytes(tmp_path_factory: pytest.TempPathFactory) -> int:
    spec = {t.name: (t.shape, "f16") for t in picture_models.controlnet_tensors()}
    return controlnet_memory_bytes(inspect_model(write_safetensors(tmp_path_factory.mktemp("cn") / "cn.safetensors",
                                                                   spec)))


SD1_Q4 = Components(  # write_sd1_with_controlnet's files: the UNet and CLIP-L in q4_0, the tiny SD autoencoder
    ModelFamily.SD1, _gguf_bytes(picture_models.unet_tensors(xl=False), quantize=True),
    _gguf_bytes(picture_models.clip_l_tensors("cond_stage_model."), quantize=True),
    _gguf_bytes(picture_models.tae_tensors(4), quantize=False), tae=True)
ON_THE_CARD = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, diffusion_fa=True)


def control_work(run: dict, control_bytes: int) -> ExtraWork:
    return ExtraWork(control_bytes=control_bytes if run["controlnet"] else 0, control_on_cpu=run["control_net_cpu"])


def test_the_controlnets_weights_are_what_sd_cpp_held(controlnet_bytes: int) -> None:
    for run in (r for r in CONTROL if r["controlnet"]):
        assert controlnet_bytes / MIB == pytest.approx(run["control_net_params"][0], abs=0.01)
        assert run["control_net_params"][1] == ("RAM" if run["control_net_cpu"] else "VRAM")
    assert SD1_Q4.diffusion / MIB == pytest.approx(CONTROL[0]["unet_params_mib"], rel=0.01)


def control_plan(run: dict, controlnet_bytes: int) -> MemoryPlan:
    return evaluate(SD1_Q4, H200, 2**40, run["width"], run["height"], run["steps"], ON_THE_CARD,
                    control_work(run, controlnet_bytes))


# the ControlNet's buffer is fitted at 512 px (one allocation) and 768 px (its scores in chunks of their own on
# Vulkan); 576, 640, 896 and 512x768 px are held out of both (576 px's scores fit one chunk, 512x768's just pass it)
CONTROL_FIT = {(512, 512), (768, 768)}


@pytest.mark.parametrize("held_out", [False, True], ids=["fit", "held_out"])
def test_the_peak_with_a_controlnet_on_the_card_on_the_processor_or_none(held_out: bool, controlnet_bytes: int) -> None:
    runs = [r for r in CONTROL if ((r["width"], r["height"]) not in CONTROL_FIT) == held_out
            and not r["name"].startswith("tae_")]
    assert {(r["controlnet"], r["control_net_cpu"]) for r in runs} == {(False, False), (True, False), (True, True)}
    errors = {r["name"]: (control_plan(r, controlnet_bytes).peak_vram.total / MIB - r["peak_mib"]) / r["peak_mib"]
              for r in runs}
    # at 896 px the tiny autoencoder's decode is the peak without a ControlNet on the card, and its buffer took 1.20
    # times one allocation in Vulkan's chunks where it took 1.45-1.47 at 768, 1024, 1152 and 832x1216 px (the tae_
    # runs): the planner's 1.5 puts that peak 25 % over, on the safe side
    decoder_peak = {"cn_none_896_8", "cn_cpu_896_1"} if held_out else set()
    assert all(-0.05 <= e <= (0.25 if name in decoder_peak else 0.10) for name, e in errors.items()), {
        k: f"{e:+.1%}" for k, e in errors.items()}


def test_the_stages_with_a_controlnet_are_as_measured(controlnet_bytes: int) -> None:
    # sampling: the ControlNet's buffer and weights beside the UNet's, or on the processor; decoding: sd.cpp keeps a
    # ControlNet's weights on the card until the end (the diffusion model's it frees first)
    timed = [r for r in CONTROL if r.get("sampling_peak_mib")]
    assert len(timed) >= 10
    for run in timed:
        stages = dict(control_plan(run, controlnet_bytes).stages)
        assert stages["diffusion"].total / MIB == pytest.approx(run["sampling_peak_mib"], rel=0.07), run["name"]
        if run["width"] != 896:  # the autoencoder's buffer in chunks: above
            assert stages["decode"].total / MIB == pytest.approx(run["decode_peak_mib"], rel=0.05), run["name"]


def test_the_controlnets_buffer_is_its_attention_scores_and_a_rest_by_its_tokens() -> None:
    runs = [r for r in CONTROL if r["controlnet"]]
    assert {(r["width"], r["height"]) for r in runs} >= {(512, 512), (576, 576), (640, 640), (768, 768), (896, 896),
                                                         (512, 768)}
    for run in runs:
        mib, where = run["control_net_compute"]
        predicted = controlnet_compute(ModelFamily.SD1, run["width"], run["height"], on_gpu=where == "VRAM") / MIB
        assert predicted == pytest.approx(mib, rel=0.005), run["name"]


def test_a_controlnet_on_the_processor_runs_at_its_convolution_rate(controlnet_bytes: int) -> None:
    runs = {r["name"]: r for r in CONTROL}
    # a step with it on the processor (the 16- and 8-step runs' difference), less a plain step on the card
    measured = ((runs["cn_cpu_512_16"]["sampling_s"] - runs["cn_cpu_512_8"]["sampling_s"]) / 8
                - runs["cn_none_512_16"]["sampling_s"] / 16)
    sampling = {}
    for work in (ExtraWork(), ExtraWork(control_bytes=controlnet_bytes, control_on_cpu=True)):
        plan = evaluate(SD1_Q4, H200, 2**40, 512, 512, 16, ON_THE_CARD, work)
        stages = picture_time(SD1_Q4, plan, lent_card("NVIDIA H200"), LENT_HOST, 512, 512, 16, True, work).stages
        sampling[work.control_on_cpu] = dict(stages)["sampling"]
    predicted = (sampling[True] - sampling[False]) / 16
    assert predicted == pytest.approx(measured, rel=0.25)


def test_a_controlnet_on_the_card_takes_its_measured_share_of_a_step() -> None:
    runs = {r["name"]: r for r in CONTROL}
    # the 16-step runs (the 8-step ones also compiled their pipelines): fitted, CONTROL_STEP_SHARE
    share = runs["cn_gpu_512_16"]["sampling_s"] / runs["cn_none_512_16"]["sampling_s"] - 1
    assert share == pytest.approx(CONTROL_STEP_SHARE, abs=0.02)


def test_a_controlnet_over_a_polaris_cards_largest_allocation_is_not_planned_on_it(controlnet_bytes: int) -> None:
    # its attention scores at 768 px (2.5 GiB) cannot be one allocation on a 2 GiB card; at 512 px (512 MiB) they can
    polaris = dataclasses.replace(card(8), flash_attention=True)
    work = ExtraWork(control_bytes=controlnet_bytes)
    assert evaluate(SD1_Q4, polaris, 2**35, 512, 512, 20, ON_THE_CARD, work).fits
    assert not evaluate(SD1_Q4, polaris, 2**35, 768, 768, 20, ON_THE_CARD, work).fits
    assert evaluate(SD1_Q4, polaris, 2**35, 768, 768, 20, ON_THE_CARD,
                    dataclasses.replace(work, control_on_cpu=True)).fits
