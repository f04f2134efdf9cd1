"""The sources every backend is built from, fetched and checked once: the pinned PyPI sdists (sd.cpp, llama.cpp
and their ggml) and Debian source packages; plus our source changes: patch files beside this module (the submit
cap, the CPU variants' subset, sd.cpp's CPU backend through the registry) and the guard for old Vulkan headers
(where the target's headers need it)."""

from __future__ import annotations

import re
import shutil
import sys
import tarfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from backend_bin.cpu_variants import CPU_VARIANTS_MARKER, CPU_VARIANTS_PATCH
from backend_bin.output import sha256_of
from backend_bin.tools import BuildError, run_step, say


@dataclass(frozen=True)
class PinnedSdist:
    """A PyPI sdist that vendors a C++ program we build, pinned by version and sha256."""

    name: str
    version: str
    sha256: str
    vendored: str  # the program's folder inside the unpacked sdist

    @property
    def file(self) -> str:
        return f"{self.name.replace('-', '_')}-{self.version}.tar.gz"

    @property
    def subdir(self) -> str:
        return f"{self.name.replace('-', '_')}-{self.version}/{self.vendored}"

    def record(self) -> dict[str, str]:
        return {"name": self.name, "version": self.version, "file": self.file, "sha256": self.sha256}


# sd.cpp master-596 (2026-05-06) and its ggml (2026-03-28): the pictures
SD_CPP_SDIST = PinnedSdist("stable-diffusion-cpp-python", "0.4.7",
                           "998d1957260dd5ae4e18a8acc0c14b0a8757aaa9f96515197b6d5bbf46df9282",
                           "vendor/stable-diffusion.cpp")
# llama.cpp of 2026-10-01 (0c1e570) and its ggml 0.25.3, newer than sd.cpp's: the prompt helper's text model
LLAMA_CPP_SDIST = PinnedSdist("llama-cpp-python", "0.3.36",
                              "832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e", "vendor/llama.cpp")
SDIST_NAME = SD_CPP_SDIST.name
SDIST_VERSION = SD_CPP_SDIST.version
SDIST_SHA256 = SD_CPP_SDIST.sha256
SDIST_FILE = SD_CPP_SDIST.file
SD_CPP_SUBDIR = SD_CPP_SDIST.subdir

GGML_VULKAN_CPP = Path("ggml") / "src" / "ggml-vulkan" / "ggml-vulkan.cpp"

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
# Bounds the work per vkQueueSubmit on AMD GCN cards (POLARIS_VK_MAX_NODES_PER_SUBMIT overrides it on any
# device): an RX 580 can exceed the driver's ~2 s timeout otherwise (llama.cpp #18523, #21724). Our own patch;
# the ggml in this sdist predates upstream's knob.
SUBMIT_CAP = SourcePatch(HERE / "ggml-vulkan-submit-cap.patch", "polaris: submit cap", GGML_VULKAN_CPP)
SUBMIT_CAP_PATCH = SUBMIT_CAP.file
SUBMIT_CAP_MARKER = SUBMIT_CAP.marker
# RMS norms of short rows (a head of 128 values) with 64 invocations per row, not 512: the same sums, fewer idle
# invocations and barriers (the patch says more; POLARIS_VK_SHORT_ROWS=0 turns it off). Our own patch.
SHORT_ROWS = SourcePatch(HERE / "ggml-vulkan-short-rows.patch", "polaris: short rows", GGML_VULKAN_CPP)
# ggml's CPU variants (backend_bin/cpu_variants.py): build the subset GGML_CPU_VARIANTS names; both ggml copies
CPU_VARIANTS = SourcePatch(CPU_VARIANTS_PATCH, CPU_VARIANTS_MARKER, Path("ggml") / "src" / "CMakeLists.txt")
# sd.cpp 0.4.7 with its CPU backend loaded at run time: the two direct calls left go through the registry
BACKEND_DL = SourcePatch(HERE / "sd-cpp-backend-dl.patch", "polaris: backend dl", Path("src") / "util.cpp")
SD_CPP_PATCHES = (SUBMIT_CAP, SHORT_ROWS, CPU_VARIANTS, BACKEND_DL)
# llama.cpp's newer ggml has its own submit cap and its CPU backend through the registry already
LLAMA_CPP_PATCHES = (CPU_VARIANTS,)
# Windows: llama.cpp's common library (its log's worker thread) linked into llama-server.exe, not a DLL whose static
# destructor joins that thread while Windows unloads it at exit (`llama-server.exe --help` never ended)
STATIC_COMMON = SourcePatch(HERE / "llama-static-common.patch", "polaris: static common",
                            Path("common") / "CMakeLists.txt")
LLAMA_CPP_WINDOWS_PATCHES = (CPU_VARIANTS, STATIC_COMMON)


