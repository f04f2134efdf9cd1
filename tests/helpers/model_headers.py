"""Model files shaped like the real published ones (tensor names, dtypes, shapes), without their weights.

The data part is a sparse hole: a 9.5 GB T5-XXL header file costs a few kB of disk. For the parser these are
real files; sd.cpp would read zeros. Names and shapes follow the published Flux Schnell (city96 GGUF and
BFL safetensors), T5-XXL (google/t5-v1_1-xxl encoder), CLIP-L, the Flux AE, SD 1.5 and SDXL checkpoints.
"""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path
from typing import BinaryIO

GGML_IDS = {"f32": (0, 1, 4), "f16": (1, 1, 2), "q4_0": (2, 32, 18), "q8_0": (8, 32, 34), "q4_K": (12, 256, 144),
            "bf16": (30, 1, 2)}
SAFETENSORS_NAMES = {"f32": ("F32", 4), "f16": ("F16", 2), "bf16": ("BF16", 2)}
Spec = dict[str, tuple[tuple[int, ...], str]]  # name -> (PyTorch-order shape, dtype)


FSCTL_SET_SPARSE = 0x000900C4


def _sparse(f: BinaryIO) -> BinaryIO:
    """Make extending `f` leave a hole. POSIX file systems do that by themselves; NTFS allocates every byte of
    a file made longer (22 GB for a Flux header file) unless the file is marked sparse first. Best effort: a
    volume without sparse files shows up in `size_on_disk`."""
    if sys.platform == "win32":
        import ctypes
        import msvcrt
        from ctypes import wintypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.DeviceIoControl.argtypes = [wintypes.HANDLE, wintypes.DWORD, ctypes.c_void_p, wintypes.DWORD,
                                             ctypes.c_void_p, wintypes.DWORD, ctypes.POINTER(wintypes.DWORD),
                                             ctypes.c_void_p]
        returned = wintypes.DWORD()
        kernel32.DeviceIoControl(msvcrt.get_osfhandle(f.fileno()), FSCTL_SET_SPARSE, None, 0, None, 0,
                                 ctypes.byref(returned), None)
    return f


def size_on_disk(path: Path) -> int:
    """Bytes the file really takes on disk (a sparse file's holes take none)."""
    if sys.platform == "win32":
        import ctypes
        import msvcrt
        from ctypes import wintypes

        class _StandardInfo(ctypes.Structure):  # FILE_STANDARD_INFO
            _fields_ = [("AllocationSize", ctypes.c_int64), ("EndOfFile", ctypes.c_int64),
                        ("NumberOfLinks", wintypes.DWORD), ("DeletePending", wintypes.BOOLEAN),
                        ("Directory", wintypes.BOOLEAN)]

        # the allocation NTFS keeps for the file (its sparse holes excluded); GetCompressedFileSizeW would say
        # the same on Windows, but Wine answers it with the file's length
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        info = _StandardInfo()
        with path.open("rb") as f:
            if not kernel32.GetFileInformationByHandleEx(msvcrt.get_osfhandle(f.fileno()), 1,  # FileStandardInfo
                                                         ctypes.byref(info), ctypes.sizeof(info)):
                raise ctypes.WinError(ctypes.get_last_error())
        return info.AllocationSize
    return path.stat().st_blocks * 512


def _count(shape: tuple[int, ...]) -> int:
    total = 1
    for dim in shape:
        total *= dim
    return total


Metadata = dict[str, str | int | list[str]]


