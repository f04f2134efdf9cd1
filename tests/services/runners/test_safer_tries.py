"""A job's safer tries: the planner's ladder walked down, and a refused picture drawn again once, on the rung that
computes it otherwise, then compared with the first try."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from app.core.gallery.image_store import BadPicture
from app.core.gallery.picture_check import PictureFault, Refusal
from app.core.models.families import MemoryFlags
from app.core.planning.plan import Breakdown, MemoryPlan
from app.core.planning.preview import PreviewMethod
from app.services.runners.safer_tries import SaferTries


def plan(memory: MemoryFlags, preview: PreviewMethod = PreviewMethod.PROJ) -> MemoryPlan:
    return MemoryPlan(memory, {}, (), Breakdown(0, 0, 0), 0, 1.0, True, (), preview=preview)


WHOLE, IN_TILES, ON_CPU = MemoryFlags(), MemoryFlags(vae_tiling=True), MemoryFlags(vae_on_cpu=True)


def test_the_ladder_is_walked_down_and_a_rung_drops_those_before_it() -> None:
    tries = SaferTries.planned([plan(WHOLE, PreviewMethod.TAE), plan(IN_TILES), plan(ON_CPU)], automatic=True)
    first = tries.take()
    assert first is not None and first.memory == WHOLE and tries.preview is PreviewMethod.TAE
    chosen = tries.take(1)
    assert chosen is not None and chosen.memory == ON_CPU and tries.preview is PreviewMethod.PROJ
    assert tries.take() is None


def test_the_users_own_memory_settings_have_no_safer_plan() -> None:
    tries = SaferTries.planned([plan(WHOLE), plan(IN_TILES)], automatic=False)
    assert tries.take() is None
    assert "automatic placement may fit" in tries.out_of_memory("out of video memory")
    assert "Even the safest" in SaferTries.planned([], automatic=True).out_of_memory("out of video memory")


def test_a_refused_picture_is_drawn_again_once_and_a_doubt_drawn_the_same_is_the_models(tmp_path: Path) -> None:
    tries = SaferTries.planned([plan(IN_TILES), plan(ON_CPU)], automatic=True)
    tries.take()
    rung = tries.rung_to_redraw(IN_TILES)
    assert rung is not None and tries.plans[rung].memory == ON_CPU
    staged = tmp_path / "picture.png"
    Image.new("RGB", (64, 64), (10, 10, 10)).save(staged)
    tries.keep_first_try(staged)
    assert tries.first_try is not None and tries.first_try.is_file() and not staged.exists()
    assert tries.rung_to_redraw(ON_CPU) is None  # once only
    Image.new("RGB", (64, 64), (10, 10, 10)).save(staged)  # the safer rung drew the same
    first = tries.first_try
    assert tries.drew_the_same(staged, BadPicture(Refusal(PictureFault.MOSTLY_FLAT, (10, 10, 10))))
    assert not first.exists() and tries.first_try is None


def test_nothing_drawn_is_never_the_models_picture_and_the_first_try_goes_with_the_job(tmp_path: Path) -> None:
    tries = SaferTries.planned([plan(IN_TILES), plan(ON_CPU)], automatic=True)
    staged = tmp_path / "picture.png"
    Image.new("RGB", (64, 64)).save(staged)
    tries.keep_first_try(staged)
    Image.new("RGB", (64, 64)).save(staged)
    assert not tries.drew_the_same(staged, BadPicture(Refusal(PictureFault.BLACK, (0, 0, 0))))
    tries.keep_first_try(staged)
    first = tries.first_try
    assert first is not None and first.is_file()
    tries.close()
    assert not first.exists()
