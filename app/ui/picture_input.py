"""Start from a picture (img2img): choose or drop it, set how much changes, and paint what to repaint."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QImageReader, QResizeEvent
from PySide6.QtWidgets import QCheckBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget

from app.core.words import translate
from app.ui.icons import put_icons
from app.ui.mask_painter import MaskPainter

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".bmp")
DEFAULT_STRENGTH = 75  # percent: sd.cpp's own default, 0.75


def picture_in(event: QDragEnterEvent | QDropEvent) -> Path | None:
    """The first picture file among the dragged URLs."""
    for url in event.mimeData().urls():
        path = Path(url.toLocalFile())
        if path.suffix.lower() in PICTURE_SUFFIXES:
            return path
    return None


class NameLabel(QLabel):
    """A file's name that never widens the column it sits in: elided in the middle to the width the column gives
    it (its tooltip says the whole path). The words shown without a file wrap instead."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._name = ""
        self.setWordWrap(True)  # the window's column is narrow: the words take two lines there

    def set_name(self, name: str, words: str) -> None:
        """Show `name`, elided as the width demands; or, without one, `words`."""
        self._name = name
        self.setWordWrap(not name)
        self.setText(words)
        self._show()
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("x" * 8), hint.height()) if self._name else hint

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint() if self._name else super().sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show()

    def _show(self) -> None:
        if self._name:
            shown = self.fontMetrics().elidedText(self._name, Qt.TextElideMode.ElideMiddle, max(self.width(), 1))
            if shown != self.text():
                self.setText(shown)


class PictureInput(QWidget):
    """The img2img input, its strength and the inpainting mask. The painted mask is written into `mask_folder`
    when a request needs it, named by its content: a job waiting in the queue keeps its own mask while the user
    paints the next (the runner copies it into the job when it starts)."""

    picture_changed = Signal(object)  # Path | None

    def __init__(self, mask_folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._mask_folder = mask_folder
        self._picture: Path | None = None
        self._mask_file: Path | None = None  # the painted mask as last written; None: changed since
        self.choose_button = QPushButton(translate("PictureInput", "Start from a picture…"), self)
        self.choose_button.setAccessibleName(translate("PictureInput", "Choose a picture to start from"))
        self.remove_button = QPushButton(translate("PictureInput", "Remove"), self)
        self.remove_button.setAccessibleName(translate("PictureInput", "Start from noise again, without a picture"))
        self.name = NameLabel(self)
        self.strength = QSlider(Qt.Orientation.Horizontal, self)
        self.strength.setRange(1, 100)
        self.strength.setValue(DEFAULT_STRENGTH)
        self.strength.setAccessibleName(translate("PictureInput", "Strength"))
        self.strength.setToolTip(translate("PictureInput", "How much of the picture changes: low keeps it close, "
                                                           "100% ignores it"))
        self.strength_label = QLabel(self)
        self.paint_mask = QCheckBox(translate("PictureInput", "Repaint only where I paint"), self)
        self.paint_mask.setToolTip(translate("PictureInput", "Inpainting: paint over the picture what should change; "
                                                             "the rest is kept"))
        # the window shows the painter in the picture's own place while "paint" is ticked: a mask is painted big
        self.painter = MaskPainter(self)
        put_icons(((self.choose_button, "picture"), (self.remove_button, "remove"), (self.paint_mask, "paint_mask")))
        self.painter.hide()
        top = QHBoxLayout()
        top.addWidget(self.choose_button)
        top.addWidget(self.name, 1)
        top.addWidget(self.remove_button)
        # strength and mask show once there is a picture: without one they would only take room
        self.options = QWidget(self)
        strength = QHBoxLayout()
        strength.setContentsMargins(0, 0, 0, 0)
        strength.addWidget(QLabel(translate("PictureInput", "Strength"), self.options))
        strength.addWidget(self.strength, 1)
        strength.addWidget(self.strength_label)
        strength.addWidget(self.paint_mask)
        self.options.setLayout(strength)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.options)
        self.setAcceptDrops(True)
        self.choose_button.clicked.connect(self._on_choose_clicked)
        self.remove_button.clicked.connect(lambda: self.set_picture(None))
        self.strength.valueChanged.connect(self._on_strength_changed)
        self.painter.canvas.mask_changed.connect(self._on_mask_changed)
        self._on_strength_changed(self.strength.value())
        self.set_picture(None)

    def picture(self) -> Path | None:
        return self._picture

    def picture_size(self) -> tuple[int, int] | None:
        if self._picture is None:
            return None
        size = QImageReader(str(self._picture)).size()
        return (size.width(), size.height()) if size.isValid() else None

    def set_picture(self, path: Path | None) -> None:
        self._picture = path
        self.name.set_name(path.name if path else "", translate("PictureInput", "none: drop a picture here"))
        self.name.setToolTip(str(path) if path else "")
        self.remove_button.setVisible(path is not None)
        self.options.setVisible(path is not None)
        if path is None:
            self.paint_mask.setChecked(False)
        self.painter.canvas.set_picture(path)
        self.picture_changed.emit(path)

    def set_strength(self, strength: float) -> None:
        self.strength.setValue(round(strength * 100))

    def strength_value(self) -> float:
        return self.strength.value() / 100

    def load_mask(self, path: Path) -> bool:
        loaded = self.painter.canvas.load_mask(path)
        self.paint_mask.setChecked(loaded)
        return loaded

    def mask_file(self) -> Path | None:
        """The painted mask as a file, when inpainting is on and something is painted."""
        canvas = self.painter.canvas
        if self._picture is None or not self.paint_mask.isChecked() or not canvas.has_mask():
            return None
        if self._mask_file is None or not self._mask_file.is_file():
            data = QByteArray()
            buffer = QBuffer(data)
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            canvas.painted.save(buffer, "PNG")  # type: ignore[call-overload]  # str, not the stubs' bytes
            target = self._mask_folder / f"mask-{hashlib.sha256(data.data()).hexdigest()[:16]}.png"
            self._mask_folder.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(target.name + ".partial")
            partial.write_bytes(data.data())
            partial.replace(target)
            self._mask_file = target
        return self._mask_file

    def _on_mask_changed(self) -> None:
        self._mask_file = None

    def _on_strength_changed(self, value: int) -> None:
        self.strength_label.setText(f"{value}%")

    def _on_choose_clicked(self) -> None:
        patterns = " ".join(f"*{suffix}" for suffix in PICTURE_SUFFIXES)
        chosen, _ = QFileDialog.getOpenFileName(
            self, translate("PictureInput", "Start from a picture"), "",
            translate("PictureInput", "Pictures ({patterns})").format(patterns=patterns))
        if chosen:
            self.set_picture(Path(chosen))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if picture_in(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = picture_in(event)
        if path is not None:
            self.set_picture(path)
            event.acceptProposedAction()
