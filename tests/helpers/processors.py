"""Our programs on other processors: qemu-user runs a Linux program as an older (or newer) x86-64 processor, and
ggml's loader, asking that processor what it has, chooses the CPU variant it would choose on a real one.

qemu's emulator (TCG) has SSE4.2, AVX, FMA, F16C and AVX2 but no AVX-512 (Debian 12's qemu 7.2 says "TCG doesn't
support requested feature" for it): `-cpu Skylake-Server` runs as a Haswell, so the AVX-512 variant is checked by
its instructions only (tests/backend/test_cpu_variants.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

QEMU = "qemu-x86_64"
# the processors beside our users' RX 580s, as qemu models them, and the variant ggml must choose on each
PROCESSORS = {
    "Nehalem": "sse42",  # SSE4.2, no AVX: first-generation Core i5/i7, Xeon X5600
    "SandyBridge": "sandybridge",  # AVX, no AVX2: i5-2500, Xeon E5-2600 v1/v2 on X79 boards
    "Opteron_G5": "sandybridge",  # AVX with FMA and F16C (and AMD's FMA4), no AVX2: like the FX-8350
    "Haswell": "haswell",  # AVX2, FMA, F16C: Haswell and later, Ryzen
    "Skylake-Server": "haswell",  # AVX-512 asked, but qemu's emulator lacks it: it runs as a Haswell
}
CHOSEN = re.compile(r"loaded CPU backend from (?P<path>\S*?ggml-cpu-(?P<variant>\w+)\.(?:so|dll))")
# an emulated processor runs our programs 20-100x slower: only the processor works (no Vulkan device at all)
NO_VULKAN_DEVICE = {"VK_ICD_FILENAMES": "/nonexistent-icd.json", "VK_DRIVER_FILES": "/nonexistent-icd.json"}


def have_qemu() -> bool:
    return shutil.which(QEMU) is not None


def as_processor(cpu: str, argv: list[str]) -> list[str]:
    return [QEMU, "-cpu", cpu, *argv]


def chosen_variant(output: str) -> str | None:
    """The CPU variant ggml's loader says it loaded, from a program's output."""
    found = CHOSEN.search(output)
    return found.group("variant") if found else None


def emulated_environment() -> dict[str, str]:
    return {**os.environ, **NO_VULKAN_DEVICE}


@dataclass(frozen=True)
class Drawn:
    returncode: int
    output: str
    picture: Path

    @property
    def variant(self) -> str | None:
        return chosen_variant(self.output)


def draw_as(cpu: str, sd_cli: Path, model: Path, taesd: Path, out: Path, timeout: float) -> Drawn:
    """sd-cli draws the tiny test model's 64x64 picture in one step on the emulated processor alone."""
    picture = out / f"{cpu}.png"
    argv = as_processor(cpu, [str(sd_cli), "-m", str(model), "--taesd", str(taesd), "-p", "a red fox", "-W", "64",
                              "-H", "64", "--steps", "1", "--cfg-scale", "1", "-s", "7", "-t", "2", "-o", str(picture),
                              "-v"])
    result = subprocess.run(argv, capture_output=True, text=True, errors="replace", env=emulated_environment(),
                            timeout=timeout, check=False)
    return Drawn(result.returncode, result.stdout + result.stderr, picture)
