"""The longest prompt our pinned sd-cli survives, per kind of prompt text, on Linux and under Wine.

    .venv/bin/python tests/bench/bench_prompt_limit.py [--platform linux] [--platform wine] [--model flux]
        [--model klein] [--content NAME ...]

sd.cpp reads the prompt with std::regex (the prompt-attention parser in util.cpp for every model, CLIP's
whitespace and word patterns in clip_tokenizer.cpp), and libstdc++'s regex executor recurses once per byte of a
match: a long run that one pattern matches in one piece overflows the main thread's stack (a segfault on Linux,
STATUS_STACK_OVERFLOW on Windows, whose main thread gets 2 MiB instead of Linux's 8). How long a prompt survives
might depend on its text, so each kind of text below is measured apart (all came out alike in UTF-8 bytes, so
emoji, four bytes each, allow the fewest characters): its length grows by doubling until
sd-cli fails, then is bisected to within 2%. Each probe runs sd-cli (64x64, one step, CLIP and VAE on the CPU,
lavapipe as the Vulkan device) until it has tokenized the prompt; a crash shows as a signal (Linux: SIGSEGV; Wine
kills the overflowing program: SIGKILL). A run of spaces was measured too (2026-11, sd.cpp 0.4.7): the same limit
in bytes, but sd.cpp's parser takes quadratic time over it (26,000 spaces: 2 to 4 minutes on 2 cores), so it is
not among the defaults.

Models: `flux` is the demo model (Flux DiT with CLIP-L), `klein` the tests' tiny FLUX.2 klein, which reads the
prompt through Qwen3 (another tokenizer; the attention parser still runs). Linux needs backend_bin/bin/sd-cli,
Wine backend_bin/bin/sd-cli.exe and Debian's wine64 (./scripts/setup.sh builds both). A Linux argument holds at
most 128 KiB and a Windows command line 32,767 UTF-16 units: where a text survives up to that cap the table says
so ("≥"). The result is what app/core/generation/request.py's MAX_PROMPT_BYTES is set from.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from app.core.demo import picture_models  # noqa: E402
from installer.wine import WinePrefix, virtual_display, windows_path  # noqa: E402

BIN = REPO / "backend_bin" / "bin"
SCRATCH = Path(tempfile.gettempdir()) / "bench_prompt_limit"  # the models and Mesa's shader cache, kept between runs
LINUX_ARGUMENT_BYTES = 128 * 1024 - 1  # MAX_ARG_STRLEN, with the terminating NUL
WINDOWS_COMMAND_LINE_UNITS = 32_767
COMMAND_LINE_ROOM = 1_000  # the rest of sd-cli's command line: paths and options
PROBE_TIMEOUT_S = 300
START = 2_000
# what sd.cpp's tokenizer logs (with -v) once it has split the prompt into tokens: past every std::regex
READ_MARK = 'split prompt "'
PROBE_OPTIONS = ["--width", "64", "--height", "64", "--steps", "1", "--seed", "1", "--cfg-scale", "1",
                 "--clip-on-cpu", "--vae-on-cpu", "-v"]


def _repeat(piece: str) -> Callable[[int], str]:
    return lambda n: (piece * (n // len(piece) + 1))[:n]


# each kind of text as a function of its length in characters
CONTENTS: dict[str, Callable[[int], str]] = {
    "phrases": _repeat("a photo of a cat, "),  # a usual prompt: one attention-parser match, short CLIP words
    "one word": _repeat("a"),  # one match of every pattern, the CLIP word pattern included
    "CJK": _repeat("灯台"),  # 3 UTF-8 bytes per character, outside CLIP's letters: one match of the symbol pattern
    "emoji": _repeat("🌅"),  # 4 bytes per character, 2 UTF-16 units on the Windows command line
}


@dataclass(frozen=True)
class Probe:
    survived: bool
    how: str  # "read", or how it failed
    seconds: float


class Backend:
    """One sd-cli on one platform with one model: `probe(prompt)` starts it, reads its output until it has read
    the prompt (parsed and tokenized) and stops it there: encoding, sampling and decoding never parse the text
    again, and would cost a minute a probe on lavapipe (klein's Qwen3 encodes every token of a long prompt)."""

    def __init__(self, start: Callable[[str], subprocess.Popen[str]], fits: Callable[[str], bool]) -> None:
        self._start, self.fits = start, fits

    def probe(self, prompt: str) -> Probe:
        began = time.perf_counter()
        process = self._start(prompt)
        timer = threading.Timer(PROBE_TIMEOUT_S, process.kill)
        timer.start()
        assert process.stdout is not None
        last = ""
        try:
            for line in process.stdout:
                if READ_MARK in line:
                    return Probe(True, "read", time.perf_counter() - began)
                last = line.strip() or last
            code = process.wait()
        finally:
            timer.cancel()
            process.kill()
            process.wait()
            process.stdout.close()
        if time.perf_counter() - began >= PROBE_TIMEOUT_S:
            return Probe(False, f"no end within {PROBE_TIMEOUT_S} s", time.perf_counter() - began)
        how = f"signal {-code}" if code < 0 else f"exit {code} ({code & 0xFFFFFFFF:#x}): {last[:120]}"
        return Probe(False, how, time.perf_counter() - began)


def model_args(model: str, folder: Path, path_text: Callable[[Path], str]) -> list[str]:
    if model == "flux":
        flux, taesd = (folder / picture_models.FLUX_FILE, folder / picture_models.TAE_FILE)
        if not picture_models.is_current(folder):
            flux, taesd, _ = picture_models.write_demo_folder(folder)
            (folder / picture_models.STAMP_FILE).write_text(picture_models.writer_stamp(0), encoding="utf-8")
        return ["--model", path_text(flux), "--taesd", path_text(taesd)]
    names = (picture_models.KLEIN_FILE, picture_models.QWEN3_FILE, picture_models.FLUX2_AE_FILE)
    parts = [folder / name for name in names]
    if not all(part.is_file() for part in parts):
        parts = list(picture_models.write_tiny_klein(folder))
    return [flag for flag, part in zip(("--diffusion-model", "--llm", "--vae"), parts, strict=True)
            for flag in (flag, path_text(part))]


@contextlib.contextmanager
def backends(platform: str, model: str, out: Path) -> Iterator[Backend]:
    models = SCRATCH / model
    (SCRATCH / "mesa").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GGML_VK_VISIBLE_DEVICES": "0", "MESA_SHADER_CACHE_DIR": str(SCRATCH / "mesa")}
    if platform == "linux":
        options = [str(BIN / "sd-cli"), *model_args(model, models, str), *PROBE_OPTIONS, "--output", str(out)]
        yield Backend(lambda prompt: subprocess.Popen([*options, "--prompt", prompt], env=env,
                                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                                      stderr=subprocess.STDOUT, text=True, errors="replace"),
                      lambda prompt: len(prompt.encode()) <= LINUX_ARGUMENT_BYTES)
        return
    with virtual_display() as display:
        prefix = WinePrefix.open(SCRATCH / "wine-prefix", display)  # the bench's own, booted once (~30 s)
        options = [str(BIN / "sd-cli.exe"), *model_args(model, models, windows_path), *PROBE_OPTIONS, "--output",
                   windows_path(out)]
        try:
            yield Backend(lambda prompt: prefix.popen([*options, "--prompt", prompt], env=env),
                          lambda prompt: len(prompt.encode("utf-16-le")) // 2
                          <= WINDOWS_COMMAND_LINE_UNITS - COMMAND_LINE_ROOM)
        finally:
            prefix.stop()


@dataclass(frozen=True)
class Threshold:
    survived: int  # the longest length (characters) that made a picture
    failed: int | None  # the shortest that did not; None: none did up to the command line's cap
    how: str


def longest_survivor(backend: Backend, text: Callable[[int], str]) -> Threshold:
    good, bad, how = 0, None, ""

    def attempt(n: int) -> bool:
        nonlocal good, bad, how
        result = backend.probe(text(n))
        print(f"    {n:>7,} chars: {result.how} ({result.seconds:.1f} s)", flush=True)
        if result.survived:
            good = max(good, n)
        else:
            bad, how = n if bad is None else min(bad, n), result.how
        return result.survived

    n = START
    while bad is None:
        if not backend.fits(text(n)):
            n = longest_that_fits(backend, text, good, n)
            if n <= good or attempt(n):
                return Threshold(good, None, "")
        elif attempt(n):
            n *= 2
    while bad is not None and bad - good > max(50, good // 50):
        attempt((good + bad) // 2)
    return Threshold(good, bad, how)


def longest_that_fits(backend: Backend, text: Callable[[int], str], low: int, high: int) -> int:
    """The longest length in [low, high) whose text fits on the command line (`low` fits, `high` does not)."""
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if backend.fits(text(middle)) else (low, middle)
    return low


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--platform", action="append", choices=("linux", "wine"))
    parser.add_argument("--model", action="append", choices=("flux", "klein"))
    parser.add_argument("--content", action="append", choices=tuple(CONTENTS))
    args = parser.parse_args()
    stack = resource.getrlimit(resource.RLIMIT_STACK)[0]
    print(f"Linux main-thread stack: {'unlimited' if stack < 0 else f'{stack // 1024} KiB'}")
    SCRATCH.mkdir(parents=True, exist_ok=True)
    rows: list[tuple[str, str, str, Threshold]] = []
    with tempfile.TemporaryDirectory(prefix="prompt-limit-") as scratch:
        out = Path(scratch) / "probe.png"
        for platform in args.platform or ["linux", "wine"]:
            for model in args.model or ["flux", "klein"]:
                with backends(platform, model, out) as backend:
                    for name in args.content or CONTENTS:
                        print(f"{platform} {model} {name}:", flush=True)
                        rows.append((platform, model, name, longest_survivor(backend, CONTENTS[name])))
    print(f"\n{'platform':<8} {'model':<6} {'content':<9} {'survived':>24}  first failure")
    for platform, model, name, found in rows:
        size = f"{found.survived:,} ({len(CONTENTS[name](found.survived).encode()):,} B)"
        survived = size if found.failed is not None else f"≥ {size}"
        failed = f"{found.failed:,}: {found.how}" if found.failed is not None else "none up to the command line's cap"
        print(f"{platform:<8} {model:<6} {name:<9} {survived:>24}  {failed}")
    worst = min((len(CONTENTS[name](found.survived).encode()), found.survived, platform, model, name)
                for platform, model, name, found in rows)
    print(f"\nshortest survivor: {worst[0]:,} bytes, {worst[1]:,} characters ({worst[4]}, {worst[3]}, {worst[2]}); "
          "MAX_PROMPT_BYTES is about half of it")


if __name__ == "__main__":
    main()
