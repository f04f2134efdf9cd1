"""Write random-weight models that our sd.cpp build loads and runs end to end, without any download.

    python -m app.core.demo.picture_models --out DIR [--seed N]

The demo model, the tests' model and the self-test's model (`--self-test` inside the bundle, which carries
no tests) are all written here.

Writes DIR/flux_tiny_clip.gguf (a Flux-family DiT, hidden 128, one double and one single block, with a
real-shaped CLIP-L text encoder in the same file) and DIR/taef1_tiny.gguf (a tiny autoencoder, TAEF1
layout). sd.cpp infers the Flux width and depth from the tensors; CLIP-L's dims are hard-coded in sd.cpp
and Flux crashes without any text encoder, hence the 123M-parameter encoder (q4_0, ~69 MiB).
`write_tiny_klein` writes a FLUX.2 klein, its Qwen3 text encoder and a FLUX.2 VAE the same way (sd.cpp reads
their sizes from the files, except Qwen3's head layout and the VAE encoder's width). No tiny Z-Image exists:
z_image.hpp fixes all its sizes.
Random weights draw noise: these files prove the pipeline, not image quality. The tiny autoencoder's decoder
is scaled layer by layer on a probe latent (as LSUV initialisation does) so that its picture spans the colour
range: colourful structured noise instead of the near-black square that plain random weights give (they shrink
the signal at every layer, and sd.cpp clamps the TAE's output to 0..1). Same seed, same bytes.
The demo folder also gets DIR/qwen3_prompt_tiny.gguf, the prompt helper's tiny Qwen3 for llama-server, which
text_model.py writes (llama.cpp's layout, with a tokenizer: this module's Qwen3 is sd.cpp's, which llama.cpp refuses),
and DIR/esrgan_tiny_x4.gguf, a one-block ESRGAN x4 for the upscaler: every feature of the window has its demo.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.core.models.families import ModelFiles
from app.core.resources import app_root

FLUX_FILE = "flux_tiny_clip.gguf"
TAE_FILE = "taef1_tiny.gguf"
PROMPT_MODEL_FILE = "qwen3_prompt_tiny.gguf"  # the prompt helper's tiny model (llama-server), text_model.py writes it
ESRGAN_FILE = "esrgan_tiny_x4.gguf"
DEMO_FILES = (FLUX_FILE, TAE_FILE, PROMPT_MODEL_FILE, ESRGAN_FILE)
# where scripts/setup.sh writes the demo model: the project's own folder (beside app/); the bundle (and so the MSI
# and the portable zip) carries the same folder inside it (installer/polaris_studio.spec)
DEMO_MODEL_DIR = app_root() / ".demo-model"


def demo_model_files(folder: Path = DEMO_MODEL_DIR) -> ModelFiles | None:
    """The demo model's files when they are there (the model and its tiny autoencoder), else None."""
    model, taesd = folder / FLUX_FILE, folder / TAE_FILE
    return ModelFiles(model=model, taesd=taesd) if model.is_file() and taesd.is_file() else None


def is_demo_file(path: Path | None) -> bool:
    """A file this module or text_model.py wrote (the demo's picture model, its autoencoder, text model or upscaler):
    the window and the command line say that what it makes is a demo's."""
    return path is not None and path.name in DEMO_FILES


def demo_prompt_model(folder: Path = DEMO_MODEL_DIR) -> Path | None:
    """The prompt helper's tiny text model when setup wrote it, else None."""
    path = folder / PROMPT_MODEL_FILE
    return path if path.is_file() else None


def demo_upscaler(spare: Path, folder: Path = DEMO_MODEL_DIR) -> Path:
    """The demo's upscaler: the one setup wrote in the demo folder, else one written now into `spare` (a folder
    that an older setup left without it; same seed, same bytes, 0.3 s)."""
    path = folder / ESRGAN_FILE
    if path.is_file():
        return path
    return spare / ESRGAN_FILE if (spare / ESRGAN_FILE).is_file() else write_tiny_upscaler(spare)


HEAD_DIM = 128  # Flux RoPE splits each head into 16 + 56 + 56 axes


@dataclass(frozen=True)
class Tensor:
    name: str
    shape: tuple[int, ...]  # PyTorch order (out, in, ...)
    init: str  # "weight" | "zero" | "one" | "embedding"


def _linear(name: str, n_in: int, n_out: int, bias: bool = True) -> Iterator[Tensor]:
    yield Tensor(f"{name}.weight", (n_out, n_in), "weight")
    if bias:
        yield Tensor(f"{name}.bias", (n_out,), "zero")


def _conv(name: str, c_in: int, c_out: int, bias: bool = True) -> Iterator[Tensor]:
    yield Tensor(f"{name}.weight", (c_out, c_in, 3, 3), "weight")
    if bias:
        yield Tensor(f"{name}.bias", (c_out,), "zero")


def flux_tensors(hidden: int = 128, double_blocks: int = 1, single_blocks: int = 1) -> Iterator[Tensor]:
    """The Flux DiT as sd.cpp's flux.hpp names it (no guidance embedding: Schnell-like)."""
    p, mlp = "model.diffusion_model.", hidden * 4
    yield from _linear(p + "img_in", 64, hidden)
    yield from _linear(p + "time_in.in_layer", 256, hidden)
    yield from _linear(p + "time_in.out_layer", hidden, hidden)
    yield from _linear(p + "vector_in.in_layer", 768, hidden)
    yield from _linear(p + "vector_in.out_layer", hidden, hidden)
    yield from _linear(p + "txt_in", 4096, hidden)
    for i in range(double_blocks):
        block = f"{p}double_blocks.{i}."
        for part in ("img", "txt"):
            yield from _linear(f"{block}{part}_mod.lin", hidden, 6 * hidden)
            yield from _linear(f"{block}{part}_attn.qkv", hidden, 3 * hidden)
            yield Tensor(f"{block}{part}_attn.norm.query_norm.scale", (HEAD_DIM,), "one")
            yield Tensor(f"{block}{part}_attn.norm.key_norm.scale", (HEAD_DIM,), "one")
            yield from _linear(f"{block}{part}_attn.proj", hidden, hidden)
            yield from _linear(f"{block}{part}_mlp.0", hidden, mlp)
            yield from _linear(f"{block}{part}_mlp.2", mlp, hidden)
    for i in range(single_blocks):
        block = f"{p}single_blocks.{i}."
        yield from _linear(block + "linear1", hidden, 3 * hidden + mlp)
        yield from _linear(block + "linear2", hidden + mlp, hidden)
        yield Tensor(block + "norm.query_norm.scale", (HEAD_DIM,), "one")
        yield Tensor(block + "norm.key_norm.scale", (HEAD_DIM,), "one")
        yield from _linear(block + "modulation.lin", hidden, 3 * hidden)
    yield from _linear(p + "final_layer.linear", hidden, 64)
    yield from _linear(p + "final_layer.adaLN_modulation.1", hidden, 2 * hidden)


