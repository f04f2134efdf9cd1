"""The window's language: chosen from the setting or the system, spoken through the real QTranslator and the .qm
files lrelease built; the shipped .ts files complete, faithful to their sources' placeholders and mnemonics, and
up to date with the source."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from app.core.generation.request import GenerationRequest
from app.core.models.families import ModelFiles
from app.core.settings_schema import LANGUAGE
from app.core.words import speak_with, translate
from app.services.settings import Settings
from app.services.studio import Studio
from app.ui.generate_buttons import GenerateButtons
from app.ui.language import (
    LANGUAGES,
    TRANSLATED,
    LanguageMenu,
    chosen_language,
    install_translators,
    restart_command,
)
from app.ui.prompt_panel import PromptPanel
from scripts.translations import SOURCES, ts_files, update

pytestmark = pytest.mark.windows

BY_CODE = {language.code: language for language in LANGUAGES}


def messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    """(context, source, translation element) of every message of a .ts file."""
    return [(context.findtext("name", ""), message.findtext("source", ""), message.find("translation"))
            for context in ET.parse(ts).getroot().iter("context") for message in context.iter("message")]


def shipped() -> list[Path]:
    return [ts for files in ts_files().values() for ts in files]


@pytest.fixture
def installed(translations: Path) -> Iterator[list[QTranslator]]:
    """The translators a test installs (with `speak`); they go, and English comes back, after the test."""
    translators: list[QTranslator] = []
    yield translators
    app = QCoreApplication.instance()
    assert app is not None
    for translator in translators:
        app.removeTranslator(translator)
    speak_with(None)


def speak(code: str, installed: list[QTranslator]) -> None:
    installed.extend(install_translators(BY_CODE[code]))


@pytest.mark.parametrize(("system", "expected"), [
    ("pt_BR", "pt_BR"), ("pt_PT", "pt_BR"), ("es_MX", "es"), ("es_ES", "es"), ("ru_RU", "ru"), ("uk_UA", "en"),
    ("de_DE", "en"), ("en_US", "en")])
def test_the_system_language_is_followed_and_anything_else_is_english(system: str, expected: str) -> None:
    assert chosen_language("", QLocale(system)).code == expected


def test_the_setting_overrides_the_system() -> None:
    settings = Settings()
    assert settings.get(LANGUAGE) == ""  # follow the system until the user picks one
    settings.set(LANGUAGE, "ru")
    assert chosen_language(Settings().get(LANGUAGE), QLocale("pt_BR")).code == "ru"
    settings.set(LANGUAGE, "en")
    assert chosen_language(Settings().get(LANGUAGE), QLocale("es_AR")).code == "en"
    settings.set(LANGUAGE, "klingon")  # a language this version does not ship: the system's
    assert chosen_language(Settings().get(LANGUAGE), QLocale("es_AR")).code == "es"


def test_every_translated_language_has_its_ts_files() -> None:
    assert set(TRANSLATED) == {"pt_BR", "es", "ru"}
    for ts in shipped():
        assert ts.is_file(), f"{ts} is missing: run python scripts/translations.py update"


PLACEHOLDER = re.compile(r"\{\w*\}")


def mnemonics(text: str) -> int:
    """How many letters `text` underlines (`&&` shows an ampersand)."""
    return len(re.findall(r"&(?!&)", text.replace("&&", "")))


@pytest.mark.parametrize("ts", shipped(), ids=lambda ts: ts.name)
def test_every_translation_is_finished_and_keeps_placeholders_and_mnemonics(ts: Path) -> None:
    for context, source, translation in messages(ts):
        assert translation is not None
        where = f"{ts.name} {context}: {source!r}"
        assert translation.get("type") not in ("unfinished", "vanished", "obsolete"), where
        text = translation.text or ""
        assert text.strip(), where
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), where
        assert mnemonics(text) == mnemonics(source), where


def test_the_ts_files_are_up_to_date_with_the_source(tmp_path: Path) -> None:
    copy = tmp_path / "translations"
    shutil.copytree(ts_files()["window"][0].parent, copy, ignore=shutil.ignore_patterns("*.qm"))
    update(copy)
    for name in SOURCES:
        for original, updated in zip(ts_files()[name], ts_files(copy)[name], strict=True):
            before = {(context, source) for context, source, _ in messages(original)}
            after = {(context, source) for context, source, _ in messages(updated)}
            assert after == before, (f"{original.name}: run python scripts/translations.py update; new: "
                                     f"{sorted(after - before)}, gone: {sorted(before - after)}")


def test_a_real_widget_speaks_portuguese_and_qt_s_own_buttons_too(qtbot: QtBot,
                                                                   installed: list[QTranslator]) -> None:
    speak("pt_BR", installed)
    buttons = GenerateButtons()
    qtbot.addWidget(buttons)
    assert (buttons.generate.text(), buttons.cancel.text(), buttons.add.text()) == (
        "&Gerar", "Cancelar", "Adicionar à &fila")
    panel = PromptPanel()
    qtbot.addWidget(panel)
    assert panel.steps.accessibleName() == "Passos" and panel.prompt.placeholderText().startswith("Descreva")
    # Qt's own words come from qtbase's translation
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close | QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    assert sorted(button.text().replace("&", "") for button in box.buttons()) == ["Cancelar", "Fechar"]
    # placeholders survive: the values go in after the translation
    assert translate("QueueStrip", "running step {step}/{steps}").format(step=3, steps=8) == "rodando passo 3/8"


def test_english_installs_nothing_and_speaks_the_source(qtbot: QtBot, installed: list[QTranslator]) -> None:
    speak("en", installed)
    assert installed == []
    buttons = GenerateButtons()
    qtbot.addWidget(buttons)
    assert buttons.generate.text() == "&Generate"


def test_russian_is_spoken_too(qtbot: QtBot, installed: list[QTranslator]) -> None:
    speak("ru", installed)
    assert len(installed) == 3  # qtbase, the window's and the core's
    buttons = GenerateButtons()
    qtbot.addWidget(buttons)
    assert buttons.generate.text() == "Со&здать"  # noqa: RUF001 (Cyrillic, as it should be)


def test_choosing_a_language_keeps_it_and_offers_a_restart(qtbot: QtBot, out_dir: Path) -> None:
    studio = Studio(out_dir)
    menu = LanguageMenu(studio)
    qtbot.addWidget(menu)
    names = [action.text() for action in menu.actions() if not action.isSeparator()]
    assert names == ["Follow the system", "English", "Português (Brasil)", "Español", "Русский"]
    assert menu.actions_by_code[""].isChecked()
    menu.actions_by_code["es"].trigger()
    assert Settings().get(LANGUAGE) == "es" and menu.actions_by_code["es"].isChecked()
    note = menu.note
    assert note is not None and note.isVisible()
    assert "Español" in note.text()
    assert [button.text() for button in note.buttons()] == ["&Restart now", "&Later"]
    note.close()


@pytest.mark.backend
def test_while_a_picture_is_made_the_restart_waits(qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path) -> None:
    model, taesd = tiny_model
    studio = Studio(out_dir)
    menu = LanguageMenu(studio)
    qtbot.addWidget(menu)
    # enough steps to be still drawing when the language is chosen; cancelled after
    studio.add([GenerationRequest("a lighthouse", width=64, height=64, steps=40, seed=1,
                                  models=ModelFiles(model=model, taesd=taesd))])
    qtbot.waitUntil(lambda: studio.queue.busy, timeout=60_000)
    note = menu.choose("pt_BR")
    assert "after it is done" in note.informativeText()
    assert [note.buttonRole(button) for button in note.buttons()] == [QMessageBox.ButtonRole.AcceptRole]
    assert not menu.restart()  # a job runs: the app stays
    with qtbot.waitSignal(studio.queue.idle, timeout=120_000):
        studio.queue.cancel_all()
    note.close()
    assert Settings().get(LANGUAGE) == "pt_BR"


def test_the_restart_command_starts_this_app(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [sys.argv[0], "--help"])
    program, arguments, folder = restart_command()
    started = subprocess.run([program, *arguments], cwd=folder, capture_output=True, text=True, timeout=120,
                             check=False)
    assert started.returncode == 0, started.stderr
    assert "Polaris Studio" in started.stdout and "--demo" in started.stdout
