"""Add a computer…: another PC's image server (this app's `serve`, sd.cpp's sd-server, A1111, Forge, koboldcpp)
as one more card of the queue, added only once it answers as an image server."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from app.core.queue.nodes import BadAddress, RemoteComputer, computer_at
from app.core.words import translate
from app.services.runners.remote_node import ComputerCheck
from app.services.studio import Studio


class AddComputerDialog(QDialog):
    """The address and, if the server asks for one, a token or user:password; Add asks the server for its models
    first and says in words why it cannot be added."""

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.setWindowTitle(translate("AddComputerDialog", "Add a computer"))
        intro = QLabel(translate("AddComputerDialog", "Another computer running an image server (Polaris Studio's "
                                                      "serve, sd.cpp's sd-server, A1111, Forge or koboldcpp) draws "
                                                      "the queue's pictures beside this one's card; they come home "
                                                      "to this gallery."), self)
        intro.setWordWrap(True)
        self.address = QLineEdit(self)
        self.address.setPlaceholderText("http://192.168.0.12:7860")
        self.token = QLineEdit(self)
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText(translate("AddComputerDialog", "only if the server asks for one"))
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.hide()
        form = QFormLayout()
        form.addRow(translate("AddComputerDialog", "&Address"), self.address)
        form.addRow(translate("AddComputerDialog", "&Token or user:password"), self.token)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.add_button = self.buttons.addButton(translate("AddComputerDialog", "A&dd"),
                                                 QDialogButtonBox.ButtonRole.AcceptRole)
        self.add_button.setDefault(True)
        self.buttons.accepted.connect(self._on_add)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self._check: ComputerCheck | None = None
        self.added: RemoteComputer | None = None

    def done(self, result: int) -> None:
        if self._check is not None:
            self._check.stop()
        super().done(result)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.show()

    def _on_add(self) -> None:
        try:
            computer = computer_at(self.address.text(), self.token.text())
        except BadAddress as error:
            self._say(str(error))
            return
        if any(label == computer.name for label, _, _ in self.studio.cards):
            self._say(translate("AddComputerDialog", "{computer} is in the queue already.").format(
                computer=computer.name))
            return
        self.add_button.setEnabled(False)
        if self._check is not None:
            self._check.stop()
        self._say(translate("AddComputerDialog", "Asking {address} for its models…").format(address=computer.address))
        self._check = ComputerCheck(computer, self)
        self._check.answered.connect(lambda problem: self._on_answer(computer, problem))

    def _on_answer(self, computer: RemoteComputer, problem: str | None) -> None:
        self.add_button.setEnabled(True)
        if problem is not None:
            self._say(translate("AddComputerDialog", "{address} cannot be added: {why}.").format(
                address=computer.address, why=problem))
            return
        self.studio.add_computer(computer.address, computer.name, computer.token)
        self.added = computer
        self.accept()
