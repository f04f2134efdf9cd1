"""The main window: prompt panel, Generate / Cancel, progress, the finished image and the backend log."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QIcon, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QProgressBar,
    QProgressDialog,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.core.catalog import Catalog, load_catalog, model_choices
from app.core.gallery_index import GalleryEntry, GalleryIndex, open_index
from app.core.metadata import settings_from_png
from app.core.output import ErrorKind, Outcome, Progress, Stage
from app.core.plan import MemoryPlan
from app.core.resources import resource_path
from app.core.usage import ResourceSample
from app.services.generation import Generation
from app.services.monitor import ResourceMonitor
from app.services.system_check import SystemCheck
from app.services.user_dirs import current_user_dirs
from app.ui.check_dialog import CheckDialog
from app.ui.gallery import GalleryPanel
from app.ui.gauge import ResourceGauge
from app.ui.models_window import ModelsWindow
from app.ui.notice_bar import NoticeBar
from app.ui.prompt_panel import PromptPanel

DEMO_MODEL_DIR = Path(__file__).resolve().parents[2] / ".demo-model"

OUTPUT_FOLDER_SETTING = "output/folder"
_PART_NAMES = {"diffusion": "diffusion model", "text_encoders": "text encoders", "vae": "image decoder"}
# What the user should do about each failure, in their words.
_ADVICE = {
    ErrorKind.OUT_OF_VRAM: "The graphics card ran out of memory. Try a smaller size or tick 'Decode in tiles'.",
    ErrorKind.MODEL_LOAD_FAILED: "The model file could not be loaded. Is it complete and a supported model?",
    ErrorKind.BACKEND_MISSING: "The sd.cpp backend is missing.",
    ErrorKind.BACKEND_CRASHED: "The sd.cpp backend crashed. The log below shows its last words.",
    ErrorKind.BAD_REQUEST: "The settings were not accepted.",
    ErrorKind.UNKNOWN: "The generation failed.",
}


class ImageView(QLabel):
    """Shows the last finished image, scaled to fit, keeping its aspect ratio."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("No image yet", parent)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumSize(256, 256)
        self._pixmap = QPixmap()
        self.image_path: Path | None = None

    def show_image(self, path: Path) -> None:
        self._pixmap = QPixmap(str(path))
        self.image_path = path
        self._rescale()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._rescale()

    def _rescale(self) -> None:
        if not self._pixmap.isNull():
            self.setPixmap(self._pixmap.scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio,
                                               Qt.TransformationMode.SmoothTransformation))


