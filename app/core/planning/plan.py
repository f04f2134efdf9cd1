"""The memory planner: where each model part goes, which flags say so, and how much VRAM and RAM it needs; among
the plans that fit it picks the quickest by the one time model the window shows (timing.py: the card, the
processor's variant, the link).

Pure: a function of the component sizes, the device, the host RAM, the request size and the backend's flags.
A plan is predicted stage by stage as sd-cli runs them (loading, VAE encoding, text encoding, diffusion,
decoding); each stage holds its own weights and buffers plus what the process holds besides them, measured per
stage. Constants marked `measured` come from real GPU runs through the Vulkan driver (tests/data/calibration/:
Flux Schnell-shaped 12B on an H200; SD 1.5, SDXL, Z-Image Turbo, FLUX.2 klein 4B and Qwen3-4B real-shaped files
on an H100, with sd.cpp's own `-v` buffer and graph-cut lines); those marked `estimate` could not be measured
here and say why.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field
from enum import StrEnum

from app.core.models.backend_caps import BackendCaps
from app.core.models.components import Components
from app.core.models.families import MEMORY_SWITCHES, MemoryFlags, ModelFamily, memory_flags
from app.core.planning.calibration import CALIBRATION, FLUX_HEADS, VAE_TILE_PIXELS, held_vae_bytes
from app.core.planning.decoder_tiles import TILE_SEARCH, TILE_SIZE_FLAG, tile_area_share, tile_options
from app.core.planning.preview import PreviewMethod
from app.core.planning.timing import (
    DESKTOP,
    Card,
    Host,
    card_for_device,
    conservative_card,
    gpu_seconds,
    picture_time,
)
from app.core.planning.work import (
    NO_EXTRA_WORK,
    ExtraWork,
    latent_tokens,
    tokens,
)
from app.core.system.processor import slower_words
from app.core.system.vulkaninfo import VulkanDevice
from app.core.words import translate

MIB = 2**20
# measured (H200, Vulkan, h200_controlnet.json): sd.cpp gives a ControlNet no flash attention (it sets it on the
# diffusion model only), so its compute buffer holds the scores of its first level's attention (f32, every latent
# token against every other, each head) beside a rest that grows with the tokens: 8.3 KiB a token in one allocation
# (the processor's; 512 px fitted, 33.3 MiB; 640, 768 and 896 px held out within 0.2 %). On Vulkan, scores above one
# 1 GiB chunk take a chunk of their own and the rest can no longer share their memory: 30.2 KiB a token (768 px
# fitted, 271.5 MiB; 640 and 896 px held out within 0.1 %), where the 1.5 times of other chunked buffers put 768 px
# 18 % over
CONTROL_REST_PER_TOKEN = 8522
CONTROL_CHUNKED_REST_PER_TOKEN = 30890
GIB = 2**30

# --- constants (bytes, seconds); each family's own numbers are its calibration record (calibration.py) ---------
# measured: a DiT's compute buffer without flash attention = base + per_token_sq * tokens^2, from the Flux runs (24
# heads of f32 scores, ~2.4 live copies); another DiT's scales with its heads
FLUX_ATTENTION_PER_TOKEN_SQ = 2.16e-4 * MIB
FLUX_COMPUTE_NOFA_BASE = 52 * MIB
# measured: with --offload-to-cpu --max-vram N, sd.cpp cuts the diffusion graph (weights and compute alike)
# into segments. A DiT with flash attention peaks by its family's fit; without it no less than 0.77 N (Flux).
# The UNets (tests/data/calibration/h100_sd_fit.json) peak at N plus the stage's process term: no segment
# is larger than N, and a layer that cannot be cut (attention without flash attention) is a share of C.
MAX_VRAM_PEAK_SHARE = 0.77
MAX_VRAM_SEGMENT_SHARE = 0.97  # measured: the UNets' largest segment, a least-squares share of N (0.5..3 GiB)
# measured (H100, Vulkan, tests/data/calibration/h100_sd_fit.json): what the process holds in VRAM besides the
# stage's own weights and buffers (the Vulkan context, staging, the latents), per stage. sd-cli frees each
# part's weights once its stage is done, so every stage but loading holds only its own parts.
# The decoder's: the H200's 42 tiled decodes of the fit set (h200_decoder_tiles.json) held 51..72 MiB besides the
# decoder's weights and buffer, most of a small tile's peak (the H100's 80 put 8 latents' tiles 14 % over)
PROCESS_VRAM = {"load": 51 * MIB, "encode": 80 * MIB, "text": 56 * MIB, "diffusion": 72 * MIB,
                "decode": 68 * MIB}
VULKAN_CONTEXT = PROCESS_VRAM["diffusion"]  # what any GPU stage holds besides its buffers (the upscaler's too)
# measured (lavapipe_decoder_buffers.json, and the same on the CPU backend of the H100 runs): the decoder's
# compute buffer per output pixel in one allocation (a --vae-tiling tile's worth: the family's VAE tile)
VAE_BYTES_PER_PIXEL = 6656
TAE_BYTES_PER_PIXEL = 1920
# measured (H100): on Vulkan a compute buffer above 1 GiB is split into chunks and takes 1.19..1.57 times the
# one-allocation size (1.5 here)
VULKAN_CHUNKED_SHARE = 1.5
VULKAN_CHUNK = GIB
VAE_DECODER_SHARE = 0.59  # measured: sd-cli loads only the decoder half of a VAE for txt2img (94 of 160 MiB)
TEXT_ENCODER_COMPUTE = 16 * MIB  # measured: CLIP-L / CLIP-G at 77 tokens took 1..14 MiB
T5_COMPUTE = 160 * MIB  # estimate: T5-XXL at 256 tokens (the Flux runs kept T5 on the CPU)
PROCESS_RAM = 400 * MIB  # estimate: sd-cli with ggml's CPU backend, before any weights
# --offload-to-cpu pins the weights the GPU runs in host-visible memory; the driver lets a card pin about half of
# RAM (amdgpu's GTT, Windows' "shared GPU memory"), and pinning past it ends in DeviceLost (sd.cpp #2015). Used
# where vulkaninfo reports no budget for that heap (VK_EXT_memory_budget).
PINNED_SHARE_OF_RAM = 0.5

# --- Qwen3-4B, the text encoder of Z-Image Turbo and FLUX.2 klein ------------------------------------------------
# measured (H100, Vulkan, tests/data/calibration/h100_llm_fit.json: real-shaped random-weight q4_0 files, 512 px to
# 1280x1024, sd.cpp's own -v buffer lines): Qwen3-4B's compute buffer per token: 75 MiB at klein's 512 tokens,
# 8 MiB for a 74-token Z-Image prompt; cut by --max-vram it took 200 MiB for klein
LLM_COMPUTE_PER_TOKEN = int(0.147 * MIB)
LLM_CUT_COMPUTE_SHARE = 2.7
# measured: --max-vram N cuts the LLM too once N is below ~90 % of its weights; the text stage then peaks at about
# N (1464 and 1571 MiB at N = 1536, 2059 at 2048), else it holds the whole LLM (klein kept it whole at 2048)
LLM_UNCUT_WEIGHT_SHARE = 0.9
LLM_CUT_OVERHEAD = 35 * MIB
# measured: the FLUX.2 VAE's tiled encoder took 1392.9 MiB at 768 and 1024 px (1.64 times a 512 px tile's pixels at
# the untiled rate, the share the planner also gives the other VAEs' tiled encoders, unmeasured)
VAE_TILED_ENCODE_SHARE = 1.642

# measured: the VAE encoder's compute buffer per input pixel on Vulkan (a klein edit's reference picture, 768 and
# 1024 px alike: 3394 bytes; SD's encoder has the same widths); TAESD's encoder an estimate, as light as its decoder
VAE_ENCODE_BYTES_PER_PIXEL = 3394
# estimate: ESRGAN (RRDBNet, 64 features) keeps ~3 maps of 64 f32 channels at the tile's output size
ESRGAN_BYTES_PER_OUTPUT_PIXEL = 64 * 4 * 3
ESRGAN_TILE_OVERLAP = 0.25  # sd.cpp's process_tiles_2d
ESRGAN_FLOPS_PER_INPUT_PIXEL = 2 * 6e6  # estimate: RealESRGAN x4plus anime 6B, ~6M multiply-adds a pixel
LORA_RUNTIME_COMPUTE_SHARE = 0.1  # estimate: at_runtime LoRA adds its down/up products to each patched layer

# measured: ggml-vulkan splits a compute buffer into blocks of at most 1 GiB (and the driver's cap): the H100, whose
# driver allocates at most 4 GiB at once, ran an 8157 MiB decoder buffer. What one allocation must hold is the
# largest single tensor: the VAE's widest map (128 channels of f32 per pixel) or, without flash attention, one
# layer's attention scores (f32, every head)
VAE_WIDEST_MAP_BYTES_PER_PIXEL = 128 * 4

# estimate: a desktop hard disk's sequential read; sd-cli reads every model file at the start of each image
# (measured: 1.0 s for Flux's 6.7 GB from the page cache on the H100 machine)
HARD_DISK_BYTES_PER_S = 150e6

SAFETY_MARGIN = 0.08  # of the budget: drivers, the desktop and fragmentation take their share
MIN_MARGIN = 256 * MIB


class Where(StrEnum):
    GPU = "gpu"
    CPU = "cpu"


@dataclass(frozen=True)
class Device:
    vram_total: int
    vram_free: int | None = None  # from VK_EXT_memory_budget where the driver reports it
    max_allocation: int | None = None
    is_cpu: bool = False  # lavapipe: running CLIP or the VAE there corrupts memory, so they stay on the CPU
    flash_attention: bool = True  # subgroup shuffle and vote: ggml-vulkan's scalar flash attention
    pinned_budget: int | None = None  # host memory the card may pin (PINNED_SHARE_OF_RAM); None: not known
    # what the time model prices each plan with (timing.py), the window's time and the planner's ranking alike:
    # the card (None: as the slowest Polaris card) and the processor beside it
    card: Card | None = None
    host: Host = DESKTOP

    @property
    def time_card(self) -> Card:
        return self.card or conservative_card("")

    @property
    def budget(self) -> int:
        free = self.vram_free if self.vram_free is not None else self.vram_total
        return free - max(MIN_MARGIN, int(free * SAFETY_MARGIN))


@dataclass(frozen=True)
class Breakdown:
    weights: int
    compute: int
    overhead: int

    @property
    def total(self) -> int:
        return self.weights + self.compute + self.overhead


@dataclass(frozen=True)
class MemoryPlan:
    memory: MemoryFlags
    placement: dict[str, Where]
    flags: tuple[str, ...]
    peak_vram: Breakdown
    peak_ram: int
    seconds: float  # the time model's seconds after loading (timing.picture_time), for ranking plans
    fits: bool
    explanation: tuple[str, ...]
    fallbacks: tuple[MemoryPlan, ...] = field(default=())
    preview: PreviewMethod = PreviewMethod.PROJ  # the live preview's method, its memory counted in the peaks
    stages: tuple[tuple[str, Breakdown], ...] = ()  # each stage's VRAM, in the order sd-cli runs them
    segments: int = 1  # pieces of the diffusion graph under --max-vram
    pinned_ram: int = 0  # weights --offload-to-cpu pins in host-visible memory (part of peak_ram)
    pinned_over_budget: bool = False  # it would fit, but pins more than the card's pinned budget


def llm_compute(family: ModelFamily) -> int:
    """Qwen3's compute buffer for the family's text (klein's padded 512 tokens, a long Z-Image prompt)."""
    return LLM_COMPUTE_PER_TOKEN * CALIBRATION[family].llm_tokens


def diffusion_compute(family: ModelFamily, width: int, height: int, flash_attention: bool,
                      references: int = 0) -> int:
    calibration = CALIBRATION[family]
    base, per_token = calibration.compute_fa
    if family.traits.transformer:
        n = tokens(width, height, family, references)
        if flash_attention:
            return base + per_token * n
        heads = calibration.attention_heads / FLUX_HEADS
        return int(FLUX_COMPUTE_NOFA_BASE + FLUX_ATTENTION_PER_TOKEN_SQ * heads * n * n)
    n = latent_tokens(width, height)
    linear = base + per_token * n
    if flash_attention and calibration.fa_token_multiple and n % calibration.fa_token_multiple:
        return linear + int(calibration.fa_fallback_per_token_sq * (n // 4) ** 2)
    if flash_attention:
        return linear
    attending = n // calibration.unet_attention_downscale
    return max(linear, int(calibration.unet_compute_per_token_sq * attending * attending))


def controlnet_scores(family: ModelFamily, width: int, height: int) -> int:
    """The attention scores a ControlNet holds at once: it attends over every latent token without flash attention."""
    n = latent_tokens(width, height)
    return 4 * CALIBRATION[family].attention_heads * n * n


def controlnet_compute(family: ModelFamily, width: int, height: int, on_gpu: bool = False) -> int:
    """A ControlNet's compute buffer: one allocation on the processor; on Vulkan its scores in chunks of their own
    once they pass one chunk."""
    scores = controlnet_scores(family, width, height)
    chunked = on_gpu and scores > VULKAN_CHUNK
    rest = CONTROL_CHUNKED_REST_PER_TOKEN if chunked else CONTROL_REST_PER_TOKEN
    return scores + rest * latent_tokens(width, height)


def _on_vulkan(size: int) -> int:
    return int(size * VULKAN_CHUNKED_SHARE) if size > VULKAN_CHUNK else size


def _vae_tile_pixels(components: Components) -> int:
    """The family's VAE tile (the FLUX.2 VAE works in 512 px tiles); any TAE in the 8 px VAEs' 256 px ones."""
    return VAE_TILE_PIXELS if components.tae else CALIBRATION[components.family].vae_tile_pixels


def decoder_scale(components: Components) -> int:
    """Output pixels per latent along a side: 16 for the FLUX.2 VAE, 8 for the others and any TAE."""
    return int(_vae_tile_pixels(components) ** 0.5) // 32


def decoder_compute(components: Components, width: int, height: int, tiled: bool, on_gpu: bool = False,
                    tile: int | None = None) -> int:
    """The decoder's compute buffer: one allocation on the CPU backend, chunked above 1 GiB on Vulkan. `tile`: the
    tile's side in latents (None: sd.cpp's default). On Vulkan a tile's buffer is the family's measured default
    tile's; a smaller tile's is its pixels at that tile's bytes a pixel in one allocation (measured on the H200,
    h200_decoder_tiles.json: tiles of 32 down to 6 latents, exact to 0.1 %), except where the default tile's buffer
    was chunked (FLUX.2's 512 px tiles: 1984.5 MiB, 1.19 times one allocation), whose smaller tiles take the
    VAE's one-allocation bytes a pixel."""
    tile_px = int(_vae_tile_pixels(components) * tile_area_share(tile))
    if tiled and on_gpu and not components.tae:
        measured = CALIBRATION[components.family].vae_tile_compute_gpu
        if tile is None or tile_px >= _vae_tile_pixels(components):
            return measured
        per_pixel = measured // _vae_tile_pixels(components) if measured <= VULKAN_CHUNK else VAE_BYTES_PER_PIXEL
        return _on_vulkan(tile_px * per_pixel)
    pixels = min(width * height, tile_px) if tiled else width * height
    size = pixels * (TAE_BYTES_PER_PIXEL if components.tae else VAE_BYTES_PER_PIXEL)
    return _on_vulkan(size) if on_gpu else size


def encoder_compute(components: Components, width: int, height: int, tiled: bool) -> int:
    """The encoder's compute buffer (measured on Vulkan, chunks included; the CPU backend's is no larger)."""
    if components.tae:
        return width * height * TAE_BYTES_PER_PIXEL
    tile = _vae_tile_pixels(components)
    if tiled and width * height > tile:
        return int(tile * VAE_ENCODE_BYTES_PER_PIXEL * VAE_TILED_ENCODE_SHARE)
    return width * height * VAE_ENCODE_BYTES_PER_PIXEL


def segments(components: Components, compute: int, max_vram: int) -> int:
    """How many pieces sd.cpp cuts the diffusion graph into under --max-vram (1: it runs uncut)."""
    total = components.diffusion + compute
    calibration = CALIBRATION[components.family]
    compute_share, piece, floor = calibration.graph_cut
    cut = -(-total // max(max_vram - int(compute_share * compute) - piece, max_vram // floor))
    return max(1, min(cut, calibration.graph_pieces))


def _diffusion_peak(components: Components, compute: int, memory: MemoryFlags, width: int, height: int) -> int:
    """VRAM the diffusion stage's own weights and buffers take with --offload-to-cpu --max-vram N."""
    budget = int((memory.max_vram_gib or 0) * GIB)
    uncut = components.diffusion + compute
    calibration = CALIBRATION[components.family]
    if components.family.traits.transformer:
        share, compute_share, weight_share, base = calibration.max_vram_fit
        peak = int(share * budget - compute_share * compute + weight_share * components.diffusion + base)
        peak -= PROCESS_VRAM["diffusion"]  # the fit measured the whole process
        if not memory.diffusion_fa:
            # one layer's work cannot be cut: without flash attention that is a whole score matrix
            peak = max(peak, int(budget * MAX_VRAM_PEAK_SHARE),
                       min(compute, calibration.attention_heads * 4 * tokens(width, height, components.family) ** 2))
        return min(peak, uncut)
    peak = int(budget * MAX_VRAM_SEGMENT_SHARE)
    if not memory.diffusion_fa:
        peak = max(peak, int(compute * calibration.unet_uncut_compute_share))
    return min(peak, uncut)


def _llm_stage(weights: int, compute: int, max_vram_gib: float | None) -> tuple[str, Breakdown]:
    """The LLM's text stage with --offload-to-cpu: the whole model visits VRAM, unless --max-vram cuts it too."""
    if max_vram_gib:
        budget = int(max_vram_gib * GIB)
        compute = int(compute * LLM_CUT_COMPUTE_SHARE)
        if budget < weights * LLM_UNCUT_WEIGHT_SHARE:
            weights = max(0, budget + LLM_CUT_OVERHEAD - compute - PROCESS_VRAM["text"])
    return "text", Breakdown(weights, compute, PROCESS_VRAM["text"])


def evaluate(components: Components, device: Device, ram_available: int, width: int, height: int, steps: int,
             memory: MemoryFlags, work: ExtraWork = NO_EXTRA_WORK,
             preview: PreviewMethod = PreviewMethod.PROJ, quantized: bool = False) -> MemoryPlan:
    """Predict one placement, stage by stage as sd-cli runs them: loading (every part placed on the GPU at
    once), VAE encoding (img2img), text encoding, diffusion, decoding. Each stage holds its own weights and
    buffers plus the process's measured term; a TAE live preview decodes at every step of the diffusion stage."""
    family = components.family
    fa = memory.diffusion_fa
    text_on_gpu, vae_on_gpu = not memory.clip_on_cpu, not memory.vae_on_cpu
    first_size = (width, height)
    final_w, final_h = work.hires_size or first_size
    sizes = {first_size, (final_w, final_h), *((work.face_size,) if work.face_passes and work.face_size else ())}
    d_compute = max(diffusion_compute(family, w, h, fa, work.references) for w, h in sizes)
    if work.lora_at_runtime and work.lora_bytes:
        d_compute += int(d_compute * LORA_RUNTIME_COMPUTE_SHARE)
    v_compute = decoder_compute(components, final_w, final_h, memory.vae_tiling, vae_on_gpu, memory.vae_tile)
    # img2img encodes its input picture; a klein edit each reference picture, one at a time, resized by sd.cpp to
    # about the output's area
    encodes = work.encode or work.references > 0
    e_compute = encoder_compute(components, width, height, memory.vae_tiling) if encodes else 0
    if work.face_passes and work.face_size:  # each face's own run encodes and decodes its crop at this size
        encodes = True
        e_compute = max(e_compute, encoder_compute(components, *work.face_size, memory.vae_tiling))
        v_compute = max(v_compute, decoder_compute(components, *work.face_size, memory.vae_tiling, vae_on_gpu))
    # txt2img loads only the decoder half of a full VAE; img2img and edits load both halves
    held_vae = held_vae_bytes(components)
    vae_weights = held_vae if components.tae or encodes else int(held_vae * VAE_DECODER_SHARE)
    diffusion = components.diffusion + work.lora_bytes
    # a ControlNet is the UNet's encoder half: it runs beside the UNet at every step, with buffers of its own
    on_card = not work.control_on_cpu
    control_compute = max(controlnet_compute(family, w, h, on_card) for w, h in sizes) if work.control_bytes else 0
    if work.control_bytes and on_card:
        diffusion += work.control_bytes
        d_compute += control_compute
    text_compute = (llm_compute(family) if family.traits.reads_llm else T5_COMPUTE if family.traits.transformer
                    else TEXT_ENCODER_COMPUTE)
    # sd.cpp frees the diffusion model's weights before decoding, not a ControlNet's on the card (measured, H200)
    control_held = work.control_bytes if work.control_bytes and on_card else 0
    computes = _StageComputes(d_compute, text_compute, v_compute, e_compute)
    stages, segment_count = _stages(components, memory, diffusion, vae_weights, computes, encodes, width, height,
                                    control_held)
    gpu_vae = vae_weights if vae_on_gpu else 0
    gpu_text = components.text_encoders if text_on_gpu else 0
    tae_preview = preview is PreviewMethod.TAE and components.tae
    if tae_preview and vae_on_gpu:
        _, during = next(s for s in stages if s[0] == "diffusion")
        preview_compute = decoder_compute(components, width, height, False, True)
        extra_weights = vae_weights if memory.offload_to_cpu else 0
        stages.append(("diffusion", Breakdown(during.weights + extra_weights, during.compute + preview_compute,
                                              during.overhead)))
    peak = max((s for _, s in stages), key=lambda s: s.total)

    ram = PROCESS_RAM
    ram += components.text_encoders + text_compute if not text_on_gpu else 0
    ram += vae_weights + v_compute if not vae_on_gpu else 0
    ram += diffusion if memory.offload_to_cpu else 0
    ram += work.control_bytes + control_compute if work.control_bytes and work.control_on_cpu else 0

    too_big = (device.max_allocation is not None
               and largest_tensor(components, width, height, memory, work) > device.max_allocation)
    # what the GPU runs from RAM is pinned; parts on the CPU backend sit in ordinary memory
    pinned = diffusion + gpu_text + gpu_vae if memory.offload_to_cpu else 0
    pins_too_much = device.pinned_budget is not None and pinned > device.pinned_budget
    fits_otherwise = peak.total <= device.budget and ram <= ram_available and not too_big
    fits = fits_otherwise and not pins_too_much
    placement = {"diffusion": Where.GPU, "text_encoders": Where.GPU if text_on_gpu else Where.CPU,
                 "vae": Where.GPU if vae_on_gpu else Where.CPU}
    plan = MemoryPlan(memory, placement, (), peak, ram, 0.0, fits, (),
                      preview=PreviewMethod.TAE if tae_preview else PreviewMethod.PROJ, stages=tuple(stages),
                      segments=segment_count, pinned_ram=pinned,
                      pinned_over_budget=fits_otherwise and pins_too_much)
    # priced once placed, by the one time model the window shows
    time = picture_time(components, plan, device.time_card, device.host, width, height, steps, quantized, work)
    return dataclasses.replace(plan, seconds=time.seconds)


@dataclass(frozen=True)
class _StageComputes:
    """The compute buffers of a plan's stages: diffusion, text encoding, decoding and (img2img, edits) encoding."""

    diffusion: int
    text: int
    decode: int
    encode: int


def _stages(components: Components, memory: MemoryFlags, diffusion: int, vae_weights: int, computes: _StageComputes,
            encodes: bool, width: int, height: int, control_held: int = 0) -> tuple[list[tuple[str, Breakdown]], int]:
    """What VRAM each stage holds, in sd-cli's order; how many pieces --max-vram cuts the diffusion graph into.
    `control_held`: a ControlNet's weights on the card, still held while decoding."""
    family = components.family
    text_on_gpu, vae_on_gpu = not memory.clip_on_cpu, not memory.vae_on_cpu
    gpu_vae = vae_weights if vae_on_gpu else 0
    gpu_text = components.text_encoders if text_on_gpu else 0

    def stage(name: str, weights: int, compute: int) -> tuple[str, Breakdown]:
        return name, Breakdown(weights, compute, PROCESS_VRAM[name])

    segment_count = 1
    stages: list[tuple[str, Breakdown]] = []
    if memory.offload_to_cpu:
        # weights live in RAM and visit VRAM one stage at a time
        stages.append(stage("load", 0, 0))
        if memory.max_vram_gib:
            diffusion_peak = _diffusion_peak(dataclasses.replace(components, diffusion=diffusion), computes.diffusion,
                                             memory, width, height)
            compute = min(computes.diffusion, diffusion_peak)
            stages.append(stage("diffusion", diffusion_peak - compute, compute))
            segment_count = segments(dataclasses.replace(components, diffusion=diffusion), computes.diffusion,
                                     int(memory.max_vram_gib * GIB))
        else:
            stages.append(stage("diffusion", diffusion, computes.diffusion))
        if text_on_gpu and family.traits.reads_llm:
            stages.append(_llm_stage(components.text_encoders, computes.text, memory.max_vram_gib))
        elif text_on_gpu:
            # one text encoder at a time
            share = CALIBRATION[family].largest_text_encoder_share
            stages.append(stage("text", int(components.text_encoders * share), computes.text))
        if vae_on_gpu:
            stages.append(stage("decode", vae_weights + control_held, computes.decode))
            if encodes:
                stages.append(stage("encode", vae_weights, computes.encode))
    else:
        stages.append(stage("load", diffusion + gpu_text + gpu_vae, 0))
        if encodes and vae_on_gpu:
            stages.append(stage("encode", diffusion + gpu_text + gpu_vae, computes.encode))
        if text_on_gpu:
            stages.append(stage("text", diffusion + gpu_text + gpu_vae, computes.text))
        stages.append(stage("diffusion", diffusion + gpu_vae, computes.diffusion))
        if vae_on_gpu:
            stages.append(stage("decode", vae_weights + control_held, computes.decode))
    return stages, segment_count


def largest_tensor(components: Components, width: int, height: int, memory: MemoryFlags,
                   work: ExtraWork = NO_EXTRA_WORK) -> int:
    """The largest single tensor a plan puts on the GPU (it must fit one allocation)."""
    family = components.family
    calibration = CALIBRATION[family]
    largest = 0
    if not memory.diffusion_fa:
        for w, h in {(width, height), work.hires_size or (width, height)}:
            if family.traits.transformer:
                attending = tokens(w, h, family, work.references)
            else:
                attending = latent_tokens(w, h) // calibration.unet_attention_downscale
            scores = calibration.attention_heads * attending ** 2
            largest = max(largest, 4 * scores)
    if work.control_bytes and not work.control_on_cpu:
        largest = max(largest, controlnet_scores(family, width, height))
    if not memory.vae_on_cpu:
        final_w, final_h = work.hires_size or (width, height)
        pixels = max(final_w * final_h, width * height)
        tiled = min(pixels, int(_vae_tile_pixels(components) * tile_area_share(memory.vae_tile)))
        largest = max(largest, VAE_WIDEST_MAP_BYTES_PER_PIXEL * (tiled if memory.vae_tiling else pixels))
    return largest


def candidates(device: Device, caps: BackendCaps) -> list[MemoryFlags]:
    """Every placement this backend can express on this device."""

    def offers(switch: str) -> bool:
        return caps.supports(MEMORY_SWITCHES[switch].flag)

    fa_options = [False, True] if device.flash_attention and offers("diffusion_fa") else [False]
    gpu_side = [False] if device.is_cpu else [False, True]  # is the text encoder / VAE on the GPU?
    offload_options: list[tuple[bool, float | None]] = [(False, None)]
    if offers("offload_to_cpu"):
        offload_options.append((True, None))
        if offers("max_vram_gib"):
            offload_options += [(True, float(gib)) for gib in (6, 4, 3, 2, 1.5)]
    tiling = [False, True] if offers("vae_tiling") else [False]
    # the decoder on the card may decode in smaller tiles than sd.cpp's default, where the backend takes a tile size
    tiles: tuple[int | None, ...] = TILE_SEARCH[1:] if caps.supports(TILE_SIZE_FLAG) else ()
    plans = []
    for fa, text_gpu, vae_gpu, tiled, (offload, max_vram) in itertools.product(
            fa_options, gpu_side, gpu_side, tiling, offload_options):
        for tile in (None, *tiles) if tiled and vae_gpu else (None,):
            plans.append(MemoryFlags(clip_on_cpu=not text_gpu, vae_on_cpu=not vae_gpu, vae_tiling=tiled,
                                     offload_to_cpu=offload, diffusion_fa=fa, max_vram_gib=max_vram, vae_tile=tile))
    return plans


def _explain(plan: MemoryPlan, device: Device, ram_available: int, components: Components) -> tuple[str, ...]:
    def gib(size: int) -> str:
        return f"{size / GIB:.1f} GiB"

    text = (translate("Plan", "Text encoder (the Qwen3 LLM)") if components.family.traits.reads_llm else
            translate("Plan", "Text encoders"))
    memory = plan.memory
    diffusion = translate("Plan", "Diffusion model on the GPU")
    if memory.offload_to_cpu:
        diffusion += translate("Plan", ", moved in from RAM for each stage")
    if memory.max_vram_gib:
        diffusion += translate("Plan", ", streamed in pieces of at most {size} GiB").format(
            size=f"{memory.max_vram_gib:g}")
    decoder = (translate("Plan", "Image decoder on the {place} in tiles of {size} px.")
               if memory.vae_tiling and memory.vae_tile else
               translate("Plan", "Image decoder on the {place} in tiles.") if memory.vae_tiling else
               translate("Plan", "Image decoder on the {place}."))
    lines = [diffusion + ".",
             translate("Plan", "{part} on the {place}.").format(part=text,
                                                                place=plan.placement["text_encoders"].value.upper()),
             decoder.format(place=plan.placement["vae"].value.upper(),
                            size=(memory.vae_tile or 0) * decoder_scale(components))]
    if memory.diffusion_fa:
        lines.append(translate("Plan", "Flash attention keeps the attention buffers small."))
    slower = slower_words(device.host.variant)
    if slower and (memory.clip_on_cpu or memory.vae_on_cpu) and not device.is_cpu:
        lines.append(slower)
    lines.append(translate("Plan", "The live preview is decoded by the tiny autoencoder at every step.") if
                 plan.preview is PreviewMethod.TAE else
                 translate("Plan", "The live preview is a quick colour sketch of each step."))
    lines.append(translate("Plan", "Predicted VRAM peak {peak} (weights {weights}, compute {compute}) of a {budget} "
                                   "budget; RAM {ram} of {free} free.").format(
        peak=gib(plan.peak_vram.total), weights=gib(plan.peak_vram.weights), compute=gib(plan.peak_vram.compute),
        budget=gib(device.budget), ram=gib(plan.peak_ram), free=gib(ram_available)))
    if plan.pinned_ram and device.pinned_budget is not None:
        lines.append(translate("Plan", "{held} of it is held for the card, of the {budget} of system memory its "
                                       "driver lets it use.").format(held=gib(plan.pinned_ram),
                                                                     budget=gib(device.pinned_budget))
                     if not _pins_too_much(plan, device) else
                     translate("Plan", "It would hold {held} of system memory for the card, more than the {budget} "
                                       "its driver allows: past that the card stops.").format(
                         held=gib(plan.pinned_ram), budget=gib(device.pinned_budget)))
    files = components.diffusion + components.text_encoders + components.vae
    lines.append(translate("Plan", "Each image first reads {size} of model files: about {seconds} s from a hard "
                                   "disk, a second or two once they are cached in RAM.").format(
        size=gib(files), seconds=f"{files / HARD_DISK_BYTES_PER_S:.0f}"))
    if not plan.fits:
        lines.append(translate("Plan", "Nothing fits: try a smaller image, a lower quantization (e.g. Q4_K and T5 "
                                       "q8_0), or more RAM."))
    return tuple(lines)


TIE = 0.02  # predicted times this close are a tie
# a decoder tile smaller than sd.cpp's default is chosen for speed only when the picture is predicted this much
# quicker, else only when nothing else fits: a tile's seconds scatter by up to 30 % around the time model's rule on the
# H200 (h200_decoder_tiles.json), and the plans checked whole on a GPU (h100_llm_check.json) decoded in the default
UNMEASURED_TILE_MARGIN = 0.10


def fastest(plans: list[MemoryPlan]) -> MemoryPlan:
    """The quickest plan; on a tie the one whose graph is cut into fewer segments (each cut costs a pass over
    the weights' boundaries every step), then the quicker. A plan in sd.cpp's default decoder tile wins over one in a
    smaller tile unless that is quicker by UNMEASURED_TILE_MARGIN."""
    best = min(p.seconds for p in plans)
    chosen = min((p for p in plans if p.seconds <= best * (1 + TIE)), key=lambda p: (p.segments, p.seconds))
    measured = [p for p in plans if p.memory.vae_tile is None]
    if chosen.memory.vae_tile is not None and measured:
        default = fastest(measured)
        if default.seconds <= chosen.seconds * (1 + UNMEASURED_TILE_MARGIN):
            return default
    return chosen


def plan_memory(components: Components, device: Device, ram_available: int, width: int, height: int,
                steps: int, caps: BackendCaps, work: ExtraWork = NO_EXTRA_WORK, quantized: bool = False) -> MemoryPlan:
    """The fastest placement predicted to fit, by the time model the window shows (`quantized`: the diffusion
    model's weights are block-quantized), with its safer fallbacks (each needing less VRAM)."""
    evaluated = [evaluate(components, device, ram_available, width, height, steps, m, work, quantized=quantized)
                 for m in candidates(device, caps)]
    fitting = [p for p in evaluated if p.fits]
    # when nothing fits, the smallest is the best try, and the explanation says what would help
    chosen = fastest(fitting) if fitting else min(
        evaluated, key=lambda p: (_pins_too_much(p, device), p.peak_vram.total, p.seconds))
    ladder: list[MemoryPlan] = []
    floor = chosen.peak_vram.total
    for plan in sorted(evaluated, key=lambda p: (p.seconds, p.peak_vram.total)):
        if plan.peak_vram.total < floor * 0.9 and plan.peak_ram <= ram_available and not _pins_too_much(plan, device):
            ladder.append(plan)
            floor = plan.peak_vram.total

    def finish(plan: MemoryPlan) -> MemoryPlan:
        return _finish(_with_tae_preview(plan, components, device, ram_available, width, height, steps, work,
                                         quantized), device, ram_available, components)

    planned = dataclasses.replace(finish(chosen), fallbacks=tuple(finish(plan) for plan in ladder[:4]))
    refused = [p for p in evaluated if p.pinned_over_budget and p.seconds < chosen.seconds]
    if refused and device.pinned_budget is not None:
        least = min(p.pinned_ram for p in refused)
        planned = dataclasses.replace(planned, explanation=(*planned.explanation, (
            translate("Plan", "Moving the weights in from RAM would be quicker, but it holds {held} GiB of system "
                              "memory for the card, more than the {budget} GiB its driver allows: past that the card "
                              "stops, so this plan keeps them elsewhere.").format(
                held=f"{least / GIB:.1f}", budget=f"{device.pinned_budget / GIB:.1f}"))))
    return planned


def _pins_too_much(plan: MemoryPlan, device: Device) -> bool:
    return device.pinned_budget is not None and plan.pinned_ram > device.pinned_budget


def _with_tae_preview(plan: MemoryPlan, components: Components, device: Device, ram_available: int, width: int,
                      height: int, steps: int, work: ExtraWork, quantized: bool) -> MemoryPlan:
    """The same placement with a TAE preview when a TAE file is set and that still fits; else the proj one."""
    if not components.tae:
        return plan
    tae = evaluate(components, device, ram_available, width, height, steps, plan.memory, work, PreviewMethod.TAE,
                   quantized)
    return tae if tae.fits else plan


def _finish(plan: MemoryPlan, device: Device, ram_available: int, components: Components) -> MemoryPlan:
    with_flags = dataclasses.replace(plan, flags=memory_flags(plan.memory) + tile_options(plan.memory))
    return dataclasses.replace(with_flags, explanation=_explain(with_flags, device, ram_available, components))


@dataclass(frozen=True)
class UpscalePlan:
    tiles: int
    peak_vram: int
    seconds: float
    fits: bool
    explanation: str


def upscale_tiles(width: int, height: int, tile_size: int) -> int:
    """How many tiles sd.cpp's ESRGAN runs over a picture (tiles overlap by a quarter)."""
    if tile_size <= 0 or (width <= tile_size and height <= tile_size):
        return 1
    stride = tile_size * (1 - ESRGAN_TILE_OVERLAP)

    def along(side: int) -> int:
        return max(1, -int(-(side - tile_size) // stride) + 1)

    return along(width) * along(height)


def plan_upscale(model_bytes: int, scale: int, device: Device, width: int, height: int, tile_size: int,
                 repeats: int = 1) -> UpscalePlan:
    """VRAM and time of `repeats` ESRGAN passes: the weights, and one tile's buffers at its output size."""
    tiles, peak, seconds = 0, 0, 0.0
    for _ in range(repeats):
        tile = min(tile_size, max(width, height)) if tile_size > 0 else max(width, height)
        tiles += upscale_tiles(width, height, tile_size)
        peak = max(peak, model_bytes + VULKAN_CONTEXT + (tile * scale) ** 2 * ESRGAN_BYTES_PER_OUTPUT_PIXEL)
        seconds += gpu_seconds(device.time_card, width * height * ESRGAN_FLOPS_PER_INPUT_PIXEL)
        width, height = width * scale, height * scale
    fits = peak <= device.budget
    explanation = translate("Plan", "Tiles of {size} px: {tiles}; predicted VRAM peak {peak} GiB of a {budget} GiB "
                                    "budget").format(size=tile_size, tiles=tiles, peak=f"{peak / GIB:.2f}",
                                                     budget=f"{device.budget / GIB:.1f}")
    return UpscalePlan(tiles, peak, seconds, fits, explanation)


def plan_json(plan: MemoryPlan) -> dict[str, object]:
    """The `python -m app plan --json` document."""
    return {
        "fits": plan.fits,
        "flags": list(plan.flags),
        "placement": {part: where.value for part, where in plan.placement.items()},
        "predicted_peak_vram_bytes": plan.peak_vram.total,
        "predicted_peak_ram_bytes": plan.peak_ram,
        "explanation": list(plan.explanation),
        "preview": plan.preview.value,
        "fallbacks": [{"flags": list(f.flags), "predicted_peak_vram_bytes": f.peak_vram.total}
                      for f in plan.fallbacks],
    }


def device_from_vulkan(device: VulkanDevice, ram_total: int | None = None, host: Host = DESKTOP) -> Device | None:
    """The planner's view of a Vulkan device beside `host`'s processor; None when vulkaninfo did not tell its
    memory. What it may pin: the host heap's budget where the driver reports one, else PINNED_SHARE_OF_RAM of
    `ram_total` where that is given."""
    heap = device.vram_heap
    if heap is None:
        return None
    host_heap = device.host_heap
    pinned = host_heap.budget if host_heap is not None and host_heap.budget else (
        int(ram_total * PINNED_SHARE_OF_RAM) if ram_total else None)
    return Device(vram_total=heap.size, vram_free=heap.budget or None, max_allocation=device.max_allocation_bytes,
                  is_cpu=device.is_cpu, flash_attention=device.flash_attention, pinned_budget=pinned,
                  card=card_for_device(device, host.cores, host.speed), host=host)
