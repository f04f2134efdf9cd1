"""How long a picture takes on a card, said before Generate: a roofline over each stage's work.

Each stage's work is counted from the model's architecture and the picture's latent tokens (floating-point
operations) and from the bytes it moves: a GPU stage takes its operations at the card's peak rate (compute
units x lanes x 2 x clock) times an efficiency, or its weights at the card's memory bandwidth, whichever is
slower, plus a small cost per dispatched operation; weights moved over PCIe (--offload-to-cpu, and every pass
under --max-vram) take the link's rate; a stage on the CPU takes the host's cores at the rate of the variant
of ggml's CPU backend our programs run on that processor (app/core/system/processor.py). The two efficiencies are
calibrated to the published RX 580 figures (cited at each constant), and the shape is checked against the H100
runs in tests/data/calibration/ from the H100's own specifications, never fitted to them
(tests/bench/bench_time_model.py prints both). After a real run, the card's own seconds per step replace the
roofline's sampling time (`MeasuredStep`). On lavapipe (Vulkan on the processor) the processor's timed speed
(`ProcessorSpeed`) sets the card's arithmetic and each dispatch's cost, and the first picture drawn there adds its
start and its one-time set-up, the shaders compiled (`first_picture_time`). The memory planner ranks its plans by this
same model (plan.py).

Pure: a function of the card, the host, the memory plan's placement and the request's size.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from app.core.models.components import Components
from app.core.models.families import MemoryFlags, ModelFamily
from app.core.planning.calibration import CALIBRATION, VAE_TILE_PIXELS, held_vae_bytes
from app.core.planning.decoder_tiles import TILE_PIXEL_SHARE, TILE_SECONDS, decoded_pixels, tile_count
from app.core.planning.work import NO_EXTRA_WORK, ExtraWork, latent_tokens, tokens
from app.core.resources import resource_path
from app.core.system.polaris import is_polaris, polaris_table
from app.core.system.processor import VARIANT_SHARE_OF_AVX2, CpuVariant
from app.core.system.vulkaninfo import DeviceType, VulkanDevice, software_name
from app.core.words import translate

GIB = 2**30

# --- the work of each stage ----------------------------------------------------------------------------------
# A diffusion pass, the text encoders' and the dispatches are the family's (calibration.py), counted from the
# published architectures
MIN_BYTES_PER_PARAM = 0.3  # below Q2_K's 2.625 bits a weight: no real file is smaller than its parameters times this
# the VAE decoder: 1.22 T multiply-adds at 512 px out (its convolutions counted level by level: 512 channels
# at 64 and 128 px, 256 at 256 px, 128 at 512 px), per output pixel; the encoder about half; the FLUX.1 AE and
# the FLUX.2 VAE have the same widths. TAESD (64 channels throughout) an estimate from its convolutions.
VAE_DECODE_FLOPS_PER_PIXEL = 9.3e6
VAE_ENCODE_FLOPS_PER_PIXEL = 4.6e6
TAE_FLOPS_PER_PIXEL = 3.9e5
# estimate: each operation ggml dispatches (the family's graph nodes) and its barrier costs the GPU about 10 us
# whatever its size (what makes a huge card slow on a small picture)
DISPATCH_SECONDS = 10e-6

# --- efficiencies, calibrated to the published RX 580 figures --------------------------------------------------
# f16/f32 weights: SDXL at 5.74 s/it on an RX 580 8 GB (36 CUs, 6.17 TFLOP/s), Linux RADV, 25 steps, assumed at
# its usual 1024 px with CFG (LostRuins/koboldcpp #1667): 12.4 T operations a step, 35 % of the peak.
EFFICIENCY_FULL = 0.35
# block-quantized weights on a card without integer dot products (Polaris: ggml-vulkan dequantizes them in
# the shader): FLUX.1 Schnell Q4_K at 1024 px, 4 steps in ~838 s of sampling on an RX 580 8 GB, T5 and the VAE
# on the CPU (dev.to, aivisionslab, "Running FLUX.1 Schnell on an RX 580 8GB: GPU/CPU hybrid architecture"):
# 117 T operations a step, 9 % of the peak. The third figure, SD 1.5 GGUF at 512 px, 20 steps, ~72 s per image
# on an RX 580 2048SP (dev.to, aivisionslab, "Running Flux Schnell 12B + LLMs on a legacy AMD RX 580 8GB via
# native Vulkan"), checks them without being fitted (tests/core/planning/test_timing.py).
EFFICIENCY_QUANTIZED = 0.09
MEMORY_EFFICIENCY = 0.7  # estimate: the share of the bandwidth that streaming weights reaches

# --- the processor ---------------------------------------------------------------------------------------------
# measured on the H100 machine's 16 CPU cores (our portable CPU build, AVX2, ggml's CPU backend): Qwen3-4B read
# klein's 512 tokens in 19.9 s (4.1 T operations: 12.9 G a core a second); the VAE decoded 512 px in 25.7 s
# (2.4 T: 5.9 G a core)
LENT_MATRIX_FLOPS_PER_CORE = 12.9e9
LENT_CONV_FLOPS_PER_CORE = 5.9e9


@dataclass(frozen=True)
class CoreRates:
    """Operations one core does a second on the processor's stages: matrices (the text encoders) and
    convolutions (the image decoder)."""

    matrix: float
    conv: float


# each variant of our programs' CPU backend: the lent machine's AVX2 rates, scaled by the variant's measured share
CPU_RATES = {variant: CoreRates(LENT_MATRIX_FLOPS_PER_CORE * matrix, LENT_CONV_FLOPS_PER_CORE * conv)
             for variant, (matrix, conv) in VARIANT_SHARE_OF_AVX2.items()}


# --- the link and the host ------------------------------------------------------------------------------------
PCIE_X16 = 13e9  # PCIe 3.0 x16 in practice (/work/shared/reference/polaris.md)
PCIE_X1_RISER = 0.9e9  # an ex-mining rig's x1 riser
# measured on the H100 machine: what the host side copies at most
STREAM_BYTES_PER_S = 3.0e9  # weights streamed to the GPU once per diffusion pass (--max-vram)
OFFLOAD_BYTES_PER_S = 1.78e9  # weights moved to the GPU once per stage (--offload-to-cpu)
SEGMENT_SECONDS = 0.035  # measured: per segment and pass under --max-vram, beyond the streaming itself

# --- the card --------------------------------------------------------------------------------------------------
# a card vulkaninfo names but our table does not: the slowest Polaris card (conservative for this app's cards);
# an integrated GPU: a typical 8-unit iGPU; lavapipe: the host's cores at its vector width, an assumed clock
LANES_BY_BITS = re.compile(r"(\d+) bits")
CPU_CLOCK_MHZ = 3000.0  # estimate
CPU_BANDWIDTH = 25e9  # estimate: dual-channel DDR4
LAVAPIPE_EFFICIENCY = 0.1  # estimate: LLVM-compiled shaders on the CPU
# measured: a first picture on lavapipe took up to 13 times the roofline's seconds after loading (79.5 s for 4-7 s on
# Linux, issue 52; 421 s for 35-55 s and 42 s for 2-4 s under Wine, issue 53): its start, loading and shader
# compiling are not in the roofline; a card not in our table (priced as the slowest Polaris), an estimate
SOFTWARE_VULKAN_SHORT_BY = 15.0
UNKNOWN_CARD_SHORT_BY = 4.0


@dataclass(frozen=True)
class ProcessorSpeed:
    """This processor's speed as a short timed run measured it once (app/services/system/processor_speed.py): how
    many times a second one of its cores compiles a small program, and the operations a second its cores multiply
    matrices at. lavapipe (Vulkan on the processor) compiles each of ggml's shaders with LLVM on first use, one at a
    time, and drives every dispatch from the processor: scalar work, which the first rate follows; its shaders'
    arithmetic follows the second."""

    compiles_per_s: float
    matrix_flops: float


# measured on this project's 2-core EPYC (KVM) under load (tests/bench/bench_first_estimate.py, load average 6.3 when
# the processor was timed at 380 compiles a second and 3.0 GFLOP/s in matrices, 12.3 when the picture was kept): the
# demo's first picture on lavapipe (a tiny Flux-shaped model, 128 px, 4 steps, a new shader cache) took 525.5 s: 2.3 s
# from the program's start to reading the prompt (STARTING_COMPILES), 406.8 s of its first step beyond a later one
# setting up (LLVM compiling the shaders ggml asks for, one at a time: SETUP_COMPILES), and each later step 22.0 s, of
# which the roofline's arithmetic at the measured matrix rate is 5.3 s and the rest its 2300 dispatches
# (DISPATCH_COMPILES). A model of another family or quantization needs other shaders: an estimate, the same set-up.
SETUP_COMPILES = 154_000.0
DISPATCH_COMPILES = 2.76
STARTING_COMPILES = 870.0
# estimate: a BLAS matrix multiply (numpy's) reaches about this share of the cores' peak
BLAS_SHARE_OF_PEAK = 0.8


@dataclass(frozen=True)
class Card:
    """A GPU's specifications, as the roofline uses them."""

    name: str
    units: int  # compute units (AMD), streaming multiprocessors (NVIDIA), cores (lavapipe)
    lanes: int  # FP32 lanes per unit
    clock_mhz: float
    bandwidth: float  # bytes a second
    integer_dot: bool = False
    memory: tuple[int, ...] = ()  # the VRAM sizes it is sold with, bytes
    max_allocation: int | None = None  # the most one allocation really gets
    known: bool = True  # False: a conservative stand-in for a card the table does not list
    cpu: bool = False
    dispatch_seconds: float = DISPATCH_SECONDS  # what each operation ggml dispatches costs beyond its work
    speed: ProcessorSpeed | None = None  # lavapipe: priced from the processor's measured speed

    @property
    def peak_flops(self) -> float:
        return self.units * self.lanes * 2 * self.clock_mhz * 1e6


