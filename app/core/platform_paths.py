"""Where the app writes, and how a path reaches sd.cpp, per platform: pure functions, the platform passed in.

Tests run the Windows branches on Linux by passing "win32"; the services pass `sys.platform`.
"""

from __future__ import annotations

import ntpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath

APP_DIR_NAME = "Polaris Studio"
# with APP_DIR_NAME, what Qt names the app's own folders and its settings file after
ORGANIZATION_NAME = "Polaris"
# `--basedir DIR` sets this, so that child processes of ours (and a portable install) agree on it
BASEDIR_VARIABLE = "POLARIS_STUDIO_BASEDIR"
# beside PolarisStudio.exe in the portable zip: this copy keeps all its data in its own folder
PORTABLE_MARKER = "portable.txt"
# Windows' MAX_PATH counts the terminating NUL: 259 characters is the longest path the ANSI calls take
WINDOWS_MAX_PATH = 260


@dataclass(frozen=True)
class UserDirs:
    """Every folder the app writes to. All are per-user: the install folder may be read-only."""

    data: Path  # the gallery index and the models
    cache: Path  # model hashes, thumbnails: safe to delete
    images: Path  # finished images, where the user looks for them

    @property
    def models(self) -> Path:
        return self.data / "models"

    @property
    def loras(self) -> Path:
        return self.models / "loras"

    @property
    def upscalers(self) -> Path:
        return self.models / "upscalers"

    @property
    def prompt_models(self) -> Path:
        """The prompt helper's text models the user added ("Add files I already have"), as FOLDER_SLOTS names it."""
        return self.models / "prompt-helper"

    @property
    def controlnets(self) -> Path:
        return self.models / "controlnet"

    @property
    def gallery_index(self) -> Path:
        return self.data / "gallery.sqlite3"

    @property
    def job_queue(self) -> Path:
        return self.data / "queue.json"

    @property
    def last_draft(self) -> Path:
        """The job being edited when the window last closed (app/services/kept_draft.py): the prompt and the
        settings the user set, there again at the next start."""
        return self.data / "last_draft.json"

    @property
    def window_lock(self) -> Path:
        """Held by the window that owns this data folder and its queue file (app/core/one_window.py): a second
        start of the window hands over to it, and `serve` does not open beside it."""
        return self.data / "window.lock"

    @property
    def styles(self) -> Path:
        """The user's styles (app/core/generation/styles.py), which the window's "Edit styles…" changes."""
        return self.data / "styles.json"

    @property
    def wildcards(self) -> Path:
        """Where `__name__` in a prompt finds name.txt."""
        return self.data / "wildcards"

    @property
    def secrets(self) -> Path:
        """Other computers' tokens and the network key, only where the computer has no keyring to keep them
        (app/services/secret_store.py): readable by the user alone."""
        return self.data / "secrets.json"

    @property
    def logs(self) -> Path:
        """The app's log (app/services/app_log.py): what the window and its server for other apps said, and any
        error no code caught; what a bug report attaches."""
        return self.data / "logs"

    @property
    def staging(self) -> Path:
        """Where sd.cpp writes a picture before it is checked and moved to the user's folder."""
        return self.data / "staging"

    @property
    def unsaved(self) -> Path:
        """Finished pictures the user's folder refused (read-only, full, gone): kept here, never lost."""
        return self.data / "Unsaved pictures"

    @property
    def bad_pictures(self) -> Path:
        """Pictures the check refused (black, flat, one tile): kept here, out of the gallery, never deleted."""
        return self.data / "Bad pictures"

    @property
    def model_hashes(self) -> Path:
        return self.cache / "model_hashes.json"

    @property
    def thumbnails(self) -> Path:
        return self.cache / "thumbnails"

    @property
    def shaders(self) -> Path:
        """Where Mesa's Vulkan drivers keep the shaders they compiled for our programs (command.py's
        backend_environment): on lavapipe a first picture spends minutes compiling them, later ones seconds."""
        return self.cache / "shaders"

    @classmethod
    def under(cls, base: Path) -> UserDirs:
        """All of them inside one folder: `--basedir`, portable use and the self-test."""
        return cls(base / "data", base / "cache", base / "images")


