from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import gguf
import numpy as np
from gguf.quants import dequantize

from app.core.demo.picture_models import PROMPT_MODEL_FILE, is_current
from app.core.demo.text_model import (
    CHAT_TEMPLATE,
    IM_END,
    QWEN3_4B_SHAPE,
    QWEN3_4B_VOCABULARY,
    QWEN_SPECIAL_IDS,
    WEIGHT_STD,
    byte_characters,
    decoded,
    is_sayable,
    llama_qwen3_tensors,
    prompt_vocabulary,
    q4_k_m_type,
    random_q4_k,
    random_q6_k,
    word_merges,
    write_tiny_prompt_model,
)
from tests.helpers.cli import utf8_env

REPO = Path(__file__).resolve().parents[3]


def field(reader: gguf.GGUFReader, key: str) -> object:
    return reader.fields[key].contents()


def test_the_tiny_prompt_model_reads_back_as_a_qwen3_with_its_tokenizer(tiny_prompt_model: Path) -> None:
    assert tiny_prompt_model.name == PROMPT_MODEL_FILE
    assert tiny_prompt_model.stat().st_size < 5 * 2**20
    reader = gguf.GGUFReader(str(tiny_prompt_model))
    assert field(reader, "general.architecture") == "qwen3"
    assert field(reader, "qwen3.embedding_length") == 64
    assert field(reader, "qwen3.block_count") == 2
    assert field(reader, "qwen3.attention.head_count") == 4
    assert field(reader, "qwen3.attention.head_count_kv") == 2
    assert field(reader, "tokenizer.ggml.model") == "gpt2"
    assert field(reader, "tokenizer.ggml.pre") == "qwen2"
    tokens = field(reader, "tokenizer.ggml.tokens")
    types = field(reader, "tokenizer.ggml.token_type")
    assert isinstance(tokens, list) and isinstance(types, list)
    assert len(tokens) == len(types) == len(set(tokens)) > 256 + 300
    assert len(field(reader, "tokenizer.ggml.merges")) > 300  # type: ignore[arg-type]
    assert tokens[field(reader, "tokenizer.ggml.eos_token_id")] == IM_END  # type: ignore[index]
    for special in ("<|endoftext|>", "<|im_start|>", "<|im_end|>"):
        assert types[tokens.index(special)] == gguf.TokenType.CONTROL
    assert field(reader, "tokenizer.chat_template") == CHAT_TEMPLATE
    names = {t.name for t in reader.tensors}
    assert {"token_embd.weight", "output_norm.weight", "output.weight", "blk.1.attn_q_norm.weight",
            "blk.1.ffn_down.weight"} <= names
    assert not any(name.startswith("model.") for name in names)  # llama.cpp's names, not Hugging Face's


def test_the_chat_template_is_chatml_and_can_skip_thinking() -> None:
    for part in ("'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n'",
                 "add_generation_prompt", "'<|im_start|>assistant\\n'",
                 "enable_thinking is defined and enable_thinking is false", "'<think>\\n\\n</think>\\n\\n'"):
        assert part in CHAT_TEMPLATE


def test_same_seed_same_bytes(tmp_path: Path, tiny_prompt_model: Path) -> None:
    again = write_tiny_prompt_model(tmp_path / "again", seed=0)
    other = write_tiny_prompt_model(tmp_path / "other", seed=1)
    digest = [hashlib.sha256(p.read_bytes()).hexdigest() for p in (tiny_prompt_model, again, other)]
    assert digest[0] == digest[1] != digest[2]
    assert not list(tmp_path.rglob("*.partial"))


def test_the_tiny_model_never_chooses_an_end_a_control_or_a_non_ascii_token(tiny_prompt_model: Path) -> None:
    # its residual stream is the last token's embedding (attn_output and ffn_down are zero), so its logits after
    # any token are the output rows against that embedding, RMS-normed: computed here for every token
    reader = gguf.GGUFReader(str(tiny_prompt_model))
    values = {t.name: np.asarray(t.data, np.float32) for t in reader.tensors}
    assert not values["blk.0.attn_output.weight"].any() and not values["blk.1.ffn_down.weight"].any()
    embedding = values["token_embd.weight"]
    logits = embedding / np.sqrt((embedding**2).mean(axis=1, keepdims=True) + 1e-6) @ values["output.weight"].T
    vocabulary = prompt_vocabulary()
    sayable = np.array([is_sayable(t, k) for t, k in zip(vocabulary.tokens, vocabulary.types, strict=True)])
    assert not sayable[[vocabulary.id(s) for s in QWEN_SPECIAL_IDS]].any()
    odd = [vocabulary.id(c) for c in byte_characters() if decoded(c) in (b"\r", b"<", b"\xc3")]
    assert len(odd) == 3 and not sayable[odd].any()  # a control character, a tag's start, half a UTF-8 letter
    assert logits[:, sayable].max(axis=1).min() > logits[:, ~sayable].max() + 100
    assert len(set(logits.argmax(axis=1))) > 100  # what it says next depends on the last token