@dataclass(frozen=True)
class Host:
    """The processor the time model prices: its cores, its link to the card, and the variant of ggml's CPU backend
    it runs (AVX2 where its features are unknown, as the processor that measured the rates)."""

    cores: int
    link_bytes_per_s: float = PCIE_X16
    variant: CpuVariant = CpuVariant.HASWELL
    # this computer's own rates as shares of its variant's (matrices, convolutions), measured by its earlier
    # pictures (`measured_shares`), as a card's own seconds per step replace its roofline
    measured: tuple[float, float] = (1.0, 1.0)
    speed: ProcessorSpeed | None = None  # as a short timed run measured it (None: not timed yet)


DESKTOP = Host(cores=6)  # estimate: a plan made without this computer's own processor prices a 6-core desktop's


class Placement(Protocol):
    """Where a plan puts each part (the memory planner's `MemoryPlan`), as the time model reads it."""

    @property
    def memory(self) -> MemoryFlags: ...

    @property
    def segments(self) -> int: ...


@dataclass(frozen=True)
class MeasuredStep:
    """This card's own seconds per sampling step from an earlier run, at that run's size."""

    seconds_per_step: float
    width: int
    height: int


@dataclass(frozen=True)
class PictureTime:
    """The predicted seconds of each stage, in the order they run; `measured` when sampling comes from this
    card's own earlier runs rather than the roofline."""

    stages: tuple[tuple[str, float], ...]
    measured: bool = False
    card: str = ""
    card_known: bool = True  # False: priced as the slowest Polaris card, the table does not list this one
    on_processor: tuple[str, ...] = ()  # the stages the processor runs
    variant: CpuVariant = CpuVariant.HASWELL  # ... on this variant of ggml's CPU backend
    learned: bool = False  # every stage, the start and loading included, as a picture of this kind took here
    processor_timed: bool = False  # a Vulkan driver on the processor, priced from the processor's measured speed

    @property
    def seconds(self) -> float:
        return sum(seconds for _, seconds in self.stages)

    @property
    def on_software_vulkan(self) -> bool:
        """Drawn by a Vulkan driver that runs on the processor (llvmpipe, lavapipe, SwiftShader)."""
        return software_name(self.card)

    @property
    def first_guess(self) -> bool:
        """No picture measured this yet, and the specifications say little: the card is not in our table, or it is
        a Vulkan driver on the processor, whose start, shader compiling and speed no table knows (under Wine it
        took 8-10 times the roofline's seconds, issue 53; on Linux 79.5 s for 4-7 s, issue 52)."""
        return not self.measured and (not self.card_known or (self.on_software_vulkan and not self.processor_timed))

    @property
    def setup_seconds(self) -> float:
        """The first picture on this driver sets up once (compiles its shaders); later pictures do not."""
        return sum(seconds for name, seconds in self.stages if name == "setting up")

    @property
    def one_time_setup(self) -> bool:
        return self.setup_seconds > 0

    @property
    def uncertainty(self) -> float:
        # the roofline is calibrated within 25 % on the published figures; a measured step varies less; a short
        # timed run says less of a processor whose load may change before the picture (bench_first_estimate.py)
        return 0.15 if self.measured else 0.3 if self.processor_timed else 0.25

    @property
    def low_high(self) -> tuple[float, float]:
        if self.first_guess:
            # the roofline leaves out the start, the loading and the shader compiling: short by up to 15 times on
            # lavapipe; an unknown card priced as the slowest Polaris may be faster or slower
            return ((self.seconds, self.seconds * SOFTWARE_VULKAN_SHORT_BY) if self.on_software_vulkan else
                    (self.seconds * 0.5, self.seconds * UNKNOWN_CARD_SHORT_BY))
        return self.seconds * (1 - self.uncertainty), self.seconds * (1 + self.uncertainty)


