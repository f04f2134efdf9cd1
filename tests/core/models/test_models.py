"""Model inspection: real files we can make, and header files shaped like the published ones."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.core.generation.request import GenerationRequest, InvalidRequest, ModelRejected, validate
from app.core.models.families import ComponentKind, ModelFamily, ModelFiles
from app.core.models.model_files import ModelFileError, inspect_model, slot_problem
from tests.helpers import model_headers as mh

pytestmark = pytest.mark.windows

GIB = 2**30


def test_the_real_tiny_model_files(tiny_model) -> None:
    model, taesd = tiny_model
    flux = inspect_model(model)
    assert flux.format == "gguf"
    assert flux.kind is ComponentKind.FULL_CHECKPOINT
    assert flux.parts == {ComponentKind.FLUX, ComponentKind.CLIP_L}
    assert flux.diffusion_prefixed and flux.quantization == "q4_0"
    # the header's byte sizes add up to the file (a few kB of header and alignment aside)
    assert 0 < model.stat().st_size - flux.total_bytes < 64 * 1024
    tae = inspect_model(taesd)
    assert (tae.kind, tae.quantization) == (ComponentKind.TAE, "f16")
    assert slot_problem("model", flux) is None and slot_problem("taesd", tae) is None


PUBLISHED = [
    ("flux1-schnell-Q4_K_S.gguf", mh.write_gguf, mh.flux_diffusion(), ComponentKind.FLUX, "q4_K", 6.31),
    ("flux1-schnell.safetensors", mh.write_safetensors, mh.flux_diffusion("bf16"), ComponentKind.FLUX, "bf16", 22.15),
    ("t5xxl_fp16.safetensors", mh.write_safetensors, mh.t5xxl(), ComponentKind.T5XXL, "f16", 8.87),
    ("t5-v1_1-xxl-encoder-Q8_0.gguf", mh.write_gguf, mh.t5xxl("q8_0"), ComponentKind.T5XXL, "q8_0", 4.71),
    ("clip_l.safetensors", mh.write_safetensors, mh.clip_l(), ComponentKind.CLIP_L, "f16", 0.23),
    ("ae.safetensors", mh.write_safetensors, mh.vae(), ComponentKind.VAE, "f32", 0.01),
    ("v1-5-pruned-emaonly.safetensors", mh.write_safetensors, mh.sd15_checkpoint(), ComponentKind.FULL_CHECKPOINT,
     "f16", 0.23),
    ("sd_xl_base_unet.safetensors", mh.write_safetensors, mh.sd_unet(xl=True), ComponentKind.SDXL, "f16", 0.01),
    ("sd15_unet.safetensors", mh.write_safetensors, mh.sd_unet(), ComponentKind.SD1, "f16", 0.0),
]


@pytest.mark.parametrize(("name", "write", "spec", "kind", "quant", "gib"), PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_published_shapes_are_recognised(tmp_path: Path, name, write, spec, kind, quant, gib) -> None:
    info = inspect_model(write(tmp_path / name, spec))
    assert (info.kind, info.quantization) == (kind, quant)
    assert info.total_bytes / GIB == pytest.approx(gib, abs=0.01)
    assert mh.size_on_disk(tmp_path / name) < 1024 * 1024  # header-only test files stay tiny on disk


@pytest.mark.parametrize(("slot", "write", "spec", "message"), [
    ("model", mh.write_gguf, mh.flux_diffusion(), "is a diffusion-only model (Flux diffusion model): put it in "
                                                   "Diffusion model, and add a VAE and the text encoders"),
    ("model", mh.write_safetensors, mh.t5xxl(), "is a T5-XXL text encoder, not a Model file: put it in T5-XXL"),
    ("vae", mh.write_safetensors, mh.clip_l(), "is a CLIP-L text encoder, not a VAE file: put it in CLIP-L"),
    ("diffusion_model", mh.write_safetensors, mh.sd15_checkpoint(), "is a full checkpoint, not a Diffusion model "
                                                                     "file: put it in Model"),
    ("t5xxl", mh.write_safetensors, mh.vae(), "is a VAE, not a T5-XXL file: put it in VAE"),
])
def test_a_file_in_the_wrong_slot_names_the_right_one(tmp_path: Path, slot, write, spec, message) -> None:
    info = inspect_model(write(tmp_path / "file.bin.safetensors", spec))
    problem = slot_problem(slot, info)
    assert problem is not None and message in problem


def test_validate_catches_the_wrong_slot_before_launch(tmp_path: Path) -> None:
    diffusion = mh.write_gguf(tmp_path / "flux1-schnell-Q4_K_S.gguf", mh.flux_diffusion())
    request = GenerationRequest("x", models=ModelFiles(model=diffusion))
    with pytest.raises(InvalidRequest, match="put it in Diffusion model"):
        validate(request)
    split = dataclasses.replace(request, models=ModelFiles(diffusion_model=diffusion), width=1000)
    valid, notes = validate(split)
    assert valid.family is ModelFamily.FLUX  # read from the file: Flux sizes snap to 16
    assert valid.cfg_scale == 1.0  # Flux runs without a negative pass unless asked
    assert notes == ["width 1000 is not a multiple of 16; using 1008"]
    sd15 = mh.write_safetensors(tmp_path / "v1-5.safetensors", mh.sd15_checkpoint())
    valid, notes = validate(GenerationRequest("x", models=ModelFiles(model=sd15), width=1002))
    assert (valid.family, valid.width, valid.cfg_scale) == (ModelFamily.SD1, 1000, None)


@pytest.mark.parametrize(("content", "message"), [
    (b"\x00" * 64, "neither GGUF nor safetensors"),
    (b"GGUF\x03\x00\x00\x00\x05", "ends inside its header"),
    (b"GGUF\x01\x00\x00\x00" + b"\x00" * 16, "GGUF version 1 is too old"),
])
def test_unreadable_files_say_why(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "model.gguf"
    path.write_bytes(content)
    with pytest.raises(ModelFileError, match=message):
        inspect_model(path)


def test_an_incomplete_download_is_caught_from_the_header(tmp_path: Path, tiny_model) -> None:
    model, _ = tiny_model
    partial = tmp_path / "flux_partial.gguf"
    partial.write_bytes(model.read_bytes()[: 30 * 2**20])
    with pytest.raises(ModelFileError, match="the download is incomplete"):
        inspect_model(partial)
    with pytest.raises(ModelRejected, match="the download is incomplete"):
        validate(GenerationRequest("x", models=ModelFiles(model=partial)))


def test_a_not_json_safetensors_header(tmp_path: Path) -> None:
    path = tmp_path / "bad.safetensors"
    path.write_bytes((10).to_bytes(8, "little") + b"not json!!")
    with pytest.raises(ModelFileError, match="not JSON"):
        inspect_model(path)
