"""What the prompt helper asks the text model (enhance an idea, translate a prompt) and how its streamed answer
is read: OpenAI-style /v1/chat/completions, Qwen3's thinking switched off, the suggestion cleaned of labels."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from enum import StrEnum

from app.core.models.families import ModelFamily

ANSWER_TOKENS = {"enhance": 160, "translate": 320}


# the answer streams while the model thinks nothing aloud: Qwen3's thinking is switched off
_THINKING = re.compile(r"<think>.*?(</think>|$)", re.DOTALL)


_LORA_TAG = re.compile(r"<lora:[^>]+>")


_LABEL = re.compile(r"^\s*(?:prompt|english|translation|enhanced prompt)\s*:\s*", re.IGNORECASE)


class HelperTask(StrEnum):
    ENHANCE = "enhance"
    TRANSLATE = "translate"


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
