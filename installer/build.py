"""Build Polaris Studio for users: the PyInstaller bundle, and for Windows the MSI installer and the portable zip.

    python installer/build.py [--dist DIR] [--work DIR] [--bundle-only]
    python installer/build.py --msi-only [--bundle DIR] [--dist DIR] [--version V]

The first builds DIST/PolarisStudio/ (one folder, PolarisStudio[.exe] + _internal/) for the platform that runs
it; on Windows (Windows Python, also under Wine) it then packages that bundle like the second, unless told
--bundle-only. The second runs no PyInstaller: it packages an existing Windows bundle (default
DIST/PolarisStudio) as DIST/PolarisStudio-<version>.msi (with wixl, Debian's msitools, natively on Linux) and
DIST/PolarisStudio-<version>-portable.zip; see installer/msi.py.

The backend must be in backend_bin/bin/ before the bundle is built: on Linux `python -m backend_bin.build`,
for Windows `python -m backend_bin.build --windows` (our sd-cli.exe and vulkaninfo.exe, cross-built).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # run as a script, the app is not importable otherwise

from app import __version__  # noqa: E402
from app.core.resources import backend_names, prompt_helper_name, server_name  # noqa: E402
from installer.msi import BUNDLE_NAME, BuildError, WixlMissing, build_msi, build_portable_zip  # noqa: E402

SPEC = REPO / "installer" / "polaris_studio.spec"
BACKEND_DIR = REPO / "backend_bin" / "bin"
# Windows promises no vulkaninfo.exe (only a driver or the Vulkan SDK brings one), and the system check needs one
WINDOWS_VULKANINFO = "vulkaninfo.exe"
BACKEND_BUILD = {"win32": "python -m backend_bin.build --windows"}


def backend_files(folder: Path, platform: str) -> list[Path]:
    """What the bundle carries of the backend: the sd.cpp executable (and sd-server when built), the prompt helper's
    llama-server, the ggml libraries all of them share (one CPU backend per processor generation), and on Windows
    our vulkaninfo.exe. A release build put there by hand brings its ggml and stable-diffusion DLLs, and they go in
    too. The bundle keeps each file's place below `folder`."""
    build = BACKEND_BUILD.get(platform, "python -m backend_bin.build")
    binary = next((folder / name for name in backend_names(platform) if (folder / name).is_file()), None)
    if binary is None:
        raise BuildError(f"no {' or '.join(backend_names(platform))} in {folder}: build the backend first ({build})")
    helper = folder / prompt_helper_name(platform)
    if not helper.is_file():
        raise BuildError(f"no {helper.relative_to(folder)} in {folder}: the bundle brings the prompt helper's "
                         f"program; build it with {build}")
    programs = [binary, *(path for path in [folder / server_name(platform)] if path.is_file()), helper]
    if platform == "win32":
        if not (folder / WINDOWS_VULKANINFO).is_file():
            raise BuildError(f"no {WINDOWS_VULKANINFO} in {folder}: the Windows bundle brings its own, as Windows "
                             f"has none unless the driver put one there; build it with {build}")
        programs.append(folder / WINDOWS_VULKANINFO)
    pattern = "*.dll" if platform == "win32" else "*.so*"
    libraries = [path for path in sorted(folder.glob(pattern)) if path.is_file()]
    return [*programs, *libraries]


def version_file_text(version: str) -> str:
    """The Windows version resource (Explorer's Details tab), in the text form PyInstaller's `version=` reads."""
    numbers = [int(part) for part in version.split(".")[:4] if part.isdigit()]
    fixed = tuple([*numbers, 0, 0, 0, 0][:4])
    strings = {
        "CompanyName": "Polaris Studio", "FileDescription": "Polaris Studio", "FileVersion": version,
        "InternalName": BUNDLE_NAME, "LegalCopyright": "MIT License", "OriginalFilename": f"{BUNDLE_NAME}.exe",
        "ProductName": "Polaris Studio", "ProductVersion": version,
    }
    entries = ",\n          ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={fixed}, prodvers={fixed}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
          {entries}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def build_bundle(dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; returns the bundle's executable."""
    backend_files(BACKEND_DIR, sys.platform)  # fail early and readably, before PyInstaller's minute of work
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    subprocess.run(command, check=True, cwd=REPO)
    executable = dist / BUNDLE_NAME / (BUNDLE_NAME + (".exe" if sys.platform == "win32" else ""))
    if not executable.is_file():
        raise BuildError(f"PyInstaller finished without {executable}")
    return executable


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def mib(size: int) -> str:
    return f"{size / 2**20:.0f} MiB"


def package_windows(bundle: Path, dist: Path, version: str, need_msi: bool) -> None:
    """The portable zip and the MSI of a Windows bundle, with their sizes and times. Without wixl (Windows has
    none) the MSI is skipped when `need_msi` is false, and how to make it is said."""
    started = time.monotonic()
    archive = build_portable_zip(bundle, dist, version)
    print(f"[zip] {archive} ({mib(archive.stat().st_size)}) in {time.monotonic() - started:.0f} s")
    started = time.monotonic()
    try:
        msi = build_msi(bundle, dist, version)
    except WixlMissing as error:
        if need_msi:
            raise
        print(f"[msi] skipped: {error}; on Linux: python installer/build.py --msi-only --bundle {bundle}")
        return
    print(f"[msi] {msi} ({mib(msi.stat().st_size)}, goal 100 MiB) in {time.monotonic() - started:.0f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=REPO / "dist", help="where the bundle and packages go")
    parser.add_argument("--work", type=Path, default=REPO / "build", help="PyInstaller's work folder")
    parser.add_argument("--bundle-only", action="store_true", help="on Windows: the bundle, no MSI and no zip")
    parser.add_argument("--msi-only", action="store_true",
                        help="no PyInstaller: the MSI and the portable zip of an existing Windows bundle")
    parser.add_argument("--bundle", type=Path, help="with --msi-only: the bundle (default DIST/PolarisStudio)")
    parser.add_argument("--version", default=__version__, help="with --msi-only: its version (default %(default)s)")
    args = parser.parse_args()
    if (args.bundle or args.version != __version__) and not args.msi_only:
        parser.error("--bundle and --version go with --msi-only: a bundle built now has this source's version")
    dist = args.dist.absolute()
    try:
        if args.msi_only:
            bundle = (args.bundle or dist / BUNDLE_NAME).absolute()
            backend_files(bundle / "_internal" / "backend_bin", "win32")  # a Windows bundle with all its backend
            print(f"[bundle] {bundle} ({mib(folder_size(bundle))})")
            package_windows(bundle, dist, args.version, need_msi=True)
            return 0
        started = time.monotonic()
        executable = build_bundle(dist, args.work.absolute())
        print(f"[bundle] {executable} ({mib(folder_size(executable.parent))}) in {time.monotonic() - started:.0f} s")
        if sys.platform == "win32" and not args.bundle_only:
            package_windows(executable.parent, dist, __version__, need_msi=False)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"[build] failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
