from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
from pathlib import Path

import pytest

from backend_bin import engine, output, source, windows
from backend_bin.cpu_variants import CPU_VARIANTS, TEST_CPU_VARIANTS, variant_library
from backend_bin.engine import TARGETS
from backend_bin.linux import BuildOptions
from backend_bin.output import BIN_DIR, BUILD_INFO, cache_lock, expose, read_build_info, sha256_of
from backend_bin.source import (
    GGML_PATCHES,
    GGML_VULKAN_CPP,
    LLAMA_CPP_SDIST,
    OLD_HEADERS_MARKER,
    SD_CPP_PATCHES,
    SD_CPP_SDIST,
    SHORT_ROWS,
    SUBMIT_CAP,
    SUBMIT_CAP_MARKER,
    PinnedSdist,
    SourcePatch,
    build_patches,
    extract_sources,
    fetch_sdist,
    guard_layer_settings,
    headers_lack_layer_settings,
)
from backend_bin.tools import BuildError
from backend_bin.windows import WindowsOptions, copy_vulkan_headers
from tests.helpers.file_server import Served, file_server
from tests.helpers.windows_side import WindowsSide

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build_info() -> dict:
    info = BIN_DIR / "build-info.json"
    linux = json.loads(info.read_text()).get("linux") if info.exists() else None
    if linux is None:
        pytest.fail("no backend build yet: run ./scripts/setup.sh")
    return linux


@pytest.fixture(scope="module")
def pristine_ggml_vulkan(build_info: dict) -> str:
    sdist = Path(build_info["cache"]).parent / "downloads" / LLAMA_CPP_SDIST.file
    with tarfile.open(sdist) as archive:
        member = archive.extractfile(f"{LLAMA_CPP_SDIST.subdir}/{GGML_VULKAN_CPP.as_posix()}")
        assert member is not None
        return member.read().decode()


def test_guard_wraps_layer_settings_in_ifdef_once(pristine_ggml_vulkan: str) -> None:
    fixed = guard_layer_settings(pristine_ggml_vulkan)
    assert fixed.count("#ifdef VK_EXT_layer_settings") == 1
    assert fixed.count(OLD_HEADERS_MARKER) == 1
    guarded = fixed[fixed.index("#ifdef VK_EXT_layer_settings"):]
    guarded = guarded[: guarded.index("#endif")]
    assert "vk::LayerSettingEXT" in guarded and "#else" in guarded
    assert guard_layer_settings(fixed) == fixed  # applying it twice changes nothing
    assert len(fixed.splitlines()) == len(pristine_ggml_vulkan.splitlines()) + 5


def test_guard_refuses_a_source_of_another_shape() -> None:
    with pytest.raises(BuildError, match="changed shape"):
        guard_layer_settings("int main() { return 0; }\n")


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux build's check for its Debian packages (apt, "
                    "build-essential, cmake): the backends are built on Linux, Windows has no apt")
def test_missing_system_packages_are_named_with_the_install_command(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "backend_bin.build", "--cache", str(tmp_path / "cache")],
        capture_output=True, text=True, cwd=REPO, env={"PATH": str(tmp_path)}, check=False,
    )
    assert result.returncode == 1
    assert "missing system packages: binutils build-essential cmake glslc" in result.stdout
    assert "sudo apt-get install binutils build-essential cmake glslc" in result.stdout
    assert not (tmp_path / "cache" / "downloads").exists()  # refused before downloading anything


@pytest.mark.skipif(sys.platform == "win32", reason="runs the backend build, which exists on "
                    "Linux only (the Windows backend is cross-built there)")
