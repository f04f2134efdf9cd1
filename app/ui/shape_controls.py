"""The picture's shape: Square, Portrait, Landscape at the model family's size, or Custom with its typed size
(snapped); and the size of a picture to start from, which the size follows until the user changes it."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.core.generation.aspect import Aspect, aspect_of, aspect_size, snap_size
from app.core.generation.request import MAX_SIDE, MIN_SIDE, GenerationRequest
from app.core.words import translate
from app.services.draft import Draft
from app.ui.draft_binding import DraftBinding
from app.ui.number_boxes import whole_box
from app.ui.shape_words import aspect_words


class ShapeControls(QWidget):
    """Two rows for a narrow column: the shape buttons, then the size (`size_row`, where the panel adds the
    steps). The size the draft holds: width, height, and whether they follow the picture to start from."""

    def __init__(self, draft: Draft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.aspect = Aspect.SQUARE
        self._size_of_picture: tuple[int, int] | None = None  # the picture to start from's, snapped
        self.width_box = whole_box(self, MIN_SIDE, MAX_SIDE, 512, translate("PromptPanel", "Width"),
                                   translate("PromptPanel", "Width in pixels"), step=64, suffix=" px")
        self.height_box = whole_box(self, MIN_SIDE, MAX_SIDE, 512, translate("PromptPanel", "Height"),
                                    translate("PromptPanel", "Height in pixels"), step=64, suffix=" px")
        self.aspect_buttons: dict[Aspect, QPushButton] = {}
        self.aspect_group = QButtonGroup(self)
        self.aspect_group.setExclusive(True)
        shapes = QHBoxLayout()  # a layout inside another has no margins of its own
        for aspect in Aspect:
            label, name = aspect_words(aspect)
            button = QPushButton(label, self)
            button.setCheckable(True)
            button.setAccessibleName(name)
            button.clicked.connect(lambda _=False, chosen=aspect: self.set_aspect(chosen))
            self.aspect_group.addButton(button)
            self.aspect_buttons[aspect] = button
            shapes.addWidget(button)
        self.size_label = QLabel(self)
        self.size_label.setAccessibleName(translate("PromptPanel", "Picture size"))
        self._times = QLabel("x", self)
        self.size_row = QHBoxLayout()
        for widget in (self.width_box, self._times, self.height_box, self.size_label):
            self.size_row.addWidget(widget)
        self.size_row.addStretch(1)
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addLayout(shapes)
        rows.addLayout(self.size_row)
        self.width_box.editingFinished.connect(self._on_custom_size_edited)
        self.height_box.editingFinished.connect(self._on_custom_size_edited)
        draft.family_changed.connect(self._on_family_changed)
        self.set_aspect(Aspect.SQUARE)

    def bind(self, binding: DraftBinding) -> None:
        binding.bind([self.width_box.valueChanged, self.height_box.valueChanged], self.held, self.show_size)

    def held(self) -> dict[str, Any]:
        size = (self.width_box.value(), self.height_box.value())
        # untouched size boxes: the core follows the picture (and says how it snapped)
        return {"width": size[0], "height": size[1], "size_from_input": size == self._size_of_picture}

    def show_size(self, request: GenerationRequest) -> None:
        """The size the image was made at, not the input's; the same size again leaves Custom as the user chose
        it."""
        if not request.size_from_input and (request.width, request.height) != (self.width_box.value(),
                                                                                self.height_box.value()):
            self.set_size(request.width, request.height)

    def set_aspect(self, aspect: Aspect) -> None:
        """Square, portrait or landscape at the model family's size; custom keeps the typed size (snapped)."""
        self.aspect = aspect
        self.aspect_buttons[aspect].setChecked(True)
        custom = aspect is Aspect.CUSTOM
        self.width_box.setVisible(custom)
        self.height_box.setVisible(custom)
        self._times.setVisible(custom)
        if not custom:
            width, height = aspect_size(self.draft.family, aspect)
            self.width_box.setValue(width)
            self.height_box.setValue(height)
        self._show_size()

    def set_size(self, width: int, height: int) -> None:
        """A size from elsewhere (the demo, a reused image): light the button it belongs to, else Custom."""
        self.width_box.setValue(width)
        self.height_box.setValue(height)
        self.set_aspect(aspect_of(self.draft.family, width, height))

    def follow_picture(self, size: tuple[int, int] | None) -> None:
        """A picture to start from (None: none): the size follows it, as Custom, as it is (a shape button would
        put its own size, Flux's square 1024, in its place)."""
        self._size_of_picture = snap_size(self.draft.family, *size) if size else None
        if self._size_of_picture:
            self.set_aspect(Aspect.CUSTOM)
            self.width_box.setValue(self._size_of_picture[0])
            self.height_box.setValue(self._size_of_picture[1])
            self._show_size()

    def _on_family_changed(self) -> None:
        """The family the chosen files make (read from their headers off the GUI thread, by the plan): the shape
        buttons resize to it."""
        if self.aspect is not Aspect.CUSTOM:
            self.set_aspect(self.aspect)
        self._show_size()

    def _on_custom_size_edited(self) -> None:
        width, height = snap_size(self.draft.family, self.width_box.value(), self.height_box.value())
        self.width_box.setValue(width)
        self.height_box.setValue(height)
        self._show_size()

    def _show_size(self) -> None:
        size = f"{self.width_box.value()} x {self.height_box.value()}"
        self.size_label.setText("" if self.aspect is Aspect.CUSTOM else size)
        self.size_label.setToolTip(translate("PromptPanel", "Sized for {family}").format(
            family=self.draft.family.words))
