"""The prompt helper's text model among the files a user adds (issue 53): a chat model as llama.cpp publishes it is
told from a picture model's text encoder by its GGUF header (the architecture and the word list a chat needs), goes
to the prompt helper, and into a set's LLM text encoder slot only where that set's picture model reads a Qwen3 of
its width."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.demo.text_model import write_tiny_prompt_model
from app.core.models.model_files import chat_architecture, import_file, import_into, inspect_model, parts_problem
from tests.helpers import model_headers as mh

QWEN3_4B = "Qwen3-4B-Q4_K_M.gguf"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    mine = tmp_path / "my downloads"
    mine.mkdir()
    llama = {name: shape for name, shape in mh.qwen3(layers=2).items()
             if not name.endswith(("attn_q_norm.weight", "attn_k_norm.weight"))}
    return {"flux": mh.write_gguf(mine / "flux1-schnell-Q4_K.gguf", mh.flux_diffusion()),
            "ae": mh.write_safetensors(mine / "ae.safetensors", mh.vae()),
            "klein": mh.write_gguf(mine / "flux-2-klein-4b-Q4_K.gguf", mh.flux2_diffusion()),
            "klein9": mh.write_gguf(mine / "flux-2-klein-9b.gguf", mh.flux2_diffusion(hidden=4096, context=12288)),
            "ae2": mh.write_safetensors(mine / "flux2_ae.safetensors", mh.flux2_vae()),
            # unsloth's file: llama.cpp's names and its chat header; the prompt helper's and klein's text encoder
            "chat": mh.write_gguf(mine / QWEN3_4B, mh.qwen3(), metadata=mh.chat_metadata()),
            # the same weights saved for sd.cpp alone: no word list, so no chat
            "encoder": mh.write_gguf(mine / "qwen3-4b-encoder.gguf", mh.qwen3()),
            # a chat model of another make (no Qwen3 query norms): the helper's, never a picture's
            "llama": mh.write_gguf(mine / "Llama-3.2-1B-Instruct.gguf", llama,
                                   metadata=mh.chat_metadata("llama", layers=2))}


def test_a_chat_model_is_told_by_its_header(files: dict[str, Path], tmp_path: Path) -> None:
    assert chat_architecture(files["chat"]) == "qwen3"
    assert chat_architecture(files["llama"]) == "llama"
    assert chat_architecture(write_tiny_prompt_model(tmp_path / "demo")) == "qwen3"  # the demo's real tiny one
    for other in ("encoder", "flux", "ae"):
        assert chat_architecture(files[other]) is None, other
    assert [import_file(files[name]).slot for name in ("chat", "llama", "encoder")] == \
        ["prompt_helper", "prompt_helper", "llm"]
    assert import_file(files["chat"]).kind == "chat text model"


def test_with_a_flux_model_the_chat_model_goes_to_the_prompt_helper_alone(files: dict[str, Path],
                                                                          tmp_path: Path) -> None:
    models = tmp_path / "models"
    report = import_into([files["flux"], files["ae"], files["chat"]], models)
    assert report.slots == {"diffusion_model": str(files["flux"]), "vae": str(files["ae"])}
    assert f"{QWEN3_4B}: chat text model → the prompt helper's text model (Improve)" in report.lines
    assert (models / "prompt-helper" / QWEN3_4B).is_file() and report.placed
    assert files["chat"].is_file()  # the user's own file stays where it was


def test_klein_takes_the_chat_model_as_its_text_encoder_too(files: dict[str, Path], tmp_path: Path) -> None:
    models = tmp_path / "models"
    report = import_into([files["klein"], files["ae2"], files["chat"]], models)
    assert report.slots == {"diffusion_model": str(files["klein"]), "vae": str(files["ae2"]),
                            "llm": str(files["chat"])}
    assert (f"{QWEN3_4B}: chat text model → the prompt helper's text model (Improve) and LLM text encoder"
            in report.lines)
    assert (models / "prompt-helper" / QWEN3_4B).is_file()
    infos = {slot: inspect_model(Path(path)) for slot, path in report.slots.items()}
    assert parts_problem(infos) is None  # Generate takes the set


def test_a_chat_model_of_another_width_or_make_never_fills_the_llm_slot(files: dict[str, Path],
                                                                         tmp_path: Path) -> None:
    nine = import_into([files["klein9"], files["ae2"], files["chat"]], tmp_path / "a")  # klein 9B reads Qwen3-8B
    assert "llm" not in nine.slots
    assert (tmp_path / "a" / "prompt-helper" / QWEN3_4B).is_file()
    other = import_into([files["klein"], files["llama"]], tmp_path / "b")
    assert other.slots == {"diffusion_model": str(files["klein"])}
    # a text encoder saved for sd.cpp is the set's, whatever chat model comes with it
    both = import_into([files["klein"], files["encoder"], files["chat"]], tmp_path / "c")
    assert both.slots["llm"] == str(files["encoder"])


def test_the_chat_model_alone_is_the_prompt_helpers_not_a_refused_picture_model(files: dict[str, Path],
                                                                                tmp_path: Path) -> None:
    report = import_into([files["chat"]], tmp_path / "models")
    assert report.slots == {} and report.placed
    assert report.lines == [f"{QWEN3_4B}: chat text model → the prompt helper's text model (Improve)"]
