"""The live VRAM / RAM gauge with a short history sparkline."""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QGridLayout, QLabel, QProgressBar, QWidget

from app.core.system.usage import ResourceSample
from app.core.words import number, translate

HISTORY = 60
WARN_AT = 0.85
DANGER_AT = 0.95
_COLOURS = {"ok": "#3b8eea", "warn": "#e5a50a", "danger": "#e01b24"}

def level(fraction: float | None) -> str:
    if fraction is None or fraction < WARN_AT:
        return "ok"
    return "warn" if fraction < DANGER_AT else "danger"

def _gib(size: int) -> str:
    return number(size / 2**30, 1)

class Sparkline(QWidget):
    """The last minute of a fraction (0..1), drawn as a line."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values: deque[float] = deque(maxlen=HISTORY)
        self._colour = QColor(colour)
        self.setMinimumSize(80, 22)

    def add(self, value: float) -> None:
        self.values.append(min(1.0, max(0.0, value)))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if len(self.values) < 2:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self._colour, 1.5))
        width, height = self.width() - 1, self.height() - 2
        step = width / (HISTORY - 1)
        offset = HISTORY - len(self.values)
        points = [QPointF((offset + i) * step, 1 + height * (1 - v)) for i, v in enumerate(self.values)]
        painter.drawPolyline(QPolygonF(points))
        painter.end()

class ResourceGauge(QWidget):
    """VRAM and RAM bars with numbers, warning colours near the limit, and the backend's own memory."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.vram_bar, self.ram_bar = QProgressBar(self), QProgressBar(self)
        self.vram_label = QLabel(translate("ResourceGauge", "VRAM: waiting for the driver…"), self)
        self.ram_label = QLabel(self)
        self.backend_label = QLabel(self)
        self.cards_label = QLabel(self)  # a rig: each card's VRAM, one line each
        self.cards_label.setAccessibleName(translate("ResourceGauge", "Video memory of each card"))
        self.cards_label.hide()
        self.vram_history, self.ram_history = Sparkline(_COLOURS["ok"], self), Sparkline("#2ec27e", self)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for row, (label, bar, history) in enumerate(((self.vram_label, self.vram_bar, self.vram_history),
                                                     (self.ram_label, self.ram_bar, self.ram_history))):
            bar.setRange(0, 1000)
            bar.setTextVisible(False)
            bar.setMaximumHeight(12)
            # the words over the bar and its history: the window's column is narrow
            layout.addWidget(label, 2 * row, 0, 1, 2)
            layout.addWidget(bar, 2 * row + 1, 0)
            layout.addWidget(history, 2 * row + 1, 1)
        layout.addWidget(self.backend_label, 4, 0, 1, 2)
        layout.addWidget(self.cards_label, 5, 0, 1, 2)
        layout.setColumnStretch(0, 1)
        self.processor_only = False

    def set_processor_only(self, processor_only: bool) -> None:
        """No graphics card draws here (Vulkan run by the processor, llvmpipe): its "video memory" is the computer's
        own, so the gauge shows the computer's memory only."""
        self.processor_only = processor_only
        for part in (self.vram_label, self.vram_bar, self.vram_history):
            part.setVisible(not processor_only)

    def show_sample(self, sample: ResourceSample) -> None:
        fraction = sample.vram_fraction
        if sample.vram_total is None:
            self.vram_label.setText(translate("ResourceGauge", "VRAM: unknown"))
            self.vram_bar.setValue(0)
        elif fraction is None:
            # without VK_EXT_memory_budget the driver tells the size, not the use
            self.vram_label.setText(translate("ResourceGauge", "VRAM: {total} GiB total (use not reported)").format(
                total=_gib(sample.vram_total)))
            self.vram_bar.setValue(0)
        else:
            self.vram_label.setText(translate("ResourceGauge", "VRAM: {used} / {total} GiB").format(
                used=_gib(sample.vram_used or 0), total=_gib(sample.vram_total)))
            self.vram_bar.setValue(round(fraction * 1000))
            self.vram_history.add(fraction)
        self._colour(self.vram_bar, level(fraction))
        self.ram_label.setText(translate("ResourceGauge", "RAM: {used} / {total} GiB").format(
            used=_gib(sample.ram_used), total=_gib(sample.ram_total)))
        self.ram_bar.setValue(round(sample.ram_fraction * 1000))
        self.ram_history.add(sample.ram_fraction)
        self._colour(self.ram_bar, level(sample.ram_fraction))
        rss = sample.backend_rss
        self.backend_label.setText("" if rss is None else translate("ResourceGauge", "sd.cpp uses {size} GiB of RAM")
                                   .format(size=_gib(rss)))

    def show_cards(self, cards: list[tuple[str, int | None, int | None]]) -> None:
        """Each card's VRAM on a rig (shown only when there are two or more)."""
        lines = []
        for label, total, used in cards:
            if total is None:
                lines.append(translate("ResourceGauge", "{card}: VRAM unknown").format(card=label))
            elif used is None:
                lines.append(translate("ResourceGauge", "{card}: {total} GiB (use not reported)").format(
                    card=label, total=_gib(total)))
            else:
                lines.append(translate("ResourceGauge", "{card}: {used} / {total} GiB VRAM").format(
                    card=label, used=_gib(used), total=_gib(total)))
        self.cards_label.setText("\n".join(lines))
        self.cards_label.setVisible(len(cards) > 1)

    def _colour(self, bar: QProgressBar, state: str) -> None:
        bar.setProperty("level", state)
        bar.setStyleSheet(f"QProgressBar::chunk {{ background: {_COLOURS[state]}; }}")
