"""One model in the Models window's shop window: what it is and what it is good at, its download, whether it fits
this computer, how long a picture takes here and how much memory it uses, and its one button."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QWidget

from app.core.generation.status_words import plan_sentence
from app.core.models.catalog import Preset, good_at_words, variant_words
from app.core.planning.advice import ModelAdvice, fit_words, time_words
from app.core.sizes import format_size
from app.core.system.vulkaninfo import VulkanDevice
from app.core.words import translate


class ModelCard(QFrame):
    """A preset or an upscaler as a card: its name in full (two presets of one model differ in their memory line),
    the planner's verdict for this computer once the advisor has answered, and Download / Resume / Cancel."""

    def __init__(self, preset: Preset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preset = preset
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # the licences its files come under, by their names (the catalog's notes are English only: the card's own
        # lines say what it is for)
        self.setToolTip(translate("ModelsWindow", "Licences: {licences}").format(
            licences=", ".join(dict.fromkeys(f.licence for f in preset.files))))
        self.name = QLabel(preset.name or preset.title, self)
        font = QFont(self.name.font())
        font.setBold(True)
        self.name.setFont(font)
        self.badge = QLabel(self)  # "Recommended for your …", on the advisor's best pick only
        self.badge.setStyleSheet("color: palette(highlight); font-weight: bold;")
        self.badge.hide()
        self.good_at = QLabel(good_at_words(preset), self)
        self.good_at.setWordWrap(True)
        # two cards of one name: which card or computer each is for, and what the bigger download buys
        self.variant = QLabel(variant_words(preset), self)
        self.variant.setWordWrap(True)
        self.variant.setVisible(bool(preset.variant))
        self.download_size = QLabel(translate("ModelsWindow", "Download: {size}").format(
            size=format_size(preset.total_bytes)), self)
        self.fits, self.time, self.memory = QLabel(self), QLabel(self), QLabel(self)
        self.status = QLabel(self)
        self.button = QPushButton(self)
        self.button.setAccessibleName(preset.name or preset.title)
        self._lay_out()

    def _lay_out(self) -> None:
        grid = QGridLayout(self)
        heading = QHBoxLayout()
        heading.addWidget(self.name)
        heading.addWidget(self.badge)
        heading.addStretch(1)
        grid.addLayout(heading, 0, 0)
        grid.addWidget(self.good_at, 1, 0)
        grid.addWidget(self.variant, 2, 0)
        # four facts on two lines, told apart: on one they widened the card past its pane in longer languages and
        # on a PC without a card, whose words are longer
        for row, pair in enumerate(((self.download_size, self.fits), (self.time, self.memory)), start=3):
            facts = QHBoxLayout()
            facts.setSpacing(3 * self.fontMetrics().averageCharWidth())
            for fact in pair:
                facts.addWidget(fact)
            facts.addStretch(1)
            grid.addLayout(facts, row, 0)
        grid.addWidget(self.status, 0, 1)
        grid.addWidget(self.button, 1, 1, 4, 1)
        grid.setColumnStretch(0, 1)

    def show_advice(self, item: ModelAdvice, device: VulkanDevice, recommended_for: str | None) -> None:
        """The planner's verdict here; `recommended_for` names the card when this is the model to choose."""
        self.fits.setText(fit_words(item, device.is_cpu))
        self.fits.setToolTip(plan_sentence(item.plan, device))
        self.time.setText(time_words(item))
        self.memory.setText(translate("ModelsWindow", "uses about {ram} of RAM").format(
            ram=format_size(item.plan.peak_ram)) if item.fits else "")
        self.badge.setText(translate("ModelsWindow", "Recommended for your {card}").format(card=recommended_for)
                           if recommended_for else "")
        self.badge.setVisible(recommended_for is not None)

    def show_status(self, status: str, action: str | None, enabled: bool) -> None:
        """Installed, partly downloaded…; the button's action (None: nothing left to do)."""
        self.status.setText(status)
        self.button.setText(action or translate("ModelsWindow", "Installed"))
        self.button.setEnabled(enabled and action is not None)