@functools.cache
def card_table() -> tuple[tuple[Card, tuple[str, ...], str | None], ...]:
    """Every card of resources/card_specs.json with the words of its name and its Polaris chip."""
    data = json.loads(resource_path("card_specs.json").read_text(encoding="utf-8"))
    return tuple((Card(c["name"], c["units"], c["lanes"], c["boost_mhz"], c["bandwidth_gb_s"] * 1e9,
                       c["integer_dot"], tuple(size * GIB for size in c["memory_gib"]),
                       int(c["max_allocation_gib"] * GIB)),
                  tuple(c["match"]), c.get("chip")) for c in data["cards"])


def _by_name(name: str) -> Card | None:
    text = " ".join(name.upper().split())
    # whole words: "RX 570" is not in "RX 5700 XT"
    found = [(len(word), card) for card, words, _ in card_table() for word in words
             if re.search(rf"\b{re.escape(word.upper())}\b", text)]
    return max(found, key=lambda pair: pair[0])[1] if found else None


def _slowest_of_chip(chip: str) -> Card | None:
    cards = [card for card, _, card_chip in card_table() if card_chip == chip]
    return min(cards, key=lambda card: card.peak_flops) if cards else None


def find_card(text: str) -> Card | None:
    """A card by its name ("Radeon RX 580 Series") or its PCI device ID ("0x67DF", "1002:67df"); a Polaris ID
    names the slowest card of its chip, as one ID covers several cards."""
    match = re.fullmatch(r"(?:(?:0x)?1002:)?(?:0x)?([0-9a-fA-F]{4})", text.strip())
    if match:
        chip = polaris_table().chips.get(int(match.group(1), 16))
        return _slowest_of_chip(chip) if chip else None
    return _by_name(text)


