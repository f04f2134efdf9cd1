"""The variant of ggml's CPU backend our programs run on a processor, told from its flags as ggml's loader tells it,
and the words that say what a processor without AVX2 costs."""

from __future__ import annotations

import pytest

from app.core.system.processor import REQUIRED_FLAGS, VARIANT_SHARE_OF_AVX2, CpuVariant, cpu_variant, slower_words

BASE = "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 syscall nx lm"
# /proc/cpuinfo's flags of qemu's processor models (target/i386/cpu.c), the ones issue 35 runs our programs under
NEHALEM = f"{BASE} pni ssse3 cx16 sse4_1 sse4_2 popcnt lahf_lm"
SANDY_BRIDGE = f"{BASE} pni pclmulqdq ssse3 cx16 sse4_1 sse4_2 x2apic popcnt tsc_deadline_timer aes xsave avx lahf_lm"
# AMD Piledriver (the FX-8350's): AVX, FMA3 and F16C, AMD's own FMA4 and XOP, but no AVX2 nor BMI2
OPTERON_G5 = (f"{BASE} pdpe1gb pni pclmulqdq fma cx16 sse4_1 sse4_2 popcnt aes xsave avx f16c lahf_lm svm abm "
              "sse4a misalignsse 3dnowprefetch xop fma4 tbm")
HASWELL = (f"{BASE} rdtscp pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c "
           "rdrand lahf_lm abm fsgsbase bmi1 hle avx2 smep bmi2 erms invpcid rtm")
SKYLAKE_SERVER = (f"{HASWELL} mpx avx512f avx512dq rdseed adx smap clflushopt clwb avx512cd avx512bw avx512vl "
                  "xsaveopt xsavec xgetbv1 pku ospke")


@pytest.mark.parametrize(("flags", "variant"), [
    (BASE, CpuVariant.X64),
    (NEHALEM, CpuVariant.SSE42),
    (SANDY_BRIDGE, CpuVariant.SANDYBRIDGE),
    (OPTERON_G5, CpuVariant.SANDYBRIDGE),
    (HASWELL, CpuVariant.HASWELL),
    (SKYLAKE_SERVER, CpuVariant.SKYLAKEX),
], ids=["x86-64", "Nehalem", "SandyBridge", "Opteron_G5", "Haswell", "Skylake-Server"])
def test_the_variant_is_the_best_whose_every_feature_the_processor_has(flags: str, variant: CpuVariant) -> None:
    assert cpu_variant(frozenset(flags.split())) is variant


def test_one_missing_feature_drops_a_level_as_ggml_scores_it_zero() -> None:
    # a Haswell-class processor whose BMI2 is hidden (some hypervisors do) runs the AVX build
    assert cpu_variant(REQUIRED_FLAGS[CpuVariant.HASWELL] - {"bmi2"}) is CpuVariant.SANDYBRIDGE
    # AVX-512 Foundation alone (Xeon Phi) is not Skylake-X's set
    assert cpu_variant(REQUIRED_FLAGS[CpuVariant.HASWELL] | {"avx512f", "avx512cd"}) is CpuVariant.HASWELL


def test_every_variant_has_its_share_of_the_avx2_rates_and_those_below_say_so() -> None:
    assert set(VARIANT_SHARE_OF_AVX2) == set(CpuVariant)
    assert VARIANT_SHARE_OF_AVX2[CpuVariant.HASWELL] == (1.0, 1.0)
    # AVX-512 measured as fast as AVX2 on these two stages, within the passes' scatter
    assert all(0.9 < share < 1.1 for share in VARIANT_SHARE_OF_AVX2[CpuVariant.SKYLAKEX])
    for variant in (CpuVariant.X64, CpuVariant.SSE42, CpuVariant.SANDYBRIDGE):  # measured slower, both parts
        assert all(0 < share < 1.0 for share in VARIANT_SHARE_OF_AVX2[variant])
        assert slower_words(variant) is not None


def test_the_words_say_what_the_processor_lacks_and_how_much_slower_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(VARIANT_SHARE_OF_AVX2, CpuVariant.SANDYBRIDGE, (0.25, 0.5))  # 4 and 2 times slower
    assert slower_words(CpuVariant.SANDYBRIDGE) == ("Your processor has AVX but not AVX2: its parts of a picture run "
                                                    "about 3 times slower than on a newer one.")
    monkeypatch.setitem(VARIANT_SHARE_OF_AVX2, CpuVariant.X64, (0.1, 0.1))
    assert slower_words(CpuVariant.X64) == ("Your processor has SSE2 but not SSE4.2: its parts of a picture run "
                                            "about 10 times slower than on a newer one.")
    monkeypatch.setitem(VARIANT_SHARE_OF_AVX2, CpuVariant.SSE42, (0.9, 0.95))  # near full speed: nothing to say
    assert slower_words(CpuVariant.SSE42) is None
    assert slower_words(CpuVariant.HASWELL) is None and slower_words(CpuVariant.SKYLAKEX) is None
