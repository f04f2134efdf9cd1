"""Real-shaped models at 1024² on the lent GPU under the Polaris feature set (command.py's POLARIS_FEATURE_SET:
no fp16, no integer dot, no matrix cores, at most 2 GiB in one allocation, 16 nodes per submit): the plan the
planner picks today for a 4 and an 8 GiB Polaris card (2 GiB allocation cap, 16 GiB RAM) runs through our sd-cli
once with the feature set and once without, while NVML samples the GPU's memory. Prints, per run, the predicted
and the measured peak (MiB above idle), whether it stayed within the card, and the wall time; a run that needed
one allocation over 2 GiB fails under the feature set (ggml refuses it), so "ok" there is the allocation check.

On the device, from the repository's root, with gpu-carry/ made as tests/bench/bench_submit_cap.sh says:
    PYTHONPATH=$PWD:$PWD/gpu-carry/site python3 tests/bench/bench_polaris_gpu.py --sd-cli /tmp/sd-cli
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.generation.command import POLARIS_FEATURE_SET  # noqa: E402
from app.core.models.backend_caps import parse_help  # noqa: E402
from app.core.planning.plan import MIB, plan_memory  # noqa: E402
from tests.bench.bench_small_models import LONG_PROMPT, STEPS, Models, measured  # noqa: E402
from tests.bench.measure_sd_gpu import Memory  # noqa: E402
from tests.helpers.calibration import HOST_RAM, card  # noqa: E402


def run(sd_cli: Path, models: Models, model: str, flags: tuple[str, ...], polaris: bool, memory: Memory) -> dict:
    env = {**os.environ, **(POLARIS_FEATURE_SET if polaris else {})}
    argv = [str(sd_cli), *models.arguments(model), "-p", LONG_PROMPT, "-W", "1024", "-H", "1024", "--steps",
            str(STEPS[model]), "--cfg-scale", "1", "-s", "42", *flags, "-o", "/tmp/polaris_gpu.png"]
    result, wall, _idle, peak = measured(memory, argv, env)
    return {"exit_code": result.returncode, "wall_s": round(wall, 2), "peak_mib": round(peak / MIB),
            "tail": "" if result.returncode == 0 else (result.stdout + result.stderr)[-600:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sd-cli", type=Path, required=True)
    parser.add_argument("--models", type=Path, default=Path("/tmp/models"))
    parser.add_argument("--model", action="append", choices=("zimage", "klein", "flux"))
    args = parser.parse_args()
    chosen = args.model or ["klein", "zimage", "flux"]
    models = Models(args.models, ["check"], chosen)
    caps = parse_help(subprocess.run([str(args.sd_cli), "--help"], capture_output=True, text=True,
                                     check=False).stdout)
    memory = Memory()
    for model in chosen:
        for budget in (4, 8):
            plan = plan_memory(models.components(model), card(budget), HOST_RAM, 1024, 1024, STEPS[model], caps)
            for polaris in (True, False):  # the first run of a model also compiles its shaders: Polaris first
                measured = run(args.sd_cli, models, model, plan.flags, polaris, memory)
                print(json.dumps({"model": model, "card_gib": budget, "polaris": polaris, "flags": plan.flags,
                                  "predicted_mib": round(plan.peak_vram.total / MIB), **measured,
                                  "within_card": measured["peak_mib"] <= budget * 1024}), flush=True)


if __name__ == "__main__":
    main()