def user_dirs(platform: str, env: Mapping[str, str], home: Path, pictures: Path | None) -> UserDirs:
    """The per-user folders; `pictures` is the OS's own Pictures folder when it knows one (it may be redirected,
    to OneDrive say, which only the OS can tell)."""
    base = env.get(BASEDIR_VARIABLE)
    if base:
        return UserDirs.under(Path(base))
    images = (pictures or home / "Pictures") / APP_DIR_NAME
    if platform == "win32":
        # %LOCALAPPDATA%, not the roaming %APPDATA%: models are gigabytes and must not travel with a profile
        local = Path(env.get("LOCALAPPDATA") or home / "AppData" / "Local") / APP_DIR_NAME
        return UserDirs(local, local / "cache", images)
    if platform == "darwin":
        return UserDirs(home / "Library" / "Application Support" / APP_DIR_NAME,
                        home / "Library" / "Caches" / APP_DIR_NAME, images)
    data = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share") / APP_DIR_NAME
    cache = Path(env.get("XDG_CACHE_HOME") or home / ".cache") / APP_DIR_NAME
    return UserDirs(data, cache, images)

def inside(path: Path, folder: Path) -> bool:
    """Whether `path` is `folder` or below it (both absolute; compared without touching the disk)."""
    return path == folder or folder in path.parents


def install_dir_problem(folder: Path, install_dir: Path | None) -> str | None:
    """Why the app must not write into `folder`: the install folder is read-only for users (Program Files),
    and the uninstaller removes it with everything in it."""
    if install_dir is not None and inside(folder, install_dir):
        return (f"{folder} is inside the program folder {install_dir}, which may be read-only and is removed "
                "on uninstall; choose a folder of your own, such as Pictures")
    return None


def backend_path(path: PurePath, platform: str, short_name: Callable[[str], str | None]) -> str:
    """The text that names `path` on sd.cpp's command line.

    On Windows sd.cpp reads its arguments as UTF-8 but opens model files with the ANSI calls (CreateFileA,
    GetFileAttributesA in sd.cpp's util.cpp), which fail on characters outside the code page (`C:\\Users\\José`
    on a Greek system, any CJK name) and on paths of MAX_PATH characters or more. The 8.3 short name avoids
    both where the volume keeps short names; otherwise a long path gets the `\\\\?\\` prefix.
    """
    text = str(path)
    if platform != "win32" or (text.isascii() and len(text) < WINDOWS_MAX_PATH):
        return text
    # GetShortPathNameW itself reads a long path only with the prefix, and answers with it
    short = short_name(text if len(text) < WINDOWS_MAX_PATH else extended_length(text))
    if short and short.startswith("\\\\?\\UNC\\"):
        short = "\\\\" + short[len("\\\\?\\UNC\\"):]
    elif short and short.startswith("\\\\?\\"):
        short = short[len("\\\\?\\"):]
    if short and short.isascii() and len(short) < WINDOWS_MAX_PATH:
        return short
    if len(text) >= WINDOWS_MAX_PATH:
        return extended_length(text)
    return text


def extended_length(text: str) -> str:
    """`C:\\very\\long` -> `\\\\?\\C:\\very\\long`, `\\\\server\\share\\x` -> `\\\\?\\UNC\\server\\share\\x`."""
    if text.startswith("\\\\?\\"):
        return text
    # the prefix turns off Windows' own normalisation: '/' and '..' must be gone before it is added
    normal = ntpath.normpath(text)
    if normal.startswith("\\\\"):
        return "\\\\?\\UNC\\" + normal[2:]
    return "\\\\?\\" + normal
