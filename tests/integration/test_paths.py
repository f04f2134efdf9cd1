"""Folders with spaces and non-ASCII names, as Windows users have them (C:\\Users\\José\\Pictures), end to end."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import app.services.generation as generation_module
from app.core.metadata import read_parameters_text
from app.core.output import ErrorKind
from app.core.request import GenerationRequest, MemoryFlags, ModelFiles
from app.services.generation import Generation
from tests.helpers.cli import generate_argv, run_generate


def test_a_generation_into_and_from_folders_named_like_a_users(sd_cli: Path, tiny_model, tmp_path: Path) -> None:
    models = tmp_path / "Modèles de José" / "flux 灯台"
    models.mkdir(parents=True)
    model, taesd = (Path(shutil.copy(path, models)) for path in tiny_model)
    out = tmp_path / "Bilder José" / "out put"
    run = run_generate(generate_argv("ünïcode", model, taesd, out, "--width", "64", "--height", "64", "--steps", "1"))
    assert run.exit_code == 0, run.stderr
    [image] = run.of("image")
    assert Path(image["path"]).parent == out and Path(image["path"]).is_file()
    assert list(out.glob("*.png")) == [Path(image["path"])]
    text = read_parameters_text(Path(image["path"]))
    assert text is not None and "Model: flux_tiny_clip" in text


def test_images_never_go_into_the_install_folder(qtbot: QtBot, tiny_model, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    install = tmp_path / "Program Files" / "Polaris Studio"
    monkeypatch.setattr(generation_module, "install_dir", lambda: install)  # as when running frozen
    model, taesd = tiny_model
    generation = Generation(install / "images")
    request = GenerationRequest(prompt="x", width=64, height=64, steps=1, models=ModelFiles(model=model, taesd=taesd),
                                memory=MemoryFlags())
    with qtbot.waitSignal(generation.finished, timeout=10_000) as finished:
        generation.start(request)
    outcome = finished.args[0]
    assert outcome.error.kind is ErrorKind.BAD_REQUEST and "inside the program folder" in outcome.error.message
    assert not (install / "images").exists()
