"""The window's switch "Let other apps use this PC": while it is on, the A1111- and OpenAI-compatible API
(app/api) answers on this PC's port 7860 with the window's own queue, so SillyTavern, Open WebUI or a script draw
here and their pictures show in the queue and the gallery. Off at first; the network is let in only with a key."""

from __future__ import annotations

import logging
import secrets
import socket

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.demo.picture_models import demo_model_files
from app.core.settings_schema import (
    OTHER_APPS_ALLOWED,
    OTHER_APPS_KEY,
    OTHER_APPS_NETWORK,
    OTHER_APPS_PORT,
    OTHER_APPS_STARTING,
)
from app.core.words import translate
from app.services.api_desk import ApiDesk, AppServer, PortInUse, ServerMaker, ServerOptions
from app.services.app_log import LOG_FILE_NAME
from app.services.studio import Studio
from app.services.user_dirs import current_user_dirs

ANY_ADDRESS = "0.0.0.0"  # the network is let in only with a key
log = logging.getLogger(__name__)


def network_address() -> str | None:
    """This PC's address on its network, as other computers reach it; None without one. (A datagram socket
    "connected" to a documentation address sends nothing: it only asks the system which address it would use.)"""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


class OtherAppsRow(QWidget):
    """The switch, the address other apps use, and a button for the network's settings."""

    def __init__(self, studio: Studio, make_server: ServerMaker | None, parent: QWidget | None = None) -> None:
        """`make_server`: the HTTP server's maker, from the app's entry point; None where the window runs
        without the API (the switch then says so)."""
        super().__init__(parent)
        self.studio = studio
        self._make_server = make_server
        self.settings = studio.settings
        self.server: AppServer | None = None
        self._stopping: list[AppServer] = []
        self.network_dialog: NetworkDialog | None = None
        self.allow = QCheckBox(translate("OtherApps", "Let other apps use this PC"), self)
        self.allow.setToolTip(translate("OtherApps", "Apps such as SillyTavern, Open WebUI or a script draw here "
                                                     "through the A1111 or OpenAI way of asking; their pictures wait "
                                                     "in the queue like yours"))
        self.address = QLabel(self)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setWordWrap(True)
        self.network_button = QToolButton(self)
        self.network_button.setText(translate("OtherApps", "Network…"))
        self.network_button.setToolTip(translate("OtherApps", "Let other computers of your network draw here too"))
        # the other way round: this PC's queue drawn by other computers (the window connects it to the queue's
        # Add a computer…, which otherwise shows only once the queue does)
        self.use_computers_button = QToolButton(self)
        self.use_computers_button.setText(translate("OtherApps", "Draw on other computers…"))
        self.use_computers_button.setToolTip(translate("OtherApps", "Add another computer running Polaris Studio, "
                                                                    "sd-server, A1111, Forge or koboldcpp: it draws "
                                                                    "this queue's pictures beside your card"))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.allow, 1)
        row.addWidget(self.network_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.address)
        layout.addWidget(self.use_computers_button)
        self.allow.setChecked(self.settings.get(OTHER_APPS_ALLOWED))
        self.allow.toggled.connect(self._on_allow_toggled)
        self.network_button.clicked.connect(self.open_network_settings)
        if not self.allow.isChecked():
            self._show(None)
        elif self.settings.get(OTHER_APPS_STARTING):
            # the last start ended while it let other apps in (the program itself stopped there): this one opens
            # with the switch off rather than stop at the same place again
            self.settings.set(OTHER_APPS_STARTING, False)
            self._refuse(translate("OtherApps", "Off: the last time the app opened, it stopped while letting other "
                                                "apps in. Tick the switch to try again."))
        else:
            self.start()

    def start(self) -> None:
        """Answer other apps from now on. Whatever keeps the server from starting (a port another program holds, a
        damaged install, an error of ours) is said under the switch, which goes off: the window opens all the same."""
        if self._make_server is None:
            self._refuse(translate("OtherApps", "This window was opened without the part that answers other apps."))
            return
        self.stop(wait=False)
        for old in self._stopping:
            old.stop(wait=True)  # let go of the port before it is taken again (a moment after the last switch)
        self._stopping.clear()
        network = self.settings.get(OTHER_APPS_NETWORK)
        port = self.settings.get(OTHER_APPS_PORT)
        options = ServerOptions(host=ANY_ADDRESS if network else "127.0.0.1", port=port,
                                key=self._key() if network else None, demo=demo_model_files() is not None)
        self.settings.set(OTHER_APPS_STARTING, True)
        try:
            server = self._make_server(ApiDesk(self.studio, self), options)
            server.start()
        except ImportError as error:  # a damaged install (or Wine 8, where pydantic's compiled core cannot load)
            self._refuse(translate("OtherApps", "The parts that answer other apps could not be loaded ({error}): "
                                                "reinstall the app.").format(error=error))
            return
        except PortInUse:
            self._refuse(translate("OtherApps", "Port {port} is used by another program (another drawing app?): "
                                                "close it and try again.").format(port=port))
            return
        except Exception as error:  # said to the user, whole in the app's log: the window must open regardless
            log.exception("the server for other apps did not start")
            self._refuse(translate("OtherApps", "Other apps could not be let in ({error}). The switch is off; the "
                                                "app's log has the details: {log}").format(
                error=error, log=current_user_dirs().logs / LOG_FILE_NAME))
            return
        finally:
            self.settings.set(OTHER_APPS_STARTING, False)
        self.server = server
        log.info("other apps may draw here, on port %d", server.port)
        self._show(server)

    def _refuse(self, why: str) -> None:
        """The switch goes back off, and says why."""
        self.allow.blockSignals(True)
        self.allow.setChecked(False)
        self.allow.blockSignals(False)
        self.settings.set(OTHER_APPS_ALLOWED, False)
        self.address.setText(why)

    def stop(self, wait: bool) -> None:
        """Stop answering; pictures other apps asked for stay in the queue. `wait`: until the port is free again
        (when the window closes); else the server lets go of it in the background."""
        if self.server is not None:
            self.server.stop(wait)
            self.server.desk.deleteLater()  # it hears the studio no more
            if not wait:
                self._stopping.append(self.server)
            self.server = None
        self._show(None)

    def _on_allow_toggled(self, on: bool) -> None:
        self.settings.set(OTHER_APPS_ALLOWED, on)
        if on:
            self.start()
        else:
            self.stop(wait=False)

    def _key(self) -> str:
        key = self.settings.get(OTHER_APPS_KEY)
        if not key:
            key = secrets.token_urlsafe(18)
            notice = self.settings.set(OTHER_APPS_KEY, key)  # kept by the OS keyring
            if notice:
                self.studio.say(notice)
        return key

    def _show(self, server: AppServer | None) -> None:
        if server is None:
            self.address.setText(translate("OtherApps", "Off: only this window draws here."))
            return
        local = f"http://127.0.0.1:{server.port}"
        text = translate("OtherApps", "On: apps on this PC use {address}").format(address=local)
        if server.options.key:
            found = network_address()
            if found:
                text += "\n" + translate("OtherApps", "Other computers: http://{address}:{port} with the key "
                                                      "{key}").format(address=found, port=server.port,
                                                                      key=server.options.key)
        self.address.setText(text)

    def open_network_settings(self) -> None:
        self.network_dialog = dialog = NetworkDialog(self.settings.get(OTHER_APPS_NETWORK), self._key(),
                                                     self.settings.get(OTHER_APPS_PORT), self)
        dialog.accepted.connect(lambda: self._on_network_chosen(dialog.network.isChecked(), dialog.port.value()))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.show()

    def _on_network_chosen(self, network: bool, port: int) -> None:
        if (network, port) != (self.settings.get(OTHER_APPS_NETWORK), self.settings.get(OTHER_APPS_PORT)):
            self.settings.set(OTHER_APPS_NETWORK, network)
            self.settings.set(OTHER_APPS_PORT, port)
            if self.allow.isChecked():
                self.start()


class NetworkDialog(QDialog):
    """The port other apps reach this PC on, whether other computers of the network may draw here, and the key
    they must send."""

    def __init__(self, network: bool, key: str, port: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("OtherApps", "Other computers"))
        self.port = QSpinBox(self)
        self.port.setRange(1, 65535)
        self.port.setValue(port)
        self.port.setToolTip(translate("OtherApps", "Apps expect 7860; choose another where A1111 itself runs on "
                                                    "this PC"))
        port_row = QFormLayout()
        port_row.addRow(translate("OtherApps", "&Port:"), self.port)
        self.network = QCheckBox(translate("OtherApps", "Let other computers of my network draw here"), self)
        self.network.setChecked(network)
        explain = QLabel(translate("OtherApps", "Apps on other computers must give this key (where the app asks "
                                                "for an API key). Anyone with it can draw on your graphics card: "
                                                "let in only computers you trust."), self)
        explain.setWordWrap(True)
        shown = QLabel(key, self)
        shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(port_row)
        layout.addWidget(self.network)
        layout.addWidget(explain)
        layout.addWidget(shown)
        layout.addWidget(buttons)
