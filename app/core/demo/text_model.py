"""Write random-weight Qwen3 files in llama.cpp's own layout for the prompt helper (llama-server), without any
download: a tiny one for the tests and the demo folder, and one shaped like Qwen3-4B-Q4_K_M for speed measurements.

Unlike picture_models.py's Qwen3 (Hugging Face's tensor names and no tokenizer, as sd.cpp reads a text encoder), these
carry llama.cpp's names (src/llama-arch.cpp), the qwen3 hyperparameters (src/models/qwen3.cpp) and a working
byte-level BPE tokenizer with Qwen's special tokens and a ChatML chat template (src/llama-vocab.cpp): the 256
GPT-2 byte characters, a few hundred merges of common English words, and <|endoftext|>, <|im_start|>,
<|im_end|>, <think> and </think>. Same seed, same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from app.core.demo.picture_models import PROMPT_MODEL_FILE, Tensor, _atomic, _values

PROMPT_CALIBRATION_FILE = "qwen3_4b_shaped_q4_k_m.gguf"


@dataclass(frozen=True)
class Qwen3Shape:
    hidden: int
    layers: int
    heads: int
    kv_heads: int
    head_dim: int
    ffn: int
    context: int


TINY_SHAPE = Qwen3Shape(hidden=64, layers=2, heads=4, kv_heads=2, head_dim=16, ffn=128, context=4096)
QWEN3_4B_SHAPE = Qwen3Shape(hidden=2560, layers=36, heads=32, kv_heads=8, head_dim=128, ffn=9728, context=40960)
QWEN3_4B_VOCABULARY = 151936  # the embedding's rows; the tokenizer itself ends at 151668 (</think>)

# Qwen3's own template, less its tools: ChatML turns, and `enable_thinking=False` (llama-server's
# chat_template_kwargs) writes the empty thinking block that tells the model to answer at once
CHAT_TEMPLATE = (
    "{%- for message in messages %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}"
    "{{- '<|im_start|>assistant\\n' }}"
    "{%- if enable_thinking is defined and enable_thinking is false %}"
    "{{- '<think>\\n\\n</think>\\n\\n' }}"
    "{%- endif %}"
    "{%- endif %}"
)

ENDOFTEXT, IM_START, IM_END, THINK, END_THINK = "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<think>", "</think>"
# Qwen's ids for them (151646..151666 are its vision, tool and fill-in-the-middle tokens, not needed here)
QWEN_SPECIAL_IDS = {ENDOFTEXT: 151643, IM_START: 151644, IM_END: 151645, THINK: 151667, END_THINK: 151668}
CONTROL_TOKENS = (ENDOFTEXT, IM_START, IM_END)  # <think> and </think> are plain added words in Qwen3's GGUF

# enough words that a prompt about a picture tokenizes into words, not single letters
COMMON_WORDS = """the of and to in is was that for it with as on be at by this had not are but from or have an they
which one you were her all she there would their we him been has when who will more no if out so said what up its
about into than them can only other new some could time these two may then do first any my now such like our over
man me even most made after also did many before must through back years where much your way well down should
because each just those people how too little state good very make world still own see men work long get here
between both life being under never day same another know while last might us great old year off come since against
go came right used take three a I The It In A picture photo portrait painting drawing sketch light dark colour color
red blue green yellow white black gold silver sky sun moon star cloud rain snow sea ocean river lake mountain forest
tree flower garden city street house castle tower lighthouse bridge road night morning evening dawn sunset winter
summer spring autumn cat dog bird horse dragon woman girl boy face eyes hair smile dress hat soft warm cold bright
detailed style art digital oil water glass stone wood fire small big beautiful quiet calm wide close view standing
sitting walking looking background foreground"""


@cache
def _byte_table() -> dict[int, str]:
    """GPT-2's byte-level alphabet (bytes_to_unicode), in its vocabulary order: the printable bytes stand for
    themselves, the others (space, newline, ...) for the characters from U+0100 on (space is Ġ, newline Ċ)."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    others = [b for b in range(256) if b not in printable]
    return {b: chr(b) for b in printable} | {b: chr(256 + n) for n, b in enumerate(others)}


def byte_characters() -> list[str]:
    return list(_byte_table().values())


def decoded(token: str) -> bytes:
    """A byte-level token's bytes."""
    byte = {c: b for b, c in _byte_table().items()}
    return bytes(byte[c] for c in token)