def flux2_tensors(hidden: int = 128, double_blocks: int = 1, single_blocks: int = 1,
                  context: int = 192) -> Iterator[Tensor]:
    """The FLUX.2 (klein) DiT as flux.hpp builds it with the FLUX.2 settings: 128 latent channels in and out,
    SwiGLU MLPs 3 x hidden wide, no biases, one modulation shared by all double blocks and one by all single
    blocks. sd.cpp reads width, depth and the text input's width from the tensors; heads are 128 wide."""
    p, mlp = "model.diffusion_model.", hidden * 3
    yield from _linear(p + "img_in", 128, hidden, bias=False)
    yield from _linear(p + "time_in.in_layer", 256, hidden, bias=False)
    yield from _linear(p + "time_in.out_layer", hidden, hidden, bias=False)
    yield from _linear(p + "txt_in", context, hidden, bias=False)
    yield from _linear(p + "double_stream_modulation_img.lin", hidden, 6 * hidden, bias=False)
    yield from _linear(p + "double_stream_modulation_txt.lin", hidden, 6 * hidden, bias=False)
    yield from _linear(p + "single_stream_modulation.lin", hidden, 3 * hidden, bias=False)
    for i in range(double_blocks):
        block = f"{p}double_blocks.{i}."
        for part in ("img", "txt"):
            yield from _linear(f"{block}{part}_attn.qkv", hidden, 3 * hidden, bias=False)
            yield Tensor(f"{block}{part}_attn.norm.query_norm.scale", (HEAD_DIM,), "one")
            yield Tensor(f"{block}{part}_attn.norm.key_norm.scale", (HEAD_DIM,), "one")
            yield from _linear(f"{block}{part}_attn.proj", hidden, hidden, bias=False)
            yield from _linear(f"{block}{part}_mlp.0", hidden, 2 * mlp, bias=False)
            yield from _linear(f"{block}{part}_mlp.2", mlp, hidden, bias=False)
    for i in range(single_blocks):
        block = f"{p}single_blocks.{i}."
        yield from _linear(block + "linear1", hidden, 3 * hidden + 2 * mlp, bias=False)
        yield from _linear(block + "linear2", hidden + mlp, hidden, bias=False)
        yield Tensor(block + "norm.query_norm.scale", (HEAD_DIM,), "one")
        yield Tensor(block + "norm.key_norm.scale", (HEAD_DIM,), "one")
    yield from _linear(p + "final_layer.linear", hidden, 128, bias=False)
    yield from _linear(p + "final_layer.adaLN_modulation.1", hidden, 2 * hidden, bias=False)


def z_image_tensors() -> Iterator[Tensor]:
    """Z-Image's DiT as z_image.hpp builds it, every size fixed there: hidden 3840, 30 layers plus two noise and
    two context refiners, 30 heads of 128, SwiGLU 10240, a 2560-wide caption input (Qwen3-4B): 6.15B."""
    p, hidden, ffn = "model.diffusion_model.", 3840, 10240

    def block(name: str, modulated: bool) -> Iterator[Tensor]:
        yield from _linear(f"{p}{name}.attention.qkv", hidden, 3 * hidden, bias=False)
        yield from _linear(f"{p}{name}.attention.out", hidden, hidden, bias=False)
        yield Tensor(f"{p}{name}.attention.q_norm.weight", (HEAD_DIM,), "one")
        yield Tensor(f"{p}{name}.attention.k_norm.weight", (HEAD_DIM,), "one")
        yield from _linear(f"{p}{name}.feed_forward.w1", hidden, ffn, bias=False)
        yield from _linear(f"{p}{name}.feed_forward.w2", ffn, hidden, bias=False)
        yield from _linear(f"{p}{name}.feed_forward.w3", hidden, ffn, bias=False)
        for norm in ("attention_norm1", "ffn_norm1", "attention_norm2", "ffn_norm2"):
            yield Tensor(f"{p}{name}.{norm}.weight", (hidden,), "one")
        if modulated:
            yield from _linear(f"{p}{name}.adaLN_modulation.0", 256, 4 * hidden)

    yield from _linear(p + "x_embedder", 64, hidden)
    yield from _linear(p + "t_embedder.mlp.0", 256, 1024)
    yield from _linear(p + "t_embedder.mlp.2", 1024, 256)
    yield Tensor(p + "cap_embedder.0.weight", (2560,), "one")
    yield from _linear(p + "cap_embedder.1", 2560, hidden)
    yield Tensor(p + "cap_pad_token", (hidden,), "zero")
    yield Tensor(p + "x_pad_token", (hidden,), "zero")
    for i in range(2):
        yield from block(f"noise_refiner.{i}", True)
        yield from block(f"context_refiner.{i}", False)
    for i in range(30):
        yield from block(f"layers.{i}", True)
    yield from _linear(p + "final_layer.linear", hidden, 64)
    yield from _linear(p + "final_layer.adaLN_modulation.1", 256, hidden)


