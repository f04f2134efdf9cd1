"""The picture in the window: fitted or zoomed, a preview while it forms, and next / previous through the
gallery; a picture dropped on it becomes the next image's input."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QImage, QKeySequence, QPixmap, QResizeEvent, QShortcut
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QToolButton, QVBoxLayout, QWidget

from app.core.words import translate
from app.ui.icons import put_icons
from app.ui.picture_input import picture_in


def no_picture_yet() -> str:
    return translate("ImageView", "No picture yet: write a prompt and press Generate")


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
        self.canvas = QLabel(no_picture_yet(), self)
        self.canvas.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.canvas.setAccessibleName(translate("ImageView", "Picture"))
        self.canvas.setWordWrap(True)
        self.picture_area = QScrollArea(self)
        self.picture_area.setAccessibleName(translate("ImageView", "Picture"))
        self.picture_area.setWidget(self.canvas)
        self.picture_area.setWidgetResizable(True)
        self.picture_area.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture_area.setFrameShape(QFrame.Shape.NoFrame)
        self.picture_area.setMinimumSize(160, 120)
        self.previous_button = self._tool("◀", translate("ImageView", "Previous picture"),
                                          translate("ImageView", "Previous picture in the gallery (Alt+Left)"))
        self.next_button = self._tool("▶", translate("ImageView", "Next picture"),
                                      translate("ImageView", "Next picture in the gallery (Alt+Right)"))
        self.fit_button = self._tool(translate("ImageView", "Fit"), translate("ImageView", "Fit to window"),
                                     translate("ImageView", "Show the whole picture (F)"))
        self.actual_button = self._tool("100 %", translate("ImageView", "Actual size"),
                                        translate("ImageView", "One picture pixel per screen pixel (1)"))
        self.zoom_out_button = self._tool("-", translate("ImageView", "Zoom out"),
                                          translate("ImageView", "Zoom out (-)"))
        self.zoom_in_button = self._tool("+", translate("ImageView", "Zoom in"), translate("ImageView", "Zoom in (+)"))
        # icons only, the words in their tooltips: the bar stays out of the picture's way
        put_icons(((self.previous_button, "previous"), (self.next_button, "next"), (self.fit_button, "fit"),
                   (self.actual_button, "actual_size"), (self.zoom_out_button, "zoom_out"),
                   (self.zoom_in_button, "zoom_in")))
        self.fit_button.setCheckable(True)
        self.fit_button.setChecked(True)
        # the buttons float over the picture's lower corners: a row of its own would take the picture's height
        self.stepping, self.zooming = QWidget(self), QWidget(self)
        for group, buttons in ((self.stepping, (self.previous_button, self.next_button)),
                               (self.zooming, (self.fit_button, self.actual_button, self.zoom_out_button,
                                               self.zoom_in_button))):
            group.setAutoFillBackground(True)
            row = QHBoxLayout(group)
            row.setContentsMargins(2, 2, 2, 2)
            row.setSpacing(2)
            for button in buttons:
                button.setParent(group)
                row.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.picture_area, 1)
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
            shortcut = QShortcut(QKeySequence(keys), self.picture_area)
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
            self.canvas.setText(words or no_picture_yet())

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
        for group, left in ((self.stepping, True), (self.zooming, False)):
            group.adjustSize()
            x = 4 if left else self.width() - group.width() - 4
            group.move(x, self.height() - group.height() - 4)
            group.raise_()
        if self.fit:
            self._render()

    def _render(self) -> None:
        self.fit_button.setChecked(self.fit)
        self.picture_area.setWidgetResizable(self.fit)
        if self._pixmap.isNull():
            return
        if self.fit:
            area = self.picture_area.viewport().size()
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
        name = (self.image_path.name if self.image_path else
                translate("ImageView", "preview of step {step}").format(step=self.preview_step))
        self.canvas.setToolTip(f"{name} — {self.zoom:.0%}")
