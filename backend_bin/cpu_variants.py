"""ggml's CPU backend in one shared library per processor generation, beside each program we build.

ggml's loader (GGML_BACKEND_DL) opens every `[lib]ggml-cpu-<variant>` beside the program when it starts, asks each
for its score on this processor (0 when the processor lacks one of its instructions) and keeps the best; it says
which in its log ("load_backend: loaded CPU backend from ..."). Without this, a portable build has to assume one
processor: our Linux builds assumed AVX2 (an i5-2500 or an FX-8350 stopped with "Illegal instruction") and the
mingw builds assumed none (about 10x slower on the processor than the Linux build).

We build five of ggml's x86 variants (its table has fourteen; GGML_CPU_VARIANTS, our patch, names the subset):
the baseline any x86-64 has, SSE4.2 (Nehalem), AVX (Sandy Bridge, Bulldozer/Piledriver), AVX2 with FMA and F16C
(Haswell, Zen) and AVX-512 (Skylake-X and later). The ones left out differ from their neighbour by instructions
ggml's matrix and convolution kernels for our model types barely use (VNNI, BF16, AMX: int8 and bf16 paths).
"""

from __future__ import annotations

from pathlib import Path

CPU_VARIANTS = ("x64", "sse42", "sandybridge", "haswell", "skylakex")
CPU_VARIANTS_PATCH = Path(__file__).resolve().parent / "ggml-cpu-variants.patch"
CPU_VARIANTS_MARKER = "polaris: cpu variants subset"


def shared_library_flags() -> list[str]:
    """CMake flags for ggml as shared libraries found beside the program: $ORIGIN is the only run path (no build
    folder's path in a shipped file) and no versioned sonames (one file per library, no links to carry)."""
    return [
        "-DBUILD_SHARED_LIBS=ON",
        "-DCMAKE_BUILD_WITH_INSTALL_RPATH=ON",
        "-DCMAKE_INSTALL_RPATH=$ORIGIN",
        "-DCMAKE_PLATFORM_NO_VERSIONED_SONAME=ON",
    ]


def cpu_variant_flags() -> list[str]:
    """ggml's backends loaded at run time, with our CPU variants among them."""
    return ["-DGGML_BACKEND_DL=ON", "-DGGML_CPU_ALL_VARIANTS=ON", f"-DGGML_CPU_VARIANTS={';'.join(CPU_VARIANTS)}"]


def variant_library(variant: str, windows: bool) -> str:
    """The file name ggml's loader looks for: `libggml-cpu-<variant>.so`, on Windows `ggml-cpu-<variant>.dll`."""
    return f"ggml-cpu-{variant}.dll" if windows else f"libggml-cpu-{variant}.so"
