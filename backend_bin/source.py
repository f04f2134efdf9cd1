"""The sources every backend is built from, fetched and checked once: the pinned PyPI sdists (sd.cpp's code, and
llama.cpp's with the ggml all three programs share) and Debian source packages; plus our source changes: patch files
beside this module (the submit cap, the short rows, the CPU variants' subset, sd.cpp's CPU backend through the
registry, llama.cpp's common library linked in on Windows) and the guard for old Vulkan headers (where the target's
headers need it)."""

from __future__ import annotations

import os
import re
import shutil
import tarfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from app.core.models.downloads import DownloadError
from app.services.models.downloader import download_file
from backend_bin.cpu_variants import CPU_VARIANTS_MARKER, CPU_VARIANTS_PATCH
from backend_bin.output import sha256_of
from backend_bin.tools import BuildError, run_step, say


@dataclass(frozen=True)
class PinnedSdist:
    """A PyPI sdist that vendors a C++ program we build, pinned by version, address and sha256."""

    name: str
    version: str
    sha256: str
    vendored: str  # the program's folder inside the unpacked sdist
    url: str  # the file's address on PyPI (its simple index lists it with the sha256)

    @property
    def file(self) -> str:
        return f"{self.name.replace('-', '_')}-{self.version}.tar.gz"

    @property
    def subdir(self) -> str:
        return f"{self.name.replace('-', '_')}-{self.version}/{self.vendored}"

    def record(self) -> dict[str, str]:
        return {"name": self.name, "version": self.version, "file": self.file, "sha256": self.sha256}


# sd.cpp master-596 (2026-05-06): the pictures' code (its own ggml, of 2026-03-28, is not built)
SD_CPP_SDIST = PinnedSdist("stable-diffusion-cpp-python", "0.4.7",
                           "998d1957260dd5ae4e18a8acc0c14b0a8757aaa9f96515197b6d5bbf46df9282",
                           "vendor/stable-diffusion.cpp",
                           "https://files.pythonhosted.org/packages/b1/06/"
                           "300aba9ac36e2166fbe45b4a29039a76f725ef08796f5472caf3e8c4e08d/"
                           "stable_diffusion_cpp_python-0.4.7.tar.gz")
# llama.cpp of 2026-10-01 (0c1e570): the prompt helper's server, and ggml 0.25.3, the one ggml of all three programs
LLAMA_CPP_SDIST = PinnedSdist("llama-cpp-python", "0.3.36",
                              "832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e", "vendor/llama.cpp",
                              "https://files.pythonhosted.org/packages/ec/e9/"
                              "e7de2b0463ea3ffbf0ede6cb21b58c1258a8f6521aae45ca773a59fe7cf3/"
                              "llama_cpp_python-0.3.36.tar.gz")

GGML_FOLDER = Path("ggml")
GGML_VULKAN_CPP = GGML_FOLDER / "src" / "ggml-vulkan" / "ggml-vulkan.cpp"

# Debian 12's Vulkan headers (VK_HEADER_VERSION 239) predate VK_EXT_layer_settings, which this ggml
# uses unconditionally when it creates the Vulkan instance. The guard keeps both paths compiling.
OLD_HEADERS_MARKER = "polaris: old Vulkan headers lack VK_EXT_layer_settings"
LAYER_SETTINGS_START = "    VkBool32 enable_best_practice = layer_settings;\n"
LAYER_SETTINGS_END = (
    "    vk::InstanceCreateInfo instance_create_info(vk::InstanceCreateFlags{}, &app_info, layers, "
    "extensions, &layer_setting_info);\n"
)
LAYER_SETTINGS_FALLBACK = (
    "#else\n"
    f"    // {OLD_HEADERS_MARKER}\n"
    "    vk::InstanceCreateInfo instance_create_info(vk::InstanceCreateFlags{}, &app_info, layers, "
    "extensions);\n"
    "#endif\n"
)