def _lavapipe(device: VulkanDevice, cores: int, speed: ProcessorSpeed | None) -> Card:
    bits = LANES_BY_BITS.search(device.name)
    lanes = int(bits.group(1)) // 32 if bits else 4
    card = Card(device.name, cores, lanes * 2, CPU_CLOCK_MHZ, CPU_BANDWIDTH, cpu=True)  # two FMA units a core
    if speed is None:
        return card
    # the clock that gives the measured matrix rate as BLAS's share of the peak
    clock_mhz = speed.matrix_flops / BLAS_SHARE_OF_PEAK / (card.peak_flops / CPU_CLOCK_MHZ)
    return dataclasses.replace(card, clock_mhz=clock_mhz, dispatch_seconds=DISPATCH_COMPILES / speed.compiles_per_s,
                               speed=speed)


def first_picture_time(picture: PictureTime, card: Card, shaders_kept: bool = False) -> PictureTime:
    """The first picture drawn on a Vulkan driver run by the processor, priced from its measured speed: the
    program's start and, unless the driver's shader cache already holds a picture's shaders (`shaders_kept`), the
    one-time set-up (LLVM compiling ggml's shaders, kept for later pictures) before the roofline's stages. The
    picture as it was on a card not so priced."""
    if card.speed is None:
        return picture
    rate = card.speed.compiles_per_s
    setup = () if shaders_kept else (("setting up", SETUP_COMPILES / rate),)
    return dataclasses.replace(picture, stages=(("starting", STARTING_COMPILES / rate), *setup, *picture.stages))


