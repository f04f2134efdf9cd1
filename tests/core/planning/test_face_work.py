"""Fix faces in the plan and the time model: each face's pass at the family's native size is counted, and a
request with the fix is prepared with one face's pass."""

from __future__ import annotations

from pathlib import Path

from app.core.generation.faces import FaceFix
from app.core.generation.prepare import WhatIf, prepare
from app.core.generation.request import GenerationRequest
from app.core.models.components import Components
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.planning.plan import GIB, Device, evaluate
from app.core.planning.timing import picture_time
from app.core.planning.work import ExtraWork
from tests.core.planning.test_timing import DESKTOP, rx580

SD1 = Components(ModelFamily.SD1, 1_720_000_000, 246_000_000, 167_000_000)
ON_GPU = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)


def _time(work: ExtraWork, size: int = 384) -> dict[str, float]:
    plan = evaluate(SD1, Device(8 * GIB), 32 * GIB, size, size, 20, ON_GPU, work)
    picture = picture_time(SD1, plan, rx580(), DESKTOP, size, size, 20, quantized=True, work=work)
    return dict(picture.stages)


def test_each_face_pass_adds_its_steps_encode_and_decode_at_the_native_size() -> None:
    plain = _time(ExtraWork())
    one = _time(ExtraWork(face_passes=1, face_size=(512, 512), face_steps=8))
    two = _time(ExtraWork(face_passes=2, face_size=(512, 512), face_steps=8))
    native_steps = _time(ExtraWork(), 512)["sampling"] / 20
    added = one["sampling"] - plain["sampling"]
    assert abs(added - 8 * native_steps) < 0.01 * added
    assert two["sampling"] - plain["sampling"] > 1.99 * added
    assert one["decode"] > plain["decode"] and one.get("encode", 0) > 0


def test_the_plan_holds_the_face_pass_at_its_larger_native_size() -> None:
    small = evaluate(SD1, Device(8 * GIB), 32 * GIB, 256, 256, 20, ON_GPU, ExtraWork())
    faced = evaluate(SD1, Device(8 * GIB), 32 * GIB, 256, 256, 20, ON_GPU,
                     ExtraWork(face_passes=1, face_size=(512, 512), face_steps=8))
    assert faced.peak_vram.total > small.peak_vram.total


def test_a_request_with_the_fix_is_prepared_with_one_faces_pass() -> None:
    request = GenerationRequest("a portrait", width=512, height=768, steps=20, models=ModelFiles(model=Path("m")),
                                face_fix=FaceFix(strength=0.4))
    prepared = prepare(request, None, WhatIf(SD1, quantized=False))
    # sd.cpp samples int(20 x 0.4) + 1 steps from the crop (measured: h200_face_fix.json)
    assert (prepared.work.face_passes, prepared.work.face_size, prepared.work.face_steps) == (1, (512, 512), 9)


def test_fixing_a_given_pictures_faces_counts_only_the_faces_passes() -> None:
    faces = ExtraWork(face_passes=1, face_size=(512, 512), face_steps=8, encode=True)
    only = _time(ExtraWork(face_passes=1, face_size=(512, 512), face_steps=8, faces_only=True, encode=True))
    native_steps = _time(ExtraWork(), 512)["sampling"] / 20
    assert abs(only["sampling"] - 8 * native_steps) < 0.01 * only["sampling"]
    assert only["sampling"] < _time(faces)["sampling"]
