"""The Windows backend cross-built on Linux: sd-cli.exe, sd-server.exe and llama-server.exe with the ggml DLLs they
share, vulkaninfo.exe, and the pure steps behind them."""

from __future__ import annotations

import io
import json
import shutil
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from backend_bin import windows
from backend_bin.linux import BuildOptions
from backend_bin.output import BIN_DIR, expose, read_build_info, sha256_of
from backend_bin.source import (
    LLAMA_CPP_SDIST,
    SD_CPP_SDIST,
    debian_patches,
    dsc_name,
    parse_dsc_checksums,
    verify_debian_source,
)
from backend_bin.tools import BuildError, Program, SystemFile, missing_packages, missing_packages_message
from backend_bin.windows import (
    ABORT_BEHAVIOR_MARKER,
    COMPAT_HEADER_TEXT,
    SD_CLI_EXE,
    TOOLCHAIN_FILE_TEXT,
    VULKANINFO_EXE,
    VulkaninfoOptions,
    WindowsOptions,
    constructor_tables_start,
    foreign_imports,
    neutralise_set_abort_behavior,
    parse_pe_imports,
    pe_imports,
    pe_machine_and_magic,
)
from tests.helpers.windows_side import WindowsSide

REPO = Path(__file__).resolve().parents[2]
BUILD_COMMAND = "python -m backend_bin.build --windows"
MINGW_INSTALLED = shutil.which(windows.MINGW_CC) is not None and shutil.which(windows.MINGW_OBJDUMP) is not None

# the lines around the call, as in Vulkan-Tools 1.3.239's vulkaninfo.cpp
VULKANINFO_MAIN = """\
#if defined(_WIN32)
    _set_abort_behavior(0, _WRITE_ABORT_MSG | _CALL_REPORTFAULT);
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX);
#endif
"""
# from Debian's vulkan-tools_1.3.239.0+dfsg1-1.dsc (signature left out)
DSC_TEXT = """\
Format: 3.0 (quilt)
Source: vulkan-tools
Version: 1.3.239.0+dfsg1-1
Checksums-Sha1:
 c1d6e76307bcc396404c57570bd228e33a018a64 379688 vulkan-tools_1.3.239.0+dfsg1.orig.tar.xz
Checksums-Sha256:
 faef7f477008b0a57bad21ee2bd791cbb08403a64d6b3eaf29d691a32eb8c592 379688 vulkan-tools_1.3.239.0+dfsg1.orig.tar.xz
 c5ca62210adab80ecf0e9df732ecfce7854b6b3c5686d8d1738ffca1f92fb516 3068 vulkan-tools_1.3.239.0+dfsg1-1.debian.tar.xz
Files:
 441e6c91f20ec2652760a3bf4a487998 379688 vulkan-tools_1.3.239.0+dfsg1.orig.tar.xz
"""
# `x86_64-w64-mingw32-objdump -p` of a dynamically linked mingw program, shortened
OBJDUMP_DYNAMIC = """\
The Import Tables (interpreted .idata section contents)
 vma:            Hint    Time      Forward  DLL       First
\tDLL Name: KERNEL32.dll
\tvma:  Hint/Ord Member-Name Bound-To
\t DLL Name: libstdc++-6.dll
\tDLL Name: libwinpthread-1.dll
\tDLL Name: msvcrt.dll
\tDLL Name: vulkan-1.dll
"""


# --- pure steps -----------------------------------------------------------------------------------------------

def test_the_set_abort_behavior_call_is_commented_out_once() -> None:
    fixed = neutralise_set_abort_behavior(VULKANINFO_MAIN)
    assert fixed.count(ABORT_BEHAVIOR_MARKER) == 1
    code = [line for line in fixed.splitlines() if not line.lstrip().startswith("//")]
    assert not any("_set_abort_behavior" in line for line in code)
    assert "SetErrorMode" in fixed and len(fixed.splitlines()) == len(VULKANINFO_MAIN.splitlines())
    assert neutralise_set_abort_behavior(fixed) == fixed  # applying it twice changes nothing


