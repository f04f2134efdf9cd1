"""The first start that leads, beside the window and never in its way: the check's verdict in a sentence, the model
recommended for the card with its size and time, its download, then the first picture. "Not now" and "Use the
demo model" end it at every step; it is shown once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout

from app.core.demo.picture_models import DEMO_MODEL_DIR, FLUX_FILE, TAE_FILE, demo_model_files
from app.core.generation.status_words import check_headline
from app.core.models.catalog import FileStatus, preset_usable, read_ledger, status_of_preset
from app.core.models.downloads import DownloadCancelled, DownloadError, PresetProgress
from app.core.planning.advice import ModelAdvice
from app.core.settings_schema import FIRST_START_GUIDED
from app.core.sizes import format_size
from app.core.system.checks import CompatibilityReport, SystemFacts
from app.core.words import sentence, translate
from app.services.models.advisor import MachineAdvice, ModelAdvisor
from app.services.models.model_manager import PresetDownload
from app.services.settings import Settings
from app.ui.prompt_panel import PromptPanel

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

# the first picture's prompt: English, as the models read it best
SAMPLE_PROMPT = "a lighthouse on a cliff at dawn, oil painting"


def load_demo(panel: PromptPanel) -> None:
    panel.slot_fields["model"].set_path(DEMO_MODEL_DIR / FLUX_FILE)
    panel.slot_fields["taesd"].set_path(DEMO_MODEL_DIR / TAE_FILE)
    panel.prompt.setPlainText(SAMPLE_PROMPT)
    # the demo model is tiny: a small picture draws in seconds, even on the processor
    panel.set_size(128, 128)


def demo_here() -> bool:
    return demo_model_files() is not None


def guide_wanted(settings: Settings) -> bool:
    """True until the guide has been shown once."""
    return not settings.get(FIRST_START_GUIDED)


class FirstStart(QDialog):
    """A small window beside the main one (not modal: the window and the demo stay usable behind it)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.main_window = window
        self.setWindowTitle(translate("FirstStart", "Welcome to Polaris Studio"))
        self.setModal(False)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)  # the window keeps asking it where it is
        self.verdict = QLabel(translate("FirstStart", "Checking your graphics card, driver and this computer…"), self)
        self.recommendation = QLabel(translate("FirstStart", "Looking for the model that suits your card…"), self)
        self.progress = QProgressBar(self)
        self.progress.setAccessibleName(translate("FirstStart", "Download of the recommended model"))
        self.progress_label = QLabel(self)
        for label in (self.verdict, self.recommendation, self.progress_label):
            label.setWordWrap(True)
        self.download_button = QPushButton(translate("FirstStart", "&Download"), self)
        self.stop_button = QPushButton(translate("FirstStart", "&Stop"), self)
        self.stop_button.setToolTip(translate("FirstStart", "Pause the download: it goes on from where it stopped"))
        self.picture_button = QPushButton(translate("FirstStart", "&Make my first picture"), self)
        self.demo_button = QPushButton(translate("FirstStart", "Use the d&emo model"), self)
        self.not_now_button = QPushButton(translate("FirstStart", "&Not now"), self)
        self.download_button.clicked.connect(self.start_download)
        self.picture_button.clicked.connect(self.make_first_picture)
        self.demo_button.clicked.connect(self.use_demo)
        self.not_now_button.clicked.connect(self.not_now)
        self.advisor = ModelAdvisor(window.studio.machine, window.catalog, self)
        self.advisor.advised.connect(self._on_advised)
        self.download = PresetDownload(self)
        self.download.progress.connect(self._on_progress)
        self.download.finished.connect(self._on_downloaded)
        self.stop_button.clicked.connect(self.download.cancel)
        self.chosen: ModelAdvice | None = None
        self._lay_out()
        self._show_step(download=False, picture=False)

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.verdict)
        layout.addWidget(self.recommendation)
        layout.addWidget(self.progress)
        layout.addWidget(self.progress_label)
        buttons = QHBoxLayout()
        for button in (self.download_button, self.stop_button, self.picture_button, self.demo_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.not_now_button)
        layout.addLayout(buttons)
        self.resize(520, 0)

    def start(self) -> None:
        """Show the guide (once: it is remembered at once) and ask the check and the card what they say."""
        self.main_window.studio.settings.set(FIRST_START_GUIDED, True)
        check = self.main_window.system_check
        check.finished.connect(self._on_checked)
        if not check.running:  # the window's first check runs already, or this start skipped it
            check.start()
        self.advisor.ask()
        self.show()

    def _show_step(self, download: bool, picture: bool) -> None:
        self.download_button.setVisible(download)
        self.stop_button.setVisible(self.download.running)
        self.picture_button.setVisible(picture)
        self.demo_button.setVisible(demo_here())
        self.progress.setVisible(self.download.running or self.progress.value() > 0)
        self.progress_label.setVisible(bool(self.progress_label.text()))
        self._fit()

    def _fit(self) -> None:
        """As tall as its wrapped sentences need at its width: a window keeps the size it was shown at, and the
        check's and the advice's longer sentences would be cut and overlap (seen on a real X server)."""
        self.resize(self.width(), max(self.heightForWidth(self.width()), self.minimumSizeHint().height()))

    def _on_checked(self, facts: SystemFacts, report: CompatibilityReport) -> None:
        self.main_window.system_check.finished.disconnect(self._on_checked)
        self.verdict.setText(check_headline(facts, report)[1])
        self._fit()

    def _on_advised(self, advice: MachineAdvice | str) -> None:
        if isinstance(advice, str):
            self.recommendation.setText(advice)
            self._fit()
            return
        self.chosen = advice.best
        self.recommendation.setText(advice.sentence)
        if self.chosen is None:
            self._fit()
            return
        models_dir = self.main_window.models_dir
        status = status_of_preset(self.chosen.preset, models_dir, read_ledger(models_dir))
        ready = preset_usable(status)
        if ready:
            self.progress_label.setText(translate("FirstStart", "It is already here."))
        elif status is FileStatus.PARTIAL:
            self.download_button.setText(translate("FirstStart", "&Resume the download"))
        self._show_step(download=not ready, picture=ready)

    def start_download(self) -> None:
        assert self.chosen is not None  # the button shows only with a recommendation
        self.download.start(self.chosen.preset, self.main_window.models_dir, self.main_window.catalog.hosts)
        self.progress.setRange(0, 1000)
        self.progress_label.setText(translate("FirstStart", "Connecting…"))
        self._show_step(download=False, picture=False)

    def _on_progress(self, step: PresetProgress) -> None:
        if step.overall_total:
            self.progress.setValue(int(1000 * step.overall_done / step.overall_total))
        self.progress_label.setText(translate("FirstStart", "Downloading: {done} of {total}").format(
            done=format_size(step.overall_done), total=format_size(step.overall_total)))
        self._show_step(download=False, picture=False)

    def _on_downloaded(self, _preset_id: str, error: DownloadError | None) -> None:
        if error is None:
            self.progress.setValue(self.progress.maximum())
            self.progress_label.setText(translate("FirstStart", "The model is here and checked."))
            self.main_window.models_button.refresh_model_choices()
            self._show_step(download=False, picture=True)
            return
        if isinstance(error, DownloadCancelled):
            self.progress_label.setText(translate("FirstStart", "The download is paused: it goes on from where it "
                                                                "stopped next time."))
        else:  # the model by its name, as the Models window says it
            model = self.chosen.preset.title if self.chosen is not None else ""
            self.progress_label.setText(": ".join(filter(None, [model, sentence(str(error))])))
        self.download_button.setText(translate("FirstStart", "&Try again"))
        self._show_step(download=True, picture=False)

    def make_first_picture(self) -> None:
        """The recommended model in the picker, a sample prompt, and Generate pressed."""
        assert self.chosen is not None
        window = self.main_window
        window.models_button.refresh_model_choices()
        window.panel.pick_model(self.chosen.preset.label)
        if not window.panel.prompt.toPlainText().strip():
            window.panel.prompt.setPlainText(SAMPLE_PROMPT)
        self._generate()

    def use_demo(self) -> None:
        """The demo model (noise, but a first picture in seconds), with Generate pressed."""
        load_demo(self.main_window.panel)
        self._generate()

    def _generate(self) -> None:
        self.close()
        if self.main_window.go.generate.isEnabled():
            self.main_window.go.generate.click()

    def not_now(self) -> None:
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        """A download under way pauses: the Models window resumes it from where it stopped."""
        if self.download.running:
            self.download.cancel()
            self.download.wait()
        super().closeEvent(event)
