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

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from backend_bin.tools import BuildError

CPU_VARIANTS = ("x64", "sse42", "sandybridge", "haswell", "skylakex")
# what the test run builds (`setup.sh --tests`, and the Windows side beside the tests), to fit CI's time: the
# baseline, checked by its instructions; AVX without AVX2, which qemu-user plays; AVX2, this machine's. The release
# builds and tests/bench/cpu_variant_matrix.py take all five. A cache of all five serves a request for these.
TEST_CPU_VARIANTS = ("x64", "sandybridge", "haswell")
VARIANT_SETS = {"all": CPU_VARIANTS, "tests": TEST_CPU_VARIANTS}
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


def cpu_variant_flags(variants: tuple[str, ...]) -> list[str]:
    """ggml's backends loaded at run time, with these CPU variants among them."""
    return ["-DGGML_BACKEND_DL=ON", "-DGGML_CPU_ALL_VARIANTS=ON", f"-DGGML_CPU_VARIANTS={';'.join(variants)}"]


def variant_library(variant: str, windows: bool) -> str:
    """The file name ggml's loader looks for: `libggml-cpu-<variant>.so`, on Windows `ggml-cpu-<variant>.dll`."""
    return f"ggml-cpu-{variant}.dll" if windows else f"libggml-cpu-{variant}.so"


# What each variant may use, and how a disassembly shows it (AT&T syntax, `objdump -d`): a variant that uses more
# than its processor has would stop with "Illegal instruction" there, the failure these variants exist to prevent
LEVELS = ("sse2", "sse4", "avx", "avx2", "avx512")
VARIANT_LEVEL = {"x64": "sse2", "sse42": "sse4", "sandybridge": "avx", "haswell": "avx2", "skylakex": "avx512"}
_LEVEL_SIGNS = (
    ("avx512", re.compile(r"%zmm|%k[1-7]\b")),
    ("avx2", re.compile(r"\s(vfn?m(add|sub)\w*|vperm[dq]|vpermps|vpbroadcast[bwdq]|vinserti128|vextracti128"
                        r"|vp?gather\w*|vpsllv[dq]|vpsrlv[dq]|vpsrav[dq])\s")),
    ("avx", re.compile(r"%ymm|\sv(mov|add|sub|mul|div|xor|and|or|cvt|shuf|unpck|perm|broadcast|max|min|blend|insert|"
                       r"extract|zero|p)\w*\s")),
    ("sse4", re.compile(r"\s(pshufb|pmaddubsw|palignr|phaddw|phaddd|ptest|pblendvb|blendvps|pmovzx\w+|pmovsx\w+|pmulld"
                        r"|round[ps][sd]|dpps|pmaxsd|pminsd|pcmpeqq|pextr[bdq]|pinsr[bdq]|crc32\w*|pcmpgtq|popcnt)\s")),
)


def instruction_level(disassembly: str) -> str:
    """The highest processor level a disassembly's instructions need, among LEVELS."""
    for level, sign in _LEVEL_SIGNS:
        if sign.search(disassembly):
            return level
    return LEVELS[0]


def check_instruction_levels(folder: Path, variants: tuple[str, ...], windows: bool, objdump: str,
                             code_end: Callable[[Path], int | None] | None = None) -> dict[str, str]:
    """Disassemble every program and library of a build's folder and refuse one that needs more than it may: a
    CPU variant more than its processor generation has, anything else more than any x86-64 has (the programs
    must start on every processor to choose a variant at all); return each file's level, for the build's record.
    `code_end`: where a file's code ends, when data follows it in its code section (mingw's tables)."""
    allowed = {variant_library(variant, windows): VARIANT_LEVEL[variant] for variant in variants}
    missing = sorted(set(allowed) - {path.name for path in folder.iterdir()})
    if missing:
        raise BuildError(f"the build made no {', '.join(missing)}")
    levels = {}
    for path in sorted(folder.iterdir()):
        end = code_end(path) if code_end else None
        stop = [] if end is None else [f"--stop-address={end:#x}"]
        result = subprocess.run([objdump, "-d", "--no-show-raw-insn", *stop, str(path)], capture_output=True,
                                text=True, check=False)
        if result.returncode != 0:
            raise BuildError(f"{objdump} could not read {path.name}: {result.stderr.strip()}")
        levels[path.name] = instruction_level(result.stdout)
        expected = allowed.get(path.name, LEVELS[0])
        if levels[path.name] != expected:
            raise BuildError(f"{path.name} uses {levels[path.name]} instructions where {expected} was asked: "
                             "a processor of an older generation would stop with 'Illegal instruction'")
    return levels
