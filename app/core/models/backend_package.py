"""Installing the Windows backend from upstream's release zip, and reading our Linux build's progress."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path, PurePosixPath

from app.core.file_words import file_problem
from app.core.resources import backend_names
from app.core.words import translate

# what `python -m backend_bin.build` builds, in order (backend_bin/build.py's TARGETS; a test keeps them equal:
# the app does not import the build script, which a bundle does not carry)
BUILD_TARGETS = ("sd-cli", "sd-server", "llama-server")
MAX_UNPACKED_BYTES = 2 * 2**30  # a release holds ~100 MB; more is not a backend zip
_BUILD_PERCENT = re.compile(r"^\[\s*(\d{1,3})%\]")
_NINJA_STEP = re.compile(r"^\[(\d+)/(\d+)\]")


class BackendPackageError(Exception):
    """The zip is not an sd.cpp release we can install; the message says why."""


def unpack_backend(archive: Path, destination: Path) -> Path:
    """Unpack a release zip (sd-cli.exe and its DLLs, flat) into `destination`, replacing what was there.

    Entries that would land outside the folder, links and oversized archives are refused. The new files are
    unpacked beside the old ones first, so a failure leaves the backend that worked. Returns the program path.
    """
    try:
        with zipfile.ZipFile(archive) as bundle:
            members = [m for m in bundle.infolist() if not m.is_dir()]
            names = {PurePosixPath(m.filename).name.lower(): m for m in members}
            program = next((names[p] for p in backend_names("win32") if p in names), None)
            if program is None:
                raise BackendPackageError(translate("Backend", "{file} holds no sd-cli.exe: it is not an sd.cpp "
                                                                       "release").format(file=archive.name))
            if sum(m.file_size for m in members) > MAX_UNPACKED_BYTES:
                raise BackendPackageError(translate("Backend", "{file} unpacks to more than 2 GiB: refused").format(
                    file=archive.name))
            staging = destination.with_name(destination.name + ".new")
            shutil.rmtree(staging, ignore_errors=True)
            staging.mkdir(parents=True)
            for member in members:
                relative = PurePosixPath(member.filename.replace("\\", "/"))
                if relative.is_absolute() or ".." in relative.parts or ":" in member.filename:
                    raise BackendPackageError(translate("Backend", "{file} has an entry outside its folder: "
                                                                   "{entry}").format(file=archive.name,
                                                                                     entry=member.filename))
                if (member.external_attr >> 16) & 0o170000 == 0o120000:
                    raise BackendPackageError(translate("Backend", "{file} holds a link ({entry}): refused").format(
                        file=archive.name, entry=member.filename))
                # the release is flat; a folder inside (some zips wrap one) is flattened beside the program
                with bundle.open(member) as source, (staging / relative.name).open("wb") as target:
                    shutil.copyfileobj(source, target)
            program_name = PurePosixPath(program.filename).name
    except zipfile.BadZipFile as error:
        raise BackendPackageError(translate("Backend", "{file} cannot be unpacked: it is not a whole zip "
                                                       "file").format(file=archive.name)) from error
    except OSError as error:
        raise BackendPackageError(translate("Backend", "{file} cannot be unpacked: {why}").format(
            file=archive.name, why=file_problem(error, destination))) from error
    _remove_old_backends(destination)
    if destination.exists():
        destination.rename(_free_name(destination.with_name(destination.name + ".old")))
    staging.rename(destination)
    _remove_old_backends(destination)
    return destination / program_name


def _remove_old_backends(destination: Path) -> None:
    """Best effort: Windows keeps a file that is open (a DLL of an sd-cli.exe still running, a virus scanner)
    and the folder around it; the next install tries again."""
    for old in destination.parent.glob(destination.name + ".old*"):
        shutil.rmtree(old, ignore_errors=True)


def _free_name(path: Path) -> Path:
    """`path`, or `path-2`, `path-3`...: renaming onto a folder that is still there fails on every platform."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}-{number}")
    return candidate


class BuildProgress:
    """How far our backend build is, never going backwards: from Ninja's `[412/606] Building ...` lines (setup.sh's
    and the app's build, where Ninja is installed) or make's `[ 45%] Building ...` ones.

    Ninja counts every step of all three targets at once. `cmake --build --target sd-cli sd-server llama-server`
    through make builds the targets one after the other, each counting from 0 % again (the later ones mostly find
    their work done): each target gets an equal share of the bar. ggml builds its shader generator as a nested CMake
    project whose own counts appear early on: lines between its build and install steps are not the build's
    progress.
    """

    def __init__(self, targets: tuple[str, ...]) -> None:
        self.percent = 0
        self._targets = targets
        self._done = 0  # targets finished
        self._in_target = 0  # this target's own percentage
        self._nested = False

    def feed(self, line: str) -> int | None:
        """The new overall percentage when this line moves the build on, else None."""
        if "Performing build step for" in line:
            self._nested = True
        elif "Performing install step for" in line:
            self._nested = False
        step = _NINJA_STEP.match(line.strip())
        if step is not None and not self._nested and int(step.group(2)) > 0:
            return self._move_to(100 * int(step.group(1)) // int(step.group(2)))
        match = _BUILD_PERCENT.match(line.strip())
        if self._nested or match is None or self._done == len(self._targets):
            return None
        if any(line.rstrip().endswith(f"Built target {target}") for target in self._targets):
            self._done, self._in_target = self._done + 1, 0
        else:
            self._in_target = max(self._in_target, min(int(match.group(1)), 100))
        return self._move_to((100 * self._done + self._in_target) // len(self._targets))

    def _move_to(self, overall: int) -> int | None:
        if overall <= self.percent:
            return None
        self.percent = min(overall, 100)
        return self.percent
