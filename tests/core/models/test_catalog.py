"""The shipped catalog, the local status of presets, custom sets, and the backend package rules."""

from __future__ import annotations

import dataclasses
import hashlib
import re
import shutil
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from app.core.models.backend_package import BUILD_TARGETS, BackendPackageError, BuildProgress, unpack_backend
from app.core.models.catalog import (
    FileStatus,
    file_status,
    load_catalog,
    model_choices,
    preset_status,
    read_custom_sets,
    read_ledger,
    record_in_ledger,
    save_custom_set,
)
from app.core.models.downloads import DownloadProgress, PresetProgress
from app.core.models.families import SLOTS
from backend_bin.build import TARGETS
from tests.helpers.local_catalog import PRESET, preset_files, write_catalog

pytestmark = pytest.mark.windows

DATA = Path(__file__).resolve().parents[2] / "data"
CATALOG = load_catalog()


def test_the_shipped_catalog_is_complete_and_points_only_at_allowed_https_hosts() -> None:
    assert {"flux-schnell-q4k", "flux-schnell-q4k-t5q8", "sd15", "sdxl", "sdxl-turbo"} <= set(CATALOG.presets)
    files = [f for preset in CATALOG.presets.values() for f in preset.files] + [CATALOG.windows_backend]
    for f in files:
        assert f.urls and f.licence and f.licence != "unknown", f.name
        for url in f.urls:
            parts = urlsplit(url)
            assert parts.scheme == "https" and parts.hostname in CATALOG.hosts, url
            assert parts.path.endswith(f.name), url
        assert f.sha256 is None or re.fullmatch(r"[0-9a-f]{64}", f.sha256), f.name
    for preset in CATALOG.presets.values():
        assert all(f.slot in SLOTS for f in preset.files), preset.id
        assert preset.total_bytes > 2**30
    assert CATALOG.presets["sdxl-turbo"].cfg_scale == 1.0  # turbo models burn at the default cfg 7
    assert CATALOG.presets["sdxl"].cfg_scale is None
    flux = {f.slot for f in CATALOG.presets["flux-schnell-q4k"].files}
    assert flux == {"diffusion_model", "vae", "clip_l", "t5xxl"}
    release = CATALOG.windows_backend
    assert re.fullmatch(r"sd-master-[0-9a-f]{7}-bin-win-vulkan-x64\.zip", release.name)
    assert CATALOG.backend_version.endswith(release.name.split("-")[2])  # the zip is the pinned commit's


def test_a_file_is_missing_partial_unverified_or_installed(tmp_path: Path) -> None:
    files = preset_files(1000)
    catalog = write_catalog(tmp_path / "catalog.json", "http://127.0.0.1:9", files)
    diffusion, vae = catalog.presets[PRESET].files  # diffusion: no published hash; vae: published

    def statuses() -> list[FileStatus]:
        ledger = read_ledger(tmp_path)
        return [file_status(tmp_path, f, ledger) for f in (diffusion, vae)]

    assert statuses() == [FileStatus.MISSING, FileStatus.MISSING]
    (tmp_path / f"{vae.name}.part").write_bytes(files["vae"][1][:10])
    assert statuses() == [FileStatus.MISSING, FileStatus.PARTIAL]
    assert preset_status(statuses()) is FileStatus.PARTIAL
    (tmp_path / f"{vae.name}.part").rename(tmp_path / vae.name)
    (tmp_path / diffusion.name).write_bytes(files["diffusion_model"][1])
    assert statuses() == [FileStatus.UNVERIFIED, FileStatus.UNVERIFIED]  # on disk, not hashed yet
    vae_bytes = files["vae"][1]
    (tmp_path / vae.name).write_bytes(vae_bytes)
    record_in_ledger(tmp_path, vae.name, hashlib.sha256(vae_bytes).hexdigest(), len(vae_bytes), True)
    record_in_ledger(tmp_path, diffusion.name, "ab" * 32, 1000, False)
    assert statuses() == [FileStatus.UNVERIFIED, FileStatus.INSTALLED]
    assert preset_status(statuses()) is FileStatus.UNVERIFIED
    (tmp_path / vae.name).write_bytes(vae_bytes + b"x")  # changed since it was hashed: the record no longer holds
    assert statuses()[1] is FileStatus.UNVERIFIED
    assert preset_status([FileStatus.INSTALLED, FileStatus.INSTALLED]) is FileStatus.INSTALLED
    assert preset_status([FileStatus.MISSING, FileStatus.MISSING]) is FileStatus.MISSING


