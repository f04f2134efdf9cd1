"""The MSI and the portable zip made from a folder shaped like the Windows bundle, read back with msiinfo.

Installing them under Wine (msiexec /i, upgrade, msiexec /x) is tests/windows' part, on the real bundle.
"""

from __future__ import annotations

import re
import subprocess
import uuid
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from installer.msi import (
    EXE_NAME,
    HELP_LINK,
    INSTALL_FOLDER_NAME,
    PORTABLE_MARKER,
    UPGRADE_CODE,
    BuildError,
    WixlMissing,
    build_msi,
    build_portable_zip,
    bundle_files_wxs,
    component_guid,
    msi_version,
)
from tests.packaging.fake_bundle import FILES, bundle_paths, needs_msitools, write_fake_bundle

Row = dict[str, str]


def msi_table(msi: Path, table: str) -> list[Row]:
    """One table of an MSI as rows of column -> value (msiinfo's export: names, types, key line, rows)."""
    # run beside the MSI: for a table with binary streams (Icon) msiinfo also writes them out into its cwd
    result = subprocess.run(["msiinfo", "export", str(msi), table], capture_output=True, text=True, check=True,
                            cwd=msi.parent)
    lines = result.stdout.replace("\r\n", "\n").split("\n")
    columns = lines[0].split("\t")
    return [dict(zip(columns, line.split("\t"), strict=True)) for line in lines[3:] if line]


def properties(msi: Path) -> dict[str, str]:
    return {row["Property"]: row["Value"] for row in msi_table(msi, "Property")}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_fake_bundle(tmp_path_factory.mktemp("bundle") / "PolarisStudio")


