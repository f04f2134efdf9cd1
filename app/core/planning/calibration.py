"""Every number the memory planner (plan.py) and the time model (timing.py) know of one model family: one
record a family. A new family is one entry in families.py's `FAMILIES` and one record here.

Numbers marked `measured` come from real GPU runs through the Vulkan driver (tests/data/calibration/: Flux
Schnell-shaped 12B on an H200; SD 1.5, SDXL, Z-Image Turbo, FLUX.2 klein 4B and Qwen3-4B real-shaped files on an
H100, with sd.cpp's own `-v` buffer and graph-cut lines); those marked `estimate` could not be measured here and
say why; the operations are counted from the published architectures.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from app.core.models.components import Components
from app.core.models.families import ModelFamily

MIB = 2**20

# the text encoders' parameters and the tokens they read (the time model's work): CLIP-L 123M at 77 tokens,
# CLIP-G 695M, T5-XXL's encoder 4.76B at Flux's 256, Qwen3-4B at the family's LLM tokens
CLIP_L, CLIP_G, T5_XXL, QWEN3_4B = 123e6, 695e6, 4.76e9, 4.02e9
CLIP_TOKENS = 77
FLUX_TEXT_TOKENS = 256  # Schnell's T5 sequence
# the Flux runs that measured a DiT's compute buffer without flash attention had 24 heads; other DiTs scale by theirs
FLUX_HEADS = 24
# measured (lavapipe_decoder_buffers.json, and the same on the CPU backend of the H100 runs): the 8 px VAEs (and any
# TAE) decode --vae-tiling tiles of 32x32 latents; on Vulkan a tile took 416 MiB (SD 1.5's VAE and the Flux AE:
# 6656 bytes a pixel, as on the CPU backend) and 480 MiB for SDXL's VAE, whose convolutions sd.cpp scales when no
# --vae is given (7680 bytes a pixel): the H100 runs and the H200's (h200_decoder_tiles.json), at every tile size
VAE_TILE_PIXELS = 256 * 256
VAE_TILE_COMPUTE_GPU = 416 * MIB
SDXL_VAE_TILE_COMPUTE_GPU = 480 * MIB
# the published autoencoders' weights as sd.cpp holds them (held_vae_bytes): convolution weights in f16, norms and
# biases in f32, counted from their architecture as app/core/demo/picture_models.py writes them real-shaped: the
# KL-f8 VAE of SD 1.x and SDXL (4 latent channels), Flux's (16, also Z-Image's) and FLUX.2's (32). sd.cpp logged
# their decoders' halves at 94.47, 94.57 and 94.72 MiB (h100_sd_fit.json, h100_llm_fit.json)
SD_VAE_HELD, FLUX_VAE_HELD, FLUX2_VAE_HELD = 167_439_612, 167_771_276, 168_224_396
# measured: the UNets' compute buffer with flash attention, per latent token (SD 1.5 and SDXL alike, 512..1152 px)
UNET_COMPUTE_FA = (0, int(0.030 * MIB))
NO_MAX_VRAM_FIT = (0.0, 0.0, 0.0, 0)  # a UNet's --max-vram peak follows its segments, not a fit


@dataclass(frozen=True)
class Calibration:
    """One family's numbers, in the order the planner and the time model meet them. A field said to be a DiT's or
    a UNet's is read only for that kind of diffusion model (families.py's `transformer`); the other kind holds 0."""

    # --- what a picture asks (work.py) ---
    text_tokens: int  # a DiT's: the text tokens its picture tokens attend beside (a UNet reads text by cross-attention)
    llm_tokens: int  # what Qwen3-4B reads (0: the family reads its prompt with CLIP or T5)
    passes_per_step: int  # classifier-free guidance runs a pass twice a step; a distilled DiT (cfg 1) once
    # --- memory (plan.py) ---
    compute_fa: tuple[int, int]  # the diffusion compute buffer with flash attention: base + per token * tokens
    attention_heads: int  # at the layer that attends over the most tokens: each head holds a score matrix
    # a UNet's: that layer attends over the latent tokens / this, and without flash attention its buffer grows by
    # this many bytes per attending token squared
    unet_attention_downscale: int
    unet_compute_per_token_sq: float
    # flash attention keeps its small buffer only where the latent tokens are a multiple of this (0: everywhere),
    # elsewhere the buffer grows by the bytes per (latent tokens / 4) squared
    fa_token_multiple: int
    fa_fallback_per_token_sq: float
    unet_uncut_compute_share: float  # a UNet's largest --max-vram segment without flash attention / its buffer
    # a DiT's --max-vram N peaks at share * N - compute_share * C + weight_share * W + base (whole process; C the
    # uncut compute buffer, W the diffusion weights)
    max_vram_fit: tuple[float, float, float, int]
    # --max-vram cuts the graph into ceil(total / capacity) segments, no more than `graph_pieces`; a segment holds
    # N less what packing leaves unused: (a share s of the compute buffer C, a piece P, never less than N / f)
    graph_cut: tuple[float, int, int]
    graph_pieces: int
    largest_text_encoder_share: float  # with --offload-to-cpu the text encoders visit VRAM one at a time
    vae_tile_pixels: int  # its VAE's --vae-tiling tile, and that tile's decoder buffer on Vulkan
    vae_tile_compute_gpu: int
    vae_held: int  # its published autoencoder's weights as sd.cpp holds them (held_vae_bytes)
    # --- time (timing.py) ---
    # the time model's diffusion pass: over a DiT's tokens (work.tokens) or a UNet's latent tokens, as
    # families.py's `transformer` says, but an unknown family is priced as SDXL
    pass_over_dit_tokens: bool
    pass_flops: tuple[float, float]  # operations of one pass: per token, per token squared
    diffusion_params: float  # the published model's parameters (a smaller file is a test or demo model)
    text_encoders: tuple[tuple[float, int], ...]  # each text encoder's parameters and the tokens it reads
    graph_nodes: int  # operations ggml dispatches a pass
    no_fa_slowdown: float  # a pass without flash attention: its scores are written out and read back
    clip_share_of_matrix_rate: float  # its text encoders' share of the processor's matrix rate


# The DiTs. Memory: measured (Flux on the H200; klein and Z-Image on the H100, tests/data/calibration/
# h100_llm_fit.json: real-shaped random-weight q4_0 files, 512 px to 1280x1024, sd.cpp's own -v buffer lines).
# compute_fa: 6 klein runs within 11 %, 4 Z-Image runs within 1.2 %, a klein edit's reference tokens included.
# attention_heads: without flash attention klein took 4390 MiB at 1024 px (Flux's figure, scaled, says 4638),
# Z-Image 4427 (4805). max_vram_fit: Flux's a least-squares fit over 10 H200 runs at N = 1.5..4 GiB, 512 and
# 1024 px; klein's and Z-Image's a line through their 9 and 7 runs at N = 1.5..4 GiB, 768 px to 1280x1024 and
# edits (C made no difference there), raised so that none is under by more than 2 %; their q8_0 files (18 runs at
# N = 4 and 6 GiB) peaked 0.065 times their extra size higher at the same N (coarser segments). graph_cut (sd.cpp's
# `graph cut ... merged A segments -> B segments` lines, N = 1..4 GiB): klein's and Z-Image's share of C keeps
# their 9 and 7 runs within 31 and 40 %. largest_text_encoder_share: Flux's T5-XXL nearly all of T5 + CLIP-L (an
# estimate); klein and Z-Image have one LLM. Their VAEs: the FLUX.2 VAE decodes tiles of 32x32 latents at 16 px
# each: 512 px tiles, 1984.5 MiB on Vulkan.
# Time: a DiT pass is 2 * parameters * tokens (its linear layers) + 4 * tokens^2 * width * layers (attention).
# Public model cards: FLUX.1 12B (3072 wide, 19 + 38 blocks), FLUX.2 klein 4B (3072 wide, 5 + 20 blocks), Z-Image
# 6.15B (3840 wide, 30 layers and 4 refiner layers). graph_nodes, an estimate: ggml dispatches ~60 operations a
# transformer block and ~12 a resnet. no_fa_slowdown: measured on the H100 (h100_sd_fit.json and
# h100_llm_fit.json: the same runs with and without --diffusion-fa).
# The UNets. Memory: measured on the H100 (h100_sd_fit.json). unet_attention_downscale and
# unet_compute_per_token_sq: the attention scores grow with the square of the tokens that attend, SD 1.x at the
# full latent size, SDXL only from half size down (a quarter of the tokens). fa_token_multiple: SD 1.5 keeps flash
# attention's small buffer only where its latent tokens are a multiple of 256 (512x768, 640x896, 704x1024,
# 768x1152, 1024, 1152 px); elsewhere sd.cpp pads the keys with a mask, ggml-vulkan declines that for SD 1.5's
# 40-wide heads, and the buffer grows as if the half-size level attended without it (600x800, 576x832, 640x960,
# 832x1216 took 278..1592 MiB more); SDXL (64-wide heads) kept it at every size. unet_uncut_compute_share: the
# largest segment / C, least squares. largest_text_encoder_share: SDXL's CLIP-G is 85 % of its two.
# Time: a UNet pass is a * latent tokens + b * latent tokens^2 operations. SD 1.x: 339 G multiply-adds at 512 px
# (BK-SDM, Kim et al. 2023, table 1: the SD-v1.4 U-Net), of which the self-attention over 64x64 and 32x32 latents
# (4 N^2 d a layer, 5 layers a level) is b * N^2. SDXL: estimate from its architecture (70 transformer blocks at
# 1/16 of the tokens and 10 at 1/4, resnets at every level): 6.2 T operations at 1024 px. Parameters: the UNets of
# SD 1.5 and SDXL base. clip_share_of_matrix_rate, measured on the H100 machine (h100_sd_fit.json and
# h100_sd_check.json): the CLIP encoders' f16 weights at 77 tokens run at a share of Qwen3's q4_0 rate (ggml's CPU
# backend converts f16 weights as it goes, and 77 tokens give its threads little to share): SD 1.5's CLIP-L took
# 0.22-0.25 s (19 G operations: 4.7-5.4 G a core), SDXL's CLIP-L + CLIP-G 2.9-3.3 s (126 G: 2.4-2.7 G a core).
_FLUX = Calibration(
    text_tokens=FLUX_TEXT_TOKENS, llm_tokens=0, passes_per_step=1, compute_fa=(66 * MIB, int(0.179 * MIB)),
    attention_heads=FLUX_HEADS, unet_attention_downscale=0, unet_compute_per_token_sq=0.0, fa_token_multiple=0,
    fa_fallback_per_token_sq=0.0, unet_uncut_compute_share=0.0, max_vram_fit=(0.83, 0.40, 0.0, 318 * MIB),
    graph_cut=(0.0, 1384 * MIB, 4), graph_pieces=59, largest_text_encoder_share=0.97,
    vae_tile_pixels=VAE_TILE_PIXELS, vae_tile_compute_gpu=VAE_TILE_COMPUTE_GPU, vae_held=FLUX_VAE_HELD,
    pass_over_dit_tokens=True, pass_flops=(2 * 11.9e9, 4 * 3072 * 57), diffusion_params=11.9e9,
    text_encoders=((T5_XXL, FLUX_TEXT_TOKENS), (CLIP_L, CLIP_TOKENS)), graph_nodes=2300, no_fa_slowdown=1.08,
    clip_share_of_matrix_rate=1.0)
_SDXL = Calibration(
    text_tokens=0, llm_tokens=0, passes_per_step=2, compute_fa=UNET_COMPUTE_FA, attention_heads=10,
    unet_attention_downscale=4, unet_compute_per_token_sq=4.95e-5 * MIB, fa_token_multiple=0,
    fa_fallback_per_token_sq=0.0, unet_uncut_compute_share=0.91, max_vram_fit=NO_MAX_VRAM_FIT,
    graph_cut=(0.0, 450 * MIB, 4), graph_pieces=17, largest_text_encoder_share=0.85,
    vae_tile_pixels=VAE_TILE_PIXELS, vae_tile_compute_gpu=SDXL_VAE_TILE_COMPUTE_GPU, vae_held=SD_VAE_HELD,
    pass_over_dit_tokens=False, pass_flops=(3.33e8, 2800.0), diffusion_params=2.57e9,
    text_encoders=((CLIP_L, CLIP_TOKENS), (CLIP_G, CLIP_TOKENS)), graph_nodes=5000, no_fa_slowdown=1.05,
    clip_share_of_matrix_rate=0.2)

CALIBRATION: dict[ModelFamily, Calibration] = {
    ModelFamily.FLUX: _FLUX,
    # klein pads Qwen3's output to 512 tokens (conditioner.hpp min_length)
    ModelFamily.FLUX2: Calibration(
        text_tokens=512, llm_tokens=512, passes_per_step=1, compute_fa=(16 * MIB, int(0.234 * MIB)),
        attention_heads=24, unet_attention_downscale=0, unet_compute_per_token_sq=0.0, fa_token_multiple=0,
        fa_fallback_per_token_sq=0.0, unet_uncut_compute_share=0.0, max_vram_fit=(0.792, 0.0, 0.065, 89 * MIB),
        graph_cut=(1.0, 400 * MIB, 8), graph_pieces=27, largest_text_encoder_share=1.0, vae_tile_pixels=512 * 512,
        vae_tile_compute_gpu=int(1984.5 * MIB), vae_held=FLUX2_VAE_HELD, pass_over_dit_tokens=True,
        pass_flops=(2 * 3.9e9, 4 * 3072 * 25),
        diffusion_params=3.9e9, text_encoders=((QWEN3_4B, 512),), graph_nodes=1000, no_fa_slowdown=1.16,
        clip_share_of_matrix_rate=1.0),
    # Z-Image takes the prompt as written (a long prompt, 256 tokens, here)
    ModelFamily.Z_IMAGE: Calibration(
        text_tokens=256, llm_tokens=256, passes_per_step=1, compute_fa=(0, int(0.1667 * MIB)), attention_heads=30,
        unet_attention_downscale=0, unet_compute_per_token_sq=0.0, fa_token_multiple=0, fa_fallback_per_token_sq=0.0,
        unet_uncut_compute_share=0.0, max_vram_fit=(0.762, 0.0, 0.065, -15 * MIB), graph_cut=(0.3, 950 * MIB, 8),
        graph_pieces=36, largest_text_encoder_share=1.0, vae_tile_pixels=VAE_TILE_PIXELS,
        vae_tile_compute_gpu=VAE_TILE_COMPUTE_GPU, vae_held=FLUX_VAE_HELD, pass_over_dit_tokens=True,
        pass_flops=(2 * 6.15e9, 4 * 3840 * 34), diffusion_params=6.15e9, text_encoders=((QWEN3_4B, 256),),
        graph_nodes=1400, no_fa_slowdown=1.23, clip_share_of_matrix_rate=1.0),
    ModelFamily.SD1: Calibration(
        text_tokens=0, llm_tokens=0, passes_per_step=2, compute_fa=UNET_COMPUTE_FA, attention_heads=8,
        unet_attention_downscale=1, unet_compute_per_token_sq=6.16e-5 * MIB, fa_token_multiple=256,
        fa_fallback_per_token_sq=1.09e-4 * MIB, unet_uncut_compute_share=0.52, max_vram_fit=NO_MAX_VRAM_FIT,
        graph_cut=(0.0, 314 * MIB, 4), graph_pieces=22, largest_text_encoder_share=1.0,
        vae_tile_pixels=VAE_TILE_PIXELS, vae_tile_compute_gpu=VAE_TILE_COMPUTE_GPU, vae_held=SD_VAE_HELD,
        pass_over_dit_tokens=False, pass_flops=(1.357e8, 7300.0), diffusion_params=860e6,
        text_encoders=((CLIP_L, CLIP_TOKENS),), graph_nodes=1500, no_fa_slowdown=1.33, clip_share_of_matrix_rate=0.4),
    ModelFamily.SDXL: _SDXL,
    # not known yet: held in memory as Flux (a DiT with the largest buffers, as families.py takes it), priced as SDXL
    ModelFamily.UNKNOWN: dataclasses.replace(
        _FLUX, passes_per_step=_SDXL.passes_per_step, pass_over_dit_tokens=_SDXL.pass_over_dit_tokens,
        pass_flops=_SDXL.pass_flops, diffusion_params=_SDXL.diffusion_params, text_encoders=_SDXL.text_encoders,
        graph_nodes=_SDXL.graph_nodes, no_fa_slowdown=_SDXL.no_fa_slowdown,
        clip_share_of_matrix_rate=_SDXL.clip_share_of_matrix_rate),
}


def held_vae_bytes(components: Components) -> int:
    """The autoencoder's weights as sd.cpp holds them on either backend. Its convolution weights, all but a
    thousandth of it, are made f16 whatever the file stores (sd.cpp 0.4.7 ggml_extend.hpp, Conv2d::init_params:
    `wtype = GGML_TYPE_F16`), so a file of f32 weights (Flux's ae.safetensors, 335 MB) takes half its bytes:
    sd.cpp logged 94.6 MiB for the real-shaped f32 AE's decoder (h100_llm_fit.json), and the H200 ladder's
    (h200_flux12b_ladder.json, 512 px, the decoder on the card) peaked 172 MiB under a plan that counted the file's
    bytes, 78 MiB (+1.1 %, as its other runs) under this count. A file no larger (f16 or bf16, a test model) counts
    its own bytes; a TAE its own. A quantized VAE file would be widened to f16 and is not counted so."""
    if components.tae:
        return components.vae
    return min(components.vae, CALIBRATION[components.family].vae_held)
