"""The Windows installer and the portable zip, made from a Windows PyInstaller bundle on any platform.

The MSI is built by `wixl` (Debian's msitools, a native Linux program) from `polaris_studio.wxs` and a second
source written here that lists the bundle's files; the zip holds the same bundle under one folder, with a
marker that makes the app keep its data beside itself. Neither needs Wine, Windows or Qt:

    build_msi(Path("dist/PolarisStudio"), Path("dist"), "0.1.0")           -> dist/PolarisStudio-0.1.0.msi
    build_portable_zip(Path("dist/PolarisStudio"), Path("dist"), "0.1.0")  -> dist/PolarisStudio-0.1.0-portable.zip
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
import uuid
import zipfile
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

from app.core.platform_paths import PORTABLE_MARKER

WXS = Path(__file__).resolve().parent / "polaris_studio.wxs"
BUNDLE_NAME = "PolarisStudio"
EXE_NAME = f"{BUNDLE_NAME}.exe"
PRODUCT_NAME = "Polaris Studio"
MANUFACTURER = "Polaris Studio"
# %LOCALAPPDATA%\Programs\<this>: where the MSI installs for the user who runs it
INSTALL_FOLDER_NAME = "Polaris Studio"
# Windows tells one app's versions apart from other apps by this: never change it, or a new version installs
# beside the old one instead of replacing it
UPGRADE_CODE = "70EEEF8A-3C6A-4215-979E-BA0DD8611892"
# Apps & features' help link. The project has no web site; what a Polaris user most often needs is the driver.
HELP_LINK = "https://www.amd.com/en/support"
# beside PolarisStudio.exe in the portable zip (never in the MSI): keep the data in this folder
PORTABLE_MARKER_TEXT = """\
This copy of Polaris Studio is portable: because this file is here, it keeps its images, models, caches and
settings in this folder (images, data, cache), not in your user folders, so it runs from any folder or a USB
stick. Delete this file to use the usual folders instead (Pictures\\Polaris Studio, %LOCALAPPDATA%\\Polaris Studio).
"""
WIX_NAMESPACE = "http://schemas.microsoft.com/wix/2006/wi"
# Component GUIDs come from the file's path in the install folder, so that every build gives a file the same
# component and Windows Installer's component rules hold across upgrades
COMPONENT_NAMESPACE = uuid.UUID(UPGRADE_CODE)


class BuildError(Exception):
    """Something the bundle, the MSI or the zip needs is missing; the message says what to do."""


class WixlMissing(BuildError):
    """wixl is not installed (Windows has none): the MSI is made on Linux."""


def msi_version(version: str) -> str:
    """app.__version__ as Windows Installer compares it: `major.minor.build`, numbers only (255.255.65535 at
    most). Windows Installer ignores a fourth field, so 0.1.0.1 would not upgrade 0.1.0: it is refused."""
    parts = version.split(".")
    limits = (255, 255, 65535)
    if not 1 <= len(parts) <= 3 or not all(part.isdigit() for part in parts):
        raise BuildError(f"version {version!r} is not major.minor.build in numbers, which an MSI needs")
    numbers = [int(part) for part in parts] + [0] * (3 - len(parts))
    if any(number > limit for number, limit in zip(numbers, limits, strict=True)):
        raise BuildError(f"version {version!r} is over Windows Installer's 255.255.65535")
    return ".".join(str(number) for number in numbers)


def component_guid(relative: PurePosixPath) -> str:
    """The component GUID of one installed file, the same in every build (Windows ignores case in paths)."""
    return str(uuid.uuid5(COMPONENT_NAMESPACE, f"INSTALLDIR/{relative.as_posix().lower()}")).upper()


def _identifier(prefix: str, relative: PurePosixPath) -> str:
    # MSI identifiers: letters, digits, '_' and '.', at most 72 characters; a file's path is none of these
    return prefix + hashlib.sha256(relative.as_posix().encode()).hexdigest()[:32]


def bundle_files(bundle_dir: Path) -> list[PurePosixPath]:
    """The files the MSI installs: the whole bundle, minus the portable marker (an installed copy must keep its
    data in the user's folders: uninstall deletes the install folder with everything in it)."""
    files = [PurePosixPath(path.relative_to(bundle_dir).as_posix()) for path in bundle_dir.rglob("*")
             if path.is_file() and not path.is_symlink()]
    return sorted(path for path in files if path != PurePosixPath(PORTABLE_MARKER))


def bundle_files_wxs(bundle_dir: Path) -> str:
    """A WiX source with one component per file of the bundle under INSTALLDIR, in ComponentGroup BundleFiles;
    its sources are relative to `bundle_dir`, where wixl runs (it finds no file by an absolute path).

    Written here rather than by wixl-heat: ids and GUIDs stay the same for a path in every build, the file list
    is ours to filter, and it needs no `find` pipe."""
    wix = ElementTree.Element("Wix", xmlns=WIX_NAMESPACE)
    tree = ElementTree.SubElement(ElementTree.SubElement(wix, "Fragment"), "DirectoryRef", Id="INSTALLDIR")
    group = ElementTree.SubElement(ElementTree.SubElement(wix, "Fragment"), "ComponentGroup", Id="BundleFiles")
    folders: dict[PurePosixPath, ElementTree.Element] = {PurePosixPath("."): tree}

    def folder(relative: PurePosixPath) -> ElementTree.Element:
        if relative not in folders:
            folders[relative] = ElementTree.SubElement(folder(relative.parent), "Directory",
                                                       Id=_identifier("dir_", relative), Name=relative.name)
        return folders[relative]

    for relative in bundle_files(bundle_dir):
        component = ElementTree.SubElement(folder(relative.parent), "Component", Id=_identifier("cmp_", relative),
                                           Guid=component_guid(relative))
        ElementTree.SubElement(component, "File", Id=_identifier("fil_", relative), Name=relative.name,
                               Source=str(relative), KeyPath="yes")
        ElementTree.SubElement(group, "ComponentRef", Id=component.get("Id", ""))
    ElementTree.indent(wix)
    return ElementTree.tostring(wix, encoding="unicode", xml_declaration=True) + "\n"


def check_bundle(bundle_dir: Path) -> PurePosixPath:
    """The bundle's icon (relative to `bundle_dir`), after checking that `bundle_dir` is a Windows PyInstaller
    one-folder bundle."""
    if not (bundle_dir / EXE_NAME).is_file():
        raise BuildError(f"{bundle_dir} has no {EXE_NAME}: build the Windows bundle first (installer/build.py under "
                         "Windows Python)")
    icon = PurePosixPath("_internal/resources/icons/polaris_studio.ico")
    if not (bundle_dir / icon).is_file():
        raise BuildError(f"{bundle_dir} has no {icon}: is it a bundle of installer/polaris_studio.spec?")
    return icon


def wixl_defines(version: str, icon: PurePosixPath) -> dict[str, str]:
    """The variables polaris_studio.wxs reads."""
    return {
        "Version": msi_version(version), "UpgradeCode": UPGRADE_CODE, "ProductName": PRODUCT_NAME,
        "Manufacturer": MANUFACTURER, "InstallFolderName": INSTALL_FOLDER_NAME, "ExeName": EXE_NAME,
        "IconFile": icon.as_posix(), "HelpLink": HELP_LINK,
        "EntriesComponentGuid": component_guid(PurePosixPath("<program entries>")),
    }


def msi_name(version: str) -> str:
    return f"{BUNDLE_NAME}-{version}.msi"


def portable_zip_name(version: str) -> str:
    return f"{BUNDLE_NAME}-{version}-portable.zip"


def build_msi(bundle_dir: Path, out_dir: Path, version: str) -> Path:
    """Build `out_dir/PolarisStudio-<version>.msi` from the Windows bundle in `bundle_dir` with wixl."""
    bundle_dir, out_dir = bundle_dir.absolute(), out_dir.absolute()
    icon = check_bundle(bundle_dir)
    wixl = shutil.which("wixl")
    if wixl is None:
        raise WixlMissing("wixl was not found: it builds the MSI on Linux (Debian/Ubuntu: apt-get install wixl)")
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / msi_name(version)
    with tempfile.TemporaryDirectory(prefix="msi-", dir=out_dir) as work:
        files = Path(work) / "bundle_files.wxs"
        files.write_text(bundle_files_wxs(bundle_dir), encoding="utf-8")
        partial = Path(work) / target.name
        defines = [argument for name, value in wixl_defines(version, icon).items()
                   for argument in ("-D", f"{name}={value}")]
        result = subprocess.run([wixl, "-a", "x64", *defines, "-o", str(partial), str(WXS), str(files)],
                                cwd=bundle_dir, capture_output=True, text=True, check=False)
        if result.returncode != 0 or not partial.is_file():
            raise BuildError(f"wixl failed ({result.returncode}): {(result.stderr or result.stdout)[-2000:]}")
        partial.replace(target)  # a finished MSI or none: never half of one under the final name
    return target


def build_portable_zip(bundle_dir: Path, out_dir: Path, version: str) -> Path:
    """Zip the bundle as `PolarisStudio/...` plus the portable marker beside PolarisStudio.exe."""
    bundle_dir, out_dir = bundle_dir.absolute(), out_dir.absolute()
    check_bundle(bundle_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / portable_zip_name(version)
    partial = target.with_name(target.name + ".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for relative in bundle_files(bundle_dir):
            archive.write(bundle_dir / relative, f"{BUNDLE_NAME}/{relative}")
        # Windows' own "Extract all" shows Windows line ends best
        archive.writestr(f"{BUNDLE_NAME}/{PORTABLE_MARKER}", PORTABLE_MARKER_TEXT.replace("\n", "\r\n"))
    partial.replace(target)
    return target
