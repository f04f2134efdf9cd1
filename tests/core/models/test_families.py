"""The vocabulary's tables: every family, slot and memory switch is whole, and each reaches sd.cpp's argv."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.core.generation.command import build_argv
from app.core.generation.output import OutputParser, Stage, StageChanged
from app.core.generation.request import GenerationRequest
from app.core.models.backend_caps import parse_help
from app.core.models.families import (
    DIFFUSION_KINDS,
    FAMILIES,
    FOLDER_SLOTS,
    MEMORY_SWITCHES,
    SET_SLOTS,
    ComponentKind,
    MemoryFlags,
    ModelFamily,
    ModelFiles,
    family_of,
    family_with_kind,
    memory_options,
    slot_of_kind,
)
from app.core.system.checks import HostInfo, SystemFacts, Verdict, check_host_ram
from tests.helpers.captures import load

CAPS = parse_help(load("help").stdout.decode())  # sd.cpp 0.4.7's own --help
GIB = 2**30


@pytest.mark.parametrize("family", list(ModelFamily))
def test_each_family_has_every_field(family: ModelFamily) -> None:
    traits = FAMILIES[family]
    assert traits.words and traits.words == family.words
    assert traits.kind in (*DIFFUSION_KINDS, ComponentKind.UNKNOWN)
    assert traits.size_multiple in (8, 16) and family.size_multiple == traits.size_multiple
    for width, height in (traits.square, traits.portrait, traits.landscape):
        assert width % traits.size_multiple == 0 and height % traits.size_multiple == 0
    assert traits.portrait[0] < traits.portrait[1]
    assert traits.ram_gb > 0
    assert traits.lora_kind is None or traits.lora_kind is traits.kind
    assert traits.vae_kind in SET_SLOTS["vae"].kinds
    assert isinstance(traits.distilled, bool) and isinstance(traits.transformer, bool)
    assert isinstance(traits.edits_from_references, bool) and traits.sampler in ("euler", "euler_a")


def test_a_known_family_is_read_back_from_its_diffusion_model() -> None:
    for family, traits in FAMILIES.items():
        if family is not ModelFamily.UNKNOWN:
            assert family_of([traits.kind]) is family and family_with_kind(traits.kind) is family
    assert family_of([ComponentKind.SD3, ComponentKind.T5XXL]) is ModelFamily.UNKNOWN
    assert family_with_kind(ComponentKind.SD3) is None


def test_model_files_fields_are_the_slots_of_a_set() -> None:
    assert [f.name for f in dataclasses.fields(ModelFiles)] == list(SET_SLOTS)
    assert not set(SET_SLOTS) & set(FOLDER_SLOTS)
    # each kind of file has one slot at most
    kinds = [kind for slot in {**SET_SLOTS, **FOLDER_SLOTS}.values() for kind in slot.kinds]
    assert len(kinds) == len(set(kinds))
    assert all(slot_of_kind(kind) == "diffusion_model" for kind in DIFFUSION_KINDS)


@pytest.mark.parametrize("slot", list(SET_SLOTS))
def test_every_slot_becomes_a_flag_the_backend_has(slot: str, tmp_path: Path) -> None:
    path = tmp_path / f"{slot}.gguf"
    request = GenerationRequest(prompt="x", seed=1, memory=MemoryFlags(), models=ModelFiles(**{slot: path}))
    argv = build_argv(Path("sd-cli"), request, CAPS, tmp_path / "out.png")
    flag = SET_SLOTS[slot].flag
    assert CAPS.supports(flag)
    assert argv[argv.index(flag) + 1] == str(path)
    assert SET_SLOTS[slot].words and SET_SLOTS[slot].title and SET_SLOTS[slot].loading


@pytest.mark.parametrize("slot", list(SET_SLOTS))
def test_every_slot_loading_line_marks_the_loading_stage(slot: str) -> None:
    """sd.cpp says `loading <part> from '<path>'` for each part it reads, the LLM included."""
    events = OutputParser().feed(f"[INFO ] stable-diffusion.cpp:250 - loading {SET_SLOTS[slot].loading} from "
                                 f"'/models/x.gguf'\n".encode())
    assert StageChanged(Stage.LOADING) in events


def test_memory_flags_fields_are_the_switches_and_the_planners_decoder_tile() -> None:
    # the decoder's tile side is chosen by the planner (planning/decoder_tiles.py), never switched by the user
    assert [f.name for f in dataclasses.fields(MemoryFlags)] == [*MEMORY_SWITCHES, "vae_tile"]
    assert all(switch.words for switch in MEMORY_SWITCHES.values())


@pytest.mark.parametrize("name", list(MEMORY_SWITCHES))
def test_every_switch_becomes_a_flag_the_backend_has(name: str, tmp_path: Path) -> None:
    switch = MEMORY_SWITCHES[name]
    value = 2.5 if switch.unit else True
    memory = dataclasses.replace(MemoryFlags(clip_on_cpu=False, vae_on_cpu=False), **{name: value})
    request = GenerationRequest(prompt="x", seed=1, memory=memory, models=ModelFiles(model=tmp_path / "m.gguf"))
    argv = build_argv(Path("sd-cli"), request, CAPS, tmp_path / "out.png")
    assert CAPS.supports(switch.flag)
    assert memory_options(memory) == [(switch.flag, "2.5") if switch.unit else (switch.flag,)]
    assert switch.flag in argv


@pytest.mark.parametrize("family", list(ModelFamily))
def test_the_ram_check_knows_every_family(family: ModelFamily) -> None:
    def verdict(ram_gib: float) -> Verdict:
        host = HostInfo(int(ram_gib * GIB), int(ram_gib * GIB), frozenset({"avx2", "fma"}), "linux")
        return check_host_ram(SystemFacts(None, (), host, family=family)).status

    needed = FAMILIES[family].ram_gb
    assert verdict(needed) is Verdict.PASS
    assert verdict(needed / 2) is Verdict.FAIL
