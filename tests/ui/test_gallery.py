"""The gallery grid: model contract, thumbnails, drag-out, reuse, drag-in, with real widgets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, PngImagePlugin
from PySide6.QtCore import QFile, QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import app.ui.gallery as gallery_module
from app.core.gallery.gallery_index import GalleryIndex, entry_from_png
from app.core.gallery.metadata import a1111_parameters, write_metadata
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs
from app.ui.gallery import GalleryPanel, prune_thumbnails
from app.ui.main_window import MainWindow
from app.ui.prompt_panel import PromptPanel

pytestmark = pytest.mark.windows


def ours(folder: Path, name: str, prompt: str, seed: int, created: float, size=(96, 64)) -> Path:
    path = folder / name
    Image.linear_gradient("L").resize(size).convert("RGB").save(path)
    write_metadata(path, a1111_parameters(prompt, "fog", {"Steps": 6, "Seed": seed, "Size": f"{size[0]}x{size[1]}"}),
                   {"prompt": prompt, "negative_prompt": "fog", "width": size[0], "height": size[1], "steps": 6,
                    "seed": seed})
    os.utime(path, (created, created))
    return path


@pytest.fixture
def gallery(tmp_path: Path) -> tuple[GalleryIndex, list[Path]]:
    index = GalleryIndex(tmp_path / "gallery.sqlite3")
    paths = [ours(tmp_path, f"{i}.png", f"lighthouse number {i}", 100 + i, 5000 + i) for i in range(3)]
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n broken")
    for path in paths:
        index.add(entry_from_png(path))  # type: ignore[arg-type]
    entry = entry_from_png(paths[0])
    assert entry is not None
    index.add(entry.__class__(**{**entry.__dict__, "path": broken, "created": 1.0}))  # a file gone bad later
    return index, paths


def test_a_seed_past_a_c_int_is_reused_exactly(qtbot: QtBot, tmp_path: Path, out_dir: Path) -> None:
    """Another app's picture may carry any seed A1111 draws (to 2**32 - 1): reused, it is the same seed."""
    index = GalleryIndex(tmp_path / "gallery.sqlite3")
    entry = entry_from_png(ours(tmp_path, "big.png", "a big seed", 2**32 - 1, 5000))
    assert entry is not None
    index.add(entry)
    window = MainWindow(Studio(out_dir, gallery=index))
    qtbot.addWidget(window)
    assert window.gallery is not None
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    window.gallery.seed_action.trigger()
    assert window.panel.draft.request.seed == 2**32 - 1
    window.panel.seed.setValue(-1)
    qtbot.mouseClick(window.gallery.reuse_button, Qt.MouseButton.LeftButton)
    assert window.panel.draft.request.seed == 2**32 - 1 and window.panel.seed.text() == "4294967295"


def test_a_reused_pictures_clip_skip_stays_while_the_prompt_is_edited(qtbot: QtBot, tmp_path: Path,
                                                                         out_dir: Path) -> None:
    """A1111's picture of an SD 1.5 model drawn at Clip skip 2 (the window has no control of its own for it)."""
    path = tmp_path / "a1111.png"
    Image.linear_gradient("L").resize((96, 64)).convert("RGB").save(path)
    write_metadata(path, a1111_parameters("a fox", "", {"Steps": 20, "Seed": 5, "Size": "96x64", "Clip skip": 2}), {})
    index = GalleryIndex(tmp_path / "gallery.sqlite3")
    index.add(entry_from_png(path))  # type: ignore[arg-type]
    window = MainWindow(Studio(out_dir, gallery=index))
    qtbot.addWidget(window)
    assert window.gallery is not None
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    qtbot.mouseClick(window.gallery.reuse_button, Qt.MouseButton.LeftButton)
    assert window.panel.draft.request.clip_skip == 2
    window.panel.prompt.setPlainText("a fox at dusk")
    assert window.draft.request.clip_skip == 2 and window.draft.request.prompt == "a fox at dusk"


