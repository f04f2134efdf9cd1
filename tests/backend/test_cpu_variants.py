"""ggml's CPU variants in our builds: each library holds only the instructions of its processor generation, every
other file runs on any x86-64, and each program starts and works on a processor without AVX2, saying which variant
it chose (qemu-user plays the older processors; the whole matrix is tests/bench/cpu_variant_matrix.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from backend_bin.cpu_variants import (
    CPU_VARIANTS,
    LEVELS,
    TEST_CPU_VARIANTS,
    VARIANT_LEVEL,
    instruction_level,
    variant_library,
)
from backend_bin.output import BIN_DIR, read_build_info
from backend_bin.windows import MINGW_OBJDUMP
from tests.helpers.image_server import SD_SERVER
from tests.helpers.processors import (
    PROCESSORS,
    chosen_variant,
    draw_as,
    have_qemu,
    llama_server_answers_as,
    sd_server_draws_as,
)

DISASSEMBLY = {
    # objdump -d --no-show-raw-insn lines, as each generation's compiler writes them
    "sse2": "  4011a0:\tmovaps %xmm0,%xmm1\n  4011a3:\tmulps  %xmm2,%xmm1\n  4011a6:\tpaddd  %xmm3,%xmm4\n",
    "sse4": "  4011a0:\tpshufb %xmm0,%xmm1\n  4011a5:\tpmovzxbw %xmm2,%xmm3\n",
    "avx": "  4011a0:\tvmulps %ymm0,%ymm1,%ymm2\n  4011a4:\tvaddps %ymm2,%ymm3,%ymm3\n",
    "avx2": "  4011a0:\tvpbroadcastd %xmm0,%ymm1\n  4011a5:\tvfmadd231ps %ymm1,%ymm2,%ymm3\n",
    "avx512": "  4011a0:\tvfmadd231ps %zmm1,%zmm2,%zmm3\n  4011a6:\tvmovups %zmm3,(%rax)\n",
}


@pytest.mark.parametrize("level", LEVELS)
def test_the_highest_generation_a_disassembly_needs_is_read(level: str) -> None:
    assert instruction_level(DISASSEMBLY[level]) == level
    assert instruction_level(DISASSEMBLY["sse2"] + DISASSEMBLY[level]) == level


def test_words_that_only_look_like_instructions_are_not_counted() -> None:
    # symbol names in calls and jumps carry our own words: `vec_dot`, `popcount_table`
    text = "  4011a0:\tcall   401000 <ggml_vec_dot_f16>\n  4011a5:\tlea    0x10(%rip),%rax  # <popcount_table>\n"
    assert instruction_level(text) == "sse2"


def test_each_variant_is_one_library_named_as_ggmls_loader_looks_for_it() -> None:
    assert set(VARIANT_LEVEL) == set(CPU_VARIANTS)
    assert variant_library("haswell", windows=False) == "libggml-cpu-haswell.so"
    assert variant_library("x64", windows=True) == "ggml-cpu-x64.dll"
    assert [VARIANT_LEVEL[variant] for variant in CPU_VARIANTS] == list(LEVELS)  # one per generation, in order


def test_the_chosen_variant_is_read_from_the_loaders_words() -> None:
    line = "load_backend: loaded CPU backend from /opt/polaris/backend_bin/libggml-cpu-sandybridge.so\n"
    assert chosen_variant("ggml_vulkan: no devices\n" + line) == "sandybridge"
    assert chosen_variant(r"load_backend: loaded CPU backend from C:\Polaris\ggml-cpu-x64.dll") == "x64"
    assert chosen_variant("load_backend: loaded Vulkan backend from ./libggml-vulkan.so") is None
    # llama-server names the loaded backend's features instead (its x64 variant has none of these)
    said = "system_info: n_threads = 2 / 2 | CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | F16C = 1 | OPENMP = 1 | \n"
    assert chosen_variant(said) == "sandybridge"
    assert chosen_variant(said.replace("AVX = 1 | ", "")) == "sse42"
    assert chosen_variant("system_info: n_threads = 2 / 2 | CPU : LLAMAFILE = 1 | OPENMP = 1 | \n") == "x64"


# --- the real builds -----------------------------------------------------------------------------------------

def _recorded(section: str) -> dict:
    record = read_build_info().get(section)
    if record is None:
        pytest.fail(f"no {section} build recorded: run ./scripts/setup.sh")
    return record


@pytest.mark.skipif(sys.platform == "win32", reason="reads the Linux build's record")
def test_each_linux_variant_holds_its_generations_instructions_and_the_rest_any_x86_64s() -> None:
    record = _recorded("linux")
    levels = record["instruction_levels"]
    assert set(TEST_CPU_VARIANTS) <= set(record["cpu_variants"])  # what the tests run, at least
    for variant in record["cpu_variants"]:
        assert levels[variant_library(variant, windows=False)] == VARIANT_LEVEL[variant]
    programs_and_libraries = {name: level for name, level in levels.items() if "ggml-cpu-" not in name}
    assert programs_and_libraries and set(programs_and_libraries.values()) == {"sse2"}
    # the record is of the files the app runs
    for name in levels:
        assert (BIN_DIR / name).is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="runs mingw-w64's objdump, a tool of the Linux cross-build")
@pytest.mark.backend
@pytest.mark.full
@pytest.mark.windows_side
def test_the_windows_baseline_variant_holds_no_avx_instruction(windows_side: object) -> None:
    baseline = BIN_DIR / variant_library("x64", windows=True)
    disassembly = subprocess.run([MINGW_OBJDUMP, "-d", "--no-show-raw-insn", str(baseline)], capture_output=True,
                                 text=True, check=True).stdout
    assert "%ymm" not in disassembly and "%zmm" not in disassembly
    assert instruction_level(disassembly) == "sse2"
    record = _recorded("windows")
    for variant in record["cpu_variants"]:
        assert record["instruction_levels"][variant_library(variant, windows=True)] == VARIANT_LEVEL[variant]


needs_qemu = pytest.mark.skipif(sys.platform == "win32" or not have_qemu(),
                                reason="qemu-user runs Linux programs as other processors (setup.sh --tests "
                                       "installs it)")


# every processor, emulated: end to end, out of the every-commit tier (.ci/when_changed.py)
@pytest.mark.full
@needs_qemu
@pytest.mark.timeout(900)
def test_sd_cli_draws_on_a_processor_without_avx2_with_the_avx_variant(sd_cli: Path, tiny_model: tuple[Path, Path],
                                                                       tmp_path: Path) -> None:
    # the i5-2500 and the Xeon E5-2600 v1/v2 beside many RX 580s: before the variants, "Illegal instruction"
    drawn = draw_as("SandyBridge", sd_cli, *tiny_model, tmp_path, timeout=840)
    assert drawn.returncode == 0, drawn.output[-3000:]
    assert drawn.variant == PROCESSORS["SandyBridge"] == "sandybridge"
    assert drawn.picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# every processor, emulated: end to end, out of the every-commit tier (.ci/when_changed.py)
@pytest.mark.full
@needs_qemu
@pytest.mark.timeout(900)
def test_sd_server_draws_on_a_processor_without_avx_with_the_variant_its_folder_holds_for_it(
        sd_cli: Path, tiny_model: tuple[Path, Path]) -> None:
    # a first-generation Core i7: SSE4.2, no AVX; the test build holds no sse42 variant, so the baseline runs
    drew, variant = sd_server_draws_as("Nehalem", SD_SERVER, *tiny_model, timeout=840)
    assert drew
    assert variant == ("sse42" if (BIN_DIR / variant_library("sse42", windows=False)).is_file() else "x64")


# every processor, emulated: end to end, out of the every-commit tier (.ci/when_changed.py)
@pytest.mark.full
@needs_qemu
@pytest.mark.timeout(300)
def test_llama_server_answers_on_an_amd_fx_like_processor_with_the_avx_variant(llama_server: Path,
                                                                               tiny_prompt_model: Path) -> None:
    # AVX, FMA, F16C and AMD's FMA4 but no AVX2, like the FX-8350
    answered, variant = llama_server_answers_as("Opteron_G5", llama_server, tiny_prompt_model, timeout=240)
    assert answered and variant == "sandybridge"