@pytest.mark.parametrize("source", ["int main() { return 0; }\n", VULKANINFO_MAIN * 2,
                                    "    _set_abort_behavior(0, _WRITE_ABORT_MSG);\n"])
def test_the_abort_patch_refuses_a_source_of_another_shape(source: str) -> None:
    with pytest.raises(BuildError, match=r"vulkaninfo\.cpp changed shape"):
        neutralise_set_abort_behavior(source)


def test_cache_keys_carry_the_version_and_change_with_what_shapes_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    sd_cli, vulkaninfo = WindowsOptions().cache_key(), VulkaninfoOptions().cache_key()
    assert sd_cli.startswith("windows-0.4.7-") and vulkaninfo.startswith("vulkaninfo-1.3.239.0+dfsg1-1-")
    assert len({sd_cli, vulkaninfo, BuildOptions().cache_key()}) == 3
    assert WindowsOptions().cache_key() == sd_cli  # stable: a second run finds the first one's cache
    assert WindowsOptions(build_type="Debug").cache_key() != sd_cli
    assert VulkaninfoOptions(optimisation="-O0").cache_key() != vulkaninfo
    with monkeypatch.context() as patched:
        patched.setattr(windows, "TOOLCHAIN_FILE_TEXT", TOOLCHAIN_FILE_TEXT + "set(CMAKE_C_FLAGS_INIT -O0)\n")
        assert WindowsOptions().cache_key() != sd_cli
    with monkeypatch.context() as patched:
        patched.setattr(windows, "COMPAT_HEADER_TEXT", COMPAT_HEADER_TEXT + "#define CHANGED 1\n")
        assert WindowsOptions().cache_key() != sd_cli
    with monkeypatch.context() as patched:
        patched.setattr(windows, "ABORT_BEHAVIOR_REPLACEMENT", "    // gone\n")
        assert VulkaninfoOptions().cache_key() != vulkaninfo


def test_the_toolchain_file_uses_the_posix_thread_compilers_and_never_the_linux_headers() -> None:
    lines = TOOLCHAIN_FILE_TEXT.splitlines()
    assert "set(CMAKE_SYSTEM_NAME Windows)" in lines
    assert "set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)" in lines
    assert "set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)" in lines
    assert "set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)" in lines
    for kind, mode in (("PROGRAM", "NEVER"), ("LIBRARY", "ONLY"), ("INCLUDE", "ONLY")):
        assert f"set(CMAKE_FIND_ROOT_PATH_MODE_{kind} {mode})" in lines
    assert "/usr/include" not in TOOLCHAIN_FILE_TEXT


def test_cmake_flags_link_statically_and_force_the_compat_header_into_c_only(tmp_path: Path) -> None:
    flags = WindowsOptions().cmake_flags(tmp_path, "/usr/bin/glslc")
    assert f"-DCMAKE_TOOLCHAIN_FILE={tmp_path / 'mingw-toolchain.cmake'}" in flags
    for flag in ("-DSD_VULKAN=ON", "-DGGML_NATIVE=OFF", "-DGGML_OPENMP=OFF", "-DCMAKE_BUILD_TYPE=Release",
                 "-DCMAKE_EXE_LINKER_FLAGS=-static -static-libgcc -static-libstdc++",
                 # every DLL too: no C++ runtime DLL beside them
                 *(f"-DCMAKE_{kind}_LINKER_FLAGS=-static -static-libgcc -static-libstdc++ "
                   "-Wl,--exclude-libs=libgcc.a:libgcc_eh.a:libstdc++.a:libpthread.a"
                   for kind in ("SHARED", "MODULE")),
                 "-DGGML_BACKEND_DL=ON", "-DGGML_CPU_VARIANTS=x64;sse42;sandybridge;haswell;skylakex",
                 f"-DCMAKE_C_FLAGS=-include {tmp_path / 'mingw_compat.h'}",
                 f"-DVulkan_INCLUDE_DIR={tmp_path / 'vulkan-headers'}",
                 f"-DVulkan_LIBRARY={tmp_path / 'vulkan-import' / 'libvulkan-1.a'}"):
        assert flag in flags
    assert not any(flag.startswith("-DCMAKE_CXX_FLAGS") for flag in flags)
    assert not any("/usr/include" in flag for flag in flags)