GGML_FOLDER = Path("ggml")
# The same two patches re-made for ggml 0.25.3, whose Vulkan backend is split into several files (issue 49). That
# ggml has its own node cap (GGML_VK_MAX_NODES_PER_SUBMIT) and a flops cap per submit, but applies the small flops cap
# only to GCN cards below 32 CUs: the patch extends it to the 32- and 36-CU Polaris cards and keeps our variables.
NEW_GGML_SUBMIT_CAP = SourcePatch(HERE / "ggml-0.25.3-vulkan-submit-cap.patch", SUBMIT_CAP_MARKER, GGML_VULKAN_CPP)
NEW_GGML_SHORT_ROWS = SourcePatch(HERE / "ggml-0.25.3-vulkan-short-rows.patch", SHORT_ROWS.marker, GGML_VULKAN_CPP)


@dataclass(frozen=True)
class Engine:
    """The ggml under sd.cpp's code: the one its sdist vendors, or another sdist's ggml folder put in its place."""

    name: str
    patches: tuple[SourcePatch, ...] | None  # None: SD_CPP_PATCHES, read when used
    ggml_from: PinnedSdist | None = None  # None: sd.cpp's own ggml

    def record(self) -> dict[str, str]:
        return {"engine": self.name, **({"ggml_from": self.ggml_from.file} if self.ggml_from else {})}


# what the app ships: sd.cpp 0.4.7 on its own ggml of 2026-03-28
VENDORED_ENGINE = Engine("vendored", None)
# sd.cpp 0.4.7's code on the ggml 0.25.3 of llama-cpp-python 0.3.36 (the prompt helper's): built for the A/B bench
# (tests/bench/bench_engines.py), not shipped. sd.cpp's own code needs no change for it.
LLAMA_GGML_ENGINE = Engine("ggml-0.25.3", (NEW_GGML_SUBMIT_CAP, NEW_GGML_SHORT_ROWS, CPU_VARIANTS, BACKEND_DL),
                           LLAMA_CPP_SDIST)
ENGINES = {engine.name: engine for engine in (VENDORED_ENGINE, LLAMA_GGML_ENGINE)}


def fetch_sdist(downloads: Path, pinned: PinnedSdist = SD_CPP_SDIST) -> Path:
    downloads.mkdir(parents=True, exist_ok=True)
    target = downloads / pinned.file
    if not target.exists():
        say(f"downloading {pinned.name}=={pinned.version} (sdist) from PyPI")
        # pip honours the machine's index and proxy settings, which a plain URL fetch would not
        run_step([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                  "--dest", str(downloads), f"{pinned.name}=={pinned.version}"])
    actual = sha256_of(target)
    if actual != pinned.sha256:
        target.unlink()
        raise BuildError(f"sha256 mismatch for {pinned.file}: expected {pinned.sha256}, got {actual}")
    return target


def sdist_record() -> dict[str, str]:
    return SD_CPP_SDIST.record()


def source_patches_record(patches: tuple[SourcePatch, ...] | None = None) -> list[dict[str, str]]:
    """Our patches to an sdist's sources (sd.cpp's unless told), as build-info.json records them (and the cache
    keys digest them)."""
    return [patch.record() for patch in (SD_CPP_PATCHES if patches is None else patches)]


def patches_digest(patches: tuple[SourcePatch, ...] | None = None) -> list[str]:
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


def extract_sd_cpp(sdist: Path, work: Path, include_dirs: Iterable[Path], engine: Engine = VENDORED_ENGINE,
                   ggml_sdist: Path | None = None) -> Path:
    """Unpack the sdist into work/src (once) and return sd.cpp's folder, with the engine's ggml in place (from
    `ggml_sdist`, where the engine takes another sdist's), our patches applied and guarded for the headers it will use.

    Each target (Linux, Windows) unpacks its own copy: whether the guard applies depends on that target's headers.
    """
    source_root = work / "src"
    sd_cpp = source_root / SD_CPP_SUBDIR
    if not sd_cpp.exists():
        say("unpacking sources")
        shutil.rmtree(source_root, ignore_errors=True)
        with tarfile.open(sdist) as archive:
            archive.extractall(source_root, filter="data")
        if engine.ggml_from is not None:
            if ggml_sdist is None:
                raise BuildError(f"the {engine.name} engine needs {engine.ggml_from.file}")
            replace_ggml(sd_cpp, ggml_sdist, engine.ggml_from)
    for patch in SD_CPP_PATCHES if engine.patches is None else engine.patches:
        patch.apply(sd_cpp)
    guard_for_headers(sd_cpp, include_dirs)
    return sd_cpp


def replace_ggml(sd_cpp: Path, sdist: Path, pinned: PinnedSdist) -> None:
    """sd.cpp's vendored ggml folder swapped for the one in another pinned sdist (only that folder is unpacked)."""
    say(f"putting the ggml of {pinned.file} under sd.cpp")
    shutil.rmtree(sd_cpp / GGML_FOLDER)
    prefix = f"{pinned.subdir}/{GGML_FOLDER}/"
    unpacked = sd_cpp.parent / "ggml-from-sdist"
    with tarfile.open(sdist) as archive:
        members = [member for member in archive.getmembers() if member.name.startswith(prefix)]
        archive.extractall(unpacked, members=members, filter="data")
    (unpacked / pinned.subdir / GGML_FOLDER).rename(sd_cpp / GGML_FOLDER)
    shutil.rmtree(unpacked)


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