class MainWindow(QMainWindow):
    generation_finished = Signal(object)  # Outcome, after the window has shown it

    def __init__(self, generation: Generation, monitor: ResourceMonitor | None = None,
                 system_check: SystemCheck | None = None, gallery: GalleryIndex | None = None,
                 catalog: Catalog | None = None, models_dir: Path | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Polaris Studio")
        self.generation = generation
        self.system_check = system_check or SystemCheck(parent=self)
        self.check_dialog: CheckDialog | None = None
        self.panel = PromptPanel(self)
        self.generate_button = QPushButton("Generate", self)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setEnabled(False)
        self.check_button = QPushButton("Check system", self)
        self.folder_button = QPushButton("Output folder…", self)
        self.models_button = QPushButton("Models…", self)
        self.models_window: ModelsWindow | None = None
        self.models_dir = models_dir or current_user_dirs().models
        self.catalog = catalog or load_catalog()
        self.refresh_model_choices()
        self.folder_button.setToolTip(str(generation.out_dir))
        self.plan_label = QLabel(self)
        self.plan_label.setWordWrap(True)
        self._plan_timer = QTimer(self)
        self._plan_timer.setSingleShot(True)
        self._plan_timer.setInterval(400)  # plan once the user pauses typing
        self._plan_timer.timeout.connect(self.update_plan)
        self._last_sample: ResourceSample | None = None
        self._retry_note = ""
        self.gauge = ResourceGauge(self)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("Ready")
        self.progress.setTextVisible(True)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.image = ImageView(self)
        self.log = QPlainTextEdit(self)
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.log.setPlaceholderText("Backend log")

        buttons = QHBoxLayout()
        buttons.addWidget(self.generate_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.folder_button)
        buttons.addWidget(self.models_button)
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        self.demo_note = NoticeBar("demo_note", self)
        left_layout.addWidget(self.demo_note)
        left_layout.addWidget(self.panel)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.plan_label)
        left_layout.addWidget(self.progress)
        left_layout.addWidget(self.status)
        left_layout.addWidget(self.log, 1)
        left_layout.addWidget(self.gauge)
        self.gallery = GalleryPanel(gallery, self) if gallery is not None else None
        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.image)
        if self.gallery is not None:
            right.addWidget(self.gallery)
            self.gallery.reuse_requested.connect(self._on_reuse_requested)
            self.gallery.reuse_seed_requested.connect(self.panel.seed.setValue)
            self.gallery.preview_requested.connect(lambda entry: self.image.show_image(entry.path))
        splitter = QSplitter(self)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        self.setCentralWidget(splitter)
        self.resize(1100, 700)

        self.generate_button.clicked.connect(self._on_generate_clicked)
        self.cancel_button.clicked.connect(self.generation.cancel)
        self.check_button.clicked.connect(self.open_system_check)
        self.folder_button.clicked.connect(self._on_folder_clicked)
        self.models_button.clicked.connect(self.open_models)
        generation.stage_changed.connect(self._on_stage_changed)
        generation.progress.connect(self._on_progress)
        generation.log_line.connect(self._on_log_line)
        generation.notice.connect(self.status.setText)
        generation.planned.connect(self._show_plan)
        generation.retrying.connect(self._on_retrying)
        panel = self.panel
        for field in (panel.model, panel.diffusion_model, panel.vae, panel.taesd, panel.clip_l, panel.t5xxl):
            field.line_edit.textChanged.connect(self._plan_timer.start)
        for box in (panel.width_box, panel.height_box, panel.steps):
            box.valueChanged.connect(self._plan_timer.start)
        panel.automatic.toggled.connect(self._plan_timer.start)
        generation.device_probed.connect(self._plan_timer.start)  # the card's memory is known now: plan again
        generation.finished.connect(self._on_finished)
        self.monitor = monitor
        if monitor is not None:
            monitor.sampled.connect(self.gauge.show_sample)
            monitor.sampled.connect(self._on_sampled)
            generation.stage_changed.connect(self._on_backend_started)
            generation.finished.connect(lambda _: monitor.set_backend_pid(None))

    def show_demo_note(self) -> None:
        self.demo_note.say("This is the demo model: its weights are random, so it draws colourful noise, not "
                           "your prompt. It proves that everything works here. Real models: Models….")

    def update_plan(self) -> None:
        """Show what automatic placement would do with the current fields (or that the user chose)."""
        if not self.panel.automatic.isChecked():
            self.plan_label.setText("Memory: your own settings (no automatic retry).")
            return
        result = self.generation.preview(self.panel.request())
        if isinstance(result, str):
            self.plan_label.setText(f"Memory plan: not yet ({result}).")
        else:
            self._show_plan(result)

    def _show_plan(self, plan: MemoryPlan) -> None:
        gib = lambda size: f"{size / 2**30:.1f}"  # noqa: E731
        sample = self._last_sample
        vram_of = f" of {gib(sample.vram_total)}" if sample and sample.vram_total else ""
        ram_of = f" of {gib(sample.ram_total)}" if sample else ""
        where = ", ".join(f"{_PART_NAMES[part]} on {place.value.upper()}"
                          for part, place in plan.placement.items())
        verdict = "" if plan.fits else " — predicted NOT to fit"
        self.plan_label.setText(f"Memory plan: {where}; predicted {gib(plan.peak_vram.total)}{vram_of} GiB VRAM, "
                                f"{gib(plan.peak_ram)}{ram_of} GiB RAM{verdict}.")
        self.plan_label.setToolTip("\n".join([" ".join(plan.flags), *plan.explanation]))

    def _on_retrying(self, reason: str, plan: MemoryPlan) -> None:
        what = "ran out of video memory" if reason == "out_of_vram" else "gave a blank image"
        self._retry_note = f"The first try {what}; it was tried again, safer: {' '.join(plan.flags)}"
        self.status.setText(self._retry_note)
        self._show_plan(plan)

    def _on_folder_clicked(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Where finished images go", str(self.generation.out_dir))
        if chosen:
            self.set_output_folder(Path(chosen))

    def set_output_folder(self, folder: Path) -> None:
        """Send the next images to `folder`, remember it, and show what it already holds in the gallery."""
        self.generation.set_out_dir(folder)
        QSettings().setValue(OUTPUT_FOLDER_SETTING, str(folder))
        self.folder_button.setToolTip(str(folder))
        if self.gallery is not None:
            self.gallery.model.gallery.scan(folder)
            self.gallery.model.refresh()
        self.status.setText(f"New images go to {folder}")

    def _on_reuse_requested(self, entry: GalleryEntry) -> None:
        settings = settings_from_png(entry.path)
        if settings is None:
            self.status.setText(f"{entry.path.name} carries no settings to reuse.")
        else:
            self.panel.apply(settings)

    def _on_sampled(self, sample: ResourceSample) -> None:
        self._last_sample = sample

    def refresh_model_choices(self) -> None:
        self.panel.set_model_choices(model_choices(self.catalog, self.models_dir))

    def open_models(self) -> None:
        if self.models_window is None:
            self.models_window = ModelsWindow(self.catalog, self.models_dir, self)
            self.models_window.choices_changed.connect(self.refresh_model_choices)
        self.models_window.show()
        self.models_window.raise_()

    def open_system_check(self) -> None:
        if self.check_dialog is None:
            self.check_dialog = CheckDialog(self.system_check, self)
        self.check_dialog.show()
        self.check_dialog.raise_()
        if not self.system_check.running:
            self.check_dialog.run()

    def _on_backend_started(self, stage: Stage) -> None:
        if stage is Stage.LOADING and self.monitor is not None:
            self.monitor.set_backend_pid(self.generation.pid())

    def _on_generate_clicked(self) -> None:
        self.generate_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.clear()
        self.log.clear()
        self._retry_note = ""
        self.progress.setRange(0, 0)  # busy until the first step
        self.progress.setFormat("Starting…")
        self.generation.start(self.panel.request())

    def _on_stage_changed(self, stage: Stage) -> None:
        if stage is not Stage.SAMPLING:
            self.progress.setRange(0, 0)
        self.progress.setFormat(stage.value.capitalize() + "…")

    def _on_progress(self, progress: Progress) -> None:
        self.progress.setRange(0, progress.steps)
        self.progress.setValue(progress.step)
        eta = progress.eta_seconds
        left = f" — about {eta:.0f} s left" if eta is not None and progress.step < progress.steps else ""
        self.progress.setFormat(f"Sampling — step {progress.step}/{progress.steps}{left}")

    def _on_log_line(self, text: str, stream: str) -> None:
        self.log.appendPlainText(text)

    def _on_finished(self, outcome: Outcome) -> None:
        self.generate_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setRange(0, 1)
        self.progress.setValue(1 if outcome.ok else 0)
        if outcome.ok and outcome.image:
            self.image.show_image(Path(outcome.image))
            if self.gallery is not None:
                self.gallery.model.refresh()
            self.progress.setFormat("Done")
            self.status.setText("\n".join(filter(None, [f"Saved {outcome.image}", self._retry_note])))
        elif outcome.cancelled:
            self.progress.setFormat("Cancelled")
        elif outcome.error:
            self.progress.setFormat("Failed")
            self.status.setText(f"{_ADVICE[outcome.error.kind]}\n{outcome.error.message}")
        self.generation_finished.emit(outcome)

    def closeEvent(self, event: QCloseEvent) -> None:
        # closing the window ends the app: the backend and any probe go with it, now
        self.generation.stop_now()
        if self.models_window is not None:
            self.models_window.stop()
        if self.monitor is not None:
            self.monitor.stop()
        super().closeEvent(event)


def load_demo(panel: PromptPanel) -> None:
    panel.model.set_path(DEMO_MODEL_DIR / "flux_tiny_clip.gguf")
    panel.taesd.set_path(DEMO_MODEL_DIR / "taef1_tiny.gguf")
    panel.prompt.setPlainText("a lighthouse on a cliff at dawn, oil painting")
    panel.width_box.setValue(128)
    panel.height_box.setValue(128)


def first_start(settings: QSettings) -> bool:
    """True once per user: the first start runs the system check by itself."""
    if settings.value("system_check/first_start_done", False, type=bool):
        return False
    settings.setValue("system_check/first_start_done", True)
    return True


def rebuild_progress() -> Callable[[int, int], None]:
    """A progress window for rebuilding a lost gallery index, shown only if that takes a while."""
    dialog = QProgressDialog("Rebuilding the gallery from your images…", "", 0, 0)
    dialog.setCancelButton(None)  # the rebuild only reads: it is safe, and quick to let finish
    dialog.setMinimumDuration(500)

    def report(done: int, total: int) -> None:
        dialog.setMaximum(total)
        dialog.setValue(done)
        if done % 20 == 0:
            QApplication.processEvents()

    return report


def run_window(demo: bool = False) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setWindowIcon(QIcon(str(resource_path("icons/polaris_studio.png"))))
    monitor = ResourceMonitor()
    out_dir = Path(QSettings().value(OUTPUT_FOLDER_SETTING, str(current_user_dirs().images), type=str))
    gallery = open_index(current_user_dirs().gallery_index, out_dir, rebuild_progress())
    window = MainWindow(Generation(out_dir, gallery=gallery), monitor, gallery=gallery)
    if demo:
        load_demo(window.panel)
        window.show_demo_note()
    window.show()
    monitor.start()
    if first_start(QSettings()):
        window.open_system_check()
    return app.exec()