def test_vulkaninfo_is_compiled_for_win32_and_linked_statically() -> None:
    options = VulkaninfoOptions()
    assert {"-DVK_USE_PLATFORM_WIN32_KHR", "-DVK_NO_PROTOTYPES", "-std=c++17"} <= set(options.compile_flags())
    assert options.link_flags()[:3] == ["-static", "-static-libgcc", "-static-libstdc++"]


@pytest.mark.skipif(not MINGW_INSTALLED, reason="mingw-w64 is not installed (sudo apt-get install mingw-w64); "
                    "on Windows there is none: the cross-build runs on Linux")
def test_the_compat_header_lets_mingw_compile_ggmls_power_throttling_call(tmp_path: Path) -> None:
    (tmp_path / "mingw_compat.h").write_text(COMPAT_HEADER_TEXT)
    # the lines of ggml-cpu.c that mingw-w64 10 cannot compile on its own
    (tmp_path / "throttle.c").write_text(
        "#include <windows.h>\n"
        "int keep_speed(void) {\n"
        "    THREAD_POWER_THROTTLING_STATE t;\n"
        "    ZeroMemory(&t, sizeof(t));\n"
        "    t.Version = THREAD_POWER_THROTTLING_CURRENT_VERSION;\n"
        "    t.ControlMask = THREAD_POWER_THROTTLING_EXECUTION_SPEED;\n"
        "    return SetThreadInformation(GetCurrentThread(), ThreadPowerThrottling, &t, sizeof(t));\n"
        "}\n")
    result = subprocess.run([windows.MINGW_CC, "-include", "mingw_compat.h", "-c", "throttle.c"],
                            cwd=tmp_path, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_missing_tools_are_named_by_their_debian_packages(tmp_path: Path) -> None:
    requirements = [Program("x86_64-w64-mingw32-g++-posix", "mingw-w64"), Program("gendef", "mingw-w64-tools"),
                    SystemFile((tmp_path / "wine" / "vulkan-1.dll",), "libwine"),
                    SystemFile((tmp_path,), "libvulkan-dev")]
    found = {"gendef"}
    assert missing_packages(requirements, which=lambda name: name if name in found else None) == [
        "libwine", "mingw-w64"]
    assert missing_packages_message(["libwine", "mingw-w64"]) == (
        "missing system packages: libwine mingw-w64\ninstall them with: sudo apt-get install libwine mingw-w64")


@pytest.mark.skipif(sys.platform == "win32", reason="the cross-build's check for its Debian packages (apt, "
                    "mingw-w64): it runs on Linux, Windows has no apt")
def test_the_windows_build_refuses_before_downloading_when_tools_are_missing(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "backend_bin.build", "--windows", "--cache", str(tmp_path / "cache")],
        capture_output=True, text=True, cwd=REPO, env={"PATH": str(tmp_path)}, check=False,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    packages = "apt build-essential cmake glslc mingw-w64 mingw-w64-tools"
    assert f"missing system packages: {packages}" in result.stdout
    assert f"sudo apt-get install {packages}" in result.stdout
    assert not (tmp_path / "cache" / "downloads").exists()


def test_native_is_refused_for_windows(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "backend_bin.build", "--windows", "--native",
                             "--cache", str(tmp_path)], capture_output=True, text=True, cwd=REPO, check=False)
    assert result.returncode == 2 and "any x86-64 CPU" in result.stderr


