"""ControlNet's pure parts: the family a ControlNet file guides read from its header, the refusals before anything
runs (a DiT model, a ControlNet for another family, SD 2's, a file that is no ControlNet, a strength out of range),
sd.cpp's options in the argv (the backend's real --help says it has them), the PNG's record, the queue file, the
plan and the time model counting its weights on the card or the processor, as sd.cpp holds them.

The real drawing with a ControlNet: tests/integration/test_controlnet_cli.py (a real-shaped random SD 1.5 and
ControlNet on lavapipe, `full`); no GPU run was made for this change."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest
from PIL import Image

from app.core.gallery.metadata import generation_fields
from app.core.generation.command import build_argv
from app.core.generation.control import ControlNetUse, ControlRejected, check_control
from app.core.generation.prepare import prepare
from app.core.generation.request import GenerationRequest, InvalidRequest, validate
from app.core.models.backend_caps import parse_help
from app.core.models.components import Components
from app.core.models.controlnet import controlnet_family, controlnet_memory_bytes
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.models.model_files import inspect_model
from app.core.planning.plan import GIB, Device, evaluate
from app.core.planning.work import ExtraWork
from app.core.queue.jobs import request_from_json, request_json
from tests.helpers.captures import load
from tests.helpers.model_headers import Spec, flux_diffusion, sd15_checkpoint, write_gguf, write_safetensors

CAPS = parse_help(load("help").stdout.decode())


def controlnet(context: int = 768, diffusers: bool = False) -> Spec:
    """A ControlNet's header: lllyasviel's names (or diffusers'), its cross-attention reading `context` wide text."""
    if diffusers:
        return {"controlnet_cond_embedding.conv_in.weight": ((16, 3, 3, 3), "f16"),
                "down_blocks.1.attentions.0.transformer_blocks.0.attn2.to_k.weight": ((640, context), "f16")}
    return {"control_model.input_hint_block.0.weight": ((16, 3, 3, 3), "f16"),
            "control_model.input_blocks.1.1.transformer_blocks.0.attn2.to_k.weight": ((320, context), "f16"),
            "control_model.zero_convs.0.0.weight": ((320, 320, 1, 1), "f16")}


@pytest.fixture
def sd15(tmp_path: Path) -> Path:
    return write_safetensors(tmp_path / "sd15.safetensors", sd15_checkpoint())


@pytest.fixture
def pose(tmp_path: Path) -> Path:
    path = tmp_path / "pose.png"
    Image.new("RGB", (512, 512), (0, 0, 0)).save(path)
    return path


@pytest.mark.parametrize(("spec", "family"), [
    (controlnet(768), ModelFamily.SD1), (controlnet(2048), ModelFamily.SDXL),
    (controlnet(768, diffusers=True), ModelFamily.SD1), (controlnet(1024), ModelFamily.UNKNOWN),  # SD 2
])
def test_the_family_a_controlnet_guides_is_read_from_its_header(tmp_path: Path, spec: Spec,
                                                                 family: ModelFamily) -> None:
    for path in (write_safetensors(tmp_path / "cn.safetensors", spec), write_gguf(tmp_path / "cn.gguf", spec)):
        assert controlnet_family(inspect_model(path)) is family


def test_sd_cpps_options_go_into_the_argv(tmp_path: Path, sd15: Path, pose: Path) -> None:
    model = write_safetensors(tmp_path / "control_v11p_sd15_openpose.safetensors", controlnet(768))
    request, _ = validate(GenerationRequest("a dancer", steps=20, models=ModelFiles(model=sd15),
                                            control=ControlNetUse(model, pose, 0.7, canny=True, on_cpu=True)))
    request = dataclasses.replace(request, seed=1, memory=MemoryFlags())
    argv = build_argv(Path("sd-cli"), request, CAPS, Path("o.png"))
    at = argv.index("--control-net")
    assert argv[at:at + 8] == ["--control-net", str(model.absolute()), "--control-image", str(pose.absolute()),
                               "--control-strength", "0.7", "--canny", "--control-net-cpu"]
    plain = build_argv(Path("sd-cli"), dataclasses.replace(request, control=None), CAPS, Path("o.png"))
    assert not {"--control-net", "--control-image", "--canny"} & set(plain)


@pytest.mark.parametrize(("main", "context", "message"), [
    ("flux", 768, "ControlNet guides SD 1.x and SDXL models only; this one is Flux"),
    ("sd1", 2048, "made for SDXL, not for this SD 1.x model"),
    ("sdxl", 768, "made for SD 1.x, not for this SDXL model"),
    ("sd1", 1024, "made for SD 2, not for this SD 1.x model"),
])
def test_a_controlnet_for_another_family_is_refused_before_anything_runs(tmp_path: Path, pose: Path, main: str,
                                                                         context: int, message: str) -> None:
    if main == "flux":
        models = ModelFiles(diffusion_model=write_gguf(tmp_path / "flux.gguf", flux_diffusion()))
    elif main == "sd1":
        models = ModelFiles(model=write_safetensors(tmp_path / "sd15.safetensors", sd15_checkpoint()))
    control = ControlNetUse(write_safetensors(tmp_path / "cn.safetensors", controlnet(context)), pose)
    if main == "sdxl":  # the check itself, as validate runs it for an SDXL set
        with pytest.raises(ControlRejected, match=message):
            check_control(control, ModelFamily.SDXL)
        return
    with pytest.raises(InvalidRequest, match=message):
        validate(GenerationRequest("a", models=models, control=control))


def test_a_file_that_is_no_controlnet_and_a_strength_out_of_range_are_refused(tmp_path: Path, sd15: Path,
                                                                            pose: Path) -> None:
    with pytest.raises(InvalidRequest, match=r"sd15\.safetensors is not a ControlNet"):
        validate(GenerationRequest("a", models=ModelFiles(model=sd15), control=ControlNetUse(sd15, pose)))
    model = write_safetensors(tmp_path / "cn.safetensors", controlnet())
    with pytest.raises(InvalidRequest, match="strength must be between 0 and 2"):
        validate(GenerationRequest("a", models=ModelFiles(model=sd15), control=ControlNetUse(model, pose, 2.5)))
    with pytest.raises(InvalidRequest, match="control picture not found"):
        validate(GenerationRequest("a", models=ModelFiles(model=sd15),
                                   control=ControlNetUse(model, tmp_path / "none.png")))


def test_the_png_and_the_queue_file_carry_it(tmp_path: Path, sd15: Path, pose: Path) -> None:
    control = ControlNetUse(write_safetensors(tmp_path / "control_sd15_canny.safetensors", controlnet()), pose, 1.0,
                            canny=True)
    request = GenerationRequest("a", models=ModelFiles(model=sd15), control=control)
    assert generation_fields(request, None, [], "v")["ControlNet 0"] == \
        '"Module: canny, Model: control_sd15_canny, Weight: 1"'
    assert request_from_json(request_json(request)) == request


def test_a_controlnet_in_diffusers_layout_is_refused_before_anything_runs(tmp_path: Path, sd15: Path,
                                                                          pose: Path) -> None:
    control = ControlNetUse(write_safetensors(tmp_path / "diffusion_pytorch_model.safetensors",
                                              controlnet(diffusers=True)), pose)
    with pytest.raises(InvalidRequest, match="in diffusers' layout, which the drawing engine cannot read"):
        validate(GenerationRequest("a", models=ModelFiles(model=sd15), control=control))


def test_an_sd15_controlnet_takes_what_sd_cpp_says_whatever_the_file_stores(tmp_path: Path) -> None:
    """The writer's real-shaped SD 1.5 ControlNet (the end-to-end test's) is the published one's size, and the
    memory it takes is sd.cpp's own figure for it: "control_net params backend buffer size = 937.60 MB (340
    tensors)", the same as for a real fp32 .pth (leejet/stable-diffusion.cpp#336's log)."""
    from app.core.demo.picture_models import controlnet_tensors

    tensors = list(controlnet_tensors())
    assert len(tensors) == 340
    published = 722_601_100  # control_v11p_sd15_canny_fp16.safetensors: its header and its f16 data
    assert 0 < published - 2 * sum(math.prod(t.shape) for t in tensors) < 64 * 1024
    for dtype in ("f16", "f32"):
        spec = {t.name: (t.shape, dtype) for t in tensors}
        assert controlnet_memory_bytes(inspect_model(write_safetensors(tmp_path / f"cn_{dtype}.safetensors", spec))) \
            == pytest.approx(937.60 * 2**20, abs=0.01 * 2**20)


SD1 = Components(ModelFamily.SD1, 1_720_000_000, 246_000_000, 167_000_000)
ON_GPU = MemoryFlags(clip_on_cpu=False, vae_on_cpu=False)
CONTROL_BYTES = 983_149_000  # an SD 1.5 ControlNet once loaded (937.60 MiB), from a 723 MB fp16 or 1.45 GB fp32 file


def test_the_plan_counts_the_controlnet_on_the_card_or_the_processor() -> None:
    plain = evaluate(SD1, Device(8 * GIB), 32 * GIB, 512, 512, 20, ON_GPU, ExtraWork())
    on_card = evaluate(SD1, Device(8 * GIB), 32 * GIB, 512, 512, 20, ON_GPU, ExtraWork(control_bytes=CONTROL_BYTES))
    on_cpu = evaluate(SD1, Device(8 * GIB), 32 * GIB, 512, 512, 20, ON_GPU,
                      ExtraWork(control_bytes=CONTROL_BYTES, control_on_cpu=True))
    assert on_card.peak_vram.total - plain.peak_vram.total >= CONTROL_BYTES
    assert on_cpu.peak_vram.total == plain.peak_vram.total
    assert on_cpu.peak_ram - plain.peak_ram >= CONTROL_BYTES
    assert plain.seconds < on_card.seconds < on_cpu.seconds  # its share of every step; slower on the processor


def test_a_request_with_a_controlnet_is_prepared_with_its_weights(tmp_path: Path, sd15: Path, pose: Path) -> None:
    model = write_safetensors(tmp_path / "cn.safetensors", controlnet())
    prepared = prepare(GenerationRequest("a", models=ModelFiles(model=sd15),
                                         control=ControlNetUse(model, pose, on_cpu=True)), None)
    assert prepared.work.control_bytes == controlnet_memory_bytes(inspect_model(model)) > 0
    assert prepared.work.control_on_cpu


def test_the_catalogs_controlnets_say_what_each_is_good_for() -> None:
    from app.core.models.catalog import good_at_words, load_catalog

    catalog = load_catalog()
    assert {"control-sd15-canny", "control-sd15-openpose", "control-sd15-depth"} <= catalog.controlnets.keys()
    for preset in catalog.controlnets.values():
        assert preset.family.traits.takes_controlnet and preset.files[0].slot == "controlnet"
        assert good_at_words(preset).startswith("Good at: following")
        assert all(url.split("/")[2] in catalog.hosts for url in preset.files[0].urls)
        assert catalog.preset(preset.id) is preset


def test_a_controlnet_job_stays_on_this_computer() -> None:
    from app.core.queue.nodes import takes

    request = GenerationRequest("a")
    assert takes(request)
    assert not takes(dataclasses.replace(request, control=ControlNetUse(Path("cn.safetensors"), Path("p.png"))))
