"""The parser gives the same events however the pipe splits the bytes."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.generation.output import LogLine, OutputParser, Progress
from tests.helpers.captures import load

RUN = load("run_128px_2steps").stdout
OOM = load("oom")
# a prompt echo with multi-byte characters, a bar redrawn in place, and no final newline
UNICODE = (
    "[INFO ] main.cpp:1    - generating image: 1/1 - seed 7 «ünïcødé» 灯台 🌅\n"
    "\r  |=>   | 1/3 - 1.50s/it\x1b[K\r  |==>  | 2/3 - 1.25s/it\x1b[K\r  |===| 3/3 - 1.00s/it\x1b[K\n"
    "[WARN ] x.cpp:2    - tail without newline ✓"
).encode()


def parse_in_pieces(data: bytes, cuts: list[int], stream: str = "stdout", exit_code: int = 0) -> list:
    parser = OutputParser()
    events = []
    bounds = [0, *sorted(set(cuts)), len(data)]
    for start, end in itertools.pairwise(bounds):
        events += parser.feed(data[start:end], stream)
    return events + parser.finish(exit_code)


def cuts_within(data: bytes) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(min_value=0, max_value=len(data)), max_size=40)


@settings(max_examples=200, deadline=None)
@given(cuts=cuts_within(RUN))
def test_real_run_output_any_chunking(cuts: list[int]) -> None:
    assert parse_in_pieces(RUN, cuts) == parse_in_pieces(RUN, [])


@settings(max_examples=200, deadline=None)
@given(cuts=cuts_within(UNICODE))
def test_multibyte_characters_split_across_reads(cuts: list[int]) -> None:
    events = parse_in_pieces(UNICODE, cuts)
    assert events == parse_in_pieces(UNICODE, [])
    assert LogLine("stdout", "[WARN ] x.cpp:2    - tail without newline ✓") in events
    # sd.cpp's bar says the seconds a step since sampling began; each Progress, the step's own
    assert [e for e in events if isinstance(e, Progress)] == [Progress(1, 3, 1.5), Progress(2, 3, 1.0),
                                                              Progress(3, 3, 0.5)]


@settings(max_examples=100, deadline=None)
@given(cuts=cuts_within(OOM.stderr))
def test_error_stream_any_chunking(cuts: list[int]) -> None:
    assert parse_in_pieces(OOM.stderr, cuts, "stderr", 1) == parse_in_pieces(OOM.stderr, [], "stderr", 1)


def test_single_byte_reads_match_one_read() -> None:
    assert parse_in_pieces(RUN, list(range(len(RUN)))) == parse_in_pieces(RUN, [])


def test_a_bar_is_reported_when_it_is_drawn_not_when_the_next_one_starts() -> None:
    # sd.cpp prints step i's bar after step i; the next `\r` only comes with step i+1
    parser = OutputParser()
    parser.feed(b"[INFO ] x.cpp:1    - generating image: 1/1 - seed 7\n")
    assert parser.feed(b"\r  |=>   | 1/3 - 1.50s/it\x1b[K") == [Progress(1, 3, 1.5)]