def test_pe_imports_are_read_from_objdump_and_foreign_dlls_are_named() -> None:
    imports = parse_pe_imports(OBJDUMP_DYNAMIC)
    assert imports == ["KERNEL32.dll", "libstdc++-6.dll", "libwinpthread-1.dll", "msvcrt.dll", "vulkan-1.dll"]
    assert foreign_imports(imports) == ["libstdc++-6.dll", "libwinpthread-1.dll", "vulkan-1.dll"]
    assert foreign_imports(imports, frozenset({"vulkan-1.dll"})) == ["libstdc++-6.dll", "libwinpthread-1.dll"]


def test_a_file_that_is_not_a_windows_program_is_refused(tmp_path: Path) -> None:
    elf = tmp_path / "sd-cli"
    elf.write_bytes(b"\x7fELF" + bytes(100))
    with pytest.raises(BuildError, match="not a Windows program"):
        pe_machine_and_magic(elf)


def _pe_with_text(text: bytes, image_base: int = 0x140000000, address: int = 0x1000) -> bytes:
    """A PE32+ file's headers and one .text section holding `text`, as mingw's linker lays them out."""
    pe_offset, optional_size = 0x80, 240
    head = bytearray(pe_offset + 24 + optional_size + 40)
    head[:2] = b"MZ"
    struct.pack_into("<I", head, 0x3C, pe_offset)
    head[pe_offset:pe_offset + 4] = b"PE\0\0"
    struct.pack_into("<HH12xH", head, pe_offset + 4, 0x8664, 1, optional_size)
    struct.pack_into("<HxxxxxxxxxxxxxxxxxxxxxxQ", head, pe_offset + 24, 0x20B, image_base)
    raw = 0x400
    struct.pack_into("<8sIIII", head, pe_offset + 24 + optional_size, b".text", len(text), address, len(text), raw)
    return bytes(head) + bytes(raw - len(head)) + text


def test_mingws_constructor_tables_at_the_end_of_the_code_are_not_read_as_instructions(tmp_path: Path) -> None:
    # a pointer's bytes (here c5 fd ...: a VEX prefix) read as an AVX instruction; the tables are data, not code:
    # the instruction-level check stops before them
    code, minus_one, zero = b"\x48\x89\xc8\xc3" * 6, b"\xff" * 8, bytes(8)
    pointers = struct.pack("<QQ", 0x14000FDC5, 0x140001010)
    program = tmp_path / "sd-cli.exe"
    program.write_bytes(_pe_with_text(code + minus_one + pointers + zero + minus_one + zero))
    assert constructor_tables_start(program) == 0x140000000 + 0x1000 + len(code)
    program.write_bytes(_pe_with_text(code + minus_one + pointers))  # no tables' end: nothing is cut
    assert constructor_tables_start(program) is None


def test_dsc_checksums_are_parsed_from_their_own_field_only() -> None:
    checksums = parse_dsc_checksums(DSC_TEXT)
    assert checksums == {
        "vulkan-tools_1.3.239.0+dfsg1.orig.tar.xz":
            ("faef7f477008b0a57bad21ee2bd791cbb08403a64d6b3eaf29d691a32eb8c592", 379688),
        "vulkan-tools_1.3.239.0+dfsg1-1.debian.tar.xz":
            ("c5ca62210adab80ecf0e9df732ecfce7854b6b3c5686d8d1738ffca1f92fb516", 3068),
    }
    assert dsc_name("vulkan-tools", "1:1.3.239.0+dfsg1-1") == "vulkan-tools_1.3.239.0+dfsg1-1.dsc"
    with pytest.raises(BuildError, match="no Checksums-Sha256"):
        parse_dsc_checksums("Format: 3.0 (quilt)\n")


