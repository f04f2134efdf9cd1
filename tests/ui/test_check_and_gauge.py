"""The system check dialog and the live gauge, real widgets with the real probes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core.system.checks import check_title
from app.core.system.usage import ResourceSample
from app.services.settings import Settings
from app.services.system.machine import Machine
from app.services.system.monitor import ResourceMonitor
from app.ui.check_dialog import summary_words
from app.ui.gauge import ResourceGauge
from app.ui.main_window import MainWindow
from app.ui.window_settings import first_start

GIB = 2**30


def test_check_system_button_shows_every_verdict(qtbot: QtBot, window: MainWindow, sd_cli: Path,
                                                 tmp_path: Path) -> None:
    with qtbot.waitSignal(window.system_check.finished, timeout=60_000) as finished:
        qtbot.mouseClick(window.check_button, Qt.MouseButton.LeftButton)
        dialog = window.check_banner.dialog
        assert dialog is not None and dialog.isVisible()
        assert not dialog.copy_button.isEnabled()  # nothing to copy while checking
    _, report = finished.args
    table = dialog.table
    rows = [(table.item(r, 0).text(), table.item(r, 0).data(Qt.ItemDataRole.UserRole), table.item(r, 1).text())
            for r in range(table.rowCount())]
    assert rows == [(check_title(c.id), c.status.value, c.message) for c in report.checks]
    assert ("Graphics card", "warn") in [(name, verdict) for name, verdict, _ in rows]  # lavapipe only
    # the verdict in a sentence, not as its log level ("WARN")
    assert dialog.summary.text() == summary_words(report.overall)
    assert report.overall.value.upper() not in dialog.summary.text()

    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text().startswith("# Polaris Studio system check:")
    dialog.save_to(tmp_path / "report.json")
    assert json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["overall"] == report.overall.value
    dialog.save_to(tmp_path / "report.md")
    assert "**backend**" in (tmp_path / "report.md").read_text(encoding="utf-8")


def test_the_check_runs_by_itself_only_on_the_first_start() -> None:
    settings = Settings()  # under the test's own HOME
    assert first_start(settings) is True
    assert first_start(settings) is False


def test_gauge_follows_the_real_monitor(qtbot: QtBot) -> None:
    gauge = ResourceGauge()
    qtbot.addWidget(gauge)
    machine = Machine()
    monitor = ResourceMonitor(machine)
    monitor.sampled.connect(gauge.show_sample)
    with qtbot.waitSignal(monitor.sampled, timeout=20_000, check_params_cb=lambda s: s.vram_total is not None):
        monitor.start()
    monitor.stop()
    assert re.fullmatch(r"RAM: \d+\.\d / \d+\.\d GiB", gauge.ram_label.text())
    assert gauge.ram_bar.value() > 0
    # lavapipe reports its heap size but not its use: the gauge says so rather than showing 0 %
    assert gauge.vram_label.text() == "VRAM: 2.0 GiB total (use not reported)"
    assert len(gauge.ram_history.values) >= 2
    qtbot.waitUntil(lambda: not machine.looking, timeout=20_000)


def test_gauge_warns_near_the_limit(qtbot: QtBot) -> None:
    gauge = ResourceGauge()
    qtbot.addWidget(gauge)
    gauge.show_sample(ResourceSample(16 * GIB, 8 * GIB, 8 * GIB, int(7.9 * GIB), 3 * GIB))
    assert gauge.vram_label.text() == "VRAM: 7.9 / 8.0 GiB"
    assert (gauge.vram_bar.property("level"), gauge.ram_bar.property("level")) == ("danger", "ok")
    assert gauge.backend_label.text() == "sd.cpp uses 3.0 GiB of RAM"
    gauge.show_sample(ResourceSample(16 * GIB, int(14 * GIB), 8 * GIB, 2 * GIB, None))
    assert (gauge.vram_bar.property("level"), gauge.ram_bar.property("level")) == ("ok", "warn")
    assert gauge.backend_label.text() == ""
