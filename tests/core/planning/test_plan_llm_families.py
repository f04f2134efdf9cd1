"""The planner for Z-Image Turbo and FLUX.2 klein 4B: the Qwen3 LLM text-encoder stage, their DiTs, the reference
picture of an edit, on 4, 6 and 8 GiB cards and under AMD's 2 GiB allocation cap. The presets' plans are
table-tested here; the bytes against the GPU measurements in tests/core/planning/test_plan_measured_llm.py."""

from __future__ import annotations

import pytest

from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.models.components import Components
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.planning.plan import (
    GIB,
    LLM_CUT_COMPUTE_SHARE,
    NO_EXTRA_WORK,
    Device,
    ExtraWork,
    MemoryPlan,
    diffusion_compute,
    evaluate,
    largest_tensor,
    llm_compute,
    plan_memory,
)
from tests.helpers.calibration import card
from tests.helpers.captures import load

CAPS = parse_help(load("help").stdout.decode())
PRESETS = load_catalog().presets
CARDS = {4: card(4), 6: card(6), 8: Device(8 * GIB, max_allocation=4 * GIB - 4)}  # AMD's Windows cap; RADV's


def plan(preset: str, card: int, size: int = 1024, ram: int = 16 * GIB,
         work: ExtraWork = NO_EXTRA_WORK) -> MemoryPlan:
    chosen = PRESETS[preset]
    return plan_memory(chosen.components(), CARDS[card], ram, size, size, chosen.steps, CAPS, work)


def test_the_presets_carry_their_families_defaults_and_shared_files() -> None:
    for preset, family, steps in (("z-image-turbo-q3k", ModelFamily.Z_IMAGE, 8),
                                  ("z-image-turbo-q8", ModelFamily.Z_IMAGE, 8),
                                  ("flux2-klein-4b-q4", ModelFamily.FLUX2, 4),
                                  ("flux2-klein-4b-q8", ModelFamily.FLUX2, 4)):
        chosen = PRESETS[preset]
        assert (chosen.family, chosen.steps, chosen.cfg_scale) == (family, steps, 1.0)
        assert {f.slot for f in chosen.files} == {"diffusion_model", "llm", "vae"}
        assert chosen.components().text_encoders == next(f.bytes for f in chosen.files if f.slot == "llm")
    # Z-Image decodes with FLUX.1's autoencoder: the very file the Flux preset lists, so it is fetched once
    flux_vae = next(f for f in PRESETS["flux-schnell-q4k"].files if f.slot == "vae")
    assert next(f for f in PRESETS["z-image-turbo-q3k"].files if f.slot == "vae") == flux_vae
    # and both families share one Qwen3-4B file; klein's own VAE has a name of its own
    llms = {next(f for f in p.files if f.slot == "llm") for p in PRESETS.values() if p.family in
            (ModelFamily.Z_IMAGE, ModelFamily.FLUX2)}
    assert len(llms) == 1
    klein_vae = next(f for f in PRESETS["flux2-klein-4b-q4"].files if f.slot == "vae")
    assert klein_vae.name != flux_vae.name


# (preset, card GiB): every one fits at 1024x1024 with 16 GB of RAM; the 4-bit ones on a 4 GiB card
TABLE = [("z-image-turbo-q3k", 4), ("z-image-turbo-q3k", 8), ("z-image-turbo-q8", 8), ("flux2-klein-4b-q4", 4),
         ("flux2-klein-4b-q4", 8), ("flux2-klein-4b-q8", 8), ("z-image-turbo-q8", 6), ("flux2-klein-4b-q8", 4)]


@pytest.mark.parametrize(("preset", "card"), TABLE)
def test_each_preset_fits_within_the_budget_and_the_allocation_cap(preset: str, card: int) -> None:
    chosen = plan(preset, card)
    device = CARDS[card]
    assert chosen.fits and chosen.peak_vram.total <= device.budget
    # a compute buffer is split into blocks of 1 GiB at most: what must fit one allocation is its largest tensor
    assert largest_tensor(PRESETS[preset].components(), 1024, 1024, chosen.memory) <= device.max_allocation
    for fallback in chosen.fallbacks:
        assert fallback.peak_vram.total < chosen.peak_vram.total