@functools.cache
def conservative_card(name: str) -> Card:
    """A card the table does not list: priced as the slowest Polaris card, until a real run measures it."""
    slowest = min((card for card, _, chip in card_table() if chip == "Polaris10"), key=lambda c: c.peak_flops)
    return dataclasses.replace(slowest, name=name, known=False)


def card_for_device(device: VulkanDevice, cores: int, speed: ProcessorSpeed | None = None) -> Card:
    """The card vulkaninfo names: from our table by its name, else by its Polaris PCI ID; lavapipe from the
    host's cores (and their measured `speed`); an integrated GPU or any other card a conservative stand-in."""
    if device.is_cpu:
        return _lavapipe(device, cores, speed)
    card = _by_name(device.name)
    if card is None and is_polaris(device) and device.device_id is not None:
        chip = polaris_table().chips.get(device.device_id)
        card = _slowest_of_chip(chip) if chip else None
    if card is not None:
        return dataclasses.replace(card, name=device.name)
    if device.device_type is DeviceType.INTEGRATED:
        return Card(device.name, 8, 64, 1100.0, 50e9, known=False)  # estimate: a typical 8-unit iGPU
    return conservative_card(device.name)


# --- the work ------------------------------------------------------------------------------------------------

def size_share(file_bytes: int, published_params: float) -> float:
    """How much of the published model a file can hold: 1 for any real release (no quantization packs a
    parameter in fewer than MIN_BYTES_PER_PARAM bytes), a small share for a tiny test or demo model, whose work
    the published shapes would overstate a hundredfold."""
    return min(1.0, file_bytes / (published_params * MIN_BYTES_PER_PARAM))


def pass_flops(family: ModelFamily, width: int, height: int, references: int = 0,
               diffusion_bytes: int | None = None) -> float:
    """Operations of one diffusion pass at this size (`diffusion_bytes`: the model file's weights, which scale a
    model smaller than the family's published one)."""
    calibration = CALIBRATION[family]
    per_token, per_token_sq = calibration.pass_flops
    n = tokens(width, height, family, references) if calibration.pass_over_dit_tokens else latent_tokens(width, height)
    flops = per_token * n + per_token_sq * n * n
    return flops * (1.0 if diffusion_bytes is None else size_share(diffusion_bytes, calibration.diffusion_params))


def text_flops(family: ModelFamily, text_bytes: int | None = None) -> float:
    """Operations of reading the prompt (`text_bytes`: the text encoders' weights, as for `pass_flops`)."""
    encoders = CALIBRATION[family].text_encoders
    params = sum(encoder_params for encoder_params, _ in encoders)
    flops = sum(2 * encoder_params * read for encoder_params, read in encoders)
    return flops * (1.0 if text_bytes is None else size_share(text_bytes, params))


def _gpu_seconds(card: Card, flops: float, weight_bytes: float, efficiency: float) -> float:
    if card.cpu:
        efficiency = LAVAPIPE_EFFICIENCY
    return max(flops / (card.peak_flops * efficiency), weight_bytes / (card.bandwidth * MEMORY_EFFICIENCY))


