"""The one sampler and scheduler table (app/core/generation/samplers.py), held to sd.cpp's own --help and to A1111's
names."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from app.core.generation.samplers import (
    SAMPLERS,
    SCHEDULERS,
    sampler_and_schedule,
    sampler_name,
    sampler_named,
    scheduler_name,
    scheduler_named,
)

pytestmark = pytest.mark.windows

# A1111 1.10's own names (modules/sd_samplers_kdiffusion.py, sd_samplers_timesteps.py, sd_schedulers.py); the rest of
# ours are Forge's names or, for what neither has, sd.cpp's method in A1111's way of writing
A1111_SAMPLERS = {"euler": "Euler", "euler_a": "Euler a", "heun": "Heun", "dpm2": "DPM2", "dpm++2s_a": "DPM++ 2S a",
                  "dpm++2m": "DPM++ 2M", "lcm": "LCM", "ddim_trailing": "DDIM"}
A1111_SCHEDULERS = {"discrete": "Normal", "karras": "Karras", "exponential": "Exponential", "ays": "Align Your Steps",
                    "sgm_uniform": "SGM Uniform", "simple": "Simple", "kl_optimal": "KL Optimal"}
# sd.cpp 0.4.7's methods that the window does not offer yet
NOT_OFFERED = {"res_multistep", "res_2s", "er_sde"}


def choices(help_text: str, flag: str) -> list[str]:
    """The `one of [a, b, ...]` list of a flag in sd-cli's --help, whose description wraps onto further lines."""
    lines = help_text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:1] == [flag])
    description = " ".join(lines[at:at + 4])
    found = re.search(r"one of \[([^\]]*)\]", description)
    assert found, description
    return [name.strip() for name in found.group(1).split(",")]


@pytest.mark.backend
def test_every_sampler_and_scheduler_is_one_sd_cpp_names_in_its_own_order(sd_cli: Path) -> None:
    help_text = subprocess.run([str(sd_cli), "--help"], capture_output=True, text=True, timeout=60,
                               check=False).stdout
    methods = choices(help_text, "--sampling-method")
    assert [sampler.code for sampler in SAMPLERS] == [code for code in methods if code not in NOT_OFFERED]
    assert set(methods) >= NOT_OFFERED  # one sd.cpp dropped is said here too
    assert [scheduler.code for scheduler in SCHEDULERS] == choices(help_text, "--scheduler")


def test_the_names_are_a1111s() -> None:
    assert {s.code: s.name for s in SAMPLERS if s.code in A1111_SAMPLERS} == A1111_SAMPLERS
    assert {s.code: s.name for s in SCHEDULERS if s.code in A1111_SCHEDULERS} == A1111_SCHEDULERS


@pytest.mark.parametrize("sampler", SAMPLERS, ids=lambda sampler: sampler.code)
def test_a_sampler_is_found_by_its_code_its_name_and_its_old_words(sampler) -> None:
    for asked in (sampler.code, sampler.name, sampler.name.upper(), sampler.name.replace(" ", "_"), *sampler.also):
        assert sampler_named(asked) is sampler, asked
    assert sampler_name(sampler.code) == sampler.name


@pytest.mark.parametrize("scheduler", SCHEDULERS, ids=lambda scheduler: scheduler.code)
def test_a_scheduler_is_found_by_its_code_its_name_and_its_old_words(scheduler) -> None:
    for asked in (scheduler.code, scheduler.name, scheduler.name.lower(), *scheduler.also):
        assert scheduler_named(asked) is scheduler, asked
    assert scheduler_name(scheduler.code) == scheduler.name


def test_the_disagreements_are_gone() -> None:
    # the window said "DDIM trailing", "iPNDM" and "Discrete" where the picture's text said "DDIM", "IPNDM", "Normal"
    assert (sampler_name("ddim_trailing"), sampler_name("ipndm"), scheduler_name("discrete")) == (
        "DDIM", "IPNDM", "Normal")
    assert sampler_named("DDIM trailing").code == "ddim_trailing" and scheduler_named("Discrete").code == "discrete"


def test_the_family_default_is_named_when_none_is_asked() -> None:
    assert sampler_name(None, "euler") == "Euler" and sampler_name(None, "euler_a") == "Euler a"
    assert sampler_name("dpm++2m", "euler_a") == "DPM++ 2M"
    assert sampler_name("res_2s") == "res_2s"  # a newer backend's own, said as it is
    assert scheduler_name(None) is None


def test_an_unknown_name_is_none_and_an_old_combined_name_is_split() -> None:
    assert sampler_named("eulr") is None and scheduler_named("Polyexponential") is None
    assert sampler_and_schedule("DPM++ 2M Karras") == (sampler_named("dpm++2m"), scheduler_named("karras"))
    assert sampler_and_schedule("Euler a") == (sampler_named("euler_a"), None)
    assert sampler_and_schedule("UniPC") is None and sampler_and_schedule("") is None
