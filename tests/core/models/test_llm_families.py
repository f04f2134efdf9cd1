"""Z-Image and FLUX.2 klein with their Qwen3 text encoder: recognised from published headers, put in the right
slot, and refused before anything runs when parts of different families are put together."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from app.core.generation.command import build_argv
from app.core.generation.request import GenerationRequest, InvalidRequest, validate
from app.core.models.backend_caps import parse_help
from app.core.models.families import ComponentKind, MemoryFlags, ModelFamily, ModelFiles
from app.core.models.model_files import import_file, inspect_model, llm_width, slot_problem, wanted_llm_width
from tests.helpers import model_headers as mh

DATA = Path(__file__).parents[2] / "data" / "sdcpp-0.4.7"

# (file as published, writer, header, kind, main type, the publisher's parameter count in billions or None for a
# header that lists only the tensors that tell the kind)
PUBLISHED = [
    # leejet/Z-Image-Turbo-GGUF, Comfy-Org/z_image_turbo (bf16): "6B"; 6.15B as its model card counts
    ("z_image_turbo-Q4_K.gguf", mh.write_gguf, mh.z_image_diffusion(), ComponentKind.Z_IMAGE, "q4_K", 6.15),
    ("z_image_turbo_bf16.safetensors", mh.write_safetensors, mh.z_image_diffusion("bf16"), ComponentKind.Z_IMAGE,
     "bf16", 6.15),
    # leejet/FLUX.2-klein-4B-GGUF, black-forest-labs/FLUX.2-klein-4B (bf16): "4B" (3.9B counted)
    ("flux-2-klein-4b-Q4_K.gguf", mh.write_gguf, mh.flux2_diffusion(), ComponentKind.FLUX2, "q4_K", 3.9),
    ("flux-2-klein-4b.safetensors", mh.write_safetensors, mh.flux2_diffusion("bf16"), ComponentKind.FLUX2, "bf16",
     3.9),
    # unsloth/Qwen3-4B-GGUF (llama.cpp names), Comfy-Org's qwen_3_4b.safetensors (Hugging Face names): 4.0B
    ("Qwen3-4B-Q4_K_M.gguf", mh.write_gguf, mh.qwen3(), ComponentKind.QWEN3, "q4_K", 4.0),
    ("qwen_3_4b.safetensors", mh.write_safetensors, mh.qwen3("bf16", gguf_names=False), ComponentKind.QWEN3, "bf16",
     4.0),
    ("flux2_ae.safetensors", mh.write_safetensors, mh.flux2_vae(), ComponentKind.FLUX2_VAE, "f32", None),
]


@pytest.mark.parametrize(("name", "write", "spec", "kind", "quant", "billions"), PUBLISHED,
                         ids=[p[0] for p in PUBLISHED])
def test_published_headers_are_recognised(tmp_path: Path, name, write, spec, kind, quant, billions) -> None:
    info = inspect_model(write(tmp_path / name, spec))
    assert (info.kind, info.quantization) == (kind, quant)
    if billions is not None:  # the golden header is the whole model, not a sample of its names
        assert sum(math.prod(t.shape) for t in info.tensors) / 1e9 == pytest.approx(billions, abs=0.03)
    result = import_file(tmp_path / name)
    assert result.slot == {"Qwen3 text encoder (LLM)": "llm", "FLUX.2 VAE": "vae"}.get(kind.value, "diffusion_model")
    assert result.warning is None


def test_the_flux1_vae_stays_a_vae_and_widths_are_read(tmp_path: Path) -> None:
    assert inspect_model(mh.write_safetensors(tmp_path / "ae.safetensors", mh.vae())).kind is ComponentKind.VAE
    qwen = inspect_model(mh.write_gguf(tmp_path / "q.gguf", mh.qwen3()))
    hf = inspect_model(mh.write_safetensors(tmp_path / "q.safetensors", mh.qwen3("bf16", gguf_names=False)))
    z = inspect_model(mh.write_gguf(tmp_path / "z.gguf", mh.z_image_diffusion()))
    klein = inspect_model(mh.write_gguf(tmp_path / "k.gguf", mh.flux2_diffusion()))
    assert llm_width(qwen) == llm_width(hf) == wanted_llm_width(z) == wanted_llm_width(klein) == 2560
    # a klein 9B reads Qwen3-8B: three 4096-wide layers
    nine = inspect_model(mh.write_gguf(tmp_path / "k9.gguf", mh.flux2_diffusion(hidden=4096, context=12288)))
    assert wanted_llm_width(nine) == 4096


def test_slots_name_the_llm(tmp_path: Path) -> None:
    qwen = inspect_model(mh.write_gguf(tmp_path / "Qwen3-4B-Q4_K_M.gguf", mh.qwen3()))
    assert slot_problem("llm", qwen) is None
    problem = slot_problem("t5xxl", qwen)
    assert problem is not None and "is a Qwen3 text encoder (LLM), not a T5-XXL file: put it in LLM text encoder" \
        in problem


@pytest.fixture
def parts(tmp_path: Path) -> dict[str, Path]:
    return {"z": mh.write_gguf(tmp_path / "z_image_turbo-Q4_K.gguf", mh.z_image_diffusion()),
            "klein": mh.write_gguf(tmp_path / "flux-2-klein-4b-Q4_K.gguf", mh.flux2_diffusion()),
            "klein9": mh.write_gguf(tmp_path / "flux-2-klein-9b.gguf", mh.flux2_diffusion(hidden=4096, context=12288)),
            "flux": mh.write_gguf(tmp_path / "flux1-schnell.gguf", mh.flux_diffusion()),
            "qwen": mh.write_gguf(tmp_path / "Qwen3-4B-Q4_K_M.gguf", mh.qwen3()),
            "qwen8": mh.write_gguf(tmp_path / "Qwen3-8B.gguf", mh.qwen3(hidden=4096, ffn=12288)),
            "t5": mh.write_safetensors(tmp_path / "t5xxl.safetensors", mh.t5xxl()),
            "ae": mh.write_safetensors(tmp_path / "ae.safetensors", mh.vae()),
            "ae2": mh.write_safetensors(tmp_path / "flux2_ae.safetensors", mh.flux2_vae())}


def test_matching_parts_validate_with_the_family_and_its_defaults(parts) -> None:
    z, _ = validate(GenerationRequest("x", width=1000, models=ModelFiles(
        diffusion_model=parts["z"], vae=parts["ae"], llm=parts["qwen"])))
    assert (z.family, z.cfg_scale, z.width) == (ModelFamily.Z_IMAGE, 1.0, 1008)
    klein, _ = validate(GenerationRequest("x", models=ModelFiles(
        diffusion_model=parts["klein"], vae=parts["ae2"], llm=parts["qwen"])))
    assert (klein.family, klein.cfg_scale) == (ModelFamily.FLUX2, 1.0)


@pytest.mark.parametrize(("files", "message"), [
    ({"diffusion_model": "z", "vae": "ae"}, "is a Z-Image diffusion model: it needs its Qwen3 text encoder in LLM "
                                            "text encoder"),
    ({"diffusion_model": "z", "vae": "ae2", "llm": "qwen"}, "flux2_ae.safetensors is a FLUX.2 VAE, but "
                                                            "z_image_turbo-Q4_K.gguf is a Z-Image diffusion model"),
    ({"diffusion_model": "klein", "vae": "ae", "llm": "qwen"}, "is a VAE, but flux-2-klein-4b-Q4_K.gguf is a "
                                                               "FLUX.2 diffusion model: it needs a FLUX.2 VAE"),
    ({"diffusion_model": "klein9", "vae": "ae2", "llm": "qwen"}, "Qwen3-4B-Q4_K_M.gguf is 2560 wide but "
                                                                 "flux-2-klein-9b.gguf reads a 4096-wide Qwen3 "
                                                                 "(Qwen3-8B)"),
    ({"diffusion_model": "z", "vae": "ae", "llm": "qwen8"}, "reads a 2560-wide Qwen3 (Qwen3-4B)"),
    ({"diffusion_model": "flux", "vae": "ae", "t5xxl": "t5", "llm": "qwen"}, "does not read one: leave LLM text "
                                                                            "encoder empty"),
    ({"diffusion_model": "z", "vae": "ae", "llm": "qwen", "t5xxl": "t5"}, "reads the prompt through its Qwen3 LLM "
                                                                          "only; leave T5-XXL empty"),
], ids=["no-llm", "flux2-vae-for-z-image", "flux1-vae-for-klein", "4b-encoder-for-9b",
        "8b-encoder-for-z-image", "llm-for-flux1", "t5-for-z-image"])
def test_parts_of_another_family_are_refused_before_launch(parts, files, message) -> None:
    models = ModelFiles(**{slot: parts[key] for slot, key in files.items()})
    with pytest.raises(InvalidRequest) as caught:
        validate(GenerationRequest("x", models=models))
    assert message in str(caught.value)


def test_argv_passes_the_llm_and_reference_pictures(parts, tmp_path: Path) -> None:
    from PIL import Image

    source = tmp_path / "source.png"
    Image.new("RGB", (96, 64), "white").save(source)
    request, _ = validate(GenerationRequest("make it blue", seed=1, memory=MemoryFlags(), ref_images=(source,),
                                            models=ModelFiles(diffusion_model=parts["klein"], vae=parts["ae2"],
                                                              llm=parts["qwen"])))
    argv = build_argv(Path("sd-cli"), request, parse_help((DATA / "help.stdout").read_text()), tmp_path / "o.png")
    assert argv[argv.index("--llm") + 1] == str(parts["qwen"].absolute())
    assert argv[argv.index("--ref-image") + 1] == str(source.absolute())


def test_a_reference_picture_needs_a_klein_model(parts, tmp_path: Path) -> None:
    from PIL import Image

    source = tmp_path / "source.png"
    Image.new("RGB", (64, 64), "white").save(source)
    z = ModelFiles(diffusion_model=parts["z"], vae=parts["ae"], llm=parts["qwen"])
    with pytest.raises(InvalidRequest, match=r"editing from a reference picture needs a FLUX\.2 klein model"):
        validate(GenerationRequest("x", models=z, ref_images=(source,)))
    klein = ModelFiles(diffusion_model=parts["klein"], vae=parts["ae2"], llm=parts["qwen"])
    with pytest.raises(InvalidRequest, match="reference picture not found"):
        validate(GenerationRequest("x", models=klein, ref_images=(tmp_path / "missing.png",)))


def test_the_tiny_klein_files_are_what_they_say(tiny_klein) -> None:
    model, llm, vae = (inspect_model(path) for path in tiny_klein)
    assert (model.kind, llm.kind, vae.kind) == (ComponentKind.FLUX2, ComponentKind.QWEN3, ComponentKind.FLUX2_VAE)
    assert wanted_llm_width(model) == llm_width(llm) == 64
    assert [import_file(path).slot for path in tiny_klein] == ["diffusion_model", "llm", "vae"]


def test_an_edit_keeps_its_pictures_size_unless_one_is_set(parts, tmp_path: Path) -> None:
    from PIL import Image

    source = tmp_path / "source.png"
    Image.new("RGB", (1000, 3000), "white").save(source)
    klein = ModelFiles(diffusion_model=parts["klein"], vae=parts["ae2"], llm=parts["qwen"])
    edit, notes = validate(GenerationRequest("make it blue", models=klein, ref_images=(source,)))
    assert (edit.width, edit.height) == (688, 2048)  # 683x2048 within the limits, then on klein's 16-pixel grid
    assert notes[0] == "the edited picture is 1000x3000; it is scaled to 683x2048 (sides from 64 to 2048 pixels)"
    chosen, _ = validate(GenerationRequest("make it blue", models=klein, ref_images=(source,), width=512,
                                           height=512, size_from_input=False))
    assert (chosen.width, chosen.height) == (512, 512)


def test_the_real_shaped_writers_match_the_published_layouts() -> None:
    from app.core.demo.picture_models import flux2_tensors, qwen3_tensors, z_image_tensors

    def layout(tensors) -> dict[str, tuple[int, ...]]:
        return {t.name.removeprefix("model.diffusion_model."): t.shape for t in tensors}

    def golden(spec: mh.Spec) -> dict[str, tuple[int, ...]]:
        return {name: shape for name, (shape, _) in spec.items()}

    # the GPU calibration files (python -m app.core.demo.picture_models --calibration llm) hold exactly the tensors
    # the published files hold, with their shapes; z_image.hpp fixes every one of them
    z = layout(z_image_tensors())
    assert {k: v for k, v in z.items() if not k.endswith(".bias")} == \
        {k: v for k, v in golden(mh.z_image_diffusion()).items() if not k.endswith(".bias")}
    assert layout(flux2_tensors(3072, 5, 20, 7680)) == golden(mh.flux2_diffusion())
    assert layout(qwen3_tensors(2560, 36, 9728)) == golden(mh.qwen3("bf16", gguf_names=False))
