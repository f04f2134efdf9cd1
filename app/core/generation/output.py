"""sd.cpp console output -> typed events. The only place that reads sd.cpp's output text.

sd.cpp redraws its progress bar in place: `\\r  |=====>    | 5/20 - 1.23s/it\\x1b[K`, with a newline only
after the last step, and logs `[INFO ] file.cpp:123 - msg` lines. `OutputParser.feed` accepts bytes in
whatever chunks the pipe delivers and returns the same events however the bytes were split.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from enum import StrEnum

from app.core.models.families import SET_SLOTS
from app.core.words import translate


class Stage(StrEnum):
    LOADING = "loading"
    ENCODING = "encoding"
    SAMPLING = "sampling"
    DECODING = "decoding"
    SAVING = "saving"


class ErrorKind(StrEnum):
    OUT_OF_VRAM = "out_of_vram"
    DEVICE_LOST = "device_lost"  # the driver reset the card mid-run (a Polaris card's ~2 s timeout on Windows)
    MODEL_LOAD_FAILED = "model_load_failed"
    BACKEND_MISSING = "backend_missing"
    BACKEND_CRASHED = "backend_crashed"
    BAD_REQUEST = "bad_request"
    CANNOT_SAVE = "cannot_save"  # a folder refused the finished picture (read-only, full, gone)
    BAD_PICTURE = "bad_picture"  # black, flat, one tile or saturated noise, on the safer try too: kept aside
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class StageChanged:
    stage: Stage


@dataclass(frozen=True)
class Progress:
    step: int
    steps: int
    sec_per_step: float | None  # this step's own seconds (the first also sets the card up), not sd.cpp's average

    @property
    def eta_seconds(self) -> float | None:
        """The sampling steps' time left; None after the last one: what follows (decoding, saving) is not steps."""
        if self.sec_per_step is None or self.step >= self.steps:
            return None
        return self.sec_per_step * (self.steps - self.step)


@dataclass(frozen=True)
class ImageSaved:
    path: str


@dataclass(frozen=True)
class LogLine:
    stream: str  # "stdout" | "stderr"
    text: str


@dataclass(frozen=True)
class BackendError:
    kind: ErrorKind
    message: str
    from_backend: bool = False  # the message is a line of sd.cpp's own output (for the log), not our words
    picture: str | None = None  # BAD_PICTURE: where the picture the check refused is kept; the user may keep it


Event = StageChanged | Progress | ImageSaved | LogLine | BackendError


@dataclass(frozen=True)
class Outcome:
    """How one generation ended. `image` is set only for a verified image in its final place."""

    exit_code: int | None
    image: str | None = None
    error: BackendError | None = None
    cancelled: bool = False

    @property
    def ok(self) -> bool:
        return self.image is not None and self.error is None and not self.cancelled

    @property
    def picture(self) -> str | None:
        """The picture to show: the finished one, or the one the check set aside for the user to judge."""
        return self.image or (self.error.picture if self.error else None)

