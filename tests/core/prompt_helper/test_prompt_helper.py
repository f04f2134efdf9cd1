"""The prompt helper as data: its questions, its llama-server argv, its streamed answer, where it runs, its file."""

from __future__ import annotations

import json
from pathlib import Path

import gguf
import numpy as np
import pytest

from app.core.demo.picture_models import write_tiny_klein
from app.core.generation.command import POLARIS_FEATURE_SET
from app.core.models.backend_caps import Flavour, parse_llama_help
from app.core.models.families import ModelFamily
from app.core.prompt_helper.chat import (
    AnswerEnded,
    AnswerFailed,
    AnswerStream,
    HelperTask,
    Words,
    chat_messages,
    chat_request,
    suggestion,
)
from app.core.prompt_helper.model import (
    CARD_MARGIN,
    HelperPlace,
    PromptModel,
    PromptModelRejected,
    inspect_prompt_model,
    place_helper,
)
from app.core.prompt_helper.server import (
    API_KEY_VARIABLE,
    missing_flags,
    server_argv,
    server_environment,
    server_failure,
)

GIB = 2**30


def chunk(content: str | None = None, **extra: object) -> bytes:
    delta = {} if content is None else {"content": content}
    return b"data: " + json.dumps({"choices": [{"delta": delta}], **extra}, ensure_ascii=False).encode() + b"\n\n"


def test_the_answer_streams_piece_by_piece_even_split_mid_line() -> None:
    stream = AnswerStream()
    data = chunk("A red") + chunk(" fox") + chunk(timings={"predicted_per_second": 12.5, "predicted_n": 2,
                                                          "prompt_per_second": 80.0}) + b"data: [DONE]\n\n"
    events = []
    for i in range(0, len(data), 7):  # any split, a multi-byte character's too
        events += stream.feed(data[i:i + 7])
    assert events == [Words("A red"), Words(" fox"), AnswerEnded(12.5, 80.0, 2)]


def test_a_split_multibyte_character_arrives_whole() -> None:
    stream = AnswerStream()
    data = chunk("Ação")
    cut = data.index("ç".encode()) + 1
    assert stream.feed(data[:cut]) == []
    assert stream.feed(data[cut:]) == [Words("Ação")]


def test_an_error_in_the_stream_is_a_failure_and_noise_is_ignored() -> None:
    stream = AnswerStream()
    events = stream.feed(b": keep-alive\n\ndata: not json\n\n" +
                         b'data: {"error": {"message": "the context is full", "code": 400}}\n\n')
    assert events == [AnswerFailed("the context is full")]


@pytest.mark.parametrize(("answer", "original", "expected"), [
    ("<think>\nhmm\n</think>\n\nA fox in snow", "fox", "A fox in snow"),
    ("A fox in snow.\n\nSoft  light,\tdawn.", "fox", "A fox in snow. Soft light, dawn."),
    ('"A fox in snow, soft light"', "fox", "A fox in snow, soft light"),
    ("Prompt: fox, snow, 8k", "fox", "fox, snow, 8k"),
    ("English: a cat on a roof", "um gato no telhado", "a cat on a roof"),
    ("«a cat»", "gato", "a cat"),
    ("a knight, oil painting", "knight <lora:oil:0.8>", "a knight, oil painting <lora:oil:0.8>"),
    ("a knight <lora:oil:0.8>, oil painting", "knight <lora:oil:0.8>", "a knight <lora:oil:0.8>, oil painting"),
    ("<think>still thinking when it was cut", "x", ""),
])
def test_the_suggestion_is_the_prompt_alone(answer: str, original: str, expected: str) -> None:
    assert suggestion(answer, original) == expected


def test_tags_for_unets_and_sentences_for_dits() -> None:
    for family in (ModelFamily.SD1, ModelFamily.SDXL):
        assert "comma-separated tags" in chat_messages(HelperTask.ENHANCE, family, "a fox")[0]["content"]
    for family in (ModelFamily.FLUX, ModelFamily.FLUX2, ModelFamily.Z_IMAGE, ModelFamily.UNKNOWN):
        assert "sentences" in chat_messages(HelperTask.ENHANCE, family, "a fox")[0]["content"]
    translation = chat_messages(HelperTask.TRANSLATE, ModelFamily.SD1, "  um gato no telhado \n")
    assert "into English" in translation[0]["content"] and translation[1] == {"role": "user",
                                                                              "content": "um gato no telhado"}


def test_the_request_streams_without_thinking_and_with_a_cap() -> None:
    body = chat_request(HelperTask.ENHANCE, ModelFamily.FLUX, "a fox")
    assert body["stream"] is True and body["chat_template_kwargs"] == {"enable_thinking": False}
    assert 0 < int(str(body["max_tokens"])) < 1000


MODEL = PromptModel(Path("qwen.gguf"), "qwen3", int(2.5 * GIB), layers=36, kv_width=8 * 128)


def test_the_kv_cache_of_qwen3_4b_at_4096_tokens_is_576_mib() -> None:
    assert MODEL.cache_bytes(4096) == 576 * 2**20


