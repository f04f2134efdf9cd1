"""Windows programs on Linux through Debian's 64-bit Wine: a prefix, a virtual display, pipes.

The Windows build (PyInstaller under Windows CPython) and the Windows tests (the suite under Windows CPython,
the MSI installed and self-tested) both run Windows programs through this one helper.

What it knows, measured with Debian 12's wine64 8.0:
- Windows CPython cannot write its stdout to a redirected file ("init_sys_streams: Invalid handle"); a pipe
  works, so every run here has stdin from /dev/null and stdout/stderr on pipes.
- A crash would start winedbg, which waits for ever: it is switched off. Mono and Gecko are never offered
  (their installers would wait for a click in a fresh prefix).
- Vulkan through Wine's winevulkan needs an X display (without one vkCreateInstance fails): Xvfb gives one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

# Debian installs the 64-bit loader outside PATH; elsewhere `wine64` or `wine` is on PATH
WINE_PLACES = (Path("/usr/lib/wine/wine64"),)
QUIET_WINE = {
    "WINEDEBUG": "-all",
    # no crash debugger (it would wait for ever), no Mono/Gecko installers, no menu entries on the Linux desktop
    "WINEDLLOVERRIDES": "winedbg.exe=d;mscoree=d;mshtml=d;winemenubuilder.exe=d",
}
BOOT_TIMEOUT_S = 300


class WineMissing(Exception):
    """No 64-bit Wine here; the message names the package."""


def find_wine() -> Path:
    for place in WINE_PLACES:
        if place.is_file():
            return place
    for name in ("wine64", "wine"):
        found = shutil.which(name)
        if found:
            return Path(found)
    raise WineMissing("64-bit Wine is not installed: run ./scripts/setup.sh --tests (or sudo apt-get install wine64)")


def _wineserver(wine: Path) -> Path:
    beside = wine.parent / "wineserver"
    return beside if beside.is_file() else Path(shutil.which("wineserver") or "wineserver")


@contextmanager
def virtual_display() -> Iterator[str]:
    """An Xvfb display for the time of the block (its name, e.g. ':7'); Xvfb picks a free number itself."""
    if shutil.which("Xvfb") is None:
        raise WineMissing("Xvfb is not installed: run ./scripts/setup.sh --tests (or sudo apt-get install xvfb)")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1920x1080x24", "-nolisten",
                               "tcp"], pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()
        if not number:
            raise WineMissing(f"Xvfb did not start (exit status {server.poll()})")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


@dataclass(frozen=True)
class WinePrefix:
    """One Wine prefix (a Windows installation in a folder) shown on `display`."""

    path: Path
    display: str
    wine: Path

    @classmethod
    def open(cls, path: Path, display: str) -> WinePrefix:
        """The prefix at `path`, made first when it is not there (wineboot: ~30 s the first time)."""
        prefix = cls(path.absolute(), display, find_wine())
        if not (prefix.path / "system.reg").is_file():
            prefix.path.mkdir(parents=True, exist_ok=True)
            subprocess.run([str(prefix.wine), "wineboot", "--init"], env=prefix.env(), stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=BOOT_TIMEOUT_S,
                           check=True)
            prefix.wait()
        keep_user_folders_inside(prefix.path)  # a prefix booted before this, or updated by a newer Wine, too
        return prefix

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        # the Linux Python's own settings (its paths; keyring's backend, which the tests set to none) are not
        # Windows Python's: there keyring finds the prefix's Credential Manager, as on a user's Windows
        env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "PYTHONHOME", "PYTHON_KEYRING_BACKEND")}
        env.update(QUIET_WINE)
        env.update({"WINEPREFIX": str(self.path), "DISPLAY": self.display})
        env.update(extra or {})
        return env

    def command(self, argv: list[str]) -> list[str]:
        """The Linux argv that runs a Windows program (a .exe path on Linux or a Windows name) in this prefix."""
        return [str(self.wine), *argv]

    def run(self, argv: list[str], *, cwd: Path | None = None, env: Mapping[str, str] | None = None,
            timeout: float | None = None) -> subprocess.CompletedProcess[str]:
        """Run a Windows program to its end: stdin from /dev/null, stdout and stderr captured through pipes."""
        return subprocess.run(self.command(argv), cwd=cwd, env=self.env(env), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, encoding="utf-8", errors="replace",
                              timeout=timeout, check=False)

    def popen(self, argv: list[str], *, cwd: Path | None = None,
              env: Mapping[str, str] | None = None) -> subprocess.Popen[str]:
        """Start a Windows program whose output is read as it comes (one pipe for both streams)."""
        return subprocess.Popen(self.command(argv), cwd=cwd, env=self.env(env), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                                errors="replace")

    def wait(self) -> None:
        """Until every program of this prefix has ended (msiexec leaves its work to a service that outlives it)."""
        subprocess.run([str(_wineserver(self.wine)), "--wait"], env=self.env(), check=False, timeout=BOOT_TIMEOUT_S)

    def stop(self) -> None:
        """End every program of this prefix now."""
        subprocess.run([str(_wineserver(self.wine)), "--kill"], env=self.env(), check=False, timeout=60)

    @property
    def drive_c(self) -> Path:
        return self.path / "drive_c"

    @property
    def user_folder(self) -> Path:
        """C:\\users\\<name>: Wine names the one Windows user after the Linux one, beside Public."""
        return next(p for p in sorted((self.drive_c / "users").iterdir()) if p.is_dir() and p.name != "Public")

    @property
    def system32(self) -> Path:
        return self.drive_c / "windows" / "system32"


def keep_user_folders_inside(prefix: Path) -> list[Path]:
    """Make the Windows user's Desktop, Documents, Downloads, Music, Pictures and Videos folders of the prefix's
    own. wineboot links them to the Linux user's (Pictures to ~/Pictures, those without a Linux folder to the home
    itself), so a Windows program saving to its Pictures, the installed app's pictures or a test's file, wrote into
    the real ~/Pictures/Polaris Studio (issue 53). Returns the folders that were links."""
    users = prefix / "drive_c" / "users"
    unlinked = []
    for user in sorted(users.iterdir()) if users.is_dir() else ():
        for entry in sorted(user.iterdir()) if user.is_dir() and not user.is_symlink() else ():
            if entry.is_symlink():
                entry.unlink()  # the link alone: what it points to is the user's own
                entry.mkdir()
                unlinked.append(entry)
    return unlinked


def windows_path(path: Path) -> str:
    """How a Linux path reads to a program in any prefix: Wine maps Z: to /."""
    return str(PureWindowsPath("Z:\\", *path.absolute().parts[1:]))


def cache_root(environment: Mapping[str, str] | None = None) -> Path:
    environment = os.environ if environment is None else environment
    base = environment.get("XDG_CACHE_HOME") or str(Path(environment.get("HOME") or Path.home()) / ".cache")
    return Path(base) / "polaris-studio" / "windows"


@contextmanager
def fresh_prefix(display: str, parent: Path | None = None) -> Iterator[WinePrefix]:
    """A new prefix for one test or one build, copied from a booted template kept in the cache (a copy takes
    a second, booting takes ~30 s), removed afterwards."""
    template = WinePrefix.open(cache_root() / "prefix-template", display)
    template.wait()
    with tempfile.TemporaryDirectory(prefix="polaris-wine-", dir=parent) as scratch:
        path = Path(scratch) / "prefix"
        shutil.copytree(template.path, path, symlinks=True)
        prefix = WinePrefix(path, display, template.wine)
        try:
            yield prefix
        finally:
            prefix.stop()