# `\x1b[K` clears to the end of the line; Windows pastes show it as a literal `←[K`.
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\u2190\[K")
_BAR_END = ("\x1b[K", "\u2190[K")
_BAR = re.compile(r"\|[^|]*\|\s*(\d+)/(\d+)\s*-\s*(\S+?)(s/it|it/s|MB/s)")
_LOG = re.compile(r"^\[(DEBUG|INFO |WARN |ERROR)\]\s*\S+\s*-\s?(.*)$")
_SAVED = re.compile(r"save result image \d+ to '(.*)' \((success|failed)\)")
# sd.cpp's own seconds for its stages: "loading tensors completed, taking 0.40s", "get_learned_condition completed,
# taking 1.10s", "sampling completed, taking 4.20s", "decode_first_stage completed, taking 0.31s"
_TAKING = re.compile(r"\b(loading tensors|get_learned_condition|sampling|decode_first_stage) completed, taking "
                     r"([\d.]+)s")
_TAKING_STAGE = {"loading tensors": "loading", "get_learned_condition": "text", "sampling": "sampling",
                 "decode_first_stage": "decode"}

_STAGE_MARKERS: tuple[tuple[re.Pattern[str], Stage], ...] = (
    # sd.cpp names each part it loads: "loading diffusion model from '...'", "loading llm from '...'"
    (re.compile(rf"^loading (?:{'|'.join(re.escape(slot.loading) for slot in SET_SLOTS.values())})\S* from '"),
     Stage.LOADING),
    (re.compile(r"^generate_image \d+x\d+"), Stage.ENCODING),
    (re.compile(r"^generating image: \d+/\d+"), Stage.SAMPLING),
    (re.compile(r"^decoding \d+ latents"), Stage.DECODING),
    (re.compile(r"^save result image "), Stage.SAVING),
)
_STAGE_ORDER = list(Stage)

# Which failure a line of output means. Earlier rows win when several lines match.
_FAILURES: tuple[tuple[ErrorKind, re.Pattern[str]], ...] = (
    # Vulkan's own name for it, in the exception ggml lets through ("vk::Queue::submit: ErrorDeviceLost"), and
    # ggml 0.25.3's diagnosis ("ggml_vulkan: device lost on <card>, likely caused by previous submission ...")
    (ErrorKind.DEVICE_LOST, re.compile(r"ErrorDeviceLost|VK_ERROR_DEVICE_LOST|ggml_vulkan: device lost on ")),
    (ErrorKind.OUT_OF_VRAM, re.compile(
        r"ErrorOutOfDeviceMemory|ErrorOutOfHostMemory|out of (?:device )?memory"
        r"|failed to allocate \S+ buffer|memory allocation of size \d+ failed", re.IGNORECASE)),
    (ErrorKind.MODEL_LOAD_FAILED, re.compile(
        r"init model loader from file failed|get sd version from file failed|read tensor data failed"
        r"|load tensors from (?:model loader|file) failed|unknown format|new_sd_ctx_t failed")),
    # On Linux the backend starts through setpriv (see SdProcess), which reports a failed exec itself.
    (ErrorKind.BACKEND_MISSING, re.compile(r"^setpriv: failed to execute")),
    (ErrorKind.BAD_REQUEST, re.compile(
        # (not "must be one of" alone: the usage text printed with every bad flag says it of --preview)
        r"error: (?:invalid (?!parameter for argument)|unknown argument|missing)")),
    # sd.cpp follows the line that names the bad value ("invalid sample method bogus") with a generic one
    # ("invalid parameter for argument: --sampling-method"); which comes first depends on how the two streams'
    # reads interleave (it differs on Windows), so the specific line wins on its rank, not its place
    (ErrorKind.BAD_REQUEST, re.compile(r"error: invalid parameter for argument")),
    (ErrorKind.CANNOT_SAVE, re.compile(r"save result image \d+ to .* \(failed\)")),
)
# A signal shows as 128+N through a shell; Windows reports a crash as an NTSTATUS (access violation,
# stack buffer overrun, illegal instruction), which Qt's signed int turns negative.
_NTSTATUS_CRASHES = (0xC0000005, 0xC0000409, 0xC000001D)
_CRASH_EXIT_CODES = {134, 136, 137, 139, *_NTSTATUS_CRASHES, *(code - 2**32 for code in _NTSTATUS_CRASHES)}


class _LineSplitter:
    """Bytes of one stream -> complete lines: incremental UTF-8, split on \\r and \\n, ANSI removed."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""

    def feed(self, data: bytes, final: bool = False) -> list[str]:
        self._pending += self._decoder.decode(data, final)
        *complete, self._pending = re.split(r"\r|\n", self._pending)
        # A bar redrawn in place ends with "clear to end of line" and no newline until the last
        # step: it is complete as soon as that escape arrives, or its event would lag one step.
        if final or self._pending.endswith(_BAR_END):
            complete.append(self._pending)
            self._pending = ""
        return [clean for line in complete if (clean := _ANSI.sub("", line).rstrip())]


class OutputParser:
    """Incremental parser of one sd.cpp run (both streams). Never raises on unknown text."""

    def __init__(self) -> None:
        self._splitters = {"stdout": _LineSplitter(), "stderr": _LineSplitter()}
        self._stage: Stage | None = None
        self._last_step: tuple[int, int] | None = None
        self._average: float | None = None  # the last bar's seconds a step since sampling began, as sd.cpp says
        self._failure: BackendError | None = None
        self._failure_rank = (len(_FAILURES), 1)
        self.images: list[str] = []

    def feed(self, data: bytes, stream: str = "stdout") -> list[Event]:
        return [e for line in self._splitters[stream].feed(data) for e in self._line(line, stream)]

    def finish(self, exit_code: int | None, crashed: bool = False) -> list[Event]:
        """Flush both streams; returns the job's one error event if it failed."""
        events = [e for stream, s in self._splitters.items() for line in s.feed(b"", final=True)
                  for e in self._line(line, stream)]
        error = self.failure(exit_code, crashed)
        return [*events, error] if error else events

    def wrote(self, path: str) -> list[Event]:
        """The run ended well and its picture is at `path`, though the line saying so never came."""
        self.images.append(path)
        return [LogLine("stdout", f"(sd.cpp's last output did not arrive; its picture did: {path})"), ImageSaved(path)]

    def failure(self, exit_code: int | None, crashed: bool) -> BackendError | None:
        if exit_code == 0 and not crashed and self.images:
            return None
        if self._failure is not None:
            return self._failure
        if crashed or exit_code in _CRASH_EXIT_CODES:
            where = translate("Errors", " while {stage}").format(stage=self._stage.value) if self._stage else ""
            code = translate("Errors", " (exit code {code})").format(code=exit_code) if exit_code is not None else ""
            return BackendError(ErrorKind.BACKEND_CRASHED, translate("Errors", "sd.cpp crashed{where}{code}").format(
                where=where, code=code))
        if exit_code == 0:
            return BackendError(ErrorKind.UNKNOWN, translate("Errors", "sd.cpp finished without writing an image"))
        return BackendError(ErrorKind.UNKNOWN, translate("Errors", "sd.cpp failed with exit code {code}").format(
            code=exit_code))

    def _line(self, line: str, stream: str) -> list[Event]:
        bar = _BAR.search(line)
        if bar:
            return self._bar(bar)
        log = _LOG.match(line)
        message = log.group(2) if log else line.strip()
        events: list[Event] = []
        for pattern, stage in _STAGE_MARKERS:
            if pattern.search(message):
                events += self._enter(stage)
        events.append(LogLine(stream, line))
        saved = _SAVED.search(message)
        if saved and saved.group(2) == "success":
            self.images.append(saved.group(1))
            events.append(ImageSaved(saved.group(1)))
        self._note_failure(message, is_error=bool(log and log.group(1) == "ERROR"))
        return events

    def _bar(self, bar: re.Match[str]) -> list[Event]:
        step, steps, rate, unit = int(bar.group(1)), int(bar.group(2)), bar.group(3), bar.group(4)
        # The same bar counts loaded tensors (MB/s) and, after sampling, decoded tiles: neither is progress.
        if unit == "MB/s" or self._last_step == (step, steps) or self._past(Stage.SAMPLING):
            return []
        # a build that does not log "generating image:" still starts sampling with its first step bar
        events: list[Event] = self._enter(Stage.SAMPLING)
        try:
            value = float(rate)
        except ValueError:
            value = None
        average = value if unit == "s/it" or not value else 1.0 / value
        before, self._last_step, self._average = (self._last_step, self._average), (step, steps), average
        return [*events, Progress(step, steps, own_step_seconds(step, average, *before))]

    def _past(self, stage: Stage) -> bool:
        return self._stage is not None and _STAGE_ORDER.index(self._stage) > _STAGE_ORDER.index(stage)

    def _enter(self, stage: Stage) -> list[Event]:
        if self._stage is stage or self._past(stage):
            return []
        self._stage = stage
        return [StageChanged(stage)]

    def _note_failure(self, message: str, is_error: bool) -> None:
        # Rank by kind, then prefer an [ERROR] line (it names the file) over an info line saying the same.
        for row, (row_kind, pattern) in enumerate(_FAILURES):
            if pattern.search(message):
                kind, rank = row_kind, (row, 0 if is_error else 1)
                break
        else:
            if not is_error:
                return
            kind, rank = ErrorKind.UNKNOWN, (len(_FAILURES), 0)
        if rank < self._failure_rank:
            self._failure, self._failure_rank = BackendError(kind, message, from_backend=True), rank


_VULKAN_DEVICE = re.compile(r"ggml_vulkan: \d+ = (.+?) \|")


def vulkan_devices_seen(output: str) -> tuple[str, ...]:
    """The Vulkan devices ggml listed at start-up (`sd-cli -v` prints them before it loads a model)."""
    return tuple(match.group(1).strip() for match in _VULKAN_DEVICE.finditer(output))


def stage_seconds(line: str) -> tuple[str, float] | None:
    """('loading', 0.4), ('text', 1.1), ('sampling', 4.2) or ('decode', 3.51), the time model's stage names, from
    sd.cpp's line that ends loading the weights, reading the prompt, sampling or decoding; None for any other line."""
    taking = _TAKING.search(line)
    return (_TAKING_STAGE[taking.group(1)], float(taking.group(2))) if taking else None


def own_step_seconds(step: int, average: float | None, before: tuple[int, int] | None,
                     before_average: float | None) -> float | None:
    """A step's own seconds from sd.cpp's bar, which says the seconds a step since sampling began
    (stable-diffusion.cpp report_sample_progress: (t1 - t0) / step), the first step's set-up in each: what that sum
    grew by since the step before. A first picture on lavapipe (557 s of set-up, 24 s a step) said 200 s a step at
    its second. The average itself where the step before was not heard, or its rounding leaves nothing."""
    if average is None or before is None or before_average is None or before[0] != step - 1:
        return average
    own = step * average - before[0] * before_average
    return own if own > 0 else average