@pytest.mark.parametrize(("wanted", "pictures", "free", "on_card", "words"), [
    (False, False, 8 * GIB, False, "runs on the processor"),
    (True, True, 8 * GIB, False, "pictures are being drawn"),
    (True, False, 3 * GIB, False, "it needs 3.6 GiB on the graphics card, 3.0 GiB is free"),
    (True, False, None, False, "unknown is free"),
    (True, False, 8 * GIB, True, "runs on the graphics card"),
])
def test_the_processor_by_default_the_card_only_when_free_and_it_fits(
        wanted: bool, pictures: bool, free: int | None, on_card: bool, words: str) -> None:
    place = place_helper(MODEL, wanted, pictures, free)
    assert place.on_card is on_card and words in place.why


def test_it_fits_exactly_at_weights_cache_and_margin() -> None:
    needed = MODEL.bytes + MODEL.cache_bytes() + CARD_MARGIN
    assert place_helper(MODEL, True, False, needed).on_card
    assert not place_helper(MODEL, True, False, needed - 1).on_card


def test_on_the_processor_llama_server_touches_no_card() -> None:
    argv = server_argv(Path("/opt/llama-server"), Path("/m/q.gguf"), 5000, HelperPlace(False, ""), 4)
    assert argv[0] == str(Path("/opt/llama-server"))
    assert argv[argv.index("--n-gpu-layers") + 1] == "0" and argv[argv.index("--device") + 1] == "none"
    assert argv[argv.index("--host") + 1] == "127.0.0.1" and argv[argv.index("--port") + 1] == "5000"
    assert argv[argv.index("--threads") + 1] == "4" and argv[argv.index("--reasoning") + 1] == "off"
    assert argv[argv.index("--poll") + 1] == "0"  # no spinning beside a picture's work
    on_card = server_argv(Path("/opt/llama-server"), Path("/m/q.gguf"), 5000, HelperPlace(True, ""), 4)
    assert on_card[on_card.index("--n-gpu-layers") + 1] == "999" and "--device" not in on_card


def test_the_key_goes_in_the_environment_beside_the_polaris_feature_set() -> None:
    environment = server_environment({"PATH": "/bin", **POLARIS_FEATURE_SET}, "secret")
    assert environment == {"PATH": "/bin", **POLARIS_FEATURE_SET, API_KEY_VARIABLE: "secret"}


@pytest.mark.parametrize(("output", "words"), [
    ("ggml_vulkan: Device memory allocation of size 2500000000 failed.\nErrorOutOfDeviceMemory", "out of memory"),
    ("llama_model_load: error loading model: tensor 'blk.0.attn_q.weight' data is not within the file bounds\n"
     "srv    load_model: failed to load model, 'x.gguf'", "could not load its model file"),
    ("couldn't bind HTTP server socket, hostname: 127.0.0.1, port: 5000", "local connection"),
    ("Segmentation fault", "stopped unexpectedly"),
])
def test_why_the_server_stopped_in_words(output: str, words: str) -> None:
    assert words in server_failure(output)


def _write_header_only_llm(path: Path, tokenizer: bool) -> None:
    writer = gguf.GGUFWriter(str(path), arch="qwen3")
    writer.add_block_count(2)
    writer.add_head_count(4)
    writer.add_head_count_kv(2)
    writer.add_key_length(16)
    writer.add_embedding_length(64)
    if tokenizer:
        writer.add_tokenizer_model("gpt2")
        writer.add_token_list(["a", "b", "c"])
    writer.add_tensor("token_embd.weight", np.zeros((3, 64), np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def test_a_chat_model_file_is_read_from_its_header(tmp_path: Path) -> None:
    path = tmp_path / "llm.gguf"
    _write_header_only_llm(path, tokenizer=True)
    model = inspect_prompt_model(path)
    assert (model.architecture, model.layers, model.kv_width, model.bytes) == ("qwen3", 2, 32, 3 * 64 * 4)


def test_files_it_cannot_chat_with_are_refused_in_words(tmp_path: Path) -> None:
    no_words = tmp_path / "llm.gguf"
    _write_header_only_llm(no_words, tokenizer=False)
    with pytest.raises(PromptModelRejected, match="without the word list"):
        inspect_prompt_model(no_words)
    # the klein preset's tiny text encoder: sd.cpp's names, no tokenizer
    _, qwen3_for_pictures, _ = write_tiny_klein(tmp_path / "klein")
    with pytest.raises(PromptModelRejected, match=r"Qwen3-4B-Q4_K_M\.gguf"):
        inspect_prompt_model(qwen3_for_pictures)
    text = tmp_path / "notes.gguf"
    text.write_text("hello", encoding="utf-8")
    with pytest.raises(PromptModelRejected, match="cannot be read as a text model"):
        inspect_prompt_model(text)
    with pytest.raises(PromptModelRejected, match=r"missing\.gguf"):
        inspect_prompt_model(tmp_path / "missing.gguf")


def test_our_llama_server_offers_every_option_the_helper_uses() -> None:
    help_text = (Path(__file__).parents[2] / "data" / "llama-server-0.3.36" / "help.stdout").read_text(
        encoding="utf-8")
    caps = parse_llama_help(help_text)
    assert caps.flavour is Flavour.LLAMA_SERVER and missing_flags(caps) == []
    # every spelling of an option is known: the short one, the old one and the new one
    assert {"-ngl", "--gpu-layers", "--n-gpu-layers", "-dev", "--device", "-rea", "--reasoning"} <= caps.flags
    # sd.cpp's --help is not llama-server's
    sd_help = (Path(__file__).parents[2] / "data" / "sdcpp-0.4.7" / "bad_flag.stdout").read_text(encoding="utf-8")
    assert parse_llama_help(sd_help).flavour is Flavour.UNKNOWN
