"""The model picker at 1366x768 in every language: the demo model's name whole (it was cut to "Demo (ruido
aleatorio" in Spanish and Russian); a longer name of the user's own files cut with an ellipsis, not widening the
column."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.models.catalog import DEMO_MODEL_NAME, ModelChoice
from app.core.words import translate
from app.ui.launch import load_demo
from tests.helpers.window_tour import SIZES, settle, speaking, window_in


@pytest.mark.parametrize("language", ["en", "pt_BR", "es", "ru"])
def test_the_demo_models_name_shows_whole_and_a_longer_one_is_cut_with_an_ellipsis(
        qtbot: QtBot, tmp_path: Path, translations: Path, language: str) -> None:
    with speaking(language), window_in("queue of three", SIZES["1366x768"], tmp_path) as window:
        picker, column = window.panel.model_picker, window.main_splitter.widget(0)
        load_demo(window.panel)
        settle()
        demo = translate("Picker", DEMO_MODEL_NAME)
        assert picker.currentText() == demo and picker.shown_text() == demo
        width = column.width()
        own = tmp_path / "my_favourite_photoreal_portrait_model_merged_v3_final.safetensors"
        window.panel.set_model_choices([ModelChoice(own.stem, {"model": own})])
        window.panel.pick_model(own.stem)
        settle()
        assert picker.currentText() == own.stem
        assert picker.shown_text().endswith("…") and own.stem.startswith(picker.shown_text()[:-1])
        assert column.width() == width
