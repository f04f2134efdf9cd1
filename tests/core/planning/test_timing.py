"""The time model: the published RX 580 figures within 25 %, its shape (more steps and larger pictures take
longer, a riser and the CPU are slower), the cards vulkaninfo names, and a card's own measured steps."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.core.models.components import Components, components_from_files
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.models.model_files import inspect_model
from app.core.planning.plan import GIB, Device, evaluate
from app.core.planning.timing import (
    DESKTOP,
    PCIE_X1_RISER,
    PCIE_X16,
    Card,
    Host,
    MeasuredStep,
    card_for_device,
    find_card,
    measured_key,
    picture_time,
    time_json,
)
from app.core.planning.work import NO_EXTRA_WORK, ExtraWork
from app.core.system.vulkaninfo import decode_paste, parse
from tests.helpers.published_speeds import PUBLISHED, published_time

VULKANINFO = Path(__file__).resolve().parents[2] / "data" / "vulkaninfo"
SD1 = Components(ModelFamily.SD1, 1_720_000_000, 246_000_000, 167_000_000)
SDXL = Components(ModelFamily.SDXL, 5_135_000_000, 1_632_000_000, 167_000_000)
FLUX = Components(ModelFamily.FLUX, 6_500_000_000, 9_535_000_000, 160_000_000)
KLEIN = Components(ModelFamily.FLUX2, 2_300_000_000, 2_400_000_000, 336_000_000)
ZIMAGE = Components(ModelFamily.Z_IMAGE, 3_500_000_000, 2_400_000_000, 336_000_000)
ALL = [SD1, SDXL, FLUX, KLEIN, ZIMAGE]
ON_GPU = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)
ON_CPU = MemoryFlags(clip_on_cpu=True, vae_on_cpu=True)


def rx580() -> Card:
    card = find_card("Radeon RX 580 Series")
    assert card is not None
    return card


def seconds(components: Components, size: int = 1024, steps: int = 4, memory: MemoryFlags = ON_GPU,
            host: Host = DESKTOP, card: Card | None = None, work: ExtraWork = NO_EXTRA_WORK,
            measured: MeasuredStep | None = None) -> dict[str, float]:
    plan = evaluate(components, Device(8 * GIB), 32 * GIB, size, size, steps, memory, work)
    picture = picture_time(components, plan, card or rx580(), host, size, size, steps, quantized=True, work=work,
                           measured=measured)
    return dict(picture.stages) | {"total": picture.seconds}


@pytest.mark.parametrize("figure", PUBLISHED, ids=[f.name for f in PUBLISHED])
def test_the_published_rx_580_figures_are_predicted_within_25_percent(figure) -> None:
    predicted = published_time(figure)
    assert abs(predicted / figure.seconds - 1) <= 0.25, (predicted, figure.seconds, figure.source)


@pytest.mark.parametrize("components", ALL, ids=lambda c: c.family.value)
def test_more_steps_and_larger_pictures_take_longer(components: Components) -> None:
    by_steps = [seconds(components, 768, steps)["total"] for steps in (1, 4, 8, 20)]
    by_size = [seconds(components, size, 4)["total"] for size in (512, 768, 1024, 1280)]
    assert by_steps == sorted(by_steps) and len(set(by_steps)) == 4
    assert by_size == sorted(by_size) and len(set(by_size)) == 4
    # sampling grows at least in proportion to the steps; the stages around it do not
    assert seconds(components, 768, 8)["sampling"] == pytest.approx(2 * seconds(components, 768, 4)["sampling"])


@pytest.mark.parametrize("components", ALL, ids=lambda c: c.family.value)
def test_a_mining_riser_makes_offloading_slower(components: Components) -> None:
    for memory in (replace(ON_GPU, offload_to_cpu=True), replace(ON_GPU, offload_to_cpu=True, max_vram_gib=2)):
        x16 = seconds(components, memory=memory, host=Host(6, PCIE_X16))
        riser = seconds(components, memory=memory, host=Host(6, PCIE_X1_RISER))
        assert riser["moving weights"] > x16["moving weights"] > 0
        assert riser["sampling"] == x16["sampling"]
    # nothing moves over PCIe when every part stays on the card
    assert "moving weights" not in seconds(components, host=Host(6, PCIE_X1_RISER))


@pytest.mark.parametrize("components", ALL, ids=lambda c: c.family.value)
def test_stages_on_the_cpu_are_slower_and_faster_with_more_cores(components: Components) -> None:
    gpu = seconds(components)
    cpu = seconds(components, memory=ON_CPU)
    assert cpu["text"] > gpu["text"] and cpu["decode"] > gpu["decode"]
    assert cpu["sampling"] == gpu["sampling"]
    more_cores = seconds(components, memory=ON_CPU, host=Host(16))
    assert more_cores["text"] < cpu["text"] and more_cores["decode"] < cpu["decode"]


def test_a_slower_card_takes_longer_and_quantized_weights_cost_polaris_more() -> None:
    fast, slow = find_card("RX 590"), find_card("RX 470")
    assert fast is not None and slow is not None
    assert seconds(SDXL, card=slow)["sampling"] > seconds(SDXL, card=fast)["sampling"]
    plan = evaluate(SDXL, Device(8 * GIB), 32 * GIB, 1024, 1024, 4, ON_GPU)
    quantized, full = (picture_time(SDXL, plan, rx580(), DESKTOP, 1024, 1024, 4, q).seconds for q in (True, False))
    assert quantized > 2 * full  # no integer dot products: ggml-vulkan dequantizes in the shader


def test_a_card_s_own_measured_step_replaces_the_estimate_and_scales_with_size() -> None:
    measured = MeasuredStep(100.0, 1024, 1024)
    at_1024 = seconds(FLUX, 1024, 4, measured=measured)
    assert at_1024["sampling"] == pytest.approx(400.0)
    at_512 = seconds(FLUX, 512, 4, measured=measured)
    assert 50 < at_512["sampling"] < 200  # a quarter of the tokens, and Flux's text tokens besides
    estimate = seconds(FLUX, 512, 4)
    assert at_512["sampling"] / estimate["sampling"] == pytest.approx(
        400.0 / seconds(FLUX, 1024, 4)["sampling"])
    assert at_512["text"] == estimate["text"]  # only the steps were measured


def test_hires_fix_adds_a_second_pass_at_its_size() -> None:
    plain = seconds(SDXL, 768, 10)
    hires = seconds(SDXL, 768, 10, work=ExtraWork(hires_size=(1152, 1152), hires_steps=5))
    assert hires["sampling"] > plain["sampling"] + 5 * (seconds(SDXL, 1152, 1)["sampling"]) * 0.99
    assert hires["decode"] > plain["decode"]


@pytest.mark.parametrize(("text", "name"), [
    ("Radeon RX 580 Series", "Radeon RX 580"), ("AMD Radeon RX 580 2048SP (RADV POLARIS10)", "Radeon RX 580 2048SP"),
    ("rx 590", "Radeon RX 590"), ("0x67DF", "Radeon RX 470"), ("1002:67ef", "Radeon RX 460"), ("6987", "Radeon RX 550"),
    ("NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3"),
])
def test_a_card_is_found_by_name_or_polaris_pci_id(text: str, name: str) -> None:
    card = find_card(text)
    assert card is not None and card.name == name


@pytest.mark.parametrize("text", ["GeForce RTX 3060", "0x1234", "RX 5700"])
def test_a_card_outside_the_table_is_not_found(text: str) -> None:
    assert find_card(text) is None


def test_published_peaks_follow_from_the_table() -> None:
    # /work/shared/reference/polaris.md: RX 580 6.17, 2048SP 5.26, RX 470 4.94 TFLOP/s; H100 SXM5 66.9
    for text, tflops in (("RX 580", 6.17), ("RX 580 2048SP", 5.26), ("RX 470", 4.94), ("H100", 66.9)):
        card = find_card(text)
        assert card is not None and card.peak_flops / 1e12 == pytest.approx(tflops, abs=0.01)


@pytest.mark.parametrize(("name", "expected", "known", "cpu"), [
    ("public/amd_rx470_radv_linux_full.txt", "Radeon RX 470", True, False),
    ("nvidia_h200_full.txt", "NVIDIA H200", True, False),
    ("lavapipe_full.txt", None, True, True),
    ("public/intel_iris_xe_windows_full_utf16le_crlf.txt", None, False, False),
    ("public/old_sdk_1_1_nvidia_quadro_k620_linux_full.txt", "Radeon RX 470", False, False),
])
def test_the_card_vulkaninfo_names(name: str, expected: str | None, known: bool, cpu: bool) -> None:
    device = parse(decode_paste((VULKANINFO / name).read_bytes()))[0]
    card = card_for_device(device, cores=16)
    assert card.name == device.name and card.known is known and card.cpu is cpu
    if expected:
        table = find_card(expected)
        assert table is not None and (card.units, card.clock_mhz, card.bandwidth) == (
            table.units, table.clock_mhz, table.bandwidth)
    if cpu:  # lavapipe: the host's cores at its 256-bit vectors (8 lanes, two FMA units)
        assert (card.units, card.lanes) == (16, 16)


def test_measured_steps_are_kept_by_family_size_and_streaming() -> None:
    assert measured_key(ModelFamily.SDXL, 1024, 1024, False) == "sdxl/large"
    assert measured_key(ModelFamily.SDXL, 832, 1216, False) == "sdxl/large"
    assert measured_key(ModelFamily.SD1, 512, 512, True) == "sd1/small/streamed"
    assert measured_key(ModelFamily.FLUX, 768, 768, False) == "flux/medium"


def test_the_json_gives_the_whole_and_each_stage_s_share() -> None:
    plan = evaluate(FLUX, Device(8 * GIB), 32 * GIB, 1024, 1024, 4, ON_CPU)
    document = time_json(picture_time(FLUX, plan, rx580(), DESKTOP, 1024, 1024, 4, quantized=True))
    stages = document["stages"]
    assert isinstance(stages, list)
    assert [s["stage"] for s in stages] == ["text", "sampling", "decode"]
    assert sum(s["seconds"] for s in stages) == pytest.approx(document["predicted_seconds"], abs=0.1)
    assert sum(s["share"] for s in stages) == pytest.approx(1.0, abs=0.01)
    low, high = document["predicted_seconds_range"]
    assert low < document["predicted_seconds"] < high


def test_a_tiny_model_is_priced_by_its_own_size_not_by_its_family_s(tiny_model: tuple[Path, Path]) -> None:
    # the demo model is Flux-shaped but a hundred times smaller: priced as a Flux release, its 128 px picture
    # took "about 2 minutes" in the window, where it draws in seconds
    model, taesd = tiny_model
    tiny = components_from_files({"model": inspect_model(model), "taesd": inspect_model(taesd)}, ModelFamily.FLUX)
    released, demo = seconds(FLUX, size=128, memory=ON_CPU), seconds(tiny, size=128, memory=ON_CPU)
    assert demo["total"] < released["total"] / 20
    assert demo["text"] < released["text"] / 10  # its small CLIP, not a T5-XXL