def pass_seconds(card: Card, components: Components, width: int, height: int, quantized: bool,
                 references: int = 0, flash_attention: bool = True) -> float:
    """One diffusion pass on the card: its operations or its weights, and its dispatches."""
    family = components.family
    efficiency = EFFICIENCY_QUANTIZED if quantized and not card.integer_dot else EFFICIENCY_FULL
    flops = pass_flops(family, width, height, references, components.diffusion)
    calibration = CALIBRATION[family]
    dispatches = calibration.graph_nodes * card.dispatch_seconds
    seconds = _gpu_seconds(card, flops, components.diffusion, efficiency) + dispatches
    return seconds * (1.0 if flash_attention else calibration.no_fa_slowdown)


def gpu_seconds(card: Card, flops: float) -> float:
    """Seconds of `flops` operations of unquantized work on the card (the upscaler's)."""
    return _gpu_seconds(card, flops, 0, EFFICIENCY_FULL)


def _processor_rates(host: Host, family: ModelFamily) -> tuple[float, float]:
    """Operations a second of the host's cores on matrices (this family's text encoders) and convolutions."""
    rates = CPU_RATES[host.variant]
    matrix_share, conv_share = host.measured
    return (host.cores * rates.matrix * matrix_share * CALIBRATION[family].clip_share_of_matrix_rate,
            host.cores * rates.conv * conv_share)


def _decode_flops(components: Components, width: int, height: int, tiled: bool, tile: int | None = None) -> float:
    """A decode's operations; tiled, every tile's pixels (their overlaps redone, sd.cpp's own tile count) at the
    measured share of an untiled pixel's price (decoder_tiles.py), never less than the picture untiled."""
    per_pixel = TAE_FLOPS_PER_PIXEL if components.tae else VAE_DECODE_FLOPS_PER_PIXEL
    if not tiled:
        return width * height * per_pixel
    # never less than the whole picture untiled: every tiled decode measured took longer (1.14..1.65 times)
    return max(width * height, decoded_pixels(width, height, _scale(components), tile) * TILE_PIXEL_SHARE) * per_pixel


def _scale(components: Components) -> int:
    """Output pixels per latent along a side of the family's decoder (16 for the FLUX.2 VAE, else 8)."""
    tile_pixels = VAE_TILE_PIXELS if components.tae else CALIBRATION[components.family].vae_tile_pixels
    return int(tile_pixels ** 0.5) // 32


def _tiles_seconds(components: Components, width: int, height: int, tiled: bool, tile: int | None = None) -> float:
    """A tiled decode's fixed cost a tile on the card (decoder_tiles.py)."""
    return tile_count(width, height, _scale(components), tile) * TILE_SECONDS if tiled else 0.0


def measured_shares(components: Components, memory: MemoryFlags, host: Host, width: int, height: int,
                    taken: Mapping[str, float]) -> tuple[float | None, float | None]:
    """This computer's rates (matrices, convolutions) as shares of its variant's, from a picture's own seconds for
    the stages the processor ran (`taken`: sd.cpp's "text" and "decode" seconds): each stage's predicted seconds
    over what it took, times the share the prediction used; None for a part the processor did not time."""
    family = components.family
    matrix, conv = _processor_rates(host, family)
    matrix_share = conv_share = None
    if memory.clip_on_cpu and taken.get("text"):
        matrix_share = host.measured[0] * text_flops(family, components.text_encoders) / matrix / taken["text"]
    if memory.vae_on_cpu and taken.get("decode"):
        conv_flops = _decode_flops(components, width, height, memory.vae_tiling, memory.vae_tile)
        conv_share = host.measured[1] * conv_flops / conv / taken["decode"]
    return matrix_share, conv_share