def test_a_downloaded_file_that_does_not_match_its_dsc_is_refused(tmp_path: Path) -> None:
    orig = tmp_path / "pkg_1.0.orig.tar.xz"
    orig.write_bytes(b"upstream")
    dsc = f"Checksums-Sha256:\n {sha256_of(orig)} {orig.stat().st_size} {orig.name}\n"
    (tmp_path / "pkg_1.0-1.dsc").write_text(dsc)
    source = verify_debian_source("pkg", "1.0-1", tmp_path)
    assert source.file_matching(r"\.orig\.tar\.") == orig and source.sha256[orig.name] == sha256_of(orig)
    orig.write_bytes(b"upstreaM")
    with pytest.raises(BuildError, match="does not match the sha256"):
        verify_debian_source("pkg", "1.0-1", tmp_path)
    orig.unlink()
    with pytest.raises(BuildError, match="was not downloaded"):
        verify_debian_source("pkg", "1.0-1", tmp_path)


def _debian_tarball(path: Path, series: str | None) -> Path:
    with tarfile.open(path, "w:xz") as archive:
        files = {"debian/control": "Source: pkg\n"} | ({"debian/patches/series": series} if series else {})
        for name, text in files.items():
            data = text.encode()
            member = tarfile.TarInfo(name)
            member.size = len(data)
            archive.addfile(member, io.BytesIO(data))
    return path


def test_debian_patches_are_read_from_the_series_file(tmp_path: Path) -> None:
    assert debian_patches(_debian_tarball(tmp_path / "a.debian.tar.xz", None)) == []
    series = "# applied in order\nfix-build.patch\n\nno-werror.patch -p1\n"
    assert debian_patches(_debian_tarball(tmp_path / "b.debian.tar.xz", series)) == ["fix-build.patch",
                                                                                     "no-werror.patch"]


def test_expose_copies_changed_files_and_keeps_the_other_builds_record(tmp_path: Path) -> None:
    cache, bin_dir = tmp_path / "cache", tmp_path / "bin"
    cache.mkdir()
    (cache / "sd-cli").write_bytes(b"linux")
    (cache / SD_CLI_EXE).write_bytes(b"MZ windows")
    expose("linux", {"sd-cli": cache / "sd-cli"}, {"cache": "L"}, bin_dir)
    expose("windows", {SD_CLI_EXE: cache / SD_CLI_EXE}, {"cache": "W"}, bin_dir)
    info = read_build_info(bin_dir)
    assert info["linux"] == {"cache": "L", "files": {"sd-cli": {"sha256": sha256_of(cache / "sd-cli"), "bytes": 5}}}
    assert info["windows"]["files"][SD_CLI_EXE]["sha256"] == sha256_of(cache / SD_CLI_EXE)
    assert (bin_dir / SD_CLI_EXE).read_bytes() == b"MZ windows"
    assert not list(bin_dir.glob("*.partial"))
    with pytest.raises(ValueError, match="unknown build-info section"):
        expose("macos", {}, {}, bin_dir)
    # the next Windows build moved its program into a folder: the old place is emptied, Linux's file stays
    (cache / "moved.exe").write_bytes(b"MZ moved")
    expose("windows", {f"sub/{SD_CLI_EXE}": cache / "moved.exe"}, {"cache": "W2"}, bin_dir)
    assert not (bin_dir / SD_CLI_EXE).exists() and (bin_dir / "sub" / SD_CLI_EXE).read_bytes() == b"MZ moved"
    assert (bin_dir / "sd-cli").read_bytes() == b"linux"


def test_an_older_build_info_layout_is_dropped(tmp_path: Path) -> None:
    (tmp_path / "build-info.json").write_text(json.dumps({"version": "0.4.7", "cmake_flags": [], "cache": "x"}))
    assert read_build_info(tmp_path) == {}
    (tmp_path / "build-info.json").write_text("{not json")
    assert read_build_info(tmp_path) == {}


# --- the real build --------------------------------------------------------------------------------------------