@dataclass(frozen=True)
class SourcePatch:
    """One of our patches (a file beside this module), applied once: a tree whose `changes` file holds the marker
    has it already (a retried build leaves it alone)."""

    file: Path
    marker: str
    changes: Path  # the file it changes whose text carries the marker afterwards, relative to the tree

    def record(self) -> dict[str, str]:
        return {"file": self.file.name, "sha256": sha256_of(self.file), "marker": self.marker}

    def apply(self, tree: Path) -> None:
        if self.marker in (tree / self.changes).read_text(errors="replace"):
            return
        say(f"applying {self.file.name} to {self.changes.name}")
        try:
            run_step(["patch", "--directory", str(tree), "--strip=1", "--forward", "--batch",
                      "--no-backup-if-mismatch", "--input", str(self.file)])
        except BuildError as error:
            raise BuildError(f"{error}\n{self.changes.name} changed shape; {self.file.name} needs updating") from error


HERE = Path(__file__).resolve().parent
# Bounds the work per vkQueueSubmit on AMD GCN cards: ggml 0.25.3 caps it by itself below 32 compute units only, and an
# RX 470-590 (32-36) can exceed the driver's ~2 s timeout otherwise (llama.cpp #18523, #21724). Our own patch; the
# patch says more (POLARIS_VK_MAX_NODES_PER_SUBMIT overrides it on any device).
SUBMIT_CAP = SourcePatch(HERE / "ggml-vulkan-submit-cap.patch", "polaris: submit cap", GGML_VULKAN_CPP)
SUBMIT_CAP_PATCH = SUBMIT_CAP.file
SUBMIT_CAP_MARKER = SUBMIT_CAP.marker
# RMS norms of short rows (a head of 128 values) with 64 invocations per row, not 512: the same sums, fewer idle
# invocations and barriers (the patch says more; POLARIS_VK_SHORT_ROWS=0 turns it off). Our own patch.
SHORT_ROWS = SourcePatch(HERE / "ggml-vulkan-short-rows.patch", "polaris: short rows", GGML_VULKAN_CPP)
# ggml's CPU variants (backend_bin/cpu_variants.py): build the subset GGML_CPU_VARIANTS names
CPU_VARIANTS = SourcePatch(CPU_VARIANTS_PATCH, CPU_VARIANTS_MARKER, GGML_FOLDER / "src" / "CMakeLists.txt")
# sd.cpp 0.4.7 with its CPU backend loaded at run time: the two direct calls left go through the registry
BACKEND_DL = SourcePatch(HERE / "sd-cpp-backend-dl.patch", "polaris: backend dl", Path("src") / "util.cpp")
# Windows: llama.cpp's common library (its log's worker thread) linked into llama-server.exe, not a DLL whose static
# destructor joins that thread while Windows unloads it at exit (`llama-server.exe --help` never ended)
STATIC_COMMON = SourcePatch(HERE / "llama-static-common.patch", "polaris: static common",
                            Path("common") / "CMakeLists.txt")
# what each tree gets: ggml (in llama.cpp's tree, ggml/), sd.cpp's code, llama.cpp's code (Windows only)
GGML_PATCHES = (SUBMIT_CAP, SHORT_ROWS, CPU_VARIANTS)
SD_CPP_PATCHES = (BACKEND_DL,)
LLAMA_CPP_WINDOWS_PATCHES = (STATIC_COMMON,)


def build_patches(windows: bool) -> tuple[SourcePatch, ...]:
    """Every patch of ours one build of the programs applies (build-info.json records them, the cache keys digest
    them)."""
    return (*GGML_PATCHES, *SD_CPP_PATCHES, *(LLAMA_CPP_WINDOWS_PATCHES if windows else ()))


def fetch_sdist(downloads: Path, pinned: PinnedSdist = SD_CPP_SDIST) -> Path:
    """The sdist from its pinned address, checked against its sha256 as it arrives (the app's own downloader: it
    resumes, retries and honours the proxy and certificate settings of the environment). Not `pip download`: to name
    the file, pip installs the sdist's build tools and asks them its metadata, 80 of the 83 s it took from an empty
    pip cache."""
    target = downloads / pinned.file
    if target.exists() and sha256_of(target) == pinned.sha256:
        return target
    target.unlink(missing_ok=True)
    say(f"downloading {pinned.name}=={pinned.version} (sdist) from PyPI: {pinned.url}")
    try:
        download_file(pinned.url, target, sha256=pinned.sha256, size=None,
                      allowed_hosts=frozenset({urlsplit(pinned.url).hostname or ""}), what=pinned.file)
    except DownloadError as error:
        raise BuildError(str(error)) from error
    return target


