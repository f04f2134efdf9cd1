"""Choosing a model is choosing a picture style, not a file: the picker names models, the path boxes show file
names, and the Models window recommends, for the card the Machine found, what fits and how long a picture takes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFormLayout, QLabel
from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import DEMO_MODEL_DIR
from app.core.models.catalog import load_catalog
from app.services.studio import Studio
from app.ui.launch import load_demo
from app.ui.main_window import MainWindow
from app.ui.models_window import ModelsWindow
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo
from tests.helpers.local_catalog import preset_files, write_catalog


def picker_labels(window: MainWindow) -> list[str]:
    picker = window.panel.model_picker
    return [picker.itemText(i) for i in range(picker.count())]


def test_the_picker_names_the_demo_model_and_your_own_files(qtbot: QtBot, tmp_path: Path, out_dir: Path,
                                                            tiny_model: tuple[Path, Path]) -> None:
    files = preset_files(1000)
    models_dir = tmp_path / "models"
    models_dir.mkdir()
    for name, data, _ in files.values():
        (models_dir / name).write_bytes(data)
    window = MainWindow(Studio(out_dir), catalog=write_catalog(tmp_path / "c.json", "https://x", files),
                        models_dir=models_dir)
    qtbot.addWidget(window)
    window.show()
    assert picker_labels(window) == ["No model chosen yet", "Local Flux (1000 bytes)"]
    load_demo(window.panel)
    assert window.panel.model_picker.currentText() == "Demo (random noise)"
    assert "Files chosen in Advanced" not in picker_labels(window)

    model, taesd = tiny_model
    mine = Path(shutil.copy(model, tmp_path / "my_model.gguf"))
    window.panel.taesd.set_path(taesd)
    window.panel.model.set_path(mine)
    # the file's name without its folder, then the family its header makes, once the plan has read it
    qtbot.waitUntil(lambda: window.panel.model_picker.currentText() == "my_model — Flux", timeout=30_000)
    assert window.panel.model_picker.toolTip().splitlines() == [str(mine), str(taesd)]
    assert picker_labels(window) == ["my_model — Flux", "Local Flux (1000 bytes)"]


def test_a_path_box_shows_the_file_name_and_the_whole_path_when_asked(qtbot: QtBot, out_dir: Path) -> None:
    window = MainWindow(Studio(out_dir))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.advanced_toggle.setChecked(True)
    load_demo(window.panel)
    box = window.panel.model.line_edit
    qtbot.waitExposed(box)
    assert box.shown_text() == "flux_tiny_clip.gguf"
    assert box.toolTip() == box.text() and Path(box.text()) == DEMO_MODEL_DIR / "flux_tiny_clip.gguf"
    assert box.width() > box.fontMetrics().horizontalAdvance(box.shown_text())  # the whole name fits at 1366 px
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    assert box.shown_text() == box.text()  # editing: the whole path


def bar_labels(models: ModelsWindow) -> list[str]:
    form = models.findChild(QFormLayout)
    assert isinstance(form, QFormLayout)
    labels = [form.labelForField(bar) for bar in (models.file_progress, models.overall_progress)]
    return [label.text() for label in labels if isinstance(label, QLabel)]


@pytest.mark.parametrize(("capture", "card", "pick"), [
    # a real 4 GB Polaris 10 card under RADV (the chip of the RX 570; no capture of an RX 570 itself was found)
    ("public/amd_rx470_radv_linux_full.txt", "AMD Radeon RX 470 Graphics", "flux2-klein-4b-q4"),
    # Vulkan run by the processor: the quickest model that fits
    ("lavapipe_full.txt", "processor", "sd15"),
])
def test_the_models_window_recommends_what_fits_the_card_it_found(
        qtbot: QtBot, tmp_path: Path, out_dir: Path, sd_cli: Path, monkeypatch: pytest.MonkeyPatch,
        capture: str, card: str, pick: str) -> None:
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", capture))
    window = MainWindow(Studio(out_dir), models_dir=tmp_path / "models")
    qtbot.addWidget(window)
    window.models_button.open_models()
    models = window.models_button.models_window
    assert models is not None
    with qtbot.waitSignal(models.advisor.advised, timeout=60_000):
        pass
    advice = models.advice
    assert advice is not None and advice.best is not None and advice.best.preset.id == pick
    catalog = load_catalog()
    chosen = models.cards[pick]
    assert chosen.badge.text() == f"Recommended for your {card}" and chosen.badge.isVisible()
    assert models.shown_order()[0] == pick  # the shop window puts it first
    assert all(not models.cards[key].badge.isVisible() for key in catalog.presets if key != pick)
    assert models.recommendation.text().startswith(f"Recommended for your {card}: {catalog.presets[pick].known_as}, ")
    # every model says whether it fits and how long a picture takes, from the planner's own prediction
    for key in catalog.presets:
        item = advice.of(key)
        assert item is not None
        shown = models.cards[key]
        assert shown.time.text().endswith(f" at {item.width} x {item.height}")
        assert shown.fits.text() in ("Fits", "Fits in pieces (slower)", "Fits in this computer's memory",
                                     "Too big for this computer")
        assert shown.good_at.text().startswith("Good at: ")
    # what fits comes before what does not
    fitting = [item.fits for item in map(advice.of, models.shown_order()) if item is not None]
    assert fitting == sorted(fitting, reverse=True)
    assert bar_labels(models) == ["This file", "The whole model"]
    # the user's own files one click further
    assert not models.import_button.isVisible()
    models.tabs.setCurrentIndex(1)
    assert models.import_button.isVisible() and models.import_button.text() == "Add files I already have…"