QWEN3_VOCABULARY = 151936  # sd.cpp tokenizes with Qwen's own vocabulary: ids up to 151645 (<|im_end|>)


def qwen3_tensors(hidden: int = 64, layers: int = 27, ffn: int = 128) -> Iterator[Tensor]:
    """Qwen3 as sd.cpp's llm.hpp reads it: depth, width, vocabulary and MLP width from the tensors, but 32 query
    and 8 key/value heads of 128 fixed (so q_proj is 4096 wide whatever the width). klein reads layers 9, 18
    and 27 side by side (3 x hidden), so 27 layers are the fewest that give it the real layout."""
    p = "model."  # Hugging Face's names, as Comfy-Org publishes the safetensors
    yield Tensor(p + "embed_tokens.weight", (QWEN3_VOCABULARY, hidden), "embedding")
    for i in range(layers):
        layer = f"{p}layers.{i}."
        yield from _linear(layer + "self_attn.q_proj", hidden, 32 * HEAD_DIM, bias=False)
        yield from _linear(layer + "self_attn.k_proj", hidden, 8 * HEAD_DIM, bias=False)
        yield from _linear(layer + "self_attn.v_proj", hidden, 8 * HEAD_DIM, bias=False)
        yield from _linear(layer + "self_attn.o_proj", 32 * HEAD_DIM, hidden, bias=False)
        yield Tensor(layer + "self_attn.q_norm.weight", (HEAD_DIM,), "one")
        yield Tensor(layer + "self_attn.k_norm.weight", (HEAD_DIM,), "one")
        yield Tensor(layer + "input_layernorm.weight", (hidden,), "one")
        yield Tensor(layer + "post_attention_layernorm.weight", (hidden,), "one")
        yield from _linear(layer + "mlp.gate_proj", hidden, ffn, bias=False)
        yield from _linear(layer + "mlp.up_proj", hidden, ffn, bias=False)
        yield from _linear(layer + "mlp.down_proj", ffn, hidden, bias=False)
    yield Tensor(p + "norm.weight", (hidden,), "one")


def clip_l_tensors(prefix: str = "text_encoders.clip_l.", width: int = 768, layers: int = 12,
                   projection: bool = False) -> Iterator[Tensor]:
    """CLIP ViT-L/14 text model: width 768, 12 layers, MLP 4 x width, vocabulary 49408, 77 positions.
    With width 1280, 32 layers and the projection it is SDXL's OpenCLIP ViT-bigG in sd.cpp's names."""
    p = prefix + "transformer.text_model."
    yield Tensor(p + "embeddings.token_embedding.weight", (49408, width), "embedding")
    yield Tensor(p + "embeddings.position_embedding.weight", (77, width), "embedding")
    for i in range(layers):
        layer = f"{p}encoder.layers.{i}."
        for part in ("q_proj", "k_proj", "v_proj", "out_proj"):
            yield from _linear(f"{layer}self_attn.{part}", width, width)
        for norm in ("layer_norm1", "layer_norm2"):
            yield Tensor(f"{layer}{norm}.weight", (width,), "one")
            yield Tensor(f"{layer}{norm}.bias", (width,), "zero")
        yield from _linear(layer + "mlp.fc1", width, 4 * width)
        yield from _linear(layer + "mlp.fc2", 4 * width, width)
    yield Tensor(p + "final_layer_norm.weight", (width,), "one")
    yield Tensor(p + "final_layer_norm.bias", (width,), "zero")
    if projection:
        yield Tensor(p + "text_projection", (width, width), "weight")


def _unet_resblock(name: str, c_in: int, c_out: int) -> Iterator[Tensor]:
    yield from _norm(f"{name}.in_layers.0", c_in)
    yield from _conv(f"{name}.in_layers.2", c_in, c_out)
    yield from _linear(f"{name}.emb_layers.1", 1280, c_out)
    yield from _norm(f"{name}.out_layers.0", c_out)
    yield from _conv(f"{name}.out_layers.3", c_out, c_out)
    if c_in != c_out:
        yield Tensor(f"{name}.skip_connection.weight", (c_out, c_in, 1, 1), "weight")
        yield Tensor(f"{name}.skip_connection.bias", (c_out,), "zero")


def _unet_transformer(name: str, channels: int, depth: int, context: int, linear: bool) -> Iterator[Tensor]:
    yield from _norm(f"{name}.norm", channels)
    for projection in ("proj_in", "proj_out"):
        if linear:
            yield from _linear(f"{name}.{projection}", channels, channels)
        else:
            yield Tensor(f"{name}.{projection}.weight", (channels, channels, 1, 1), "weight")
            yield Tensor(f"{name}.{projection}.bias", (channels,), "zero")
    for i in range(depth):
        block = f"{name}.transformer_blocks.{i}."
        for attention, source in (("attn1", channels), ("attn2", context)):
            yield from _linear(f"{block}{attention}.to_q", channels, channels, bias=False)
            yield from _linear(f"{block}{attention}.to_k", source, channels, bias=False)
            yield from _linear(f"{block}{attention}.to_v", source, channels, bias=False)
            yield from _linear(f"{block}{attention}.to_out.0", channels, channels)
        yield from _linear(f"{block}ff.net.0.proj", channels, 8 * channels)  # GEGLU: 2 x 4 x channels
        yield from _linear(f"{block}ff.net.2", 4 * channels, channels)
        for norm in ("norm1", "norm2", "norm3"):
            yield from _norm(block + norm, channels)