def word_merges() -> tuple[list[str], list[str]]:
    """(merges, the tokens they make): each common word with its leading space merged left to right (Ġ t, Ġt h,
    Ġth e), and two newlines into one token as Qwen has it. Every merge's left side starts with Ġ, so chains never
    compete: a word tokenizes as its longest known prefix, then single bytes."""
    merges, tokens = ["Ċ Ċ"], ["ĊĊ"]
    for word in dict.fromkeys(COMMON_WORDS.split()):
        spelled = "Ġ" + word
        for end in range(2, len(spelled) + 1):
            if spelled[:end] not in tokens:
                merges.append(f"{spelled[:end - 1]} {spelled[end - 1]}")
                tokens.append(spelled[:end])
    return merges, tokens


@dataclass(frozen=True)
class Vocabulary:
    tokens: list[str]
    types: list[int]  # gguf.TokenType
    merges: list[str]

    def id(self, token: str) -> int:
        return self.tokens.index(token)


def prompt_vocabulary(size: int | None = None) -> Vocabulary:
    """Bytes, word merges and Qwen's specials: right after the words (size None), or at Qwen's own ids in a
    vocabulary of `size` entries, the gap filled with plain words nothing tokenizes into (" w1000", ...) and the
    tail with Qwen's unused [PAD<id>] entries."""
    import gguf

    merges, merged = word_merges()
    tokens = byte_characters() + merged
    types = [gguf.TokenType.NORMAL.value] * len(tokens)
    special_type = {s: (gguf.TokenType.CONTROL if s in CONTROL_TOKENS else gguf.TokenType.USER_DEFINED).value
                    for s in QWEN_SPECIAL_IDS}
    if size is None:
        return Vocabulary(tokens + list(QWEN_SPECIAL_IDS), types + list(special_type.values()), merges)
    at = {i: s for s, i in QWEN_SPECIAL_IDS.items()}
    first_special = min(at)
    for i in range(len(tokens), size):
        if i in at:
            tokens.append(at[i])
            types.append(special_type[at[i]])
        elif i < first_special:
            tokens.append(f"Ġw{i}")
            types.append(gguf.TokenType.NORMAL.value)
        else:
            tokens.append(f"[PAD{i}]")
            types.append(gguf.TokenType.UNUSED.value)
    return Vocabulary(tokens, types, merges)


def llama_qwen3_tensors(shape: Qwen3Shape, vocabulary: int, tied: bool) -> Iterator[Tensor]:
    """Qwen3 as llama.cpp's qwen3.cpp creates it, PyTorch order (out, in): separate q/k/v, per-head q/k norms, a
    gated MLP, and output.weight only when the embedding is not tied (Qwen3-4B ties it)."""
    yield Tensor("token_embd.weight", (vocabulary, shape.hidden), "embedding")
    for i in range(shape.layers):
        block = f"blk.{i}."
        yield Tensor(block + "attn_norm.weight", (shape.hidden,), "one")
        yield Tensor(block + "attn_q.weight", (shape.heads * shape.head_dim, shape.hidden), "weight")
        yield Tensor(block + "attn_k.weight", (shape.kv_heads * shape.head_dim, shape.hidden), "weight")
        yield Tensor(block + "attn_v.weight", (shape.kv_heads * shape.head_dim, shape.hidden), "weight")
        yield Tensor(block + "attn_output.weight", (shape.hidden, shape.heads * shape.head_dim), "weight")
        yield Tensor(block + "attn_q_norm.weight", (shape.head_dim,), "one")
        yield Tensor(block + "attn_k_norm.weight", (shape.head_dim,), "one")
        yield Tensor(block + "ffn_norm.weight", (shape.hidden,), "one")
        yield Tensor(block + "ffn_gate.weight", (shape.ffn, shape.hidden), "weight")
        yield Tensor(block + "ffn_up.weight", (shape.ffn, shape.hidden), "weight")
        yield Tensor(block + "ffn_down.weight", (shape.hidden, shape.ffn), "weight")
    yield Tensor("output_norm.weight", (shape.hidden,), "one")
    if not tied:
        yield Tensor("output.weight", (vocabulary, shape.hidden), "weight")