def test_model_choices_offer_usable_presets_and_custom_sets(tmp_path: Path) -> None:
    files = preset_files(1000)
    catalog = write_catalog(tmp_path / "catalog.json", "http://127.0.0.1:9", files)
    models = tmp_path / "models"
    models.mkdir()
    assert model_choices(catalog, models) == []
    for name, data, _ in files.values():
        (models / name).write_bytes(data)
    save_custom_set(models, "Mein Modell ä", {"model": "/x/sd15.safetensors"})
    choices = model_choices(catalog, models)
    # a set whose files cannot be read yet goes by its name alone
    assert [c.label for c in choices] == ["Local Flux (1000 bytes)", "Mein Modell ä"]
    assert choices[0].slots == {"diffusion_model": models / "local-diffusion.gguf",
                                "vae": models / "local-ae.safetensors"}
    assert choices[0].steps == 4
    assert read_custom_sets(models) == {"Mein Modell ä": {"model": "/x/sd15.safetensors"}}


def _zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as bundle:
        for name, data in entries.items():
            bundle.writestr(name, data)
    return path


def test_a_release_zip_unpacks_flat_and_replaces_the_old_backend_only_when_whole(tmp_path: Path) -> None:
    destination = tmp_path / "backend"
    good = _zip(tmp_path / "good.zip", {"sd-cli.exe": b"MZ new", "stable-diffusion.dll": b"dll",
                                        "ggml-vulkan.dll": b"dll", "stable-diffusion.cpp.txt": b"MIT"})
    assert unpack_backend(good, destination) == destination / "sd-cli.exe"
    assert sorted(p.name for p in destination.iterdir()) == ["ggml-vulkan.dll", "sd-cli.exe",
                                                              "stable-diffusion.cpp.txt", "stable-diffusion.dll"]
    evil = _zip(tmp_path / "evil.zip", {"sd-cli.exe": b"MZ evil", "../../outside.dll": b"x"})
    with pytest.raises(BackendPackageError, match="outside its folder"):
        unpack_backend(evil, destination)
    assert not (tmp_path / "outside.dll").exists()
    assert (destination / "sd-cli.exe").read_bytes() == b"MZ new"  # the working backend stays
    with pytest.raises(BackendPackageError, match=r"holds no sd-cli\.exe"):
        unpack_backend(_zip(tmp_path / "other.zip", {"readme.txt": b"hi"}), destination)
    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(BackendPackageError, match="cannot be unpacked"):
        unpack_backend(tmp_path / "broken.zip", destination)
    older = _zip(tmp_path / "older.zip", {"sd-master-abc/sd.exe": b"MZ old name"})  # older builds: sd.exe
    assert unpack_backend(older, destination) == destination / "sd.exe"


