"""Throughput of each CPU variant of our sd-cli (ggml's `libggml-cpu-<variant>.so`, chosen at run time) on this
processor, for the time model's per-variant table (app/core/system/processor.py, VARIANT_SHARE_OF_AVX2).

    .venv/bin/python tests/bench/bench_cpu_variants.py [--program-dir backend_bin/bin/sd] [--size 256]

For each variant library in the program folder it makes a temporary folder holding the program's files with only
that one CPU library (ggml's loader looks beside the program and in the working folder, so sd-cli itself is copied:
/proc/self/exe resolves a link), runs the demo model there with the text encoder and the decoder on the processor
at one thread (`-t 1`; the diffusion on lavapipe, GGML_VK_VISIBLE_DEVICES=0), reads sd-cli's own seconds for text
encoding and decoding (app/core/generation/output.py) and converts them to operations per second with timing.py's
counts. The demo's parts are tiny, so those counts (scaled by `size_share`) make odd absolute rates: what carries
over is each variant's ratio to AVX2 (haswell) on the same job, side by side. A variant this processor lacks does
not load (ggml scores it 0): its row says so. Run it once on an idle machine; it takes a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.generation.output import stage_seconds  # noqa: E402
from app.core.models.components import components_from_files  # noqa: E402
from app.core.models.families import family_of  # noqa: E402
from app.core.models.model_files import inspect_model  # noqa: E402
from app.core.planning.timing import TAE_FLOPS_PER_PIXEL, VAE_DECODE_FLOPS_PER_PIXEL, text_flops  # noqa: E402
from app.core.system.processor import CpuVariant  # noqa: E402

DEMO = REPO / ".demo-model"
LOADED = re.compile(r"libggml-cpu-([\w.]+)\.so")


@dataclass(frozen=True)
class VariantRun:
    variant: CpuVariant
    loaded: str | None  # the CPU library sd-cli said it loaded
    text_s: float | None
    decode_s: float | None
    problem: str | None = None


def run_variant(program_dir: Path, variant: CpuVariant, size: int, model: Path, taesd: Path) -> VariantRun:
    library = f"libggml-cpu-{variant.value}.so"
    with tempfile.TemporaryDirectory(prefix=f"cpu-{variant.value}-") as folder:
        here = Path(folder)
        for entry in program_dir.iterdir():
            if entry.name.startswith("libggml-cpu-") and entry.name != library:
                continue
            if entry.name == "sd-cli":
                shutil.copy2(entry, here / entry.name)
            else:
                (here / entry.name).symlink_to(entry.resolve())
        env = {**os.environ, "GGML_VK_VISIBLE_DEVICES": "0", "LD_LIBRARY_PATH": str(here)}
        argv = [str(here / "sd-cli"), "-m", str(model), "--taesd", str(taesd), "-p", "a lighthouse at dusk",
                "-W", str(size), "-H", str(size), "--steps", "1", "--seed", "1", "--clip-on-cpu", "--vae-on-cpu",
                "-t", "1", "-o", str(here / "out.png"), "-v"]
        done = subprocess.run(argv, cwd=here, env=env, capture_output=True, text=True, errors="replace",
                              timeout=1800, check=False)
    output = done.stdout + done.stderr
    taking = dict(found for line in output.splitlines() if (found := stage_seconds(line)))
    loaded = LOADED.findall(output)
    problem = None if done.returncode == 0 else (
        f"exit {done.returncode}" + ("" if loaded else ", no CPU backend loaded: this processor lacks its features"))
    return VariantRun(variant, loaded[-1] if loaded else None, taking.get("text"), taking.get("decode"), problem)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--program-dir", type=Path, default=REPO / "backend_bin" / "bin" / "sd")
    parser.add_argument("--size", type=int, default=256)
    args = parser.parse_args()
    model, taesd = DEMO / "flux_tiny_clip.gguf", DEMO / "taef1_tiny.gguf"
    infos = {"model": inspect_model(model), "taesd": inspect_model(taesd)}
    components = components_from_files(infos, family_of([kind for info in infos.values() for kind in info.parts]))
    matrix_ops = text_flops(components.family, components.text_encoders)
    conv_ops = args.size**2 * (TAE_FLOPS_PER_PIXEL if components.tae else VAE_DECODE_FLOPS_PER_PIXEL)
    print(f"program folder {args.program_dir}; demo job {args.size}x{args.size}, one thread; by timing.py's counts "
          f"the text encoder is {matrix_ops / 1e9:.1f} G operations, the decoder {conv_ops / 1e9:.1f} G")
    runs = [run_variant(args.program_dir, variant, args.size, model, taesd) for variant in CpuVariant
            if (args.program_dir / f"libggml-cpu-{variant.value}.so").exists()]
    full = next((run for run in runs if run.variant is CpuVariant.HASWELL and run.text_s and run.decode_s), None)
    print(f"{'variant':12} {'loaded':12} {'text s':>7} {'decode s':>8} {'matrix G/s':>10} {'conv G/s':>8} "
          f"{'matrix/AVX2':>11} {'conv/AVX2':>9}")
    for run in runs:
        if run.text_s is None or run.decode_s is None:
            print(f"{run.variant.value:12} {run.loaded or '-':12} not measurable here ({run.problem or 'no timing'})")
            continue
        matrix, conv = matrix_ops / run.text_s, conv_ops / run.decode_s
        shares = (f"{full.text_s / run.text_s:>11.3f} {full.decode_s / run.decode_s:>9.3f}" if full and full.text_s
                  and full.decode_s else "")
        print(f"{run.variant.value:12} {run.loaded or '-':12} {run.text_s:>7.2f} {run.decode_s:>8.2f} "
              f"{matrix / 1e9:>10.1f} {conv / 1e9:>8.1f} {shares}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
