"""The prompt helper as data: what it asks the text model (enhance an idea, translate a prompt), the llama-server
argv and environment, its streamed answer, where the model runs, and which files it can use.

The text model is a chat LLM in GGUF as llama.cpp publishes them (Qwen3-4B-Q4_K_M.gguf: the same file the Z-Image
and FLUX.2 klein presets read prompts with). llama.cpp's own `llama-server` runs it; the service
(app/services/prompt_helper.py) starts it, streams from its OpenAI-style /v1/chat/completions and stops it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from app.core.file_words import file_problem
from app.core.generation.command import SUBMIT_CAP_VARIABLE
from app.core.models.backend_caps import BackendCaps
from app.core.models.catalog import Catalog, Preset
from app.core.models.families import ModelFamily
from app.core.models.model_files import GgufArray, ModelFileError, read_gguf_tensors
from app.core.sizes import format_size
from app.core.words import translate

# the catalog's file (resources/catalog.json): Qwen3-4B as unsloth quantized it, also the text encoder of the
# Z-Image and klein presets: one download, two uses
PROMPT_MODEL_NAME = "Qwen3-4B-Q4_K_M.gguf"
# room for the instruction, the user's prompt and the answer, with margin (an answer is capped far below)
CONTEXT_TOKENS = 4096
ANSWER_TOKENS = {"enhance": 160, "translate": 320}
# the answer streams while the model thinks nothing aloud: Qwen3's thinking is switched off
_THINKING = re.compile(r"<think>.*?(</think>|$)", re.DOTALL)
_LORA_TAG = re.compile(r"<lora:[^>]+>")
_LABEL = re.compile(r"^\s*(?:prompt|english|translation|enhanced prompt)\s*:\s*", re.IGNORECASE)
# what a card needs beside the weights and the KV cache: llama.cpp's compute buffers for a 4B model at this
# context (measured ~300 MiB on the H100 in the Polaris lane), with margin
CARD_MARGIN = 512 * 2**20
# the llama-server options the helper's argv uses: the probe of --help must find each
NEEDED_FLAGS = ("--model", "--host", "--port", "--ctx-size", "--n-gpu-layers", "--threads", "--device",
                "--reasoning", "--parallel", "--no-webui", "--log-verbosity", "--poll")


class HelperTask(StrEnum):
    ENHANCE = "enhance"
    TRANSLATE = "translate"


class PromptModelRejected(ValueError):
    """The file cannot be the prompt helper's model; the message says why, in the user's words."""


class PromptModelMissing(PromptModelRejected):
    """No text model in the models folder yet: the window offers its download."""


@dataclass(frozen=True)
class PromptModel:
    """A chat model file llama.cpp can run, as its header describes it."""

    path: Path
    architecture: str
    bytes: int
    layers: int
    kv_width: int  # key/value heads x head width: what one token costs in the KV cache, per layer and per K or V

    def cache_bytes(self, tokens: int = CONTEXT_TOKENS) -> int:
        """The KV cache at f16 for `tokens` (llama.cpp's default cache type)."""
        return 2 * self.layers * self.kv_width * tokens * 2


def inspect_prompt_model(path: Path) -> PromptModel:
    """Read the file's GGUF header; refuse what llama.cpp cannot chat with, in words."""
    metadata: dict[str, object] = {}
    try:
        with path.open("rb") as f:
            tensors, _ = read_gguf_tensors(f, metadata)
    except OSError as error:
        raise PromptModelRejected(file_problem(error, path)) from error
    except ModelFileError as error:
        raise PromptModelRejected(translate("PromptHelper", "{name} cannot be read as a text model: {why}").format(
            name=path.name, why=error)) from error
    architecture = metadata.get("general.architecture")
    tokens = metadata.get("tokenizer.ggml.tokens")
    if not isinstance(architecture, str) or not isinstance(tokens, GgufArray):
        raise PromptModelRejected(translate(
            "PromptHelper", "{name} is a text encoder saved for pictures only, without the word list a chat model "
                            "needs; the prompt helper needs {wanted} as published for llama.cpp").format(
            name=path.name, wanted=PROMPT_MODEL_NAME))

    def number(key: str, default: int = 0) -> int:
        value = metadata.get(f"{architecture}.{key}", default)
        return int(value) if isinstance(value, int) else default

    layers = number("block_count")
    heads = number("attention.head_count", 1)
    kv_heads = number("attention.head_count_kv", heads)
    head_width = number("attention.key_length") or number("embedding_length") // max(heads, 1)
    if layers <= 0:
        raise PromptModelRejected(translate("PromptHelper", "{name} has no layers in its header: it is not a text "
                                                           "model").format(name=path.name))
    return PromptModel(path, architecture, sum(t.nbytes for t in tensors), layers, kv_heads * head_width)


PROMPT_MODEL_PRESET = "prompt-helper"


def prompt_model_download(catalog: Catalog) -> Preset | None:
    """The prompt helper's text model as a download of its own: the catalog's Qwen3-4B, which the Z-Image and
    klein presets fetch as their text encoder (one file, two uses). None when the catalog lists no such file."""
    file = next((f for preset in catalog.presets.values() for f in preset.files if f.name == PROMPT_MODEL_NAME), None)
    if file is None:
        return None
    return Preset(PROMPT_MODEL_PRESET, translate("PromptHelper", "Qwen3-4B, the prompt helper's text model"),
                  ModelFamily.UNKNOWN, 0, file.note, (file,), name="Qwen3-4B")


# --- where it runs -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HelperPlace:
    on_card: bool
    why: str  # in the user's words, for the helper's status line


def place_helper(model: PromptModel, card_wanted: bool, pictures_waiting: bool,
                 card_free_bytes: int | None) -> HelperPlace:
    """The processor by default: it never competes with a picture for the card's memory. The card when the user
    wants it, no picture is drawing or waiting, and the model, its cache and llama.cpp's buffers fit what is free."""
    if not card_wanted:
        return HelperPlace(False, translate("PromptHelper", "runs on the processor"))
    if pictures_waiting:
        return HelperPlace(False, translate("PromptHelper", "runs on the processor: pictures are being drawn on "
                                                           "the graphics card"))
    needed = model.bytes + model.cache_bytes() + CARD_MARGIN
    if card_free_bytes is None or needed > card_free_bytes:
        free = translate("PromptHelper", "unknown") if card_free_bytes is None else format_size(card_free_bytes)
        return HelperPlace(False, translate("PromptHelper", "runs on the processor: it needs {needed} on the "
                                                           "graphics card, {free} is free").format(
            needed=format_size(needed), free=free))
    return HelperPlace(True, translate("PromptHelper", "runs on the graphics card ({needed} of {free} free)").format(
        needed=format_size(needed), free=format_size(card_free_bytes)))


# --- the llama-server program ----------------------------------------------------------------------------------
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
    variables and the Polaris feature set), the key every request must carry (in the environment, not in argv,
    where any program on the PC could read it), and upstream's own name for our submit cap: this ggml has it."""
    environment = {**base, API_KEY_VARIABLE: api_key}
    if SUBMIT_CAP_VARIABLE in environment:
        environment["GGML_VK_MAX_NODES_PER_SUBMIT"] = environment[SUBMIT_CAP_VARIABLE]
    return environment


