"""The gallery: finished images as a thumbnail grid, newest first; search, favourites, reuse, drag-out."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import (
    QAbstractListModel,
    QFile,
    QItemSelectionModel,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRunnable,
    QSize,
    Qt,
    QThreadPool,
    QUrl,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import QAction, QColor, QDesktopServices, QIcon, QImage, QImageReader, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QPushButton,
    QToolButton,
    QWidget,
)

from app.core.gallery.gallery_index import GalleryEntry, GalleryIndex
from app.core.words import translate
from app.services.user_dirs import current_user_dirs
from app.ui.icons import put_icons

THUMBNAIL = 160
STRIP_THUMBNAIL = 64  # the strip under the picture shows the cached THUMBNAIL-sized images this small
THUMBNAIL_CACHE_BYTES = 256 * 2**20  # ~8000 thumbnails; the least recently shown go first


def prune_thumbnails(folder: Path, keep_bytes: int = THUMBNAIL_CACHE_BYTES) -> int:
    """Delete the least recently used cached thumbnails until the folder holds at most `keep_bytes`;
    returns how many went. A thumbnail shown from the cache is touched, so its time says when it was used."""
    files = []
    for entry in folder.glob("*.png"):
        with contextlib.suppress(OSError):  # gone meanwhile
            stat = entry.stat()
            files.append((stat.st_mtime_ns, stat.st_size, entry))
    total, removed = sum(size for _, size, _ in files), 0
    for _, size, path in sorted(files, key=lambda item: item[0]):
        if total <= keep_bytes:
            break
        path.unlink(missing_ok=True)
        total, removed = total - size, removed + 1
    return removed


class _PruneJob(QRunnable):
    def run(self) -> None:
        prune_thumbnails(current_user_dirs().thumbnails)
_Index = QModelIndex | QPersistentModelIndex


class _ThumbnailSignals(QObject):
    ready = Signal(str, QImage)


class _ThumbnailJob(QRunnable):
    """Decodes one thumbnail off the GUI thread, from the disk cache when it has it."""

    def __init__(self, path: Path, cached: Path, signals: _ThumbnailSignals) -> None:
        super().__init__()
        self._path, self._cached, self._signals = path, cached, signals

    def run(self) -> None:
        image = QImage(str(self._cached)) if self._cached.exists() else QImage()
        if not image.isNull():
            with contextlib.suppress(OSError):
                os.utime(self._cached)  # used now: pruning keeps it
        if image.isNull():
            reader = QImageReader(str(self._path))
            size = reader.size()
            if size.isValid():
                reader.setScaledSize(size.scaled(THUMBNAIL, THUMBNAIL, Qt.AspectRatioMode.KeepAspectRatio))
            image = reader.read()  # a broken file gives a null image: the view shows a placeholder
            if not image.isNull():
                self._cached.parent.mkdir(parents=True, exist_ok=True)
                image.save(str(self._cached), "PNG")  # type: ignore[call-overload]  # PySide6 types the format as bytes, takes only str
        self._signals.ready.emit(str(self._path), image)


class GalleryModel(QAbstractListModel):
    """Rows from the gallery index; thumbnails arrive asynchronously and update their row."""

    PathRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, index: GalleryIndex, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.gallery = index
        self.entries: list[GalleryEntry] = []
        self._thumbnails: dict[str, QIcon] = {}
        self._asked: set[str] = set()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._signals = _ThumbnailSignals(self)
        self._signals.ready.connect(self._on_thumbnail_ready)
        placeholder = QPixmap(THUMBNAIL, THUMBNAIL)
        placeholder.fill(QColor("#404040"))
        self._placeholder = QIcon(placeholder)
        self.search, self.favourites_only = "", False
        self._pool.start(_PruneJob())  # off the GUI thread: an HDD may take a moment to list the folder

    def refresh(self) -> None:
        self.beginResetModel()
        self.entries = self.gallery.entries(self.search, self.favourites_only)
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default argument)
        return 0 if parent.isValid() else len(self.entries)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.entries):
            return None
        entry = self.entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return ("★ " if entry.favourite else "") + (entry.prompt[:40] or entry.path.name)
        if role == Qt.ItemDataRole.DecorationRole:
            return self._thumbnail(entry.path)
        if role == Qt.ItemDataRole.ToolTipRole:
            return entry.parameters or entry.path.name
        if role == self.PathRole:
            return str(entry.path)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else base

    def mimeTypes(self) -> list[str]:
        return ["text/uri-list", "image/png"]

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        """File URLs for Explorer and chat apps, and the first image's pixels for editors and browsers."""
        mime = QMimeData()
        paths = [self.entries[i.row()].path for i in indexes if i.isValid()]
        mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
        if paths:
            mime.setImageData(QImage(str(paths[0])))
        return mime

    def _thumbnail(self, path: Path) -> QIcon:
        key = str(path)
        if key in self._thumbnails:
            return self._thumbnails[key]
        if key not in self._asked:
            self._asked.add(key)
            try:
                stamp = f"{path}|{path.stat().st_mtime_ns}"
            except OSError:
                return self._placeholder
            cached = current_user_dirs().thumbnails / (hashlib.sha1(stamp.encode()).hexdigest() + ".png")
            self._pool.start(_ThumbnailJob(path, cached, self._signals))
        return self._placeholder

    def _on_thumbnail_ready(self, path: str, image: QImage) -> None:
        self._thumbnails[path] = QIcon(QPixmap.fromImage(image)) if not image.isNull() else self._placeholder
        for row, entry in enumerate(self.entries):
            if str(entry.path) == path:
                index = self.index(row)
                self.dataChanged.emit(index, index, [Qt.ItemDataRole.DecorationRole])

    def wait_for_thumbnails(self, msecs: int = 10_000) -> bool:
        return self._pool.waitForDone(msecs)


