"""`python -m app plan --card ...`: a card that is not in this PC, its memory plan and how long a picture takes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.integration.test_plan_cli import plan


def document(*args: str) -> dict:
    result = plan("--ram", "16GB", "--json", *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_card_by_name_plans_its_memory_and_time(sd_cli: Path) -> None:
    rx580 = document("--preset", "flux-schnell-q4k", "--card", "Radeon RX 580 Series", "--cores", "6")
    assert rx580["time_card"] == "Radeon RX 580"
    assert rx580["predicted_peak_vram_bytes"] < 8 * 2**30  # the card's 8 GB, not this PC's
    stages = {stage["stage"]: stage for stage in rx580["stages"]}
    assert stages["sampling"]["share"] > 0.5  # 12B parameters at 1024 px on Polaris: the drawing dominates
    assert sum(stage["seconds"] for stage in rx580["stages"]) == pytest.approx(rx580["predicted_seconds"], abs=0.1)
    low, high = rx580["predicted_seconds_range"]
    assert 600 < low < rx580["predicted_seconds"] < high < 3600  # the published ~14 minutes lies inside


def test_a_pci_id_names_the_slowest_card_of_its_chip(sd_cli: Path) -> None:
    common = ("--preset", "sd15", "--width", "512", "--height", "512", "--steps", "20", "--cores", "6")
    by_id = document(*common, "--card", "0x67DF")
    rx590 = document(*common, "--card", "RX 590")
    assert by_id["time_card"] == "Radeon RX 470"
    assert by_id["predicted_seconds"] > rx590["predicted_seconds"]


def test_a_mining_riser_slows_a_plan_that_moves_weights(sd_cli: Path) -> None:
    common = ("--preset", "flux-schnell-q4k", "--card", "RX 580", "--vram", "4GiB", "--ram", "24GB", "--cores", "6")
    x16, riser = document(*common), document(*common, "--riser")
    assert "--offload-to-cpu" in x16["flags"]
    moving = [{s["stage"]: s["seconds"] for s in d["stages"]}["moving weights"] for d in (x16, riser)]
    assert moving[1] > moving[0] > 0


def test_the_plan_says_how_long_in_words(sd_cli: Path) -> None:
    result = plan("--preset", "sd15", "--card", "Radeon RX 580 2048SP", "--ram", "16GB", "--width", "512",
                  "--height", "512", "--steps", "20")
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stdout.splitlines() if line.startswith("About ")]
    assert len(said) == 1 and "a picture on the Radeon RX 580 2048SP" in said[0]


def test_an_unknown_card_is_explained_and_no_card_named_is_this_pc(sd_cli: Path) -> None:
    unknown = plan("--preset", "sd15", "--card", "GeForce 256", "--ram", "16GB")
    assert unknown.returncode == 2 and "no card 'GeForce 256' in our table" in unknown.stderr
    # issue 52: with no card named, the plan is this PC's, as the window makes it (lavapipe here: its processor)
    this_pc = plan("--preset", "sd15", "--ram", "16GB")
    assert this_pc.returncode == 0, this_pc.stderr
    assert "on this computer's processor" in this_pc.stdout
