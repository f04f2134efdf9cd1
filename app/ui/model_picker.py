"""The model picker: wide enough for the demo model's name in the window's language (the first name a newcomer
reads, cut to "Demo (ruido aleatorio" in Spanish and Russian), and a longer name cut with an ellipsis, whole in
its tooltip, rather than cut off mid-letter or widening the column."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPaintEvent
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QToolTip, QWidget

from app.core.models.catalog import DEMO_MODEL_NAME
from app.core.words import translate


class ModelPicker(QComboBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumContentsLength(16)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        demo = QSize(self.fontMetrics().horizontalAdvance(translate("Picker", DEMO_MODEL_NAME)), hint.height())
        needed = self.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, demo, self)
        return QSize(max(hint.width(), needed.width()), hint.height())

    def shown_text(self) -> str:
        """The chosen model's name as the picker draws it: whole, or cut to its width with an ellipsis."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        return self.fontMetrics().elidedText(self.currentText(), Qt.TextElideMode.ElideRight, field.width())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def event(self, event: QEvent) -> bool:
        # a name cut short is said whole over the files' paths
        if event.type() is QEvent.Type.ToolTip and self.shown_text() != self.currentText():
            assert isinstance(event, QHelpEvent)
            QToolTip.showText(event.globalPos(), "\n".join(filter(None, [self.currentText(), self.toolTip()])), self)
            return True
        return super().event(event)
