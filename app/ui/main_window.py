"""The main window, built for a hobbyist: model, prompt, shape and one big Generate at the top; the picture
takes most of the window, with the gallery strip under it; the files, sampler, memory switches and plan wait
in a folded "Advanced" panel, the backend's log behind "Details". The window puts the parts together and lays
them out; each part lives in its own module."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.gallery.gallery_index import GalleryIndex
from app.core.generation.output import Progress
from app.core.generation.request import prompt_length_problem
from app.core.models.catalog import Catalog, load_catalog
from app.core.models.families import ModelFamily
from app.core.words import sentence, translate
from app.services.api_desk import ServerMaker
from app.services.draft import Draft
from app.services.kept_draft import KeptDraft
from app.services.studio import Studio
from app.services.system.monitor import ResourceMonitor
from app.services.system.system_check import SystemCheck
from app.services.user_dirs import current_user_dirs
from app.ui.check_banner import CheckBanner
from app.ui.drafts_row import DraftsRow
from app.ui.folder_button import FolderButton
from app.ui.folds import Folds
from app.ui.gallery import GalleryPanel
from app.ui.gauge import ResourceGauge
from app.ui.generate_buttons import GenerateButtons
from app.ui.icons import put_icons
from app.ui.image_view import ImageView
from app.ui.job_display import JobDisplay
from app.ui.language import LanguageMenu
from app.ui.models_button import ModelsButton
from app.ui.notice_bar import NoticeBar
from app.ui.other_apps import OtherAppsRow
from app.ui.picture_actions import PictureActions
from app.ui.plan_view import MemoryPlanView
from app.ui.prompt_helper_view import PromptHelperView
from app.ui.prompt_panel import PromptPanel
from app.ui.queue_strip import QueueStrip
from app.ui.status_line import StatusLine
from app.ui.window_settings import WindowLayout


def _walked(part: QWidget) -> list[QWidget]:
    """The widgets inside `part` that Tab can reach, in the order the focus chain has them now."""
    found: list[QWidget] = []
    widget = part.nextInFocusChain()
    while widget is not part and widget is not None and len(found) < 1000:
        if part.isAncestorOf(widget) and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            found.append(widget)
        widget = widget.nextInFocusChain()
    return found


class MainWindow(PictureActions, JobDisplay, QMainWindow):
    generation_finished = Signal(object)  # Outcome, after the window has shown it

    def __init__(self, studio: Studio, monitor: ResourceMonitor | None = None,
                 system_check: SystemCheck | None = None, catalog: Catalog | None = None,
                 models_dir: Path | None = None, make_server: ServerMaker | None = None) -> None:
        """`make_server`: the HTTP API's server, which the entry point hands in (the window stands beside the API);
        without it the switch for other apps says it cannot."""
        super().__init__()
        self.setWindowTitle("Polaris Studio")  # a proper name
        # every job goes through the studio's queue, as for the CLI; the window hears its one stream of events
        self.studio = studio
        self.monitor = monitor
        self.system_check = system_check or SystemCheck(studio.machine, parent=self)
        self.models_dir = models_dir or current_user_dirs().models
        self.catalog = catalog or load_catalog()
        self._steps: dict[str, Progress] = {}  # each card's last step, while its job runs
        self._prompt_too_long = False  # the status line says so
        self.draft = Draft(self)  # the job being edited: the panel writes it, the plan, Extend… and reuse read it
        self.panel = PromptPanel(self.draft, self)
        self._make_buttons()
        self._make_views(studio.gallery, make_server)
        self.models_button.refresh_model_choices()
        self._lay_out()
        self.window_layout = WindowLayout(
            self, main_splitter=self.main_splitter, folds_splitter=self.folds, advanced=self.folds.advanced,
            advanced_toggle=self.advanced_toggle, details=self.folds.details, details_toggle=self.details_toggle)
        self.window_layout.restore()
        self._set_tab_order()
        self._connect_controls()
        self._connect_jobs()
        self.panel.styles_picker.use(studio)  # after _connect_jobs: a damaged styles file is said in the status
        self.kept_draft = KeptDraft(self.draft, current_user_dirs().last_draft, self)
        self._restore_last_draft()
        self._say_what_waits_from_last_time()

    def _restore_last_draft(self) -> None:
        """The prompt and settings of when the window last closed: the model's files when they are all still
        there (with their CFG), then what reuse puts back (prompt, size, steps, seed, sampler, picture…)."""
        last = self.kept_draft.restored()
        if last is None:
            return
        files = last.models.given()
        if files and all(path.is_file() for path in files.values()):
            for slot, field in self.panel.slot_fields.items():
                field.set_path(files.get(slot))
            self.panel.rows.set_value("cfg_scale", last.cfg_scale)
        self.draft.edit(last)

    def _make_buttons(self) -> None:
        self.go = GenerateButtons(self)
        self.drafts_row = DraftsRow(self.draft, self)
        self.check_button = QPushButton(translate("MainWindow", "Check s&ystem"), self)
        self.check_button.setToolTip(translate("MainWindow", "Check the driver, Vulkan and this computer"))
        self.folder_button = FolderButton(self.studio, self.draft, self)
        self.models_button = ModelsButton(self.catalog, self.models_dir, self.studio.machine, self.panel, self)
        self.advanced_toggle = QPushButton(translate("MainWindow", "Ad&vanced"), self)
        self.advanced_toggle.setCheckable(True)
        self.advanced_toggle.setToolTip(translate("MainWindow", "Model files, sampler, CFG, seed, memory and the plan"))
        # the language the window speaks (from the next start): beside the output folder, under the gallery
        self.language_button = QToolButton(self)
        self.language_button.setText(translate("MainWindow", "Language"))
        self.language_button.setMenu(LanguageMenu(self.studio, self))
        self.language_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.details_toggle = QPushButton(translate("MainWindow", "&Details"), self)
        self.details_toggle.setCheckable(True)
        put_icons(((self.check_button, "check"), (self.folder_button, "folder"), (self.models_button, "models"),
                   (self.advanced_toggle, "advanced"), (self.details_toggle, "details"),
                   (self.language_button, "language")))
        self.details_toggle.setToolTip(translate("MainWindow", "The memory gauge, the switch that lets other apps draw "
                                                               "here, and the log of the drawing program"))

    def _make_views(self, gallery: GalleryIndex | None, make_server: ServerMaker | None) -> None:
        self.plan = MemoryPlanView(self.draft, self)
        self.gauge = ResourceGauge(self)
        self.status_line = StatusLine(self.plan.summary, self.studio, self)
        self.image = ImageView(self)
        self.other_apps = OtherAppsRow(self.studio, make_server, self)
        self.prompt_helper = PromptHelperView(self.studio, self.panel, self.catalog, self.models_dir)
        self.folds = Folds(self.panel.advanced, self.plan.label, self.gauge, self.other_apps, self)
        self.check_banner = CheckBanner(self.system_check, self)
        self.demo_note = NoticeBar("demo_note", translate("MainWindow", "About the demo model"), self)
        self.gallery_note = NoticeBar("gallery_note", translate("MainWindow", "About the gallery"), self)
        if gallery is not None and gallery.problem:
            self.gallery_note.say(gallery.problem, "warn")
        self.gallery = GalleryPanel(gallery, self) if gallery is not None else None
        self.queue_strip = QueueStrip(self.studio, self)
        self.other_apps.use_computers_button.clicked.connect(self.queue_strip.add_computer)

    def _lay_out(self) -> None:
        """The controls in a column on the left, the picture taking the rest: every state keeps the picture at
        least half of the window (a 1366x768 laptop included), the folds opening in the column, not over it."""
        self.main_splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.main_splitter.setObjectName("main_splitter")
        self.main_splitter.setChildrenCollapsible(False)
        self.main_splitter.addWidget(self._controls())
        self.main_splitter.addWidget(self._picture_side())
        self.main_splitter.setStretchFactor(1, 1)
        self.setCentralWidget(self.main_splitter)

    def _controls(self) -> QWidget:
        """Which model, what to draw, Generate and how it goes, the queue; then the folds and what they open."""
        model_label = QLabel(translate("MainWindow", "&Model"), self)
        model_label.setBuddy(self.panel.model_picker)
        # the label over the picker and Get models…: the model's whole name beside all three widened the column (the
        # demo's, in Russian, by 18 px), and without that room it was cut ("Demo (ruido aleatorio" in Spanish)
        model_row = QHBoxLayout()
        model_row.addWidget(self.panel.model_picker, 1)
        model_row.addWidget(self.models_button)
        folds = QHBoxLayout()
        folds.addWidget(self.advanced_toggle)
        folds.addWidget(self.details_toggle)
        folds.addWidget(self.check_button)
        if self.gallery is None:
            folds.addWidget(self.folder_button)
            folds.addWidget(self.language_button)
        column = QWidget(self)
        column.setObjectName("controls")
        layout = QVBoxLayout(column)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.setSpacing(2)  # Russian at 150 % of 720 px with the prompt helper open: each row counts
        layout.addWidget(model_label)
        layout.addLayout(model_row)
        layout.addWidget(self.panel)
        go_row = QHBoxLayout()  # the drafts beside Generate: no row of the column's own (Russian at 150 % of 720 px)
        go_row.addWidget(self.go, 1)
        go_row.addWidget(self.drafts_row)
        layout.addLayout(go_row)
        layout.addWidget(self.status_line)
        layout.addWidget(self.queue_strip)
        layout.addLayout(folds)
        layout.addWidget(self.folds, 1)
        return column

    def _picture_side(self) -> QWidget:
        """The banners, the picture (or the mask being painted on it) and the gallery strip under it."""
        self.picture_stack = QStackedWidget(self)
        self.picture_stack.addWidget(self.image)
        self.picture_stack.addWidget(self.panel.picture.painter)  # painting a mask: on the picture's own room
        side = QWidget(self)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(4, 4, 6, 4)
        layout.setSpacing(4)
        layout.addWidget(self.check_banner)
        layout.addWidget(self.demo_note)
        layout.addWidget(self.gallery_note)
        layout.addWidget(self.picture_stack, 1)
        if self.gallery is not None:
            self.gallery.side.addWidget(self.folder_button, 4, 0)  # where the gallery's pictures are
            self.gallery.side.addWidget(self.language_button, 4, 1)
            layout.addWidget(self.gallery)
        return side

    def _connect_controls(self) -> None:
        """The window's own buttons, shortcuts and views, and the parts that talk to each other."""
        self.generate_shortcuts = [QShortcut(QKeySequence(keys), self) for keys in ("Ctrl+Return", "Ctrl+Enter")]
        for shortcut in self.generate_shortcuts:
            shortcut.activated.connect(self._on_generate_shortcut)
        self.cancel_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.cancel_shortcut.activated.connect(self._on_cancel_shortcut)
        # Ctrl+Q on every system (Windows' own Quit key sequence is empty); closing ends the app, as the window's X
        self.quit_shortcut = QShortcut(QKeySequence("Ctrl+Q"), self)
        self.quit_shortcut.activated.connect(self.close)
        self.go.generate.clicked.connect(self._on_generate_clicked)
        self.go.cancel.clicked.connect(self.studio.cancel_all)
        self.go.add.clicked.connect(self._queue_the_draft)
        self.drafts_row.button.clicked.connect(self.try_drafts)
        self.check_button.clicked.connect(self.check_banner.check_again)
        self.folder_button.said.connect(self.status_line.say)
        if self.gallery is not None:
            self.folder_button.moved.connect(self.gallery.model.refresh)
        self.advanced_toggle.toggled.connect(self.window_layout.fold_advanced)
        self.details_toggle.toggled.connect(self.window_layout.fold_details)
        self.image.previous_requested.connect(lambda: self.step_through_gallery(-1))
        self.image.next_requested.connect(lambda: self.step_through_gallery(1))
        self.image.picture_dropped.connect(self._on_picture_dropped)
        self.draft.family_changed.connect(self._on_family_changed)
        self.draft.changed.connect(self._on_draft_changed)
        self.panel.picture.paint_mask.toggled.connect(self._on_paint_mask_toggled)
        if self.gallery is not None:
            self.gallery.reuse_requested.connect(self._on_reuse_requested)
            self.gallery.reuse_seed_requested.connect(self.draft.reuse_seed)
            self.gallery.preview_requested.connect(lambda entry: self.image.show_image(entry.path))
            self.gallery.use_as_input_requested.connect(lambda entry: self.use_as_input(entry.path))
            self.gallery.edit_requested.connect(lambda entry: self.edit_picture(entry.path))
            self.gallery.upscale_requested.connect(self._on_upscale_requested)
            self.gallery.fix_faces_requested.connect(self._on_fix_faces_requested)
            self.gallery.finish_requested.connect(self._on_finish_requested)
            self.gallery.extend_requested.connect(self._on_extend_requested)
        self.draft.plan_with(self.studio)

    def _set_tab_order(self) -> None:
        """Tab walks the window top to bottom as it reads: the column (what to draw, its shape, the panel's other
        fields, Generate, the queue, the folds' buttons and what they open), then the picture, then the gallery.
        The widgets named here lead each part; whatever else a part holds follows in its own order, so a field
        added later is walked too, in its part, and never breaks the walk."""
        panel, view = self.panel, self.image
        column = [panel.model_picker, self.models_button, panel.prompt, self.prompt_helper.button,
                  panel.styles_picker, *self.prompt_helper.focus_chain(), panel.negative,
                  *panel.aspect_buttons.values(), panel.width_box, panel.height_box, panel.steps,
                  *_walked(panel), self.go.generate, self.go.cancel, *_walked(self.go),
                  *_walked(self.drafts_row),
                  *_walked(self.status_line), self.queue_strip.summary, *_walked(self.queue_strip),
                  self.advanced_toggle, self.details_toggle, self.check_button, *_walked(self.folds)]
        picture = [*_walked(self.check_banner), *_walked(self.demo_note), *_walked(self.gallery_note),
                   view.previous_button, view.next_button, view.fit_button, view.actual_button,
                   view.zoom_out_button, view.zoom_in_button, view.picture_area, *_walked(self.picture_stack)]
        gallery: list[QWidget] = []
        if self.gallery is not None:
            gallery = [self.gallery.search, self.gallery.favourites, self.gallery.view, self.gallery.reuse_button,
                       self.gallery.favourite_button, self.gallery.copy_image_button, self.gallery.more_button,
                       *_walked(self.gallery)]
        chain = [*column, self.folder_button, self.language_button] if self.gallery is None else \
            [*column, *picture, *gallery]
        if self.gallery is None:
            chain += picture
        for before, after in itertools.pairwise(dict.fromkeys(chain)):  # each once, where it first comes
            QWidget.setTabOrder(before, after)

    def show_demo_note(self) -> None:
        button = self.models_button.text().replace("&", "")
        self.demo_note.say(translate("MainWindow", "The demo model draws colourful noise, not your prompt. For real "
                                                   "pictures: “{button}” beside the model picker.")
                           .format(button=button))

    def _on_generate_shortcut(self) -> None:
        if self.go.generate.isEnabled():
            self._on_generate_clicked()

    def _on_cancel_shortcut(self) -> None:
        if self.go.cancel.isEnabled():
            self.studio.cancel_all()

    def _on_draft_changed(self) -> None:
        """A prompt longer than the drawing program reads is said while it is typed (or pasted), not at Generate."""
        request = self.draft.request
        problems = [problem for text, negative in ((request.prompt, False), (request.negative_prompt, True))
                    if (problem := prompt_length_problem(text, negative)) is not None]
        if problems:
            self.status_line.say(sentence(problems[0]))
        elif self._prompt_too_long:
            self.status_line.say("")
        self._prompt_too_long = bool(problems)

    def _on_paint_mask_toggled(self, painting: bool) -> None:
        self.picture_stack.setCurrentWidget(self.panel.picture.painter if painting else self.image)

    def _on_family_changed(self, family: ModelFamily) -> None:
        if self.gallery is not None:
            self.gallery.set_editing_available(family.traits.edits_from_references)
        if not family.traits.edits_from_references:
            self.draft.edit_picture(None)

    def _on_generate_clicked(self) -> None:
        self.go.show_busy()
        self.status_line.show_starting()
        self.folds.log.clear()
        if not self._queue_the_draft():
            self.go.show_idle()

    def _queue_the_draft(self) -> bool:
        """Put the job as edited in the queue (as many jobs as the batch asks for); False when it refuses."""
        try:
            # through the studio: it applies the styles and makes each picture's wildcard choices (InvalidRequest)
            self.studio.add(self.panel.batch.requests(self.draft.request, random.SystemRandom()))
        except ValueError as error:
            self.status_line.say(str(error))
            return False
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        self.window_layout.save()
        self.kept_draft.save()
        self.draft.timer.stop()  # a plan pending from the last keystroke would start a probe after the end
        # closing the window ends the app: other apps' calls are answered, the backend and any probe go, now
        self.other_apps.stop(wait=True)
        self.studio.stop_now()
        self.prompt_helper.close_down()
        if self.models_button.models_window is not None:
            self.models_button.models_window.stop()
        if self.monitor is not None:
            self.monitor.stop()
        super().closeEvent(event)
