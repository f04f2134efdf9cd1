"""`python -m app` without a command: the window app put together. The one place that makes the machine, the
gallery index, the Generation, the JobQueue and the resource monitor for the window, and starts them."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog

from app.core.gallery.gallery_index import open_index
from app.core.one_window import WindowOptions
from app.core.settings_schema import OUTPUT_FOLDER
from app.core.words import translate
from app.services.api_desk import ServerMaker
from app.services.one_window import OneWindow, Start
from app.services.settings import Settings
from app.services.studio import Studio
from app.services.system.machine import Machine
from app.services.system.monitor import ResourceMonitor
from app.services.user_dirs import current_user_dirs
from app.ui.first_start import FirstStart, guide_wanted, load_demo
from app.ui.icons import app_icon
from app.ui.language import speak_chosen_language
from app.ui.main_window import MainWindow
from app.ui.theme import follow_system_theme, high_dpi_before_the_app_starts
from app.ui.window_settings import first_start


def rebuild_progress() -> Callable[[int, int], None]:
    """A progress window for rebuilding a lost gallery index, shown only if that takes a while."""
    dialog = QProgressDialog(translate("Gallery", "Rebuilding the gallery from your images…"), "", 0, 0)
    dialog.setCancelButton(None)  # the rebuild only reads: it is safe, and quick to let finish
    dialog.setMinimumDuration(500)

    def report(done: int, total: int) -> None:
        dialog.setMaximum(total)
        dialog.setValue(done)
        if done % 20 == 0:
            QApplication.processEvents()

    return report


def show_again(window: MainWindow, options: WindowOptions) -> None:
    """A second start handed its options over: this window takes them as if started with them, and comes forward."""
    if options.demo:
        load_demo(window.panel)
        window.show_demo_note()
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()


def run_window(demo: bool = False, make_server: ServerMaker | None = None) -> int:
    if QApplication.instance() is None:
        high_dpi_before_the_app_starts()
    # the tests' QApplication, or this start's own (Qt types instance() as the QCoreApplication it may be)
    app = cast(QApplication, QApplication.instance()) or QApplication(sys.argv[:1])
    options = WindowOptions(demo=demo)
    # one window per data folder, before anything slow: a second start hands over and ends here
    one_window = OneWindow(current_user_dirs().data, current_user_dirs().window_lock)
    match one_window.claim(options):
        case Start.HANDED_OVER:
            return 0
        case Start.NO_ANSWER:
            speak_chosen_language(Settings())
            QMessageBox.warning(None, "Polaris Studio", translate(
                "OneWindow", "Polaris Studio is already open for this data folder, but it does not answer. Wait a "
                             "moment and start it again; if it still does not come forward, end it (Task Manager on "
                             "Windows, System Monitor on Linux) and start it again."))
            return 1
    follow_system_theme(app)
    app.setWindowIcon(app_icon())
    settings = Settings()
    # before any window is made: every widget takes its words from the translators as it is built
    speak_chosen_language(settings)
    machine = Machine()  # vulkaninfo and the backend's --help, asked once for the whole window
    monitor = ResourceMonitor(machine)
    out_dir = settings.get(OUTPUT_FOLDER)
    gallery = open_index(current_user_dirs().gallery_index, out_dir, rebuild_progress())
    studio = Studio(out_dir, machine, gallery, current_user_dirs().job_queue, settings, remember_computers=True)
    window = MainWindow(studio, monitor, make_server=make_server)
    one_window.options_arrived.connect(lambda arrived: show_again(window, arrived))
    for notice in settings.move_plain_secrets():  # from a settings file of before the keyring
        studio.say(notice)
    if options.demo:
        load_demo(window.panel)
        window.show_demo_note()
    if window.window_layout.opens_maximised:
        window.showMaximized()
    else:
        window.show()
    monitor.start()
    if first_start(settings):
        window.check_banner.run_first_check()
    if guide_wanted(settings):  # after the check has started: the guide shows its verdict
        FirstStart(window).start()
    try:
        return app.exec()
    finally:
        one_window.release()
