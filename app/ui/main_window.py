"""The main window, built for a hobbyist: model, prompt, shape and one big Generate at the top; the picture
takes most of the window, with the gallery strip under it; the files, sampler, memory switches and plan wait
in a folded "Advanced" panel, the backend's log behind "Details"."""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QIcon,
    QImage,
    QKeySequence,
    QPixmap,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QProgressBar,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.gallery.gallery_index import GalleryEntry, GalleryIndex, open_index
from app.core.gallery.metadata import settings_from_png
from app.core.generation.output import ErrorKind, Outcome, Progress, Stage
from app.core.generation.plan import MemoryPlan
from app.core.generation.status_words import check_headline, plan_sentence, progress_words, stage_words
from app.core.generation.upscale import UpscaleRequest
from app.core.models.catalog import Catalog, load_catalog, model_choices, upscaler_models
from app.core.models.families import ModelFamily
from app.core.queue.jobs import Job, JobState
from app.core.resources import resource_path
from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.usage import ResourceSample
from app.services.generation.live_preview import PreviewFrame
from app.services.generation.runner import Generation
from app.services.generation.upscaling import Upscaling
from app.services.queue.job_queue import JobQueue
from app.services.system.monitor import ResourceMonitor
from app.services.system.system_check import SystemCheck
from app.services.user_dirs import current_user_dirs
from app.ui.check_dialog import CheckDialog
from app.ui.gallery import GalleryPanel
from app.ui.gauge import ResourceGauge
from app.ui.models_window import ModelsWindow
from app.ui.notice_bar import NoticeBar
from app.ui.picture_input import picture_in
from app.ui.prompt_panel import PromptPanel
from app.ui.queue_strip import QueueStrip
from app.ui.theme import follow_system_theme, high_dpi_before_the_app_starts

DEMO_MODEL_DIR = Path(__file__).resolve().parents[2] / ".demo-model"

OUTPUT_FOLDER_SETTING = "output/folder"
ADVANCED_OPEN_SETTING = "window/advanced_open"
DETAILS_OPEN_SETTING = "window/details_open"
GEOMETRY_SETTING = "window/geometry"
SPLITTERS_SETTING = "window/splitters"
_BANNER_TONES = {Verdict.PASS: "good", Verdict.WARN: "warn", Verdict.FAIL: "bad"}
_PART_NAMES = {"diffusion": "diffusion model", "text_encoders": "text encoders", "vae": "image decoder"}
# What the user should do about each failure, in their words.
_ADVICE = {
    ErrorKind.OUT_OF_VRAM: "The graphics card ran out of memory. Try a smaller size, or tick 'Decode in tiles' "
                           "in Advanced.",
    ErrorKind.MODEL_LOAD_FAILED: "The model file could not be loaded. Is it complete and a supported model?",
    ErrorKind.BACKEND_MISSING: "The sd.cpp backend is missing.",
    ErrorKind.BACKEND_CRASHED: "The sd.cpp backend crashed. Details shows its last words.",
    ErrorKind.BAD_REQUEST: "The settings were not accepted.",
    ErrorKind.CANNOT_SAVE: "The picture could not be saved where it should go. Choose another folder with the "
                           "folder button, or free some space.",
    ErrorKind.UNKNOWN: "The generation failed.",
}


NO_PICTURE_YET = "No picture yet: write a prompt and press Generate"