def _write_qwen3(path: Path, name: str, shape: Qwen3Shape, vocabulary: Vocabulary, file_type: int,
                 tensors: list[tuple[Tensor, int]], data: Callable[[Tensor, int], np.ndarray]) -> None:
    """The header and the tokenizer, then each tensor's data as `data` makes it (one at a time: the 2.4 GB file
    never sits in memory whole). `tensors` pairs each tensor with its gguf.GGMLQuantizationType."""
    import gguf

    writer = gguf.GGUFWriter(str(path), arch="qwen3")
    writer.add_name(name)
    writer.add_file_type(file_type)
    writer.add_context_length(shape.context)
    writer.add_embedding_length(shape.hidden)
    writer.add_block_count(shape.layers)
    writer.add_feed_forward_length(shape.ffn)
    writer.add_head_count(shape.heads)
    writer.add_head_count_kv(shape.kv_heads)
    writer.add_key_length(shape.head_dim)
    writer.add_value_length(shape.head_dim)
    writer.add_layer_norm_rms_eps(1e-6)
    writer.add_rope_freq_base(1e6)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen2")
    writer.add_token_list(vocabulary.tokens)
    writer.add_token_types(vocabulary.types)
    writer.add_token_merges(vocabulary.merges)
    # as Qwen3's own GGUF: <|im_end|> ends a turn, <|endoftext|> is bos and padding but never added
    writer.add_eos_token_id(vocabulary.id(IM_END))
    writer.add_bos_token_id(vocabulary.id(ENDOFTEXT))
    writer.add_pad_token_id(vocabulary.id(ENDOFTEXT))
    writer.add_add_bos_token(False)
    writer.add_chat_template(CHAT_TEMPLATE)
    for tensor, kind in tensors:
        quant = gguf.GGMLQuantizationType(kind)
        if quant in (gguf.GGMLQuantizationType.F32, gguf.GGMLQuantizationType.F16):
            dtype = np.dtype(np.float32 if quant == gguf.GGMLQuantizationType.F32 else np.float16)
            writer.add_tensor_info(tensor.name, tensor.shape, dtype, int(np.prod(tensor.shape)) * dtype.itemsize)
        else:
            rows, columns = tensor.shape
            block, size = gguf.GGML_QUANT_SIZES[quant]
            writer.add_tensor_info(tensor.name, (rows, columns // block * size), np.dtype(np.uint8),
                                   rows * columns // block * size, raw_dtype=quant)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    for tensor, kind in tensors:
        writer.write_tensor_data(data(tensor, kind))
    writer.close()


# The tiny model must never choose an end or control token, so that an answer always runs to its token limit (the
# tests stop a stream midway and count its tokens), and only ASCII words without < or > (one whole character per
# token, and nothing llama-server's reply parser could hold back as the start of a tag). Its weights make that
# certain: attn_output and ffn_down are zero, so the residual stream is the input token's embedding; every
# embedding carries EMBEDDING_MARK in dimension 0 (the rest is unit noise, so the next token depends on the last
# one); after the final RMS norm dimension 0 is about 5.7, and it meets +1 in the output rows of the tokens the
# model may say, -30 in the others: a gap of ~175 in the logits against noise of std ~6.
EMBEDDING_MARK = 8.0
SAYABLE, UNSAYABLE = 1.0, -30.0


def is_sayable(token: str, token_type: int) -> bool:
    import gguf

    if token_type != gguf.TokenType.NORMAL.value:
        return False
    text = decoded(token)
    return all(32 <= b < 127 or b == 10 for b in text) and b"<" not in text and b">" not in text


def write_tiny_prompt_model(out: Path, seed: int = 0) -> Path:
    """A tiny Qwen3 (width 64, two layers, f16) with a real tokenizer and chat template, that llama-server loads and
    that answers in English-looking gibberish to any length it is allowed, never ending early: well under 1 MB."""
    import gguf

    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 6])
    vocabulary = prompt_vocabulary()
    tensors = list(llama_qwen3_tensors(TINY_SHAPE, len(vocabulary.tokens), tied=False))
    values = {t.name: _values(t, rng) for t in tensors}
    for name in values:
        if name.endswith(("attn_output.weight", "ffn_down.weight")):
            values[name][:] = 0
    embedding = rng.standard_normal(values["token_embd.weight"].shape, dtype=np.float32)
    embedding[:, 0] = EMBEDDING_MARK
    values["token_embd.weight"] = embedding
    output = rng.standard_normal(values["output.weight"].shape, dtype=np.float32)
    output[:, 0] = [SAYABLE if is_sayable(token, kind) else UNSAYABLE
                    for token, kind in zip(vocabulary.tokens, vocabulary.types, strict=True)]
    values["output.weight"] = output
    f16, f32 = gguf.GGMLQuantizationType.F16.value, gguf.GGMLQuantizationType.F32.value
    kinds = [(t, f32 if t.init == "one" else f16) for t in tensors]
    return _atomic(out / PROMPT_MODEL_FILE, lambda p: _write_qwen3(
        p, "Polaris tiny prompt helper", TINY_SHAPE, vocabulary, gguf.LlamaFileType.MOSTLY_F16, kinds,
        lambda t, kind: values[t.name].astype(np.float32 if kind == f32 else np.float16)))


