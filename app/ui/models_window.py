"""The Models window: download presets (verified, resumable), add files you already have, and the drawing engine
(the sd.cpp backend): which one draws, and the buttons to check, reinstall or replace it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.models.catalog import (
    Catalog,
    FileStatus,
    Preset,
    ledger_entry,
    read_ledger,
    save_custom_set,
    status_of_preset,
)
from app.core.models.downloads import DownloadCancelled, DownloadError, PresetProgress
from app.core.models.model_files import ImportReport
from app.core.sizes import format_size
from app.core.words import QT_TRANSLATE_NOOP, number, translate
from app.services.models.advisor import MachineAdvice, ModelAdvisor
from app.services.models.model_import import ModelImport
from app.services.models.model_manager import PresetDownload
from app.services.system.machine import Machine
from app.ui.engine_tab import EngineTab
from app.ui.model_card import ModelCard

_STATUS_WORDS = {
    FileStatus.INSTALLED: QT_TRANSLATE_NOOP("ModelsWindow", "installed"),
    FileStatus.UNVERIFIED: QT_TRANSLATE_NOOP("ModelsWindow", "installed, unverified"),
    FileStatus.PARTIAL: QT_TRANSLATE_NOOP("ModelsWindow", "partly downloaded"),
    FileStatus.MISSING: QT_TRANSLATE_NOOP("ModelsWindow", "not downloaded"),
}
_MODEL_FILES = "*.gguf *.safetensors *.ckpt *.pt"


class ModelsWindow(QDialog):
    """A shop window: a card per model saying what it is good at, whether it fits this computer and how long a
    picture takes here, the recommended one first, each with its Download button; the user's own files and the
    drawing engine one tab further each."""

    choices_changed = Signal()  # a preset became complete or a custom set was added: the picker must update
    imported = Signal()  # the files of an import_paths() are read (and placed) and the report says so

    def __init__(self, catalog: Catalog, models_dir: Path, machine: Machine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("ModelsWindow", "Models"))
        self.catalog = catalog
        self.models_dir = models_dir
        self.machine = machine
        self.download = PresetDownload(self)
        self.download.progress.connect(self._on_progress)
        self.download.finished.connect(self._on_download_finished)
        self.cards: dict[str, ModelCard] = {}
        for preset in (*catalog.presets.values(), *catalog.upscalers.values(), *catalog.controlnets.values()):
            card = ModelCard(preset, self)
            card.button.clicked.connect(lambda _=False, key=preset.id: self._on_preset_button(key))
            self.cards[preset.id] = card
        self.shelf = QVBoxLayout()  # the models' cards, the recommended one first (`_on_advised`)
        self.recommendation = QLabel(self)
        self.recommendation.setWordWrap(True)
        self.advice: MachineAdvice | None = None
        self.advisor = ModelAdvisor(machine, catalog, self)
        self.advisor.advised.connect(self._on_advised)
        self.file_label = QLabel(self)
        self.file_progress = QProgressBar(self)
        self.file_progress.setAccessibleName(translate("ModelsWindow", "This file's download"))
        self.overall_progress = QProgressBar(self)
        self.overall_progress.setAccessibleName(translate("ModelsWindow", "The whole model's download"))
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self._make_imports()
        self.engine = EngineTab(catalog, machine, self)
        self._lay_out()
        self.resize(900, 640)
        self.refresh()
        self.advise()

    def _make_imports(self) -> None:
        self.import_button = QPushButton(translate("ModelsWindow", "Add files I already have…"), self)
        self.import_folder_button = QPushButton(translate("ModelsWindow", "Add a folder…"), self)
        self.import_report = QPlainTextEdit(self)
        self.model_import = ModelImport(self)
        self.model_import.finished.connect(self._on_imported)
        self._import_names: list[str | None] = []  # a folder's name names the set it holds
        self.import_report.setReadOnly(True)
        self.import_report.setAccessibleName(translate("ModelsWindow", "What was added"))
        self.import_report.setMaximumHeight(90)
        self.import_report.setPlaceholderText(
            translate("ModelsWindow", "Files you add are inspected and put in their slots here."))
        self.import_button.clicked.connect(self._on_import_files)
        self.import_folder_button.clicked.connect(self._on_import_folder)

    def _lay_out(self) -> None:
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._shop(), translate("ModelsWindow", "Models to download"))
        own = QWidget(self)
        own_layout = QVBoxLayout(own)
        imports = QHBoxLayout()
        imports.addWidget(self.import_button)
        imports.addWidget(self.import_folder_button)
        imports.addStretch(1)
        own_layout.addLayout(imports)
        own_layout.addWidget(self.import_report, 1)
        own_layout.addWidget(QLabel(translate("ModelsWindow", "Models folder: {folder}").format(
            folder=self.models_dir), own))
        self.tabs.addTab(own, translate("ModelsWindow", "Files you already have"))
        self.tabs.addTab(self.engine, translate("ModelsWindow", "Drawing engine"))
        QVBoxLayout(self).addWidget(self.tabs)

    def _shop(self) -> QWidget:
        """The cards in a scrolling column, the recommendation above them and a download's progress below."""
        shop = QWidget(self)
        layout = QVBoxLayout(shop)
        layout.addWidget(self.recommendation)
        column = QWidget(shop)
        column_layout = QVBoxLayout(column)
        column_layout.addLayout(self.shelf)
        for key in self.catalog.presets:
            self.shelf.addWidget(self.cards[key])
        upscalers = QLabel(translate("ModelsWindow", "To make finished pictures bigger"), column)
        upscalers.setStyleSheet("font-weight: bold;")
        column_layout.addWidget(upscalers)
        for key in self.catalog.upscalers:
            column_layout.addWidget(self.cards[key])
        controlnets = QLabel(translate("ModelsWindow", "To draw from a control picture (ControlNet, for SD 1.5 "
                                                       "models): its outlines, a pose or its depth"), column)
        controlnets.setStyleSheet("font-weight: bold;")
        controlnets.setWordWrap(True)
        column_layout.addWidget(controlnets)
        for key in self.catalog.controlnets:
            column_layout.addWidget(self.cards[key])
        column_layout.addStretch(1)
        scroll = QScrollArea(shop)
        scroll.setWidget(column)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(scroll, 1)
        # a download's two bars, shown from its first step on: empty bars said nothing
        self.download_panel = QWidget(shop)
        panel = QVBoxLayout(self.download_panel)
        panel.setContentsMargins(0, 0, 0, 0)
        panel.addWidget(self.file_label)
        bars = QFormLayout()
        bars.addRow(translate("ModelsWindow", "This file"), self.file_progress)
        bars.addRow(translate("ModelsWindow", "The whole model"), self.overall_progress)
        panel.addLayout(bars)
        self.download_panel.hide()
        layout.addWidget(self.download_panel)
        layout.addWidget(self.message)
        return shop

    def shown_order(self) -> list[str]:
        """The models' ids as their cards stand, top to bottom (the recommended one first)."""
        shown = {card: key for key, card in self.cards.items()}
        items = (self.shelf.itemAt(i) for i in range(self.shelf.count()))
        return [shown[card] for card in (item.widget() for item in items if item is not None) if card in shown]

    def status_of(self, preset_id: str) -> FileStatus:
        return status_of_preset(self._preset(preset_id), self.models_dir, read_ledger(self.models_dir))

    def _preset(self, preset_id: str) -> Preset:
        preset = self.catalog.preset(preset_id)
        assert preset is not None, preset_id
        return preset

    def refresh(self) -> None:
        downloading = self.download.preset_id if self.download.running else None
        for key, card in self.cards.items():
            status = self.status_of(key)
            if key == downloading:
                action: str | None = translate("ModelsWindow", "Cancel")
            elif status is FileStatus.PARTIAL:
                action = translate("ModelsWindow", "Resume")
            elif status is FileStatus.MISSING:
                action = translate("ModelsWindow", "Download")
            elif self._unhashed(key):
                action = translate("ModelsWindow", "Check files")  # put there by hand: hashed against the published
            else:
                action = None  # nothing left to do
            card.show_status(translate("ModelsWindow", _STATUS_WORDS[status]), action, downloading in (None, key))

    def advise(self) -> None:
        """Plan every model for this computer's card (once the card and the backend have answered)."""
        self.recommendation.setText(translate("ModelsWindow", "Looking at your graphics card to recommend a model…"))
        self.advisor.ask()

    def _on_advised(self, advice: MachineAdvice | str) -> None:
        if isinstance(advice, str):
            self.advice = None
            self.recommendation.setText(advice)
            return
        self.advice = advice
        for key in self.catalog.presets:
            item = advice.of(key)
            assert item is not None, key  # every preset is advised
            self.cards[key].show_advice(item, advice.device, advice.card_words if item is advice.best else None)
        # the recommended one first, then what fits by its time, what does not fit last
        for key in sorted(self.catalog.presets, key=lambda key: self._shelf_place(advice, key)):
            self.shelf.removeWidget(self.cards[key])
            self.shelf.addWidget(self.cards[key])
        self.recommendation.setText(advice.sentence)

    @staticmethod
    def _shelf_place(advice: MachineAdvice, key: str) -> tuple[bool, bool, float]:
        item = advice.of(key)
        assert item is not None, key
        return item is not advice.best, not item.fits, item.time.low_high[0]

    def _unhashed(self, preset_id: str) -> bool:
        ledger = read_ledger(self.models_dir)
        return any(ledger_entry(self.models_dir, f, ledger) is None for f in self._preset(preset_id).files)

    def start_download(self, preset_id: str) -> None:
        self.message.clear()
        self.download.start(self._preset(preset_id), self.models_dir, self.catalog.hosts)
        self.refresh()

    def _on_preset_button(self, preset_id: str) -> None:
        if self.download.running:
            self.download.cancel()
        else:
            self.start_download(preset_id)

    def _on_progress(self, step: PresetProgress) -> None:
        self.download_panel.show()
        part = step.file_progress
        which = {"file": step.file.name, "number": step.index + 1, "count": step.count}
        if step.checking:
            line = translate("ModelsWindow", "Checking {file} ({number} of {count})").format(**which)
        else:
            line = translate("ModelsWindow", "Downloading {file} ({number} of {count}) at {speed} MiB/s").format(
                **which, speed=number(part.bytes_per_s / 2**20, 1))
        eta = step.eta_seconds
        if eta is not None and eta >= 60:
            line += translate("ModelsWindow", ", about {minutes} min left in all").format(minutes=f"{eta / 60:.0f}")
        self.file_label.setText(line)
        self.file_progress.setRange(0, 1000)
        self.file_progress.setValue(int(1000 * part.done / part.total) if part.total else 0)
        self.overall_progress.setRange(0, 1000)
        if step.overall_total:
            self.overall_progress.setValue(int(1000 * step.overall_done / step.overall_total))
        self.overall_progress.setFormat(translate("ModelsWindow", "{done} of {total}").format(
            done=format_size(step.overall_done), total=format_size(step.overall_total)))

    def _on_download_finished(self, preset_id: str, error: DownloadError | None) -> None:
        title = self._preset(preset_id).title
        if error is None:
            unpublished = sum(not f.published_hash for f in self._preset(preset_id).files)
            done = translate("ModelsWindow", "{model}: every file is here and checked ({count} without a published "
                                             "fingerprint: theirs are noted, so a later change shows).") \
                if unpublished else translate("ModelsWindow", "{model}: every file is here and checked.")
            self.message.setText(done.format(model=title, count=unpublished))
            self.overall_progress.setValue(self.overall_progress.maximum())
        elif isinstance(error, DownloadCancelled):
            self.message.setText(translate("ModelsWindow", "{model}: paused. Press Resume to go on from where it "
                                           "stopped.").format(model=title))
        else:
            self.message.setText(translate("ModelsWindow", "{model}: {error}").format(model=title, error=error))
        self.refresh()
        self.choices_changed.emit()

    def import_paths(self, paths: list[Path]) -> None:
        """Put each file in its slot (header only) and save the slotted ones as a set the picker offers; a LoRA or
        an upscaler goes into its folder instead. Done on a worker thread: `imported` says when."""
        self.import_report.setPlainText(translate("ModelsWindow", "Reading the files…"))
        self._import_names.append(paths[0].name if len(paths) == 1 and paths[0].is_dir() else None)
        self.model_import.start(paths, self.models_dir)

    def _on_imported(self, report: ImportReport) -> None:
        lines, folder_name = list(report.lines), self._import_names.pop(0)
        if report.slots:
            name = folder_name or Path(next(iter(report.slots.values()))).stem
            save_custom_set(self.models_dir, name, report.slots)
            lines.append(translate("ModelsWindow", "Saved as '{name}' in the model picker.").format(name=name))
        if report.slots or report.placed:
            self.choices_changed.emit()
        self.import_report.setPlainText("\n".join(lines) or translate("ModelsWindow", "No model files there."))
        self.imported.emit()

    def _on_import_files(self) -> None:
        kinds = translate("ModelsWindow", "Model files ({patterns});;All files (*)").format(patterns=_MODEL_FILES)
        chosen, _ = QFileDialog.getOpenFileNames(self, translate("ModelsWindow", "Model files you already have"),
                                                 str(Path.home()), kinds)
        if chosen:
            self.import_paths([Path(p) for p in chosen])

    def _on_import_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, translate("ModelsWindow", "A folder with model files"),
                                                 str(Path.home()))
        if chosen:
            self.import_paths([Path(chosen)])

    def stop(self) -> None:
        """The app is closing: pause a download (its .part resumes next time) and stop a build.
        Closing only this window lets them go on; opening it again shows where they are."""
        if self.download.running:
            self.download.wait()
        self.model_import.wait()
        if self.engine.backend_install.running:
            self.engine.backend_install.cancel()