# a ControlNet's work, a share of its UNet's pass (the encoder half and middle block, from the architecture), and its
# seconds on the card, a share of a UNet step with flash attention: measured (H200, Vulkan, h200_controlnet.json:
# SD 1.5 at 512 px, 16 steps took 2.75 s without and 4.90 s with it on the card): more than its work, as sd.cpp runs
# it without flash attention. On the processor it runs at the processor's convolution rate (the same runs: 6.3 s a
# step more with --control-net-cpu on 16 cores, where this prices 6.5)
CONTROL_WORK_SHARE = 0.45
CONTROL_STEP_SHARE = 0.78

def picture_time(components: Components, plan: Placement, card: Card, host: Host, width: int, height: int,
                 steps: int, quantized: bool, work: ExtraWork = NO_EXTRA_WORK,
                 measured: MeasuredStep | None = None) -> PictureTime:
    """Seconds of each stage after loading: text encoding, encoding an input picture, sampling (the hires
    pass too), decoding, and the weights moved over PCIe. `measured`: this card's own seconds per step, scaled
    by the roofline to this size."""
    family = components.family
    memory = plan.memory
    passes_per_step = CALIBRATION[family].passes_per_step
    fa = memory.diffusion_fa

    def step_seconds(w: int, h: int) -> float:
        roofline = passes_per_step * pass_seconds(card, components, w, h, quantized, work.references, fa)
        if measured is None:
            return roofline
        at_measured = passes_per_step * pass_seconds(card, components, measured.width, measured.height, quantized,
                                                     flash_attention=fa)
        return measured.seconds_per_step * roofline / at_measured

    final_w, final_h = work.hires_size or (width, height)
    sampling = steps * step_seconds(width, height)
    passes = steps * passes_per_step
    if work.hires_size:
        sampling += (work.hires_steps or steps) * step_seconds(final_w, final_h)
        passes += (work.hires_steps or steps) * passes_per_step
    matrix, conv = _processor_rates(host, family)
    if work.control_bytes and work.control_on_cpu:  # a ControlNet: the UNet's encoder half again at every step
        sampling += steps * passes_per_step * CONTROL_WORK_SHARE * pass_flops(family, width, height) / conv
    elif work.control_bytes:
        sampling += CONTROL_STEP_SHARE * steps * step_seconds(width, height)
    if work.faces_only:  # no picture of its own is drawn
        sampling, passes = 0.0, 0
    if work.face_passes and work.face_size:
        sampling += work.face_passes * work.face_steps * step_seconds(*work.face_size)
        passes += work.face_passes * work.face_steps * passes_per_step

    if memory.clip_on_cpu:
        text = text_flops(family, components.text_encoders) / matrix
    else:
        text = _gpu_seconds(card, text_flops(family, components.text_encoders), components.text_encoders,
                            EFFICIENCY_FULL)
    text *= work.runs  # each face's pass reads the prompt again

    decode_flops = _decode_flops(components, final_w, final_h, memory.vae_tiling, memory.vae_tile)
    encode_flops = width * height * VAE_ENCODE_FLOPS_PER_PIXEL * max(int(work.encode), work.references)
    if work.faces_only:
        encode_flops, decode_flops = 0, 0
    if work.face_passes and work.face_size:  # each face's crop is encoded and decoded too
        face_pixels = work.face_size[0] * work.face_size[1]
        encode_flops += work.face_passes * face_pixels * VAE_ENCODE_FLOPS_PER_PIXEL
        decode_flops += work.face_passes * _decode_flops(components, *work.face_size, memory.vae_tiling)
    if memory.vae_on_cpu:
        decode, encode = decode_flops / conv, encode_flops / conv
    else:
        decode = _gpu_seconds(card, decode_flops, held_vae_bytes(components), EFFICIENCY_FULL)
        if not work.faces_only:
            decode += _tiles_seconds(components, final_w, final_h, memory.vae_tiling, memory.vae_tile)
        if work.face_passes and work.face_size:
            decode += work.face_passes * _tiles_seconds(components, *work.face_size, memory.vae_tiling)
        encode = _gpu_seconds(card, encode_flops, 0, EFFICIENCY_FULL) if encode_flops else 0.0

    moving = 0.0
    if memory.offload_to_cpu:
        per_stage = min(host.link_bytes_per_s, OFFLOAD_BYTES_PER_S)
        moved = (0 if memory.clip_on_cpu else components.text_encoders) + (0 if memory.vae_on_cpu else
                                                                           held_vae_bytes(components))
        diffusion = components.diffusion + work.lora_bytes
        if plan.segments > 1 and measured is None:  # a measured step already holds its streaming
            streamed = min(host.link_bytes_per_s, STREAM_BYTES_PER_S)
            moving += passes * (diffusion / streamed + plan.segments * SEGMENT_SECONDS)
        elif plan.segments <= 1:
            moved += diffusion
        moving += moved / per_stage

    stages = [("text", text), ("encode", encode), ("sampling", sampling), ("decode", decode),
              ("moving weights", moving)]
    on_processor = (("text",) if memory.clip_on_cpu else ()) + (("encode", "decode") if memory.vae_on_cpu else ())
    return PictureTime(tuple((name, seconds) for name, seconds in stages if seconds > 0 or name == "sampling"),
                       measured is not None, card.name, card.known, on_processor, host.variant,
                       processor_timed=card.speed is not None)


