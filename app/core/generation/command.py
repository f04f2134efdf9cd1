"""GenerationRequest -> the sd.cpp argv (a list, never a shell string) and its environment."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from app.core.generation.preview import PreviewMethod, preview_options
from app.core.generation.request import GenerationRequest, InvalidRequest
from app.core.models.backend_caps import BackendCaps
from app.core.models.families import SET_SLOTS, memory_options
from app.core.system.vulkaninfo import VISIBLE_DEVICES_VARIABLE


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
    add("--width", str(request.width))
    add("--height", str(request.height))
    add("--steps", str(request.steps))
    add("--seed", str(request.seed))
    if request.cfg_scale is not None:
        add("--cfg-scale", f"{request.cfg_scale:g}")
    if request.sampler:
        add("--sampling-method", request.sampler)
    if request.scheduler:
        add("--scheduler", request.scheduler)
    if request.init_image is not None:
        add("--init-img", path_text(request.init_image))
        add("--strength", f"{request.strength:g}")
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
    for option in memory_options(request.memory):
        add(*option)
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


def backend_environment(base: Mapping[str, str], device_index: int | None) -> dict[str, str]:
    """The child's environment: the chosen Vulkan device, unless the user pinned one already."""
    env = dict(base)
    if device_index is not None and VISIBLE_DEVICES_VARIABLE not in env:
        env[VISIBLE_DEVICES_VARIABLE] = str(device_index)
    return env
