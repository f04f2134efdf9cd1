"""Styles beside the prompt: one small button whose menu ticks the user's styles, edits them ("Edit styles…")
and opens the wildcards folder. The studio reads and writes the styles file and applies the ticked styles when
the pictures are queued."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.file_words import file_problem
from app.core.generation.styles import Style, style_problem
from app.core.words import translate
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs


def open_wildcards_folder(studio: Studio | None) -> None:
    folder = studio.wildcards if studio is not None else current_user_dirs().wildcards
    folder.mkdir(parents=True, exist_ok=True)
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


class StylesPicker(QToolButton):
    """"Styles ▾": tick styles in its menu; the button names those ticked."""

    chosen_changed = Signal()  # the ticked styles may be others: said each time they are shown

    def __init__(self, prompt: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio: Studio | None = None
        self.styles: list[Style] = []
        self._ticked: list[str] = []
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setAutoRaise(True)
        self.setAccessibleName(translate("StylesPicker", "Styles"))
        self.setMenu(QMenu(self))
        self.dialog: StylesDialog | None = None
        prompt.setToolTip(translate("StylesPicker", "Describe the picture. {red|green|blue} picks one of the words "
                                                    "for each picture; __colors__ picks a line of colors.txt in the "
                                                    "wildcards folder (Styles ▸ Open the wildcards folder)."))
        self._show()

    def use(self, studio: Studio) -> None:
        """Read the styles through the studio (its queue's note says when the file was damaged)."""
        self.studio = studio
        self.refresh()

    def refresh(self) -> None:
        if self.studio is not None:
            self._set_styles(self.studio.styles())

    def _set_styles(self, styles: list[Style]) -> None:
        self.styles = styles
        names = [style.name for style in styles]
        self._ticked = [name for name in self._ticked if name in names]
        self._show()

    def chosen(self) -> tuple[str, ...]:
        """The ticked styles' names, in the list's order (the order they apply in)."""
        return tuple(style.name for style in self.styles if style.name in self._ticked)

    def set_chosen(self, names: tuple[str, ...]) -> None:
        self._ticked = [style.name for style in self.styles if style.name in names]
        self._show()

    def _show(self) -> None:
        chosen = self.chosen()
        self.chosen_changed.emit()
        # no mnemonic: every letter of "Styles" answers another control of the window; a shortcut instead
        self.setText(translate("StylesPicker", "Styles: {names}").format(names=", ".join(chosen)) if chosen
                     else translate("StylesPicker", "Styles"))
        self.setShortcut(QKeySequence("Ctrl+Shift+S"))  # after setText, which sets the shortcut to its mnemonic
        self.setToolTip(translate("StylesPicker", "Styles add their words to your prompt and negative prompt "
                                                  "when you press Generate ({keys})").format(
            keys=self.shortcut().toString(QKeySequence.SequenceFormat.NativeText)))
        menu = self.menu()
        menu.clear()
        for style in self.styles:
            action = QAction(style.name, menu)
            action.setCheckable(True)
            action.setChecked(style.name in self._ticked)
            action.setToolTip(style.prompt)
            action.toggled.connect(lambda ticked, name=style.name: self._on_ticked(name, ticked))
            menu.addAction(action)
        if self.styles:
            menu.addSeparator()
        menu.addAction(translate("StylesPicker", "&Edit styles…"), self.edit_styles)
        menu.addAction(translate("StylesPicker", "Open the &wildcards folder"),
                       lambda: open_wildcards_folder(self.studio))

    def _on_ticked(self, name: str, ticked: bool) -> None:
        self._ticked = [n for n in self._ticked if n != name] + ([name] if ticked else [])
        self._show()

    def edit_styles(self) -> None:
        if self.studio is None:  # not yet given the studio that keeps the styles
            return
        if self.dialog is None:
            self.dialog = StylesDialog(self.studio, self)
            self.dialog.saved.connect(self._set_styles)
        self.dialog.set_styles(self.styles)
        self.dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
        self.dialog.show()
        self.dialog.raise_()


class StylesDialog(QDialog):
    """Add, rename, delete and edit styles; OK writes the file (whole or not at all)."""

    saved = Signal(list)  # the styles as written

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.styles: list[Style] = []
        self.setWindowTitle(translate("StylesDialog", "Styles"))
        self.names = QListWidget(self)
        self.names.setAccessibleName(translate("StylesDialog", "Your styles"))
        self.add_button = QPushButton(translate("StylesDialog", "&Add"), self)
        self.delete_button = QPushButton(translate("StylesDialog", "&Delete"), self)
        self.name = QLineEdit(self)
        self.name.setAccessibleName(translate("StylesDialog", "Style name"))
        self.template = QPlainTextEdit(self)
        self.template.setAccessibleName(translate("StylesDialog", "Style prompt"))
        self.template.setPlaceholderText(translate("StylesDialog", "photo of {prompt}, natural light"))
        self.negative = QPlainTextEdit(self)
        self.negative.setAccessibleName(translate("StylesDialog", "Style negative prompt"))
        self.negative.setPlaceholderText(translate("StylesDialog", "blurry, drawing"))
        for box in (self.template, self.negative):
            box.setTabChangesFocus(True)
        hint = QLabel(translate("StylesDialog", "Write {prompt} where your prompt goes; without it, the style's "
                                                "words go after your prompt. The negative prompt is added to "
                                                "yours."), self)
        hint.setWordWrap(True)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        folder = QPushButton(translate("StylesDialog", "&Wildcards folder…"), self)
        folder.clicked.connect(lambda: open_wildcards_folder(self.studio))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.addButton(folder, QDialogButtonBox.ButtonRole.ActionRole)
        form = QFormLayout()
        form.addRow(translate("StylesDialog", "&Name"), self.name)
        form.addRow(translate("StylesDialog", "&Prompt"), self.template)
        form.addRow(translate("StylesDialog", "Ne&gative"), self.negative)
        form.addRow(hint)
        side = QVBoxLayout()
        side.addWidget(self.names, 1)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.delete_button)
        side.addLayout(row)
        columns = QHBoxLayout()
        columns.addLayout(side, 1)
        columns.addLayout(form, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.resize(620, 360)  # within a 1366x768 screen with room to spare
        self.names.currentRowChanged.connect(self._on_row_changed)
        self.add_button.clicked.connect(self._on_add_clicked)
        self.delete_button.clicked.connect(self._on_delete_clicked)
        self.name.textEdited.connect(self._on_edited)
        self.template.textChanged.connect(self._on_edited)
        self.negative.textChanged.connect(self._on_edited)
        self.buttons.accepted.connect(self._on_ok)
        self.buttons.rejected.connect(self.reject)
        self._showing = False

    def set_styles(self, styles: list[Style]) -> None:
        self.styles = list(styles)
        self.problem.clear()
        self.names.clear()
        self.names.addItems([style.name for style in self.styles])
        self.names.setCurrentRow(0 if self.styles else -1)
        self._on_row_changed(self.names.currentRow())

    def _on_row_changed(self, row: int) -> None:
        style = self.styles[row] if 0 <= row < len(self.styles) else None
        self._showing = True  # the fields follow the row; that is no edit
        self.name.setText(style.name if style else "")
        self.template.setPlainText(style.prompt if style else "")
        self.negative.setPlainText(style.negative if style else "")
        self._showing = False
        for widget in (self.name, self.template, self.negative, self.delete_button):
            widget.setEnabled(style is not None)

    def _on_edited(self) -> None:
        row = self.names.currentRow()
        if self._showing or not 0 <= row < len(self.styles):
            return
        self.styles[row] = Style(self.name.text(), self.template.toPlainText(), self.negative.toPlainText())
        self.names.item(row).setText(self.name.text())

    def _on_add_clicked(self) -> None:
        taken = {style.name for style in self.styles}
        name = translate("StylesDialog", "New style")
        number = 2
        while name in taken:
            name = translate("StylesDialog", "New style {number}").format(number=number)
            number += 1
        self.styles.append(Style(name, "{prompt}"))
        self.names.addItem(name)
        self.names.setCurrentRow(len(self.styles) - 1)
        self.name.setFocus()
        self.name.selectAll()

    def _on_delete_clicked(self) -> None:
        row = self.names.currentRow()
        if 0 <= row < len(self.styles):
            del self.styles[row]
            self.names.takeItem(row)
            self._on_row_changed(self.names.currentRow())

    def _on_ok(self) -> None:
        styles = [dataclasses.replace(style, name=style.name.strip()) for style in self.styles]
        for row, style in enumerate(styles):
            problem = style_problem(style.name, [other.name for other in styles[:row]])
            if problem:
                self.names.setCurrentRow(row)
                self.problem.setText(problem)
                return
        try:
            self.studio.save_styles(styles)
        except OSError as error:
            path = current_user_dirs().styles
            self.problem.setText(translate("StylesDialog", "The styles could not be saved: {why}").format(
                why=file_problem(error, path)))
            return
        self.saved.emit(styles)
        self.accept()
