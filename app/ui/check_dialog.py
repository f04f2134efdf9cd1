"""The system check window: each verdict with an icon, message and fix; copy or save the report."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.report import report_json, report_markdown
from app.core.words import translate
from app.services.system.system_check import SystemCheck
from app.ui.icons import icon, put_icons

_ICONS = {Verdict.PASS: "passed", Verdict.WARN: "warning", Verdict.FAIL: "failed"}


def summary_words(verdict: Verdict) -> str:
    """The check's verdict in one sentence."""
    return {
        Verdict.PASS: translate("CheckDialog", "Everything needed is in place."),
        Verdict.WARN: translate("CheckDialog", "It will work, with the warnings below."),
        Verdict.FAIL: translate("CheckDialog", "Something below must be fixed first."),
    }[verdict]


class CheckDialog(QDialog):
    def __init__(self, check: SystemCheck, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("CheckDialog", "System check"))
        self.resize(820, 480)
        self.check = check
        self.summary = QLabel(translate("CheckDialog", "Checking the driver, Vulkan and this computer…"), self)
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, 3, self)
        self.table.setHorizontalHeaderLabels([translate("CheckDialog", "Check"), translate("CheckDialog", "Result"),
                                              translate("CheckDialog", "How to fix")])
        self.table.verticalHeader().hide()
        self.table.setWordWrap(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.run_button = QPushButton(translate("CheckDialog", "Check again"), self)
        self.copy_button = QPushButton(translate("CheckDialog", "Copy report"), self)
        self.save_button = QPushButton(translate("CheckDialog", "Save report…"), self)
        close = QPushButton(translate("CheckDialog", "Close"), self)
        put_icons(((self.run_button, "retry"), (self.copy_button, "copy"), (self.save_button, "save")))
        buttons = QHBoxLayout()
        for button in (self.run_button, self.copy_button, self.save_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.facts: SystemFacts | None = None
        self.report: CompatibilityReport | None = None
        self._set_report_buttons(False)

        self.run_button.clicked.connect(self.run)
        self.copy_button.clicked.connect(self._on_copy_clicked)
        self.save_button.clicked.connect(self._on_save_clicked)
        close.clicked.connect(self.close)
        check.finished.connect(self._on_check_finished)

    def run(self) -> None:
        self.summary.setText(translate("CheckDialog", "Checking the driver, Vulkan and this computer…"))
        self.run_button.setEnabled(False)
        self._set_report_buttons(False)
        self.check.start()

    def markdown(self) -> str:
        assert self.facts is not None and self.report is not None
        return report_markdown(self.facts, self.report)

    def save_to(self, path: Path) -> None:
        """Markdown, or JSON when the name ends in .json."""
        assert self.facts is not None and self.report is not None
        if path.suffix.lower() == ".json":
            text = json.dumps(report_json(self.facts, self.report), indent=2) + "\n"
        else:
            text = self.markdown()
        path.write_text(text, encoding="utf-8")

    def _set_report_buttons(self, enabled: bool) -> None:
        self.copy_button.setEnabled(enabled)
        self.save_button.setEnabled(enabled)

    def _on_check_finished(self, facts: SystemFacts, report: CompatibilityReport) -> None:
        self.facts, self.report = facts, report
        self.table.setRowCount(len(report.checks))
        for row, check in enumerate(report.checks):
            name = QTableWidgetItem(icon(_ICONS[check.status]), check.id.replace("_", " "))
            name.setData(Qt.ItemDataRole.UserRole, check.status.value)  # the verdict, for tests and tools
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, QTableWidgetItem(check.message))
            self.table.setItem(row, 2, QTableWidgetItem(check.fix or ""))
        self.table.resizeRowsToContents()
        self.summary.setText(summary_words(report.overall))
        self.run_button.setEnabled(True)
        self._set_report_buttons(True)

    def _on_copy_clicked(self) -> None:
        QApplication.clipboard().setText(self.markdown())

    def _on_save_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, translate("CheckDialog", "Save report"), "polaris-system-check.md",
                                              translate("CheckDialog", "Markdown (*.md);;JSON (*.json)"))
        if path:
            try:
                self.save_to(Path(path))
            except OSError as error:
                self.summary.setText(translate("CheckDialog", "Could not save the report: {error}").format(error=error))
