from __future__ import annotations

from app.core.models.backend_caps import Flavour, parse_help, version_words
from tests.helpers.captures import load


def test_our_build_is_an_sd_cli_with_the_flags_we_use() -> None:
    caps = parse_help(load("help").stdout.decode())
    assert caps.flavour is Flavour.SD_CLI
    assert caps.version == "unknown"  # the sdist has no .git, so sd.cpp cannot name its commit
    for flag in ("--model", "-m", "--diffusion-model", "--taesd", "--clip_l", "--t5xxl", "--prompt", "-p",
                 "--width", "-W", "--steps", "--seed", "--cfg-scale", "--sampling-method", "--output",
                 "--offload-to-cpu", "--max-vram", "--clip-on-cpu", "--vae-on-cpu", "--vae-tiling",
                 "--vae-tile-size", "--fa", "--diffusion-fa", "--mmap", "--preview"):
        assert caps.supports(flag), flag
    for newer in ("--backend", "--params-backend", "--stream-layers", "--auto-fit"):
        assert not caps.supports(newer), newer


def test_option_words_inside_descriptions_are_not_flags() -> None:
    # "(overrides --vae-tile-size)" sits in a continuation line of another option's description
    caps = parse_help(load("help").stdout.decode())
    assert "--vae-relative-tile-size" in caps.flags
    assert not any(flag.endswith(")") for flag in caps.flags)


def test_flavour_comes_from_the_usage_line() -> None:
    assert parse_help("usage: ./bin/sd [arguments]\n").flavour is Flavour.SD_LEGACY
    assert parse_help("Usage: C:\\sd\\sd-cli.exe [options]\n").flavour is Flavour.SD_CLI
    assert parse_help("garbage").flavour is Flavour.UNKNOWN


def test_the_version_is_said_in_words() -> None:
    # our build from the pinned source names none; an upstream release names its tag and commit
    assert version_words("stable-diffusion.cpp version unknown, commit unknown") == "The version this app comes with"
    assert version_words("stable-diffusion.cpp version master-e4c5003, commit e4c5003") == \
        "Version master-e4c5003 (e4c5003)"
    assert version_words("unknown") == "The version this app comes with"