def test_a_previous_backend_windows_would_not_delete_does_not_block_the_next_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    destination = tmp_path / "backend"
    unpack_backend(_zip(tmp_path / "first.zip", {"sd-cli.exe": b"MZ first"}), destination)
    # Windows refuses to delete a DLL still loaded by a running sd-cli.exe: the old folder stays behind
    real_rmtree = shutil.rmtree
    monkeypatch.setattr(shutil, "rmtree", lambda path, ignore_errors=False: None if ".old" in Path(path).name
                        else real_rmtree(path, ignore_errors=ignore_errors))
    for version in ("second", "third"):
        program = unpack_backend(_zip(tmp_path / f"{version}.zip", {"sd-cli.exe": b"MZ " + version.encode()}),
                                 destination)
        assert program.read_bytes() == b"MZ " + version.encode()
    assert sorted(p.name for p in tmp_path.glob("backend.old*")) == ["backend.old", "backend.old-2"]
    monkeypatch.setattr(shutil, "rmtree", real_rmtree)  # the files are free again: the next install tidies up
    unpack_backend(_zip(tmp_path / "fourth.zip", {"sd-cli.exe": b"MZ fourth"}), destination)
    assert list(tmp_path.glob("backend.old*")) == []


def fed_build(capture: str) -> tuple[list[str], BuildProgress, list[tuple[int, int]]]:
    """A captured build's lines fed to the bar: the lines, the bar, and (line, percent) at each move, which goes up
    to 100 and never back."""
    lines = (DATA / "backend-build" / capture).read_text(encoding="utf-8").splitlines()
    progress = BuildProgress(BUILD_TARGETS)
    seen = [(i, p) for i, line in enumerate(lines) if (p := progress.feed(line)) is not None]
    percents = [p for _, p in seen]
    assert percents == sorted(percents) and percents[-1] == 100
    return lines, progress, seen


def test_build_progress_follows_our_real_cold_build() -> None:
    # captured from `./scripts/setup.sh` on an empty cache: sd-cli to 100 %, then sd-server counting again, then
    # llama.cpp's llama-server in a cmake run of its own
    lines, progress, seen = fed_build("cold_build.txt")
    sd_cli_built = lines.index("[100%] Built target sd-cli")
    assert max(p for i, p in seen if i <= sd_cli_built) == 33  # the first target is a third of the bar
    sd_server_built = lines.index("[100%] Built target sd-server")
    assert max(p for i, p in seen if i <= sd_server_built) == 66
    # the bar's last move is llama-server's own last lines: it does not sit at 100 % through that build
    assert seen[-1][0] > lines.index("[ 98%] Built target llama-server-impl")
    nested = lines.index("[ 50%] Building CXX object CMakeFiles/vulkan-shaders-gen.dir/vulkan-shaders-gen.cpp.o")
    assert max(p for i, p in seen if i <= nested) < 5  # the shader generator's own percentages are not ours
    assert progress.feed("[ 50%] Building CXX object x.o") is None  # never backwards


def test_build_progress_follows_our_real_cold_build_under_ninja() -> None:
    # captured from a cold `.ci/run` (setup.sh's build, Ninja, all three targets in one count of 606 steps)
    lines, progress, seen = fed_build("cold_build_ninja.txt")
    assert seen[-1][0] == lines.index("[606/606] Linking CXX executable bin/llama-server")
    halfway = next(i for i, line in enumerate(lines) if line.startswith("[303/606] "))
    assert max(p for i, p in seen if i <= halfway) == 50  # one count for all three targets, not a third each
    nested = lines.index("[2/2] Linking CXX executable vulkan-shaders-gen")
    assert max(p for i, p in seen if i <= nested) == 100 * 83 // 606  # the generator's own "[2/2]" is not 100 %
    assert progress.feed("[10/606] Building CXX object x.o") is None  # never backwards


def test_the_app_knows_what_our_build_script_builds() -> None:
    assert BUILD_TARGETS == TARGETS


def test_a_preset_download_says_the_time_left_for_all_its_files() -> None:
    [clip] = [f for f in CATALOG.presets["flux-schnell-q4k"].files if f.slot == "clip_l"]
    step = PresetProgress(clip, 2, 4, DownloadProgress(100 * 2**20, 235 * 2**20, 10 * 2**20), 1000 * 2**20,
                          1600 * 2**20)
    assert step.eta_seconds == 60.0  # 600 MiB of the preset left at 10 MiB/s, not just this file's 13.5 s
    assert dataclasses.replace(step, checking=True).eta_seconds is None
