"""Model files: read GGUF and safetensors headers (never the weights) and tell what a file is.

The only place that reads model file formats. `inspect_model` returns the tensors with their types and byte
sizes and the component kind (Flux / FLUX.2 / Z-Image / SD1 / SDXL / SD3 diffusion, full checkpoint, T5-XXL,
CLIP-L, CLIP-G, Qwen3 LLM, VAE, FLUX.2 VAE, TAE) with its main quantization, so the app can catch a file in the
wrong slot, or parts of different families put together, before sd.cpp does.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import struct
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from app.core.file_words import file_problem
from app.core.models.families import (
    DIFFUSION_KINDS,
    FAMILIES,
    FOLDER_SLOTS,
    SET_SLOTS,
    ComponentKind,
    ModelFamily,
    ModelFiles,
    family_of,
    family_with_kind,
    slot_of_kind,
    slot_words,
)
from app.core.words import QT_TRANSLATE_NOOP, number, translate

GGUF_MAGIC = b"GGUF"
# ggml type id -> (name, elements per block, bytes per block)
GGML_TYPES: dict[int, tuple[str, int, int]] = {
    0: ("f32", 1, 4), 1: ("f16", 1, 2), 2: ("q4_0", 32, 18), 3: ("q4_1", 32, 20), 6: ("q5_0", 32, 22),
    7: ("q5_1", 32, 24), 8: ("q8_0", 32, 34), 9: ("q8_1", 32, 40), 10: ("q2_K", 256, 84), 11: ("q3_K", 256, 110),
    12: ("q4_K", 256, 144), 13: ("q5_K", 256, 176), 14: ("q6_K", 256, 210), 15: ("q8_K", 256, 292),
    16: ("iq2_xxs", 256, 66), 17: ("iq2_xs", 256, 74), 18: ("iq3_xxs", 256, 98), 19: ("iq1_s", 256, 50),
    20: ("iq4_nl", 32, 18), 21: ("iq3_s", 256, 110), 22: ("iq2_s", 256, 82), 23: ("iq4_xs", 256, 136),
    24: ("i8", 1, 1), 25: ("i16", 1, 2), 26: ("i32", 1, 4), 27: ("i64", 1, 8), 28: ("f64", 1, 8),
    29: ("iq1_m", 256, 56), 30: ("bf16", 1, 2),
}
SAFETENSORS_TYPES = {"F64": ("f64", 8), "F32": ("f32", 4), "F16": ("f16", 2), "BF16": ("bf16", 2),
                     "I64": ("i64", 8), "I32": ("i32", 4), "I16": ("i16", 2), "I8": ("i8", 1), "U8": ("u8", 1),
                     "BOOL": ("bool", 1), "F8_E4M3": ("f8_e4m3", 1), "F8_E5M2": ("f8_e5m2", 1)}
# GGUF metadata value types -> struct format (strings and arrays are read by hand)
_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_MAX_HEADER = 256 * 2**20  # refuse absurd headers instead of reading gigabytes


class ModelFileError(ValueError):
    """The file is not a model file we can read; the message says why, for the user."""


@dataclass(frozen=True)
class TensorInfo:
    name: str
    shape: tuple[int, ...]
    dtype: str
    nbytes: int


@dataclass(frozen=True)
class ModelInfo:
    path: str
    format: str  # "gguf" | "safetensors"
    tensors: tuple[TensorInfo, ...]
    kind: ComponentKind
    parts: frozenset[ComponentKind]  # what the file holds: a checkpoint holds diffusion, VAE, text encoders
    diffusion_prefixed: bool  # diffusion tensors named model.diffusion_model.*, as sd.cpp's -m expects
    quantization: str  # the type holding most of the bytes, e.g. "q4_K", "f16"

    @property
    def total_bytes(self) -> int:
        return sum(t.nbytes for t in self.tensors)

    def bytes_where(self, *prefixes: str) -> int:
        return sum(t.nbytes for t in self.tensors if t.name.startswith(prefixes))


@dataclass(frozen=True)
class GgufArray:
    """An array in a GGUF header, read past: its length only (a vocabulary's 151,936 tokens are not kept)."""

    length: int


def _nbytes(shape: tuple[int, ...], per_block: int, block_bytes: int) -> int:
    count = 1
    for dim in shape:
        count *= dim
    return count // per_block * block_bytes


def _read(f: BinaryIO, size: int) -> bytes:
    data = f.read(size)
    if len(data) != size:
        raise ModelFileError(translate("Models", "the file ends inside its header (is the download complete?)"))
    return data


def _unpack(f: BinaryIO, fmt: str) -> int | float | bool:
    value: int | float | bool = struct.unpack(fmt, _read(f, struct.calcsize(fmt)))[0]
    return value


def _gguf_string(f: BinaryIO) -> str:
    length = int(_unpack(f, "<Q"))
    if length > _MAX_HEADER:
        raise ModelFileError(translate("Models", "the GGUF header is damaged (a string of impossible length)"))
    return _read(f, length).decode("utf-8", errors="replace")


def _gguf_value(f: BinaryIO, value_type: int) -> object:
    if value_type == 8:
        return _gguf_string(f)
    if value_type == 9:
        item_type, count = int(_unpack(f, "<I")), int(_unpack(f, "<Q"))
        if count > _MAX_HEADER:
            raise ModelFileError(translate("Models", "the GGUF header is damaged (an array of impossible length)"))
        for _ in range(count):
            _gguf_value(f, item_type)
        return GgufArray(count)  # only its length is needed here
    if value_type in _SCALARS:
        return _unpack(f, _SCALARS[value_type])
    raise ModelFileError(translate("Models", "the GGUF header has an unknown value type {type}").format(
        type=value_type))


def read_gguf_tensors(f: BinaryIO, metadata: dict[str, object] | None = None) -> tuple[list[TensorInfo], int]:
    """Tensors, and the file size their data needs. `metadata`, when given, receives the header's key-value
    pairs: numbers and strings as they are, an array as its length."""
    if _read(f, 4) != GGUF_MAGIC:
        raise ModelFileError(translate("Models", "not a GGUF file"))
    version = int(_unpack(f, "<I"))
    if version < 2:
        raise ModelFileError(translate("Models", "GGUF version {version} is too old; convert the model again").format(
            version=version))
    n_tensors, n_kv = int(_unpack(f, "<Q")), int(_unpack(f, "<Q"))
    if n_tensors > 1_000_000 or n_kv > 1_000_000:
        raise ModelFileError(translate("Models", "the GGUF header is damaged (impossible counts)"))
    alignment = 32
    for _ in range(n_kv):
        key = _gguf_string(f)
        value = _gguf_value(f, int(_unpack(f, "<I")))
        if key == "general.alignment" and isinstance(value, int) and value > 0:
            alignment = value
        if metadata is not None:
            metadata[key] = value
    tensors, data_end = [], 0
    for _ in range(n_tensors):
        name = _gguf_string(f)
        n_dims = int(_unpack(f, "<I"))
        if n_dims > 8:
            raise ModelFileError(translate("Models", "the GGUF header is damaged (a tensor with too many dimensions)"))
        # GGUF lists dimensions innermost first; keep PyTorch's order (outermost first) like safetensors
        dims = tuple(int(_unpack(f, "<Q")) for _ in range(n_dims))[::-1]
        type_id = int(_unpack(f, "<I"))
        offset = int(_unpack(f, "<Q"))
        dtype, per_block, block_bytes = GGML_TYPES.get(type_id, (f"type{type_id}", 1, 0))
        tensor = TensorInfo(name, dims, dtype, _nbytes(dims, per_block, block_bytes))
        tensors.append(tensor)
        data_end = max(data_end, offset + tensor.nbytes)
    data_start = -(-f.tell() // alignment) * alignment
    return tensors, data_start + data_end


def read_safetensors_tensors(f: BinaryIO) -> tuple[list[TensorInfo], int]:
    """Tensors, and the file size their data needs."""
    length = int(_unpack(f, "<Q"))
    if length > _MAX_HEADER:
        raise ModelFileError(translate("Models", "not a safetensors file (its header length is impossible)"))
    try:
        header = json.loads(_read(f, length))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ModelFileError(translate("Models", "not a safetensors file (its header is not JSON)")) from error
    if not isinstance(header, dict):
        raise ModelFileError(translate("Models", "not a safetensors file (its header is not a table)"))
    tensors, data_end = [], 0
    for name, entry in header.items():
        if name == "__metadata__" or not isinstance(entry, dict):
            continue
        start, end = (int(x) for x in entry.get("data_offsets", (0, 0)))
        dtype = SAFETENSORS_TYPES.get(entry.get("dtype", ""), (str(entry.get("dtype", "?")).lower(), 0))[0]
        tensors.append(TensorInfo(name, tuple(entry.get("shape", ())), dtype, end - start))
        data_end = max(data_end, end)
    return tensors, 8 + length + data_end


def _has(names: list[str], *fragments: str) -> bool:
    return any(fragment in name for name in names for fragment in fragments)


def _width(tensors: tuple[TensorInfo, ...] | list[TensorInfo], suffix: str, axis: int = -1) -> int | None:
    """A dimension (PyTorch order) of the first tensor whose name ends with `suffix`."""
    return next((t.shape[axis] for t in tensors if t.name.endswith(suffix) and t.shape), None)


def _vae_latent_channels(tensors: tuple[TensorInfo, ...] | list[TensorInfo]) -> int | None:
    return _width(tensors, "decoder.conv_in.weight", 1)


def _diffusion_kind(names: list[str], tensors: list[TensorInfo]) -> ComponentKind | None:
    # sd.cpp's model.cpp tells them apart by these same names: FLUX.2 also has double_blocks, so it goes first
    if _has(names, "cap_embedder.0."):
        return ComponentKind.Z_IMAGE
    if _has(names, "double_stream_modulation_img."):
        return ComponentKind.FLUX2
    if _has(names, "double_blocks.", "single_blocks."):
        return ComponentKind.FLUX
    if _has(names, "joint_blocks."):
        return ComponentKind.SD3
    if _has(names, "input_blocks.", "down_blocks."):
        # SDXL's UNet conditions on pooled text and size (label_emb); its cross-attention reads 2048 wide
        if _has(names, "label_emb.", "add_embedding."):
            return ComponentKind.SDXL
        return ComponentKind.SD1
    return None


def _text_and_vae_parts(names: list[str], tensors: list[TensorInfo]) -> set[ComponentKind]:
    parts: set[ComponentKind] = set()
    if _has(names, "encoder.block.0.layer.0.SelfAttention", "enc.blk.0.attn_q", "t5xxl."):
        parts.add(ComponentKind.T5XXL)
    layers = {n for n in names if "text_model.encoder.layers." in n or "transformer.resblocks." in n}
    if layers:
        widths = {t.shape[-1] for t in tensors if t.name in layers and t.name.endswith("q_proj.weight")}
        if 1280 in widths or _has(names, "clip_g.", "embedders.1."):
            parts.add(ComponentKind.CLIP_G)
        if 768 in widths or _has(names, "clip_l.", "cond_stage_model.transformer."):
            parts.add(ComponentKind.CLIP_L)
    # Qwen3: a decoder-only LLM with RMS-normed queries and keys (Qwen2.5 and Mistral have none), in Hugging
    # Face names (safetensors) or llama.cpp's (GGUF)
    if _has(names, "self_attn.q_norm.", "attn_q_norm.") and _has(names, "embed_tokens.", "token_embd."):
        parts.add(ComponentKind.QWEN3)
    if _has(names, "decoder.conv_in.", "decoder.mid.", "decoder.up_blocks."):
        # the FLUX.2 autoencoder keeps 32 latent channels, FLUX.1's 16, SD's 4
        parts.add(ComponentKind.FLUX2_VAE if _vae_latent_channels(tensors) == 32 else ComponentKind.VAE)
    elif _has(names, "decoder.layers."):
        parts.add(ComponentKind.TAE)
    return parts


_LORA_MARKS = (".lora_down", ".lora_up", ".lora_A", ".lora_B", ".lora.down", ".lora.up", "_lora.down", ".hada_w1",
               ".lokr_w1")


def is_lora(names: list[str]) -> bool:
    return _has(names, *_LORA_MARKS)


def is_upscaler(names: list[str]) -> bool:
    """ESRGAN (RRDBNet) weights, in the original ("model.1.sub.N.RDB1...") or BasicSR ("body.N.rdb1...") names."""
    return ("model.0.weight" in names and _has(names, ".RDB1.")) or ("conv_first.weight" in names
                                                                     and _has(names, ".rdb1."))


def lora_family(tensors: list[TensorInfo]) -> ComponentKind:
    """Which diffusion model a LoRA was trained for (FLUX, SD3, SDXL, SD1), UNKNOWN when its names do not say.
    Kohya names flatten the dots (lora_unet_double_blocks_0_...), diffusers and ComfyUI keep them."""
    names = [t.name.replace("_", ".") for t in tensors]
    if _has(names, "double.blocks.", "single.blocks.", "single.transformer.blocks."):
        return ComponentKind.FLUX
    if _has(names, "joint.blocks."):
        return ComponentKind.SD3
    if _has(names, "lora.te1.", "lora.te2."):
        return ComponentKind.SDXL
    # the UNet's cross-attention reads the text encoder's width: 768 for SD 1.x, 2048 for SDXL
    widths = {t.shape[-1] for t in tensors if "attn2" in t.name and "to_k" in t.name
              and any(mark in t.name for mark in (".lora_down", ".lora_A", ".lora.down"))}
    if 2048 in widths:
        return ComponentKind.SDXL
    if 768 in widths or _has(names, "lora.te.text.model"):
        return ComponentKind.SD1
    return ComponentKind.UNKNOWN


def classify(tensors: list[TensorInfo]) -> tuple[ComponentKind, frozenset[ComponentKind], bool]:
    names = [t.name for t in tensors]
    if is_lora(names):
        return ComponentKind.LORA, frozenset({ComponentKind.LORA}), False
    if is_upscaler(names):
        return ComponentKind.UPSCALER, frozenset({ComponentKind.UPSCALER}), False
    diffusion = _diffusion_kind(names, tensors)
    prefixed = _has(names, "model.diffusion_model.")
    others = _text_and_vae_parts([n for n in names if "diffusion_model." not in n], tensors)
    parts = frozenset({diffusion} | others) if diffusion else frozenset(others)
    if diffusion and others:
        return ComponentKind.FULL_CHECKPOINT, parts, prefixed
    if diffusion:
        return diffusion, parts, prefixed
    for kind in (ComponentKind.T5XXL, ComponentKind.CLIP_G, ComponentKind.CLIP_L, ComponentKind.QWEN3,
                 ComponentKind.VAE, ComponentKind.FLUX2_VAE, ComponentKind.TAE):
        if kind in others:
            return kind, parts, prefixed
    return ComponentKind.UNKNOWN, parts, prefixed


def main_quantization(tensors: list[TensorInfo]) -> str:
    by_type: Counter[str] = Counter()
    for tensor in tensors:
        by_type[tensor.dtype] += tensor.nbytes
    return by_type.most_common(1)[0][0] if by_type else "unknown"


def inspect_model(path: Path) -> ModelInfo:
    """A model file's header, read once per version of the file. Raises ModelFileError (or OSError) with a message
    for the user."""
    identity = path.stat()
    return _read_header(path, identity.st_size, identity.st_mtime_ns)


# A job's files are asked about by the check, the plan while typing, the queue's RAM count and the run: a T5-XXL or
# Qwen3 header on a hard disk is read once, and again only when the file changes (its size or time). A failed read
# is not kept: the next ask tries again.
@functools.lru_cache(maxsize=256)
def _read_header(path: Path, size: int, _mtime_ns: int) -> ModelInfo:
    with path.open("rb") as f:
        magic = f.read(4)
        f.seek(0)
        if magic == GGUF_MAGIC:
            (tensors, needed), fmt = read_gguf_tensors(f), "gguf"
        elif path.suffix.lower() in (".safetensors", ".sft"):
            (tensors, needed), fmt = read_safetensors_tensors(f), "safetensors"
        else:
            raise ModelFileError(translate("Models", "{file} is neither GGUF nor safetensors").format(file=path.name))
    if size < needed:
        raise ModelFileError(translate("Models", "{file} is {size} bytes but its header needs {needed}: the "
                                                 "download is incomplete").format(file=path.name, size=number(size),
                                                                                  needed=number(needed)))
    kind, parts, prefixed = classify(tensors)
    return ModelInfo(str(path), fmt, tuple(tensors), kind, parts, prefixed, main_quantization(tensors))


def inspect_as(path: Path, kind: ComponentKind, what: str) -> ModelInfo:
    """The file's header when it holds a `kind` (`what`, in the user's words); else ModelFileError saying why."""
    try:
        info = inspect_model(path)
    except (ModelFileError, OSError) as error:
        why = file_problem(error, path) if isinstance(error, OSError) else str(error)
        raise ModelFileError(translate("Models", "cannot use {file} as {what}: {why}").format(
            file=path.name, what=what, why=why)) from error
    if info.kind is not kind:
        raise ModelFileError(translate("Models", "{file} is a {kind}, not {what}").format(
            file=path.name, kind=info.kind.words, what=what))
    return info


def chat_architecture(path: Path) -> str | None:
    """The architecture (qwen3, llama, ...) of a GGUF chat model as llama.cpp publishes one: its header carries the
    word list (tokenizer.ggml.tokens) that a chat needs and its layers' count. Such a file is what the prompt helper
    runs; a text encoder saved for sd.cpp alone has no word list. None for anything else or an unreadable file."""
    metadata: dict[str, object] = {}
    try:
        with path.open("rb") as f:
            if f.read(4) != GGUF_MAGIC:
                return None
            f.seek(0)
            read_gguf_tensors(f, metadata)
    except (ModelFileError, OSError):
        return None
    architecture = metadata.get("general.architecture")
    if not isinstance(architecture, str) or not isinstance(metadata.get("tokenizer.ggml.tokens"), GgufArray):
        return None
    layers = metadata.get(f"{architecture}.block_count")
    return architecture if isinstance(layers, int) and layers > 0 else None


def slot_problem(slot: str, info: ModelInfo) -> str | None:
    """Why a file does not belong in this slot, naming the right one; None when it fits (or is unknown)."""
    right = slot_of_kind(info.kind)
    name = Path(info.path).name
    if right is None or right == slot:
        if slot == "model" and info.kind is ComponentKind.FULL_CHECKPOINT and not info.diffusion_prefixed:
            return translate("Models", "{file} holds only a diffusion model, not a full model: put it in Diffusion "
                                       "model, with its VAE and text encoders in their own slots").format(file=name)
        return None
    if slot == "model" and info.kind in DIFFUSION_KINDS:
        return translate("Models", "{file} is a diffusion-only model ({kind}): put it in Diffusion model, and add a "
                                   "VAE and the text encoders").format(file=name, kind=info.kind.words)
    return translate("Models", "{file} is a {kind}, not a {slot} file: put it in {right}").format(
        file=name, kind=info.kind.words, slot=slot_words(slot), right=slot_words(right))


def llm_width(info: ModelInfo) -> int | None:
    """The Qwen3 text encoder's hidden width (2560 for Qwen3-4B, 4096 for 8B), from its token embedding."""
    return _width(info.tensors, "embed_tokens.weight") or _width(info.tensors, "token_embd.weight")


def wanted_llm_width(info: ModelInfo) -> int | None:
    """The LLM width a Z-Image or FLUX.2 klein diffusion model reads: Z-Image's caption embedder takes the LLM's
    last-but-one layer; klein's text input takes three of its layers side by side (sd.cpp's conditioner.hpp)."""
    if info.kind is ComponentKind.Z_IMAGE:
        return _width(info.tensors, "cap_embedder.1.weight")
    if info.kind is ComponentKind.FLUX2:
        context = _width(info.tensors, "txt_in.weight")
        return context // 3 if context else None
    return None


def parts_problem(infos: dict[str, ModelInfo]) -> str | None:
    """Why these files (by slot) cannot run together: a part of one family offered to another, or a missing
    text encoder that sd.cpp would only notice after loading gigabytes. None when they fit."""
    diffusion = infos.get("diffusion_model") or infos.get("model")
    if diffusion is None:
        return None
    kind = diffusion.kind if diffusion.kind in DIFFUSION_KINDS else next(
        (part for part in diffusion.parts if part in DIFFUSION_KINDS), None)
    family = family_with_kind(kind) if kind is not None else None
    traits = FAMILIES[family] if family is not None else None
    name = Path(diffusion.path).name
    llm = infos.get("llm")
    reads_llm = traits is not None and traits.reads_llm
    if llm is not None and not reads_llm:
        return translate("Models", "{llm} is an LLM text encoder; {file} ({kind}) does not read one: leave LLM text "
                                   "encoder empty").format(llm=Path(llm.path).name, file=name,
                                                           kind=kind.words if kind else translate("Models", "unknown"))
    if reads_llm:
        words = kind.words if kind else ""
        if llm is None:
            return translate("Models", "{file} is a {kind}: it needs its Qwen3 text encoder in LLM text "
                                       "encoder").format(file=name, kind=words)
        for slot, part in SET_SLOTS.items():
            if part.part == "text_encoders" and slot != "llm" and slot in infos:
                return translate("Models", "{file} is a {kind}: it reads the prompt through its Qwen3 LLM only; leave "
                                           "{slot} empty").format(file=name, kind=words, slot=slot_words(slot))
        have, want = llm_width(llm), wanted_llm_width(diffusion)
        if have and want and have != want:
            return translate("Models", "{llm} is {have} wide but {file} reads a {want}-wide Qwen3 ({size}): use the "
                                       "text encoder made for it").format(
                llm=Path(llm.path).name, have=have, file=name, want=want,
                size=_QWEN3_SIZES.get(want) or translate("Models", "another size"))
    vae = infos.get("vae")
    if vae is not None and kind is not None and vae.kind in SET_SLOTS["vae"].kinds:
        wanted = traits.vae_kind if traits is not None else ComponentKind.VAE
        if vae.kind is not wanted:
            return translate("Models", "{vae} is a {vae_kind}, but {file} is a {kind}: it needs a {wanted}").format(
                vae=Path(vae.path).name, vae_kind=vae.kind.words, file=name, kind=kind.words,
                wanted="FLUX.2 VAE" if wanted is ComponentKind.FLUX2_VAE else translate("Models", "FLUX.1 or SD VAE"))
    return None


_FAMILY_NAMES = ", ".join(FAMILIES[family].words for family in FAMILIES if family is not ModelFamily.UNKNOWN)
_QWEN3_SIZES = {2048: "Qwen3-1.7B", 2560: "Qwen3-4B", 4096: "Qwen3-8B"}


PICKLE_SUFFIXES = (".ckpt", ".pt", ".pth", ".bin")
MODEL_SUFFIXES = (".gguf", ".safetensors", ".sft", *PICKLE_SUFFIXES)


CHAT_MODEL_KIND = QT_TRANSLATE_NOOP("Kinds", "chat text model")


@dataclass(frozen=True)
class ImportResult:
    """What 'add files I already have' makes of one file."""

    path: str
    kind: str
    slot: str | None
    warning: str | None = None
    # a chat model that is also a Qwen3 text encoder (the catalog's Qwen3-4B): a set whose picture model reads a
    # Qwen3 of its width takes it as its LLM text encoder too
    also_llm: bool = False


def import_file(path: Path) -> ImportResult:
    """Inspect a file (header only) and say which slot it belongs in, or why it gets none."""
    if path.suffix.lower() in PICKLE_SUFFIXES:
        return ImportResult(str(path), QT_TRANSLATE_NOOP("Kinds", "pickle checkpoint"), None,
                            translate("Models", "pickle files can run code when they are loaded: use a .safetensors "
                                                "or .gguf download of this model instead"))
    try:
        info = inspect_model(path)
    except ModelFileError as error:
        return ImportResult(str(path), QT_TRANSLATE_NOOP("Kinds", "unreadable"), None, str(error))
    except OSError as error:
        return ImportResult(str(path), QT_TRANSLATE_NOOP("Kinds", "unreadable"), None,
                            file_problem(error, path))
    if info.format == "gguf" and info.kind in (ComponentKind.QWEN3, ComponentKind.UNKNOWN) \
            and chat_architecture(path) is not None:
        # the prompt helper's (Improve's) model, not a picture's: a picture model that reads no LLM, or another
        # width of it, refuses it in its LLM text encoder slot
        return ImportResult(str(path), CHAT_MODEL_KIND, "prompt_helper",
                            also_llm=info.kind is ComponentKind.QWEN3)
    slot = slot_of_kind(info.kind)
    warning = None if slot else translate("Models", "not a model part Polaris Studio knows ({families}, their "
                                                    "encoders, VAE)").format(families=_FAMILY_NAMES)
    if info.kind is ComponentKind.FULL_CHECKPOINT and not info.diffusion_prefixed:
        slot, warning = None, slot_problem("model", info)
    return ImportResult(str(path), info.kind.value, slot, warning)


def add_to_folder(path: Path, folder: Path) -> Path:
    """The file inside `folder` under its own name: linked where the volume allows (instant, no second copy),
    copied otherwise; a file of that name and size already there is taken as the same."""
    target = folder / path.name
    if target.exists():
        if target.stat().st_size == path.stat().st_size:
            return target
        raise FileExistsError(translate("Models", "{folder} already has another file named {file}").format(
            folder=folder, file=path.name))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        os.link(path, target)
    except OSError:
        partial = target.with_name(target.name + ".partial")
        shutil.copyfile(path, partial)
        partial.replace(target)
    return target


def model_files_in(paths: list[Path]) -> list[Path]:
    """The files named, and the model files inside any folder named (recursively), in a stable order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in MODEL_SUFFIXES)
        else:
            found.append(path)
    return found


@dataclass(frozen=True)
class ImportReport:
    lines: list[str]  # one a file, in the user's words
    slots: dict[str, str]  # the first file found for each slot of a set
    placed: bool  # a LoRA or an upscaler went into its folder


def import_into(paths: list[Path], models_dir: Path) -> ImportReport:
    """Read each file's header and put it in its slot; a LoRA or an upscaler goes into its folder under
    `models_dir`, where the prompt's <lora:name:weight> and Upscale find it (copied when it cannot be linked:
    slow on a big file, so this runs off the GUI thread)."""
    lines, slots, placed = [], {}, False
    results = [import_file(path) for path in model_files_in(paths)]
    llm = _fitting_llm(results)
    for result in results:
        where = slot_words(result.slot) if result.slot else translate("Models", "not used")
        if result.slot == "prompt_helper":
            where = translate("Models", "the prompt helper's text model (Improve)")
            if result is llm:
                where = translate("Models", "{helper} and {slot}").format(helper=where, slot=slot_words("llm"))
                slots["llm"] = result.path
            try:
                add_to_folder(Path(result.path), models_dir / FOLDER_SLOTS[result.slot].folder)
                placed = True
            except FileExistsError as error:  # ours: another file of that name is there
                where = translate("Models", "not added: {why}").format(why=error)
            except OSError as error:
                where = translate("Models", "not added: {why}").format(why=file_problem(
                    error, models_dir / FOLDER_SLOTS[result.slot].folder))
        elif result.slot in FOLDER_SLOTS:
            folder = models_dir / FOLDER_SLOTS[result.slot].folder
            try:
                where = translate("Models", "{slot} folder, as {name}").format(
                    slot=where, name=add_to_folder(Path(result.path), folder).stem)
                placed = True
            except FileExistsError as error:  # ours: another file of that name is there
                where = translate("Models", "not added: {why}").format(why=error)
            except OSError as error:
                where = translate("Models", "not added: {why}").format(why=file_problem(error, folder))
        kind = translate("Kinds", result.kind)
        lines.append(f"{Path(result.path).name}: {kind} → {where}"
                     + (f" ({result.warning})" if result.warning else ""))
        if result.slot and result.slot not in FOLDER_SLOTS and result.slot not in slots:
            slots[result.slot] = result.path
    if slots and not {"model", "diffusion_model"} & slots.keys():
        # a text encoder (the prompt helper's Qwen3, say) or a VAE alone: a set of it would offer a picture model
        # that cannot draw
        lines.append(translate("Models", "No picture model among these files, so no model was added: a text model "
                                         "or a VAE cannot draw alone. Add it together with the picture model it "
                                         "belongs to."))
        slots = {}
    return ImportReport(lines, slots, placed)


def _fitting_llm(results: list[ImportResult]) -> ImportResult | None:
    """The chat model among `results` that the set's picture model reads as its LLM text encoder (FLUX.2 klein 4B
    or Z-Image with the catalog's Qwen3-4B: one file, two uses); None when the picture model reads no LLM, the
    width differs, or a text encoder saved for sd.cpp is among the files (that one is the set's)."""
    if any(result.slot == "llm" for result in results):
        return None
    pictures = [result for result in results if result.slot in ("model", "diffusion_model")]
    if not pictures:
        return None
    picture = inspect_model(Path(pictures[0].path))
    for result in results:
        if result.also_llm and parts_problem({"diffusion_model": picture,
                                              "llm": inspect_model(Path(result.path))}) is None:
            return result
    return None


def family_of_files(models: ModelFiles) -> ModelFamily:
    """The family the chosen files make, read from their headers; UNKNOWN while a file is missing or unreadable
    (the request's validation says why, when Generate is pressed)."""
    kinds: list[ComponentKind] = []
    for path in models.given().values():
        try:
            kinds += inspect_model(path).parts
        except (ModelFileError, OSError):
            continue
    return family_of(kinds)