def unet_tensors(xl: bool) -> Iterator[Tensor]:
    """The SD 1.x (xl=False: 860M parameters) or SDXL (2.6B) UNet as sd.cpp's unet.hpp builds it."""
    p, base = "model.diffusion_model.", 320
    mult = (1, 2, 4) if xl else (1, 2, 4, 4)
    attention_levels = {1: 2, 2: 10} if xl else {0: 1, 1: 1, 2: 1}  # level -> transformer depth
    context = 2048 if xl else 768
    yield from _linear(p + "time_embed.0", base, 1280)
    yield from _linear(p + "time_embed.2", 1280, 1280)
    if xl:
        yield from _linear(p + "label_emb.0.0", 2816, 1280)
        yield from _linear(p + "label_emb.0.2", 1280, 1280)
    yield from _conv(p + "input_blocks.0.0", 4, base)
    channels, index, skips = base, 0, [base]
    for level, factor in enumerate(mult):
        for _ in range(2):
            index += 1
            yield from _unet_resblock(f"{p}input_blocks.{index}.0", channels, base * factor)
            channels = base * factor
            if level in attention_levels:
                yield from _unet_transformer(f"{p}input_blocks.{index}.1", channels, attention_levels[level],
                                             context, xl)
            skips.append(channels)
        if level < len(mult) - 1:
            index += 1
            yield from _conv(f"{p}input_blocks.{index}.0.op", channels, channels)
            skips.append(channels)
    yield from _unet_resblock(p + "middle_block.0", channels, channels)
    yield from _unet_transformer(p + "middle_block.1", channels, max(attention_levels.values()), context, xl)
    yield from _unet_resblock(p + "middle_block.2", channels, channels)
    index = 0
    for level in reversed(range(len(mult))):
        for block in range(3):
            yield from _unet_resblock(f"{p}output_blocks.{index}.0", channels + skips.pop(), base * mult[level])
            channels = base * mult[level]
            part = 1
            if level in attention_levels:
                yield from _unet_transformer(f"{p}output_blocks.{index}.1", channels, attention_levels[level],
                                             context, xl)
                part = 2
            if level > 0 and block == 2:
                yield from _conv(f"{p}output_blocks.{index}.{part}.conv", channels, channels)
            index += 1
    yield from _norm(p + "out.0", base)
    yield from _conv(p + "out.2", base, 4)


def _unet_encoder_channels(xl: bool) -> list[int]:
    """The width of each of the UNet's encoder outputs (input_blocks 0..11 for SD 1.x, 0..8 for SDXL), in order."""
    mult = (1, 2, 4) if xl else (1, 2, 4, 4)
    channels = [320]
    for level, factor in enumerate(mult):
        channels += [320 * factor] * 2
        if level < len(mult) - 1:
            channels.append(320 * factor)
    return channels


CONTROL_HINT = ((3, 16), (16, 16), (16, 32), (32, 32), (32, 96), (96, 96), (96, 256), (256, 320))


def controlnet_tensors(xl: bool = False) -> Iterator[Tensor]:
    """A ControlNet as lllyasviel's single files name it (`control_model.`) and sd.cpp's control.hpp builds it: the
    UNet's encoder half and middle block (the shapes of `unet_tensors`), the hint block that reads the control
    picture and a 1x1 "zero" convolution per encoder output. control.hpp fixes every size to the family's (SD 1.x:
    361M parameters), so no tiny ControlNet exists."""
    unet, p = "model.diffusion_model.", "control_model."
    for tensor in unet_tensors(xl):
        rest = tensor.name[len(unet):]
        if rest.startswith(("time_embed.", "label_emb.", "input_blocks.", "middle_block.")):
            yield dataclasses.replace(tensor, name=p + rest)
    for index, (c_in, c_out) in enumerate(CONTROL_HINT):
        yield from _conv(f"{p}input_hint_block.{2 * index}", c_in, c_out)
    channels = _unet_encoder_channels(xl)
    names = [f"{p}zero_convs.{index}.0" for index in range(len(channels))] + [f"{p}middle_block_out.0"]
    for name, width in zip(names, [*channels, channels[-1]], strict=True):
        yield Tensor(f"{name}.weight", (width, width, 1, 1), "weight")
        yield Tensor(f"{name}.bias", (width,), "zero")


def tae_tensors(latent_channels: int = 16, width: int = 64) -> Iterator[Tensor]:
    """TAESD-style decoder and encoder (sd.cpp's tae.hpp); sd-server also loads the encoder half."""
    yield from _conv("decoder.layers.0", latent_channels, width)
    for i in (2, 3, 4, 7, 8, 9, 12, 13, 14, 17):
        for j in (0, 2, 4):
            yield from _conv(f"decoder.layers.{i}.conv.{j}", width, width)
    for i in (6, 11, 16):
        yield from _conv(f"decoder.layers.{i}", width, width, bias=False)
    yield from _conv("decoder.layers.18", width, 3)
    yield from _conv("encoder.layers.0", 3, width)
    for i in (1, 3, 4, 5, 7, 8, 9, 11, 12, 13):
        for j in (0, 2, 4):
            yield from _conv(f"encoder.layers.{i}.conv.{j}", width, width)
    for i in (2, 6, 10):
        yield from _conv(f"encoder.layers.{i}", width, width, bias=False)
    yield from _conv("encoder.layers.14", width, latent_channels)


# What the calibrated decoder's picture should look like on a latent of unit noise (0..1 per channel):
# mid-grey on average, spread wide enough to use the whole range without clipping most of it.
DEMO_IMAGE_MEAN = 0.5
DEMO_IMAGE_SPREAD = 0.22
_TAE_BLOCKS = (2, 3, 4, 7, 8, 9, 12, 13, 14, 17)
_TAE_UPSAMPLES = (5, 10, 15)  # nearest 2x, each followed by a bias-free conv (6, 11, 16)


def _conv3x3(x: np.ndarray, weight: np.ndarray, bias: np.ndarray | None) -> np.ndarray:
    """x (C, H, W), weight (O, C, 3, 3), padding 1 -> (O, H, W); float32, as sd.cpp's Conv2d."""
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1)))
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(1, 2))  # C, H, W, 3, 3
    out: np.ndarray = np.einsum("chwij,ocij->ohw", windows, weight, optimize=True)
    return out if bias is None else out + bias[:, None, None]


