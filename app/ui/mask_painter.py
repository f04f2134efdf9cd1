"""The inpainting mask, painted over the input picture: a brush (white: repaint), an eraser, clear, invert, undo."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPixmap, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QToolButton, QVBoxLayout, QWidget

from app.core.words import translate
from app.ui.icons import put_icons

UNDO_STEPS = 30
MASK_TINT = QColor(255, 40, 40)  # what is painted shows red over the picture, half see-through
MASK_OPACITY = 0.5


class MaskCanvas(QWidget):
    """The picture, fitted to the widget, with the mask over it; strokes paint into a mask of the picture's own
    pixel size (so it never needs guessing), white where sd.cpp should repaint."""

    mask_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(QSize(160, 120))
        self.setAccessibleName(translate("MaskPainter", "Mask: paint where the picture should change"))
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.brush_size = 24  # in the picture's pixels
        self.erasing = False
        self._picture = QPixmap()
        self.painted = QImage()
        self._undo: list[QImage] = []
        self._last: QPointF | None = None

    def set_picture(self, path: Path | None) -> None:
        self._picture = QPixmap(str(path)) if path else QPixmap()
        self.painted = QImage(self._picture.size(), QImage.Format.Format_Grayscale8)
        self.painted.fill(0)
        self._undo.clear()
        self.update()
        self.mask_changed.emit()

    def load_mask(self, path: Path) -> bool:
        """A saved mask (from "Reuse settings"), scaled to the picture; False when it cannot be read."""
        loaded = QImage(str(path))
        if loaded.isNull() or self._picture.isNull():
            return False
        self._remember()
        self.painted = loaded.convertToFormat(QImage.Format.Format_Grayscale8).scaled(self._picture.size())
        self.update()
        self.mask_changed.emit()
        return True

    def has_mask(self) -> bool:
        if self.painted.isNull():
            return False
        # a painted pixel anywhere: the mask is all zero bytes otherwise
        return any(bytes(cast(memoryview, self.painted.constScanLine(row))).strip(b"\0")
                   for row in range(self.painted.height()))

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        if self._undo:
            self.painted = self._undo.pop()
            self.update()
            self.mask_changed.emit()

    def clear(self) -> None:
        self._remember()
        self.painted.fill(0)
        self.update()
        self.mask_changed.emit()

    def invert(self) -> None:
        self._remember()
        self.painted.invertPixels()
        self.update()
        self.mask_changed.emit()

    def save(self, path: Path) -> bool:
        # PySide6's stubs ask for the format as bytes; the binding takes only str
        return self.painted.save(str(path), "PNG")  # type: ignore[call-overload, no-any-return]

    def _remember(self) -> None:
        self._undo.append(self.painted.copy())
        del self._undo[:-UNDO_STEPS]

    def _fitted(self) -> QRectF:
        if self._picture.isNull():
            return QRectF()
        size = self._picture.size().scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        left, top = (self.width() - size.width()) / 2, (self.height() - size.height()) / 2
        return QRectF(left, top, size.width(), size.height())

    def to_picture(self, point: QPointF) -> QPointF:
        """A point on the widget, in the picture's pixels."""
        area = self._fitted()
        scale = self._picture.width() / area.width()
        return QPointF((point.x() - area.left()) * scale, (point.y() - area.top()) * scale)

    def from_picture(self, point: QPointF) -> QPoint:
        """Where on the widget a picture pixel shows."""
        area = self._fitted()
        scale = area.width() / self._picture.width()
        return QPoint(round(area.left() + point.x() * scale), round(area.top() + point.y() * scale))

    def _stroke(self, to: QPointF) -> None:
        painter = QPainter(self.painted)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # a mask is black or white
        colour = QColor(0, 0, 0) if self.erasing else QColor(255, 255, 255)
        pen = painter.pen()
        pen.setColor(colour)
        pen.setWidthF(self.brush_size)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(self._last or to, to)
        painter.end()
        self._last = to
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self._picture.isNull():
            self._remember()
            self._last = None
            self._stroke(self.to_picture(event.position()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton and self._last is not None:
            self._stroke(self.to_picture(event.position()))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._last is not None:
            self._last = None
            self.mask_changed.emit()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        area = self._fitted()
        if area.isEmpty():
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, translate("MaskPainter", "No picture"))
            return
        painter.drawPixmap(area, self._picture, QRectF(self._picture.rect()))
        tint = QImage(self.painted.size(), QImage.Format.Format_ARGB32_Premultiplied)
        tint.fill(MASK_TINT)
        # the mask's grey bytes read as alpha: converting would take the grey image's own (opaque) alpha
        mask = self.painted
        tint.setAlphaChannel(QImage(mask.constBits(), mask.width(), mask.height(), mask.bytesPerLine(),
                                    QImage.Format.Format_Alpha8))
        painter.setOpacity(MASK_OPACITY)
        painter.drawImage(area, tint)


class MaskPainter(QWidget):
    """The canvas with its tools: brush size, eraser, clear, invert, undo."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = MaskCanvas(self)
        self.brush_size = QSpinBox(self)
        self.brush_size.setRange(2, 512)
        self.brush_size.setValue(self.canvas.brush_size)
        self.brush_size.setSuffix(" px")
        self.brush_size.setAccessibleName(translate("MaskPainter", "Brush size"))
        self.eraser = QToolButton(self)
        self.eraser.setText(translate("MaskPainter", "Eraser"))
        self.eraser.setCheckable(True)
        self.eraser.setAccessibleName(translate("MaskPainter", "Erase the mask instead of painting it"))
        self.clear_button = QPushButton(translate("MaskPainter", "Clear"), self)
        self.invert_button = QPushButton(translate("MaskPainter", "Invert"), self)
        self.undo_button = QPushButton(translate("MaskPainter", "Undo"), self)
        self.undo_button.setEnabled(False)
        put_icons(((self.eraser, "eraser"), (self.clear_button, "clear"), (self.invert_button, "invert"),
                   (self.undo_button, "undo")))
        self.eraser.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        # the tools float over the canvas's lower corner: a row of their own would take the picture's height
        self.tools = QWidget(self)
        self.tools.setAutoFillBackground(True)
        tools = QHBoxLayout(self.tools)
        tools.setContentsMargins(4, 2, 4, 2)
        tools.setSpacing(4)
        tools.addWidget(QLabel(translate("MaskPainter", "Brush"), self.tools))
        for widget in (self.brush_size, self.eraser, self.clear_button, self.invert_button, self.undo_button):
            widget.setParent(self.tools)
            tools.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.canvas, 1)
        self.brush_size.valueChanged.connect(self._on_brush_size_changed)
        self.eraser.toggled.connect(self._on_eraser_toggled)
        self.clear_button.clicked.connect(self.canvas.clear)
        self.invert_button.clicked.connect(self.canvas.invert)
        self.undo_button.clicked.connect(self.canvas.undo)
        self.canvas.mask_changed.connect(self._on_mask_changed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.tools.adjustSize()
        self.tools.move(4, self.height() - self.tools.height() - 4)
        self.tools.raise_()

    def _on_brush_size_changed(self, size: int) -> None:
        self.canvas.brush_size = size

    def _on_eraser_toggled(self, erasing: bool) -> None:
        self.canvas.erasing = erasing

    def _on_mask_changed(self) -> None:
        self.undo_button.setEnabled(self.canvas.can_undo())

