"""The memory planner: where each model part goes, which flags say so, and how much VRAM and RAM it needs.

Pure: a function of the component sizes, the device, the host RAM, the request size and the backend's flags.
The Flux constants are fitted to peaks measured on a real GPU through its Vulkan driver (our build, Flux
Schnell-shaped 12B q4_0, 4 steps) and to the decoders' compute buffers that sd.cpp logs (tests/data/calibration/):
they are marked `measured`. SD 1.x/SDXL and the speed figures are estimates, marked `estimate`, until measured.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field
from enum import StrEnum

from app.core.generation.command import memory_flags
from app.core.generation.preview import PreviewMethod
from app.core.generation.request import MemoryFlags, ModelFamily
from app.core.models.backend_caps import BackendCaps
from app.core.models.model_files import ModelInfo
from app.core.system.vulkaninfo import VulkanDevice

MIB = 2**20
GIB = 2**30

# --- constants (bytes, seconds) ----------------------------------------------------------------------------
# measured: Flux DiT compute buffer = base + per_token * tokens (+ per_token_sq * tokens^2 without flash attention)
FLUX_COMPUTE_BASE = 66 * MIB
FLUX_COMPUTE_PER_TOKEN = int(0.179 * MIB)
FLUX_ATTENTION_PER_TOKEN_SQ = 2.16e-4 * MIB  # no flash attention: 24 heads of f32 scores, ~2.4 live copies
FLUX_COMPUTE_NOFA_BASE = 52 * MIB
FLUX_TEXT_TOKENS = 256  # Schnell's T5 sequence
# measured: with --offload-to-cpu --max-vram N, sd.cpp cuts the diffusion graph (weights and compute alike)
# into segments. With flash attention the stage peaks at 0.83 N - 0.40 C + 318 MiB (C: the uncut compute
# buffer), a least-squares fit over 10 H200 runs at N = 1.5..4 GiB, 512 and 1024 px; without it no less than
# 0.77 N (one 1024 px run at N = 4 and one 512 px run at N = 1.5).
MAX_VRAM_SHARE_FA = 0.83
MAX_VRAM_COMPUTE_SHARE_FA = 0.40
MAX_VRAM_BASE_FA = 318 * MIB
MAX_VRAM_PEAK_SHARE = 0.77
FLUX_HEADS = 24
SEGMENT_SECONDS = 0.05  # estimate: per segment and step, the cost of a cut in the graph
VULKAN_CONTEXT = 64 * MIB  # estimate: per-process driver objects and staging buffers
# estimate: SD-family UNet compute. SD 1.x attends at the full latent size (8 heads), SDXL only from half
# size down (10-20 heads): the quadratic term counts those tokens.
UNET_ATTENTION_DOWNSCALE = {ModelFamily.SD1: 1, ModelFamily.SDXL: 4}
UNET_COMPUTE_PER_TOKEN_SQ = {ModelFamily.SD1: 6e-5 * MIB, ModelFamily.SDXL: 9e-5 * MIB}
UNET_COMPUTE_FA_PER_TOKEN = {ModelFamily.SD1: 0.1 * MIB, ModelFamily.SDXL: 0.06 * MIB}
# measured (tests/data/calibration/lavapipe_decoder_buffers.json): the decoder's compute buffer per output
# pixel, and with --vae-tiling one 32x32-latent tile's worth
VAE_BYTES_PER_PIXEL = 6656
VAE_TILE_PIXELS = 256 * 256
TAE_BYTES_PER_PIXEL = 1920
TEXT_ENCODER_COMPUTE = 160 * MIB  # estimate: T5-XXL / CLIP at 256 tokens
PROCESS_RAM = 400 * MIB  # estimate: sd-cli with ggml's CPU backend, before any weights
# speed (for ranking only): Polaris-class GPU, PCIe 3.0 x16, a desktop CPU
GPU_FLOPS = 3.0e12
CPU_FLOPS = 1.5e11
PCIE_BYTES_PER_S = 13e9
FA_SPEEDUP = 0.95

# estimate: the VAE encoder's compute buffer per input pixel (img2img, inpaint): as deep as the decoder, and
# TAESD's encoder as light as its decoder
VAE_ENCODE_BYTES_PER_PIXEL = VAE_BYTES_PER_PIXEL
# estimate: ESRGAN (RRDBNet, 64 features) keeps ~3 maps of 64 f32 channels at the tile's output size
ESRGAN_BYTES_PER_OUTPUT_PIXEL = 64 * 4 * 3
ESRGAN_TILE_OVERLAP = 0.25  # sd.cpp's process_tiles_2d
ESRGAN_FLOPS_PER_INPUT_PIXEL = 2 * 6e6  # estimate: RealESRGAN x4plus anime 6B, ~6M multiply-adds a pixel
LORA_RUNTIME_COMPUTE_SHARE = 0.1  # estimate: at_runtime LoRA adds its down/up products to each patched layer

SAFETY_MARGIN = 0.08  # of the budget: drivers, the desktop and fragmentation take their share
MIN_MARGIN = 256 * MIB


class Where(StrEnum):
    GPU = "gpu"
    CPU = "cpu"


@dataclass(frozen=True)
class Components:
    """Byte sizes of the weights (from file headers or the catalog) and what the family is."""

    family: ModelFamily
    diffusion: int
    text_encoders: int = 0  # T5-XXL + CLIP-L (+ CLIP-G)
    vae: int = 0
    tae: bool = False  # a tiny autoencoder instead of the full one


@dataclass(frozen=True)
class ExtraWork:
    """What a request adds to plain txt2img, each a stage or a buffer the planner counts."""

    encode: bool = False  # img2img / inpaint: the VAE encoder reads the input picture first
    hires_size: tuple[int, int] | None = None  # hires fix: a second pass (and the decode) at this size
    hires_steps: int = 0
    lora_bytes: int = 0
    # sd.cpp's --lora-apply-mode auto: at_runtime for a quantized model (LoRA tensors stay beside the weights
    # for the whole run), immediately otherwise (merged into the weights at load, then freed)
    lora_at_runtime: bool = False


NO_EXTRA_WORK = ExtraWork()


@dataclass(frozen=True)
class Device:
    vram_total: int
    vram_free: int | None = None  # from VK_EXT_memory_budget where the driver reports it
    max_allocation: int | None = None
    is_cpu: bool = False  # lavapipe: running CLIP or the VAE there corrupts memory, so they stay on the CPU
    flash_attention: bool = True  # subgroup shuffle and vote: ggml-vulkan's scalar flash attention

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
    seconds: float  # predicted wall time, for ranking plans against each other
    fits: bool
    explanation: tuple[str, ...]
    fallbacks: tuple[MemoryPlan, ...] = field(default=())
    preview: PreviewMethod = PreviewMethod.PROJ  # the live preview's method, its memory counted in the peaks


def tokens(width: int, height: int) -> int:
    return (width // 16) * (height // 16) + FLUX_TEXT_TOKENS


def diffusion_compute(family: ModelFamily, width: int, height: int, flash_attention: bool) -> int:
    if family in (ModelFamily.FLUX, ModelFamily.UNKNOWN):
        n = tokens(width, height)
        if flash_attention:
            return FLUX_COMPUTE_BASE + FLUX_COMPUTE_PER_TOKEN * n
        return int(FLUX_COMPUTE_NOFA_BASE + FLUX_ATTENTION_PER_TOKEN_SQ * n * n)
    latent_tokens = (width // 8) * (height // 8)
    if flash_attention:
        return int(UNET_COMPUTE_FA_PER_TOKEN[family] * latent_tokens)
    attending = latent_tokens // UNET_ATTENTION_DOWNSCALE[family]
    return int(UNET_COMPUTE_PER_TOKEN_SQ[family] * attending * attending)


def decoder_compute(components: Components, width: int, height: int, tiled: bool) -> int:
    pixels = min(width * height, VAE_TILE_PIXELS) if tiled else width * height
    return pixels * (TAE_BYTES_PER_PIXEL if components.tae else VAE_BYTES_PER_PIXEL)


def encoder_compute(components: Components, width: int, height: int, tiled: bool) -> int:
    pixels = min(width * height, VAE_TILE_PIXELS) if tiled else width * height
    return pixels * (TAE_BYTES_PER_PIXEL if components.tae else VAE_ENCODE_BYTES_PER_PIXEL)


def evaluate(components: Components, device: Device, ram_available: int, width: int, height: int, steps: int,
             memory: MemoryFlags, work: ExtraWork = NO_EXTRA_WORK,
             preview: PreviewMethod = PreviewMethod.PROJ) -> MemoryPlan:
    """Predict one placement, with its live preview (a TAE preview decodes at every step of the diffusion
    stage: the decoder's weights and compute buffer are live beside the diffusion model's)."""
    fa = memory.diffusion_fa
    text_on_gpu, vae_on_gpu = not memory.clip_on_cpu, not memory.vae_on_cpu
    first_size = (width, height)
    final_w, final_h = work.hires_size or first_size
    d_compute = max(diffusion_compute(components.family, w, h, fa) for w, h in {first_size, (final_w, final_h)})
    if work.lora_at_runtime and work.lora_bytes:
        d_compute += int(d_compute * LORA_RUNTIME_COMPUTE_SHARE)
    # the decoder draws the final picture; the encoder reads the input (and, for hires, the first pass)
    v_compute = decoder_compute(components, final_w, final_h, memory.vae_tiling)
    if work.encode:
        v_compute = max(v_compute, encoder_compute(components, width, height, memory.vae_tiling))
    vae_weights = components.vae
    components = dataclasses.replace(components, diffusion=components.diffusion + work.lora_bytes)
    if memory.offload_to_cpu:
        # weights live in RAM and visit VRAM one stage at a time
        if memory.max_vram_gib:
            budget = memory.max_vram_gib * GIB
            peak = int(MAX_VRAM_SHARE_FA * budget - MAX_VRAM_COMPUTE_SHARE_FA * d_compute + MAX_VRAM_BASE_FA)
            compute = d_compute
            if not fa:
                # one layer's work cannot be cut: without flash attention that is a whole score matrix
                peak = max(peak, int(budget * MAX_VRAM_PEAK_SHARE))
                compute = min(d_compute, max(int(FLUX_HEADS * 4 * tokens(width, height) ** 2), peak // 2))
            unsegmented = components.diffusion + d_compute
            peak = min(peak, unsegmented)
            diffusion_stage = Breakdown(max(0, peak - compute - VULKAN_CONTEXT), compute, VULKAN_CONTEXT)
        else:
            diffusion_stage = Breakdown(components.diffusion, d_compute, VULKAN_CONTEXT)
        stages = [diffusion_stage]
        if text_on_gpu:
            stages.append(Breakdown(components.text_encoders, TEXT_ENCODER_COMPUTE, VULKAN_CONTEXT))
        if vae_on_gpu:
            stages.append(Breakdown(vae_weights, v_compute, VULKAN_CONTEXT))
    else:
        resident = components.diffusion + (components.text_encoders if text_on_gpu else 0)
        resident += vae_weights if vae_on_gpu else 0
        stages = [Breakdown(resident, d_compute, VULKAN_CONTEXT)]
        if text_on_gpu:
            stages.append(Breakdown(resident, TEXT_ENCODER_COMPUTE, VULKAN_CONTEXT))
        if vae_on_gpu:
            stages.append(Breakdown(resident, v_compute, VULKAN_CONTEXT))
    tae_preview = preview is PreviewMethod.TAE and components.tae
    if tae_preview and vae_on_gpu:
        first = stages[0]
        extra_weights = vae_weights if memory.offload_to_cpu else 0
        stages.append(Breakdown(first.weights + extra_weights, first.compute + v_compute, VULKAN_CONTEXT))
    peak = max(stages, key=lambda s: s.total)

    ram = PROCESS_RAM
    ram += components.text_encoders + TEXT_ENCODER_COMPUTE if not text_on_gpu else 0
    ram += vae_weights + v_compute if not vae_on_gpu else 0
    ram += components.diffusion if memory.offload_to_cpu else 0

    # parameters ~ bytes * 2: 4.5 bits a weight at q4_K, 16 at f16; a fair middle without the file's types
    step_seconds = 2 * (components.diffusion * 2) * tokens(width, height) / GPU_FLOPS * (FA_SPEEDUP if fa else 1)
    seconds = steps * step_seconds
    if work.hires_size:
        seconds += (work.hires_steps or steps) * step_seconds * tokens(final_w, final_h) / tokens(width, height)
    moved = components.diffusion * (steps if memory.max_vram_gib else 1) if memory.offload_to_cpu else 0
    seconds += moved / PCIE_BYTES_PER_S
    if memory.offload_to_cpu and memory.max_vram_gib:
        segments = -(-components.diffusion // int(memory.max_vram_gib * GIB * MAX_VRAM_PEAK_SHARE))
        seconds += steps * segments * SEGMENT_SECONDS
    text_flops = 2 * components.text_encoders / 2 * FLUX_TEXT_TOKENS  # f16 weights: bytes/2 parameters
    seconds += text_flops / (GPU_FLOPS if text_on_gpu else CPU_FLOPS)
    decode_flops = final_w * final_h * (2e4 if components.tae else 1.2e6)
    if work.encode:
        decode_flops += width * height * (2e4 if components.tae else 1.2e6)
    seconds += decode_flops / (GPU_FLOPS if vae_on_gpu else CPU_FLOPS) * (1.15 if memory.vae_tiling else 1)
    if tae_preview:
        seconds += steps * width * height * 2e4 / (GPU_FLOPS if vae_on_gpu else CPU_FLOPS)

    largest_buffer = max(d_compute, v_compute if vae_on_gpu else 0)
    too_big = device.max_allocation is not None and largest_buffer > device.max_allocation
    fits = peak.total <= device.budget and ram <= ram_available and not too_big
    placement = {"diffusion": Where.GPU, "text_encoders": Where.GPU if text_on_gpu else Where.CPU,
                 "vae": Where.GPU if vae_on_gpu else Where.CPU}
    return MemoryPlan(memory, placement, (), peak, ram, seconds, fits, (),
                      preview=PreviewMethod.TAE if tae_preview else PreviewMethod.PROJ)


def candidates(device: Device, caps: BackendCaps) -> list[MemoryFlags]:
    """Every placement this backend can express on this device."""
    fa_options = [False, True] if device.flash_attention and caps.supports("--diffusion-fa") else [False]
    gpu_side = [False] if device.is_cpu else [False, True]  # is the text encoder / VAE on the GPU?
    offload_options: list[tuple[bool, float | None]] = [(False, None)]
    if caps.supports("--offload-to-cpu"):
        offload_options.append((True, None))
        if caps.supports("--max-vram"):
            offload_options += [(True, float(gib)) for gib in (6, 4, 3, 2, 1.5)]
    tiling = [False, True] if caps.supports("--vae-tiling") else [False]
    plans = []
    for fa, text_gpu, vae_gpu, tiled, (offload, max_vram) in itertools.product(
            fa_options, gpu_side, gpu_side, tiling, offload_options):
        plans.append(MemoryFlags(clip_on_cpu=not text_gpu, vae_on_cpu=not vae_gpu, vae_tiling=tiled,
                                 offload_to_cpu=offload, diffusion_fa=fa, max_vram_gib=max_vram))
    return plans


def _explain(plan: MemoryPlan, device: Device, ram_available: int) -> tuple[str, ...]:
    gib = lambda size: f"{size / GIB:.1f} GiB"  # noqa: E731
    lines = [
        f"Diffusion model on the GPU{', moved in from RAM for each stage' if plan.memory.offload_to_cpu else ''}"
        f"{f', streamed in pieces of at most {plan.memory.max_vram_gib:g} GiB' if plan.memory.max_vram_gib else ''}.",
        f"Text encoders on the {plan.placement['text_encoders'].value.upper()}.",
        f"Image decoder on the {plan.placement['vae'].value.upper()}{' in tiles' if plan.memory.vae_tiling else ''}.",
    ]
    if plan.memory.diffusion_fa:
        lines.append("Flash attention keeps the attention buffers small.")
    lines.append("The live preview is decoded by the tiny autoencoder at every step." if plan.preview is
                 PreviewMethod.TAE else "The live preview is a quick colour sketch of each step.")
    lines.append(f"Predicted VRAM peak {gib(plan.peak_vram.total)} (weights {gib(plan.peak_vram.weights)}, "
                 f"compute {gib(plan.peak_vram.compute)}) of a {gib(device.budget)} budget; "
                 f"RAM {gib(plan.peak_ram)} of {gib(ram_available)} free.")
    if not plan.fits:
        lines.append("Nothing fits: try a smaller image, a lower quantization (e.g. Q4_K and T5 q8_0), or more RAM.")
    return tuple(lines)


def plan_memory(components: Components, device: Device, ram_available: int, width: int, height: int,
                steps: int, caps: BackendCaps, work: ExtraWork = NO_EXTRA_WORK) -> MemoryPlan:
    """The fastest placement predicted to fit, with its safer fallbacks (each needing less VRAM)."""
    evaluated = [evaluate(components, device, ram_available, width, height, steps, m, work)
                 for m in candidates(device, caps)]
    fitting = sorted((p for p in evaluated if p.fits), key=lambda p: (p.seconds, p.peak_vram.total))
    # when nothing fits, the smallest is the best try, and the explanation says what would help
    chosen = fitting[0] if fitting else min(evaluated, key=lambda p: (p.peak_vram.total, p.seconds))
    ladder: list[MemoryPlan] = []
    floor = chosen.peak_vram.total
    for plan in sorted(evaluated, key=lambda p: (p.seconds, p.peak_vram.total)):
        if plan.peak_vram.total < floor * 0.9 and plan.peak_ram <= ram_available:
            ladder.append(plan)
            floor = plan.peak_vram.total
    finish = lambda plan: _finish(  # noqa: E731
        _with_tae_preview(plan, components, device, ram_available, width, height, steps, work), device,
        ram_available)
    return dataclasses.replace(finish(chosen), fallbacks=tuple(finish(plan) for plan in ladder[:4]))


def _with_tae_preview(plan: MemoryPlan, components: Components, device: Device, ram_available: int, width: int,
                      height: int, steps: int, work: ExtraWork) -> MemoryPlan:
    """The same placement with a TAE preview when a TAE file is set and that still fits; else the proj one."""
    if not components.tae:
        return plan
    tae = evaluate(components, device, ram_available, width, height, steps, plan.memory, work, PreviewMethod.TAE)
    return tae if tae.fits else plan


def _finish(plan: MemoryPlan, device: Device, ram_available: int) -> MemoryPlan:
    with_flags = dataclasses.replace(plan, flags=memory_flags(plan.memory))
    return dataclasses.replace(with_flags, explanation=_explain(with_flags, device, ram_available))


# Which part of the pipeline each model slot feeds; a full checkpoint ("model") is split separately.
SLOT_PARTS = {"diffusion_model": "diffusion", "t5xxl": "text_encoders", "clip_l": "text_encoders", "vae": "vae",
              "taesd": "vae"}


def components_from_slots(family: ModelFamily, slot_bytes: dict[str, int],
                          checkpoint: dict[str, int] | None = None) -> Components:
    """Sizes per slot (and a full checkpoint's own diffusion/text/VAE split) -> the planner's components."""
    parts = dict(checkpoint or {})
    for slot, size in slot_bytes.items():
        parts[SLOT_PARTS[slot]] = parts.get(SLOT_PARTS[slot], 0) + size
    return Components(family, parts.get("diffusion", 0), parts.get("text_encoders", 0), parts.get("vae", 0),
                      tae="taesd" in slot_bytes)


def components_from_files(infos: dict[str, ModelInfo], family: ModelFamily) -> Components:
    """Sizes from file headers; a full checkpoint is split by its tensor names."""
    checkpoint = None
    if "model" in infos:
        info = infos["model"]
        diffusion = info.bytes_where("model.diffusion_model.")
        vae = info.bytes_where("first_stage_model.", "vae.")
        checkpoint = {"diffusion": diffusion, "vae": vae, "text_encoders": info.total_bytes - diffusion - vae}
    return components_from_slots(family, {slot: i.total_bytes for slot, i in infos.items() if slot != "model"},
                                 checkpoint)


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
    along = lambda side: max(1, -int(-(side - tile_size) // stride) + 1)  # noqa: E731
    return along(width) * along(height)


def plan_upscale(model_bytes: int, scale: int, device: Device, width: int, height: int, tile_size: int,
                 repeats: int = 1) -> UpscalePlan:
    """VRAM and time of `repeats` ESRGAN passes: the weights, and one tile's buffers at its output size."""
    tiles, peak, seconds = 0, 0, 0.0
    for _ in range(repeats):
        tile = min(tile_size, max(width, height)) if tile_size > 0 else max(width, height)
        tiles += upscale_tiles(width, height, tile_size)
        peak = max(peak, model_bytes + VULKAN_CONTEXT + (tile * scale) ** 2 * ESRGAN_BYTES_PER_OUTPUT_PIXEL)
        seconds += width * height * ESRGAN_FLOPS_PER_INPUT_PIXEL / GPU_FLOPS
        width, height = width * scale, height * scale
    fits = peak <= device.budget
    explanation = (f"{tiles} tile{'s' if tiles != 1 else ''} of {tile_size} px; predicted VRAM peak "
                   f"{peak / GIB:.2f} GiB of a {device.budget / GIB:.1f} GiB budget")
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


def device_from_vulkan(device: VulkanDevice) -> Device | None:
    """The planner's view of a Vulkan device; None when vulkaninfo did not tell its memory."""
    heap = device.vram_heap
    if heap is None:
        return None
    return Device(vram_total=heap.size, vram_free=heap.budget or None, max_allocation=device.max_allocation_bytes,
                  is_cpu=device.is_cpu, flash_attention=device.flash_attention)
