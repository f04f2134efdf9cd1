"""The prompt helper's text model: which file it is (a chat LLM in GGUF, as llama.cpp publishes them: Qwen3-4B,
the same file the Z-Image and FLUX.2 klein presets read prompts with), what its header says, its download, and
where it runs (the processor, or the card when a picture does not need it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.core.file_words import file_problem
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


# what a card needs beside the weights and the KV cache: llama.cpp's compute buffers for a 4B model at this
# context (measured ~300 MiB on the H100 in the Polaris lane), with margin
CARD_MARGIN = 512 * 2**20


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
