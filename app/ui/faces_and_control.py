"""Advanced's rows for Fix faces (as A1111's ADetailer) and ControlNet (SD 1.x, SDXL): the tick box with its
strength; the control picture (dropped or browsed) with the ControlNet that reads it, its strength and the kind of
guidance; and what they add to the request."""

from __future__ import annotations

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QCheckBox, QFormLayout, QHBoxLayout, QLabel, QWidget

from app.core.generation.control import DEFAULT_CONTROL_STRENGTH, MAX_CONTROL_STRENGTH, ControlNetUse
from app.core.generation.faces import FaceFix
from app.core.words import translate
from app.ui.file_field import FileField
from app.ui.number_boxes import decimal_box


class FacesAndControl:
    """The widgets (the panel's children) and the rows they take in Advanced's form."""

    def __init__(self, panel: QWidget) -> None:
        self.fix_faces = QCheckBox(translate("PromptPanel", "Fix faces"), panel)
        self.fix_faces.setToolTip(translate("PromptPanel", "Finds each face in the new picture and repaints it at the "
                                                           "model's own size (as A1111's ADetailer); every other "
                                                           "pixel is kept"))
        self.face_strength = decimal_box(panel, 0.05, 1, 0.05, FaceFix().strength,
                                         translate("PromptPanel", "Fix faces denoising strength"))
        self.control_picture = FileField(translate("PromptPanel", "Control picture"), panel)
        self.control_picture.setToolTip(translate("PromptPanel", "A sketch, an edge, pose or depth map the picture "
                                                                 "follows (or a photo, its edges found)"))
        self.control_net = FileField(translate("PromptPanel", "ControlNet model"), panel)
        self.control_strength = decimal_box(panel, 0, MAX_CONTROL_STRENGTH, 0.05, DEFAULT_CONTROL_STRENGTH,
                                            translate("PromptPanel", "ControlNet strength"))
        self.control_canny = QCheckBox(translate("PromptPanel", "Find its edges (a photo)"), panel)
        self.control_on_cpu = QCheckBox(translate("PromptPanel", "On the processor"), panel)
        self.control_on_cpu.setToolTip(translate("PromptPanel", "Keeps the ControlNet off a small card: slower, but "
                                                                "it needs no video memory"))

    def changes(self) -> list[SignalInstance]:
        """Each field's change, for the draft to follow."""
        return [self.fix_faces.toggled, self.face_strength.valueChanged, self.control_canny.toggled,
                self.control_on_cpu.toggled, self.control_strength.valueChanged,
                self.control_picture.line_edit.textChanged, self.control_net.line_edit.textChanged]

    def add_rows(self, form: QFormLayout, parent: QWidget) -> None:
        faces = QHBoxLayout()
        faces.addWidget(self.fix_faces)
        faces.addWidget(QLabel(translate("PromptPanel", "denoising"), parent))
        faces.addWidget(self.face_strength)
        form.addRow(faces)
        # a row each: side by side they widened the column, and the picture lost its half of the window
        form.addRow(QLabel(translate("PromptPanel", "ControlNet"), parent), self.control_strength)
        form.addRow(translate("PromptPanel", "Picture"), self.control_picture)
        form.addRow(translate("PromptPanel", "Model"), self.control_net)
        form.addRow(self.control_canny)
        form.addRow(self.control_on_cpu)

    def face_fix(self) -> FaceFix | None:
        return FaceFix(strength=self.face_strength.value()) if self.fix_faces.isChecked() else None

    def control(self) -> ControlNetUse | None:
        """The ControlNet with its picture, once both are given (the request's check says what is wrong)."""
        model, picture = self.control_net.path(), self.control_picture.path()
        if model is None or picture is None:
            return None
        return ControlNetUse(model, picture, self.control_strength.value(), self.control_canny.isChecked(),
                             self.control_on_cpu.isChecked())