@pytest.mark.parametrize("asked", [[], ["--pictures-only"]], ids=["everything", "the programs that draw"])
def test_a_warm_cache_only_exposes_the_binaries(build_info: dict, asked: list[str]) -> None:
    # the first set-up's request (--pictures-only) served by a cache that has all three keeps llama-server too
    cache = Path(build_info["cache"]).parent
    result = subprocess.run([sys.executable, "-m", "backend_bin.build", "--cpu-variants", "tests", *asked,
                             "--cache", str(cache)], capture_output=True, text=True, cwd=REPO, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "cache is warm" in result.stdout
    assert "$ cmake" not in result.stdout
    for name in TARGETS:
        assert os.access(BIN_DIR / name, os.X_OK)
    # ggml's Vulkan backend (its compiled shaders) is the largest part of the folder
    assert (BIN_DIR / "libggml-vulkan.so").stat().st_size > 10_000_000
    assert result.stdout.splitlines()[-1] == f"[backend build] ready: {BIN_DIR / 'sd-cli'}"


def test_an_sdist_comes_from_its_pinned_address_checked_as_it_arrives(tmp_path: Path) -> None:
    data = b"the bytes of an sdist"
    with file_server(Served(files={"/sdist.tar.gz": data})) as base:
        pinned = PinnedSdist("some-sdist", "1.0", hashlib.sha256(data).hexdigest(), "vendor/x", f"{base}/sdist.tar.gz")
        downloads = tmp_path / "downloads"
        assert fetch_sdist(downloads, pinned).read_bytes() == data
        (downloads / pinned.file).write_bytes(b"damaged on disk")  # a damaged copy is fetched again
        assert fetch_sdist(downloads, pinned).read_bytes() == data
        other = dataclasses.replace(pinned, version="2.0", sha256="0" * 64)  # the address serves another file
        with pytest.raises(BuildError, match="arrived damaged"):
            fetch_sdist(downloads, other)
    assert sorted(path.name for path in downloads.iterdir()) == [pinned.file]  # nothing half-written is kept


@pytest.mark.skipif(sys.platform == "win32", reason="asks the Linux loader which libraries it finds (ldd)")
def test_the_three_programs_load_one_ggml_beside_them(build_info: dict) -> None:
    # issue 49: one ggml (0.25.3, the llama-cpp-python sdist's) for sd-cli, sd-server and llama-server, found beside
    # them ($ORIGIN), and no second copy anywhere below backend_bin/bin
    for name in TARGETS:
        found = dict(re.findall(r"^\s*(\S+) => (\S+)", subprocess.run(
            ["ldd", str(BIN_DIR / name)], capture_output=True, text=True, check=True).stdout, flags=re.MULTILINE))
        for library in ("libggml.so", "libggml-base.so"):
            assert Path(found[library]) == BIN_DIR / library, (name, found)
    assert sorted(path.name for path in BIN_DIR.rglob("libggml-base.so*")) == ["libggml-base.so"]
    assert build_info["sources"] == [SD_CPP_SDIST.record(), LLAMA_CPP_SDIST.record()]


def test_build_info_records_the_sources_options_and_a_hash_of_each_binary(build_info: dict) -> None:
    assert [record["version"] for record in build_info["sources"]] == ["0.4.7", "0.3.36"]
    assert [record["sha256"] for record in build_info["sources"]] == [SD_CPP_SDIST.sha256, LLAMA_CPP_SDIST.sha256]
    # the test run's three CPU variants, or all five (a cache of five serves the tests)
    options = BuildOptions(variants=tuple(build_info["cpu_variants"]))
    assert set(TEST_CPU_VARIANTS) <= set(options.variants) <= set(CPU_VARIANTS)
    assert build_info["cmake_flags"] == options.cmake_flags()
    assert build_info["patches"] == source.source_patches_record(build_patches(windows=False))
    assert Path(build_info["cache"]).name == options.cache_key()
    assert sorted(build_info["files"]) == sorted([*TARGETS, *build_info["libraries"]])
    assert {variant_library(variant, windows=False) for variant in options.variants} <= set(build_info["libraries"])
    for name, recorded in build_info["files"].items():
        assert recorded["sha256"] == sha256_of(BIN_DIR / name)
        assert recorded["bytes"] == (BIN_DIR / name).stat().st_size


def test_the_portable_linux_build_keeps_its_cache_key() -> None:
    # the key names the cache folder every machine already holds: changing it means a ~7 minute rebuild
    # everywhere, so it changes only on purpose (with the version, the options or our patches)
    # (changed on 2026-11-28: -O1 around ggml's kernels in every build, and the short rows' norms patch; on
    # 2026-11-29: the keys take host_code.cmake's code, not its comments; later that day: the three programs on
    # one ggml, 0.25.3)
    assert BuildOptions().cache_key() == "linux-0.4.7-0.3.36-101efff22d7e"
    assert BuildOptions(native=True).cache_key() != BuildOptions().cache_key()


# the programs' own code, in the folders engine/CMakeLists.txt builds them in
AROUND_THE_KERNELS = (
    "stable-diffusion.cpp/CMakeFiles/stable-diffusion.dir/", "stable-diffusion.cpp/examples/cli/CMakeFiles/sd-cli.dir/",
    "stable-diffusion.cpp/examples/server/CMakeFiles/sd-server.dir/", "llama.cpp/src/CMakeFiles/llama.dir/",
    "llama.cpp/common/CMakeFiles/llama-common.dir/", "llama.cpp/tools/mtmd/CMakeFiles/mtmd.dir/",
    "llama.cpp/tools/server/CMakeFiles/server-context.dir/")


def assert_only_ggml_is_compiled_at_o3(section: str) -> None:
    """A build folder's compile_commands.json: the code around ggml's kernels at -O1, ggml's own libraries at -O3."""
    build = Path(read_build_info()[section]["cache"]) / "build"
    commands = json.loads((build / "compile_commands.json").read_text(encoding="utf-8"))

    def object_file(command: dict[str, str]) -> Path:
        """The file a compiler command writes (cmake 3.25 records no "output" field: its -o argument says)."""
        words = command["command"].split()
        return Path(command["directory"]) / words[words.index("-o") + 1]

    def levels(target: str) -> set[str]:
        """The -O level each of the target's files was compiled at (the last -O is the compiler's)."""
        found = {[word for word in command["command"].split() if word.startswith("-O")][-1]
                 for command in commands  # make names each file from its folder's build folder, Ninja from the top
                 if object_file(command).relative_to(build).as_posix().startswith(target)}
        assert found, f"no file of {target} in {build / 'compile_commands.json'}"
        return found

    o1, o3 = frozenset({"-O1"}), frozenset({"-O3"})
    assert {target: levels(target) for target in AROUND_THE_KERNELS} == dict.fromkeys(AROUND_THE_KERNELS, o1)
    kernels = ("ggml/src/CMakeFiles/ggml-base.dir/", "ggml/src/ggml-vulkan/CMakeFiles/ggml-vulkan.dir/",
               *(f"ggml/src/CMakeFiles/ggml-cpu-{variant}.dir/" for variant in TEST_CPU_VARIANTS))
    assert {target: levels(target) for target in kernels} == dict.fromkeys(kernels, o3)


@pytest.mark.skipif(sys.platform == "win32", reason="reads the Linux build's own folder in the build cache")
def test_the_code_around_ggml_s_kernels_is_compiled_at_o1_and_ggml_at_o3() -> None:
    assert_only_ggml_is_compiled_at_o3("linux")


@pytest.mark.full
@pytest.mark.windows_side
def test_the_windows_build_compiles_the_code_around_the_kernels_at_o1_too(windows_side: WindowsSide) -> None:
    assert_only_ggml_is_compiled_at_o3("windows")


def test_both_cache_keys_change_with_the_submit_cap_patch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    linux, windows = BuildOptions().cache_key(), WindowsOptions().cache_key()
    changed = tmp_path / SUBMIT_CAP.file.name
    changed.write_text(SUBMIT_CAP.file.read_text().replace("polaris_gcn_max_nodes_per_submit = 16",
                                                           "polaris_gcn_max_nodes_per_submit = 8"))
    patches = tuple(SourcePatch(changed, p.marker, p.changes) if p is SUBMIT_CAP else p for p in GGML_PATCHES)
    monkeypatch.setattr(source, "GGML_PATCHES", patches)
    assert BuildOptions().cache_key() != linux
    assert WindowsOptions().cache_key() != windows


def test_both_cache_keys_change_with_the_project_that_builds_the_programs(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    keys = (BuildOptions().cache_key, WindowsOptions().cache_key)
    before = [key() for key in keys]
    project = tmp_path / "engine"
    project.mkdir()
    text = (engine.PROJECT / "CMakeLists.txt").read_text(encoding="utf-8")
    (project / "CMakeLists.txt").write_text("# reworded\n" + text, encoding="utf-8")
    monkeypatch.setattr(engine, "PROJECT", project)
    assert [key() for key in keys] == before  # a comment: the same key
    (project / "CMakeLists.txt").write_text(text.replace("GGML_MAX_NAME=128", "GGML_MAX_NAME=256"), encoding="utf-8")
    assert [key() == old for key, old in zip(keys, before, strict=True)] == [False, False]


def test_every_cache_key_changes_with_what_is_compiled_at_o1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = (BuildOptions().cache_key, WindowsOptions().cache_key)
    before = [key() for key in keys]
    changed = tmp_path / output.HOST_CODE_CMAKE.name
    changed.write_text(output.HOST_CODE_CMAKE.read_text(encoding="utf-8").replace("-O1", "-O2"), encoding="utf-8")
    monkeypatch.setattr(output, "HOST_CODE_CMAKE", changed)
    assert [key() == old for key, old in zip(keys, before, strict=True)] == [False] * len(keys)


def test_no_cache_key_changes_with_a_comment_in_a_file_we_write(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    keys = (BuildOptions().cache_key, WindowsOptions().cache_key)
    before = [key() for key in keys]
    commented = tmp_path / output.HOST_CODE_CMAKE.name
    text = output.HOST_CODE_CMAKE.read_text(encoding="utf-8")
    commented.write_text("# a new first line\n\n" + text.replace("\nendif()", "  # reworded\nendif()   "),
                         encoding="utf-8")
    monkeypatch.setattr(output, "HOST_CODE_CMAKE", commented)
    monkeypatch.setattr(windows, "TOOLCHAIN_FILE_TEXT", windows.TOOLCHAIN_FILE_TEXT + "# another comment\n")
    monkeypatch.setattr(windows, "COMPAT_HEADER_TEXT",
                        windows.COMPAT_HEADER_TEXT.replace("#endif", "/* reworded\n  */ #endif // here", 1))
    assert [key() for key in keys] == before
    # and a line of code in any of them is a new key
    monkeypatch.setattr(windows, "COMPAT_HEADER_TEXT", windows.COMPAT_HEADER_TEXT + "#define MORE 1\n")
    assert [key() == old for key, old in zip(keys, before, strict=True)] == [True, False]


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux build's cache folder")
def test_the_build_compiled_through_ccache_into_the_cache(build_info: dict) -> None:
    cache = Path(build_info["cache"]).parent
    configured = (Path(build_info["cache"]) / "build" / "CMakeCache.txt").read_text(encoding="utf-8")
    assert f"GGML_CCACHE_FOUND:FILEPATH={shutil.which('ccache')}" in configured
    assert output.compiler_cache_settings(cache)["CCACHE_DIR"] == str(cache / "ccache")
    assert any(path.is_file() for path in (cache / "ccache").rglob("*R")), "no compiled file in ccache's store"


@pytest.fixture(scope="module")
def downloads(build_info: dict) -> Path:
    return Path(build_info["cache"]).parent / "downloads"


@pytest.mark.skipif(sys.platform == "win32", reason="runs GNU patch, a tool of the Linux build machine")
@pytest.mark.parametrize("target", ["linux", "windows"])
def test_our_patches_apply_to_each_targets_source_trees_once(target: str, downloads: Path, tmp_path: Path) -> None:
    # the Windows build unpacks its own trees and guards them for the headers it copies beside them (windows.py)
    include_dirs = [Path("/usr/include")] if target == "linux" else [copy_vulkan_headers(tmp_path / "headers")]
    sources = extract_sources(downloads, tmp_path / target, include_dirs, windows=target == "windows")
    # sd.cpp's own, older ggml is gone: its folder is the shared ggml (one private header is reached through it)
    assert (sources.sd_cpp / "ggml").is_symlink() and (sources.sd_cpp / "ggml").resolve() == sources.ggml.resolve()
    assert (sources.ggml / "src" / "ggml-vulkan" / "ggml-vulkan-types.h").is_file()  # 0.25.3's backend, in 6 files
    patched = (sources.llama_cpp / GGML_VULKAN_CPP).read_text()
    assert patched.count(SUBMIT_CAP_MARKER) == 2  # the submit counter and the cap
    assert 'getenv("POLARIS_VK_MAX_NODES_PER_SUBMIT")' in patched
    # ggml's own flops cap, below 32 CUs only, reaches every GCN card (and any device under our variable)
    assert "flops_cap = std::min(flops_cap, polaris_gcn_flops_per_cu *" in patched
    assert "bool submit = (submitted_nodes >= max_nodes_per_submit) ||" in patched
    # the short rows' norms: the same shader compiled a second time, for 64 invocations, and chosen by row length
    assert patched.count(SHORT_ROWS.marker) == 1 and "polaris_short_rows(src0->ne[0])" in patched
    vulkan = sources.llama_cpp / GGML_VULKAN_CPP.parent
    assert "pipeline_rms_norm_short_rows_f32;" in (vulkan / "ggml-vulkan-types.h").read_text()
    generator = (vulkan / "vulkan-shaders" / "vulkan-shaders-gen.cpp").read_text()
    assert '"rms_norm_short_rows_f32", "rms_norm.comp"' in generator
    assert (OLD_HEADERS_MARKER in patched) == headers_lack_layer_settings(include_dirs)
    # the CPU variants' subset, sd.cpp reaching its CPU backend only through the registry, and on Windows
    # llama.cpp's common library linked into the server
    assert "tag_name IN_LIST GGML_CPU_VARIANTS" in (sources.ggml / "src" / "CMakeLists.txt").read_text()
    for name in ("util.cpp", "convert.cpp"):
        assert '#include "ggml-cpu.h"' not in (sources.sd_cpp / "src" / name).read_text()
    static_common = "polaris: static common" in (sources.llama_cpp / "common" / "CMakeLists.txt").read_text()
    assert static_common == (target == "windows")
    patches = build_patches(windows=target == "windows")
    assert len(patches) == len(GGML_PATCHES) + len(SD_CPP_PATCHES) + (target == "windows")
    changed = [(sources.sd_cpp if patch in SD_CPP_PATCHES else sources.llama_cpp) / patch.changes for patch in patches]
    trees = {path: path.read_bytes() for path in changed}
    extract_sources(downloads, tmp_path / target, include_dirs, windows=target == "windows")  # a retried build
    assert {path: path.read_bytes() for path in changed} == trees
    assert not list(tmp_path.rglob("*.orig")) and not list(tmp_path.rglob("*.rej"))


def test_a_build_removes_the_prompt_helpers_own_ggml_of_an_earlier_version(tmp_path: Path) -> None:
    # before issue 49, llama-server and a ggml of its own lived in bin/llama/ (the "llama-linux" section): a bundle
    # takes every library it finds, so the next build takes them away
    bin_dir = tmp_path / "bin"
    (bin_dir / "llama").mkdir(parents=True)
    retired = {"llama/llama-server": {}, "llama/libggml-base.so": {}}
    for name in retired:
        (bin_dir / name).write_bytes(b"the older build's")
    (bin_dir / BUILD_INFO).write_text(json.dumps({"llama-linux": {"files": retired}}), encoding="utf-8")
    program = tmp_path / "llama-server"
    program.write_bytes(b"this build's")
    expose("linux", {"llama-server": program}, {"cpu_variants": []}, bin_dir)
    assert sorted(path.relative_to(bin_dir).as_posix() for path in bin_dir.rglob("*")) == [BUILD_INFO, "llama-server"]
    assert list(json.loads((bin_dir / BUILD_INFO).read_text(encoding="utf-8"))) == ["linux"]


@pytest.mark.skipif(sys.platform == "win32", reason="runs GNU patch, a tool of the Linux build machine")
def test_the_submit_cap_refuses_a_source_of_another_shape(tmp_path: Path) -> None:
    ggml_vulkan = tmp_path / GGML_VULKAN_CPP
    ggml_vulkan.parent.mkdir(parents=True)
    ggml_vulkan.write_text("int main() { return 0; }\n")
    with pytest.raises(BuildError, match="needs updating"):
        SUBMIT_CAP.apply(tmp_path)


def test_a_second_build_of_one_cache_waits_for_the_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # setup.sh and the Models window may both start a build; two compilers writing one build folder would
    # corrupt it, so the second waits and then finds the first one's result
    work, order = tmp_path / "0.4.7-key", []
    first_in, second_waits, release = threading.Event(), threading.Event(), threading.Event()
    monkeypatch.setattr(output, "say", lambda message: second_waits.set())

    def build(name: str, inside: threading.Event | None) -> None:
        with cache_lock(work):
            order.append(name)
            if inside is not None:
                inside.set()
                assert release.wait(10)

    first = threading.Thread(target=build, args=("first", first_in))
    second = threading.Thread(target=build, args=("second", None))
    first.start()
    assert first_in.wait(10)
    second.start()
    assert second_waits.wait(10)
    assert order == ["first"]
    release.set()
    first.join(10)
    second.join(10)
    assert order == ["first", "second"]
