"""The system check in the window: the first start's check as a banner over the picture (not a dialog in front of
it), and the full check's dialog that the banner and "Check system" open."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from app.core.generation.status_words import check_headline
from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.words import translate
from app.services.system.system_check import SystemCheck
from app.ui.check_dialog import CheckDialog
from app.ui.notice_bar import NoticeBar

_BANNER_TONES = {Verdict.PASS: "good", Verdict.WARN: "warn", Verdict.FAIL: "bad"}


class CheckBanner(NoticeBar):
    """What `system_check` found, in a line; its button opens the full check (`dialog`, made when first
    needed)."""

    def __init__(self, system_check: SystemCheck, parent: QWidget) -> None:
        super().__init__("check_banner", translate("MainWindow", "What the system check found"), parent)
        self.system_check = system_check
        self.dialog: CheckDialog | None = None
        self.action_clicked.connect(self.show_results)

    def run_first_check(self) -> None:
        """The first start's check, said here as it goes."""
        self.say(translate("MainWindow", "Checking your graphics card, driver and this computer…"), "info")
        self.ensure_dialog()
        self.system_check.finished.connect(self._on_first_check_finished)
        self.system_check.start()

    def _on_first_check_finished(self, facts: SystemFacts, report: CompatibilityReport) -> None:
        self.system_check.finished.disconnect(self._on_first_check_finished)
        verdict, text = check_headline(facts, report)
        self.say(text, _BANNER_TONES[verdict], translate("MainWindow", "Full &check…"))

    def ensure_dialog(self) -> CheckDialog:
        if self.dialog is None:
            self.dialog = CheckDialog(self.system_check, self.window())
        return self.dialog

    def show_results(self) -> None:
        dialog = self.ensure_dialog()
        dialog.show()
        dialog.raise_()

    def check_again(self) -> None:
        """"Check system": the full check's dialog, checking again unless a check runs."""
        self.show_results()
        if not self.system_check.running:
            self.ensure_dialog().run()
