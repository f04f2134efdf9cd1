"""'Edit this picture' from the gallery's More menu, or a picture dropped on the image: offered once a FLUX.2 klein
model is chosen, it makes the next request an edit of that picture (sd.cpp's --ref-image) with the prompt as the
instruction; with any other model a dropped picture is the one to start from (img2img)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pytestqt.qtbot import QtBot

from app.core.gallery.metadata import write_metadata
from app.core.models.families import ModelFamily
from tests.helpers.drops import drop_file
from tests.helpers.gallery_window import window_over


def test_edit_this_picture_follows_the_model_family(qtbot: QtBot, out_dir: Path, tmp_path: Path,
                                                    tiny_klein, tiny_model) -> None:
    out_dir.mkdir(parents=True)
    made = out_dir / "polaris-1.png"
    Image.new("RGB", (64, 64), "white").save(made)
    kept = tmp_path / "reference-1.png"
    Image.new("RGB", (64, 64), "black").save(kept)
    write_metadata(made, "a cat\nSteps: 4, Seed: 1", {"prompt": "a cat", "width": 64, "height": 64, "seed": 1,
                                                      "ref_images": [str(kept), str(tmp_path / "gone.png")]})
    window = window_over(qtbot, made, tmp_path / "gallery.sqlite3")
    assert window.gallery is not None
    assert window.gallery.edit_action in window.gallery.more_menu.actions()
    assert not window.gallery.edit_action.isEnabled()  # no klein model chosen yet: greyed out, it says why
    assert window.gallery.edit_action.text() == "Edit this picture (needs a FLUX.2 klein model)"
    model, llm, vae = tiny_klein
    panel = window.panel
    with qtbot.waitSignal(panel.draft.family_changed):
        panel.diffusion_model.line_edit.setText(str(model))
        panel.llm.line_edit.setText(str(llm))
        panel.vae.line_edit.setText(str(vae))
    assert panel.draft.family is ModelFamily.FLUX2 and window.gallery.edit_action.isEnabled()
    assert window.gallery.edit_action.text() == "Edit this picture"
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    window.gallery.edit_action.trigger()
    assert panel.draft.request.ref_images == (made,) and panel.draft.request.init_image is None
    assert panel.edit_label.isVisible() and "Editing polaris-1.png" in panel.edit_label.text()
    assert "edits polaris-1.png" in window.status_line.status.text()
    panel.stop_editing.click()
    assert panel.draft.request.ref_images == () and not panel.edit_label.isVisible()
    # a picture dropped on the image is the one to edit too, not the one to start from
    drop_file(window.image, kept)
    assert panel.draft.request.ref_images == (kept,) and panel.draft.request.init_image is None
    panel.stop_editing.click()
    # back to editing, then a model that cannot edit: the offer and the edit go away
    window.gallery.edit_action.trigger()
    flux, taesd = tiny_model
    with qtbot.waitSignal(panel.draft.family_changed):
        for field in (panel.diffusion_model, panel.llm, panel.vae):
            field.line_edit.setText("")
        panel.model.line_edit.setText(str(flux))
        panel.taesd.line_edit.setText(str(taesd))
    assert panel.draft.family is ModelFamily.FLUX and not window.gallery.edit_action.isEnabled()
    assert panel.draft.request.ref_images == ()
    drop_file(window.image, kept)  # Flux cannot edit: the dropped picture is where the next image starts
    assert panel.draft.request.ref_images == () and panel.picture.picture() == kept