def calibrated_tae_decoder(values: dict[str, np.ndarray], rng: np.random.Generator, latent_side: int = 8) -> None:
    """Scale the TAE decoder's random weights in place so that each convolution passes on a signal of unit
    spread, and the last one draws DEMO_IMAGE_MEAN ± DEMO_IMAGE_SPREAD per colour; mirrors tae.hpp's
    TinyDecoder (tanh clamp, ReLU, residual blocks, three nearest-neighbour upsamplings)."""
    weights = {name[: -len(".weight")]: values[name] for name in values if name.endswith(".weight")}

    def conv(name: str, x: np.ndarray, target: float = 1.0) -> np.ndarray:
        weight, bias = weights[name], values.get(name + ".bias")
        out = _conv3x3(x, weight.astype(np.float32), None)
        weight *= target / max(float(out.std()), 1e-12)
        return _conv3x3(x, weight.astype(np.float32), None if bias is None else bias.astype(np.float32))

    latent = rng.standard_normal((weights["decoder.layers.0"].shape[1], latent_side, latent_side)).astype(np.float32)
    h = np.tanh(latent / 3) * 3
    h = np.maximum(conv("decoder.layers.0", h), 0)
    for index in range(1, 18):
        if index in _TAE_UPSAMPLES:
            h = h.repeat(2, axis=1).repeat(2, axis=2)
        elif index in _TAE_BLOCKS:
            block = f"decoder.layers.{index}.conv."
            inner = np.maximum(conv(block + "0", h), 0)
            inner = np.maximum(conv(block + "2", inner), 0)
            # the residual branch adds a share of the input's spread, so depth neither fades nor explodes
            h = np.maximum(conv(block + "4", inner, target=float(h.std())) + h, 0)
            h /= max(float(h.std()), 1e-12)
        elif f"decoder.layers.{index}" in weights:
            h = conv(f"decoder.layers.{index}", h)
    last = "decoder.layers.18"
    out = _conv3x3(h, weights[last].astype(np.float32), None)
    spread = out.std(axis=(1, 2))
    weights[last] *= (DEMO_IMAGE_SPREAD / np.maximum(spread, 1e-12))[:, None, None, None]
    out = _conv3x3(h, weights[last].astype(np.float32), None)
    values[last + ".bias"] = (DEMO_IMAGE_MEAN - out.mean(axis=(1, 2))).astype(np.float32)


def _norm(name: str, channels: int) -> Iterator[Tensor]:
    yield Tensor(f"{name}.weight", (channels,), "one")
    yield Tensor(f"{name}.bias", (channels,), "zero")


def _resnet(name: str, c_in: int, c_out: int) -> Iterator[Tensor]:
    yield from _norm(f"{name}.norm1", c_in)
    yield from _conv(f"{name}.conv1", c_in, c_out)
    yield from _norm(f"{name}.norm2", c_out)
    yield from _conv(f"{name}.conv2", c_out, c_out)
    if c_in != c_out:
        yield Tensor(f"{name}.nin_shortcut.weight", (c_out, c_in, 1, 1), "weight")
        yield Tensor(f"{name}.nin_shortcut.bias", (c_out,), "zero")


def _middle(name: str, channels: int) -> Iterator[Tensor]:
    yield from _resnet(f"{name}.block_1", channels, channels)
    yield from _norm(f"{name}.attn_1.norm", channels)
    for projection in ("q", "k", "v", "proj_out"):
        yield Tensor(f"{name}.attn_1.{projection}.weight", (channels, channels, 1, 1), "weight")
        yield Tensor(f"{name}.attn_1.{projection}.bias", (channels,), "zero")
    yield from _resnet(f"{name}.block_2", channels, channels)


def ae_tensors(latent_channels: int = 16, base: int = 128, mult: tuple[int, ...] = (1, 2, 4, 4),
               prefix: str = "", decoder_base: int | None = None) -> Iterator[Tensor]:
    """The Flux autoencoder (KL, 16 latent channels, no quant convs), real-shaped: ~84M parameters.
    With 4 latent channels and the `first_stage_model.` prefix it is the SD 1.x/SDXL VAE with its quant convs;
    with 32 it is the FLUX.2 one, quant convs included. sd.cpp reads the decoder's width from the file
    (`decoder_base`), not the encoder's."""
    if prefix or latent_channels == 32:
        yield Tensor(f"{prefix}quant_conv.weight", (2 * latent_channels, 2 * latent_channels, 1, 1), "weight")
        yield Tensor(f"{prefix}quant_conv.bias", (2 * latent_channels,), "zero")
        yield Tensor(f"{prefix}post_quant_conv.weight", (latent_channels, latent_channels, 1, 1), "weight")
        yield Tensor(f"{prefix}post_quant_conv.bias", (latent_channels,), "zero")
    for tensor in _ae_tensors(latent_channels, base, mult, decoder_base or base):
        yield dataclasses.replace(tensor, name=prefix + tensor.name)


def _ae_tensors(latent_channels: int, base: int, mult: tuple[int, ...], decoder_base: int) -> Iterator[Tensor]:
    top = decoder_base * mult[-1]
    yield from _conv("decoder.conv_in", latent_channels, top)
    yield from _middle("decoder.mid", top)
    channels = top
    for level in reversed(range(len(mult))):
        for block in range(3):  # num_res_blocks + 1
            yield from _resnet(f"decoder.up.{level}.block.{block}", channels, decoder_base * mult[level])
            channels = decoder_base * mult[level]
        if level > 0:
            yield from _conv(f"decoder.up.{level}.upsample.conv", channels, channels)
    yield from _norm("decoder.norm_out", channels)
    yield from _conv("decoder.conv_out", channels, 3)
    yield from _conv("encoder.conv_in", 3, base)
    channels = base
    for level, factor in enumerate(mult):
        for block in range(2):
            yield from _resnet(f"encoder.down.{level}.block.{block}", channels, base * factor)
            channels = base * factor
        if level < len(mult) - 1:
            yield from _conv(f"encoder.down.{level}.downsample.conv", channels, channels)
    yield from _middle("encoder.mid", channels)
    yield from _norm("encoder.norm_out", channels)
    yield from _conv("encoder.conv_out", channels, 2 * latent_channels)