@pytest.fixture(scope="module")
def msis(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Version 0.1.0 and 0.2.0 of the same bundle, as a release and its update."""
    out = tmp_path_factory.mktemp("msi")
    return build_msi(bundle, out / "old", "0.1.0"), build_msi(bundle, out / "new", "0.2.0")


@needs_msitools
def test_it_installs_per_user_without_admin_rights(msis: tuple[Path, Path]) -> None:
    msi = msis[0]
    assert msi.name == "PolarisStudio-0.1.0.msi"
    summary = subprocess.run(["msiinfo", "suminfo", str(msi)], capture_output=True, text=True, check=True).stdout
    # Word Count: 2 = compressed, 8 = "elevated privileges are not required" (no UAC prompt)
    source = int(re.search(r"^Source: (\d+)", summary, re.MULTILINE)[1])  # type: ignore[index]
    assert source & 8 and source & 2
    assert "x64" in summary
    # no ALLUSERS: a per-user install, whoever runs it
    assert "ALLUSERS" not in properties(msi)


@needs_msitools
def test_it_installs_into_localappdata_programs_polaris_studio(msis: tuple[Path, Path]) -> None:
    folders = {row["Directory"]: row for row in msi_table(msis[0], "Directory")}

    def path(directory: str) -> list[str]:
        row = folders[directory]
        return [*path(row["Directory_Parent"]), row["DefaultDir"]] if row["Directory_Parent"] else []

    assert path("INSTALLDIR") == [".", "Programs", INSTALL_FOLDER_NAME]
    assert folders["LocalAppDataFolder"]["Directory_Parent"] == "TARGETDIR"


@needs_msitools
def test_every_file_of_the_bundle_goes_where_it_was(msis: tuple[Path, Path], bundle: Path) -> None:
    msi = msis[0]
    folders = {row["Directory"]: row for row in msi_table(msi, "Directory")}
    components = {row["Component"]: row for row in msi_table(msi, "Component")}

    def relative(directory: str) -> PurePosixPath:
        if directory == "INSTALLDIR":
            return PurePosixPath(".")
        row = folders[directory]
        return relative(row["Directory_Parent"]) / row["DefaultDir"]

    installed = {(relative(components[row["Component_"]]["Directory_"]) / row["FileName"]).as_posix()
                 for row in msi_table(msi, "File")}
    assert installed == bundle_paths(bundle) == {*FILES, "_internal/resources/icons/polaris_studio.ico"}


@needs_msitools
def test_start_menu_shortcut_with_the_icon(msis: tuple[Path, Path]) -> None:
    [shortcut] = msi_table(msis[0], "Shortcut")
    assert shortcut["Directory_"] == "ProgramMenuFolder" and shortcut["Name"] == "Polaris Studio"
    assert shortcut["Target"] == f"[INSTALLDIR]{EXE_NAME}" and shortcut["WkDir"] == "INSTALLDIR"
    assert shortcut["Icon_"] == "PolarisStudio.ico"
    assert [row["Name"] for row in msi_table(msis[0], "Icon")] == ["PolarisStudio.ico"]
    # the shortcut's component needs a per-user key path: a value of ours under HKCU (Root 1), removed with it
    [value] = msi_table(msis[0], "Registry")
    assert (value["Root"], value["Key"], value["Component_"]) == ("1", r"Software\Polaris Studio\Installer",
                                                                   shortcut["Component_"])
    [remove] = msi_table(msis[0], "RemoveFile")
    assert (remove["DirProperty"], remove["InstallMode"]) == ("INSTALLDIR", "2")  # the empty folder, on uninstall


@needs_msitools
def test_apps_and_features_entry(msis: tuple[Path, Path]) -> None:
    props = properties(msis[0])
    assert props["ProductName"] == "Polaris Studio" and props["Manufacturer"] == "Polaris Studio"
    assert props["ProductVersion"] == "0.1.0"
    assert props["ARPPRODUCTICON"] == "PolarisStudio.ico" and props["ARPHELPLINK"] == HELP_LINK
    assert props["ARPNOMODIFY"] == props["ARPNOREPAIR"] == "1"
    assert properties(msis[1])["ProductVersion"] == "0.2.0"


@needs_msitools
def test_a_newer_msi_replaces_the_older_one(msis: tuple[Path, Path]) -> None:
    old, new = properties(msis[0]), properties(msis[1])
    assert old["UpgradeCode"] == new["UpgradeCode"] == "{" + UPGRADE_CODE + "}"
    assert old["ProductCode"] != new["ProductCode"]
    rows = {(row["VersionMin"], row["VersionMax"], int(row["Attributes"])) for row in msi_table(msis[1], "Upgrade")}
    migrate_features, only_detect, min_inclusive = 1, 2, 256
    assert rows == {
        ("", "0.2.0", migrate_features),  # older versions: found and removed
        ("0.2.0", "", min_inclusive),  # this version rebuilt (another ProductCode), or newer: removed...
        ("0.2.0", "", only_detect),  # ...but a newer one is found by this row too, and the condition below stops
    }
    conditions = {row["Condition"]: row["Description"] for row in msi_table(msis[1], "LaunchCondition")}
    assert conditions == {"NOT WIX_DOWNGRADE_DETECTED": "A newer version of Polaris Studio is already installed."}
    sequence = {row["Action"]: int(row["Sequence"]) for row in msi_table(msis[1], "InstallExecuteSequence")}
    # the old product is gone before a file of the new one is written
    assert sequence["FindRelatedProducts"] < sequence["LaunchConditions"] < sequence["RemoveExistingProducts"]
    assert sequence["InstallValidate"] < sequence["RemoveExistingProducts"] < sequence["InstallFiles"]


@needs_msitools
def test_components_keep_their_guids_across_versions(msis: tuple[Path, Path]) -> None:
    def guids(msi: Path) -> dict[str, str]:
        return {row["Component"]: row["ComponentId"] for row in msi_table(msi, "Component")}

    old, new = guids(msis[0]), guids(msis[1])
    assert old == new and len(set(old.values())) == len(old)
    assert "{" + component_guid(PurePosixPath("_internal/backend_bin/sd-cli.exe")) + "}" in old.values()


@needs_msitools
def test_it_does_not_ask_the_registry_for_a_vulkan_driver(msis: tuple[Path, Path]) -> None:
    # AMD's drivers register under the display adapter's key, and Wine lists its own ICD under Khronos'
    # key: no registry value tells a working Vulkan driver (polaris_studio.wxs says more); the first start does
    assert msi_table(msis[0], "AppSearch") == msi_table(msis[0], "RegLocator") == []


def test_component_guids_follow_the_path_not_its_case() -> None:
    path = PurePosixPath("_internal/PySide6/Qt6Core.dll")
    assert component_guid(path) == component_guid(PurePosixPath("_internal/pyside6/qt6core.dll"))
    assert component_guid(path) != component_guid(PurePosixPath("_internal/PySide6/Qt6Gui.dll"))
    assert uuid.UUID(component_guid(path)).version == 5


def test_the_portable_marker_never_goes_into_the_msi(tmp_path: Path) -> None:
    # an installed copy must keep its data in the user's folders: uninstall deletes the install folder
    bundle = write_fake_bundle(tmp_path / "PolarisStudio")
    (bundle / PORTABLE_MARKER).write_text("portable")
    source = bundle_files_wxs(bundle)
    assert f'Name="{PORTABLE_MARKER}"' not in source and 'Name="Zoë Müller.txt"' in source
    assert 'Source="_internal/some folder/Zoë Müller.txt"' in source  # relative: wixl runs in the bundle


@pytest.mark.parametrize(("version", "expected"), [("0.1.0", "0.1.0"), ("1.2", "1.2.0"), ("3", "3.0.0"),
                                                   ("255.255.65535", "255.255.65535")])
def test_msi_versions(version: str, expected: str) -> None:
    assert msi_version(version) == expected


@pytest.mark.parametrize("version", ["0.1.0.1", "0.1.0.dev1", "0.1.0rc1", "256.0.0", "1.2.65536", ""])
def test_versions_windows_installer_cannot_compare_are_refused(version: str) -> None:
    with pytest.raises(BuildError, match="version"):
        msi_version(version)


def test_a_folder_that_is_not_a_windows_bundle_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match=r"has no PolarisStudio\.exe: build the Windows bundle first"):
        build_msi(tmp_path, tmp_path / "out", "0.1.0")
    (tmp_path / EXE_NAME).write_bytes(b"MZ")
    with pytest.raises(BuildError, match=r"has no _internal/resources/icons/polaris_studio\.ico"):
        build_portable_zip(tmp_path, tmp_path / "out", "0.1.0")


def test_without_wixl_it_says_where_the_msi_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = write_fake_bundle(tmp_path / "PolarisStudio")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(WixlMissing, match="apt-get install wixl"):
        build_msi(bundle, tmp_path / "out", "0.1.0")


def test_the_portable_zip_holds_the_bundle_under_one_folder(tmp_path: Path) -> None:
    bundle = write_fake_bundle(tmp_path / "bundle" / "PolarisStudio")
    archive = build_portable_zip(bundle, tmp_path / "out", "0.1.0")
    assert archive == tmp_path / "out" / "PolarisStudio-0.1.0-portable.zip"
    assert not list((tmp_path / "out").glob("*.partial"))
    with zipfile.ZipFile(archive) as zipped:
        names = set(zipped.namelist())
        assert {name.split("/")[0] for name in names} == {"PolarisStudio"}
        assert names == {f"PolarisStudio/{path}" for path in bundle_paths(bundle)} | {
            f"PolarisStudio/{PORTABLE_MARKER}"}
        for path, content in FILES.items():
            assert zipped.read(f"PolarisStudio/{path}") == content
        # the marker sits beside PolarisStudio.exe and says, to someone who opens it, what it does
        marker = zipped.read(f"PolarisStudio/{PORTABLE_MARKER}").decode("utf-8")
        assert "portable" in marker and "Delete this file" in marker and "\r\n" in marker
