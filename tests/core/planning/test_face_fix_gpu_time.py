"""Fix faces' time and VRAM against what the real-shaped SD 1.5 took on the lent H200 through its Vulkan driver
(tests/data/calibration/h200_face_fix.json, from tests/bench/measure_faces_gpu.py): the estimate the window gives
once this card has drawn a picture with these files (its step's seconds and its start and loading, as
measured_speeds.estimate makes it), for the face passes of a given picture (More -> Fix faces)."""

from __future__ import annotations

import json

import pytest

from app.core.generation.prepare import img2img_steps
from app.core.models.families import MemoryFlags
from app.core.planning.learned_time import remembered, taken_time, with_start_of_its_files
from app.core.planning.plan import MIB, Device, evaluate
from app.core.planning.timing import MeasuredStep, picture_time
from app.core.planning.work import ExtraWork
from tests.helpers.calibration import CALIBRATION, LENT_HOST, lent_card, sd_components

DATA = json.loads((CALIBRATION / "h200_face_fix.json").read_text(encoding="utf-8"))
CASES = {case["name"]: case for case in DATA["cases"]}
RUNS = [run for run in DATA["runs"] if run["exit_code"] == 0]
SD1 = sd_components("sd1")  # sd15_shaped_f16.gguf: UNet, CLIP-L and VAE in f16
ON_THE_CARD = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False, diffusion_fa=True)
H200 = Device(140 * 2**30)
NATIVE = (512, 512)


def the_picture() -> dict:
    """The picture this card drew before (the fit case's warm one): what the window learns its step and start from."""
    return next(r for r in RUNS if r["case"].startswith("fit") and r["part"] == "picture" and r["repeat"] == 1)


def face_fix_estimate(case: dict, faces: int) -> float:
    picture = the_picture()
    step = MeasuredStep(picture["sampling_s"] / CASES["fit_one_face_20_0.4"]["steps"], *NATIVE)
    taken = taken_time({"loading": picture["loading_s"], "text": picture["text_s"], "sampling": picture["sampling_s"],
                        "decode": picture["decode_s"]}, picture["wall_s"], CASES["fit_one_face_20_0.4"]["steps"])
    assert taken is not None
    records = {"sd15_shaped_f16.gguf/512x512/--diffusion-fa": remembered(None, taken)}
    work = ExtraWork(encode=True, face_passes=faces, face_size=NATIVE, faces_only=True,
                     face_steps=img2img_steps(case["steps"], case["strength"]))
    width, height = case["size"]
    plan = evaluate(SD1, H200, 2**40, width, height, case["steps"], ON_THE_CARD, work)
    time = picture_time(SD1, plan, lent_card("NVIDIA H200"), LENT_HOST, width, height, case["steps"], False, work,
                        step)
    return with_start_of_its_files(time, records, "sd15_shaped_f16.gguf/other", work.runs).seconds


def measured_face_fixes(held_out: bool) -> dict[tuple[str, int], float]:
    """Each case's face passes by the clock, one sum a repeat (a cold repeat, which compiled the encoder, left out)."""
    sums: dict[tuple[str, int], float] = {}
    cold = {(r["case"], r["repeat"]) for r in RUNS if r["cold"]}
    for run in RUNS:
        key = (run["case"], run["repeat"])
        if run["part"] != "picture" and key not in cold and run["case"].startswith("held") == held_out:
            sums[key] = sums.get(key, 0.0) + run["wall_s"]
    return sums


@pytest.mark.parametrize("held_out", [False, True], ids=["fit", "held_out"])
def test_the_face_fixs_predicted_time_is_within_25_percent_of_what_it_took(held_out: bool) -> None:
    measured = measured_face_fixes(held_out)
    assert len(measured) >= (6 if held_out else 1)
    errors = {}
    for (case, repeat), seconds in measured.items():
        faces = len(CASES[case]["faces"])
        errors[f"{case}/{repeat}"] = face_fix_estimate(CASES[case], faces) / seconds - 1
    assert all(abs(e) <= 0.25 for e in errors.values()), {k: f"{e:+.1%}" for k, e in errors.items()}


def test_a_faces_pass_samples_the_steps_sd_cpp_samples_from_a_picture() -> None:
    # sd.cpp's sampling seconds a step are the picture's, so the step count is its int(steps x strength) + 1
    picture = the_picture()
    per_step = picture["sampling_s"] / CASES["fit_one_face_20_0.4"]["steps"]
    for run in (r for r in RUNS if r["part"] != "picture"):
        case = CASES[run["case"]]
        assert run["sampling_s"] / per_step == pytest.approx(img2img_steps(case["steps"], case["strength"]),
                                                             rel=0.05), run["name"]


def test_a_faces_pass_peak_vram_is_planned() -> None:
    plan = evaluate(SD1, H200, 2**40, *NATIVE, 20, ON_THE_CARD, ExtraWork(encode=True))
    for run in (r for r in RUNS if r["part"] != "picture"):
        assert -0.05 <= plan.peak_vram.total / MIB / run["peak_mib"] - 1 <= 0.10, run["name"]
