"""The prompt helper in the prompt panel: an Improve button beside the negative prompt's toggle (enhance an idea,
translate a prompt into English, and whether it may use the graphics card) and, right under the prompt, the
suggestion box that fills as the text model writes. Use it puts the suggestion in the prompt (Ctrl+Z in the prompt
takes it back), Discard drops it, Stop ends the writing. With no text model in the models folder, the box offers
its download (the catalog's Qwen3-4B, the Z-Image and klein presets' text encoder: one file, two uses)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QResizeEvent, QTextCursor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.demo.picture_models import is_demo_file
from app.core.models.catalog import Catalog, Preset
from app.core.models.downloads import DownloadCancelled, DownloadError, PresetProgress
from app.core.prompt_helper.chat import HelperTask
from app.core.prompt_helper.model import PromptModelMissing, PromptModelRejected, prompt_model_download
from app.core.settings_schema import PROMPT_HELPER_ON_CARD
from app.core.sizes import format_size
from app.core.words import capitalised, sentence, translate
from app.services.models.model_manager import PresetDownload
from app.services.prompt_helper import HelperAnswer
from app.services.studio import Studio
from app.ui.icons import put_icons
from app.ui.prompt_panel import PromptPanel


class MessageArea(QScrollArea):
    """The helper's message, wrapped: as tall as its lines where the column has room, scrolling where it has none
    (a maximised window on a 1366x768 laptop with everything open). A minimum height of the label's own would
    hold it at its full height there, over the buttons under it (issue 53)."""

    def __init__(self, label: QLabel, parent: QWidget) -> None:
        super().__init__(parent)
        self.label = label
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from the prompt to the box's controls
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def _lines_height(self) -> int:
        label = self.label
        width = self.viewport().width() if self.isVisible() else self.width()
        return max(label.heightForWidth(max(width, 1)), label.minimumSizeHint().height(), 0)

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._lines_height())

    def minimumSizeHint(self) -> QSize:
        # one line at least, the rest scrolls when the column has no room for it
        return QSize(super().minimumSizeHint().width(), min(self.fontMetrics().lineSpacing() + 2,
                                                            self._lines_height()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # another width, another count of lines


class PromptHelperView(QFrame):
    """The suggestion box (hidden until the helper is asked) and its `button`; both placed in the panel."""

    def __init__(self, studio: Studio, panel: PromptPanel, catalog: Catalog, models_dir: Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent or panel)
        self.studio, self.panel, self.catalog, self.models_dir = studio, panel, catalog, models_dir
        self.helper = studio.prompt_helper
        self.setObjectName("prompt_helper")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(translate("PromptHelperView", "Prompt helper's suggestion"))
        self._make_button()
        self._make_box()
        self.download = PresetDownload(self)
        self.download.progress.connect(self._on_download_progress)
        self.download.finished.connect(self._on_download_finished)
        self.helper.words.connect(self._on_words)
        self.helper.status.connect(self._on_status)
        self.helper.answered.connect(self._on_answered)
        self.suggestion.textChanged.connect(self._show_buttons)
        panel.prompt.textChanged.connect(self._on_prompt_edited)
        panel.add_prompt_helper(self.button, self)
        self._asking = False  # our question is being answered
        self._demo = False  # by the demo's text model
        self._task = HelperTask.ENHANCE  # the last one asked: asked again once the model is downloaded
        self._original = ""  # the prompt it was asked about
        self._offered: Preset | None = None  # the text model's download, while the box offers it
        self.hide()

    def _make_button(self) -> None:
        self.button = QToolButton(self.panel)
        self.button.setText(translate("PromptHelperView", "Improve"))
        self.button.setAccessibleName(translate("PromptHelperView", "Improve the prompt"))
        self.button.setToolTip(translate("PromptHelperView", "A text model on this computer writes a detailed prompt "
                                                             "from your idea, or translates your prompt into English"))
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setAutoRaise(True)
        menu = QMenu(self.button)
        self.enhance_action = menu.addAction(translate("PromptHelperView", "&Enhance: write a detailed prompt from "
                                                                           "my idea"))
        self.translate_action = menu.addAction(translate("PromptHelperView", "&Translate into English"))
        menu.addSeparator()
        self.card_action = QAction(translate("PromptHelperView", "Use the &graphics card when it is free"), menu)
        self.card_action.setCheckable(True)
        self.card_action.setChecked(bool(self.studio.settings.get(PROMPT_HELPER_ON_CARD)))
        self.card_action.setToolTip(translate("PromptHelperView", "Faster, when no picture is being drawn and the "
                                                                  "model fits; otherwise it runs on the processor"))
        menu.addAction(self.card_action)
        menu.setToolTipsVisible(True)
        self.button.setMenu(menu)
        self.enhance_action.triggered.connect(lambda: self.ask(HelperTask.ENHANCE))
        self.translate_action.triggered.connect(lambda: self.ask(HelperTask.TRANSLATE))
        self.card_action.toggled.connect(lambda on: self.studio.settings.set(PROMPT_HELPER_ON_CARD, on))
        put_icons(((self.button, "prompt_helper"),))

    def _make_box(self) -> None:
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setAccessibleName(translate("PromptHelperView", "What the prompt helper is doing"))
        self.suggestion = QPlainTextEdit(self)
        self.suggestion.setAccessibleName(translate("PromptHelperView", "Suggested prompt"))
        self.suggestion.setTabChangesFocus(True)
        self.suggestion.setMaximumHeight(72)  # a few lines, as the prompt: the window fits a 1366x768 laptop
        self.use_button = QPushButton(translate("PromptHelperView", "Use it"), self)
        self.use_button.setToolTip(translate("PromptHelperView", "Put this in the prompt (Ctrl+Z there brings your "
                                                                 "own words back)"))
        self.stop_button = QPushButton(translate("PromptHelperView", "Stop"), self)
        self.discard_button = QPushButton(translate("PromptHelperView", "Discard"), self)
        self.download_button = QPushButton(self)
        put_icons(((self.use_button, "passed"), (self.stop_button, "cancel"), (self.discard_button, "close"),
                   (self.download_button, "download")))
        self.use_button.clicked.connect(self.use_suggestion)
        self.stop_button.clicked.connect(self.stop)
        self.discard_button.clicked.connect(self.discard)
        self.download_button.clicked.connect(self.start_download)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.use_button, self.download_button, self.stop_button, self.discard_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.setSpacing(4)
        self.status_area = MessageArea(self.status, self)
        layout.addWidget(self.status_area)
        layout.addWidget(self.suggestion)
        layout.addLayout(buttons)

    @property
    def working(self) -> bool:
        """Writing or downloading: a second question waits until it is done."""
        return self._asking or self.helper.busy or self.download.running

    def focus_chain(self) -> list[QWidget]:
        """What Tab walks after the prompt's tools (Improve, Styles), as it reads: the box's controls (skipped while
        hidden), then the row under it, the negative prompt's toggle."""
        return [self.suggestion, self.use_button, self.download_button, self.stop_button, self.discard_button,
                self.panel.negative_toggle]

    def ask(self, task: HelperTask) -> None:
        """Ask the text model about the prompt as it is now; the box shows how it goes."""
        if self.working:
            return
        self._task, self._original, self._offered = task, self.panel.prompt.toPlainText().strip(), None
        self.suggestion.clear()
        self.suggestion.setPlaceholderText("")
        self.show()
        if not self._original:
            self._say(translate("PromptHelperView", "Write your idea in the prompt first, then ask again.")
                      if task is HelperTask.ENHANCE else
                      translate("PromptHelperView", "Write the prompt to translate first, then ask again."))
            return
        try:
            model = self.studio.prompt_model(demo=is_demo_file(self.panel.slot_fields["model"].path()))
        except PromptModelMissing as missing:
            self._offered = prompt_model_download(self.catalog)
            # one short line: a full window has no room for more (the download button's tooltip says the rest)
            self._say(sentence(str(missing)) if self._offered is None else translate(
                "PromptHelperView", "It needs {name} ({size}) in the models folder.").format(
                name=self._offered.name, size=format_size(self._offered.total_bytes)))
            return
        except PromptModelRejected as rejected:
            self._say(sentence(str(rejected)))
            return
        self._asking, self._demo = True, is_demo_file(model.path)
        self._say(translate("PromptHelperView", "Starting the prompt helper…"))
        where = self.studio.ask_helper(task, self._original, self.panel.draft.family, model)
        if self._asking:  # it may have ended at once (its program missing, say): its words stay
            self.status.setToolTip(capitalised(where))
            words = (translate("PromptHelperView", "The demo's text model {where}; it writes random words here, to "
                                                   "show how the helper works.") if self._demo else
                     translate("PromptHelperView", "The prompt helper {where}; its words appear here as it writes."))
            self.suggestion.setPlaceholderText(words.format(where=where))

    def use_suggestion(self) -> None:
        """The suggestion, as the user left it, becomes the prompt; as one edit the prompt's Ctrl+Z takes back."""
        text = self.suggestion.toPlainText().strip()
        cursor = self.panel.prompt.textCursor()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)
        if self._task is HelperTask.TRANSLATE:
            self.panel.draft.keep_written_prompt(self._original)  # the request keeps the user's own words beside it
        self.discard()
        self.panel.prompt.setFocus()

    def discard(self) -> None:
        if self.working:
            return
        self.suggestion.clear()
        self._offered = None
        self.hide()

    def stop(self) -> None:
        if self.download.running:
            self.download.cancel()
        elif self._asking:
            self.helper.cancel()

    def start_download(self) -> None:
        if self._offered is None or self.working:
            return
        self.download.start(self._offered, self.models_dir, self.catalog.hosts)
        self._say(translate("PromptHelperView", "Downloading {file}…").format(file=self._offered.files[0].name))

    def close_down(self) -> None:
        """The window closes: a download stops cleanly (what arrived stays and resumes next time)."""
        self.download.wait()

    def _say(self, words: str) -> None:
        self.status.setText(words)
        self.status_area.updateGeometry()  # its lines, not one line's height, where the column has room
        self._show_buttons()

    def _show_buttons(self) -> None:
        """While it writes or downloads only Stop makes sense; after, Use it needs words to use."""
        working = self.working
        self.stop_button.setVisible(working)
        self.use_button.setEnabled(not working and bool(self.suggestion.toPlainText().strip()))
        self.use_button.setVisible(self._offered is None)
        self.discard_button.setEnabled(not working)
        self.suggestion.setReadOnly(working)
        self.suggestion.setVisible(self._offered is None)
        offered = self._offered is not None and not self.download.running
        self.download_button.setVisible(offered)
        if self._offered is not None:
            self.download_button.setText(translate("PromptHelperView", "Download {model}").format(
                model=self._offered.name))
            self.download_button.setToolTip(translate(
                "PromptHelperView", "{file}, the prompt helper's text model, is also the text encoder of the Z-Image "
                                    "and FLUX.2 klein presets: one download, two uses.").format(
                file=self._offered.files[0].name))
        for action in (self.enhance_action, self.translate_action):
            action.setEnabled(not working)

    def _on_words(self, words: str) -> None:
        if self._asking:
            self.suggestion.moveCursor(QTextCursor.MoveOperation.End)
            self.suggestion.insertPlainText(words)
            self.suggestion.ensureCursorVisible()

    def _on_status(self, words: str) -> None:
        if self._asking:
            self._say(capitalised(words))

    def _on_answered(self, answer: HelperAnswer) -> None:
        if not self._asking:
            return
        self._asking = False
        self.suggestion.setPlaceholderText("")
        if answer.text is not None:
            self.suggestion.setPlainText(answer.text)
            words = (translate("PromptHelperView", "Written in {seconds} s by the demo's text model: random words, "
                                                   "not a real suggestion.") if self._demo else
                     translate("PromptHelperView", "Written in {seconds} s. Edit it if you like, then Use it."))
            self._say(words.format(seconds=f"{answer.seconds:.0f}"))
        elif answer.cancelled:
            self._say(translate("PromptHelperView", "Stopped."))
        else:
            self._say(sentence(answer.error or ""))

    def _on_prompt_edited(self) -> None:
        if not self.panel.prompt.toPlainText().strip():
            # a new prompt begins: the translated one's original no longer applies
            self.panel.draft.keep_written_prompt("")

    def _on_download_progress(self, step: PresetProgress) -> None:
        self._say(translate("PromptHelperView", "Downloading {file}: {done} of {total}").format(
            file=step.file.name, done=format_size(step.overall_done), total=format_size(step.overall_total)))

    def _on_download_finished(self, _preset_id: str, error: DownloadError | None) -> None:
        if error is None:
            self.ask(self._task)  # the model is here now: the question the user asked, at last
        elif isinstance(error, DownloadCancelled):
            self._say(translate("PromptHelperView", "Download paused. Press Download to go on from where it "
                                                    "stopped."))
        else:
            self._say(translate("PromptHelperView", "The download failed: {error}").format(error=error))
