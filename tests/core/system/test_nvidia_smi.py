"""Reading nvidia-smi's answer about the memory NVIDIA's driver keeps for itself."""

from __future__ import annotations

import pytest

from app.core.system.nvidia_smi import RESERVED_QUERY, nvidia_smi_argv, reserved_bytes


@pytest.mark.parametrize(("text", "expected"), [
    ("480\n", 480 * 2**20),  # the H100 we measured (tests/data/calibration/h100_gauge.json)
    ("  480 \r\n", 480 * 2**20),  # Windows' line ends
    ("480\n480\n", None),  # two cards: which one Vulkan chose is not matched here
    ("", None),
    ("[N/A]\n", None),  # an older driver without the field
    ("Field \"memory.reserved\" is not a valid field to query.\n", None),
])
def test_the_reservation_of_the_one_card(text: str, expected: int | None) -> None:
    assert reserved_bytes(text) == expected


def test_nvidia_smi_is_asked_only_where_it_is() -> None:
    assert nvidia_smi_argv(lambda name: None) is None
    assert nvidia_smi_argv(lambda name: f"/usr/bin/{name}") == ["/usr/bin/nvidia-smi", *RESERVED_QUERY]
