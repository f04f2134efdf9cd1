"""Rigs: which cards the queue runs jobs on at once, from real vulkaninfo captures, and the host RAM rule."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.core.queue.rig import card_label, ram_wait_reason, rig_cards
from app.core.system.vulkaninfo import decode_paste, parse

CAPTURES = Path(__file__).resolve().parents[2] / "data" / "vulkaninfo"
GIB = 2**30


def cards(capture: str) -> list[tuple[str, bool]]:
    devices = parse(decode_paste((CAPTURES / capture).read_bytes()))
    return [(card_label(card.device), card.ticked) for card in rig_cards(devices)]


@pytest.mark.parametrize(("capture", "expected"), [
    # two discrete cards: one job on each
    ("nvidia_h200_x2_full.txt", [("GPU 0: NVIDIA H200 (140.4 GiB)", True), ("GPU 1: NVIDIA H200 (140.4 GiB)", True)]),
    # a card and an iGPU: the iGPU is offered, unticked
    ("public/multi_gpu_nvidia_rtx3060ti_amd_igpu_windows_full.txt",
     [("GPU 0: NVIDIA GeForce RTX 3060 Ti (7.8 GiB)", True), ("GPU 1: AMD Radeon(TM) Graphics (256 MiB)", False)]),
    # a Polaris card beside llvmpipe: the CPU device is no card
    ("public/amd_rx470_radv_linux_full.txt", [("GPU 0: AMD Radeon RX 470 Graphics (RADV POLARIS10) (3.8 GiB)", True)]),
    ("lavapipe_full.txt", []),
])
def test_the_cards_of_a_machine(capture: str, expected: list[tuple[str, bool]]) -> None:
    assert cards(capture) == expected


def test_jobs_run_side_by_side_only_while_their_ram_fits_the_host() -> None:
    assert ram_wait_reason(10 * GIB, [], 4 * GIB) is None  # alone, a job always starts (its plan said why not)
    assert ram_wait_reason(10 * GIB, [10 * GIB], 24 * GIB) is None
    reason = ram_wait_reason(14 * GIB, [14 * GIB], 24 * GIB)
    assert reason == ("Waits for a running job: beside it, it would need 28.0 GiB of RAM in all and 24.0 GiB "
                      "is free.")


def test_dozens_copy_of_a_card_is_no_second_card() -> None:
    # Dozen (Vulkan on Direct3D 12) lists the same GPU again, with its memory: one card, not two
    rx470 = parse(decode_paste((CAPTURES / "public/amd_rx470_radv_linux_full.txt").read_bytes()))[0]
    dozen = parse((CAPTURES / "polaris/dozen_radeon_8060s_wsl2_summary_excerpt.txt").read_text(encoding="utf-8"))[0]
    dozen = replace(dozen, index=1, heaps=rx470.heaps)
    assert [card.device for card in rig_cards([dozen, rx470])] == [rx470]