def source_patches_record(patches: tuple[SourcePatch, ...]) -> list[dict[str, str]]:
    """Our patches, as build-info.json records them (and the cache keys digest them)."""
    return [patch.record() for patch in patches]


def patches_digest(patches: tuple[SourcePatch, ...]) -> list[str]:
    """Our patches' sha256, for a cache key: a changed patch must rebuild, never reuse a cache built without it."""
    return [patch["sha256"] for patch in source_patches_record(patches)]


def headers_lack_layer_settings(include_dirs: Iterable[Path]) -> bool:
    """Whether the first vulkan_core.h found among include_dirs (the one the compiler will see) is too old."""
    for include_dir in include_dirs:
        header = include_dir / "vulkan" / "vulkan_core.h"
        if header.exists():
            return "VK_EXT_layer_settings" not in header.read_text(errors="replace")
    return False


def guard_layer_settings(source: str) -> str:
    """Return ggml-vulkan.cpp with the VK_EXT_layer_settings use wrapped in #ifdef."""
    if OLD_HEADERS_MARKER in source:
        return source
    if source.count(LAYER_SETTINGS_START) != 1 or source.count(LAYER_SETTINGS_END) != 1:
        raise BuildError("ggml-vulkan.cpp changed shape; the old-Vulkan-headers fix needs updating")
    source = source.replace(LAYER_SETTINGS_START, "#ifdef VK_EXT_layer_settings\n" + LAYER_SETTINGS_START)
    return source.replace(LAYER_SETTINGS_END, LAYER_SETTINGS_END + LAYER_SETTINGS_FALLBACK)


@dataclass(frozen=True)
class Sources:
    """The unpacked, patched trees one build of the programs compiles: sd.cpp's (without its own ggml) and
    llama.cpp's, whose ggml all three programs share."""

    sd_cpp: Path
    llama_cpp: Path

    @property
    def ggml(self) -> Path:
        return self.llama_cpp / GGML_FOLDER


def unpack_folder(sdist: Path, pinned: PinnedSdist, source_root: Path) -> Path:
    """The program's folder of a pinned sdist (only it: the sdists carry their Python packages too), unpacked below
    source_root once."""
    tree = source_root / pinned.subdir
    if not tree.exists():
        say(f"unpacking {pinned.vendored.rsplit('/', 1)[-1]}")
        unpacked = source_root / f"{pinned.file}.partial"
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(sdist) as archive:
            members = [member for member in archive.getmembers() if member.name.startswith(pinned.subdir + "/")]
            archive.extractall(unpacked, members=members, filter="data")
        tree.parent.mkdir(parents=True, exist_ok=True)
        (unpacked / pinned.subdir).rename(tree)  # whole or not at all: an interrupted unpack starts again
        shutil.rmtree(unpacked)
    return tree


def extract_sources(downloads: Path, work: Path, include_dirs: Iterable[Path], windows: bool) -> Sources:
    """Both pinned sdists checked and unpacked into work/src (once), our patches applied, ggml-vulkan guarded for the
    Vulkan headers it will be compiled against. sd.cpp's own ggml (of 2026-03-28) is removed and its folder made a
    link to the shared one: sd.cpp's code reaches one of ggml's private headers by a relative path
    (src/ggml_graph_cut.cpp: "../ggml/src/ggml-impl.h"), which must be the header of the ggml it links. Each target
    (Linux, Windows) unpacks its own copy: the guard and the Windows patches differ."""
    source_root = work / "src"
    sd_cpp = unpack_folder(fetch_sdist(downloads, SD_CPP_SDIST), SD_CPP_SDIST, source_root)
    llama_cpp = unpack_folder(fetch_sdist(downloads, LLAMA_CPP_SDIST), LLAMA_CPP_SDIST, source_root)
    own_ggml = sd_cpp / GGML_FOLDER
    if not own_ggml.is_symlink():
        shutil.rmtree(own_ggml, ignore_errors=True)
        own_ggml.symlink_to(os.path.relpath(llama_cpp / GGML_FOLDER, sd_cpp), target_is_directory=True)
    for patch in GGML_PATCHES:
        patch.apply(llama_cpp)
    for patch in SD_CPP_PATCHES:
        patch.apply(sd_cpp)
    for patch in LLAMA_CPP_WINDOWS_PATCHES if windows else ():
        patch.apply(llama_cpp)
    guard_for_headers(llama_cpp, include_dirs)
    return Sources(sd_cpp, llama_cpp)