# --- what it is asked ------------------------------------------------------------------------------------------
def _style(family: ModelFamily) -> str:
    if family.traits.prompt_style == "tags":
        return ("one line of comma-separated tags for a Stable Diffusion model: the subject first, then details, "
                "setting, style, lighting and a few quality tags; at most 50 words")
    return ("two to four vivid English sentences for a modern text-to-image model: the subject, its setting, the "
            "composition, the lighting and the style; at most 90 words")


def chat_messages(task: HelperTask, family: ModelFamily, text: str) -> list[dict[str, str]]:
    """The instruction and the user's text. Instructions stay English (the model follows English best); the
    answer's language is the task's."""
    if task is HelperTask.ENHANCE:
        system = ("You write prompts for an image generator. Turn the user's idea into " + _style(family) + ". Keep "
                  "every detail the user gave; write in English; reply with the prompt only, without quotes or "
                  "comments.")
    else:
        system = ("Translate the user's image prompt into English. Keep its meaning and its order, keep names, "
                  "weights like (word:1.2), <lora:...> tags and {a|b} choices exactly as they are. Reply with the "
                  "translation only, without quotes or comments.")
    return [{"role": "system", "content": system}, {"role": "user", "content": text.strip()}]


def chat_request(task: HelperTask, family: ModelFamily, text: str) -> dict[str, object]:
    """The body of the streamed /v1/chat/completions call."""
    return {"messages": chat_messages(task, family, text), "stream": True,
            "max_tokens": ANSWER_TOKENS[task.value], "temperature": 0.7 if task is HelperTask.ENHANCE else 0.2,
            "chat_template_kwargs": {"enable_thinking": False}}


