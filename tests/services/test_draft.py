"""The job being edited in the window: reuse puts back what a picture says and keeps the rest; a change that
changes nothing is not a change (the plan is not asked again)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.gallery.metadata import ReusableSettings
from app.core.generation.request import GenerationRequest
from app.services.draft import Draft


def test_reuse_puts_back_what_the_picture_says_and_keeps_the_rest(qtbot: QtBot, tmp_path: Path) -> None:
    draft = Draft()
    draft.edit(GenerationRequest(prompt="uma raposa", steps=20, seed=7, cfg_scale=3.5, styles=("Anime",),
                                 prompt_as_written="a fox", ref_images=(tmp_path / "old.png",), clip_skip=2))
    with qtbot.waitSignal(draft.changed):
        draft.reuse(ReusableSettings("a lighthouse", "fog", {"width": 768, "height": 512, "sampler": "euler"}))
    request = draft.request
    assert (request.prompt, request.negative_prompt, request.width, request.height, request.sampler) == (
        "a lighthouse", "fog", 768, 512, "euler")
    assert (request.steps, request.seed, request.cfg_scale) == (20, 7, 3.5)  # the picture does not say: kept
    # the prompts that ran, their styles in them; the picture it edited, none
    assert (request.styles, request.prompt_as_written, request.ref_images) == ((), "", ())
    assert not request.size_from_input
    # a picture without a clip skip was drawn with its model's own, as one without a sampler
    assert request.clip_skip is None
    draft.reuse(ReusableSettings("a lighthouse", values={"clip_skip": 3}))
    assert draft.request.clip_skip == 3
    with qtbot.assertNotEmitted(draft.changed):
        draft.reuse_seed(7)
    draft.edit_picture(tmp_path / "made.png")
    assert draft.request.ref_images == (tmp_path / "made.png",)
