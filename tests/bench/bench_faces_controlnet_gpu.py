"""Issue 51's GPU figures against the planner and the time model: SD 1.5 with a ControlNet on the card, on the
processor (--control-net-cpu) or none, peak VRAM measured and predicted (whole run, sampling and decoding), and Fix
faces' passes by the clock against the estimate the window gives once the card has drawn a picture with the same
files (tests/data/calibration/h200_controlnet.json and h200_face_fix.json; the tests that hold them:
tests/core/planning/test_plan_measured_tiles.py and test_face_fix_gpu_time.py).

    .venv/bin/python tests/bench/bench_faces_controlnet_gpu.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.demo import picture_models
from app.core.models.controlnet import controlnet_memory_bytes
from app.core.models.model_files import inspect_model
from app.core.planning.plan import MIB
from tests.core.planning.test_face_fix_gpu_time import CASES, face_fix_estimate, measured_face_fixes
from tests.core.planning.test_plan_measured_tiles import CONTROL, CONTROL_FIT, control_plan
from tests.helpers.model_headers import write_safetensors


def controlnet_table() -> None:
    with tempfile.TemporaryDirectory() as folder:
        spec = {t.name: (t.shape, "f16") for t in picture_models.controlnet_tensors()}
        control_bytes = controlnet_memory_bytes(inspect_model(write_safetensors(Path(folder) / "cn.safetensors",
                                                                                spec)))
    print("== SD 1.5 with a ControlNet on the H200: peak VRAM MiB, measured / predicted (error)")
    print(f"{'run':20} {'set':8} {'whole':>22} {'sampling':>22} {'decoding':>22}")

    def cell(measured: float | None, predicted: float) -> str:
        return f"{measured:6.0f} {predicted:6.0f} {predicted / measured - 1:+7.1%}" if measured else " " * 22

    for run in CONTROL:
        plan = control_plan(run, control_bytes)
        stages = dict(plan.stages)
        fit = ("decoder" if run["name"].startswith("tae_") else  # the tiny autoencoder's, priced by the 1.5 rule
               "fit" if (run["width"], run["height"]) in CONTROL_FIT else "held out")
        print(f"{run['name']:20} {fit:8} {cell(run['peak_mib'], plan.peak_vram.total / MIB):>22} "
              f"{cell(run.get('sampling_peak_mib'), stages['diffusion'].total / MIB):>22} "
              f"{cell(run.get('decode_peak_mib'), stages['decode'].total / MIB):>22}")


def face_table() -> None:
    print("\n== Fix faces on the H200 (SD 1.5 f16): the face passes by the clock, s, against the estimate")
    for held_out in (False, True):
        for (case, repeat), seconds in measured_face_fixes(held_out).items():
            predicted = face_fix_estimate(CASES[case], len(CASES[case]["faces"]))
            print(f"{case:24} repeat {repeat}  {len(CASES[case]['faces'])} face(s)  measured {seconds:5.2f}  "
                  f"predicted {predicted:5.2f}  {predicted / seconds - 1:+6.1%}")


if __name__ == "__main__":
    controlnet_table()
    face_table()