# Random k-quant blocks whose weights come out about WEIGHT_STD, as trained layers have (ggml-common.h's layouts):
# q4_K (256 weights in 144 bytes): f16 d and dmin, 12 bytes of 6-bit scales and mins, 128 bytes of 4-bit quants;
# weight = d * scale * q - dmin * min, with scale, min uniform in 0..63 and q in 0..15 its std is about 215 d, and
# dmin = 7.5 d centres it on zero.
# q6_K (256 weights in 210 bytes): 192 bytes of 6-bit quants, 16 signed 8-bit scales, f16 d; weight =
# d * scale * (q - 32): with scales drawn in -16..15 (not the whole byte, which would push d below f16's normal
# range) its std is about 170 d.
WEIGHT_STD = 0.02


def random_q4_k(rows: int, columns: int, rng: np.random.Generator) -> np.ndarray:
    blocks = np.frombuffer(rng.bytes(rows * columns // 256 * 144), np.uint8).reshape(-1, 144).copy()
    d = np.float16(WEIGHT_STD / 215)
    blocks[:, 0:2] = np.frombuffer(d.tobytes(), np.uint8)
    blocks[:, 2:4] = np.frombuffer(np.float16(7.5 * d).tobytes(), np.uint8)
    return blocks.reshape(rows, -1)


def random_q6_k(rows: int, columns: int, rng: np.random.Generator) -> np.ndarray:
    blocks = np.frombuffer(rng.bytes(rows * columns // 256 * 210), np.uint8).reshape(-1, 210).copy()
    blocks[:, 192:208] = rng.integers(-16, 16, (len(blocks), 16), dtype=np.int8).view(np.uint8)
    blocks[:, 208:210] = np.frombuffer(np.float16(WEIGHT_STD / 170).tobytes(), np.uint8)
    return blocks.reshape(rows, -1)


def q4_k_m_type(tensor: Tensor, layers: int) -> int:
    """The type llama-quantize gives a Qwen3 tensor in Q4_K_M (src/llama-quant.cpp): f32 norms, q6_K for the tied
    embedding (it is also the output) and for attn_v and ffn_down in the first and last eighth of the layers and
    every third between (use_more_bits), q4_K elsewhere."""
    import gguf

    if tensor.init == "one":
        return gguf.GGMLQuantizationType.F32.value
    if tensor.name == "token_embd.weight":
        return gguf.GGMLQuantizationType.Q6_K.value
    if tensor.name.endswith(("attn_v.weight", "ffn_down.weight")):
        layer = int(tensor.name.split(".")[1])
        if layer < layers // 8 or layer >= 7 * layers // 8 or (layer - layers // 8) % 3 == 2:
            return gguf.GGMLQuantizationType.Q6_K.value
    return gguf.GGMLQuantizationType.Q4_K.value


def write_prompt_model_calibration(out: Path, seed: int = 0) -> Path:
    """Qwen3-4B-Q4_K_M's shapes and types (36 layers of 2560, 151936 tokens, tied embedding; ~2.4 GB) with random
    weights and a tokenizer of the same size, for tokens-per-second measurements on a real GPU; writes in seconds.
    Its special tokens' embedding rows are zero, so their logit is 0 where the others spread around it over
    ~151000 tokens: sampling (top-k, min-p) never reaches them and a measured answer runs to its limit."""
    import gguf

    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 7])
    vocabulary = prompt_vocabulary(QWEN3_4B_VOCABULARY)
    special = [i for i, kind in enumerate(vocabulary.types) if kind != gguf.TokenType.NORMAL.value]
    tensors = [(t, q4_k_m_type(t, QWEN3_4B_SHAPE.layers))
               for t in llama_qwen3_tensors(QWEN3_4B_SHAPE, QWEN3_4B_VOCABULARY, tied=True)]

    def data(tensor: Tensor, kind: int) -> np.ndarray:
        if kind == gguf.GGMLQuantizationType.F32.value:
            return np.ones(tensor.shape, np.float32)
        rows, columns = tensor.shape
        if kind == gguf.GGMLQuantizationType.Q4_K.value:
            return random_q4_k(rows, columns, rng)
        blocks = random_q6_k(rows, columns, rng)
        if tensor.name == "token_embd.weight":
            blocks.reshape(rows, -1, 210)[special, :, 208:210] = 0  # d = 0: the whole row is zero
        return blocks

    return _atomic(out / PROMPT_CALIBRATION_FILE, lambda p: _write_qwen3(
        p, "Polaris Qwen3-4B-shaped", QWEN3_4B_SHAPE, vocabulary, gguf.LlamaFileType.MOSTLY_Q4_K_M, tensors, data))
