"""The img2img input, the mask painter and the LoRA picker, on real widgets."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import write_tiny_lora
from app.core.gallery.metadata import write_metadata
from app.core.models.model_files import family_of_files
from app.services.user_dirs import current_user_dirs
from app.ui.mask_painter import MaskPainter
from app.ui.picture_input import PictureInput
from app.ui.prompt_panel import PromptPanel
from tests.helpers.drops import drop_file
from tests.helpers.gallery_window import window_over


def picture(path: Path, size: tuple[int, int] = (64, 32)) -> Path:
    Image.effect_noise(size, 40).convert("RGB").save(path)
    return path


def mask_of(painter: MaskPainter) -> np.ndarray:
    image = painter.canvas.painted
    rows = [np.frombuffer(image.constScanLine(y).tobytes()[: image.width()], np.uint8) for y in range(image.height())]
    return np.array(rows)


def drag(qtbot: QtBot, painter: MaskPainter, start: tuple[float, float], end: tuple[float, float]) -> None:
    canvas = painter.canvas
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=canvas.from_picture(QPointF(*start)))
    for step in range(1, 5):
        x = start[0] + (end[0] - start[0]) * step / 4
        y = start[1] + (end[1] - start[1]) * step / 4
        qtbot.mouseMove(canvas, canvas.from_picture(QPointF(x, y)))
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=canvas.from_picture(QPointF(*end)))


@pytest.fixture
def painter(qtbot: QtBot, tmp_path: Path) -> MaskPainter:
    widget = MaskPainter()
    qtbot.addWidget(widget)
    widget.resize(400, 300)
    widget.show()
    qtbot.waitExposed(widget)
    widget.canvas.set_picture(picture(tmp_path / "in.png"))
    return widget


def test_brush_eraser_undo_clear_and_invert(qtbot: QtBot, painter: MaskPainter, tmp_path: Path) -> None:
    Image.new("RGB", (64, 32), (20, 40, 220)).save(tmp_path / "blue.png")
    painter.canvas.set_picture(tmp_path / "blue.png")
    painter.brush_size.setValue(6)
    drag(qtbot, painter, (8, 16), (40, 16))
    mask = mask_of(painter)
    assert mask.shape == (32, 64)  # the picture's own pixels, whatever the widget's size
    assert mask[16, 10:38].min() == 255 and mask[2].max() == 0 and mask[:, 50:].max() == 0
    assert set(np.unique(mask)) == {0, 255}  # black or white, no soft edge for sd.cpp to round
    # the painted stroke shows red over the picture; the rest shows the picture as it is
    shown = painter.canvas.grab().toImage()
    on_stroke, beside = (shown.pixelColor(painter.canvas.from_picture(QPointF(24, y))) for y in (16, 2))
    assert (beside.red(), beside.green(), beside.blue()) == (20, 40, 220)  # the picture, untouched
    assert on_stroke.red() > beside.red() + 80  # tinted red
    painter.eraser.click()
    drag(qtbot, painter, (20, 16), (28, 16))
    assert mask_of(painter)[16, 22:26].max() == 0 and mask_of(painter)[16, 10] == 255
    qtbot.mouseClick(painter.undo_button, Qt.MouseButton.LeftButton)
    assert mask_of(painter)[16, 22:26].min() == 255
    qtbot.mouseClick(painter.invert_button, Qt.MouseButton.LeftButton)
    assert mask_of(painter)[2, 2] == 255 and mask_of(painter)[16, 20] == 0
    qtbot.mouseClick(painter.clear_button, Qt.MouseButton.LeftButton)
    assert not painter.canvas.has_mask()
    qtbot.mouseClick(painter.undo_button, Qt.MouseButton.LeftButton)
    assert mask_of(painter)[2, 2] == 255
    qtbot.mouseClick(painter.undo_button, Qt.MouseButton.LeftButton)
    assert mask_of(painter)[16, 20] == 255 and painter.undo_button.isEnabled()
    qtbot.mouseClick(painter.undo_button, Qt.MouseButton.LeftButton)
    assert not painter.canvas.has_mask() and not painter.undo_button.isEnabled()  # back to the start


def test_the_painted_mask_is_written_at_the_pictures_size_only_when_used(qtbot: QtBot, tmp_path: Path) -> None:
    widget = PictureInput(tmp_path / "masks")
    qtbot.addWidget(widget)
    widget.resize(500, 400)
    widget.show()
    assert not widget.options.isVisible() and widget.picture() is None
    widget.set_picture(picture(tmp_path / "in.png", (96, 64)))
    assert widget.options.isVisible() and widget.picture_size() == (96, 64)
    widget.strength.setValue(40)
    assert widget.strength_value() == 0.4 and widget.strength_label.text() == "40%"
    assert widget.mask_file() is None  # not inpainting
    widget.paint_mask.click()
    qtbot.waitExposed(widget.painter.canvas)
    assert widget.mask_file() is None  # nothing painted yet
    drag(qtbot, widget.painter, (10, 10), (50, 10))
    written = widget.mask_file()
    assert written is not None and written.parent == tmp_path / "masks" and widget.mask_file() == written
    with Image.open(written) as saved:
        assert saved.size == (96, 64) and saved.getpixel((30, 10)) == 255 and saved.getpixel((30, 50)) == 0
    drag(qtbot, widget.painter, (10, 50), (50, 50))  # painting the next job's mask leaves a queued job's alone
    second = widget.mask_file()
    assert second is not None and second != written and written.is_file()
    qtbot.mouseClick(widget.remove_button, Qt.MouseButton.LeftButton)
    assert widget.picture() is None and widget.mask_file() is None and not widget.paint_mask.isChecked()


def test_a_dropped_picture_becomes_the_input(qtbot: QtBot, tmp_path: Path) -> None:
    widget = PictureInput(tmp_path / "masks")
    qtbot.addWidget(widget)
    source = picture(tmp_path / "dropped.jpg")
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(tmp_path / "notes.txt")), QUrl.fromLocalFile(str(source))])
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    widget.dropEvent(event)
    assert widget.picture() == source and event.isAccepted()


def test_the_panel_asks_for_img2img_hires_and_loras(qtbot: QtBot, tmp_path: Path) -> None:
    empty = PromptPanel()
    qtbot.addWidget(empty)
    # no LoRA yet: no empty list beside the prompt, only the way to the folder
    assert not empty.lora_picker.names.isVisibleTo(empty) and empty.lora_picker.folder_button.isVisibleTo(empty)
    write_tiny_lora(current_user_dirs().loras)
    panel = PromptPanel()
    qtbot.addWidget(panel)
    assert panel.lora_picker.names.isVisibleTo(panel) and panel.lora_picker.insert_button.isVisibleTo(panel)
    panel.prompt.setPlainText("a lighthouse")
    assert panel.lora_picker.names.currentText() == "flux_tiny_lora"
    panel.lora_picker.weight.setValue(0.6)
    panel.prompt.moveCursor(panel.prompt.textCursor().MoveOperation.End)
    qtbot.mouseClick(panel.lora_picker.insert_button, Qt.MouseButton.LeftButton)
    assert panel.prompt.toPlainText() == "a lighthouse <lora:flux_tiny_lora:0.6>"
    assert panel.lora_picker.used.text() == "Uses: flux_tiny_lora (0.6)"
    panel.prompt.setPlainText("x <lora:gone:1>")
    assert panel.lora_picker.used.text() == "Uses: gone (1) - not in the folder"
    panel.prompt.setPlainText("a lighthouse <lora:flux_tiny_lora:0.6>")
    panel.picture.set_picture(picture(tmp_path / "in.png", (100, 72)))
    assert (panel.width_box.value(), panel.height_box.value()) == (96, 80)  # shown as the core will snap it
    request = panel.draft.request
    assert request.init_image == tmp_path / "in.png" and request.size_from_input
    assert request.lora_dir == current_user_dirs().loras and request.hires is None
    panel.width_box.setValue(256)
    panel.hires.setChecked(True)
    request = panel.draft.request
    assert not request.size_from_input and request.width == 256
    assert request.hires is not None and request.hires.scale == 2.0


def test_use_as_input_reuse_and_a_drop_on_the_picture(qtbot: QtBot, out_dir: Path, tmp_path: Path) -> None:
    out_dir.mkdir(parents=True)
    made = picture(out_dir / "polaris-1.png")
    mask = Image.new("L", (64, 32), 0)
    mask.paste(255, (0, 0, 32, 32))
    mask.save(tmp_path / "mask.png")
    write_metadata(made, "a cat\nSteps: 4, Seed: 1", {
        "prompt": "a cat", "width": 64, "height": 32, "seed": 1, "init_image": str(made), "strength": 0.3,
        "mask": str(tmp_path / "mask.png"), "loras": [{"name": "gone", "weight": 1, "file": str(tmp_path / "x")}]})
    window = window_over(qtbot, made, tmp_path / "gallery.sqlite3")
    assert window.gallery is not None
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    window.gallery.use_as_input_action.trigger()
    assert window.panel.picture.picture() == made
    window.panel.picture.set_picture(None)
    window.gallery.reuse_button.click()
    assert window.panel.picture.picture() == made and window.panel.picture.strength_value() == 0.3
    assert window.panel.picture.paint_mask.isChecked() and window.panel.picture.mask_file() is not None
    assert "these files are gone: LoRA gone" in window.status_line.status.text()
    window.gallery.upscale_actions[4].trigger()  # no upscaler downloaded: said, nothing runs
    assert "No upscaler yet" in window.status_line.status.text() and window.studio.queue.jobs == []
    other = picture(tmp_path / "other.png")
    drop_file(window.image, other)
    assert window.panel.picture.picture() == other


def test_a_square_picture_keeps_its_size_under_flux(qtbot: QtBot, tmp_path: Path, tiny_model) -> None:
    model, taesd = tiny_model
    panel = PromptPanel()
    qtbot.addWidget(panel)
    panel.picture.set_picture(picture(tmp_path / "square.png", (512, 512)))
    panel.model.set_path(model)  # the model is chosen after the picture: now the family is Flux
    panel.taesd.set_path(taesd)
    # what the window's plan does on a worker thread
    panel.draft.set_family(family_of_files(panel.draft.request.models))
    assert panel.draft.family.value == "flux"
    # Flux's Square button means 1024 x 1024: the picture's own 512 stays, as Custom
    assert (panel.width_box.value(), panel.height_box.value()) == (512, 512)
    assert panel.draft.request.size_from_input