def write_gguf(path: Path, spec: Spec, alignment: int = 32, metadata: Metadata | None = None) -> Path:
    """A GGUF header with these tensors (their data a sparse hole) and `metadata`'s key-value pairs: text,
    whole numbers (uint32) and lists of text, as llama.cpp's gguf writer stores them."""
    def string(text: str) -> bytes:
        data = text.encode()
        return struct.pack("<Q", len(data)) + data

    def value(item: str | int | list[str]) -> bytes:
        if isinstance(item, str):
            return struct.pack("<I", 8) + string(item)
        if isinstance(item, int):
            return struct.pack("<II", 4, item)
        return struct.pack("<IIQ", 9, 8, len(item)) + b"".join(string(word) for word in item)

    pairs = b"".join(string(key) + value(item) for key, item in (metadata or {}).items())
    infos, offset = b"", 0
    for name, (shape, dtype) in spec.items():
        type_id, per_block, block_bytes = GGML_IDS[dtype]
        infos += string(name) + struct.pack("<I", len(shape))
        infos += b"".join(struct.pack("<Q", d) for d in reversed(shape))  # GGUF: innermost first
        infos += struct.pack("<IQ", type_id, offset)
        size = _count(shape) // per_block * block_bytes
        offset += -(-size // alignment) * alignment
    header = b"GGUF" + struct.pack("<IQQ", 3, len(spec), len(metadata or {})) + pairs + infos
    data_start = -(-len(header) // alignment) * alignment
    with _sparse(path.open("wb")) as f:
        f.write(header)
        f.truncate(data_start + offset)  # sparse: the weights are a hole
    return path


def write_safetensors(path: Path, spec: Spec) -> Path:
    header, offset = {}, 0
    for name, (shape, dtype) in spec.items():
        code, width = SAFETENSORS_NAMES[dtype]
        header[name] = {"dtype": code, "shape": list(shape), "data_offsets": [offset, offset + _count(shape) * width]}
        offset += _count(shape) * width
    data = json.dumps(header).encode()
    with _sparse(path.open("wb")) as f:
        f.write(struct.pack("<Q", len(data)) + data)
        f.truncate(8 + len(data) + offset)
    return path


def flux_diffusion(quant: str = "q4_K", prefix: str = "", hidden: int = 3072, double: int = 19,
                   single: int = 38) -> Spec:
    """Flux Schnell's DiT (no guidance_in). Quantized: the blocks' 2-D weights; the rest f32/f16 as published."""
    spec: Spec = {}
    mlp = hidden * 4

    def linear(name: str, n_in: int, n_out: int, dtype: str) -> None:
        spec[f"{prefix}{name}.weight"] = ((n_out, n_in), dtype)
        spec[f"{prefix}{name}.bias"] = ((n_out,), "f32")

    for name, n_in in (("img_in", 64), ("txt_in", 4096), ("time_in.in_layer", 256), ("vector_in.in_layer", 768)):
        linear(name, n_in, hidden, "f16")
    linear("time_in.out_layer", hidden, hidden, "f16")
    linear("vector_in.out_layer", hidden, hidden, "f16")
    for i in range(double):
        for part in ("img", "txt"):
            block = f"double_blocks.{i}.{part}"
            linear(f"{block}_mod.lin", hidden, 6 * hidden, quant)
            linear(f"{block}_attn.qkv", hidden, 3 * hidden, quant)
            linear(f"{block}_attn.proj", hidden, hidden, quant)
            linear(f"{block}_mlp.0", hidden, mlp, quant)
            linear(f"{block}_mlp.2", mlp, hidden, quant)
            spec[f"{prefix}{block}_attn.norm.query_norm.scale"] = ((128,), "f32")
            spec[f"{prefix}{block}_attn.norm.key_norm.scale"] = ((128,), "f32")
    for i in range(single):
        linear(f"single_blocks.{i}.linear1", hidden, 3 * hidden + mlp, quant)
        linear(f"single_blocks.{i}.linear2", hidden + mlp, hidden, quant)
        linear(f"single_blocks.{i}.modulation.lin", hidden, 3 * hidden, quant)
        spec[f"{prefix}single_blocks.{i}.norm.query_norm.scale"] = ((128,), "f32")
        spec[f"{prefix}single_blocks.{i}.norm.key_norm.scale"] = ((128,), "f32")
    linear("final_layer.linear", hidden, 64, "f16")
    linear("final_layer.adaLN_modulation.1", hidden, 2 * hidden, "f16")
    return spec


def t5xxl(dtype: str = "f16") -> Spec:
    """google/t5-v1_1-xxl encoder: d_model 4096, 24 blocks, 64 heads x 64, gated FF 10240, vocab 32128."""
    spec: Spec = {"shared.weight": ((32128, 4096), dtype), "encoder.final_layer_norm.weight": ((4096,), dtype),
                  "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight": ((32, 64), dtype)}
    for i in range(24):
        block = f"encoder.block.{i}.layer"
        for proj in ("q", "k", "v", "o"):
            spec[f"{block}.0.SelfAttention.{proj}.weight"] = ((4096, 4096), dtype)
        spec[f"{block}.0.layer_norm.weight"] = ((4096,), dtype)
        spec[f"{block}.1.DenseReluDense.wi_0.weight"] = ((10240, 4096), dtype)
        spec[f"{block}.1.DenseReluDense.wi_1.weight"] = ((10240, 4096), dtype)
        spec[f"{block}.1.DenseReluDense.wo.weight"] = ((4096, 10240), dtype)
        spec[f"{block}.1.layer_norm.weight"] = ((4096,), dtype)
    return spec


def clip_l(prefix: str = "text_model.", dtype: str = "f16") -> Spec:
    spec: Spec = {f"{prefix}embeddings.token_embedding.weight": ((49408, 768), dtype),
                  f"{prefix}embeddings.position_embedding.weight": ((77, 768), dtype)}
    for i in range(12):
        layer = f"{prefix}encoder.layers.{i}."
        for proj in ("q_proj", "k_proj", "v_proj", "out_proj"):
            spec[f"{layer}self_attn.{proj}.weight"] = ((768, 768), dtype)
        spec[f"{layer}mlp.fc1.weight"] = ((3072, 768), dtype)
        spec[f"{layer}mlp.fc2.weight"] = ((768, 3072), dtype)
    return spec


def vae(prefix: str = "", latent_channels: int = 16, dtype: str = "f32") -> Spec:
    """The decoder/encoder ends of the KL autoencoder (Flux AE: 16 latent channels; SD: 4)."""
    return {f"{prefix}decoder.conv_in.weight": ((512, latent_channels, 3, 3), dtype),
            f"{prefix}decoder.mid.block_1.conv1.weight": ((512, 512, 3, 3), dtype),
            f"{prefix}decoder.up.3.block.0.conv1.weight": ((128, 128, 3, 3), dtype),
            f"{prefix}encoder.conv_in.weight": ((128, 3, 3, 3), dtype),
            f"{prefix}encoder.conv_out.weight": ((2 * latent_channels, 512, 3, 3), dtype)}


def sd_unet(prefix: str = "model.diffusion_model.", xl: bool = False, dtype: str = "f16") -> Spec:
    context = 2048 if xl else 768
    spec: Spec = {f"{prefix}input_blocks.0.0.weight": ((320, 4, 3, 3), dtype),
                  f"{prefix}input_blocks.1.1.transformer_blocks.0.attn2.to_k.weight": ((320, context), dtype),
                  f"{prefix}out.2.weight": ((4, 320, 3, 3), dtype)}
    if xl:
        spec[f"{prefix}label_emb.0.0.weight"] = ((1280, 2816), dtype)
    return spec


def sd15_checkpoint() -> Spec:
    return {**sd_unet(), **vae("first_stage_model.", 4, "f16"),
            **clip_l("cond_stage_model.transformer.text_model.")}


def z_image_diffusion(quant: str = "q4_K", prefix: str = "") -> Spec:
    """Z-Image Turbo's DiT as sd.cpp's z_image.hpp builds it (hidden 3840, 30 layers + 2 noise and 2 context
    refiners, 30 heads x 128, SwiGLU 10240, caption width 2560 = Qwen3-4B): ~6.15B parameters."""
    hidden, ffn, spec = 3840, 10240, {}

    def block(name: str, modulated: bool) -> None:
        spec[f"{prefix}{name}.attention.qkv.weight"] = ((3 * hidden, hidden), quant)
        spec[f"{prefix}{name}.attention.out.weight"] = ((hidden, hidden), quant)
        spec[f"{prefix}{name}.attention.q_norm.weight"] = ((128,), "f32")
        spec[f"{prefix}{name}.attention.k_norm.weight"] = ((128,), "f32")
        for w, shape in (("w1", (ffn, hidden)), ("w2", (hidden, ffn)), ("w3", (ffn, hidden))):
            spec[f"{prefix}{name}.feed_forward.{w}.weight"] = (shape, quant)
        for norm in ("attention_norm1", "ffn_norm1", "attention_norm2", "ffn_norm2"):
            spec[f"{prefix}{name}.{norm}.weight"] = ((hidden,), "f32")
        if modulated:
            spec[f"{prefix}{name}.adaLN_modulation.0.weight"] = ((4 * hidden, 256), "f16")
            spec[f"{prefix}{name}.adaLN_modulation.0.bias"] = ((4 * hidden,), "f32")

    spec[f"{prefix}x_embedder.weight"] = ((hidden, 64), "f16")
    spec[f"{prefix}x_embedder.bias"] = ((hidden,), "f32")
    spec[f"{prefix}t_embedder.mlp.0.weight"] = ((1024, 256), "f16")
    spec[f"{prefix}t_embedder.mlp.2.weight"] = ((256, 1024), "f16")
    spec[f"{prefix}cap_embedder.0.weight"] = ((2560,), "f32")
    spec[f"{prefix}cap_embedder.1.weight"] = ((hidden, 2560), "f16")
    spec[f"{prefix}cap_pad_token"] = ((hidden,), "f32")
    spec[f"{prefix}x_pad_token"] = ((hidden,), "f32")
    for i in range(2):
        block(f"noise_refiner.{i}", True)
        block(f"context_refiner.{i}", False)
    for i in range(30):
        block(f"layers.{i}", True)
    spec[f"{prefix}final_layer.linear.weight"] = ((64, hidden), "f16")
    spec[f"{prefix}final_layer.adaLN_modulation.1.weight"] = ((hidden, 256), "f16")
    return spec


def flux2_diffusion(quant: str = "q4_K", prefix: str = "", hidden: int = 3072, double: int = 5, single: int = 20,
                    context: int = 7680) -> Spec:
    """FLUX.2 klein 4B's DiT (flux.hpp with the FLUX.2 settings): hidden 3072 (24 heads x 128), 5 double and 20
    single blocks, SwiGLU MLP 3x, no biases, shared modulation, text input 7680 = three Qwen3-4B layers."""
    spec: Spec = {}
    mlp = 3 * hidden

    def linear(name: str, n_in: int, n_out: int, dtype: str = quant) -> None:
        spec[f"{prefix}{name}.weight"] = ((n_out, n_in), dtype)

    linear("img_in", 128, hidden, "f16")
    linear("txt_in", context, hidden, "f16")
    linear("time_in.in_layer", 256, hidden, "f16")
    linear("time_in.out_layer", hidden, hidden, "f16")
    linear("double_stream_modulation_img.lin", hidden, 6 * hidden)
    linear("double_stream_modulation_txt.lin", hidden, 6 * hidden)
    linear("single_stream_modulation.lin", hidden, 3 * hidden)
    for i in range(double):
        for part in ("img", "txt"):
            block = f"double_blocks.{i}.{part}"
            linear(f"{block}_attn.qkv", hidden, 3 * hidden)
            linear(f"{block}_attn.proj", hidden, hidden)
            linear(f"{block}_mlp.0", hidden, 2 * mlp)
            linear(f"{block}_mlp.2", mlp, hidden)
            spec[f"{prefix}{block}_attn.norm.query_norm.scale"] = ((128,), "f32")
            spec[f"{prefix}{block}_attn.norm.key_norm.scale"] = ((128,), "f32")
    for i in range(single):
        linear(f"single_blocks.{i}.linear1", hidden, 3 * hidden + 2 * mlp)
        linear(f"single_blocks.{i}.linear2", hidden + mlp, hidden)
        spec[f"{prefix}single_blocks.{i}.norm.query_norm.scale"] = ((128,), "f32")
        spec[f"{prefix}single_blocks.{i}.norm.key_norm.scale"] = ((128,), "f32")
    linear("final_layer.linear", hidden, 128, "f16")
    linear("final_layer.adaLN_modulation.1", hidden, 2 * hidden, "f16")
    return spec


def qwen3(dtype: str = "q4_K", gguf_names: bool = True, hidden: int = 2560, layers: int = 36,
          ffn: int = 9728) -> Spec:
    """Qwen3-4B (hidden 2560, 36 layers, 32 query heads and 8 key/value heads of 128, SwiGLU 9728, vocabulary
    151936, tied embeddings): in llama.cpp's GGUF names (unsloth's files) or Hugging Face's (Comfy-Org's)."""
    norm = "f32"
    if gguf_names:
        spec: Spec = {"token_embd.weight": ((151936, hidden), dtype), "output_norm.weight": ((hidden,), norm)}
        for i in range(layers):
            b = f"blk.{i}."
            spec.update({b + "attn_q.weight": ((4096, hidden), dtype), b + "attn_k.weight": ((1024, hidden), dtype),
                         b + "attn_v.weight": ((1024, hidden), dtype),
                         b + "attn_output.weight": ((hidden, 4096), dtype),
                         b + "attn_q_norm.weight": ((128,), norm), b + "attn_k_norm.weight": ((128,), norm),
                         b + "attn_norm.weight": ((hidden,), norm), b + "ffn_norm.weight": ((hidden,), norm),
                         b + "ffn_gate.weight": ((ffn, hidden), dtype), b + "ffn_up.weight": ((ffn, hidden), dtype),
                         b + "ffn_down.weight": ((hidden, ffn), dtype)})
        return spec
    spec = {"model.embed_tokens.weight": ((151936, hidden), dtype), "model.norm.weight": ((hidden,), dtype)}
    for i in range(layers):
        b = f"model.layers.{i}."
        spec.update({b + "self_attn.q_proj.weight": ((4096, hidden), dtype),
                     b + "self_attn.k_proj.weight": ((1024, hidden), dtype),
                     b + "self_attn.v_proj.weight": ((1024, hidden), dtype),
                     b + "self_attn.o_proj.weight": ((hidden, 4096), dtype),
                     b + "self_attn.q_norm.weight": ((128,), dtype), b + "self_attn.k_norm.weight": ((128,), dtype),
                     b + "input_layernorm.weight": ((hidden,), dtype),
                     b + "post_attention_layernorm.weight": ((hidden,), dtype),
                     b + "mlp.gate_proj.weight": ((ffn, hidden), dtype),
                     b + "mlp.up_proj.weight": ((ffn, hidden), dtype),
                     b + "mlp.down_proj.weight": ((hidden, ffn), dtype)})
    return spec


def chat_metadata(architecture: str = "qwen3", layers: int = 36, words: int = 64) -> Metadata:
    """What llama.cpp's converter writes before the tensors of a chat model (unsloth's Qwen3-4B-Q4_K_M.gguf): its
    architecture, its layers and its word list (here `words` of them; the real one has 151,669)."""
    return {"general.architecture": architecture, "general.name": "Qwen3-4B", f"{architecture}.block_count": layers,
            "tokenizer.ggml.model": "gpt2", "tokenizer.ggml.tokens": [f"word{n}" for n in range(words)]}


def flux2_vae(dtype: str = "f32") -> Spec:
    """The FLUX.2 autoencoder: the FLUX.1 layout with 32 latent channels, its quant convs and the batch norm
    statistics of its 2x2-packed 128-channel latent."""
    return {**vae(latent_channels=32, dtype=dtype), "quant_conv.weight": ((64, 64, 1, 1), dtype),
            "post_quant_conv.weight": ((32, 32, 1, 1), dtype), "bn.running_mean": ((128,), dtype),
            "bn.running_var": ((128,), dtype)}