@pytest.mark.parametrize(("preset", "card"), TABLE)
def test_the_llm_stage_is_planned_and_the_ladder_holds_less_of_it(preset: str, card: int) -> None:
    chosen = plan(preset, card)
    family = PRESETS[preset].family
    llm = PRESETS[preset].components().text_encoders
    assert any(line.startswith("Text encoder (the Qwen3 LLM) on the ") for line in chosen.explanation)

    def text_stage(candidate: MemoryPlan) -> int:
        stage = dict(candidate.stages).get("text")
        return stage.total if stage else 0

    if chosen.placement["text_encoders"].value == "gpu":
        [(_, text)] = [s for s in chosen.stages if s[0] == "text"]
        cut = chosen.memory.max_vram_gib is not None
        assert text.compute == int(llm_compute(family) * (LLM_CUT_COMPUTE_SHARE if cut else 1))
        assert text.weights >= llm or (cut and text.total <= chosen.memory.max_vram_gib * GIB + 64 * 2**20)
        # out of memory at the LLM stage: a later rung holds less of it (cut by --max-vram, or in RAM)
        assert min(text_stage(f) for f in chosen.fallbacks) < text_stage(chosen)
    else:
        assert chosen.peak_ram >= llm + llm_compute(family)


def test_the_llm_costs_ram_and_time_on_the_cpu_and_vram_on_the_gpu() -> None:
    components = PRESETS["flux2-klein-4b-q4"].components()
    on_cpu = MemoryFlags(clip_on_cpu=True, vae_on_cpu=False, offload_to_cpu=True, diffusion_fa=True)
    on_gpu = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, offload_to_cpu=True, diffusion_fa=True)
    cpu, gpu = (evaluate(components, CARDS[8], 16 * GIB, 1024, 1024, 4, m) for m in (on_cpu, on_gpu))
    assert cpu.peak_ram - gpu.peak_ram == components.text_encoders + llm_compute(ModelFamily.FLUX2)
    assert "text" in dict(gpu.stages) and "text" not in dict(cpu.stages)
    # measured: Qwen3-4B over klein's 512 tokens took 19.9 s on 16 CPU cores (a desktop CPU 2.5 times slower)
    assert cpu.seconds > gpu.seconds + 30


def test_llm_compute_follows_the_family_s_text() -> None:
    # measured 75 MiB for klein's 512 tokens; Z-Image's is as long as the prompt (a long one counted)
    assert llm_compute(ModelFamily.FLUX2) == pytest.approx(75 * 2**20, rel=0.01)
    assert llm_compute(ModelFamily.Z_IMAGE) < llm_compute(ModelFamily.FLUX2)


def test_a_reference_picture_adds_its_tokens_and_an_encode() -> None:
    klein = PRESETS["flux2-klein-4b-q4"].components()
    assert diffusion_compute(ModelFamily.FLUX2, 1024, 1024, True, references=1) > \
        diffusion_compute(ModelFamily.FLUX2, 1024, 1024, True)
    edit = ExtraWork(references=1)
    memory = MemoryFlags(clip_on_cpu=True, vae_on_cpu=False, offload_to_cpu=True, diffusion_fa=True)
    plain = evaluate(klein, CARDS[8], 16 * GIB, 1024, 1024, 4, memory)
    edited = evaluate(klein, CARDS[8], 16 * GIB, 1024, 1024, 4, memory, edit)
    assert "encode" in dict(edited.stages) and edited.seconds > plain.seconds
    assert dict(edited.stages)["diffusion"].compute > dict(plain.stages)["diffusion"].compute
    assert plan("flux2-klein-4b-q4", 4, work=edit).fits


def test_klein_pads_its_text_to_512_tokens_and_z_image_does_not() -> None:
    flux = diffusion_compute(ModelFamily.FLUX, 1024, 1024, True)
    assert diffusion_compute(ModelFamily.FLUX2, 1024, 1024, True) > flux
    assert diffusion_compute(ModelFamily.Z_IMAGE, 1024, 1024, True) < flux


def test_components_count_the_llm_as_the_text_encoder() -> None:
    components = PRESETS["z-image-turbo-q8"].components()
    assert isinstance(components, Components) and components.family is ModelFamily.Z_IMAGE
    assert components.diffusion == 6577440704


def test_the_plan_says_how_long_the_files_take_to_read_from_a_hard_disk() -> None:
    small, large = plan("flux2-klein-4b-q4", 8), plan("z-image-turbo-q8", 8)
    [small_line] = [line for line in small.explanation if "from a hard disk" in line]
    [large_line] = [line for line in large.explanation if "from a hard disk" in line]
    seconds = lambda line: int(line.split("about ")[1].split(" s")[0])  # noqa: E731
    # klein Q4 + Qwen3 + VAE are ~5.1 GB, Z-Image Q8 + Qwen3 + AE ~9.4 GB: the LLM's read is counted in both
    assert 25 < seconds(small_line) < seconds(large_line) < 80