def suggestion(answer: str, original: str) -> str:
    """The answer as a prompt: one paragraph (a model may break its lines), no thinking block, label or quotes;
    the LoRA tags of the original kept (a model may drop or mangle them, and they are not words to enhance)."""
    text = " ".join(_THINKING.sub("", answer).split())
    text = _LABEL.sub("", text).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'“”«»":
        text = text[1:-1].strip()
    text = text.strip("“”«»").strip()
    missing = [tag for tag in _LORA_TAG.findall(original) if tag not in text]
    return " ".join([text, *missing]).strip()


# --- its streamed answer ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Words:
    text: str


@dataclass(frozen=True)
class AnswerEnded:
    tokens_per_second: float | None = None
    prompt_tokens_per_second: float | None = None
    tokens: int | None = None


@dataclass(frozen=True)
class AnswerFailed:
    message: str


StreamEvent = Words | AnswerEnded | AnswerFailed


@dataclass
class AnswerStream:
    """Server-sent events of an OpenAI-style streamed chat answer, fed as bytes arrive (a line may be split
    between reads). The last chunk of llama-server carries its timings."""

    _pending: bytes = b""
    _timings: dict[str, object] = field(default_factory=dict)

    def feed(self, data: bytes) -> list[StreamEvent]:
        self._pending += data
        *lines, self._pending = self._pending.split(b"\n")
        events: list[StreamEvent] = []
        for raw in lines:
            events += self._line(raw.decode("utf-8", errors="replace").strip())
        return events

    def _line(self, line: str) -> list[StreamEvent]:
        if not line.startswith("data:"):
            return []
        payload = line.removeprefix("data:").strip()
        if payload == "[DONE]":
            return [self._ended()]
        try:
            chunk = json.loads(payload)
        except ValueError:
            return []
        if not isinstance(chunk, dict):
            return []
        if "error" in chunk:
            error = chunk["error"]
            message = error.get("message") if isinstance(error, dict) else error
            return [AnswerFailed(str(message))]
        if isinstance(chunk.get("timings"), dict):
            self._timings = chunk["timings"]
        words = [choice.get("delta", {}).get("content") for choice in chunk.get("choices", [])
                 if isinstance(choice, dict) and isinstance(choice.get("delta"), dict)]
        return [Words(text) for text in words if isinstance(text, str) and text]

    def _ended(self) -> AnswerEnded:
        def number(key: str) -> float | None:
            value = self._timings.get(key)
            return float(value) if isinstance(value, int | float) else None

        tokens = number("predicted_n")
        return AnswerEnded(number("predicted_per_second"), number("prompt_per_second"),
                           int(tokens) if tokens is not None else None)


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