def test_model_contract_and_thumbnails(qtbot: QtBot, qtmodeltester, gallery) -> None:
    index, paths = gallery
    panel = GalleryPanel(index)
    qtbot.addWidget(panel)
    qtmodeltester.check(panel.model)
    model = panel.model
    assert [model.data(model.index(r), model.PathRole) for r in range(3)] == [str(p) for p in reversed(paths)]
    for row in range(model.rowCount()):
        model.data(model.index(row), Qt.ItemDataRole.DecorationRole)  # asks for every thumbnail
    assert model.wait_for_thumbnails()
    qtbot.waitUntil(lambda: len(model._thumbnails) == 4, timeout=5_000)
    real = model.data(model.index(0), Qt.ItemDataRole.DecorationRole)
    placeholder = model.data(model.index(3), Qt.ItemDataRole.DecorationRole)  # the broken file: no crash
    assert real.availableSizes() and placeholder.availableSizes()
    cached = list(current_user_dirs().thumbnails.glob("*.png"))  # cached on disk
    assert len(cached) == 3
    for thumbnail in cached:
        os.utime(thumbnail, (1000, 1000))
    again = GalleryPanel(index)  # the next start: thumbnails come from the cache, which notes their use
    qtbot.addWidget(again)
    again.model.data(again.model.index(0), Qt.ItemDataRole.DecorationRole)
    assert again.model.wait_for_thumbnails()
    assert sorted(thumbnail.stat().st_mtime > 1000 for thumbnail in cached) == [False, False, True]


def test_the_thumbnail_cache_drops_the_least_recently_used_first(tmp_path: Path) -> None:
    folder = tmp_path / "thumbnails"
    folder.mkdir()
    for i in range(10):
        (folder / f"{i}.png").write_bytes(b"x" * 1000)
        os.utime(folder / f"{i}.png", (1000 + i, 1000 + i))
    assert prune_thumbnails(folder, keep_bytes=4500) == 6
    assert sorted(path.name for path in folder.iterdir()) == ["6.png", "7.png", "8.png", "9.png"]
    assert prune_thumbnails(folder, keep_bytes=4500) == 0
    assert prune_thumbnails(tmp_path / "not there", keep_bytes=0) == 0


def test_search_and_favourites(qtbot: QtBot, gallery) -> None:
    index, paths = gallery
    panel = GalleryPanel(index)
    qtbot.addWidget(panel)
    qtbot.keyClicks(panel.search, "number 1")
    assert [e.path for e in panel.model.entries] == [paths[1]]
    panel.search.clear()
    panel.view.setCurrentIndex(panel.model.index(0))
    qtbot.mouseClick(panel.favourite_button, Qt.MouseButton.LeftButton)
    panel.favourites.click()
    assert [e.path for e in panel.model.entries] == [paths[2]]
    assert panel.model.data(panel.model.index(0)).startswith("★ ")


def test_less_used_actions_wait_in_the_more_menu_and_the_right_click_menu(qtbot: QtBot, gallery) -> None:
    index, paths = gallery
    panel = GalleryPanel(index)
    qtbot.addWidget(panel)
    with qtbot.waitActive(panel):  # the Delete key reaches the strip of the window the user works in
        panel.show()
        panel.activateWindow()
    more = [a.text() for a in panel.more_button.menu().actions() if not a.isSeparator()]
    assert more == ["Reuse seed", "Copy parameters", "Open folder", "Finish at full size", "Use as input",
                    "Edit this picture (needs a FLUX.2 klein model)", "Extend…", "Fix faces",
                    "Upscale \u00d72", "Upscale \u00d74", "Move to trash"]
    menu = panel.context_menu()
    assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
        "Reuse settings", "Favourite", "Copy image", *more]
    panel.view.setCurrentIndex(panel.model.index(0))  # the newest: paths[2]
    next(a for a in menu.actions() if a.text() == "Favourite").trigger()
    assert {e.path: e.favourite for e in index.entries()}[paths[2]]
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)  # to the real (isolated) trash
    if trash_works(paths[0].parent):
        assert not paths[2].exists()
        assert paths[2] not in [e.path for e in index.entries()]
    else:  # Wine has no recycle bin: the image stays, in the gallery too, and the user is told
        assert paths[2].is_file() and paths[2] in [e.path for e in index.entries()]
        assert panel.details.text().startswith(f"Could not move {paths[2].name} to the trash")


