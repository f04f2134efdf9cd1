"""The window's language: chosen at start (the user's choice, else the system's), spoken through Qt's translators
(Qt's own dialogs and buttons from qtbase's translations, ours from `resources/translations/*.qm`), and switched
from a menu that keeps the choice for the next start."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QProcess, Qt, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from app.core.resources import app_root, resource_path
from app.core.settings_schema import LANGUAGE
from app.core.words import speak_with, translate
from app.services.settings import Settings

if TYPE_CHECKING:
    from app.services.studio import Studio

FOLLOW_THE_SYSTEM = ""  # the LANGUAGE setting's value until the user picks one
# our .qm files, each built from its .ts by `scripts/translations.py build`: the window's and the core's words
TRANSLATION_SETS = ("window", "core")


@dataclass(frozen=True)
class Language:
    code: str  # Qt's locale name, as in the .ts and .qm file names
    name: str  # in its own language: the user who needs it reads it whatever the window speaks now
    qt_language: QLocale.Language


ENGLISH = Language("en", "English", QLocale.Language.English)
LANGUAGES = (ENGLISH,
             Language("pt_BR", "Português (Brasil)", QLocale.Language.Portuguese),
             Language("es", "Español", QLocale.Language.Spanish),
             Language("ru", "Русский", QLocale.Language.Russian))
TRANSLATED = tuple(language.code for language in LANGUAGES if language is not ENGLISH)


def chosen_language(setting: str, system: QLocale) -> Language:
    """The user's choice when it names a language we ship; else the system's (any Portuguese is Brazil's);
    else English."""
    for language in LANGUAGES:
        if language.code == setting:
            return language
    return next((language for language in LANGUAGES if language.qt_language == system.language()), ENGLISH)


def install_translators(language: Language) -> list[QTranslator]:
    """Load Qt's and our translations of `language` into the running application and make `translate` ask them;
    returns the translators installed (the application keeps them). English needs none: `translate` and `number`
    speak English again."""
    if language is ENGLISH:
        speak_with(None)
        return []
    app = QCoreApplication.instance()
    assert app is not None, "the application comes first"
    files = [("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
             *((name, str(resource_path("translations"))) for name in TRANSLATION_SETS)]
    installed = []
    for name, folder in files:
        translator = QTranslator(app)
        if translator.load(QLocale(language.code), name, "_", folder):
            app.installTranslator(translator)
            installed.append(translator)
    locale = QLocale(language.code)  # numbers with the language's separators: '50.000', '2,0 GiB' in Portuguese
    speak_with(lambda context, text: QCoreApplication.translate(context, text),
               lambda value, decimals: locale.toString(float(value), "f", decimals))
    return installed


def speak_chosen_language(settings: Settings) -> Language:
    """At start: the language the settings or the system say, installed."""
    language = chosen_language(settings.get(LANGUAGE), QLocale.system())
    install_translators(language)
    return language


def restart_command() -> tuple[str, list[str], str]:
    """(program, arguments, working folder) that start this app again as it was started: the bundle's program,
    or this Python running the `app` package from the source tree."""
    if getattr(sys, "frozen", False):
        return sys.executable, sys.argv[1:], str(app_root())
    return sys.executable, ["-m", "app", *sys.argv[1:]], str(app_root())


class LanguageMenu(QMenu):
    """Language ▸ Follow the system / English / Português (Brasil) / Español / Русский. A choice is kept for the
    next start and offers to restart now when no job runs."""

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(translate("LanguageMenu", "Language"), parent)
        self.studio = studio
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        chosen = studio.settings.get(LANGUAGE)
        self.actions_by_code: dict[str, QAction] = {}
        for code, name in ((FOLLOW_THE_SYSTEM, translate("LanguageMenu", "Follow the system")),
                           *((language.code, language.name) for language in LANGUAGES)):
            action = QAction(name, self, checkable=True)
            action.setChecked(code == chosen)
            action.triggered.connect(lambda _=False, picked=code: self.choose(picked))
            self.group.addAction(action)
            self.addAction(action)
            self.actions_by_code[code] = action
            if code == FOLLOW_THE_SYSTEM:
                self.addSeparator()
        self.note: QMessageBox | None = None

    def choose(self, code: str) -> QMessageBox:
        """Keep `code` for the next start and say so, with a restart offered when no job runs."""
        self.studio.settings.set(LANGUAGE, code)
        self.actions_by_code[code].setChecked(True)
        language = chosen_language(code, QLocale.system())
        note = QMessageBox(QMessageBox.Icon.Information, translate("LanguageMenu", "Language"),
                           translate("LanguageMenu", "The window will speak {language} when Polaris Studio starts "
                                                     "again.").format(language=language.name),
                           QMessageBox.StandardButton.NoButton, self.parentWidget())
        if self.studio.busy:
            note.setInformativeText(translate("LanguageMenu", "A picture is being made now: restart the app "
                                                              "after it is done."))
            note.addButton(QMessageBox.StandardButton.Ok)
        else:
            restart = note.addButton(translate("LanguageMenu", "&Restart now"), QMessageBox.ButtonRole.AcceptRole)
            note.addButton(translate("LanguageMenu", "&Later"), QMessageBox.ButtonRole.RejectRole)
            restart.clicked.connect(self.restart)
        self.note = note
        note.setWindowModality(Qt.WindowModality.WindowModal)  # what QDialog.open() does
        note.show()
        return note

    def restart(self) -> bool:
        """Close the window and start the app again; False when a job started meanwhile, or the window stayed."""
        parent = self.parentWidget()
        window = parent.window() if parent is not None else None
        if self.studio.busy or (window is not None and not window.close()):
            return False
        program, arguments, folder = restart_command()
        started, _ = QProcess.startDetached(program, arguments, folder)
        QCoreApplication.quit()
        return bool(started)