def test_common_words_tokenize_as_whole_tokens() -> None:
    merges, merged = word_merges()
    vocabulary = prompt_vocabulary()
    for word in ("Ġthe", "Ġlighthouse", "Ġportrait", "ĊĊ"):
        assert word in merged and word in vocabulary.tokens
    assert decoded("Ġlighthouse") == b" lighthouse" and decoded("ĊĊ") == b"\n\n"
    for merge in merges:  # each merge joins two tokens the vocabulary has into one it has
        left, right = merge.split(" ")
        assert left in vocabulary.tokens and right in vocabulary.tokens and left + right in vocabulary.tokens
    assert len(byte_characters()) == len(set(byte_characters())) == 256
    assert bytes(b for c in byte_characters() for b in decoded(c)) != bytes(range(256))  # GPT-2's order, not bytes'
    assert sorted(b for c in byte_characters() for b in decoded(c)) == list(range(256))


def test_the_4b_shaped_vocabulary_has_qwens_size_and_special_ids() -> None:
    vocabulary = prompt_vocabulary(QWEN3_4B_VOCABULARY)
    assert len(vocabulary.tokens) == len(vocabulary.types) == len(set(vocabulary.tokens)) == QWEN3_4B_VOCABULARY
    for special, at in QWEN_SPECIAL_IDS.items():
        assert vocabulary.tokens[at] == special
    assert vocabulary.types[QWEN_SPECIAL_IDS[IM_END]] == gguf.TokenType.CONTROL


def test_the_4b_shaped_model_has_q4_k_m_types_and_qwen3_4b_size() -> None:
    tensors = list(llama_qwen3_tensors(QWEN3_4B_SHAPE, QWEN3_4B_VOCABULARY, tied=True))
    assert "output.weight" not in {t.name for t in tensors}  # tied, as Qwen3-4B
    types = [gguf.GGMLQuantizationType(q4_k_m_type(t, QWEN3_4B_SHAPE.layers)) for t in tensors]
    assert types.count(gguf.GGMLQuantizationType.Q6_K) == 1 + 2 * 18  # the embedding, half the attn_v, ffn_down
    size = 0
    for tensor, kind in zip(tensors, types, strict=True):
        block, block_bytes = gguf.GGML_QUANT_SIZES[kind]
        size += int(np.prod(tensor.shape)) // block * block_bytes
    assert 2.4e9 < size < 2.55e9  # Qwen3-4B-Q4_K_M.gguf is 2.50 GB


def test_random_k_quant_blocks_dequantize_to_small_finite_weights() -> None:
    rng = np.random.default_rng(0)
    for blocks, kind in ((random_q4_k(64, 2560, rng), gguf.GGMLQuantizationType.Q4_K),
                         (random_q6_k(64, 2560, rng), gguf.GGMLQuantizationType.Q6_K)):
        assert blocks.shape == (64, 2560 // 256 * gguf.GGML_QUANT_SIZES[kind][1])
        weights = dequantize(blocks, kind)
        assert weights.shape == (64, 2560) and np.isfinite(weights).all()
        assert abs(weights.mean()) < WEIGHT_STD / 10 and 0.5 * WEIGHT_STD < weights.std() < 2 * WEIGHT_STD


def test_the_demo_folder_gets_the_prompt_model_and_its_stamp(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "app.core.demo.picture_models", "--out", str(tmp_path)],
                            capture_output=True, encoding="utf-8", env=utf8_env(), cwd=REPO, timeout=240,
                            check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert PROMPT_MODEL_FILE in result.stdout
    assert (tmp_path / PROMPT_MODEL_FILE).is_file() and is_current(tmp_path)