def trash_works(folder: Path) -> bool:
    """Whether this system's trash takes a file (Windows' recycle bin does; Wine has none)."""
    scratch = folder / "scratch for the trash.txt"
    scratch.write_text("x", encoding="utf-8")
    moved = QFile.moveToTrash(str(scratch))
    return bool(moved[0] if isinstance(moved, tuple) else moved) and not scratch.exists()


def test_drag_out_offers_file_urls_and_the_image(qtbot: QtBot, gallery) -> None:
    index, paths = gallery
    panel = GalleryPanel(index)
    qtbot.addWidget(panel)
    model = panel.model
    mime = model.mimeData([model.index(0), model.index(2)])
    assert [Path(url.toLocalFile()) for url in mime.urls()] == [paths[2], paths[0]]  # C:/ on Windows
    assert mime.hasImage() and mime.imageData().size().width() == 96
    assert "text/uri-list" in model.mimeTypes()
    assert model.flags(model.index(0)) & Qt.ItemFlag.ItemIsDragEnabled


def test_reuse_settings_fills_the_prompt_panel(qtbot: QtBot, gallery, out_dir: Path) -> None:
    index, paths = gallery
    window = MainWindow(Studio(out_dir, gallery=index))
    qtbot.addWidget(window)
    window.show()
    assert window.gallery is not None
    view = window.gallery.view
    view.setCurrentIndex(window.gallery.model.index(1))  # paths[1]
    qtbot.mouseClick(window.gallery.reuse_button, Qt.MouseButton.LeftButton)
    panel = window.panel
    assert (panel.prompt.toPlainText(), panel.negative.text()) == ("lighthouse number 1", "fog")
    assert (panel.width_box.value(), panel.height_box.value(), panel.steps.value(), panel.seed.value()) == (
        96, 64, 6, 101)
    # the seed comes back too, and the window says so: the same picture again, unless the seed is set to random
    assert window.status_line.status.text() == ("The settings of 1.png are back, its seed 101 too: Generate draws "
                                                "the same picture. For a new one, set Seed to random in Advanced.")
    assert "its seed too" in window.gallery.reuse_button.toolTip()
    view.setCurrentIndex(window.gallery.model.index(0))
    window.gallery.seed_action.trigger()  # from the "More" menu
    assert panel.seed.value() == 102
    window.gallery.copy_parameters_action.trigger()
    assert QApplication.clipboard().text().startswith("lighthouse number 2\nNegative prompt: fog\nSteps: 6")
    qtbot.mouseClick(window.gallery.copy_image_button, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().image().size().width() == 96
    rect = view.visualRect(window.gallery.model.index(1))
    assert rect.isValid()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.image.image_path == paths[1]  # a click shows it large


DROPS: list[QMimeData] = []  # a drop event only points at its data: keep the data alive


def drop(widget: PromptPanel, path: Path) -> QDropEvent:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    DROPS.append(mime)
    event = QDropEvent(QPointF(QPoint(5, 5)), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    widget.dropEvent(event)
    return event


def test_dropping_an_a1111_png_loads_its_parameters(qtbot: QtBot, tmp_path: Path) -> None:
    panel = PromptPanel()
    qtbot.addWidget(panel)
    a1111 = tmp_path / "00012-1234.png"
    info = PngImagePlugin.PngInfo()
    info.add_text("parameters", "masterpiece, a castle\nNegative prompt: lowres, bad hands\n"
                                "Steps: 25, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234, Size: 512x768, "
                                "Model hash: 6ce0161689, Model: v1-5-pruned-emaonly")
    Image.new("RGB", (512, 768), (30, 60, 90)).save(a1111, pnginfo=info)
    event = drop(panel, a1111)
    assert event.isAccepted()
    assert (panel.prompt.toPlainText(), panel.negative.text()) == ("masterpiece, a castle", "lowres, bad hands")
    assert (panel.width_box.value(), panel.height_box.value(), panel.steps.value(), panel.seed.value()) == (
        512, 768, 25, 1234)
    plain = tmp_path / "plain.png"
    Image.new("RGB", (8, 8)).save(plain)
    drop(panel, plain)  # no parameters: nothing changes, nothing breaks
    assert panel.prompt.toPlainText() == "masterpiece, a castle"


def test_the_output_folder_can_be_changed_and_is_remembered(qtbot: QtBot, gallery, out_dir: Path,
                                                            tmp_path: Path) -> None:
    from app.core.settings_schema import OUTPUT_FOLDER
    from app.services.settings import Settings

    index, _ = gallery
    window = MainWindow(Studio(out_dir, gallery=index))
    qtbot.addWidget(window)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = ours(elsewhere, "old.png", "an older image, found there", 9, 1.5)
    window.folder_button.set_output_folder(elsewhere)
    assert window.studio.generation.out_dir == elsewhere
    assert Settings().get(OUTPUT_FOLDER) == elsewhere
    assert moved in [e.path for e in window.gallery.model.entries]  # type: ignore[union-attr]
    assert len(window.gallery.model.entries) == 5  # type: ignore[union-attr]  # the earlier ones stay


def test_an_image_the_trash_refuses_stays_and_the_user_is_told(qtbot: QtBot, gallery,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    index, paths = gallery
    panel = GalleryPanel(index)
    qtbot.addWidget(panel)
    monkeypatch.setattr(gallery_module.QFile, "moveToTrash", lambda name: (False, ""))  # as Windows refuses
    panel.view.setCurrentIndex(panel.model.index(0))
    panel.trash_action.trigger()
    assert paths[2].is_file() and paths[2] in [e.path for e in index.entries()]
    assert panel.details.text().startswith(f"Could not move {paths[2].name} to the trash: it may be open in")


@pytest.mark.skipif(sys.platform != "win32", reason="Windows-only API: a file another process holds open cannot "
                    "be moved (sharing violation); Linux moves it")
def test_an_image_open_in_another_program_is_not_lost_when_trashed(qtbot: QtBot, gallery) -> None:
    index, paths = gallery
    panel = GalleryPanel(index)
    qtbot.addWidget(panel)
    # an image viewer holding the file: Python's open() shares read and write access, not delete
    viewer = subprocess.Popen([sys.executable, "-c", f"f = open({str(paths[2])!r}, 'rb'); print('open', flush=True);"
                               " import time; time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert viewer.stdout is not None and viewer.stdout.readline().strip() == "open"
        panel.view.setCurrentIndex(panel.model.index(0))
        panel.trash_action.trigger()
        assert paths[2].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # whole, where it was
        assert paths[2] in [e.path for e in index.entries()]
        assert panel.details.text().startswith(f"Could not move {paths[2].name} to the trash")
    finally:
        viewer.kill()
        viewer.communicate()


def test_a_gallery_the_app_could_not_repair_is_said_above_the_window(qtbot: QtBot, out_dir: Path) -> None:
    index = GalleryIndex(None)
    index.problem = "The gallery's index (x) is damaged and could not be moved aside: held."
    window = MainWindow(Studio(out_dir, gallery=index))
    qtbot.addWidget(window)
    window.show()
    assert window.gallery_note.isVisible() and window.gallery_note.text.text() == index.problem
    quiet = MainWindow(Studio(out_dir, gallery=GalleryIndex(None)))
    qtbot.addWidget(quiet)
    quiet.show()
    assert not quiet.gallery_note.isVisible()