def coff_symbol_count(program: Path) -> int:
    head = program.read_bytes()[:4096]
    (pe_offset,) = struct.unpack_from("<I", head, 0x3C)
    (count,) = struct.unpack_from("<I", head, pe_offset + 4 + 12)  # COFF header: NumberOfSymbols
    return count


def _built(section: str, name: str) -> tuple[Path, dict, str]:
    """A program the Windows side built (made before the tests): missing after that is a failure, not a skip.
    (program, its build's record, its name in the record: its place below backend_bin/bin/)"""
    record = read_build_info().get(section)
    program = BIN_DIR / name
    if record is None or not program.is_file():
        pytest.fail(f"{name} was not built ({BUILD_COMMAND} did not record it)")
    return program, record, name


@pytest.fixture(scope="module")
def sd_cli_exe(windows_side: WindowsSide) -> tuple[Path, dict, str]:
    return _built("windows", SD_CLI_EXE)


@pytest.fixture(scope="module")
def vulkaninfo_exe(windows_side: WindowsSide) -> tuple[Path, dict, str]:
    return _built("vulkaninfo", VULKANINFO_EXE)


@pytest.fixture(scope="module")
def llama_server_exe(windows_side: WindowsSide) -> tuple[Path, dict, str]:
    return _built("windows", "llama-server.exe")


@pytest.fixture(params=["sd_cli_exe", "vulkaninfo_exe", "llama_server_exe"])
def windows_program(request: pytest.FixtureRequest, windows_side: WindowsSide) -> tuple[Path, dict, str]:
    return request.getfixturevalue(request.param)


@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.backend
def test_a_built_program_is_a_pe32_plus_x86_64_file_with_the_hash_we_recorded(
        windows_program: tuple[Path, dict, str]) -> None:
    program, record, name = windows_program
    assert pe_machine_and_magic(program) == (0x8664, 0x20B)
    assert record["files"][name]["sha256"] == sha256_of(program)
    assert record["files"][name]["bytes"] == program.stat().st_size


@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.backend
@pytest.mark.skipif(sys.platform == "win32", reason="pe_imports runs mingw-w64's objdump, a Linux tool of the "
                    "cross-build; on Windows the backend tests running sd-cli.exe show its DLLs are there")
def test_a_built_program_needs_only_windows_dlls_the_vulkan_loader_and_its_own(
        windows_program: tuple[Path, dict, str]) -> None:
    program, record, _ = windows_program
    ours = frozenset(name.lower() for name in record.get("libraries", []))
    # each program and each DLL beside it, as the build checked them and as they are now
    recorded = record["imports"] if isinstance(record["imports"], dict) else {program.name: record["imports"]}
    assert program.name in recorded and set(record.get("libraries", [])) <= set(recorded)
    for name, imports in recorded.items():
        assert pe_imports(program.parent / name) == imports
        lowered = {dll.lower() for dll in imports}
        assert {"kernel32.dll", "msvcrt.dll"} <= lowered
        assert not [dll for dll in lowered if dll.startswith(("libstdc++", "libgcc", "libwinpthread", "libgomp"))]
        assert foreign_imports(imports, frozenset({"vulkan-1.dll"}) | ours) == []