# ggml's blocks of 32 weights: a 2-byte scale and the payload bytes, whose values are uniform with this std
# (q4_0: two nibbles in -8..7 a byte; q8_0: one signed byte in -128..127)
QUANT_BLOCKS = {"q4_0": (16, 4.6), "q8_0": (32, 74.0)}


def block_bytes(quantization: str) -> int:
    return 2 + QUANT_BLOCKS[quantization][0]


def is_block_quantized(tensor: Tensor) -> bool:
    """sd.cpp's own rule: block-quantize only 2-D weights whose row length divides by 32."""
    return (len(tensor.shape) == 2 and tensor.shape[1] % 32 == 0 and tensor.init != "one"
            and "position_embedding" not in tensor.name)


def _random_blocks(tensor: Tensor, rng: np.random.Generator, quantization: str) -> np.ndarray:
    """Random blocks written directly (a 12B model in seconds), scaled to the std a trained layer of this width
    has."""
    payload, spread = QUANT_BLOCKS[quantization]
    rows, columns = tensor.shape
    blocks = np.empty((rows, columns // 32, 2 + payload), np.uint8)
    scale = np.float16(0.5 / np.sqrt(columns) / spread)
    blocks[..., :2] = np.frombuffer(scale.tobytes(), np.uint8)
    blocks[..., 2:] = rng.integers(0, 256, (rows, columns // 32, payload), dtype=np.uint8)
    return blocks.reshape(rows, columns // 32 * (2 + payload))


def _values(tensor: Tensor, rng: np.random.Generator) -> np.ndarray:
    if tensor.init == "one":
        return np.ones(tensor.shape, np.float32)
    if tensor.init == "zero":
        return np.zeros(tensor.shape, np.float32)
    scale = 0.02 if tensor.init == "embedding" else 0.5 / np.sqrt(np.prod(tensor.shape[1:]))
    return (rng.standard_normal(tensor.shape, dtype=np.float32) * scale).astype(np.float32)


def _write(path: Path, tensors: Iterator[Tensor], rng: np.random.Generator, quantize: bool,
           dtype: type = np.float16, chosen: dict[str, np.ndarray] | None = None, block: str = "q4_0") -> None:
    import gguf

    writer = gguf.GGUFWriter(str(path), arch="polaris_tiny")
    for tensor in tensors:
        if quantize and is_block_quantized(tensor):
            writer.add_tensor(tensor.name, _random_blocks(tensor, rng, block),
                              raw_dtype=gguf.GGMLQuantizationType[block.upper()])
            continue
        values = chosen[tensor.name] if chosen is not None else _values(tensor, rng)
        if values.ndim == 1 or "position_embedding" in tensor.name:
            writer.add_tensor(tensor.name, values)
        else:
            writer.add_tensor(tensor.name, values.astype(dtype))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def _atomic(target: Path, write: Callable[[Path], None]) -> Path:
    partial = target.with_suffix(".partial")
    write(partial)
    partial.replace(target)
    return target


def write_calibration_models(out: Path, seed: int = 0) -> tuple[Path, Path]:
    """A Flux Schnell-shaped model (hidden 3072, 19 + 38 blocks, 12B, q4_0) with CLIP-L, and a real-shaped
    Flux AE (f32, as published): for memory measurements on a real GPU. ~6.7 GB; writes in ~15 s."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    model = _atomic(out / "flux_schnell_shaped_q4_0.gguf", lambda p: _write(
        p, iter((*flux_tensors(3072, 19, 38), *clip_l_tensors())), rng, quantize=True))
    ae = _atomic(out / "flux_ae_shaped_f32.gguf", lambda p: _write(p, ae_tensors(), rng, False, np.float32))
    return model, ae


def write_llm_calibration_models(out: Path, seed: int = 0) -> tuple[Path, ...]:
    """Real-shaped Z-Image Turbo (6.15B), FLUX.2 klein 4B and Qwen3-4B (q4_0, as the 4 GB presets are about that
    size), a FLUX.2 VAE and the Flux AE Z-Image decodes with (f32), for memory measurements on a real GPU: ~9 GB."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 5])
    return (_atomic(out / "z_image_turbo_shaped_q4_0.gguf", lambda p: _write(p, z_image_tensors(), rng, True)),
            _atomic(out / "flux2_klein_4b_shaped_q4_0.gguf",
                    lambda p: _write(p, flux2_tensors(3072, 5, 20, 7680), rng, True)),
            _atomic(out / "qwen3_4b_shaped_q4_0.gguf", lambda p: _write(p, qwen3_tensors(2560, 36, 9728), rng, True)),
            _atomic(out / "flux2_ae_shaped_f32.gguf", lambda p: _write(p, ae_tensors(32), rng, False, np.float32)),
            _atomic(out / "flux_ae_shaped_f32.gguf", lambda p: _write(p, ae_tensors(), rng, False, np.float32)))


def write_llm_q8_calibration_models(out: Path, seed: int = 0) -> tuple[Path, ...]:
    """The Z-Image Turbo and klein 4B DiTs in q8_0, sized like the 8 GB presets (Q8_0; they share the q4_0 set's
    Qwen3-4B and VAEs, which `write_llm_calibration_models` writes): ~10.6 GB."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 8])
    return (_atomic(out / "z_image_turbo_shaped_q8_0.gguf",
                    lambda p: _write(p, z_image_tensors(), rng, True, block="q8_0")),
            _atomic(out / "flux2_klein_4b_shaped_q8_0.gguf",
                    lambda p: _write(p, flux2_tensors(3072, 5, 20, 7680), rng, True, block="q8_0")))


def write_sd_calibration_models(out: Path, seed: int = 0) -> tuple[Path, ...]:
    """Real-shaped SD 1.5 and SDXL checkpoints (UNet, CLIP, VAE; f16 as most published files are) and a
    TAESD, for memory and speed measurements on a real GPU: ~2.0 GB and ~6.9 GB; writes in about a minute."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    sd1 = (*unet_tensors(xl=False), *clip_l_tensors("cond_stage_model."), *ae_tensors(4, prefix="first_stage_model."))
    sdxl = (*unet_tensors(xl=True), *clip_l_tensors("cond_stage_model."),
            *clip_l_tensors("cond_stage_model.1.", 1280, 32, projection=True),
            *ae_tensors(4, prefix="first_stage_model."))
    return (_atomic(out / "sd15_shaped_f16.gguf", lambda p: _write(p, iter(sd1), rng, quantize=False)),
            _atomic(out / "sdxl_shaped_f16.gguf", lambda p: _write(p, iter(sdxl), rng, quantize=False)),
            _atomic(out / "taesd_shaped.gguf", lambda p: _write(p, tae_tensors(4), rng, quantize=False)))


def esrgan_tensors(blocks: int = 1, features: int = 64, growth: int = 32, scale: int = 4) -> Iterator[Tensor]:
    """RRDBNet as BasicSR names it (RealESRGAN's own .pth files): sd.cpp's esrgan.hpp fixes 64 features and
    32 growth channels and reads the depth from `body.N` and the scale from `conv_up1`/`conv_up2`."""
    yield from _conv("conv_first", 3, features)
    for block in range(blocks):
        for rdb in (1, 2, 3):
            for conv in range(1, 6):
                c_in = features + (conv - 1) * growth
                yield from _conv(f"body.{block}.rdb{rdb}.conv{conv}", c_in, features if conv == 5 else growth)
    yield from _conv("conv_body", features, features)
    for up in ("conv_up1", "conv_up2")[: {1: 0, 2: 1, 4: 2}[scale]]:
        yield from _conv(up, features, features)
    yield from _conv("conv_hr", features, features)
    yield from _conv("conv_last", features, 3)


UPSCALER_GAIN = 50.0


def write_tiny_upscaler(out: Path, seed: int = 0) -> Path:
    """A random-weight ESRGAN x4 of one RRDB block (sd.cpp's smallest): draws noise around mid-grey at four times
    the size, proving the upscale pipeline (tiles, repeats, output size) without a download."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 2])
    tensors = list(esrgan_tensors())
    values = {tensor.name: _values(tensor, rng) for tensor in tensors}
    values["conv_last.bias"] = np.full(3, DEMO_IMAGE_MEAN, np.float32)  # sd.cpp clamps to 0..1: centre it
    # plain random weights shrink the signal to about one level of 255 around that grey, which the picture check
    # rightly calls one flat colour: widened to about DEMO_IMAGE_SPREAD
    values["conv_last.weight"] *= UPSCALER_GAIN
    return _atomic(out / ESRGAN_FILE, lambda p: _write(p, iter(tensors), rng, False, chosen=values))


LORA_FILE = "flux_tiny_lora.safetensors"


def flux_lora_tensors(hidden: int = 128, rank: int = 4) -> Iterator[Tensor]:
    """A LoRA for the tiny Flux in ComfyUI's names (diffusion_model.<layer>.lora_down/up.weight, as sd.cpp reads
    them): every attention and MLP projection of its one double and one single block."""
    layers = [(f"double_blocks.0.{part}_{name}", n_in, n_out) for part in ("img", "txt")
              for name, n_in, n_out in (("attn.qkv", hidden, 3 * hidden), ("attn.proj", hidden, hidden),
                                        ("mlp.0", hidden, 4 * hidden), ("mlp.2", 4 * hidden, hidden))]
    layers += [("single_blocks.0.linear1", hidden, 7 * hidden), ("single_blocks.0.linear2", 5 * hidden, hidden)]
    for name, n_in, n_out in layers:
        yield Tensor(f"diffusion_model.{name}.lora_down.weight", (rank, n_in), "weight")
        yield Tensor(f"diffusion_model.{name}.lora_up.weight", (n_out, rank), "weight")


def write_tiny_lora(out: Path, seed: int = 0, strength: float = 20.0) -> Path:
    """A random LoRA for the tiny Flux (safetensors, f16): at weight 1 it visibly changes a fixed-seed image."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 3])
    values = {t.name: (_values(t, rng) * (strength if "lora_up" in t.name else 1)).astype(np.float16)
              for t in flux_lora_tensors()}
    return _atomic(out / LORA_FILE, lambda p: _write_safetensors(p, values))


def _write_safetensors(path: Path, values: dict[str, np.ndarray]) -> None:
    """The safetensors layout: an 8-byte header length, a JSON table of names, dtypes, shapes and offsets,
    then the raw little-endian data."""
    header, offset = {}, 0
    for name, value in values.items():
        header[name] = {"dtype": "F16", "shape": list(value.shape), "data_offsets": [offset, offset + value.nbytes]}
        offset += value.nbytes
    table = json.dumps(header, separators=(",", ":")).encode()
    table += b" " * (-len(table) % 8)  # the data starts 8-byte aligned
    with path.open("wb") as f:
        f.write(len(table).to_bytes(8, "little") + table)
        for value in values.values():
            f.write(value.astype("<f2").tobytes())


SD1_FILE = "sd15_shaped_q4_0.gguf"
SD_TAE_FILE = "taesd_tiny.gguf"
CONTROLNET_FILE = "control_sd15_shaped_fp16.safetensors"


def write_sd1_with_controlnet(out: Path, seed: int = 0) -> tuple[Path, Path, Path]:
    """A real-shaped random SD 1.5 (UNet and CLIP-L, its matrices q4_0: ~1.1 GB), a tiny SD autoencoder (4 latent
    channels, calibrated like the demo's) and a real-shaped random SD 1.5 ControlNet (fp16 safetensors, as the
    published ones: ~723 MB): sd.cpp fixes both networks' sizes, so ControlNet can only be drawn with these.
    (model, taesd, controlnet)."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 6])
    model = _atomic(out / SD1_FILE, lambda p: _write(
        p, iter((*unet_tensors(xl=False), *clip_l_tensors("cond_stage_model."))), rng, quantize=True))
    tae = list(tae_tensors(4))
    values = {tensor.name: _values(tensor, rng) for tensor in tae}
    calibrated_tae_decoder(values, np.random.default_rng([seed, 7]))
    taesd = _atomic(out / SD_TAE_FILE, lambda p: _write(p, iter(tae), rng, False, chosen=values))
    control = {t.name: _values(t, rng).astype(np.float16) for t in controlnet_tensors()}
    controlnet = _atomic(out / CONTROLNET_FILE, lambda p: _write_safetensors(p, control))
    return model, taesd, controlnet


KLEIN_FILE = "flux2_klein_tiny.gguf"
QWEN3_FILE = "qwen3_tiny.gguf"
FLUX2_AE_FILE = "flux2_ae_tiny.gguf"


def write_tiny_klein(out: Path, seed: int = 0) -> tuple[Path, Path, Path]:
    """A random-weight FLUX.2 klein (hidden 128, one double and one single block), its Qwen3 text encoder
    (width 64, 27 layers, the real vocabulary: ~33 MiB) and a FLUX.2 VAE (a 32-wide decoder; the encoder, which
    edits need, is real-sized because sd.cpp fixes its width): (diffusion model, llm, vae)."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng([seed, 4])
    model = _atomic(out / KLEIN_FILE, lambda p: _write(p, flux2_tensors(), rng, quantize=True))
    llm = _atomic(out / QWEN3_FILE, lambda p: _write(p, qwen3_tensors(), rng, quantize=False))
    vae = _atomic(out / FLUX2_AE_FILE, lambda p: _write(p, ae_tensors(32, decoder_base=32), rng, quantize=False))
    return model, llm, vae


def write_tiny_models(out: Path, seed: int = 0, decoder_gain: float = 1.0) -> tuple[Path, Path]:
    """Write both files into `out` (atomically) and return (model, taesd). `decoder_gain` above 1 multiplies every
    weight of the calibrated decoder: its signal then grows that much at each of its 35 convolutions and overflows
    float32 (NaN, infinities), as a Polaris card's broken arithmetic does; the backend still reports success."""
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    model = _atomic(out / FLUX_FILE, lambda p: _write(p, iter((*flux_tensors(), *clip_l_tensors())), rng, True))
    tae = list(tae_tensors())
    values = {tensor.name: _values(tensor, rng) for tensor in tae}
    calibrated_tae_decoder(values, np.random.default_rng([seed, 1]))
    for name in values:
        if name.startswith("decoder.") and name.endswith(".weight"):
            values[name] *= decoder_gain
    taesd = _atomic(out / TAE_FILE, lambda p: _write(p, iter(tae), rng, False, chosen=values))
    return model, taesd


STAMP_FILE = "written-by.txt"


def writer_stamp(seed: int) -> str:
    """Which writer made a folder's files: this module's and text_model.py's source and the seed. A change to how the
    demo is written (its colours, its shapes) makes an older folder stale, with no version number to remember to
    bump."""
    from app.core.demo import text_model  # it imports this module's helpers

    sources = hashlib.sha256(Path(__file__).read_bytes() + Path(text_model.__file__).read_bytes())
    return f"{sources.hexdigest()[:16]} seed {seed}\n"


def is_current(out: Path, seed: int = 0) -> bool:
    stamp = out / STAMP_FILE
    return stamp.is_file() and stamp.read_text(encoding="utf-8") == writer_stamp(seed) and \
        all((out / name).is_file() for name in DEMO_FILES)


def write_demo_folder(out: Path, seed: int = 0) -> tuple[Path, ...]:
    """What setup.sh puts in .demo-model/: the tiny Flux and its autoencoder, the prompt helper's tiny Qwen3 and
    the tiny upscaler."""
    from app.core.demo.text_model import write_tiny_prompt_model  # it imports this module's helpers

    return *write_tiny_models(out, seed), write_tiny_prompt_model(out, seed), write_tiny_upscaler(out, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--calibration", choices=("flux", "sd", "llm", "llm-q8", "prompt-llm"), nargs="?",
                        const="flux",
                        help="write the 12B Flux Schnell-shaped model and a real-shaped AE instead (flux), "
                             "real-shaped SD 1.5 and SDXL checkpoints and a TAESD (sd), or real-shaped Z-Image "
                             "Turbo, FLUX.2 klein 4B, Qwen3-4B and a FLUX.2 VAE (llm), and the two DiTs in q8_0 "
                             "(llm-q8), or a Qwen3-4B-Q4_K_M-shaped model for llama-server (prompt-llm)")
    parser.add_argument("--if-stale", action="store_true",
                        help="write the demo only when the folder lacks it or an older writer made it")
    args = parser.parse_args()
    if args.if_stale and not args.calibration and is_current(args.out, args.seed):
        print(f"{args.out} holds the current demo model")
        return
    from app.core.demo.text_model import write_prompt_model_calibration  # it imports this module's helpers

    writers: dict[str | None, Callable[[Path, int], tuple[Path, ...]]] = {
        "flux": write_calibration_models, "sd": write_sd_calibration_models,
        "llm": write_llm_calibration_models, "llm-q8": write_llm_q8_calibration_models,
        "prompt-llm": lambda out, seed: (write_prompt_model_calibration(out, seed),),
        None: write_demo_folder}
    for path in writers[args.calibration](args.out, args.seed):
        print(f"wrote {path} ({path.stat().st_size / 2**20:.1f} MiB)")
    if not args.calibration:
        (args.out / STAMP_FILE).write_text(writer_stamp(args.seed), encoding="utf-8")


if __name__ == "__main__":
    main()
