"""Live preview: the method each plan gets, its memory counted, and whole frames told from half-written ones."""

from __future__ import annotations

import dataclasses
import struct
import zlib
from pathlib import Path

from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.models.families import MemoryFlags
from app.core.planning.plan import GIB, SAFETY_MARGIN, Device, evaluate, plan_memory
from app.core.planning.preview import PreviewMethod, png_is_complete, preview_options, read_whole_png
from tests.helpers.captures import load

CAPS = parse_help(load("help").stdout.decode())
SD15 = load_catalog().presets["sd15"].components()
FLUX = load_catalog().presets["flux-schnell-q4k"].components()


def small_png(width: int = 8, height: int = 8) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes([40, 90, 200]) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_a_whole_png_is_complete_and_every_shorter_prefix_is_not() -> None:
    data = small_png()
    assert png_is_complete(data)
    assert not any(png_is_complete(data[:cut]) for cut in range(len(data)))


def test_a_png_with_a_damaged_chunk_or_trailing_bytes_is_not_complete() -> None:
    data = bytearray(small_png())
    data[40] ^= 0xFF  # inside IDAT: its CRC no longer matches
    assert not png_is_complete(bytes(data))
    assert not png_is_complete(small_png() + b"\x00")
    assert not png_is_complete(b"not a png at all")


def test_read_whole_png_gives_nothing_for_a_missing_or_half_written_file(tmp_path: Path) -> None:
    path = tmp_path / "preview.png"
    assert read_whole_png(path) is None
    path.write_bytes(small_png()[:30])
    assert read_whole_png(path) is None
    path.write_bytes(small_png())
    assert read_whole_png(path) == small_png()


def test_preview_options_ask_for_every_step() -> None:
    assert preview_options(PreviewMethod.PROJ, "p.png") == [
        "--preview", "proj", "--preview-path", "p.png", "--preview-interval", "1"]
    assert all(CAPS.supports(flag) for flag in ("--preview", "--preview-path", "--preview-interval"))


def test_without_a_tae_file_the_preview_is_the_nearly_free_projection() -> None:
    plan = plan_memory(FLUX, Device(8 * GIB), 24 * GIB, 1024, 1024, 4, CAPS)
    assert plan.preview is PreviewMethod.PROJ
    assert all(f.preview is PreviewMethod.PROJ for f in plan.fallbacks)


def test_a_tae_preview_is_chosen_when_a_tae_file_is_set_and_its_memory_is_counted() -> None:
    with_tae = dataclasses.replace(SD15, tae=True)
    memory = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)
    device = Device(8 * GIB)
    proj = evaluate(with_tae, device, 24 * GIB, 512, 512, 20, memory)
    tae = evaluate(with_tae, device, 24 * GIB, 512, 512, 20, memory, preview=PreviewMethod.TAE)
    # the decoder's compute buffer is live beside the diffusion model's at every step
    assert tae.peak_vram.total > proj.peak_vram.total
    assert tae.peak_vram.compute >= proj.peak_vram.compute + 512 * 512 * 1920 - 1
    assert tae.preview is PreviewMethod.TAE and proj.preview is PreviewMethod.PROJ
    assert plan_memory(with_tae, device, 24 * GIB, 512, 512, 20, CAPS).preview is PreviewMethod.TAE


def test_a_tae_preview_that_would_not_fit_falls_back_to_the_projection() -> None:
    with_tae = dataclasses.replace(SD15, tae=True)
    memory = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)
    proj = evaluate(with_tae, Device(64 * GIB), 24 * GIB, 1024, 1024, 20, memory)
    # a card whose budget holds the plan without the preview's decoder buffer, but not with it
    free = int((proj.peak_vram.total + 1024 * 1024 * 1920 // 2) / (1 - SAFETY_MARGIN))
    tight = Device(vram_total=free)
    assert evaluate(with_tae, tight, 24 * GIB, 1024, 1024, 20, memory).fits
    assert not evaluate(with_tae, tight, 24 * GIB, 1024, 1024, 20, memory, preview=PreviewMethod.TAE).fits
    plan = plan_memory(with_tae, tight, 24 * GIB, 1024, 1024, 20, CAPS)
    assert plan.fits
    if plan.memory == memory:
        assert plan.preview is PreviewMethod.PROJ
    for candidate in (plan, *plan.fallbacks):
        if candidate.preview is PreviewMethod.TAE:
            assert candidate.fits
