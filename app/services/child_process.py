"""Starting children that never outlive the app, on Linux and on Windows."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment

from app.core.generation.command import backend_environment, shader_cache
from app.core.platform_paths import backend_path
from app.core.system.vulkaninfo import VulkanDevice
from app.core.words import translate
from app.services.user_dirs import current_user_dirs

CREATE_NO_WINDOW = 0x08000000


def contained_process(parent: QObject) -> QProcess:
    """A QProcess whose children run without a console window and join the kill-on-close Job object on
    Windows (setpriv covers Linux)."""
    process = QProcess(parent)
    if sys.platform == "win32":
        # Qt passes CREATE_NO_WINDOW itself when our process has no console (the windowed bundle), and a child
        # of a process with a console (`python -m app` in a terminal) writes into that console: no window either
        # way (tests/services/test_windows_children.py). PySide6 6.11 does not bind the modifier below; it makes
        # the flag explicit where a build does
        if hasattr(process, "setCreateProcessArgumentsModifier"):
            process.setCreateProcessArgumentsModifier(_without_console)
        process.started.connect(lambda: join_kill_on_close_job(process.processId()))
    return process


def creation_flags(platform: str, flags: int) -> int:
    """CreateProcess flags for a child. sd.cpp and vulkaninfo are console programs: started from our
    windowed app (which has no console to share) each would open a console window of its own."""
    return flags | CREATE_NO_WINDOW if platform == "win32" else flags


def _without_console(arguments: QProcess.CreateProcessArguments) -> None:  # type: ignore[name-defined]
    arguments.flags = creation_flags(sys.platform, arguments.flags)


def without_bundle_libraries(env: Mapping[str, str]) -> dict[str, str]:
    """The environment for children of a PyInstaller bundle on Linux: its bootloader points LD_LIBRARY_PATH
    at the bundle's own libraries (keeping the user's value in LD_LIBRARY_PATH_ORIG); vulkaninfo, sd.cpp
    and the Vulkan driver they load must get the system's."""
    child = dict(env)
    original = child.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is None:
        child.pop("LD_LIBRARY_PATH", None)
    else:
        child["LD_LIBRARY_PATH"] = original
    return child


def program_environment(device: VulkanDevice | None) -> dict[str, str]:
    """The environment sd.cpp and llama-server start with on `device` (None: on the processor): this process's,
    with the card's variables and the user's folder for compiled shaders (command.py's backend_environment), made
    here: Mesa makes only the last folder of the path, and keeps nothing where it cannot (a new user's first
    picture compiled everything, and the second again, issue 52's bench)."""
    env = backend_environment(os.environ, device, shaders=current_user_dirs().shaders)
    if (folder := shader_cache(env)) is not None:
        with contextlib.suppress(OSError):  # then Mesa keeps nothing: each picture compiles, and is priced so
            folder.mkdir(parents=True, exist_ok=True)
    return env


def path_for_backend(path: Path) -> str:
    """How `path` is written on a backend's command line on this platform (see `backend_path`)."""
    return backend_path(path, sys.platform, _windows_short_name)


def _windows_short_name(text: str) -> str | None:
    """The 8.3 name of an existing file or folder (GetShortPathNameW), None when the volume keeps none."""
    if sys.platform != "win32":  # so that it is type-checked as Windows code
        raise OSError("Windows only")
    import ctypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    size = kernel32.GetShortPathNameW(text, None, 0)
    if size == 0:
        return None
    buffer = ctypes.create_unicode_buffer(size)
    return buffer.value if kernel32.GetShortPathNameW(text, buffer, size) else None


def start_contained(process: QProcess, argv: list[str], env: dict[str, str] | None = None) -> None:
    """Start argv (a list, never a shell string) so that it dies with this process."""
    if env is not None:
        environment = QProcessEnvironment()
        for key, value in env.items():
            environment.insert(key, value)
        process.setProcessEnvironment(environment)
    program, arguments = contained(argv)
    process.start(program, arguments)


def contained(argv: list[str]) -> tuple[str, list[str]]:
    """Program and arguments that make the kernel kill the child when this process dies (Linux)."""
    setpriv = shutil.which("setpriv") if sys.platform.startswith("linux") else None
    if setpriv is None:
        return argv[0], argv[1:]
    # setpriv sets PR_SET_PDEATHSIG and exec()s the backend in place: same pid, no shell
    return setpriv, ["--pdeathsig", "KILL", "--", *argv]


def is_program(magic: bytes, platform: str) -> bool:
    """Whether a file starting with `magic` is a program this platform starts by itself. execvp (inside
    setpriv) would hand any other file to /bin/sh; we never run anything through a shell. Windows starts only
    PE files (`MZ`): a `#!` script there fails with a puzzling "not a valid Win32 application"."""
    if platform == "win32":
        return magic.startswith(b"MZ")
    return magic.startswith((b"\x7fELF", b"#!", b"MZ"))


def unrunnable_reason(binary: Path, what: str = "sd.cpp backend", platform: str = sys.platform) -> str | None:
    """Why `binary` cannot be started, in the user's words; None when it can."""
    if not binary.exists():
        return translate("Programs", "{program} not found: {path}").format(program=what, path=binary)
    if not binary.is_file() or not os.access(binary, os.X_OK):
        return translate("Programs", "{program} is not an executable file: {path}").format(program=what, path=binary)
    with binary.open("rb") as f:
        magic = f.read(4)
    if not is_program(magic, platform):
        return translate("Programs", "{program} is not a program: {path}").format(program=what, path=binary)
    return None


_job_handle: int | None = None


def join_kill_on_close_job(pid: int) -> None:
    """Put the child in a Job object that Windows closes, killing the child, when our process ends."""
    if sys.platform != "win32":  # so that it is type-checked as Windows code
        raise OSError("Windows only")
    import ctypes
    from ctypes import wintypes

    global _job_handle
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    if _job_handle is None:

        class _Limits(ctypes.Structure):
            _fields_ = [  # JOBOBJECT_EXTENDED_LIMIT_INFORMATION
                ("PerProcessUserTimeLimit", ctypes.c_int64), ("PerJobUserTimeLimit", ctypes.c_int64),
                ("LimitFlags", wintypes.DWORD), ("MinimumWorkingSetSize", ctypes.c_size_t),
                ("MaximumWorkingSetSize", ctypes.c_size_t), ("ActiveProcessLimit", wintypes.DWORD),
                ("Affinity", ctypes.c_size_t), ("PriorityClass", wintypes.DWORD),
                ("SchedulingClass", wintypes.DWORD), ("IoCounters", ctypes.c_uint64 * 6),
                ("ProcessMemoryLimit", ctypes.c_size_t), ("JobMemoryLimit", ctypes.c_size_t),
                ("PeakProcessMemoryUsed", ctypes.c_size_t), ("PeakJobMemoryUsed", ctypes.c_size_t),
            ]

        job = kernel32.CreateJobObjectW(None, None)
        limits = _Limits(LimitFlags=0x2000)  # JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
        kernel32.SetInformationJobObject(job, 9, ctypes.byref(limits), ctypes.sizeof(limits))
        _job_handle = job
    process = kernel32.OpenProcess(0x0101, False, pid)  # PROCESS_SET_QUOTA | PROCESS_TERMINATE
    if process:
        kernel32.AssignProcessToJobObject(_job_handle, process)
        kernel32.CloseHandle(process)
