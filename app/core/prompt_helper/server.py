"""llama.cpp's `llama-server`, which runs the prompt helper's model: the options its argv needs, the argv and
environment it starts with, and its last words in the user's words when it stops (app/services/prompt_helper.py
starts and stops it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from app.core.models.backend_caps import BackendCaps
from app.core.prompt_helper.model import CONTEXT_TOKENS, HelperPlace
from app.core.words import translate

# the llama-server options the helper's argv uses: the probe of --help must find each
NEEDED_FLAGS = ("--model", "--host", "--port", "--ctx-size", "--n-gpu-layers", "--threads", "--device",
                "--reasoning", "--parallel", "--no-webui", "--log-verbosity", "--poll")


def missing_flags(caps: BackendCaps) -> list[str]:
    return [flag for flag in NEEDED_FLAGS if not caps.supports(flag)]


def server_argv(binary: Path, model: Path, port: int, place: HelperPlace, threads: int,
                path_text: Callable[[Path], str] = str) -> list[str]:
    """llama-server on 127.0.0.1 only, one conversation at a time, no web page, no thinking aloud; on the
    processor it offloads nothing (`--device none`: the card's memory is not touched at all)."""
    argv = [str(binary), "--model", path_text(model), "--host", "127.0.0.1", "--port", str(port),
            "--ctx-size", str(CONTEXT_TOKENS), "--parallel", "1", "--threads", str(threads), "--reasoning", "off",
            "--no-webui", "--log-verbosity", "4",  # 4: it says which device holds how many layers
            # its threads sleep while they wait instead of spinning: it runs beside pictures and other programs,
            # and with both cores of a 2-core PC busy its tiny test model wrote 3-15 tokens/s spinning, 39-66 not
            "--poll", "0"]
    if place.on_card:
        return [*argv, "--n-gpu-layers", "999"]
    return [*argv, "--n-gpu-layers", "0", "--device", "none"]


API_KEY_VARIABLE = "LLAMA_API_KEY"


def server_environment(base: Mapping[str, str], api_key: str) -> dict[str, str]:
    """The environment llama-server starts with: the app's own backend environment (the card's Vulkan
    variables and the Polaris feature set, our submit cap among them: it shares sd-cli's ggml), and the key every
    request must carry (in the environment, not in argv, where any program on the PC could read it)."""
    return {**base, API_KEY_VARIABLE: api_key}


def server_failure(output: str) -> str:
    """Why llama-server stopped before it could answer, from what it printed, in the user's words."""
    lowered = output.lower()
    if "out of memory" in lowered or "erroroutofdevicememory" in lowered or "failed to allocate" in lowered:
        return translate("PromptHelper", "the prompt helper ran out of memory loading its model; close other "
                                         "programs or let it run on the processor")
    if "failed to load model" in lowered or "error loading model" in lowered:
        return translate("PromptHelper", "the prompt helper could not load its model file: it may be damaged "
                                         "or not a chat model llama.cpp reads")
    if "couldn't bind" in lowered or "address already in use" in lowered:
        return translate("PromptHelper", "the prompt helper could not open its local connection; try again")
    return translate("PromptHelper", "the prompt helper stopped unexpectedly")
