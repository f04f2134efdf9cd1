"""LoRAs in the prompt: names checked, files found and recognised by header, families matched, hashes, plans."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.core.demo.picture_models import write_tiny_lora
from app.core.gallery.metadata import generation_fields, lora_hash
from app.core.generation.lora import LoraRejected, LoraUse, check_loras, lora_files, lora_tag, loras_in
from app.core.generation.request import GenerationRequest, InvalidRequest, validate
from app.core.models.components import Components
from app.core.models.families import ComponentKind, MemoryFlags, ModelFamily, ModelFiles
from app.core.models.model_files import import_file, inspect_model, lora_family
from app.core.planning.plan import GIB, Device, evaluate
from app.core.planning.work import ExtraWork
from tests.helpers.model_headers import sd15_checkpoint, vae, write_gguf, write_safetensors

SD1_LORA = {"lora_unet_down_blocks_0_attentions_0_transformer_blocks_0_attn2_to_k.lora_down.weight": ((4, 768), "f16"),
            "lora_unet_down_blocks_0_attentions_0_transformer_blocks_0_attn2_to_k.lora_up.weight": ((320, 4), "f16"),
            "lora_te_text_model_encoder_layers_0_mlp_fc1.lora_down.weight": ((4, 768), "f16")}
SDXL_LORA = {"lora_unet_input_blocks_4_1_transformer_blocks_0_attn2_to_k.lora_down.weight": ((4, 2048), "f16"),
             "lora_unet_input_blocks_4_1_transformer_blocks_0_attn2_to_k.lora_up.weight": ((640, 4), "f16")}
KOHYA_FLUX_LORA = {"lora_unet_double_blocks_0_img_attn_qkv.lora_down.weight": ((4, 3072), "bf16"),
                   "lora_unet_double_blocks_0_img_attn_qkv.lora_up.weight": ((9216, 4), "bf16")}


@pytest.fixture
def loras(tmp_path: Path) -> Path:
    folder = tmp_path / "loras"
    write_tiny_lora(folder)
    write_safetensors(folder / "sd1_style.safetensors", SD1_LORA)
    write_safetensors(folder / "not_a_lora.safetensors", vae())
    return folder


def test_tags_are_found_with_their_weights() -> None:
    assert loras_in("a cat <lora:ink:0.7> on a mat <lora:light:-1>") == [LoraUse("ink", 0.7), LoraUse("light", -1)]
    assert lora_tag("ink", 0.75) == "<lora:ink:0.75>" and LoraUse("ink", 1.0).tag == "<lora:ink:1>"
    [bad] = loras_in("<lora:ink:lots>")
    assert bad.weight != bad.weight  # NaN: refused below


@pytest.mark.parametrize("name", ["../../x", "sub/x", "..\\x", ".hidden", "/etc/passwd", "|high_noise|x", " x"])
def test_a_name_that_is_not_a_plain_file_name_is_refused(loras: Path, name: str) -> None:
    with pytest.raises(LoraRejected, match=r"not a plain name|spaces around it"):
        check_loras(f"a cat <lora:{name}:1>", loras, "flux")


def test_lora_files_are_found_and_checked(loras: Path) -> None:
    assert set(lora_files(loras)) == {"flux_tiny_lora", "sd1_style", "not_a_lora"}
    [(use, path)] = check_loras("a cat <lora:flux_tiny_lora:0.8>", loras, "flux")
    assert use == LoraUse("flux_tiny_lora", 0.8) and path == loras / "flux_tiny_lora.safetensors"
    for prompt, message in (("<lora:missing:1>", "no LoRA missing"), ("<lora:not_a_lora:1>", "is a VAE, not a LoRA"),
                            ("<lora:flux_tiny_lora:9>", "from -4 to 4"), ("<lora:flux_tiny_lora:x>", "a number")):
        with pytest.raises(LoraRejected, match=message):
            check_loras(prompt, loras, "flux")
    with pytest.raises(LoraRejected, match="no LoRA folder is set"):
        check_loras("<lora:flux_tiny_lora:1>", None, "flux")


def test_the_family_is_read_from_the_names(tmp_path: Path, loras: Path) -> None:
    kinds = {name: lora_family(list(inspect_model(write_gguf(tmp_path / f"{name}.gguf", spec)).tensors))
             for name, spec in (("sd1", SD1_LORA), ("sdxl", SDXL_LORA), ("kohya_flux", KOHYA_FLUX_LORA))}
    assert kinds == {"sd1": ComponentKind.SD1, "sdxl": ComponentKind.SDXL, "kohya_flux": ComponentKind.FLUX}
    assert lora_family(list(inspect_model(loras / "flux_tiny_lora.safetensors").tensors)) is ComponentKind.FLUX
    result = import_file(loras / "flux_tiny_lora.safetensors")
    assert (result.kind, result.slot) == ("LoRA", "lora")


def test_a_lora_for_another_family_is_refused_before_anything_runs(tmp_path: Path, loras: Path) -> None:
    sd15 = write_safetensors(tmp_path / "sd15.safetensors", sd15_checkpoint())
    request = GenerationRequest(prompt="a cat <lora:flux_tiny_lora:1>", models=ModelFiles(model=sd15),
                                memory=MemoryFlags(), lora_dir=loras)
    with pytest.raises(InvalidRequest, match=r"LoRA flux_tiny_lora was made for Flux models, but the model is SD 1\.x"):
        validate(request)
    valid, _ = validate(dataclasses.replace(request, prompt="a cat <lora:sd1_style:0.5>"))
    assert valid.family is ModelFamily.SD1 and valid.lora_dir == loras.absolute()
    with pytest.raises(InvalidRequest, match="not a plain name"):
        validate(dataclasses.replace(request, prompt="<lora:../../x:1>"))


def test_lora_hashes_are_a1111s_and_skip_the_header(loras: Path, tmp_path: Path) -> None:
    path = loras / "flux_tiny_lora.safetensors"
    before = lora_hash(path)
    assert len(before) == 12
    data = path.read_bytes()
    header = int.from_bytes(data[:8], "little")
    # the same tensors under a longer header (new metadata): the same hash, as A1111 and civitai compute it
    longer = data[8:8 + header] + b" " * 8
    (tmp_path / "copy.safetensors").write_bytes(len(longer).to_bytes(8, "little") + longer + data[8 + header:])
    assert lora_hash(tmp_path / "copy.safetensors") == before
    request = GenerationRequest(prompt="x", seed=1, models=ModelFiles(model=path), family=ModelFamily.FLUX)
    fields = generation_fields(request, None, [(LoraUse("flux_tiny_lora", 1), path)], "v")
    assert fields["Lora hashes"] == f'"flux_tiny_lora: {before}"'


def test_the_planner_counts_lora_weights_by_apply_mode() -> None:
    flux = Components(ModelFamily.FLUX, diffusion=6 * GIB, text_encoders=5 * GIB, vae=160 * 2**20)
    card, memory = Device(8 * GIB), MemoryFlags()
    plain = evaluate(flux, card, 32 * GIB, 1024, 1024, 4, memory)
    merged = evaluate(flux, card, 32 * GIB, 1024, 1024, 4, memory, ExtraWork(lora_bytes=300 * 2**20))
    runtime = evaluate(flux, card, 32 * GIB, 1024, 1024, 4, memory,
                       ExtraWork(lora_bytes=300 * 2**20, lora_at_runtime=True))
    assert merged.peak_vram.weights == plain.peak_vram.weights + 300 * 2**20
    assert runtime.peak_vram.compute > merged.peak_vram.compute == plain.peak_vram.compute
    offloaded = evaluate(flux, card, 32 * GIB, 1024, 1024, 4, dataclasses.replace(memory, offload_to_cpu=True),
                         ExtraWork(lora_bytes=300 * 2**20))
    assert offloaded.peak_ram > evaluate(flux, card, 32 * GIB, 1024, 1024, 4,
                                         dataclasses.replace(memory, offload_to_cpu=True)).peak_ram


def test_other_tools_read_the_new_fields_back(loras: Path, tmp_path: Path) -> None:
    from PIL import Image
    from sd_parsers import ParserManager

    from app.core.gallery.metadata import a1111_parameters, write_metadata
    from app.core.generation.request import HiresFix

    png = tmp_path / "made.png"
    Image.effect_noise((64, 64), 40).convert("RGB").save(png)
    lora = loras / "flux_tiny_lora.safetensors"
    request = GenerationRequest(prompt="a cat <lora:flux_tiny_lora:0.5>", seed=7, models=ModelFiles(model=lora),
                                family=ModelFamily.FLUX, init_image=png, strength=0.45,
                                hires=HiresFix(scale=1.5, denoising_strength=0.6, steps=3))
    fields = generation_fields(request, "abcdef1234", [(LoraUse("flux_tiny_lora", 0.5), lora)], "Polaris Studio")
    write_metadata(png, a1111_parameters(request.prompt, "", fields), {})
    info = ParserManager().parse(png)
    assert info is not None and info.generator.value == "AUTOMATIC1111"
    assert info.metadata["Denoising strength"] == "0.45"
    assert (info.metadata["Hires upscale"], info.metadata["Hires steps"]) == ("1.5", "3")
    assert info.metadata["Hires upscaler"] == "Latent"
    # sd-parsers 0.6 drops a value that holds ':' (A1111's quoted "Lora hashes"), and reads civitai's JSON one
    assert info.metadata["Hashes"] == {"model": "abcdef1234", "lora:flux_tiny_lora": lora_hash(lora)}
    assert f'Lora hashes: "flux_tiny_lora: {lora_hash(lora)}"' in info.raw_parameters["parameters"]
    [sampler] = info.samplers
    assert sampler.prompts[0].value == "a cat <lora:flux_tiny_lora:0.5>" and sampler.parameters["seed"] == "7"
