"""The Models window with real widgets: a preset served by a real local HTTP server, downloaded, cancelled,
resumed and finished, then picked in the prompt panel; the user's own files added as a set."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.generation.request import InvalidRequest, validate
from app.core.models.catalog import FileStatus, save_custom_set
from app.services.models import downloader
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs
from app.ui.engine_tab import install_words
from app.ui.main_window import MainWindow
from app.ui.models_window import ModelsWindow
from tests.helpers.file_server import Served, file_server
from tests.helpers.local_catalog import PRESET, preset_files, served, write_catalog

pytestmark = pytest.mark.windows


@pytest.fixture(autouse=True)
def no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(downloader, "BACKOFF_S", 0.01)


def open_models(qtbot: QtBot, window: MainWindow) -> ModelsWindow:
    qtbot.mouseClick(window.models_button, Qt.MouseButton.LeftButton)
    models = window.models_button.models_window
    assert models is not None and models.isVisible()
    return models


def picker_labels(window: MainWindow) -> list[str]:
    picker = window.panel.model_picker
    return [picker.itemText(i) for i in range(picker.count())]


def test_download_cancel_resume_finish_then_pick_the_preset(qtbot: QtBot, tmp_path: Path, out_dir: Path) -> None:
    files = preset_files(2_000_000)
    server = Served(files=served(files), pause_s=0.01)
    with file_server(server) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        window = MainWindow(Studio(out_dir), catalog=catalog, models_dir=tmp_path / "models")
        qtbot.addWidget(window)
        window.show()
        assert picker_labels(window) == ["No model chosen yet"]  # nothing downloaded yet
        models = open_models(qtbot, window)
        card = models.cards[PRESET]
        button = card.button
        assert (card.status.text(), button.text()) == ("not downloaded", "Download")

        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        models.close()  # closing the Models window lets the download go on
        qtbot.waitUntil(lambda: models.overall_progress.value() > 50, timeout=15_000)
        assert models.download.running
        models = open_models(qtbot, window)  # the same window, showing where it is
        assert button.text() == "Cancel"
        assert "Downloading local-diffusion.gguf (1 of 2)" in models.file_label.text()
        with qtbot.waitSignal(models.download.finished, timeout=10_000):
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert (card.status.text(), button.text()) == ("partly downloaded", "Resume")
        assert "paused" in models.message.text()
        reached = (tmp_path / "models" / "local-diffusion.gguf.part").stat().st_size

        server.pause_s = 0
        with qtbot.waitSignal(models.download.finished, timeout=20_000) as finished:
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert finished.args[1] is None
    assert f"bytes={reached}-" in [r for _, r in server.requests]  # resumed, not restarted
    assert models.overall_progress.value() == models.overall_progress.maximum()
    assert card.status.text() == "installed, unverified"  # one file has no published hash
    assert "every file is here and checked (1 without a published fingerprint" in models.message.text()
    assert (button.text(), button.isEnabled()) == ("Installed", False)

    # the model by its name and its diffusion model's size, once all of it is here
    assert picker_labels(window) == ["No model chosen yet", "Local Flux (1.9 MiB)"]
    window.panel.pick_model("Local Flux (1.9 MiB)")
    assert picker_labels(window) == ["Local Flux (1.9 MiB)"]  # nothing else is in the fields
    assert window.panel.diffusion_model.path() == tmp_path / "models" / "local-diffusion.gguf"
    assert window.panel.vae.path() == tmp_path / "models" / "local-ae.safetensors"
    assert window.panel.model.path() is None and window.panel.steps.value() == 4


def test_a_failed_download_says_why_and_keeps_the_window(qtbot: QtBot, tmp_path: Path, out_dir: Path) -> None:
    files = preset_files(1000)
    with file_server(Served(files={})) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        window = MainWindow(Studio(out_dir), catalog=catalog, models_dir=tmp_path / "models")
        qtbot.addWidget(window)
        models = open_models(qtbot, window)
        with qtbot.waitSignal(models.download.finished, timeout=10_000):
            qtbot.mouseClick(models.cards[PRESET].button, Qt.MouseButton.LeftButton)
    assert models.message.text().startswith("Local Flux: the diffusion model file is not on the server any more")
    assert models.cards[PRESET].button.text() == "Download" and models.cards[PRESET].button.isEnabled()


def test_files_you_already_have_become_a_set_in_the_picker(qtbot: QtBot, tmp_path: Path, out_dir: Path,
                                                           tiny_model: tuple[Path, Path]) -> None:
    model, taesd = tiny_model
    folder = tmp_path / "Meine Modelle"
    folder.mkdir()
    shutil.copy(model, folder / "flux_tiny_clip.gguf")
    shutil.copy(taesd, folder / "taef1_tiny.gguf")
    (folder / "old.ckpt").write_bytes(b"PK\x03\x04 a pickle")
    window = MainWindow(Studio(out_dir), catalog=write_catalog(tmp_path / "c.json", "https://x", {}),
                        models_dir=tmp_path / "models")
    qtbot.addWidget(window)
    models = open_models(qtbot, window)
    with qtbot.waitSignal(models.choices_changed):
        models.import_paths([folder])
    report = models.import_report.toPlainText()
    assert "old.ckpt: pickle checkpoint → not used (pickle files can run code" in report
    assert "Saved as 'Meine Modelle'" in report
    window.panel.pick_model("Meine Modelle — Flux")  # the set's name and the family its headers make
    assert window.panel.model.path() == folder / "flux_tiny_clip.gguf"
    assert window.panel.taesd.path() == folder / "taef1_tiny.gguf"


def test_the_prompt_helpers_model_goes_to_the_prompt_helper_not_a_picture_slot(
        qtbot: QtBot, tmp_path: Path, out_dir: Path, tiny_model: tuple[Path, Path], tiny_prompt_model: Path) -> None:
    """Issue 53: the prompt helper's Qwen3 (llama.cpp's chat GGUF, told by its header) added beside a Flux model
    went into the LLM text encoder slot, which Generate refused."""
    model, taesd = tiny_model
    folder = tmp_path / "Downloads"
    folder.mkdir()
    for path in (model, taesd, tiny_prompt_model):
        shutil.copy(path, folder / path.name)
    studio = Studio(out_dir)
    window = MainWindow(studio, catalog=write_catalog(tmp_path / "c.json", "https://x", {}))
    qtbot.addWidget(window)
    models = open_models(qtbot, window)
    with qtbot.waitSignal(models.imported):
        models.import_paths([folder])
    report = models.import_report.toPlainText()
    assert f"{tiny_prompt_model.name}: chat text model → the prompt helper's text model (Improve)" in report
    window.panel.pick_model("Downloads — Flux")
    assert window.panel.llm.path() is None and window.panel.model.path() == folder / model.name
    qtbot.keyClicks(window.panel.prompt, "a lighthouse")
    validate(window.panel.draft.request)  # Generate takes it: no LLM is offered to a Flux model
    helper = current_user_dirs().prompt_models / tiny_prompt_model.name
    assert studio.prompt_model().path == helper and helper.is_file()  # Improve answers with it


def test_the_prompt_helpers_model_alone_is_taken_for_improve(qtbot: QtBot, tmp_path: Path, out_dir: Path,
                                                            tiny_prompt_model: Path) -> None:
    studio = Studio(out_dir)
    window = MainWindow(studio, catalog=write_catalog(tmp_path / "c.json", "https://x", {}))
    qtbot.addWidget(window)
    models = open_models(qtbot, window)
    before = picker_labels(window)
    with qtbot.waitSignal(models.imported):
        models.import_paths([tiny_prompt_model])  # the prompt helper's kind of file: a chat model, no picture one
    report = models.import_report.toPlainText()
    assert report == f"{tiny_prompt_model.name}: chat text model → the prompt helper's text model (Improve)"
    assert picker_labels(window) == before  # no picture model that cannot draw
    assert studio.prompt_model().architecture == "qwen3"


def test_a_corrected_set_stays_corrected_after_a_restart(qtbot: QtBot, tmp_path: Path, out_dir: Path,
                                                         tiny_model: tuple[Path, Path],
                                                         tiny_prompt_model: Path) -> None:
    """A set saved as the import did before issue 53's fix, the prompt helper's model in its LLM slot: Generate
    refuses it; the user empties that slot in Advanced; after a restart the set still has it empty."""
    model, taesd = tiny_model
    models_dir = tmp_path / "models"
    save_custom_set(models_dir, "mine", {"model": str(model), "taesd": str(taesd), "llm": str(tiny_prompt_model)})
    catalog = write_catalog(tmp_path / "c.json", "https://x", {})
    window = MainWindow(Studio(out_dir), catalog=catalog, models_dir=models_dir)
    qtbot.addWidget(window)
    window.panel.pick_model("mine — Flux")
    qtbot.keyClicks(window.panel.prompt, "a lighthouse")
    with pytest.raises(InvalidRequest, match="does not read one: leave LLM text encoder empty"):
        validate(window.panel.draft.request)
    window.panel.llm.line_edit.clear()  # as the user empties the field
    validate(window.panel.draft.request)
    assert picker_labels(window)[window.panel.model_picker.currentIndex()] == "mine — Flux"  # still the user's set
    window.close()

    again = MainWindow(Studio(out_dir), catalog=catalog, models_dir=models_dir)  # the next start
    qtbot.addWidget(again)
    assert "mine — Flux" in picker_labels(again)
    again.panel.pick_model("mine — Flux")
    assert again.panel.llm.path() is None
    assert (again.panel.model.path(), again.panel.taesd.path()) == (model, taesd)
    qtbot.keyClicks(again.panel.prompt, "a lighthouse")
    validate(again.panel.draft.request)


@pytest.mark.backend
def test_the_backend_section_shows_the_backend_and_takes_your_own(qtbot: QtBot, tmp_path: Path, out_dir: Path,
                                                                  sd_cli: Path) -> None:
    window = MainWindow(Studio(out_dir), catalog=write_catalog(tmp_path / "c.json", "https://x", {}),
                        models_dir=tmp_path / "models")
    qtbot.addWidget(window)
    models = open_models(qtbot, window)
    engine = models.engine
    assert engine.backend_info.text() == "Asking the drawing engine which one it is…"  # --version: off the GUI thread
    qtbot.waitUntil(lambda: f"{sd_cli.name} (bundled with the app)" in engine.backend_info.text(), timeout=30_000)
    assert engine.backend_info.toolTip() == str(sd_cli)  # the app's own folders only a hover away
    assert engine.backend_info.text().endswith("\nIt has every way the app saves video memory.")  # no list of flags
    assert "\nThe version this app comes with\n" in engine.backend_info.text()  # not sd.cpp's own line
    own = tmp_path / "my build" / "my sd-cli"  # a build of one's own: the program with ggml's libraries beside it
    own.parent.mkdir()
    for library in [*sd_cli.parent.glob("*.so"), *sd_cli.parent.glob("*.dll")]:
        shutil.copy(library, own.parent)
    shutil.copy(sd_cli, own)
    engine.use_backend(own)
    qtbot.waitUntil(lambda: f"{own.name} (your own)" in engine.backend_info.text(), timeout=30_000)
    (tmp_path / "not-a-program").write_text("echo hi", encoding="utf-8")
    engine.use_backend(tmp_path / "not-a-program")
    # Windows has no execute permission: there the file's first bytes say it is no program
    assert ("is not a program" if sys.platform == "win32" else "is not an executable file") in \
        engine.backend_message.text()
    assert f"{own.name} (your own)" in engine.backend_info.text()  # a bad choice changes nothing
    engine.use_backend(None)
    qtbot.waitUntil(lambda: "(bundled with the app)" in engine.backend_info.text(), timeout=30_000)
    with qtbot.waitSignal(engine.gpu_check.finished, timeout=60_000) as checked:
        qtbot.mouseClick(engine.gpu_button, Qt.MouseButton.LeftButton)
    [backend] = [c for c in checked.args[1].checks if c.id == "backend"]
    assert engine.backend_message.text().startswith(backend.message)
    assert "this computer's processor (no graphics card)" in backend.message  # lavapipe, as the backend listed it


def test_files_copied_in_by_hand_are_checked_on_request(qtbot: QtBot, tmp_path: Path, out_dir: Path) -> None:
    files = preset_files(100_000)
    models_dir = tmp_path / "models"
    models_dir.mkdir()
    for name, data, _ in files.values():
        (models_dir / name).write_bytes(data)
    server = Served(files=served(files))
    with file_server(server) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        window = MainWindow(Studio(out_dir), catalog=catalog, models_dir=models_dir)
        qtbot.addWidget(window)
        models = open_models(qtbot, window)
        button = models.cards[PRESET].button
        assert (button.text(), button.isEnabled()) == ("Check files", True)
        with qtbot.waitSignal(models.download.finished, timeout=10_000) as finished:
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert finished.args[1] is None and server.requests == []  # hashed here, nothing downloaded
    assert (button.text(), button.isEnabled()) == ("Installed", False)
    assert models.cards[PRESET].status.text() == "installed, unverified"


def test_closing_the_app_pauses_a_download_for_next_time(qtbot: QtBot, tmp_path: Path, out_dir: Path) -> None:
    files = preset_files(2_000_000)
    with file_server(Served(files=served(files), pause_s=0.05)) as base:
        catalog = write_catalog(tmp_path / "catalog.json", base, files)
        window = MainWindow(Studio(out_dir), catalog=catalog, models_dir=tmp_path / "models")
        qtbot.addWidget(window)
        models = open_models(qtbot, window)
        models.start_download(PRESET)
        qtbot.waitUntil(lambda: (tmp_path / "models" / "local-diffusion.gguf.part").is_file(), timeout=10_000)
        window.close()
        assert not models.download.running
    assert models.status_of(PRESET) is FileStatus.PARTIAL  # the next start resumes it


def test_a_picked_preset_brings_its_settings_until_you_choose_your_own_files(qtbot: QtBot, tmp_path: Path,
                                                                            out_dir: Path) -> None:
    files = preset_files(1000)
    models_dir = tmp_path / "models"
    models_dir.mkdir()
    for name, data, _ in files.values():
        (models_dir / name).write_bytes(data)
    catalog = write_catalog(tmp_path / "catalog.json", "https://x", files, cfg_scale=1.5)
    window = MainWindow(Studio(out_dir), catalog=catalog, models_dir=models_dir)
    qtbot.addWidget(window)
    panel = window.panel
    panel.pick_model("Local Flux (1000 bytes)")
    assert panel.draft.request.cfg_scale == 1.5 and panel.model_picker.currentText() == "Local Flux (1000 bytes)"
    window.models_button.refresh_model_choices()  # after a download or an import elsewhere: the choice stays shown
    assert panel.model_picker.currentText() == "Local Flux (1000 bytes)"
    panel.vae.set_path(tmp_path / "my-own-ae.safetensors")
    # the fields are the user's own now: named by their diffusion model's file, the preset still offered
    assert picker_labels(window) == ["local-diffusion", "Local Flux (1000 bytes)"]
    assert panel.model_picker.currentIndex() == 0 and panel.draft.request.cfg_scale is None


def test_a_lora_and_an_upscaler_go_to_their_folders(qtbot: QtBot, tmp_path: Path, out_dir: Path) -> None:
    from app.core.demo.picture_models import write_tiny_lora, write_tiny_upscaler

    lora, upscaler = write_tiny_lora(tmp_path / "mine"), write_tiny_upscaler(tmp_path / "mine")
    window = MainWindow(Studio(out_dir), models_dir=tmp_path / "models")
    qtbot.addWidget(window)
    models = open_models(qtbot, window)
    upscaler_card = models.cards["realesrgan-x4plus-anime-6b"]  # the upscaler downloads from here too
    assert upscaler_card.name.text() == "RealESRGAN x4plus anime 6B (ESRGAN, x4)"
    assert upscaler_card.good_at.text() == "Good at: making pictures bigger"
    assert models.cards["realesrgan-x4plus-anime-6b"].button.text() == "Download"
    with qtbot.waitSignal(models.choices_changed):
        models.import_paths([lora, upscaler])
    report = models.import_report.toPlainText()
    assert "flux_tiny_lora.safetensors: LoRA → LoRA folder, as flux_tiny_lora" in report
    assert "esrgan_tiny_x4.gguf: ESRGAN upscaler → Upscaler folder, as esrgan_tiny_x4" in report
    assert (tmp_path / "models" / "loras" / lora.name).is_file() and lora.is_file()  # the user's file stays
    assert "Saved as" not in report  # a LoRA is no model set
    picker = window.panel.lora_picker
    assert [picker.names.itemText(i) for i in range(picker.names.count())] == ["flux_tiny_lora"]
    with qtbot.waitSignal(models.imported):
        models.import_paths([lora])  # again: the same file is already there
        assert models.import_report.toPlainText() == "Reading the files…"  # off the GUI thread meanwhile
    assert "as flux_tiny_lora" in models.import_report.toPlainText()


def test_the_controlnets_are_in_the_shop_with_what_each_is_good_for(qtbot: QtBot, tmp_path: Path,
                                                                    out_dir: Path) -> None:
    window = MainWindow(Studio(out_dir), models_dir=tmp_path / "models")
    qtbot.addWidget(window)
    models = open_models(qtbot, window)
    pose = models.cards["control-sd15-openpose"]
    assert pose.name.text() == "ControlNet OpenPose (SD 1.5, fp16)"
    assert pose.good_at.text() == "Good at: following a pose"
    assert (pose.status.text(), pose.button.text()) == ("not downloaded", "Download")
    assert pose.download_size.text() == "Download: 689 MiB"  # 722,601,100 bytes, as published
    assert {"control-sd15-canny", "control-sd15-depth", "control-sd15-scribble", "control-sd15-lineart"} <= \
        models.cards.keys()
    assert pose.isVisibleTo(models)  # on the shop's shelf, under its heading


@pytest.mark.windows
def test_the_engine_tab_offers_what_this_platform_can_do_to_get_the_engine_again() -> None:
    # on Windows the engine comes as its makers' download (a user has no compilers); from a Linux source tree it is
    # built here; a frozen Linux copy says how to get it
    button, _ = install_words()
    assert button == ("Download the engine" if sys.platform == "win32" else
                      "Install the engine" if getattr(sys, "frozen", False) else "Build the engine")
