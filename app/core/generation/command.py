"""GenerationRequest -> the sd.cpp argv (a list, never a shell string) and its environment."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from app.core.generation.request import REQUEST_FIELDS, GenerationRequest, InvalidRequest
from app.core.models.backend_caps import BackendCaps
from app.core.models.families import SET_SLOTS, memory_options
from app.core.planning.decoder_tiles import tile_options
from app.core.planning.preview import PreviewMethod, preview_options
from app.core.system.overlay_layers import overlay_layers
from app.core.system.polaris import is_polaris
from app.core.system.vulkaninfo import VISIBLE_DEVICES_VARIABLE, VulkanDevice

# Our ggml patch (backend_bin/ggml-vulkan-submit-cap.patch): nodes queued per vkQueueSubmit, 0 = ggml's own 100.
# Work in one submit must finish within the driver's ~2 s timeout, which big graphs exceed on an RX 580
# (llama.cpp #18523, #21724); ggml's GCN detection misses some drivers, so a Polaris card gets it by its PCI ID.
SUBMIT_CAP_VARIABLE = "POLARIS_VK_MAX_NODES_PER_SUBMIT"
POLARIS_NODES_PER_SUBMIT = "16"
# What a Polaris card lacks (RADV: "fp16: 0 | int dot: 0 | matrix cores: none", koboldcpp #1667), switched off on
# any Vulkan device so that it runs the shader paths an RX 580 runs; the ~2 GiB one allocation really gets on
# Polaris drivers (llama.cpp #5441); and the submit cap. The tests' Polaris lane runs the backend with these.
POLARIS_FEATURE_SET: Mapping[str, str] = {
    "GGML_VK_DISABLE_F16": "1",
    "GGML_VK_DISABLE_INTEGER_DOT_PRODUCT": "1",
    "GGML_VK_DISABLE_COOPMAT": "1",
    "GGML_VK_DISABLE_COOPMAT2": "1",
    "GGML_VK_DISABLE_BFLOAT16": "1",
    # the fp16 dot product of VK_VALVE_shader_mixed_float_dot_product, which a card without fp16 has not
    "GGML_VK_DISABLE_DOT2": "1",
    "GGML_VK_FORCE_MAX_ALLOCATION_SIZE": str(2 * 2**30),
    SUBMIT_CAP_VARIABLE: POLARIS_NODES_PER_SUBMIT,
}
# Mesa (lavapipe, RADV) keeps the shaders it compiled in this folder, checked against the driver's build; without it,
# in the folder of the user's passwd entry (~/.cache/mesa_shader_cache), whatever HOME says: on lavapipe a new cache
# made the demo's first picture 131-155 s, a kept one 28 s (issue 52). Told to keep none, Mesa compiles every time.
SHADER_CACHE_VARIABLE = "MESA_SHADER_CACHE_DIR"
SHADER_CACHE_OFF_VARIABLE = "MESA_SHADER_CACHE_DISABLE"
# AMD's Windows driver: ggml's weights offloaded into host-visible VRAM crash there, and with this off the T5
# stage ran 4.7x faster (sd.cpp #1946)
HOST_VISIBLE_VIDMEM_VARIABLE = "GGML_VK_DISABLE_HOST_VISIBLE_VIDMEM"
AMD_WINDOWS_DRIVER = "DRIVER_ID_AMD_PROPRIETARY"


def build_argv(binary: Path, request: GenerationRequest, caps: BackendCaps, output: Path,
               path_text: Callable[[Path], str] = str,
               preview: tuple[PreviewMethod, str] | None = None) -> list[str]:
    """Arguments for one txt2img run; the request must already be validated and seeded. `path_text` writes a
    model path the way the backend can open it on this platform (see platform_paths.backend_path). `preview`:
    the live preview's method and the file sd.cpp writes each step's frame into, as the backend reads it."""
    if request.seed is None or request.memory is None:
        raise ValueError("the request has no seed or no memory placement yet")
    argv = [str(binary)]

    def add(flag: str, *values: str) -> None:
        if not caps.supports(flag):
            raise InvalidRequest(f"this sd.cpp build has no {flag} option; update the backend")
        argv.extend((flag, *values))

    for role, path in request.models.given().items():
        add(SET_SLOTS[role].flag, path_text(path))
    add("--prompt", request.prompt)
    if request.negative_prompt:
        add("--negative-prompt", request.negative_prompt)
    for name, declared in REQUEST_FIELDS.items():
        value = getattr(request, name)
        if value is not None and declared.applies(request):
            add(declared.flag, declared.sd_text(value))
    if request.init_image is not None:
        add("--init-img", path_text(request.init_image))
    if request.mask is not None:
        add("--mask", path_text(request.mask))
    for picture in request.ref_images:
        add("--ref-image", path_text(picture))
    if request.hires is not None and request.hires_size is not None:
        add("--hires")
        add("--hires-width", str(request.hires_size[0]))
        add("--hires-height", str(request.hires_size[1]))
        add("--hires-denoising-strength", f"{request.hires.denoising_strength:g}")
        if request.hires.steps:
            add("--hires-steps", str(request.hires.steps))
    if request.lora_dir is not None:
        add("--lora-model-dir", path_text(request.lora_dir))
    if request.control is not None:  # ControlNet: the control picture guides the drawing
        control = request.control
        add("--control-net", path_text(control.model))
        add("--control-image", path_text(control.image))
        add("--control-strength", f"{control.strength:g}")
        if control.canny:  # sd.cpp finds the picture's edges first
            add("--canny")
        if control.on_cpu:
            add("--control-net-cpu")
    for option in memory_options(request.memory):
        add(*option)
    if tile := tile_options(request.memory):  # the planner's decoder tile, where not sd.cpp's default
        add(*tile)
    if preview is not None:
        options = preview_options(*preview)
        for flag, value in zip(options[::2], options[1::2], strict=True):
            add(flag, value)
    add("--output", str(output))
    return argv


def build_upscale_argv(binary: Path, image: Path, model: Path, repeats: int, tile_size: int, caps: BackendCaps,
                       output: Path, path_text: Callable[[Path], str] = str) -> list[str]:
    """Arguments for sd.cpp's upscale mode: the ESRGAN model run `repeats` times over one picture."""
    argv = [str(binary)]
    for flag, *values in (("--mode", "upscale"), ("--upscale-model", path_text(model)),
                          ("--init-img", path_text(image)), ("--upscale-repeats", str(repeats)),
                          ("--upscale-tile-size", str(tile_size)), ("--output", str(output))):
        if not caps.supports(flag):
            raise InvalidRequest(f"this sd.cpp build has no {flag} option; update the backend")
        argv.extend((flag, *values))
    return argv


