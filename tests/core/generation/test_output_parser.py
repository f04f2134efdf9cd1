from __future__ import annotations

import pytest

from app.core.generation.output import (
    BackendError,
    ErrorKind,
    ImageSaved,
    LogLine,
    OutputParser,
    Progress,
    Stage,
    StageChanged,
    stage_seconds,
)
from app.core.generation.status_words import progress_words
from tests.helpers.captures import CAPTURES, Capture, load


def parse(capture: Capture, crashed: bool = False) -> list:
    parser = OutputParser()
    events = parser.feed(capture.stdout, "stdout") + parser.feed(capture.stderr, "stderr")
    return events + parser.finish(capture.exit_code, crashed)


def of_type(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def test_successful_run_gives_stages_in_order_progress_and_the_image() -> None:
    events = parse(load("run_128px_2steps"))
    assert [e.stage for e in of_type(events, StageChanged)] == list(Stage)
    # the bar says 2.37 then 2.10 s a step since sampling began: the second step's own seconds are 4.20 - 2.37
    assert of_type(events, Progress) == [Progress(1, 2, 2.37), Progress(2, 2, pytest.approx(1.83))]
    assert of_type(events, ImageSaved) == [ImageSaved("/tmp/cap/run.png")]
    assert of_type(events, BackendError) == []


def test_progress_comes_after_sampling_starts_and_image_after_saving() -> None:
    events = parse(load("run_128px_2steps"))
    sampling = events.index(StageChanged(Stage.SAMPLING))
    saving = events.index(StageChanged(Stage.SAVING))
    first_step = events.index(Progress(1, 2, 2.37))
    assert sampling < first_step < saving < events.index(ImageSaved("/tmp/cap/run.png"))


def test_log_lines_are_clean_text_without_ansi_or_carriage_returns() -> None:
    logs = of_type(parse(load("run_128px_2steps")), LogLine)
    assert logs, "no log lines"
    assert all("\x1b" not in log.text and "\r" not in log.text for log in logs)
    assert any("diffusion_model 0.87MB(VRAM)" in log.text for log in logs)


def test_model_loading_bar_is_not_sampling_progress() -> None:
    # the capture starts with a `244/378 - 337.39MB/s` bar while tensors load
    progress = of_type(parse(load("run_128px_2steps")), Progress)
    assert {p.steps for p in progress} == {2}


@pytest.mark.parametrize(
    ("case", "kind", "message_part"),
    [
        ("oom", ErrorKind.OUT_OF_VRAM, "failed to allocate Vulkan0 buffer of size 35087060016"),
        ("model_corrupt", ErrorKind.MODEL_LOAD_FAILED, "init model loader from file failed"),
        ("model_truncated", ErrorKind.MODEL_LOAD_FAILED, "read tensor data failed: 'truncated.gguf'"),
        ("bad_sampler", ErrorKind.BAD_REQUEST, "invalid sample method bogus"),
        ("bad_flag", ErrorKind.BAD_REQUEST, "unknown argument: --bogus-flag"),
    ],
)
def test_failures_are_classified_from_real_output(case: str, kind: ErrorKind, message_part: str) -> None:
    events = parse(load(case))
    errors = of_type(events, BackendError)
    assert len(errors) == 1
    assert errors[0].kind is kind
    assert message_part in errors[0].message
    assert of_type(events, ImageSaved) == []


@pytest.mark.parametrize("said", [
    # our pinned ggml lets Vulkan's exception through: the C++ runtime's last words before abort()
    b"terminate called after throwing an instance of 'vk::DeviceLostError'\n  what():  vk::Queue::submit: "
    b"ErrorDeviceLost\n",
    # ggml 0.25.3 says it first (ggml_vk_print_device_lost_info), with the nodes of the submission to blame
    b"ggml_vulkan: device lost on AMD Radeon RX 580 Series (RADV POLARIS10), likely caused by previous submission "
    b"(nodes 96 to 143):\n  node 96: attn_0 (MUL_MAT)\n",
])
def test_a_card_its_driver_reset_is_said_so_not_called_a_crash(said: bytes) -> None:
    capture = load("run_128px_2steps")
    parser = OutputParser()
    events = parser.feed(capture.stdout[:capture.stdout.index(b"| 1/2") + 40]) + parser.feed(said, "stderr")
    [error] = of_type(events + parser.finish(134), BackendError)
    assert error.kind is ErrorKind.DEVICE_LOST and error.from_backend


def test_the_line_naming_the_bad_value_wins_whichever_comes_first() -> None:
    specific, generic = load("bad_sampler").stderr.splitlines(keepends=True)
    for lines in ([specific, generic], [generic, specific]):
        parser = OutputParser()
        parser.feed(b"".join(lines), stream="stderr")
        [error] = of_type(parser.finish(1), BackendError)
        assert error == BackendError(ErrorKind.BAD_REQUEST, "error: invalid sample method bogus", from_backend=True)


def test_the_usage_text_printed_first_is_never_the_error() -> None:
    # on Windows the usage text (stdout) may come before the [ERROR] lines: its "--preview ... must be one of
    # the following" line is help, not what went wrong
    capture = load("bad_sampler")
    parser = OutputParser()
    parser.feed(capture.stdout, stream="stdout")
    parser.feed(capture.stderr, stream="stderr")
    [error] = of_type(parser.finish(1), BackendError)
    assert error == BackendError(ErrorKind.BAD_REQUEST, "error: invalid sample method bogus", from_backend=True)


def test_oom_run_had_reached_sampling_but_made_no_progress() -> None:
    events = parse(load("oom"))
    assert StageChanged(Stage.SAMPLING) in events
    assert of_type(events, Progress) == []


def test_a_run_killed_mid_step_is_a_crash_that_says_where() -> None:
    capture = load("run_128px_2steps")
    cut = capture.stdout.index(b"| 1/2")
    parser = OutputParser()
    events = parser.feed(capture.stdout[: cut + 40]) + parser.finish(None, crashed=True)
    assert of_type(events, Progress) == [Progress(1, 2, 2.37)]
    assert of_type(events, BackendError) == [BackendError(ErrorKind.BACKEND_CRASHED, "sd.cpp crashed while sampling")]


@pytest.mark.parametrize("exit_code", [134, 139, 0xC0000005, -1073741819])
def test_crash_exit_codes_without_error_text_are_crashes(exit_code: int) -> None:
    # 134: our build's abort on a bad --steps value; -1073741819: a Windows access violation through Qt
    [error] = OutputParser().finish(exit_code)
    assert error.kind is ErrorKind.BACKEND_CRASHED


def test_exit_zero_without_a_saved_image_is_a_failure() -> None:
    parser = OutputParser()
    parser.feed(b"[INFO ] main.cpp:490  - 0/1 images saved\n")
    [error] = parser.finish(0)
    assert error == BackendError(ErrorKind.UNKNOWN, "sd.cpp finished without writing an image")


def test_help_error_line_on_a_successful_exit_is_not_reported() -> None:
    # the help capture logs an [ERROR] about --help and exits 0; a finished image would make that moot
    parser = OutputParser()
    parser.feed(load("help").stderr, "stderr")
    parser.feed(b"[INFO ] main.cpp:441  - save result image 0 to '/x.png' (success)\n")
    assert parser.finish(0) == []


def test_unknown_text_becomes_log_lines_and_never_raises() -> None:
    parser = OutputParser()
    events = parser.feed(b"\xff\xfe garbage \x00 | not a bar |\nplain line\n", "stderr")
    assert [e.text for e in of_type(events, LogLine)] == ["\ufffd\ufffd garbage \x00 | not a bar |", "plain line"]


def test_windows_paste_of_the_clear_line_escape_is_stripped() -> None:
    parser = OutputParser()
    parser.feed(b"[INFO ] x.cpp:1    - generating image: 1/1 - seed 1\n")
    events = parser.feed("\r  |=====>     | 1/4 - 0.50it/s\u2190[K".encode())
    assert events == [Progress(1, 4, 2.0)]


def test_eta_counts_the_remaining_steps() -> None:
    assert Progress(5, 20, 1.5).eta_seconds == pytest.approx(22.5)
    assert Progress(1, 2, None).eta_seconds is None
    # after the last step comes the decoding, which no step time measures: no estimate, never "0 s left"
    assert Progress(20, 20, 1.5).eta_seconds is None


def test_each_step_says_its_own_seconds_not_sd_cpp_s_average() -> None:
    # a first picture on lavapipe: the first step also compiles the shaders (issue 52: "s per step" read high)
    parser = OutputParser()
    parser.feed(b"[INFO ] x.cpp:1    - generating image: 1/1 - seed 1\n")
    bars = [parser.feed(f"\r  |=>   | {step}/4 - {average:.2f}s/it\x1b[K".encode())
            for step, average in ((1, 82.0), (2, 51.5), (3, 41.0), (4, 36.0))]
    assert [bar[-1].sec_per_step for bar in bars] == pytest.approx([82.0, 21.0, 20.0, 21.0])
    assert progress_words(bars[1][-1]) == "Drawing — step 2 of 4, 21.0 s per step, 42 s left"
    # a step not heard: its average stands
    assert parser.feed(b"\r  |=>   | 1/4 - 3.00s/it\x1b[K\r  |=>   | 3/4 - 2.00s/it\x1b[K")[-1].sec_per_step == 2.0


def test_a_step_bar_starts_sampling_when_the_log_line_is_missing() -> None:
    parser = OutputParser()
    parser.feed(b"[INFO ] stable-diffusion.cpp:3367 - generate_image 64x64\n")
    events = parser.feed(b"\r  |====>    | 1/4 - 3.00s/it\x1b[K")
    assert events == [StageChanged(Stage.SAMPLING), Progress(1, 4, 3.0)]


def test_bars_after_sampling_are_not_progress() -> None:
    # with --vae-tiling the decoder draws the same bar per tile
    parser = OutputParser()
    parser.feed(b"[INFO ] x.cpp:1    - generating image: 1/1 - seed 1\n\r  |=| 1/1 - 1.00s/it\x1b[K\n")
    parser.feed(b"[INFO ] stable-diffusion.cpp:3192 - decoding 1 latents\n")
    assert parser.feed(b"\r  |===>   | 3/16 - 4.00it/s\x1b[K") == []


def test_a_failed_save_is_reported() -> None:
    parser = OutputParser()
    parser.feed(b"[INFO ] main.cpp:441  - save result image 0 to '/ro/out.png' (failed)\n")
    [error] = parser.finish(0)
    assert error.kind is ErrorKind.CANNOT_SAVE and "/ro/out.png" in error.message


def test_sd_cpp_s_own_seconds_for_its_stages_are_read() -> None:
    # a real H100 run with the decoder on the processor: the graph's own lines (ms) are not the stage's
    lines = (CAPTURES / "sdcpp-0.4.7" / "h100_buffers" / "sd1_1024_fa_vaecpu.txt").read_text().splitlines()
    assert [found for line in lines if (found := stage_seconds(line))] == [
        ("loading", 0.4), ("text", 0.05), ("sampling", 1.25), ("decode", 108.04)]