def size_class(width: int, height: int) -> str:
    """The size a measured step is kept under: steps scale with the picture's tokens, and near sizes share."""
    megapixels = width * height / 1e6
    return "small" if megapixels <= 0.4 else "medium" if megapixels <= 0.75 else "large" if megapixels <= 1.3 \
        else "huge"


def measured_key(family: ModelFamily, width: int, height: int, streamed: bool) -> str:
    """'sdxl/large' (or 'sdxl/large/streamed' under --max-vram: its steps hold the weights' streaming)."""
    return f"{family.value}/{size_class(width, height)}{'/streamed' if streamed else ''}"


def time_range_words(low: float, high: float) -> str:
    """'about 20-30 s', 'about 1-2 min', 'about 12-16 min', 'about 1-2 h'."""
    if high < 60:
        def seconds(value: float) -> int:
            return max(1, round(value / 5) * 5 if value >= 20 else round(value))
        low_s, high_s = seconds(low), seconds(high)
        return (translate("Time", "about {seconds} s").format(seconds=low_s) if low_s == high_s else
                translate("Time", "about {low}-{high} s").format(low=low_s, high=high_s))
    if high < 90 * 60:
        low_m, high_m = max(1, round(low / 60)), max(1, round(high / 60))
        return (translate("Time", "about {minutes} min").format(minutes=low_m) if low_m == high_m else
                translate("Time", "about {low}-{high} min").format(low=low_m, high=high_m))
    low_h, high_h = max(1, round(low / 3600)), max(1, round(high / 3600))
    return (translate("Time", "about {hours} h").format(hours=low_h) if low_h == high_h else
            translate("Time", "about {low}-{high} h").format(low=low_h, high=high_h))


def time_json(picture: PictureTime) -> dict[str, object]:
    """`predicted_seconds` (the whole picture) and each stage's seconds and share, for `plan --json`."""
    total = picture.seconds
    low, high = picture.low_high
    return {
        "predicted_seconds": round(total, 1),
        "predicted_seconds_range": [round(low, 1), round(high, 1)],
        "time_from": ("measured on this card: earlier pictures of this model, size and placement" if picture.learned
                      else "measured on this card" if picture.measured else
                      "estimated from this processor's measured speed" + (
                          "; the first picture includes a one-time set-up" if picture.one_time_setup else "")
                      if picture.processor_timed else
                      "not known yet: the first picture on this processor's Vulkan driver measures it"
                      if picture.first_guess and picture.on_software_vulkan else
                      "estimated from the card's specifications"
                      if picture.card_known else "estimated as for the slowest Polaris card (this card is not in "
                      "our table)"),
        "time_card": picture.card,
        "stages": [{"stage": name, "seconds": round(seconds, 2), "share": round(seconds / total, 3) if total else 0}
                   for name, seconds in picture.stages],
    }
