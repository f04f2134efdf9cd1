"""The Models window's "Drawing engine" tab: which sd.cpp program draws now and what it lacks, and the buttons
to check it sees the graphics card, install it again, or use another one."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QGridLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from app.core.models.backend_caps import version_words
from app.core.models.catalog import Catalog
from app.core.models.families import MEMORY_SWITCHES
from app.core.system.checks import CompatibilityReport, SystemFacts
from app.core.words import translate
from app.services.models.backend_manager import BackendInstall, can_build_here
from app.services.system.backend import BackendInfo, BackendMissing, set_own_backend
from app.services.system.machine import Machine
from app.services.system.system_check import SystemCheck


def install_words() -> tuple[str, str]:
    """The button that gets the drawing engine again on this platform, and what it does."""
    if sys.platform == "win32":
        return (translate("ModelsWindow", "Download the engine"),
                translate("ModelsWindow", "Downloads stable-diffusion.cpp again from its makers, if the engine is "
                                          "missing or damaged."))
    if can_build_here():
        return (translate("ModelsWindow", "Build the engine"),
                translate("ModelsWindow", "Makes the engine and the prompt helper's program from their source on "
                                          "this computer, when one is missing or damaged. It takes several "
                                          "minutes."))
    return (translate("ModelsWindow", "Install the engine"),
            translate("ModelsWindow", "Says how to get the engine for this copy of the app."))


class EngineTab(QWidget):
    """What the drawing engine is, which one draws now, and each button beside what it does."""

    def __init__(self, catalog: Catalog, machine: Machine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.machine = machine
        self.backend_info = QLabel(self)
        self.machine.backend_answered.connect(self._on_backend_answered)
        self.backend_info.setWordWrap(True)
        install, self.install_words = install_words()
        self.install_button = QPushButton(install, self)
        self.own_button = QPushButton(translate("ModelsWindow", "Use another engine…"), self)
        self.app_backend_button = QPushButton(translate("ModelsWindow", "Back to the app's engine"), self)
        self.gpu_button = QPushButton(translate("ModelsWindow", "Does it see my graphics card?"), self)
        self.gpu_check = SystemCheck(self.machine, parent=self)
        self.gpu_check.finished.connect(self._on_gpu_checked)
        self.gpu_button.clicked.connect(self.check_gpu)
        self.backend_progress = QProgressBar(self)
        self.backend_progress.setAccessibleName(translate("ModelsWindow", "The engine's installation"))
        self.backend_progress.hide()  # shown while the engine is being installed: an idle bar says nothing
        self.backend_message = QLabel(self)
        self.backend_message.setWordWrap(True)
        self.backend_install = BackendInstall(self)
        self.backend_install.progress.connect(self._on_backend_progress)
        self.backend_install.finished.connect(self._on_backend_finished)
        self.install_button.clicked.connect(self._on_install_backend)
        self.own_button.clicked.connect(self._on_own_backend)
        self.app_backend_button.clicked.connect(lambda: self.use_backend(None))
        self._lay_out()
        self.refresh_backend()

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        about = QLabel(translate("ModelsWindow", "The drawing engine is the program that turns your words into "
                                                 "pictures: stable-diffusion.cpp, drawing on your graphics card "
                                                 "through Vulkan. The app comes with one; you need these buttons "
                                                 "only when it is missing or to try another one."), self)
        about.setWordWrap(True)
        layout.addWidget(about)
        layout.addWidget(self.backend_info)
        buttons = QGridLayout()
        for row, (button, words) in enumerate((
                (self.gpu_button, translate("ModelsWindow", "Starts the engine once and says which graphics cards "
                                                            "it can draw on.")),
                (self.install_button, self.install_words),
                (self.own_button, translate("ModelsWindow", "Draws with a stable-diffusion.cpp program (sd-cli) "
                                                            "that you built or downloaded yourself.")),
                (self.app_backend_button, translate("ModelsWindow", "Draws with the engine that came with the "
                                                                    "app again.")))):
            said = QLabel(words, self)
            said.setWordWrap(True)
            buttons.addWidget(button, row, 0)
            buttons.addWidget(said, row, 1)
        buttons.setColumnStretch(1, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.backend_progress)
        layout.addWidget(self.backend_message)
        layout.addStretch(1)

    def refresh_backend(self) -> None:
        self.backend_info.setText(translate("ModelsWindow", "Asking the drawing engine which one it is…"))
        self.machine.ask_backend(version=True)

    def _on_backend_answered(self, info: BackendInfo | str) -> None:
        if isinstance(info, str):
            self.backend_info.setText(translate("ModelsWindow", "No drawing engine that starts: {why}").format(
                why=info))
            return
        # what a hobbyist needs to know is what it lacks: each missing way costs video memory
        missing = [translate("Memory", switch.words) for switch in MEMORY_SWITCHES.values()
                   if not info.caps.supports(switch.flag)]
        savers = translate("ModelsWindow", "It lacks some of the ways the app saves video memory ({missing}): "
                                           "big models may not fit your card with it.").format(
            missing=", ".join(missing)) if missing else \
            translate("ModelsWindow", "It has every way the app saves video memory.")
        # the program's name, its folder a hover away: a path of the app's own folders says nothing to a hobbyist
        self.backend_info.setText(translate("ModelsWindow", "Drawing now: {program} ({origin})\n{version}\n"
                                                            "{savers}").format(
            program=info.program.name, origin=translate("Backend", info.origin), version=version_words(info.version),
            savers=savers))
        self.backend_info.setToolTip(str(info.program))

    def check_gpu(self) -> None:
        """Start the engine once, as the system check does, and say which Vulkan devices it lists."""
        self.gpu_button.setEnabled(False)
        self.backend_message.setText(
            translate("ModelsWindow", "Starting the drawing engine to see which graphics cards it finds…"))
        self.gpu_check.start()

    def _on_gpu_checked(self, facts: SystemFacts, report: CompatibilityReport) -> None:
        self.gpu_button.setEnabled(True)
        backend = next((c for c in report.checks if c.id == "backend"), None)
        if backend is not None:
            self.backend_message.setText(backend.message + (f"\n{backend.fix}" if backend.fix else ""))

    def use_backend(self, program: Path | None) -> None:
        try:
            set_own_backend(program)
        except BackendMissing as error:
            self.backend_message.setText(str(error))
            return
        self.backend_message.setText(translate("ModelsWindow", "Drawing with {program} from now on.").format(
            program=program) if program else translate("ModelsWindow", "Drawing with the app's own engine again."))
        self.refresh_backend()

    def _on_own_backend(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, translate("ModelsWindow", "Your stable-diffusion.cpp program (sd-cli)"), str(Path.home()))
        if chosen:
            self.use_backend(Path(chosen))

    def _on_install_backend(self) -> None:
        self.install_button.setEnabled(False)
        self.backend_progress.setRange(0, 0)
        self.backend_progress.show()
        self.backend_install.start(self.catalog)

    def _on_backend_progress(self, percent: int, text: str) -> None:
        if percent >= 0:
            self.backend_progress.setRange(0, 100)
            self.backend_progress.setValue(percent)
        self.backend_message.setText(text)

    def _on_backend_finished(self, error: str | None) -> None:
        self.install_button.setEnabled(True)
        self.backend_progress.setRange(0, 100)
        self.backend_progress.setValue(0 if error else 100)
        self.backend_message.setText(error or translate("ModelsWindow", "The drawing engine is installed."))
        self.refresh_backend()