class ImageView(QWidget):
    """The picture: fitted to the window, or at 100 % and zoomed, with next / previous through the gallery."""

    previous_requested = Signal()
    next_requested = Signal()
    picture_dropped = Signal(object)  # Path: a picture dropped here becomes the next image's input

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image_path: Path | None = None
        self.preview_step: int | None = None  # the step of the preview frame shown, None for a finished picture
        self._pixmap = QPixmap()
        self.zoom = 1.0
        self.fit = True
        self.canvas = QLabel(NO_PICTURE_YET, self)
        self.canvas.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.canvas.setAccessibleName("Picture")
        self.canvas.setWordWrap(True)
        self.scroll = QScrollArea(self)
        self.scroll.setAccessibleName("Picture")
        self.scroll.setWidget(self.canvas)
        self.scroll.setWidgetResizable(True)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setMinimumSize(160, 120)
        self.previous_button = self._tool("◀", "Previous picture", "Previous picture in the gallery (Alt+Left)")
        self.next_button = self._tool("▶", "Next picture", "Next picture in the gallery (Alt+Right)")
        self.fit_button = self._tool("Fit", "Fit to window", "Show the whole picture (F)")
        self.actual_button = self._tool("100 %", "Actual size", "One picture pixel per screen pixel (1)")
        self.zoom_out_button = self._tool("-", "Zoom out", "Zoom out (-)")
        self.zoom_in_button = self._tool("+", "Zoom in", "Zoom in (+)")
        self.fit_button.setCheckable(True)
        self.fit_button.setChecked(True)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addStretch(1)
        for button in (self.fit_button, self.actual_button, self.zoom_out_button, self.zoom_in_button):
            bar.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroll, 1)
        layout.addLayout(bar)
        self.previous_button.clicked.connect(self.previous_requested)
        self.next_button.clicked.connect(self.next_requested)
        self.fit_button.clicked.connect(self.fit_to_window)
        self.actual_button.clicked.connect(lambda: self.set_zoom(1.0))
        self.zoom_in_button.clicked.connect(lambda: self.set_zoom(self.zoom * 1.25))
        self.zoom_out_button.clicked.connect(lambda: self.set_zoom(self.zoom / 1.25))
        self.setAcceptDrops(True)
        for keys, action in (("F", self.fit_to_window), ("1", lambda: self.set_zoom(1.0)),
                             ("+", lambda: self.set_zoom(self.zoom * 1.25)),
                             ("-", lambda: self.set_zoom(self.zoom / 1.25)),
                             ("Alt+Left", self.previous_requested.emit), ("Alt+Right", self.next_requested.emit)):
            shortcut = QShortcut(QKeySequence(keys), self.scroll)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(action)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if picture_in(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = picture_in(event)
        if path is not None:
            self.picture_dropped.emit(path)
            event.acceptProposedAction()

    def _tool(self, text: str, name: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setAccessibleName(name)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        return button

    def pixmap(self) -> QPixmap:
        return self._pixmap

    def show_image(self, path: Path) -> None:
        self._pixmap = QPixmap(str(path))
        self.image_path = path
        self.preview_step = None
        self.canvas.setText("")
        self._render()

    def show_waiting(self, words: str) -> None:
        """What the job is doing, in the picture's place while there is no picture to show yet."""
        if self._pixmap.isNull():
            self.canvas.setText(words or NO_PICTURE_YET)

    def show_preview(self, image: QImage, step: int) -> None:
        """A frame of the picture as it forms (already decoded off the GUI thread); never a gallery picture."""
        self._pixmap = QPixmap.fromImage(image)
        self.image_path = None
        self.preview_step = step
        self.canvas.setText("")
        self._render()

    def fit_to_window(self) -> None:
        self.fit = True
        self._render()

    def set_zoom(self, zoom: float) -> None:
        self.fit = False
        self.zoom = min(max(zoom, 0.05), 16.0)
        self._render()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit:
            self._render()

    def _render(self) -> None:
        self.fit_button.setChecked(self.fit)
        self.scroll.setWidgetResizable(self.fit)
        if self._pixmap.isNull():
            return
        if self.fit:
            area = self.scroll.viewport().size()
            shown = self._pixmap.scaled(area, Qt.AspectRatioMode.KeepAspectRatio,
                                        Qt.TransformationMode.SmoothTransformation)
            self.zoom = shown.width() / max(self._pixmap.width(), 1)
        else:
            size = self._pixmap.size() * self.zoom
            # past 100 %, show the pixels as pixels: smoothing would blur exactly what one zooms in to see
            how = Qt.TransformationMode
            shown = self._pixmap.scaled(size, Qt.AspectRatioMode.KeepAspectRatio,
                                        how.SmoothTransformation if self.zoom < 1 else how.FastTransformation)
            self.canvas.resize(shown.size())
        self.canvas.setPixmap(shown)
        name = self.image_path.name if self.image_path else f"preview of step {self.preview_step}"
        self.canvas.setToolTip(f"{name} — {self.zoom:.0%}")


class _FitToContents(QScrollArea):
    """A scroll area as tall as what it holds when there is room, scrolling only when there is not."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def setWidget(self, widget: QWidget) -> None:
        super().setWidget(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # what it holds grew or shrank (a picture to start from, a banner): ask the window's layout again
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        inner = self.widget()
        return inner.sizeHint() + QSize(0, 2 * self.frameWidth()) if inner else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        inner = self.widget()
        return QSize(inner.minimumSizeHint().width(), 80) if inner else super().minimumSizeHint()


class _TakesTheRest(QSplitter):
    """The picture, the queue and the gallery: they ask for no more than their minimum height, so that on a short
    screen the top gets what it needs first; every pixel left over is theirs (the layout's stretch)."""

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.minimumSizeHint().height())


class MainWindow(QMainWindow):
    generation_finished = Signal(object)  # Outcome, after the window has shown it

    def __init__(self, generation: Generation, monitor: ResourceMonitor | None = None,
                 system_check: SystemCheck | None = None, gallery: GalleryIndex | None = None,
                 catalog: Catalog | None = None, models_dir: Path | None = None,
                 queue: JobQueue | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Polaris Studio")
        self.generation = generation
        # every Generate goes through the queue (one place, as for the CLI); made before the window connects
        # to it, so that the next job has started when the window hears that one finished
        self.queue = queue or JobQueue(generation, parent=self)
        self.system_check = system_check or SystemCheck(parent=self)
        self.check_dialog: CheckDialog | None = None
        self.panel = PromptPanel(self)
        self.generate_button = QPushButton("&Generate", self)
        self.generate_button.setToolTip("Draw the picture (Ctrl+Enter)")
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop drawing (Esc)")
        self.cancel_button.setEnabled(False)
        self.cancel_button.hide()
        self.add_button = QPushButton("Add to &queue", self)
        self.add_button.setToolTip("Queue these settings too; they run after the jobs before them")
        self.add_button.hide()
        big = QFont(self.generate_button.font())
        big.setPointSizeF(big.pointSizeF() * 1.3)
        big.setBold(True)
        for button in (self.generate_button, self.cancel_button):
            button.setFont(big)
            button.setMinimumHeight(56)
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.generate_button.setDefault(True)
        self.check_button = QPushButton("Check s&ystem", self)
        self.check_button.setToolTip("Check the driver, Vulkan and this computer")
        self.folder_button = QPushButton("Output &folder…", self)
        self.models_button = QPushButton("Get &models…", self)
        self.models_button.setToolTip("Download Flux, SD 1.5 or SDXL, or add model files you already have")
        self.advanced_toggle = QPushButton("A&dvanced", self)
        self.advanced_toggle.setCheckable(True)
        self.advanced_toggle.setToolTip("Model files, sampler, CFG, seed, memory and the plan")
        self.details_toggle = QPushButton("Detai&ls", self)
        self.details_toggle.setCheckable(True)
        self.details_toggle.setToolTip("The backend's log and the memory gauge")
        self.models_window: ModelsWindow | None = None
        self.models_dir = models_dir or current_user_dirs().models
        self.catalog = catalog or load_catalog()
        self.folder_button.setToolTip(str(generation.out_dir))
        self.plan_label = QLabel(self)
        self.plan_label.setWordWrap(True)
        self.plan_label.setAccessibleName("Memory plan")
        self._plan_timer = QTimer(self)
        self._plan_timer.setSingleShot(True)
        self._plan_timer.setInterval(400)  # plan once the user pauses typing
        self._plan_timer.timeout.connect(self.update_plan)
        # until the first step, the stage's words count the seconds: loading can take a minute without a line
        self._stage: Stage | None = None
        self._stage_since = 0.0
        self._stage_clock = QTimer(self)
        self._stage_clock.setInterval(1000)
        self._stage_clock.timeout.connect(self._show_stage)
        self._last_sample: ResourceSample | None = None
        self._retry_note = ""
        self.gauge = ResourceGauge(self)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("Ready")
        self.progress.setTextVisible(True)
        self.progress.setAccessibleName("Progress")
        self.progress.setMinimumWidth(180)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Status")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.plan_summary = QLabel(self)
        self.plan_summary.setWordWrap(True)
        self.plan_summary.setAccessibleName("Memory plan in short")
        self.image = ImageView(self)
        self.log = QPlainTextEdit(self)
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.log.setPlaceholderText("Backend log")
        self.log.setAccessibleName("Backend log")
        self.check_banner = NoticeBar("check_banner", self)
        self.demo_note = NoticeBar("demo_note", self)
        self.gallery_note = NoticeBar("gallery_note", self)
        if gallery is not None and gallery.problem:
            self.gallery_note.say(gallery.problem, "warn")
        self.refresh_model_choices()

        # top: which model, then what to draw, then one big Generate
        model_label = QLabel("&Model", self)
        model_label.setBuddy(self.panel.model_picker)
        top = QHBoxLayout()
        top.addWidget(model_label)
        top.addWidget(self.panel.model_picker, 1)
        top.addWidget(self.models_button)
        top.addStretch(1)
        top.addWidget(self.check_button)
        top.addWidget(self.folder_button)
        prompt_row = QHBoxLayout()
        prompt_row.addWidget(self.panel, 1)
        go = QVBoxLayout()
        go.addWidget(self.generate_button, 1)
        go.addWidget(self.cancel_button, 1)
        go.addWidget(self.add_button)
        toggles = QHBoxLayout()
        toggles.addWidget(self.advanced_toggle)
        toggles.addWidget(self.details_toggle)
        go.addLayout(toggles)
        prompt_row.addLayout(go)
        header = QWidget(self)
        header_layout = QVBoxLayout(header)
        header_layout.setContentsMargins(8, 6, 8, 0)
        header_layout.addWidget(self.check_banner)
        header_layout.addWidget(self.demo_note)
        header_layout.addWidget(self.gallery_note)
        header_layout.addLayout(top)
        header_layout.addLayout(prompt_row)

        # middle: the picture, the gallery strip and the log; Advanced on the right
        self.gallery = GalleryPanel(gallery, self) if gallery is not None else None
        self.details = QWidget(self)
        details_layout = QHBoxLayout(self.details)  # side by side: a laptop screen has width to spare, not height
        details_layout.setContentsMargins(0, 0, 0, 0)
        details_layout.addWidget(self.log, 2)
        details_layout.addWidget(self.gauge, 1)
        self.log.setMinimumHeight(40)
        self.picture_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.picture_splitter.setObjectName("picture_splitter")
        self.queue_strip = QueueStrip(self.queue, self)
        picture = QWidget(self)
        picture_layout = QVBoxLayout(picture)
        picture_layout.setContentsMargins(0, 0, 0, 0)
        picture_layout.addWidget(self.image, 1)
        picture_layout.addWidget(self.queue_strip)
        self.picture_splitter.addWidget(picture)
        if self.gallery is not None:
            self.picture_splitter.addWidget(self.gallery)
            self.gallery.reuse_requested.connect(self._on_reuse_requested)
            self.gallery.reuse_seed_requested.connect(self.panel.seed.setValue)
            self.gallery.preview_requested.connect(lambda entry: self.image.show_image(entry.path))
            self.gallery.use_as_input_requested.connect(lambda entry: self.use_as_input(entry.path))
            self.gallery.edit_requested.connect(lambda entry: self.edit_picture(entry.path))
            self.gallery.upscale_requested.connect(self._on_upscale_requested)
        self.upscaling: Upscaling | None = None  # made on the first upscale: it asks vulkaninfo then
        self.panel.family_changed.connect(self._on_family_changed)
        self.image.picture_dropped.connect(self._on_picture_dropped)
        self.picture_splitter.addWidget(self.details)
        self.picture_splitter.setStretchFactor(0, 4)
        self.picture_splitter.setCollapsible(0, False)
        self.advanced = QScrollArea(self)
        self.advanced.setWidgetResizable(True)
        self.advanced.setAccessibleName("Advanced settings")
        advanced_inner = QWidget(self.advanced)
        advanced_layout = QVBoxLayout(advanced_inner)
        advanced_layout.addWidget(self.panel.advanced)
        advanced_layout.addWidget(self.plan_label)
        advanced_layout.addStretch(1)
        self.advanced.setWidget(advanced_inner)
        self.advanced.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.main_splitter = _TakesTheRest(Qt.Orientation.Horizontal, self)
        self.main_splitter.setObjectName("main_splitter")
        self.main_splitter.addWidget(self.picture_splitter)
        self.main_splitter.addWidget(self.advanced)
        self.main_splitter.setStretchFactor(0, 3)
        self.main_splitter.setCollapsible(0, False)

        # bottom: the status line
        status_row = QHBoxLayout()
        status_row.setContentsMargins(8, 0, 8, 6)
        status_row.addWidget(self.progress)
        status_row.addWidget(self.status, 2)
        status_row.addWidget(self.plan_summary, 1)

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        # the top scrolls when the window is short (a laptop screen with a picture and its mask up there):
        # the picture below keeps its room, and the window still fits the screen
        self.header = _FitToContents(self)
        self.header.setWidget(header)
        layout.addWidget(self.header)
        layout.addWidget(self.main_splitter, 1)
        layout.addLayout(status_row)
        self.setCentralWidget(central)
        self._pane_sizes: dict[QWidget, int] = {}
        self._restore_layout()
        self._set_tab_order()

        self.generate_shortcuts = [QShortcut(QKeySequence(keys), self) for keys in ("Ctrl+Return", "Ctrl+Enter")]
        for shortcut in self.generate_shortcuts:
            shortcut.activated.connect(self._on_generate_shortcut)
        self.cancel_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.cancel_shortcut.activated.connect(self._on_cancel_shortcut)
        self.generate_button.clicked.connect(self._on_generate_clicked)
        self.cancel_button.clicked.connect(self.queue.cancel_all)
        self.add_button.clicked.connect(self._queue_the_panel)
        self.check_button.clicked.connect(self.open_system_check)
        self.folder_button.clicked.connect(self._on_folder_clicked)
        self.models_button.clicked.connect(self.open_models)
        self.advanced_toggle.toggled.connect(self._on_advanced_toggled)
        self.details_toggle.toggled.connect(self._on_details_toggled)
        self.check_banner.action_clicked.connect(self.show_check_results)
        self.image.previous_requested.connect(lambda: self.step_through_gallery(-1))
        self.image.next_requested.connect(lambda: self.step_through_gallery(1))
        generation.stage_changed.connect(self._on_stage_changed)
        generation.progress.connect(self._on_progress)
        self.queue.preview_frame.connect(self._on_preview_frame)
        generation.log_line.connect(self._on_log_line)
        generation.notice.connect(self.status.setText)
        generation.planned.connect(self._show_plan)
        generation.retrying.connect(self._on_retrying)
        panel = self.panel
        for field in panel.slot_fields.values():
            field.line_edit.textChanged.connect(self._plan_timer.start)
        for box in (panel.width_box, panel.height_box, panel.steps):
            box.valueChanged.connect(self._plan_timer.start)
        panel.automatic.toggled.connect(self._plan_timer.start)
        # img2img's encode, hires fix's second pass and the prompt's LoRAs change the plan too
        panel.picture.picture_changed.connect(self._plan_timer.start)
        panel.hires.toggled.connect(self._plan_timer.start)
        panel.hires_scale.valueChanged.connect(self._plan_timer.start)
        panel.prompt.textChanged.connect(self._plan_timer.start)
        generation.probed.connect(self._plan_timer.start)  # the card and the backend have answered: plan again
        self.queue.job_finished.connect(lambda _job, outcome: self._on_finished(outcome))
        self.queue.idle.connect(self._on_queue_idle)
        self.queue.note.connect(self.status.setText)
        if self.queue.message:
            self.status.setText(self.queue.message)
        left = sum(1 for job in self.queue.jobs if job.state is JobState.WAITING)
        if left:
            self.status.setText(f"{left} job{'s' if left > 1 else ''} from last time wait{'' if left > 1 else 's'} "
                                "in the queue: press Run queue to draw them.")
        self.monitor = monitor
        if monitor is not None:
            monitor.sampled.connect(self.gauge.show_sample)
            monitor.cards_sampled.connect(self.gauge.show_cards)
            monitor.sampled.connect(self._on_sampled)
            generation.stage_changed.connect(self._on_backend_started)
            generation.finished.connect(lambda _: monitor.set_backend_pid(None))

    def _set_tab_order(self) -> None:
        """Tab walks the window as it reads: what to draw, its shape, Generate, then the picture and the gallery;
        the Advanced panel's own order (top to bottom) follows."""
        panel, view = self.panel, self.image
        chain: list[QWidget] = [panel.model_picker, self.models_button, panel.prompt, panel.negative_toggle,
                                panel.negative, *panel.aspect_buttons.values(), panel.width_box, panel.height_box,
                                panel.steps, self.generate_button, self.cancel_button, self.advanced_toggle,
                                self.details_toggle, self.check_button, self.folder_button, view.previous_button,
                                view.next_button, view.fit_button, view.actual_button, view.zoom_out_button,
                                view.zoom_in_button, view.scroll]
        if self.gallery is not None:
            gallery = self.gallery
            chain += [gallery.search, gallery.favourites, gallery.view, gallery.reuse_button,
                      gallery.favourite_button, gallery.copy_image_button, gallery.more_button]
        for before, after in itertools.pairwise(chain):
            QWidget.setTabOrder(before, after)

    def _restore_layout(self) -> None:
        settings = QSettings()
        geometry = settings.value(GEOMETRY_SETTING)
        if isinstance(geometry, QByteArray) and self.restoreGeometry(geometry):
            pass
        else:
            screen = self.screen().availableGeometry() if self.screen() else None
            wanted = QSize(1280, 800)
            self.resize(wanted.boundedTo(screen.size()) if screen else wanted)
        splitters = settings.value(SPLITTERS_SETTING)
        if isinstance(splitters, list) and len(splitters) == 2:
            self.main_splitter.restoreState(splitters[0])
            self.picture_splitter.restoreState(splitters[1])
        else:
            self.main_splitter.setSizes([self.width() - 400, 400])
            self.picture_splitter.setSizes([560, 250, 150])
        self.advanced_toggle.setChecked(settings.value(ADVANCED_OPEN_SETTING, False, type=bool))
        self.details_toggle.setChecked(settings.value(DETAILS_OPEN_SETTING, False, type=bool))
        self.advanced.setVisible(self.advanced_toggle.isChecked())
        self.details.setVisible(self.details_toggle.isChecked())

    def save_layout(self) -> None:
        settings = QSettings()
        settings.setValue(GEOMETRY_SETTING, self.saveGeometry())
        settings.setValue(SPLITTERS_SETTING, [self.main_splitter.saveState(), self.picture_splitter.saveState()])
        settings.setValue(ADVANCED_OPEN_SETTING, self.advanced_toggle.isChecked())
        settings.setValue(DETAILS_OPEN_SETTING, self.details_toggle.isChecked())

    def _on_advanced_toggled(self, shown: bool) -> None:
        # the pane never scrolls sideways: it is at least as wide as its widest row (Windows' fonts are wider)
        inner = self.advanced.widget()
        self.advanced.setMinimumWidth(inner.minimumSizeHint().width() + self.advanced.verticalScrollBar().sizeHint()
                                      .width() + 2 * self.advanced.frameWidth())
        self._fold(self.main_splitter, self.advanced, shown, self.advanced.minimumWidth(),
                   self.advanced.minimumWidth())
        QSettings().setValue(ADVANCED_OPEN_SETTING, shown)

    def _on_details_toggled(self, shown: bool) -> None:
        self._fold(self.picture_splitter, self.details, shown, self.details.minimumSizeHint().height(), 150)
        QSettings().setValue(DETAILS_OPEN_SETTING, shown)

    def _fold(self, splitter: QSplitter, pane: QWidget, shown: bool, smallest: int, default: int) -> None:
        """Show or hide a splitter's last pane, giving its room to (or taking it from) the first. Qt's splitter
        alone keeps a hidden pane's size after it has been shown twice, and opens a pane saved hidden at 0 px."""
        sizes = splitter.sizes()
        if shown:
            pane.setVisible(True)
            wanted = self._pane_sizes.get(pane, default)
            if sizes[-1] < smallest:
                sizes[0] = max(sizes[0] + sizes[-1] - wanted, 1)
                sizes[-1] = wanted
        else:
            if sizes[-1] >= smallest:
                self._pane_sizes[pane] = sizes[-1]  # opened again as wide as the user left it
            pane.setVisible(False)
            sizes[0] += sizes[-1]
            sizes[-1] = 0
        splitter.setSizes(sizes)

    def show_demo_note(self) -> None:
        self.demo_note.say("This is the demo model: its weights are random, so it draws colourful noise, not "
                           "your prompt. It proves that everything works here. For real pictures, get a model "
                           "with the button above.")

    def run_first_check(self) -> None:
        """The first start's check, as a banner over the window instead of a dialog in front of it."""
        self.check_banner.say("Checking your graphics card, driver and this computer…", "info")
        self._ensure_check_dialog()
        self.system_check.finished.connect(self._on_first_check_finished)
        self.system_check.start()

    def _on_first_check_finished(self, facts: SystemFacts, report: CompatibilityReport) -> None:
        self.system_check.finished.disconnect(self._on_first_check_finished)
        verdict, text = check_headline(facts, report)
        self.check_banner.say(text, _BANNER_TONES[verdict], "Full &check…")

    def _ensure_check_dialog(self) -> CheckDialog:
        if self.check_dialog is None:
            self.check_dialog = CheckDialog(self.system_check, self)
        return self.check_dialog

    def show_check_results(self) -> None:
        dialog = self._ensure_check_dialog()
        dialog.show()
        dialog.raise_()

    def step_through_gallery(self, direction: int) -> None:
        """Show the next (1) or previous (-1) picture of the gallery strip, newest first."""
        if self.gallery is None or not self.gallery.model.entries:
            return
        entries = self.gallery.model.entries
        paths = [entry.path for entry in entries]
        current = paths.index(self.image.image_path) if self.image.image_path in paths else -1
        row = min(max(current + direction, 0), len(entries) - 1)
        view = self.gallery.view
        view.setCurrentIndex(self.gallery.model.index(row))
        self.image.show_image(entries[row].path)

    def _on_generate_shortcut(self) -> None:
        if self.generate_button.isEnabled():
            self._on_generate_clicked()

    def _on_cancel_shortcut(self) -> None:
        if self.cancel_button.isEnabled():
            self.queue.cancel_all()

    def update_plan(self) -> None:
        """Show what automatic placement would do with the current fields (or that the user chose)."""
        self.panel.update_family()
        if not self.panel.automatic.isChecked():
            self.plan_label.setText("Memory: your own settings (no automatic retry).")
            self.plan_summary.setText("Memory: your own settings.")
            return
        result = self.generation.preview(self.panel.request())
        if isinstance(result, str):
            self.plan_label.setText(f"Memory plan: not yet ({result}).")
            self.plan_summary.setText("")
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
        self.plan_summary.setText(plan_sentence(plan))
        self.plan_summary.setToolTip(self.plan_label.text())
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
            if settings.missing:
                self.status.setText("Reused the settings, but these files are gone: " + "; ".join(settings.missing))

    def use_as_input(self, path: Path) -> None:
        """Start the next image from this picture (img2img)."""
        self.panel.picture.set_picture(path)
        self.status.setText(f"The next image starts from {path.name}; set the strength, or paint a mask to "
                            "repaint only part of it.")

    def edit_picture(self, path: Path) -> None:
        """FLUX.2 klein: the next image edits this picture, the prompt being the instruction."""
        self.panel.set_edit_source(path)
        self.status.setText(f"The next image edits {path.name}: write what to change as the prompt "
                            "(e.g. 'make the sky stormy').")

    def _on_picture_dropped(self, path: Path) -> None:
        """A picture dropped on the image: FLUX.2 klein edits it; other models start from it (img2img)."""
        if self.panel.family is ModelFamily.FLUX2:
            self.edit_picture(path)
        else:
            self.use_as_input(path)

    def _on_family_changed(self, family: ModelFamily) -> None:
        if self.gallery is not None:
            self.gallery.set_editing_available(family is ModelFamily.FLUX2)
        if family is not ModelFamily.FLUX2:
            self.panel.set_edit_source(None)

    def _on_upscale_requested(self, entry: GalleryEntry, factor: int) -> None:
        models = upscaler_models(self.catalog, self.models_dir, self.models_dir / "upscalers")
        if not models:
            self.status.setText("No upscaler yet: download RealESRGAN x4plus anime 6B in the Models window, or add "
                                "an ESRGAN model there.")
            return
        if self.upscaling is None:
            index = self.gallery.model.gallery if self.gallery is not None else None
            self.upscaling = Upscaling(self.generation.out_dir, gallery=index, parent=self)
            self.upscaling.finished.connect(self._on_upscale_finished)
            self.upscaling.planned.connect(lambda plan: self.status.setText(f"Upscaling: {plan.explanation}"))
            self.upscaling.retrying.connect(lambda tile: self.status.setText(
                f"Out of video memory: upscaling again in tiles of {tile} px"))
        if self.upscaling.running:
            self.status.setText("An upscale is already running.")
            return
        self.status.setText(f"Upscaling {entry.path.name} x{factor} with {models[0].stem}…")
        self.upscaling.start(UpscaleRequest(entry.path, models[0], factor))

    def _on_upscale_finished(self, outcome: Outcome) -> None:
        if outcome.ok and outcome.image:
            self.image.show_image(Path(outcome.image))
            if self.gallery is not None:
                self.gallery.model.refresh()
            self.status.setText(f"Saved {outcome.image}")
        elif outcome.error:
            self.status.setText(f"Upscaling failed: {outcome.error.message}")

    def _on_sampled(self, sample: ResourceSample) -> None:
        self._last_sample = sample

    def refresh_model_choices(self) -> None:
        choices = model_choices(self.catalog, self.models_dir)
        self.panel.set_model_choices(choices)
        # the LoRA folder is the models folder's: a LoRA added in the Models window shows at once
        self.panel.lora_picker.folder = self.models_dir / "loras"
        self.panel.lora_picker.refresh()
        # nothing installed yet: say where models come from
        self.models_button.setText("&Models…" if choices else "Get &models…")

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
        self.generate_button.hide()
        self.cancel_button.show()
        self.cancel_button.setFocus()
        self.status.clear()
        self.log.clear()
        self._retry_note = ""
        self.progress.setRange(0, 0)  # busy until the first step
        self.progress.setFormat("Starting…")
        self.add_button.show()
        if not self._queue_the_panel():
            self._on_queue_idle()

    def _queue_the_panel(self) -> bool:
        """Put the panel's settings in the queue (as many jobs as the batch asks for); False when it refuses."""
        try:
            requests = self.panel.batch.requests(self.panel.request(), random.SystemRandom())
        except ValueError as error:
            self.status.setText(str(error))
            return False
        self.queue.add(requests)
        return True

    def _on_preview_frame(self, job: Job, frame: PreviewFrame) -> None:
        # on a rig several jobs form at once: the view follows the first of them
        running = self.queue.running_jobs()
        if running and running[0] is job:
            self.image.show_preview(frame.image, frame.step)

    def _on_queue_idle(self) -> None:
        self.generate_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.cancel_button.hide()
        self.add_button.hide()
        self.generate_button.show()

    def _on_stage_changed(self, stage: Stage) -> None:
        if stage is not Stage.SAMPLING:
            self.progress.setRange(0, 0)
        self.progress.setFormat(stage.value.capitalize() + "…")
        self._stage, self._stage_since = stage, time.monotonic()
        self._show_stage()
        if stage in (Stage.LOADING, Stage.ENCODING):
            self._stage_clock.start()
        else:
            self._stage_clock.stop()

    def _show_stage(self) -> None:
        if self._stage is None:
            return
        words = stage_words(self._stage, time.monotonic() - self._stage_since)
        self.status.setText(words)
        self.image.show_waiting(words)
        self.queue_strip.refresh()

    def _on_progress(self, progress: Progress) -> None:
        self._stage_clock.stop()
        self.progress.setRange(0, progress.steps)
        self.progress.setValue(progress.step)
        self.progress.setFormat(f"Step {progress.step}/{progress.steps}")
        self.status.setText(progress_words(progress))

    def _on_log_line(self, text: str, stream: str) -> None:
        self.log.appendPlainText(text)

    def _on_finished(self, outcome: Outcome) -> None:
        self._stage_clock.stop()
        self._stage = None
        self.image.show_waiting("")
        if not self.queue.busy:
            self._on_queue_idle()
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
            self.status.setText("Cancelled.")
        elif outcome.error:
            self.progress.setFormat("Failed")
            self.status.setText(f"{_ADVICE[outcome.error.kind]}\n{outcome.error.message}")
        self.generation_finished.emit(outcome)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        self._plan_timer.stop()  # a plan pending from the last keystroke would start a probe after the end
        # closing the window ends the app: the backend and any probe go with it, now
        self.queue.stop_now()
        if self.upscaling is not None:
            self.upscaling.stop_now()
        if self.models_window is not None:
            self.models_window.stop()
        if self.monitor is not None:
            self.monitor.stop()
        super().closeEvent(event)


def load_demo(panel: PromptPanel) -> None:
    panel.model.set_path(DEMO_MODEL_DIR / "flux_tiny_clip.gguf")
    panel.taesd.set_path(DEMO_MODEL_DIR / "taef1_tiny.gguf")
    panel.prompt.setPlainText("a lighthouse on a cliff at dawn, oil painting")
    # the demo model is tiny: a small picture draws in seconds, even on the processor
    panel.set_size(128, 128)


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
    if QApplication.instance() is None:
        high_dpi_before_the_app_starts()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    follow_system_theme(app)
    app.setWindowIcon(QIcon(str(resource_path("icons/polaris_studio.png"))))
    monitor = ResourceMonitor()
    out_dir = Path(QSettings().value(OUTPUT_FOLDER_SETTING, str(current_user_dirs().images), type=str))
    gallery = open_index(current_user_dirs().gallery_index, out_dir, rebuild_progress())
    generation = Generation(out_dir, gallery=gallery)
    queue = JobQueue(generation, current_user_dirs().job_queue)
    window = MainWindow(generation, monitor, gallery=gallery, queue=queue)
    if demo:
        load_demo(window.panel)
        window.show_demo_note()
    window.show()
    monitor.start()
    if first_start(QSettings()):
        window.run_first_check()
    return app.exec()
