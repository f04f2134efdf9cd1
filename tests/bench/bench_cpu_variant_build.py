"""What one more CPU variant of ggml costs to build: for the one ggml we build (llama.cpp's 0.25.3, for Linux and
cross-built for Windows), ggml's CPU backend compiled once more with another processor's instructions, timed.

    .venv/bin/python tests/bench/bench_cpu_variant_build.py [--cache DIR] [--variant avx] [--jobs 2]

It configures ggml alone (its own CMake project inside each unpacked sdist the backend build left in the cache) in
a new folder, builds ggml-base first (not counted: every variant shares it), then times `--target ggml-cpu` with
the variant's instructions switched on. The sum over the two ggml builds, times the number of variants added
beyond the one built today, is what CPU variants add to a cold set-up.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from backend_bin import windows  # noqa: E402
from backend_bin.linux import BuildOptions  # noqa: E402
from backend_bin.output import default_cache_dir  # noqa: E402
from backend_bin.source import LLAMA_CPP_SDIST  # noqa: E402

# ggml's own switches per processor (the variants GGML_CPU_ALL_VARIANTS names x64, sse42, sandybridge, haswell,
# skylakex); each list sets every switch, since a native build turns most of them on by default
SWITCHES = ("GGML_SSE42", "GGML_AVX", "GGML_F16C", "GGML_FMA", "GGML_BMI2", "GGML_AVX2", "GGML_AVX512")
VARIANTS = {
    "x64": (),
    "sse42": ("GGML_SSE42",),
    "avx": ("GGML_SSE42", "GGML_AVX"),
    "avx2": ("GGML_SSE42", "GGML_AVX", "GGML_F16C", "GGML_FMA", "GGML_BMI2", "GGML_AVX2"),
    "avx512": SWITCHES,
}


def variant_flags(name: str) -> list[str]:
    on = VARIANTS[name]
    return ["-DGGML_NATIVE=OFF", *(f"-D{switch}={'ON' if switch in on else 'OFF'}" for switch in SWITCHES)]


def timed(argv: list[str]) -> float:
    started = time.monotonic()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def measure(ggml: Path, extra: list[str], variant: str, jobs: int) -> float:
    with tempfile.TemporaryDirectory(prefix="ggml-variant-") as folder:
        build = Path(folder)
        subprocess.run(["cmake", "-S", str(ggml), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        "-DBUILD_SHARED_LIBS=OFF", *extra, *variant_flags(variant)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", str(build), f"-j{jobs}", "--target", "ggml-base"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return timed(["cmake", "--build", str(build), f"-j{jobs}", "--target", "ggml-cpu"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=default_cache_dir())
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="avx")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    def work(key: str) -> Path:
        # today's cache folder, or the newest of the same build under other options (the sources are the same)
        exact = args.cache / key
        same_build = sorted(args.cache.glob(key.rsplit("-", 1)[0] + "-*/src"), key=lambda p: p.stat().st_mtime)
        return exact if exact.is_dir() or not same_build else same_build[-1].parent

    linux_work = work(BuildOptions().cache_key())
    windows_work = work(windows.WindowsOptions().cache_key())

    def cross(work: Path) -> list[str]:
        return [f"-DCMAKE_TOOLCHAIN_FILE={work / 'mingw-toolchain.cmake'}", "-DGGML_OPENMP=OFF",
                f"-DCMAKE_C_FLAGS=-include {work / 'mingw_compat.h'}"]

    builds = [
        ("ggml, Linux", linux_work / "src" / LLAMA_CPP_SDIST.subdir / "ggml", []),
        ("ggml, Windows (mingw-w64)", windows_work / "src" / LLAMA_CPP_SDIST.subdir / "ggml", cross(windows_work)),
    ]
    missing = [str(path) for _, path, _ in builds if not path.is_dir()]
    if missing:
        print(f"unpacked sources missing (run the backend builds first): {missing}", file=sys.stderr)
        return 1
    print(f"one more CPU variant ({args.variant}) of ggml's CPU backend, -j{args.jobs}:")
    total = 0.0
    for name, ggml, extra in builds:
        seconds = measure(ggml, extra, args.variant, args.jobs)
        total += seconds
        print(f"  {name:40} {seconds:6.0f} s")
    print(f"  {'both':40} {total:6.0f} s a variant; "
          f"four variants beyond today's one: {4 * total / 60:.1f} minutes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
