"""img2img and inpainting requests: the pictures are checked before anything runs, the size follows the input,
the mask matches it, and the argv carries them."""

from __future__ import annotations

import dataclasses
import struct
import warnings
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.core.generation.command import build_argv
from app.core.generation.input_image import (
    InputImageRejected,
    check_input_image,
    copy_input,
    copy_mask,
    keep_outside_mask,
)
from app.core.generation.request import GenerationRequest, HiresFix, InvalidRequest, validate
from app.core.models.backend_caps import parse_help
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from tests.helpers.captures import load
from tests.helpers.model_headers import write_gguf

CAPS = parse_help(load("help").stdout.decode())


@pytest.fixture
def model(tmp_path: Path) -> Path:
    return write_gguf(tmp_path / "model.gguf", {"some.weight": ((64, 64), "f16")})


def picture(path: Path, size: tuple[int, int] = (64, 64), mode: str = "RGB", colour: object = (200, 30, 30)) -> Path:
    Image.new(mode, size, colour).save(path)
    return path


def png_header_only(path: Path, width: int, height: int) -> Path:
    """A PNG that claims `width` x `height` 8-bit RGB pixels: a decompression bomb, a few hundred bytes here."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 1000))
                     + chunk(b"IEND", b""))
    return path


def request(model: Path, **changes) -> GenerationRequest:
    base = GenerationRequest(prompt="a lighthouse", models=ModelFiles(model=model), memory=MemoryFlags(), seed=1,
                             family=ModelFamily.FLUX)
    return dataclasses.replace(base, **changes)


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: (p / "notes.png").write_text("not a picture") and p / "notes.png", "is not a picture"),
    (lambda p: png_header_only(p / "bomb.png", 20000, 20000), "too many pixels to open safely"),
    (lambda p: png_header_only(p / "large.png", 5000, 5000), "5000x5000 pixels (25 megapixels)"),
    (lambda p: p / "gone.png", "not found"),
])
def test_a_bad_input_image_is_refused_before_anything_runs(tmp_path: Path, model: Path, make, message: str) -> None:
    bad = make(tmp_path)
    with pytest.raises(InvalidRequest, match=message.replace("(", r"\(").replace(")", r"\)")):
        validate(request(model, init_image=bad))
    with pytest.raises(InvalidRequest, match="mask"):  # the same checks hold for the mask
        validate(request(model, init_image=picture(tmp_path / "ok.png"), mask=bad))


def test_a_picture_carrying_a_text_bomb_is_refused_as_one(tmp_path: Path) -> None:
    """A few kilobytes of zTXt that unpack to 8 MB of text: refused from the text, not called damaged."""
    whole = picture(tmp_path / "whole.png").read_bytes()
    text = b"parameters\0\0" + zlib.compress(b"a" * 8 * 2**20, 9)
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(whole[:33] + struct.pack(">I", len(text)) + b"zTXt" + text
                     + struct.pack(">I", zlib.crc32(b"zTXt" + text)) + whole[33:])
    with pytest.raises(InputImageRejected, match="carries more text than a picture may"):
        check_input_image(bomb)


def test_a_truncated_picture_is_refused(tmp_path: Path) -> None:
    whole = picture(tmp_path / "whole.png", (256, 256), colour=None)
    Image.effect_noise((256, 256), 60).convert("RGB").save(whole)
    cut = tmp_path / "cut.png"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    with pytest.raises(InputImageRejected, match="cannot be read"):
        check_input_image(cut)


def test_the_size_follows_the_input_snapped_to_the_family_and_says_so(tmp_path: Path, model: Path) -> None:
    valid, notes = validate(request(model, init_image=picture(tmp_path / "in.png", (100, 72))))
    assert (valid.width, valid.height) == (96, 80)
    assert notes == ["width 100 is not a multiple of 16; using 96", "height 72 is not a multiple of 16; using 80"]
    chosen, _ = validate(request(model, init_image=tmp_path / "in.png", size_from_input=False, width=128,
                                 height=128))
    assert (chosen.width, chosen.height) == (128, 128)
    huge, notes = validate(request(model, init_image=picture(tmp_path / "big.png", (4000, 1000))))
    assert (huge.width, huge.height) == (2048, 512) and "scaled to 2048x512" in notes[0]


def test_strength_and_mask_need_their_input(tmp_path: Path, model: Path) -> None:
    source = picture(tmp_path / "in.png")
    for strength in (0, 1.5):
        with pytest.raises(InvalidRequest, match="strength must be above 0 and at most 1"):
            validate(request(model, init_image=source, strength=strength))
    with pytest.raises(InvalidRequest, match="a mask needs an input image"):
        validate(request(model, mask=source))


def test_argv_carries_the_input_strength_mask_hires_and_lora_folder(tmp_path: Path, model: Path) -> None:
    source, mask = picture(tmp_path / "in.png"), picture(tmp_path / "mask.png", mode="L", colour=255)
    (tmp_path / "loras").mkdir()
    valid, _ = validate(request(model, init_image=source, strength=0.4, mask=mask, lora_dir=tmp_path / "loras",
                                hires=HiresFix(scale=1.5, denoising_strength=0.55, steps=3)))
    argv = build_argv(Path("sd-cli"), valid, CAPS, Path("o.png"))
    pairs = dict(zip(argv, [*argv[1:], None], strict=True))
    assert pairs["--init-img"] == str(source) and pairs["--strength"] == "0.4" and pairs["--mask"] == str(mask)
    assert "--hires" in argv and (pairs["--hires-width"], pairs["--hires-height"]) == ("96", "96")
    assert pairs["--hires-denoising-strength"] == "0.55" and pairs["--hires-steps"] == "3"
    assert pairs["--lora-model-dir"] == str(tmp_path / "loras")
    assert "--width" in argv  # sd.cpp is told the size: it never guesses from the picture


def test_hires_fix_past_the_largest_side_is_refused(model: Path) -> None:
    with pytest.raises(InvalidRequest, match="hires fix would make 2048x3072"):
        validate(request(model, width=1024, height=1536, hires=HiresFix(scale=2)))


def sixteen_bit_grey(path: Path) -> Path:
    """A 16-bit grey PNG, as a scanner or a renderer writes one: 0, 257, 30000, 40000 and 65535 in a row."""
    Image.fromarray(np.array([[0, 257, 30000, 40000, 65535]] * 2, dtype=np.uint16)).save(path)
    return path


def palette_with_see_through(path: Path) -> Path:
    """A palette PNG whose first two colours are see-through (a tRNS chunk of bytes), as GIF-era tools save."""
    image = Image.new("P", (4, 1))
    image.putpalette([255, 0, 0, 0, 0, 255, 0, 255, 0, 9, 9, 9])
    for x in range(4):
        image.putpixel((x, 0), x)
    image.save(path, transparency=bytes([0, 128, 255, 255]))
    return path


# what people have, and the 8-bit RGB each becomes: Pillow's arithmetic, a 16-bit grey scaled (65535 is 255)
@pytest.mark.parametrize(("make", "expected"), [
    (lambda p: picture(p / "print.jpg", (16, 16), "CMYK", (0, 255, 255, 0)), [(255, 0, 0)]),
    (lambda p: sixteen_bit_grey(p / "deep.png"), [(v, v, v) for v in (0, 1, 117, 156, 255)]),
    (lambda p: palette_with_see_through(p / "palette.png"), [(255, 0, 0), (0, 0, 255), (0, 255, 0), (9, 9, 9)]),
    (lambda p: picture(p / "line-art.png", (2, 1), "1", 1), [(255, 255, 255)]),
    (lambda p: picture(p / "grey-alpha.png", (2, 1), "LA", (90, 128)), [(90, 90, 90)]),
    (lambda p: picture(p / "lab.tif", (2, 1), "LAB", (128, 128, 128)), [(119, 119, 119)]),  # L* 50: sRGB 119
])
def test_pictures_people_have_are_converted_not_refused(tmp_path: Path, model: Path, make, expected: list) -> None:
    given = make(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Pillow warns when a conversion may lose what the picture shows
        checked, _ = validate(request(model, init_image=given, width=64, height=64, size_from_input=False))
        copied = copy_input(given, tmp_path / "job-input.png")
    assert checked.init_image == given.absolute()
    with Image.open(copied) as image, Image.open(given) as original:
        assert image.mode == "RGB" and image.size == original.size
        pixels = [image.getpixel((x, 0)) for x in range(len(expected))]
    if given.suffix == ".jpg":  # JPEG's rounding, on a flat colour
        assert all(max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 2
                   for got, want in zip(pixels, expected, strict=True)), pixels
    else:
        assert pixels == expected


def test_a_16_bit_or_lab_mask_is_made_black_and_white(tmp_path: Path) -> None:
    # 30000 of 65535 is under half: kept; 40000 is over: repainted (clipped to 8 bits, both would be white)
    copied = copy_mask(sixteen_bit_grey(tmp_path / "deep-mask.png"), tmp_path / "job-mask.png", (5, 2))
    with Image.open(copied) as mask:
        assert [mask.getpixel((x, 0)) for x in range(5)] == [0, 0, 0, 255, 255]
    lab = Image.new("LAB", (2, 1), (0, 128, 128))
    lab.putpixel((1, 0), (255, 128, 128))
    lab.save(tmp_path / "lab-mask.tif")
    with Image.open(copy_mask(tmp_path / "lab-mask.tif", tmp_path / "job-lab-mask.png", (2, 1))) as mask:
        assert [mask.getpixel((x, 0)) for x in range(2)] == [0, 255]


def test_the_mask_is_scaled_to_the_input_and_made_black_and_white(tmp_path: Path) -> None:
    painted = Image.new("L", (32, 16), 0)
    painted.paste(200, (16, 0, 32, 16))  # right half, a soft grey brush
    painted.save(tmp_path / "mask.png")
    copied = copy_mask(tmp_path / "mask.png", tmp_path / "job-mask.png", (64, 32))
    with Image.open(copied) as mask:
        values = np.asarray(mask)
    assert values.shape == (32, 64) and set(np.unique(values)) == {0, 255}
    assert (values[:, :30] == 0).all() and (values[:, 34:] == 255).all()
    # painted on a transparent layer: the opaque strokes are the mask
    layer = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
    layer.paste((255, 0, 0, 255), (0, 0, 4, 8))
    layer.save(tmp_path / "layer.png")
    with Image.open(copy_mask(tmp_path / "layer.png", tmp_path / "job-layer.png", (8, 8))) as mask:
        assert np.asarray(mask)[:, :4].min() == 255 and np.asarray(mask)[:, 4:].max() == 0


def test_the_input_is_copied_so_the_original_may_change(tmp_path: Path) -> None:
    original = picture(tmp_path / "in.png", (70, 50))
    copied = copy_input(original, tmp_path / "job-input.png", (64, 48))
    original.write_text("edited mid-run")
    with Image.open(copied) as image:
        assert (image.size, image.mode, image.getpixel((10, 10))) == ((64, 48), "RGB", (200, 30, 30))


def test_outside_the_mask_the_input_comes_back_exactly(tmp_path: Path) -> None:
    source = tmp_path / "in.png"
    Image.effect_noise((64, 64), 50).convert("RGB").save(source)
    made = picture(tmp_path / "made.png", colour=(0, 0, 255))
    mask = Image.new("L", (64, 64), 0)
    mask.paste(255, (32, 0, 64, 64))
    mask.save(tmp_path / "mask.png")
    keep_outside_mask(made, source, tmp_path / "mask.png")
    with Image.open(made) as result, Image.open(source) as kept:
        out, before = np.asarray(result.convert("RGB")), np.asarray(kept.convert("RGB"))
    assert (out[:, :32] == before[:, :32]).all()
    assert (out[:, 32:] == (0, 0, 255)).all()


def test_the_planner_counts_the_encode_and_hires_second_pass() -> None:
    from app.core.models.components import Components
    from app.core.planning.plan import GIB, Device, evaluate
    from app.core.planning.work import ExtraWork

    sd15 = Components(ModelFamily.SD1, diffusion=1_700_000_000, text_encoders=250_000_000, vae=160_000_000)
    card, on_gpu = Device(4 * GIB), MemoryFlags(clip_on_cpu=True, vae_on_cpu=False)
    plain = evaluate(sd15, card, 16 * GIB, 512, 512, 20, on_gpu)
    encoded = evaluate(sd15, card, 16 * GIB, 512, 512, 20, on_gpu, ExtraWork(encode=True))
    assert encoded.seconds > plain.seconds  # the encoder runs too
    assert encoded.peak_vram.total >= plain.peak_vram.total
    hires = evaluate(sd15, card, 16 * GIB, 512, 512, 20, on_gpu, ExtraWork(hires_size=(1024, 1024)))
    at_1024 = evaluate(sd15, card, 16 * GIB, 1024, 1024, 20, on_gpu)
    # the second pass and the decode happen at 1024: the peak is that size's, the time both passes'
    assert hires.peak_vram.total == at_1024.peak_vram.total
    assert hires.seconds > at_1024.seconds > plain.seconds
    fewer = evaluate(sd15, card, 16 * GIB, 512, 512, 20, on_gpu, ExtraWork(hires_size=(1024, 1024), hires_steps=5))
    assert plain.seconds < fewer.seconds < hires.seconds
