"""nvidia-smi, the one place that reads it: the video memory NVIDIA's driver keeps for itself.

Vulkan's memory budget counts that reservation as used by someone, so a gauge built on it reads high by as much:
480 MiB on the H100 we measured (tests/data/calibration/h100_gauge.json), the whole of the ~500 MiB it read above
nvidia-smi. Vulkan has no figure for it; nvidia-smi has (`memory.reserved`). Other vendors' drivers keep theirs
out of the heap sizes they report, as far as we have seen.
"""

from __future__ import annotations

from collections.abc import Callable

MIB = 2**20
# one line a GPU, in MiB: "480"
RESERVED_QUERY = ("--query-gpu=memory.reserved", "--format=csv,noheader,nounits")


def nvidia_smi_argv(which: Callable[[str], str | None]) -> list[str] | None:
    """How to ask nvidia-smi for the reservation; None where there is no nvidia-smi (no NVIDIA driver)."""
    program = which("nvidia-smi")
    return [program, *RESERVED_QUERY] if program else None


def reserved_bytes(text: str) -> int | None:
    """The reservation of the one NVIDIA card nvidia-smi lists; None for several cards (which one the gauge shows
    is Vulkan's choice, not matched here), for none, or for text that is not its answer."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) != 1 or not lines[0].isdigit():
        return None
    return int(lines[0]) * MIB
