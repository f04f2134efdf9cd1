"""Real captured output: our sd.cpp build (tests/data/sdcpp-<version>/) and vulkaninfo (tests/data/vulkaninfo/)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.core.system.vulkaninfo import VulkanDevice, decode_paste, parse

CAPTURES = Path(__file__).resolve().parents[1] / "data"
SUPPORTED_VERSIONS = ("sdcpp-0.4.7",)


@dataclass(frozen=True)
class Capture:
    name: str
    stdout: bytes
    stderr: bytes
    exit_code: int


def load(case: str, version: str = SUPPORTED_VERSIONS[0]) -> Capture:
    folder = CAPTURES / version
    stderr = folder / f"{case}.stderr"
    return Capture(
        name=f"{version}/{case}",
        stdout=(folder / f"{case}.stdout").read_bytes(),
        stderr=stderr.read_bytes() if stderr.exists() else b"",
        exit_code=int((folder / f"{case}.exit").read_text(encoding="utf-8")),
    )


def vulkaninfo_devices(name: str) -> list[VulkanDevice]:
    """Devices in tests/data/vulkaninfo/NAME (sources in that folder's SOURCES.md files)."""
    return parse(decode_paste((CAPTURES / "vulkaninfo" / name).read_bytes()))
