"""The queue: one line saying what waits and runs, which opens into a drawer (by itself when a second job comes)
with every job and its state (waiting, running step i/N with the time left, done, failed and why, cancelled), and
the buttons that reorder, cancel, retry and clear; a tick box per card (a rig's, and other computers'), and the
Computers menu that adds and removes other computers."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.generation.request import GenerationRequest
from app.core.generation.status_words import duration_in_words, stage_words
from app.core.queue.jobs import Job, JobState
from app.core.queue.rig import card_words
from app.core.words import translate
from app.services.studio import Studio
from app.ui.computer_dialog import AddComputerDialog
from app.ui.elided_button import ElidedToolButton
from app.ui.folds import fold_arrow
from app.ui.icons import put_icons

QUEUE_ROWS = 4  # the drawer's jobs at most (two lines each): a 1366x768 laptop's column keeps its other controls whole


def state_words(state: JobState) -> str:
    return {JobState.WAITING: translate("QueueStrip", "waiting"), JobState.RUNNING: translate("QueueStrip", "running"),
            JobState.DONE: translate("QueueStrip", "done"), JobState.FAILED: translate("QueueStrip", "failed"),
            JobState.CANCELLED: translate("QueueStrip", "cancelled")}[state]


def job_words(job: Job, on_processor: bool = False) -> str:
    """A job's row in the user's words: its state, then what it draws on a line of its own, so that jobs in one
    state are told apart in a narrow column (`on_processor`: this computer draws on its processor)."""
    if job.state is JobState.RUNNING:
        eta = (translate("QueueStrip", ", {time} left").format(time=duration_in_words(job.eta_seconds))
               if job.eta_seconds is not None else "")
        where = (translate("QueueStrip", " on {card}").format(card=card_words(job.card, on_processor)) if job.card
                 else "")
        if job.step:
            state = translate("QueueStrip", "running step {step}/{steps}").format(step=job.step, steps=job.steps)
            state += eta + where
        elif job.stage is not None:
            state = f"{stage_words(job.stage, time.monotonic() - job.stage_since).lower()}{where}"
        else:
            state = translate("QueueStrip", "starting") + where
    elif job.held and job.state is JobState.WAITING:  # a held job cancelled is just cancelled
        state = (translate("QueueStrip", "waiting for Run queue — {reason}").format(reason=job.reason) if job.reason
                 else translate("QueueStrip", "waiting for Run queue"))
    elif job.state is JobState.FAILED:  # the reason's first line in the row; all of it in the row's tooltip
        state = translate("QueueStrip", "failed: {reason}").format(reason=job.reason.splitlines()[0] if job.reason
                                                                   else "")
    elif job.state is JobState.WAITING and job.reason:
        state = translate("QueueStrip", "waiting — {reason}").format(reason=job.reason)
    else:
        state = state_words(job.state)
    return f"{state}\n{job.what}{asked_by(job.origin)}"


def asked_by(origin: str) -> str:
    """Who asked for a job other than the window: an app on this PC, or another computer by its address."""
    if not origin:
        return ""
    if origin in ("127.0.0.1", "::1", "localhost"):
        return translate("QueueStrip", " — for another app on this PC")
    return translate("QueueStrip", " — for the computer at {address}").format(address=origin)


class QueueStrip(QWidget):
    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.list = QListWidget(self)
        self.list.setAccessibleName(translate("QueueStrip", "Job queue"))
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # each job's tooltip
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)                     # says it whole
        self.list.setAlternatingRowColors(True)  # a job's two lines, told from the next job's
        # one line while there is one job; a drawer with the list and what to do with it once there are more
        self.summary = ElidedToolButton(self)  # however many states and whoever asked: the column keeps its width
        self.summary.setAccessibleName(translate("QueueStrip", "Queue summary: show or hide the jobs"))
        self.summary.setCheckable(True)
        self.summary.setAutoRaise(True)
        self.summary.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.summary.toggled.connect(self._on_drawer_toggled)
        # but Run queue, the buttons are icons with their words as tooltips (the words show instead when the icon
        # font is missing): they make one row
        self.up_button = self._small(translate("QueueStrip", "Up"))
        self.down_button = self._small(translate("QueueStrip", "Down"))
        self.cancel_button = self._small(translate("QueueStrip", "Cancel job"))
        self.cancel_all_button = self._small(translate("QueueStrip", "Cancel all"))
        self.retry_button = self._small(translate("QueueStrip", "Retry"))
        # a picture the check set aside: the user has the last word
        self.keep_button = self._small(translate("QueueStrip", "Keep it"))
        self.keep_button.setToolTip(translate("QueueStrip", "Keep the picture the check set aside: into the output "
                                                            "folder and the gallery"))
        self.clear_button = self._small(translate("QueueStrip", "Clear finished"))
        self.run_button = QPushButton(translate("QueueStrip", "Run queue"), self)
        self.run_button.setToolTip(translate("QueueStrip", "Run the jobs that wait (those left from last time wait "
                                                           "for this)"))
        # other computers that draw beside this one's card: added, and removed, from here
        self.computers_button = self._small(translate("QueueStrip", "Computers"))
        self.computers_button.setToolTip(translate("QueueStrip", "Let other computers' image servers draw the "
                                                                 "queue's pictures too"))
        self.computers_menu = QMenu(self)
        self.computers_button.setMenu(self.computers_menu)
        self.computers_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_computer_action = self.computers_menu.addAction(translate("QueueStrip", "Add a computer…"))
        self.add_computer_action.triggered.connect(self.add_computer)
        self.computers_menu.aboutToShow.connect(self._list_computers)
        self.computer_dialog: AddComputerDialog | None = None
        put_icons(((self.up_button, "up"), (self.down_button, "down"), (self.cancel_button, "cancel_job"),
                   (self.cancel_all_button, "cancel"), (self.retry_button, "retry"),
                   (self.keep_button, "keep"), (self.clear_button, "clear_finished"), (self.run_button, "run_queue"),
                   (self.computers_button, "computers")))
        self.cards = QHBoxLayout()
        self.card_boxes: dict[str, QCheckBox] = {}
        buttons = QHBoxLayout()
        buttons.setSpacing(2)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.computers_button)
        buttons.addStretch(1)
        for button in (self.cancel_all_button, self.up_button, self.down_button, self.cancel_button,
                       self.retry_button, self.keep_button, self.clear_button):
            buttons.addWidget(button)
        self.drawer = QWidget(self)
        drawer = QVBoxLayout(self.drawer)
        drawer.setContentsMargins(0, 0, 0, 0)
        drawer.setSpacing(2)
        drawer.addLayout(self.cards)
        drawer.addWidget(self.list)
        drawer.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.summary)
        layout.addWidget(self.drawer)
        self._jobs_shown = 0
        self.menu: QMenu | None = None  # the jobs' menu, in words, while it is open
        self._connect(studio)
        self._show_cards()  # and the rest as it is now

    def _connect(self, studio: Studio) -> None:
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(1))
        self.cancel_button.clicked.connect(lambda: self._on_selected(studio.cancel))
        self.retry_button.clicked.connect(lambda: self._on_selected(studio.retry))
        self.keep_button.clicked.connect(lambda: self._on_selected(studio.keep))
        self.cancel_all_button.clicked.connect(studio.cancel_all)
        self.clear_button.clicked.connect(studio.clear_finished)
        self.run_button.clicked.connect(studio.start)
        self.list.currentRowChanged.connect(lambda _: self._enable())
        # the row of icons, in words: a right click on a job (or the menu key) opens them as a menu
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self.open_menu)
        studio.jobs_changed.connect(self.refresh)
        studio.cards_changed.connect(self._show_cards)

    def open_menu(self, point: QPoint) -> QMenu:
        """What the buttons under the list do, by their words, for the job at `point` (the list's coordinates)."""
        item = self.list.itemAt(point)
        if item is not None:
            self.list.setCurrentItem(item)
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for button in (self.up_button, self.down_button, self.cancel_button, self.retry_button, self.keep_button,
                       self.clear_button, self.cancel_all_button):
            action = menu.addAction(button.icon(), button.text())
            action.setEnabled(button.isEnabled())
            action.triggered.connect(button.click)
        menu.popup(self.list.viewport().mapToGlobal(point))
        self.menu = menu
        return menu

    def selected(self) -> Job | None:
        item = self.list.currentItem()
        job: Job | None = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return job

    def refresh(self) -> None:
        chosen = self.selected()
        self.list.clear()
        for job in self.studio.jobs:
            item = QListWidgetItem(job_words(job, self.studio.draws_on_processor), self.list)
            item.setData(Qt.ItemDataRole.UserRole, job)
            what = job.request.prompt if isinstance(job.request, GenerationRequest) else job.what
            # why a job failed, whole (the row has room for its first line only), over what it drew
            item.setToolTip(translate("QueueStrip", "Failed: {reason}").format(reason=job.reason) + f"\n\n{what}"
                            if job.state is JobState.FAILED and job.reason else what)
            if job.suspect:  # the picture the check set aside, to look at before keeping it
                item.setIcon(QIcon(job.suspect))
            if job is chosen:
                self.list.setCurrentItem(item)
        counts = {state: sum(1 for j in self.studio.jobs if j.state is state) for state in JobState}
        running = next((j for j in self.studio.jobs if j.state is JobState.RUNNING), None)
        self.summary.set_words((", ".join(f"{state_words(state)}: {n}" for state, n in counts.items() if n)
                              or translate("QueueStrip", "No jobs")) + asked_by(running.origin if running else ""))
        if (len(self.studio.jobs) > 1) != (self._jobs_shown > 1):  # the drawer opens (or folds) as a second job
            self.summary.setChecked(len(self.studio.jobs) > 1)    # comes (or the last but one goes)
        self._jobs_shown = len(self.studio.jobs)
        self._fit_rows()
        self._on_drawer_toggled(self.summary.isChecked())
        self.setVisible(bool(self.studio.jobs) or bool(self.studio.computers))
        self._enable()

    def _fit_rows(self) -> None:
        """As tall as its jobs, up to QUEUE_ROWS of them, in whole rows: none cut in half (more scroll, a row at a
        time)."""
        rows = min(max(self.list.count(), 1), QUEUE_ROWS)
        row = self.list.sizeHintForRow(0) if self.list.count() else self.list.fontMetrics().height() + 4
        self.list.setFixedHeight(rows * row + 2 * self.list.frameWidth())

    def _small(self, words: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(words)
        button.setToolTip(words)
        button.setAccessibleName(words)
        return button

    def _on_drawer_toggled(self, shown: bool) -> None:
        self.drawer.setVisible(shown)
        self.summary.setArrowType(fold_arrow(shown))

    def _enable(self) -> None:
        job = self.selected()
        waiting = any(j.state is JobState.WAITING for j in self.studio.jobs)
        self.run_button.setEnabled(self.studio.held > 0 or (waiting and not self.studio.busy))
        self.up_button.setEnabled(job is not None)
        self.down_button.setEnabled(job is not None)
        self.cancel_button.setEnabled(job is not None and not job.state.finished)
        self.retry_button.setEnabled(job is not None and job.state in (JobState.FAILED, JobState.CANCELLED))
        self.keep_button.setEnabled(job is not None and job.state is JobState.FAILED and job.suspect is not None)
        self.cancel_all_button.setEnabled(waiting or self.studio.busy)
        self.clear_button.setEnabled(any(j.state.finished for j in self.studio.jobs))

    def _move(self, offset: int) -> None:
        job = self.selected()
        if job is not None:
            self.studio.move(job, offset)

    def _on_selected(self, action: Callable[[Job], object]) -> None:
        job = self.selected()
        if job is not None:
            action(job)

    def add_computer(self) -> None:
        """Ask for another computer's address; it is added once it answers."""
        self.computer_dialog = AddComputerDialog(self.studio, self)
        # window-modal, as QDialog.open() would (a bare .open() reads as a file's to the text-encoding rule)
        self.computer_dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.computer_dialog.show()

    def _list_computers(self) -> None:
        """The menu as it opens: Add a computer…, then a Remove for each computer added."""
        for action in self.computers_menu.actions():
            if action is not self.add_computer_action:
                self.computers_menu.removeAction(action)
        for computer in self.studio.computers:
            action = self.computers_menu.addAction(translate("QueueStrip", "Remove {computer}").format(
                computer=computer.name))
            action.triggered.connect(lambda _=False, name=computer.name: self.studio.remove_computer(name))

    def _show_cards(self) -> None:
        """A tick box per card (of a rig, or another computer): unticked, a card takes no new job. A computer set
        aside shows unticked."""
        cards = self.studio.cards
        labels = {label for label, _, _ in cards}
        for label in [label for label in self.card_boxes if label not in labels]:  # a computer removed
            self.card_boxes.pop(label).deleteLater()
        if len(cards) < 2:
            for box in self.card_boxes.values():
                box.deleteLater()
            self.card_boxes.clear()
        else:
            for label, enabled, _ in cards:
                if label not in self.card_boxes:
                    box = QCheckBox(card_words(label, self.studio.draws_on_processor), self)
                    box.toggled.connect(lambda on, name=label: self.studio.set_card_enabled(name, on))
                    self.cards.addWidget(box)
                    self.card_boxes[label] = box
                self.card_boxes[label].setChecked(enabled)
        self.refresh()