def backend_environment(base: Mapping[str, str], device: VulkanDevice | None,
                        on_windows: bool = sys.platform == "win32", shaders: Path | None = None) -> dict[str, str]:
    """The child's environment: the chosen Vulkan device and what its driver needs, each unless the user set that
    variable already (None: no Vulkan device, the backend runs on the CPU). `shaders`: the app's folder for Mesa's
    compiled shaders (Linux; Windows' drivers keep their own)."""
    env = dict(base)
    if shaders is not None and not on_windows:
        env.setdefault(SHADER_CACHE_VARIABLE, str(shaders))
    # FPS counters' and recorders' layers crash or hang model loads: those that declare a way out are kept out
    for layer in overlay_layers():
        if layer.disable_variable:
            env.setdefault(layer.disable_variable, "1")
    if device is None:
        return env
    env.setdefault(VISIBLE_DEVICES_VARIABLE, str(device.index))
    if is_polaris(device):
        env.setdefault(SUBMIT_CAP_VARIABLE, POLARIS_NODES_PER_SUBMIT)
    if on_windows and device.driver_id == AMD_WINDOWS_DRIVER:
        env.setdefault(HOST_VISIBLE_VIDMEM_VARIABLE, "1")
    return env


def shader_cache(env: Mapping[str, str], on_windows: bool = sys.platform == "win32") -> Path | None:
    """The folder where Mesa keeps the shaders a program started with `env` compiles; None where it keeps none,
    the environment does not name it, or on Windows (its drivers keep their own; a Mesa under Wine reads a Linux
    path that this process cannot check)."""
    if on_windows or env.get(SHADER_CACHE_OFF_VARIABLE, "").lower() in ("1", "true", "yes"):
        return None
    folder = env.get(SHADER_CACHE_VARIABLE)
    return Path(folder) if folder else None
