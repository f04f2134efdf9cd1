"""Which of our programs' processor variants runs on this computer: ggml's CPU backend is built once per SIMD level
(`libggml-cpu-<variant>`), and ggml's loader picks at run time the best one whose every required feature the
processor reports (ggml-cpu/arch/x86/cpu-feats.cpp, `ggml_backend_cpu_x86_score`: a variant missing one of its
features scores 0, and each feature it has adds to its score, so the variant with the most features wins).

Pure: a function of the processor's flags as /proc/cpuinfo names them (the Windows probe names them the same way).
"""

from __future__ import annotations

from enum import StrEnum

from app.core.words import translate


class CpuVariant(StrEnum):
    """The variants our programs carry, from the x86-64 baseline up (ggml's GGML_CPU_ALL_VARIANTS names)."""

    X64 = "x64"
    SSE42 = "sse42"
    SANDYBRIDGE = "sandybridge"
    HASWELL = "haswell"
    SKYLAKEX = "skylakex"


# what each variant is compiled for (ggml/src/CMakeLists.txt: ggml_add_cpu_backend_variant), as /proc/cpuinfo's
# flags; AVX-512 there is the five parts /arch:AVX512 and -mavx512{f,cd,vl,dq,bw} turn on, all checked at run time
_SSE42 = frozenset({"sse4_2"})
_AVX = _SSE42 | {"avx"}
_AVX2 = _AVX | {"f16c", "fma", "avx2", "bmi2"}
_AVX512 = _AVX2 | {"avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"}
REQUIRED_FLAGS: dict[CpuVariant, frozenset[str]] = {
    CpuVariant.X64: frozenset(), CpuVariant.SSE42: _SSE42, CpuVariant.SANDYBRIDGE: _AVX,
    CpuVariant.HASWELL: _AVX2, CpuVariant.SKYLAKEX: _AVX512,
}


# each variant's throughput against AVX2 (haswell): (matrices, the text encoder; convolutions, the image decoder),
# measured with our programs' own variant libraries, one thread, the demo job side by side (256 px, text encoder and
# decoder on the processor):
#     .venv/bin/python tests/bench/bench_cpu_variants.py --program-dir DIR
# The figures are the medians of six passes on the lent machine's cores (an idle Intel Xeon of the Sapphire Rapids
# generation, 16 cores, AVX-512), each variant's seconds (text / decode) being
#     x64 8.13 / 20.81, sse42 1.88 / 17.04, sandybridge 1.25 / 19.04, haswell 1.18 / 4.72, skylakex 1.14 / 5.10
# (the text encoder's share scatters by up to half from pass to pass: its demo work is about a second; the decoder's
# by a fifth). One pass on this project's 2-core AMD EPYC (AVX2, no AVX-512; the machine shared, load ~5.5) agreed
# within that: x64 0.05 / 0.30, sse42 0.56 / 0.40, sandybridge 0.56 / 0.28 of AVX2.
# Without SSSE3 ggml's quantized dot products fall back to plain C code (the demo's q4_0 text encoder is about 8
# times slower on the x64 baseline); without F16C each f16 value is converted through a lookup table, one at a time
# (the decoder is about 4 times slower below AVX2). AVX-512 adds nothing measurable to these two stages.
# The time model (app/core/planning/timing.py) scales the lent machine's AVX2 rates by these.
VARIANT_SHARE_OF_AVX2: dict[CpuVariant, tuple[float, float]] = {
    CpuVariant.X64: (0.127, 0.236),
    CpuVariant.SSE42: (0.557, 0.285),
    CpuVariant.SANDYBRIDGE: (0.756, 0.242),
    CpuVariant.HASWELL: (1.0, 1.0),
    CpuVariant.SKYLAKEX: (0.988, 0.941),
}


def slowdown(variant: CpuVariant) -> float:
    """How many times longer this variant takes than AVX2 over the processor's stages (matrices and convolutions
    alike, on average)."""
    matrix, conv = VARIANT_SHARE_OF_AVX2[variant]
    return (1 / matrix + 1 / conv) / 2


def cpu_variant(flags: frozenset[str]) -> CpuVariant:
    """The variant ggml's loader runs on a processor with these flags (each variant needs all of the one below's
    features, so the best that fits is the one with the most)."""
    return max((variant for variant, needed in REQUIRED_FLAGS.items() if needed <= flags),
               key=lambda variant: len(REQUIRED_FLAGS[variant]))


def lacking_words(variant: CpuVariant) -> str | None:
    """'AVX but not AVX2': what the processor has and the next level it lacks; None from AVX2 up."""
    return {CpuVariant.X64: translate("Processor", "SSE2 but not SSE4.2"),
            CpuVariant.SSE42: translate("Processor", "SSE4.2 but not AVX"),
            CpuVariant.SANDYBRIDGE: translate("Processor", "AVX but not AVX2")}.get(variant)


def slower_words(variant: CpuVariant) -> str | None:
    """'Your processor has AVX but not AVX2: its parts of a picture run about 3 times slower than on a newer one.'
    None where the processor runs them at about full speed."""
    lacking, times = lacking_words(variant), slowdown(variant)
    if lacking is None or times < 1.5:
        return None
    return translate("Processor", "Your processor has {lacking}: its parts of a picture run about {times} times "
                                  "slower than on a newer one.").format(lacking=lacking, times=f"{times:.0f}")