def guard_for_headers(tree: Path, include_dirs: Iterable[Path]) -> None:
    """Guard `tree`'s ggml-vulkan.cpp (sd.cpp's or llama.cpp's) when the headers it will see are too old."""
    if not headers_lack_layer_settings(include_dirs):
        return
    ggml_vulkan = tree / GGML_VULKAN_CPP
    text = ggml_vulkan.read_text()
    fixed = guard_layer_settings(text)
    if fixed != text:
        say(f"the Vulkan headers lack VK_EXT_layer_settings: applying the guard to {ggml_vulkan}")
        ggml_vulkan.write_text(fixed)


@dataclass(frozen=True)
class DebianSource:
    """A Debian source package downloaded by apt and checked against its .dsc."""

    package: str
    version: str
    dsc: Path
    sha256: dict[str, str]  # file name -> sha256, for every file the .dsc lists

    @property
    def folder(self) -> Path:
        return self.dsc.parent

    def file_matching(self, pattern: str) -> Path:
        names = [name for name in self.sha256 if re.search(pattern, name)]
        if len(names) != 1:
            raise BuildError(f"{self.dsc.name} lists {len(names)} files matching {pattern!r}, expected one")
        return self.folder / names[0]

    def record(self) -> dict[str, object]:
        return {"package": self.package, "version": self.version, "dsc": self.dsc.name,
                "dsc_sha256": sha256_of(self.dsc), "files": dict(self.sha256)}


def dsc_name(package: str, version: str) -> str:
    # an epoch ("1:") is part of the version but never of the file names
    return f"{package}_{version.split(':', 1)[-1]}.dsc"


def parse_dsc_checksums(text: str) -> dict[str, tuple[str, int]]:
    """The Checksums-Sha256 field of a .dsc: file name -> (sha256, size)."""
    checksums: dict[str, tuple[str, int]] = {}
    in_field = False
    for line in text.splitlines():
        if line.startswith("Checksums-Sha256:"):
            in_field = True
        elif in_field and line.startswith((" ", "\t")) and line.strip():
            digest, size, name = line.split()
            checksums[name] = (digest.lower(), int(size))
        else:
            in_field = False
    if not checksums:
        raise BuildError("the .dsc has no Checksums-Sha256 field")
    return checksums


def verify_debian_source(package: str, version: str, folder: Path) -> DebianSource:
    """Check every file the .dsc lists against its sha256 and size (apt checked the .dsc against the signed
    archive index when it downloaded it; this keeps the cached copy honest too)."""
    dsc = folder / dsc_name(package, version)
    checksums = parse_dsc_checksums(dsc.read_text(errors="replace"))
    for name, (digest, size) in checksums.items():
        path = folder / name
        if not path.is_file():
            raise BuildError(f"{name}, listed in {dsc.name}, was not downloaded")
        if path.stat().st_size != size or sha256_of(path) != digest:
            raise BuildError(f"{name} does not match the sha256 and size in {dsc.name}: delete {folder} and retry")
    return DebianSource(package, version, dsc, {name: digest for name, (digest, _) in checksums.items()})


def fetch_debian_source(package: str, version: str, downloads: Path) -> DebianSource:
    """apt-get source --download-only, into downloads/<package>_<version>/ (once), then verified."""
    folder = downloads / f"{package}_{version.split(':', 1)[-1]}"
    if not (folder / dsc_name(package, version)).exists():
        say(f"downloading the Debian source package {package} {version} with apt")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        try:
            run_step(["apt-get", "source", "--download-only", f"{package}={version}"], cwd=folder)
        except BuildError as error:
            raise BuildError(
                f"{error}\napt could not download the source package {package} {version}: APT needs deb-src "
                "entries (./scripts/setup.sh adds them, then runs apt-get update) and the archive must "
                "still carry that version"
            ) from error
    return verify_debian_source(package, version, folder)


def debian_patches(debian_tarball: Path) -> list[str]:
    """The quilt patches Debian applies on top of the upstream tarball (debian/patches/series)."""
    with tarfile.open(debian_tarball) as archive:
        try:
            series = archive.extractfile("debian/patches/series")
        except KeyError:
            return []
        if series is None:
            return []
        lines = series.read().decode(errors="replace").splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.lstrip().startswith("#")]
