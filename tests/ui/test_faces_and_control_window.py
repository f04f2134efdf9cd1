"""Fix faces and ControlNet in the window: the Advanced panel's tick box puts the fix on every new picture, with
its strength; More -> Fix faces on a gallery picture queues a job that fixes that picture's own faces (here a
photograph with no face: it says so and keeps a copy, no drawing program needed); the control picture and its
ControlNet go into the request."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.generation.control import ControlNetUse
from app.core.generation.faces import FaceFix
from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import JobState
from tests.helpers.gallery_window import window_over

COFFEE = Path(__file__).parents[1] / "data" / "faces" / "coffee.png"


def test_the_tick_box_fixes_the_faces_of_each_new_picture(qtbot: QtBot, out_dir: Path, tmp_path: Path) -> None:
    out_dir.mkdir(parents=True)
    made = out_dir / "polaris-1.png"
    made.write_bytes(COFFEE.read_bytes())
    panel = window_over(qtbot, made, tmp_path / "gallery.sqlite3").panel
    assert panel.draft.request.face_fix is None
    panel.faces_and_control.fix_faces.setChecked(True)
    panel.faces_and_control.face_strength.setValue(0.3)
    assert panel.draft.request.face_fix == FaceFix(strength=0.3)
    assert panel.draft.request.face_fix == FaceFix(strength=0.3)  # the draft (and its plan) has it at once


def test_more_fix_faces_queues_the_pictures_own_fix(qtbot: QtBot, out_dir: Path, tmp_path: Path,
                                                     tiny_model: tuple[Path, Path]) -> None:
    out_dir.mkdir(parents=True)
    made = out_dir / "polaris-1.png"
    made.write_bytes(COFFEE.read_bytes())
    window = window_over(qtbot, made, tmp_path / "gallery.sqlite3")
    assert window.gallery is not None
    model, taesd = tiny_model
    window.panel.model.line_edit.setText(str(model))
    window.panel.taesd.line_edit.setText(str(taesd))
    window.panel.prompt.setPlainText("a cup of coffee")
    assert window.gallery.fix_faces_action in window.gallery.more_menu.actions()
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    before = len(window.studio.queue.jobs)
    window.gallery.fix_faces_action.trigger()
    [job] = window.studio.queue.jobs[before:]
    request = job.request
    assert isinstance(request, GenerationRequest)
    assert request.init_image == made and request.face_fix == FaceFix(only=True)
    assert "Fixing the faces of polaris-1.png" in window.status_line.status.text()
    qtbot.waitUntil(lambda: job.state.finished, timeout=180_000)
    assert job.state is JobState.DONE, job.reason  # no face is no error: the picture is kept as it is


def test_the_control_picture_and_its_controlnet_go_into_the_request(qtbot: QtBot, out_dir: Path,
                                                                    tmp_path: Path) -> None:
    out_dir.mkdir(parents=True)
    made = out_dir / "polaris-1.png"
    made.write_bytes(COFFEE.read_bytes())
    panel = window_over(qtbot, made, tmp_path / "gallery.sqlite3").panel
    panel.faces_and_control.control_picture.set_path(tmp_path / "pose.png")
    assert panel.draft.request.control is None  # a picture without its ControlNet asks for nothing yet
    panel.faces_and_control.control_net.set_path(tmp_path / "control_v11p_sd15_openpose_fp16.safetensors")
    panel.faces_and_control.control_strength.setValue(0.6)
    panel.faces_and_control.control_on_cpu.setChecked(True)
    assert panel.draft.request.control == ControlNetUse(tmp_path / "control_v11p_sd15_openpose_fp16.safetensors",
                                                        tmp_path / "pose.png", 0.6, canny=False, on_cpu=True)