@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.backend
def test_the_three_programs_share_ggmls_dlls_and_are_stripped(sd_cli_exe: tuple[Path, dict, str]) -> None:
    program, record, _ = sd_cli_exe
    assert [source["sha256"] for source in record["sources"]] == [SD_CPP_SDIST.sha256, LLAMA_CPP_SDIST.sha256]
    assert {"-DGGML_NATIVE=OFF", "-DGGML_OPENMP=OFF", "-DSD_VULKAN=ON", "-DGGML_BACKEND_DL=ON"} <= set(
        record["cmake_flags"])
    # the Vulkan backend is its own DLL, loaded at run time like the CPU variants: it needs the loader
    assert "vulkan-1.dll" in record["imports"]["ggml-vulkan.dll"]
    # one ggml (issue 49): the three programs link the same ggml.dll, and no second copy is anywhere
    for name in ("sd-cli.exe", "sd-server.exe", "llama-server.exe"):
        assert {"ggml.dll", "ggml-base.dll"} <= set(record["imports"][name])
    assert sorted(path.name for path in BIN_DIR.rglob("ggml-base.dll")) == ["ggml-base.dll"]
    for name in (*record["imports"], program.name):
        assert coff_symbol_count(BIN_DIR / name) == 0  # stripped: megabytes of symbols nobody on Windows reads
    assert (BIN_DIR / "ggml-vulkan.dll").stat().st_size > 20_000_000  # the compiled shaders are inside


@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.backend
@pytest.mark.skipif(sys.platform == "win32", reason="runs mingw-w64's nm, a Linux tool of the cross-build")
def test_the_constructor_tables_are_found_where_the_linker_put_them(sd_cli_exe: tuple[Path, dict, str]) -> None:
    # found in each stripped file by their shape; the build folder's own copies still name them
    _, record, _ = sd_cli_exe
    built = Path(record["cache"]) / "build" / "bin"
    for name in (*record["imports"], sd_cli_exe[0].name):
        symbols = subprocess.run([f"{windows.MINGW}-nm", str(built / name)], capture_output=True, text=True,
                                 check=True).stdout
        [start] = [int(line.split()[0], 16) for line in symbols.splitlines() if line.endswith(" __CTOR_LIST__")]
        assert constructor_tables_start(BIN_DIR / name) == start, name


@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.backend
def test_vulkaninfo_exe_is_built_from_the_checked_debian_source(vulkaninfo_exe: tuple[Path, dict, str]) -> None:
    program, record, _ = vulkaninfo_exe
    source = record["source"]
    assert (source["package"], source["version"]) == ("vulkan-tools", windows.VULKAN_TOOLS_VERSION)
    assert set(source["files"]) == {"vulkan-tools_1.3.239.0+dfsg1.orig.tar.xz",
                                    "vulkan-tools_1.3.239.0+dfsg1-1.debian.tar.xz"}
    assert record["patches"] == [ABORT_BEHAVIOR_MARKER]
    # it loads vulkan-1.dll itself at run time, so a machine without a driver can still run it and say so
    assert "vulkan-1.dll" not in {name.lower() for name in record["imports"]}
    assert coff_symbol_count(program) == 0
    assert 1_000_000 < program.stat().st_size < 6_000_000


@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.skipif(sys.platform == "win32", reason="runs the backend build, which exists on "
                    "Linux only (the Windows backend is cross-built there)")
@pytest.mark.backend
def test_a_warm_windows_cache_only_exposes_the_programs(sd_cli_exe: tuple[Path, dict, str],
                                                        vulkaninfo_exe: tuple[Path, dict, str]) -> None:
    cache = Path(sd_cli_exe[1]["cache"]).parent
    result = subprocess.run([sys.executable, "-m", "backend_bin.build", "--windows", "--cpu-variants", "tests",
                             "--cache", str(cache)],
                            capture_output=True, text=True, cwd=REPO, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("cache is warm") == 2
    assert "$ " not in result.stdout  # no step ran: no cmake, no compiler, no apt
    last = f"[backend build] ready: {BIN_DIR / SD_CLI_EXE} and {BIN_DIR / VULKANINFO_EXE}"
    assert result.stdout.splitlines()[-1] == last


@pytest.mark.full
@pytest.mark.windows_side
@pytest.mark.backend
def test_the_windows_programs_took_the_shaders_the_linux_build_compiled(sd_cli_exe: tuple[Path, dict, str]) -> None:
    # the same ggml for both targets: its shaders are compiled once, by the Linux build (setup.sh builds it first)
    assert sd_cli_exe[1]["shaders_from_linux_build"] is True
