"""Build the Polaris Studio bundle for this platform (PyInstaller, one folder); on Windows also the installer.

    python installer/build.py [--dist DIR] [--work DIR]

The backend must be there first: on Linux `python -m backend_bin.build`; on Windows this script downloads the
pinned upstream release zip named in resources/catalog.json (sd-cli.exe and its DLLs), checks it and unpacks it
into `backend_bin/bin/` when that folder has no backend. Writes DIST/PolarisStudio/PolarisStudio[.exe]; on
Windows, when Inno Setup 6 is installed, also DIST/PolarisStudio-<version>-setup.exe.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # run as a script, the app is not importable otherwise

from app import __version__  # noqa: E402
from app.core.backend_package import BackendPackageError, unpack_backend  # noqa: E402
from app.core.catalog import Catalog, load_catalog  # noqa: E402
from app.core.downloads import DownloadError  # noqa: E402
from app.core.resources import backend_names  # noqa: E402
from app.services.downloader import fetch_catalog_file  # noqa: E402

SPEC = REPO / "installer" / "polaris_studio.spec"
ISS = REPO / "installer" / "polaris_studio.iss"
BACKEND_DIR = REPO / "backend_bin" / "bin"
BUNDLE_NAME = "PolarisStudio"
# where Inno Setup 6 installs its compiler: per machine, or per user
ISCC_PLACES = (("ProgramFiles(x86)", "Inno Setup 6"), ("ProgramFiles", "Inno Setup 6"),
               ("LOCALAPPDATA", "Programs/Inno Setup 6"))


class BuildError(Exception):
    """Something the bundle needs is missing; the message says what to do."""


def backend_files(folder: Path, platform: str) -> list[Path]:
    """What the bundle carries of the backend: the sd.cpp executable and the shared libraries beside it
    (on Windows the release zip has ggml and stable-diffusion DLLs next to sd-cli.exe)."""
    binary = next((folder / name for name in backend_names(platform) if (folder / name).is_file()), None)
    if binary is None:
        raise BuildError(f"no {' or '.join(backend_names(platform))} in {folder}: build the backend first "
                         "(python -m backend_bin.build), or on Windows unpack sd.cpp's Vulkan release there")
    pattern = "*.dll" if platform == "win32" else "*.so*"
    return [binary, *sorted(path for path in folder.glob(pattern) if path.is_file())]


def fetch_windows_backend(folder: Path, downloads: Path, catalog: Catalog | None = None) -> Path:
    """The pinned release zip from the catalog, downloaded (resumable, hash checked when published) and
    unpacked flat."""
    catalog = catalog or load_catalog()
    release = catalog.windows_backend
    print(f"[bundle] fetching the backend {release.name} ({catalog.backend_version})")
    digest = fetch_catalog_file(release, downloads, catalog.hosts)
    print(f"[bundle] {release.name} sha256 {digest}" + ("" if release.sha256 else " (no published hash)"))
    return unpack_backend(downloads / release.name, folder)


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


def find_iscc(env: dict[str, str]) -> Path | None:
    """Inno Setup's compiler: on PATH, or where its installer puts it."""
    on_path = shutil.which("ISCC")
    if on_path:
        return Path(on_path)
    for variable, folder in ISCC_PLACES:
        if variable in env and (Path(env[variable]) / folder / "ISCC.exe").is_file():
            return Path(env[variable]) / folder / "ISCC.exe"
    return None


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


def build_installer(dist: Path, iscc: Path) -> Path:
    """Compile the Inno Setup script around the bundle in `dist`."""
    command = [str(iscc), f"/DAppVersion={__version__}", f"/DBundleDir={dist / BUNDLE_NAME}", f"/O{dist}",
               str(ISS)]
    subprocess.run(command, check=True, cwd=REPO)
    return dist / f"{BUNDLE_NAME}-{__version__}-setup.exe"


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=REPO / "dist")
    parser.add_argument("--work", type=Path, default=REPO / "build")
    args = parser.parse_args()
    started = time.monotonic()
    try:
        if sys.platform == "win32" and not any((BACKEND_DIR / name).is_file() for name in backend_names("win32")):
            fetch_windows_backend(BACKEND_DIR, args.work.absolute() / "downloads")
        executable = build_bundle(args.dist.absolute(), args.work.absolute())
    except (BuildError, DownloadError, BackendPackageError, subprocess.CalledProcessError) as error:
        print(f"[bundle] failed: {error}", file=sys.stderr)
        return 1
    size = folder_size(executable.parent)
    print(f"[bundle] {executable} ({size / 2**20:.0f} MiB) in {time.monotonic() - started:.0f} s")
    if sys.platform == "win32":
        iscc = find_iscc(dict(os.environ))
        if iscc is None:
            print("[installer] Inno Setup 6 not found (winget install JRSoftware.InnoSetup); bundle only")
            return 0
        try:
            print(f"[installer] {build_installer(args.dist.absolute(), iscc)}")
        except subprocess.CalledProcessError as error:
            print(f"[installer] failed: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
