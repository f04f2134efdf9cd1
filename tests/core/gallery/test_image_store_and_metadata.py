from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path

import pytest
from PIL import Image, PngImagePlugin

from app.core.gallery.image_store import BadPicture, ImageRejected, accept, set_aside, staging_path
from app.core.gallery.metadata import (
    ImageParameters,
    a1111_parameters,
    model_hash,
    parse_parameters,
    read_details,
    read_parameters_text,
    settings_from_png,
    write_metadata,
)
from app.core.gallery.picture_check import PictureFault

pytestmark = pytest.mark.windows

WHEN = datetime(2026, 11, 22, 9, 30, 5)


def write_png(path: Path, parameters: bytes | None = None) -> Path:
    info = PngImagePlugin.PngInfo()
    if parameters is not None:
        info.add_text("parameters", parameters.decode("latin-1"))  # raw bytes into tEXt, as sd.cpp does
    image = Image.linear_gradient("L").resize((64, 64)).convert("RGB")
    image.save(path, pnginfo=info)
    return path


def test_a_whole_png_moves_to_its_final_name(tmp_path: Path) -> None:
    staged = write_png(staging_path(tmp_path, "job1"))
    final = accept(staged, tmp_path, 42, WHEN, tmp_path / "unsaved")
    assert final == tmp_path / "polaris-20261122-093005-42.png"
    assert not staged.exists()
    second = accept(write_png(staging_path(tmp_path, "job2")), tmp_path, 42, WHEN, tmp_path / "unsaved")
    assert second == tmp_path / "polaris-20261122-093005-42-1.png"
    assert final.exists()


@pytest.mark.parametrize("damage", ["truncate", "not_png", "missing"])
def test_a_broken_file_is_rejected_and_nothing_reaches_the_final_name(tmp_path: Path, damage: str) -> None:
    staged = staging_path(tmp_path, "job")
    if damage == "truncate":
        data = write_png(staged).read_bytes()
        staged.write_bytes(data[: len(data) // 2])
    elif damage == "not_png":
        Image.new("RGB", (8, 8)).save(staged, format="BMP")
    with pytest.raises(ImageRejected):
        accept(staged, tmp_path, 1, WHEN, tmp_path / "unsaved")
    assert list(tmp_path.glob("polaris-*")) == []


def test_parameters_written_as_utf8_in_text_chunk_read_back_verbatim(tmp_path: Path) -> None:
    text = "灯台 «quoted»\nsecond line\nNegative prompt: blurry\nSteps: 2, Seed: 7, Size: 64x64"
    path = write_png(tmp_path / "a.png", text.encode("utf-8"))
    assert read_parameters_text(path) == text
    assert parse_parameters(text) == ImageParameters("灯台 «quoted»\nsecond line", "blurry",
                                                     "Steps: 2, Seed: 7, Size: 64x64")


def test_parameters_without_negative_or_settings(tmp_path: Path) -> None:
    assert parse_parameters("just a prompt") == ImageParameters("just a prompt", "", "")
    assert read_parameters_text(write_png(tmp_path / "b.png")) is None


@pytest.mark.parametrize(("colour", "fault"), [((0, 0, 0), PictureFault.BLACK), ((127, 127, 127), PictureFault.FLAT)])
def test_a_single_colour_image_is_refused_and_kept_for_setting_aside(tmp_path: Path, colour: tuple[int, int, int],
                                                                     fault: PictureFault) -> None:
    staged = staging_path(tmp_path, "job")
    Image.new("RGB", (64, 64), colour).save(staged)
    with pytest.raises(BadPicture) as refused:
        accept(staged, tmp_path, 1, WHEN, tmp_path / "unsaved")
    assert refused.value.fault is fault
    assert list(tmp_path.glob("polaris-*")) == [] and staged.is_file()  # not in the folder, not deleted
    kept = set_aside(staged, tmp_path / "Bad pictures", 1, WHEN)
    assert kept == tmp_path / "Bad pictures" / "polaris-20261122-093005-1.png" and not staged.exists()
    with Image.open(kept) as png:
        assert png.getpixel((5, 5)) == colour


def chunk_types(path: Path) -> dict[bytes, bytes]:
    """Text chunk keyword -> chunk type, read straight from the PNG's bytes."""
    data, found, at = path.read_bytes(), {}, 8
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        kind = data[at + 4:at + 8]
        if kind in (b"tEXt", b"iTXt", b"zTXt"):
            found[data[at + 8:at + 8 + length].split(b"\0", 1)[0]] = kind
        at += 12 + length
    return found


@pytest.mark.parametrize(("prompt", "chunk"), [("a plain prompt, café", b"tEXt"), ("灯台 at dawn", b"iTXt")])
def test_parameters_are_text_when_latin1_and_international_text_otherwise(tmp_path: Path, prompt: str,
                                                                          chunk: bytes) -> None:
    path = write_png(tmp_path / "a.png", b"sd.cpp's own text")
    parameters = a1111_parameters(prompt, "blurry", {"Steps": 4, "Seed": 7, "Model hash": None})
    write_metadata(path, parameters, {"seed": 7})
    assert parameters == f"{prompt}\nNegative prompt: blurry\nSteps: 4, Seed: 7"
    assert read_parameters_text(path) == parameters
    assert read_details(path) == {"seed": 7}
    assert chunk_types(path) == {b"parameters": chunk, b"polaris": b"iTXt"}
    with Image.open(path) as image:
        assert image.size == (64, 64)
    assert not list(tmp_path.glob("*.meta"))


def test_model_hash_is_the_a1111_short_sha256(tmp_path: Path) -> None:
    path = tmp_path / "model.gguf"
    path.write_bytes(b"x" * 5_000_000)
    assert model_hash(path, chunk=1 << 20) == hashlib.sha256(b"x" * 5_000_000).hexdigest()[:10]


def test_a_failed_metadata_write_keeps_the_original_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_png(tmp_path / "a.png", b"sd.cpp's own text")
    before = path.read_bytes()

    def disk_full(self, fp, *args, **kwargs):
        Path(fp).write_bytes(b"\x89PNG half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", disk_full)
    with pytest.raises(OSError, match="No space left"):
        write_metadata(path, "prompt\nSteps: 1", {})
    assert path.read_bytes() == before
    assert list(tmp_path.glob("*.meta")) == []


@pytest.mark.parametrize(("settings", "sampler", "scheduler"), [
    ("Sampler: DDIM, Schedule type: Normal", "ddim_trailing", "discrete"),  # ours before one table, and A1111's
    ("Sampler: IPNDM_V, Schedule type: Align Your Steps GITS", "ipndm_v", "gits"),  # Forge's
    ("Sampler: DPM++ 2M Karras", "dpm++2m", "karras"),  # A1111 before 1.9
    ("Sampler: Euler a, Schedule type: Automatic", "euler_a", None),
    ("Sampler: UniPC, Schedule type: Polyexponential", None, None),  # A1111's own, that sd.cpp lacks
])
def test_the_sampler_and_schedule_are_read_back_from_the_a1111_text(tmp_path: Path, settings: str,
                                                                    sampler: str | None,
                                                                    scheduler: str | None) -> None:
    path = write_png(tmp_path / "a.png", f"a fox\nSteps: 4, {settings}, Seed: 3".encode())
    reused = settings_from_png(path)
    assert reused is not None
    assert (reused.values["sampler"], reused.values["scheduler"], reused.values["seed"]) == (sampler, scheduler, 3)
