"""Each memory switch in the vocabulary is a `generate` option that reaches the argv, with no other edit."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

import pytest

from app.cli.generate import add_arguments as add_generate_arguments
from app.cli.request_options import request_from_args
from app.core.generation.command import build_argv
from app.core.models.backend_caps import parse_help
from app.core.models.families import MEMORY_SWITCHES, SET_SLOTS
from tests.helpers.captures import load

CAPS = parse_help(load("help").stdout.decode())


def parse(*options: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_generate_arguments(parser)
    return parser.parse_args(["--prompt", "x", "--model", "m.gguf", *options])


@pytest.mark.parametrize("name", list(MEMORY_SWITCHES))
def test_each_memory_switch_is_an_option_that_reaches_the_argv(name: str, tmp_path: Path) -> None:
    switch = MEMORY_SWITCHES[name]
    request = request_from_args(parse(switch.flag, *(("2",) if switch.unit else ())))
    assert request.memory is not None and getattr(request.memory, name) == (2.0 if switch.unit else True)
    argv = build_argv(Path("sd-cli"), dataclasses.replace(request, seed=1), CAPS, tmp_path / "out.png")
    assert switch.flag in argv


def test_without_a_switch_the_planner_chooses() -> None:
    assert request_from_args(parse()).memory is None


def test_each_slot_is_an_option() -> None:
    options = [(f"--{name.replace('_', '-')}", f"{name}.gguf") for name in SET_SLOTS if name != "model"]
    request = request_from_args(parse(*(part for option in options for part in option)))
    assert set(request.models.given()) == set(SET_SLOTS)