class GalleryPanel(QWidget):
    """The grid with its search box, favourites filter and actions."""

    reuse_requested = Signal(object)  # GalleryEntry: fill the prompt panel with all its settings
    reuse_seed_requested = Signal(object)  # int: a seed may be past a C int (another app's, up to 2**32 - 1)
    preview_requested = Signal(object)  # GalleryEntry: show it large
    use_as_input_requested = Signal(object)  # GalleryEntry: start the next image from it (img2img)
    edit_requested = Signal(object)  # GalleryEntry: edit it with the prompt as the instruction (FLUX.2 klein)
    upscale_requested = Signal(object, int)  # GalleryEntry, factor
    extend_requested = Signal(object)  # GalleryEntry: grow it and paint the new area in (outpainting)
    fix_faces_requested = Signal(object)  # GalleryEntry: repaint its faces (as A1111's ADetailer)
    finish_requested = Signal(object)  # GalleryEntry: a draft (or any picture) drawn at the full size from it

    def __init__(self, index: GalleryIndex, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = GalleryModel(index, self)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(translate("GalleryPanel", "Search prompts…"))
        self.search.setAccessibleName(translate("GalleryPanel", "Search the gallery's prompts"))
        self.favourites = QToolButton(self)  # a star beside the search box: the strip's side stays short
        self.favourites.setText("★")
        self.favourites.setCheckable(True)
        self.favourites.setToolTip(translate("GalleryPanel", "Show only my favourites"))
        self.favourites.setAccessibleName(translate("GalleryPanel", "Favourites only"))
        self.view = QListView(self)
        self.view.setViewMode(QListView.ViewMode.IconMode)
        self.view.setIconSize(QSize(THUMBNAIL, THUMBNAIL))
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        # a strip under the picture, newest on the left: one row that scrolls sideways
        self.view.setFlow(QListView.Flow.LeftToRight)
        self.view.setWrapping(False)
        self.view.setAccessibleName(translate("GalleryPanel", "Gallery"))
        self.view.setIconSize(QSize(STRIP_THUMBNAIL, STRIP_THUMBNAIL))
        self.view.setUniformItemSizes(True)
        # twice the thumbnail's width, the caption elided to it: more pictures in the strip than a caption's 40
        # letters would leave room for
        self.view.setGridSize(QSize(2 * STRIP_THUMBNAIL, STRIP_THUMBNAIL + self.view.fontMetrics().height() + 8))
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)  # a one-line caption: the tooltip says it all
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setDragEnabled(True)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.view.setModel(self.model)
        self.details = QLabel(self)
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reuse_button = QPushButton(translate("GalleryPanel", "Reuse settings"), self)
        self.reuse_button.setToolTip(translate("GalleryPanel", "Put this picture's prompt, model and settings back, "
                                                               "its seed too: Generate draws the same picture again"))
        self.favourite_button = QPushButton(translate("GalleryPanel", "Favourite"), self)
        self.copy_image_button = QPushButton(translate("GalleryPanel", "Copy image"), self)
        self._make_more_menu()
        put_icons(((self.reuse_button, "reuse"), (self.favourite_button, "favourite"),
                   (self.copy_image_button, "copy"), (self.more_button, "more"), (self.seed_action, "reuse_seed"),
                   (self.copy_parameters_action, "copy_parameters"), (self.folder_action, "folder"),
                   (self.trash_action, "delete"), (self.use_as_input_action, "use_as_input"),
                   (self.edit_action, "edit"), (self.extend_action, "extend"),
                   *((action, "upscale") for action in self.upscale_actions.values())))
        self._lay_out()
        self._connect()
        self.model.refresh()

    def _make_more_menu(self) -> None:
        # the less-used actions wait in a "More" menu (also the strip's right-click menu): seven buttons in a row
        # need ~930 px with Windows' fonts, wider than the window on a 1366x768 laptop
        self.seed_action = QAction(translate("GalleryPanel", "Reuse seed"), self)
        self.copy_parameters_action = QAction(translate("GalleryPanel", "Copy parameters"), self)
        self.folder_action = QAction(translate("GalleryPanel", "Open folder"), self)
        self.trash_action = QAction(translate("GalleryPanel", "Move to trash"), self)
        self.trash_action.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        self.trash_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.view.addAction(self.trash_action)
        self.use_as_input_action = QAction(translate("GalleryPanel", "Use as input"), self)
        self.edit_action = QAction(self)
        self.set_editing_available(False)
        self.upscale_actions = {
            factor: QAction(translate("GalleryPanel", "Upscale \u00d7{factor}").format(factor=factor), self)
            for factor in (2, 4)}
        self.more_menu = QMenu(self)
        self.more_menu.setToolTipsVisible(True)
        self.more_menu.addActions([self.seed_action, self.copy_parameters_action, self.folder_action])
        self.more_menu.addSeparator()
        self.extend_action = QAction(translate("GalleryPanel", "Extend…"), self)
        self.extend_action.setToolTip(translate("GalleryPanel", "Make the picture larger on any side; the model "
                                                                "paints the new area"))
        self.fix_faces_action = QAction(translate("GalleryPanel", "Fix faces"), self)
        self.fix_faces_action.setToolTip(translate("GalleryPanel", "Repaint each face of the picture at the model's "
                                                                   "own size (as ADetailer); every other pixel is "
                                                                   "kept"))
        self.finish_action = QAction(translate("GalleryPanel", "Finish at full size"), self)
        self.finish_action.setToolTip(translate("GalleryPanel", "Draw this draft (or any picture) again at the full "
                                                                "size from itself: its composition is kept"))
        self.more_menu.addActions([self.finish_action, self.use_as_input_action, self.edit_action, self.extend_action,
                                   self.fix_faces_action, *self.upscale_actions.values()])
        self.more_menu.addSeparator()
        self.more_menu.addAction(self.trash_action)
        self.more_button = QToolButton(self)
        self.more_button.setText(translate("GalleryPanel", "More"))
        self.more_button.setAccessibleName(translate("GalleryPanel", "More actions for the chosen image"))
        self.more_button.setMenu(self.more_menu)
        self.more_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def _lay_out(self) -> None:
        # a strip under the picture, as tall as one row of whole thumbnails; its search and actions beside it
        self.view.setFixedHeight(self._strip_height())
        # (the window puts its output folder button in the side's row 4)
        self.side = QGridLayout()
        self.side.setContentsMargins(0, 0, 0, 0)
        self.side.setSpacing(2)
        search = QHBoxLayout()
        search.addWidget(self.search, 1)
        search.addWidget(self.favourites)
        self.side.addLayout(search, 0, 0, 1, 2)
        for i, button in enumerate((self.reuse_button, self.favourite_button, self.copy_image_button,
                                    self.more_button)):
            self.side.addWidget(button, 1 + i // 2, i % 2)
        self.side.addWidget(self.details, 3, 0, 1, 2)
        self.side.setRowStretch(5, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(self.side)

    def _strip_height(self) -> int:
        """One row of thumbnails with their caption line, and the sideways scroll bar."""
        caption = self.view.fontMetrics().height()
        spacing = 2 * self.view.spacing() + 8  # the item's own margins, as the icon mode's layout draws them
        scroll_bar = self.view.horizontalScrollBar().sizeHint().height()
        return STRIP_THUMBNAIL + caption + spacing + scroll_bar + 2 * self.view.frameWidth()

    def _connect(self) -> None:
        self.search.textChanged.connect(self._on_filter_changed)
        self.favourites.toggled.connect(self._on_filter_changed)
        self.view.selectionModel().selectionChanged.connect(self._on_selection_changed)
        # a click shows the picture large: a newcomer clicks a thumbnail once and waits
        self.view.clicked.connect(self._on_clicked)
        self.view.customContextMenuRequested.connect(self._on_context_menu_requested)
        # a refresh (a new image, a favourite, a search) keeps what the user had chosen, where it still shows
        # (the view forgets its selection silently on a reset, so it is kept here as it changes)
        self._chosen: list[Path] = []
        self.model.modelReset.connect(self._on_model_reset)
        self.copy_image_button.clicked.connect(self._on_copy_image_clicked)
        self.copy_parameters_action.triggered.connect(self._on_copy_parameters_triggered)
        self.reuse_button.clicked.connect(self._on_reuse_clicked)
        self.seed_action.triggered.connect(self._on_seed_triggered)
        self.favourite_button.clicked.connect(self._on_favourite_clicked)
        self.folder_action.triggered.connect(self._on_folder_triggered)
        self.trash_action.triggered.connect(self._on_trash_triggered)
        self.use_as_input_action.triggered.connect(self._on_use_as_input_triggered)
        self.edit_action.triggered.connect(self._on_edit_triggered)
        self.extend_action.triggered.connect(self._on_extend_triggered)
        self.fix_faces_action.triggered.connect(self._on_fix_faces_triggered)
        self.finish_action.triggered.connect(lambda: self._emit_for_chosen(self.finish_requested))
        for factor, action in self.upscale_actions.items():
            action.triggered.connect(lambda _=False, chosen=factor: self._on_upscale_triggered(chosen))

    def selected(self) -> list[GalleryEntry]:
        return [self.model.entries[i.row()] for i in self.view.selectionModel().selectedIndexes()]

    def show_new(self, path: Path) -> None:
        """A picture just made (drawn, upscaled, or kept after all): listed, and chosen in the strip, as it is the
        one the window shows; the old choice would act on another picture than the one in view."""
        self._chosen = [path]
        self.model.refresh()
        rows = [row for row, entry in enumerate(self.model.entries) if entry.path == path]
        if rows:
            index = self.model.index(rows[0])
            self.view.selectionModel().setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self.view.scrollTo(index)

    def _on_model_reset(self) -> None:
        rows = {entry.path: row for row, entry in enumerate(self.model.entries)}
        for path in self._chosen:
            if path in rows:
                self.view.selectionModel().select(self.model.index(rows[path]),
                                                  QItemSelectionModel.SelectionFlag.Select)

    def _on_filter_changed(self) -> None:
        self.model.search, self.model.favourites_only = self.search.text(), self.favourites.isChecked()
        self.model.refresh()

    def _on_selection_changed(self) -> None:
        chosen = self.selected()
        self._chosen = [entry.path for entry in chosen]
        # one picture's settings are its thumbnail's tooltip: in the narrow side they would push the picture up
        self.details.setText(translate("GalleryPanel", "Images selected: {count}").format(count=len(chosen))
                             if len(chosen) > 1 else "")

    def context_menu(self) -> QMenu:
        """Right-click on the strip: the buttons' actions first, then the "More" ones."""
        menu = QMenu(self)
        for button in (self.reuse_button, self.favourite_button, self.copy_image_button):
            menu.addAction(button.icon(), button.text(), button.click)
        menu.addSeparator()
        menu.addActions(self.more_menu.actions())
        return menu

    def _on_context_menu_requested(self, position: QPoint) -> None:
        if self.view.indexAt(position).isValid():
            self.context_menu().exec(self.view.viewport().mapToGlobal(position))

    def _on_clicked(self, index: QModelIndex) -> None:
        self.preview_requested.emit(self.model.entries[index.row()])

    def _on_copy_image_clicked(self) -> None:
        chosen = self.selected()
        if chosen:
            QApplication.clipboard().setImage(QImage(str(chosen[0].path)))

    def _on_copy_parameters_triggered(self) -> None:
        chosen = self.selected()
        if chosen:
            QApplication.clipboard().setText(chosen[0].parameters)

    def _on_reuse_clicked(self) -> None:
        chosen = self.selected()
        if chosen:
            self.reuse_requested.emit(chosen[0])

    def _on_seed_triggered(self) -> None:
        chosen = self.selected()
        if chosen and chosen[0].seed is not None:
            self.reuse_seed_requested.emit(chosen[0].seed)

    def _on_use_as_input_triggered(self) -> None:
        chosen = self.selected()
        if chosen:
            self.use_as_input_requested.emit(chosen[0])

    def set_editing_available(self, available: bool) -> None:
        """Only a model that edits from a reference picture (FLUX.2 klein) offers "Edit this picture"."""
        self.edit_action.setEnabled(available)
        # greyed out, it says why in its own words: a menu shows no tooltip on a disabled entry
        self.edit_action.setText(translate("GalleryPanel", "Edit this picture") if available else
                                 translate("GalleryPanel", "Edit this picture (needs a FLUX.2 klein model)"))
        self.edit_action.setToolTip(
            translate("GalleryPanel", "Make a new picture from this one, the prompt saying what to change")
            if available else translate("GalleryPanel", "Choose a FLUX.2 klein model to edit pictures"))

    def _on_edit_triggered(self) -> None:
        chosen = self.selected()
        if chosen:
            self.edit_requested.emit(chosen[0])

    def _on_extend_triggered(self) -> None:
        chosen = self.selected()
        if chosen:
            self.extend_requested.emit(chosen[0])

    def _on_fix_faces_triggered(self) -> None:
        chosen = self.selected()
        if chosen:
            self.fix_faces_requested.emit(chosen[0])

    def _emit_for_chosen(self, signal: SignalInstance) -> None:
        chosen = self.selected()
        if chosen:
            signal.emit(chosen[0])

    def _on_upscale_triggered(self, factor: int) -> None:
        chosen = self.selected()
        if chosen:
            self.upscale_requested.emit(chosen[0], factor)

    def _on_favourite_clicked(self) -> None:
        for entry in self.selected():
            self.model.gallery.set_favourite(entry.path, not entry.favourite)
        self.model.refresh()

    def _on_folder_triggered(self) -> None:
        chosen = self.selected()
        if chosen:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(chosen[0].path.parent)))

    def _on_trash_triggered(self) -> None:
        kept = []
        for entry in self.selected():
            # to the system trash, never a plain delete: a mistaken click loses nothing
            moved = QFile.moveToTrash(str(entry.path))
            if (moved[0] if isinstance(moved, tuple) else moved) or not entry.path.exists():
                self.model.gallery.remove(entry.path)
            else:
                kept.append(entry.path.name)
        self.model.refresh()
        if kept:
            # Windows refuses to move a file another program holds open (an image viewer, an editor)
            self.details.setText(translate("GalleryPanel", "Could not move {files} to the trash: it may be open in "
                                           "another program. Close it there and try again; the image stays in the "
                                           "gallery.").format(files=", ".join(kept)))
