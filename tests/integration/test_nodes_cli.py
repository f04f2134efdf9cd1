"""`generate --node URL`: the batch spreads over this computer's card and another computer's image server (the
real sd-server of our build on 127.0.0.1), or, with `--no-local`, goes to the other computer alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.gallery.metadata import read_details
from tests.helpers.cli import generate_argv, run_generate
from tests.helpers.image_server import ImageServer, free_port, sd_server


@pytest.fixture
def server(sd_cli: Path, tiny_model: tuple[Path, Path]) -> Iterator[ImageServer]:
    with sd_server(*tiny_model) as running:
        yield running


def small(model: Path, taesd: Path, out: Path, *extra: str) -> list[str]:
    return generate_argv("a lighthouse", model, taesd, out, "--width", "64", "--height", "64", "--steps", "2",
                         "--seed", "70", *extra)


def test_a_batch_of_four_spreads_over_this_card_and_the_node(server: ImageServer, tiny_model, out_dir: Path) -> None:
    run = run_generate(small(*tiny_model, out_dir, "--batch", "4", "--node", server.address), timeout=400)
    assert run.exit_code == 0, run.stderr
    assert {e["card"] for e in run.of("job")} == {"the graphics card", server.name}
    assert sorted(e["job"] for e in run.of("image")) == [1, 2, 3, 4]
    assert run.events[-1] == {"event": "done", "ok": True, "images": 4, "jobs": 4}
    assert len(list(out_dir.glob("*.png"))) == 4


def test_no_local_draws_on_the_node_alone(server: ImageServer, tiny_model, out_dir: Path) -> None:
    run = run_generate(small(*tiny_model, out_dir, "--batch", "2", "--node", server.address, "--no-local"),
                       timeout=300)
    assert run.exit_code == 0, run.stderr
    assert [e["card"] for e in run.of("job")] == [server.name, server.name]
    pictures = [Path(e["path"]) for e in run.of("image")]
    assert all(read_details(p)["backend"]["computer"] == server.name for p in pictures)  # type: ignore[index]


def test_a_node_where_nothing_answers_leaves_its_job_undone_and_says_why(sd_cli: Path, tiny_model,
                                                                          out_dir: Path) -> None:
    nowhere = f"127.0.0.1:{free_port()}"
    run = run_generate(small(*tiny_model, out_dir, "--node", nowhere, "--no-local"), timeout=120)
    assert run.exit_code == 1
    assert f"note: {nowhere} is set aside: nothing answers at that address (is the image server running there, on " \
           f"that port?). Its job waits for another card; tick {nowhere} in the queue to use it again." in run.stderr
    assert run.events == [{"event": "stage", "stage": "loading"}]  # it never drew
    assert list(out_dir.glob("*.png")) == []


@pytest.mark.parametrize(("extra", "said"), [
    (("--node", "ftp://pc.local"), "ftp://pc.local is not a web address of a computer; write it as "
                                   "http://192.168.0.12:7860"),
    (("--no-local",), "--no-local needs at least one --node to draw on"),
    (("--node", "pc:99999"), "http://pc:99999 has a port that is not a number from 1 to 65535"),
])
def test_a_bad_node_is_refused_before_anything_runs(tiny_model, out_dir: Path, extra: tuple[str, ...],
                                                     said: str) -> None:
    run = run_generate(small(*tiny_model, out_dir, *extra), timeout=60)
    assert run.exit_code == 2
    assert run.stderr.strip().splitlines()[-1] == f"error: {said}"
