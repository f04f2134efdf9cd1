"""The output folder chosen in the window is where `python -m app generate` and `upscale` put pictures too."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import write_tiny_upscaler
from app.services.studio import Studio
from app.services.user_dirs import keep_settings_in
from app.ui.main_window import MainWindow
from tests.helpers.cli import run_generate

pytestmark = pytest.mark.windows


@pytest.mark.backend
def test_the_folder_chosen_in_the_window_is_the_clis_default(qtbot: QtBot, sd_cli: Path, standin: Path, tiny_model,
                                                              tmp_path: Path) -> None:
    base = tmp_path / "portable"
    keep_settings_in(base / "data" / "settings")  # where `--basedir` keeps the settings: the window's are the CLI's
    window = MainWindow(Studio(tmp_path / "at first"))
    qtbot.addWidget(window)
    chosen = tmp_path / "Bilder José"
    window.folder_button.set_output_folder(chosen)
    model, taesd = tiny_model
    app = [sys.executable, "-m", "app", "--basedir", str(base)]
    # the stand-in replays a real 2-step run and writes a picture where sd.cpp was told to
    standin = ("--sd-binary", str(standin))
    generate = [*app, "generate", "--events", "--prompt", "x", "--model", str(model), "--taesd", str(taesd),
                "--width", "64", "--height", "64", *standin]
    env = {"STANDIN_CASE": "record_card", "STANDIN_STATE": str(tmp_path / "calls.jsonl")}

    run = run_generate(generate, env)
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    assert Path(image["path"]).parent == chosen

    source = tmp_path / "small.png"
    Image.effect_noise((32, 32), 60).convert("RGB").save(source)
    run = run_generate([*app, "upscale", str(source), "--factor", "2", "--model",
                        str(write_tiny_upscaler(tmp_path / "models")), "--events"])
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    assert Path(image["path"]).parent == chosen

    elsewhere = tmp_path / "elsewhere"
    run = run_generate([*generate, "--out", str(elsewhere)], env)  # --out still wins
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    assert Path(image["path"]).parent == elsewhere
