"""Each of our Linux programs on each processor beside our users' RX 580s, played by qemu-user: does it draw (or
answer), and which of ggml's CPU variants did it choose?

    .venv/bin/python -m backend_bin.build          # all five variants (the test run builds three)
    .venv/bin/python tests/bench/cpu_variant_matrix.py [--processors Nehalem,SandyBridge] [--programs sd-cli]

Emulation is slow (tens of seconds to minutes a cell on 2 cores): the suite runs one pre-AVX2 processor
(tests/backend/test_cpu_variants.py), this script the whole matrix. Prints one row a cell as it goes, then the table.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo.picture_models import write_tiny_models  # noqa: E402
from app.core.demo.text_model import write_tiny_prompt_model  # noqa: E402
from app.core.resources import prompt_helper_name  # noqa: E402
from backend_bin.cpu_variants import CPU_VARIANTS, variant_library  # noqa: E402
from tests.helpers.processors import (  # noqa: E402
    PROCESSORS,
    draw_as,
    have_qemu,
    llama_server_answers_as,
    sd_server_draws_as,
)

BIN = REPO / "backend_bin" / "bin"
PROGRAMS = ("sd-cli", "sd-server", "llama-server")
TIMEOUT_S = 1200.0


def expected_variant(cpu: str, folder: Path) -> str:
    """The best variant this folder holds that the processor can run (a test build holds three of the five)."""
    best = CPU_VARIANTS.index(PROCESSORS[cpu])
    return next(variant for variant in reversed(CPU_VARIANTS[:best + 1])
                if (folder / variant_library(variant, windows=False)).is_file())


def run_cell(program: str, cpu: str, models: tuple[Path, Path, Path], out: Path) -> tuple[bool, str | None]:
    model, taesd, text_model = models
    if program == "sd-cli":
        drawn = draw_as(cpu, BIN / "sd-cli", model, taesd, out, TIMEOUT_S)
        return drawn.returncode == 0 and drawn.picture.is_file(), drawn.variant
    if program == "sd-server":
        return sd_server_draws_as(cpu, BIN / "sd-server", model, taesd, TIMEOUT_S)
    return llama_server_answers_as(cpu, BIN / prompt_helper_name("linux"), text_model, TIMEOUT_S)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processors", default=",".join(PROCESSORS), help="qemu CPU models, comma-separated")
    parser.add_argument("--programs", default=",".join(PROGRAMS), help="some of " + ", ".join(PROGRAMS))
    args = parser.parse_args()
    if not have_qemu():
        sys.exit("qemu-x86_64 is missing: apt install qemu-user")
    processors, programs = args.processors.split(","), args.programs.split(",")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        models = (*write_tiny_models(work), write_tiny_prompt_model(work))
        for program in programs:
            for cpu in processors:
                started = time.monotonic()
                works, variant = run_cell(program, cpu, models, work)
                folder = (BIN / prompt_helper_name("linux")).parent if program == "llama-server" else BIN
                expected = expected_variant(cpu, folder)
                row = (program, cpu, "yes" if works else "NO", variant or "-", expected,
                       f"{time.monotonic() - started:.0f}")
                print("  ".join(row), flush=True)
                rows.append(row)
    print("\n| program | processor (qemu -cpu) | works | variant chosen | expected | seconds |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    failed = [row for row in rows if row[2] != "yes" or row[3] != row[4]]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
