"""Every text a person can read in a window: labels, buttons, fields' placeholders, list and menu items, tooltips
and titles, each under the path of the widget that shows it. The plain-words and translation tests read them.
The backend's log under Details is left out on purpose: it keeps sd.cpp's own lines for bug reports."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QProgressBar,
    QTableWidget,
    QTextEdit,
    QWidget,
)

from app.core.generation.samplers import SAMPLERS, SCHEDULERS
from app.core.prompt_helper.model import PROMPT_MODEL_NAME

# what only a developer says: a command-line flag, an errno, an error kind's code, a log level, a Python type
# (a file's name may hold underscores: a word joined by one is a code only when no file suffix follows it)
DEVELOPER_WORDS = re.compile(r"(?<![\w-])--[a-z]|Errno|\b[a-z]+_[a-z_]+\b(?![.\w-])|\b(?:WARN|WARNING|INFO|DEBUG|"
                             r"ERROR|FAIL|PASS)\b|Traceback|Exception\b|\bNone\b|vulkan loader")
# the tour's own data, as a user's would be: their prompts and the names of their files; and proper names
USER_DATA = ("a lighthouse on a cliff at dawn, oil painting", "a lighthouse at dusk, take", "to start from.png",
             "picture 0", "picture 1", "picture 2", "polaris-1.png", "polaris-2.png", "polaris-3.png",
             "Z-Image", "tiny-flux.gguf", PROMPT_MODEL_NAME, "Qwen3-4B", "qwen3_prompt_tiny.gguf", "a fox in the snow",
             *(choice.name for choice in (*SAMPLERS, *SCHEDULERS)))

PATH = re.compile(r"\S*[/\\]\S*")  # a path is the user's: its folders' names are no words of ours
# words of ours that give an English sentence away when a translated window still shows it
ENGLISH_WORDS = frozenset((
    "a", "an", "the", "of", "to", "and", "or", "in", "on", "at", "for", "with", "from", "by", "is", "are", "be",
    "was", "no", "not", "yes", "your", "you", "this", "that", "it", "its", "than", "model", "models", "picture",
    "pictures", "image", "images", "file", "files", "folder", "queue", "job", "jobs", "waiting", "running", "done",
    "failed", "cancel", "cancelled", "choose", "start", "starts", "open", "save", "saved", "settings", "check",
    "system", "card", "graphics", "memory", "video", "computer", "driver", "steps", "shape", "square", "portrait",
    "landscape", "custom", "generate", "drawing", "draw", "drawn", "ready", "random", "default", "strength", "mask",
    "paint", "brush", "eraser", "clear", "invert", "undo", "remove", "search", "favourites", "favourite", "copy",
    "more", "reuse", "upscale", "upscaling", "advanced", "details", "language", "download", "downloads", "disk",
    "space", "size", "time", "about", "minutes", "seconds", "will", "work", "works", "processor", "plan", "loading",
    "reading", "negative", "none", "help", "close", "retry", "run", "clear", "finished", "up", "down", "all", "only",
))


def english_left(english: dict[str, list[str]], translated: dict[str, list[str]],
                 user_data: tuple[str, ...]) -> dict[str, list[str]]:
    """Texts a translated window shows exactly as the English one does at the same place, with an English word
    of ours in them once the user's own data (prompts, file names) and proper names are taken out."""
    found: dict[str, list[str]] = {}
    for path, shown in translated.items():
        for text in shown:
            if text not in english.get(path, []):
                continue
            rest = re.sub(PATH, " ", text)
            for data in sorted(user_data, key=len, reverse=True):  # 'Euler a' before 'Euler'
                rest = rest.replace(data, " ")
            words = {word.lower() for word in re.findall(r"[A-Za-z]+", rest)}
            if words & ENGLISH_WORDS:
                found.setdefault(path, []).append(text)
    return found


def _path(widget: QWidget) -> str:
    parts = []
    while widget is not None:
        parts.append(widget.objectName() or type(widget).__name__)
        widget = widget.parentWidget()
    return "/".join(reversed(parts))


def _own_texts(widget: QWidget) -> list[str]:
    texts = [widget.toolTip(), widget.accessibleName(), widget.windowTitle() if widget.isWindow() else ""]
    match widget:
        case QLabel() | QAbstractButton():
            texts.append(widget.text())
        case QLineEdit():
            texts += [widget.text(), widget.placeholderText()]
        case QPlainTextEdit():
            texts.append(widget.placeholderText())  # what one types there is the user's own
        case QTextEdit():
            texts.append(widget.toPlainText())
        case QComboBox():
            texts += [widget.itemText(i) for i in range(widget.count())]
        case QListWidget():
            texts += [widget.item(i).text() for i in range(widget.count())]
        case QTableWidget():
            texts += [item.text() for row in range(widget.rowCount()) for column in range(widget.columnCount())
                      if (item := widget.item(row, column)) is not None]
            texts += [widget.horizontalHeaderItem(c).text() for c in range(widget.columnCount())
                      if widget.horizontalHeaderItem(c) is not None]
        case QGroupBox():
            texts.append(widget.title())
        case QProgressBar():
            texts.append(widget.text())
        case QMenu():
            texts += [action.text() for action in widget.actions()]
    return [text.replace("&&", "\0").replace("&", "").replace("\0", "&") for text in texts if text.strip()]


def visible_texts(window: QWidget, leave_out: tuple[QWidget, ...] = ()) -> dict[str, list[str]]:
    """Each shown widget's texts (and its menus', shown or not), by the widget's path in the window."""
    found: dict[str, list[str]] = {}
    for widget in [window, *window.findChildren(QWidget)]:
        menu_of_a_shown_button = isinstance(widget, QMenu) and any(
            button.isVisibleTo(window) for button in widget.parent().findChildren(QAbstractButton)
            if getattr(button, "menu", lambda: None)() is widget) if widget.parent() else False
        if widget is not window and not widget.isVisibleTo(window) and not menu_of_a_shown_button:
            continue
        if any(left is widget or left.isAncestorOf(widget) for left in leave_out):
            continue
        texts = _own_texts(widget)
        if texts:
            found.setdefault(_path(widget), []).extend(texts)
    return found


def developer_words(texts: dict[str, list[str]]) -> dict[str, list[str]]:
    """The texts that say something only a developer would, with what gives them away."""
    found: dict[str, list[str]] = {}
    for path, shown in texts.items():
        for text in shown:
            if (match := DEVELOPER_WORDS.search(re.sub(PATH, " ", text))) is not None:
                found.setdefault(path, []).append(f"{match.group(0)!r} in {text!r}")
    return found
