"""Where builds are cached and where the app finds them: backend_bin/bin/ and its build-info.json."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from backend_bin.tools import Requirement, require_packages, run_step, say

BIN_DIR = Path(__file__).resolve().parent / "bin"
BUILD_INFO = "build-info.json"
# one section per build (a build may make several files); each records its sources, options and cache
SECTIONS = ("linux", "windows", "vulkaninfo")
# sections an earlier version wrote, whose files the next build removes: the prompt helper's server on a ggml of its
# own, in backend_bin/bin/llama/, before the three programs shared one (a bundle takes every library it finds)
RETIRED_SECTIONS = ("llama-linux", "llama-windows")


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "polaris-studio" / "backend"


def compiler_cache_settings(cache: Path) -> dict[str, str]:
    """ccache's settings for the builds in `cache`. ggml's CMake finds ccache by itself and puts it before every
    compiler of the build (sd.cpp's and llama.cpp's own files too): its store sits beside the builds, and paths are
    taken relative to the cache folder, so that builds under different keys (another set of CPU variants, a changed
    patch or flag) share every object that compiles the same. Without ccache installed nothing changes."""
    return {"CCACHE_DIR": str(cache / "ccache"), "CCACHE_BASEDIR": str(cache), "CCACHE_MAXSIZE": "6G",
            # what ggml's CMake asks of ccache at configure time, for the compiles too
            "CCACHE_SLOPPINESS": "time_macros"}


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# the code around ggml's kernels at -O1 (the file says why), in every build of sd.cpp and llama.cpp
HOST_CODE_CMAKE = Path(__file__).resolve().parent / "host_code.cmake"
# How cmake drives the compilers. make for the Windows builds (make keeps the shaders they take from the Linux build
# by their file times; Ninja, which keeps a log of what it ran, would compile them again) and for the app's own route
# where Ninja is not installed. Ninja where asked (setup.sh, the app's route): it compiles a library's files while
# the libraries it links against are still being built, where make waits for each, so both cores stay busy.
MAKE = "Unix Makefiles"
NINJA = "Ninja"


def configure(source: Path, build_dir: Path, options: list[str], ninja: bool = False) -> None:
    """cmake's configure step of a build: its options, and beside them the generator; HOST_CODE_CMAKE,
    included after the top-level project() (its path is this clone's, so the cache keys take the file's code instead,
    host_code_key(): a clone elsewhere shares the cache); and compile_commands.json in the build folder, each
    file's compiler command (the tests read the -O levels there). An interrupted build's folder is kept to go on
    from, unless another generator made it (cmake refuses to switch)."""
    generator = NINJA if ninja else MAKE
    cache = build_dir / "CMakeCache.txt"
    if cache.exists() and f"CMAKE_GENERATOR:INTERNAL={generator}\n" not in cache.read_text(encoding="utf-8"):
        shutil.rmtree(build_dir)
    run_step(["cmake", "-S", str(source), "-B", str(build_dir), *options, "-G", generator,
              f"-DCMAKE_PROJECT_INCLUDE={HOST_CODE_CMAKE}",
              "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"])


def cmake_code(text: str) -> str:
    """What CMake reads in a file of ours: its lines without `#` comments, indentation or blank lines. A cache key
    takes this, not the file's text, so that a reworded comment never rebuilds a program."""
    lines = (re.sub(r"(^|\s)#.*$", "", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def c_code(text: str) -> str:
    """What the compiler reads in a C header of ours: its lines without comments or blank lines (the key's part, as
    cmake_code())."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    lines = (re.sub(r"//.*$", "", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def host_code_key() -> str:
    """HOST_CODE_CMAKE's part of every cache key: its code, not its comments."""
    return cmake_code(HOST_CODE_CMAKE.read_text(encoding="utf-8"))


def options_digest(*parts: str) -> str:
    """A short, stable digest of what makes two builds differ: the cache folder's name carries it."""
    return hashlib.sha256(" ".join(parts).encode()).hexdigest()[:12]


@contextmanager
def cache_lock(work: Path) -> Iterator[None]:
    """One build per cache folder at a time: setup.sh and the app's Models window may both start one, and a
    second build waits here, then finds the first one's result."""
    work.parent.mkdir(parents=True, exist_ok=True)
    # "a": opening must not truncate a file another build holds locked (Windows locks byte ranges)
    with work.with_name(work.name + ".lock").open("a", encoding="utf-8") as lock:
        if not _try_lock(lock.fileno()):
            say(f"another build of {work.name} is running: waiting for it")
            while not _try_lock(lock.fileno()):
                time.sleep(0.2)
        try:
            yield
        finally:
            _unlock(lock.fileno())


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        # Windows has no flock: a lock on the file's first byte (beyond its end is allowed) does the same
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def read_build_info(bin_dir: Path = BIN_DIR, sections: tuple[str, ...] = SECTIONS) -> dict[str, Any]:
    """The sections recorded so far; anything else (an unreadable file, an older layout) is dropped."""
    try:
        info = json.loads((bin_dir / BUILD_INFO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(info, dict):
        return {}
    return {name: info[name] for name in sections if isinstance(info.get(name), dict)}


def remove_retired_files(bin_dir: Path) -> None:
    """The files of RETIRED_SECTIONS, and their folders once empty."""
    for section in read_build_info(bin_dir, RETIRED_SECTIONS).values():
        for name in section.get("files", {}):
            path = bin_dir / name
            path.unlink(missing_ok=True)
            if path.parent != bin_dir and path.parent.is_dir() and not any(path.parent.iterdir()):
                path.parent.rmdir()


def expose(section: str, files: dict[str, Path], record: dict[str, Any], bin_dir: Path = BIN_DIR) -> None:
    """Copy the cached files into bin_dir (only those that differ) and record them under `section`.

    The other sections stay as they are: the Linux and the Windows builds are run one after the other. The
    section's files of its earlier build that this one did not make are removed.
    """
    if section not in SECTIONS:
        raise ValueError(f"unknown build-info section {section!r}")
    bin_dir.mkdir(parents=True, exist_ok=True)
    remove_retired_files(bin_dir)
    recorded: dict[str, dict[str, Any]] = {}
    for name, source in files.items():
        digest = sha256_of(source)
        dest = bin_dir / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        if not dest.exists() or sha256_of(dest) != digest:
            # beside it first, then renamed: a program being started from bin_dir never sees half a file
            partial = dest.with_name(dest.name + ".partial")
            shutil.copy2(source, partial)
            partial.replace(dest)
        recorded[name] = {"sha256": digest, "bytes": source.stat().st_size}
    info = read_build_info(bin_dir)
    # what this section's earlier build put there and this one did not make (a library of another layout, a
    # program that moved to a folder of its own) goes: a bundle takes every library it finds beside the programs
    for name in info.get(section, {}).get("files", {}).keys() - recorded.keys():
        (bin_dir / name).unlink(missing_ok=True)
    info[section] = {**record, "files": recorded}
    (bin_dir / BUILD_INFO).write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


def read_stamp(stamp: Path, *programs: Path) -> dict[str, Any] | None:
    """The record of a finished build, when it and its programs are all in the cache."""
    if not stamp.exists() or not all(program.exists() for program in programs):
        return None
    try:
        return json.loads(stamp.read_text(encoding="utf-8"))
    except ValueError:
        return None


def cached_build(work: Path, programs: tuple[str, ...], requirements: tuple[Requirement, ...],
                 build: Callable[[Path, Path], dict[str, Any]],
                 served_by: Path | None = None) -> tuple[Path, dict[str, Any]]:
    """`work/bin/` (the programs and the libraries beside them) from the cache when a finished build left its
    record there (or in `served_by`, a build that has more: all CPU variants where fewer were asked); else
    `build(work, folder)` fills it and returns the record kept beside it. One build at a time per folder (the
    lock)."""
    if served_by is not None and served_by != work:
        record = read_stamp(served_by / "build-ok.json", *(served_by / "bin" / program for program in programs))
        if record is not None:
            say(f"cache is warm: {served_by} (it has more than was asked)")
            return served_by / "bin", record
    with cache_lock(work):
        stamp = work / "build-ok.json"
        folder = work / "bin"
        record = read_stamp(stamp, *(folder / program for program in programs))
        if record is not None:
            say(f"cache is warm: {work}")
            return folder, record
        require_packages(requirements)
        started = time.monotonic()
        shutil.rmtree(folder, ignore_errors=True)  # nothing of an interrupted build's copy is kept
        folder.mkdir(parents=True)
        record = build(work, folder)
        stamp.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        say(f"built {' and '.join(programs)} in {time.monotonic() - started:.0f}s")
        return folder, record


def copy_build_output(built: Path, folder: Path, programs: tuple[str, ...], libraries: str,
                      strip: str | None = None) -> list[str]:
    """Copy the programs and the shared libraries (`libraries`, a glob) that CMake wrote to `built` into the cache
    folder, through `strip` when given (the mingw build's files carry their symbols); return the libraries'
    names. A build of some targets writes only their libraries there."""
    names = [*programs, *sorted(path.name for path in built.glob(libraries) if path.is_file())]
    for name in names:
        if strip:
            run_step([strip, "-o", str(folder / name), str(built / name)])
        else:
            shutil.copy2(built / name, folder / name)
    return names[len(programs):]


def folder_files(folder: Path, into: str = "") -> dict[str, Path]:
    """What `expose` copies of a cache folder: each file, named as it will be below backend_bin/bin/."""
    return {f"{into}{path.name}": path for path in sorted(folder.iterdir()) if path.is_file()}


# where ggml's build writes the shaders it compiled (SPIR-V, embedded as C++ arrays) and their index header
SHADERS_SUBDIR = Path("ggml") / "src" / "ggml-vulkan"
SHADERS_HEADER = "ggml-vulkan-shaders.hpp"


def reuse_compiled_shaders(linux_build: Path, windows_build: Path) -> bool:
    """Give a Windows build the shaders the Linux build of the same ggml compiled: glslc ran on this machine for
    both, from the same sources, so the SPIR-V is the same, and compiling the shader variants is about 40% of a
    build's work. Copied after cmake wrote the build files, the copies are newer than everything their rules
    depend on, so make keeps them. Without a Linux build in the cache, the Windows build compiles its own."""
    source, target = linux_build / SHADERS_SUBDIR, windows_build / SHADERS_SUBDIR
    if not (source / SHADERS_HEADER).is_file() or not target.is_dir():
        return False
    for generated in [source / SHADERS_HEADER, *source.glob("*.comp.cpp")]:
        shutil.copy(generated, target / generated.name)  # a fresh modification time: make sees them as done
    shutil.copytree(source / "vulkan-shaders.spv", target / "vulkan-shaders.spv", dirs_exist_ok=True)
    say(f"the shaders compiled for Linux serve Windows too ({len(list(source.glob('*.comp.cpp')))} files)")
    return True
