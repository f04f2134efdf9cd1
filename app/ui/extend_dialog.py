"""Extend…: grow a picture of the gallery by some pixels on the sides chosen, and let the model paint the new area
in (outpainting); the picture's own pixels are kept exactly. The job goes into the queue with the window's model
and settings, the prompt the picture was made with (it can be changed here) and the sides to grow."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QImageReader, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.core.gallery.metadata import settings_from_png
from app.core.generation.extend import SIDES, Extension, ExtensionRejected, fit_extension, side_words
from app.core.generation.request import MAX_SIDE, MIN_SIDE, GenerationRequest
from app.core.models.families import ModelFamily
from app.core.words import translate
from app.services.draft import Draft

PREVIEW_SIDE = 200  # the outline's longest side on screen, in pixels
DEFAULT_STRENGTH = 90  # percent: the new area is mostly the model's, started from the picture's edge colours


class CanvasOutline(QWidget):
    """The grown canvas as an outline, with the picture (small) where it will sit in it."""

    def __init__(self, picture: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        reader = QImageReader(str(picture))
        self.picture_size = reader.size()
        reader.setScaledSize(self.picture_size.scaled(QSize(PREVIEW_SIDE, PREVIEW_SIDE),
                                                      Qt.AspectRatioMode.KeepAspectRatio))
        self._thumbnail = QPixmap.fromImage(reader.read())
        self.extension = Extension()
        self.setFixedSize(PREVIEW_SIDE + 2, PREVIEW_SIDE + 2)

    def show_extension(self, extension: Extension) -> None:
        self.extension = extension
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        width, height = self.extension.grown((self.picture_size.width(), self.picture_size.height()))
        scale = PREVIEW_SIDE / max(width, height, 1)
        painter = QPainter(self)
        origin_x, origin_y = (PREVIEW_SIDE - width * scale) / 2 + 1, (PREVIEW_SIDE - height * scale) / 2 + 1
        painter.fillRect(QRectF(origin_x, origin_y, width * scale, height * scale), self.palette().midlight())
        painter.drawPixmap(QRectF(origin_x + self.extension.left * scale, origin_y + self.extension.up * scale,
                                  self.picture_size.width() * scale, self.picture_size.height() * scale),
                           self._thumbnail, QRectF(self._thumbnail.rect()))
        painter.setPen(QPen(self.palette().text().color(), 1, Qt.PenStyle.DashLine))
        painter.drawRect(QRectF(origin_x, origin_y, width * scale - 1, height * scale - 1))
        painter.end()


class ExtendDialog(QDialog):
    """Four sides in pixels (each a step of the model's size multiple), the prompt, the strength and Queue; the
    grown size, and what the app adds to reach the multiple or why it cannot, said as the sides change."""

    queued = Signal(object)  # GenerationRequest: the extension, handed to the queue

    def __init__(self, picture: Path, settings: GenerationRequest, family: ModelFamily,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture, self._settings, self._multiple = picture, settings, family.size_multiple
        self.setWindowTitle(translate("ExtendDialog", "Extend {name}").format(name=picture.name))
        self.outline = CanvasOutline(picture, self)
        self.size_words = QLabel(self)
        self.size_words.setWordWrap(True)
        self.sides = {side: self._side_box(side) for side in SIDES}
        made_with = settings_from_png(picture)  # the picture's own prompt (a text chunk of its header)
        self._negative = made_with.negative_prompt if made_with else settings.negative_prompt
        self.prompt = QPlainTextEdit(made_with.prompt if made_with else settings.prompt, self)
        self.prompt.setAccessibleName(translate("ExtendDialog", "What the new area shows"))
        self.prompt.setFixedHeight(self.prompt.fontMetrics().lineSpacing() * 4 + 12)
        self.strength = QSpinBox(self)
        self.strength.setRange(1, 100)
        self.strength.setValue(DEFAULT_STRENGTH)
        self.strength.setSuffix(" %")
        self.strength.setToolTip(translate("ExtendDialog", "How freely the new area is painted: 100% ignores the "
                                                           "picture's edge colours it starts from"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.queue_button = self.buttons.addButton(translate("ExtendDialog", "&Queue"),
                                                   QDialogButtonBox.ButtonRole.AcceptRole)
        self.queue_button.setDefault(True)
        self.buttons.accepted.connect(self._on_queue_clicked)
        self.buttons.rejected.connect(self.reject)
        self._lay_out()
        self._on_sides_changed()

    def _side_box(self, side: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setRange(0, MAX_SIDE)
        box.setSingleStep(self._multiple)
        box.setSuffix(translate("ExtendDialog", " px"))
        box.setAccessibleName(translate("ExtendDialog", "Pixels to add at the {side}").format(side=side_words(side)))
        box.valueChanged.connect(self._on_sides_changed)
        return box

    def _lay_out(self) -> None:
        # the sides around the outline, where they grow
        around = QGridLayout()
        around.addWidget(self.sides["up"], 0, 1, Qt.AlignmentFlag.AlignHCenter)
        around.addWidget(self.sides["left"], 1, 0, Qt.AlignmentFlag.AlignVCenter)
        around.addWidget(self.outline, 1, 1, Qt.AlignmentFlag.AlignCenter)
        around.addWidget(self.sides["right"], 1, 2, Qt.AlignmentFlag.AlignVCenter)
        around.addWidget(self.sides["down"], 2, 1, Qt.AlignmentFlag.AlignHCenter)
        strength = QHBoxLayout()
        strength_label = QLabel(translate("ExtendDialog", "&Strength"), self)
        strength_label.setBuddy(self.strength)
        strength.addWidget(strength_label)
        strength.addWidget(self.strength)
        strength.addStretch(1)
        prompt_label = QLabel(translate("ExtendDialog", "&Prompt"), self)
        prompt_label.setBuddy(self.prompt)
        layout = QVBoxLayout(self)
        layout.addLayout(around)
        layout.addWidget(self.size_words)
        layout.addWidget(prompt_label)
        layout.addWidget(self.prompt)
        layout.addLayout(strength)
        layout.addWidget(self.buttons)

    def extension(self) -> Extension:
        return Extension(**{side: box.value() for side, box in self.sides.items()})

    def _on_sides_changed(self) -> None:
        size = self.outline.picture_size.width(), self.outline.picture_size.height()
        asked = self.extension()
        self.outline.show_extension(asked)
        if not any(dataclasses.astuple(asked)):
            self.size_words.setText(translate("ExtendDialog", "The picture is {width}x{height}: choose how many "
                                                              "pixels to add on each side.").format(
                width=size[0], height=size[1]))
            self.queue_button.setEnabled(False)
            return
        try:
            fitted, notes = fit_extension(size, asked, self._multiple, MIN_SIDE, MAX_SIDE)
        except ExtensionRejected as error:
            self.size_words.setText(str(error))
            self.queue_button.setEnabled(False)
            return
        width, height = fitted.grown(size)
        self.size_words.setText(" ".join([translate("ExtendDialog", "{width}x{height} grows to {new_width}x"
                                                                    "{new_height}; the picture itself is kept.")
                                          .format(width=size[0], height=size[1], new_width=width, new_height=height),
                                          *(note[:1].upper() + note[1:] + "." for note in notes)]))
        self.queue_button.setEnabled(True)

    def request(self) -> GenerationRequest:
        """The window's settings, drawing the new area of this picture grown by the sides chosen."""
        return dataclasses.replace(
            self._settings, prompt=self.prompt.toPlainText(), negative_prompt=self._negative,
            init_image=self.picture, mask=None, strength=self.strength.value() / 100, size_from_input=True,
            hires=None, ref_images=(), extend=self.extension())

    def _on_queue_clicked(self) -> None:
        self.queued.emit(self.request())
        self.accept()


def open_extend_dialog(picture: Path, draft: Draft, parent: QWidget) -> ExtendDialog:
    """Extend… on a picture, with the job as edited in `draft`; its `queued` says the job to add to the queue."""
    dialog = ExtendDialog(picture, draft.request, draft.family, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.show()
    return dialog
