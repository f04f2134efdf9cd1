"""The job queue as data: batches, prompt lists, the file format, atomic saves and damaged files."""

from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path

import pytest

from app.core.generation.request import MAX_SEED, GenerationRequest, HiresFix
from app.core.generation.upscale import UpscaleRequest
from app.core.models.families import MemoryFlags, ModelFamily, ModelFiles
from app.core.queue.jobs import (
    Job,
    JobState,
    batch_requests,
    load_queue,
    parse_prompt_list,
    prompt_list_requests,
    queue_json,
    save_queue,
)

NOW = datetime(2026, 11, 23, 2, 30, 0)
REQUEST = GenerationRequest(prompt="a lighthouse", width=512, height=768, steps=4, cfg_scale=1.0, seed=None,
                            sampler="euler", models=ModelFiles(model=Path("m.gguf"), taesd=Path("t.gguf")),
                            memory=MemoryFlags(vae_tiling=True, max_vram_gib=2.5), family=ModelFamily.FLUX,
                            init_image=Path("in.png"), mask=Path("mask.png"), hires=HiresFix(scale=1.5),
                            ref_images=(Path("a.png"), Path("b.png")))


def test_a_batch_counts_seeds_up_from_the_given_one() -> None:
    requests = batch_requests(REQUEST.__class__(prompt="x", seed=41), 3, False, random.Random(1))
    assert [r.seed for r in requests] == [41, 42, 43] and {r.prompt for r in requests} == {"x"}


def test_a_batch_without_a_seed_picks_one_and_counts_up_from_it() -> None:
    seeds = [r.seed for r in batch_requests(REQUEST, 4, False, random.Random(1))]
    assert seeds[0] is not None and seeds == list(range(seeds[0], seeds[0] + 4))


def test_a_batch_of_random_seeds_gives_each_its_own() -> None:
    seeds = [r.seed for r in batch_requests(REQUEST, 5, True, random.Random(1))]
    assert len(set(seeds)) == 5 and all(0 <= s <= MAX_SEED for s in seeds if s is not None)


def test_a_batch_past_the_largest_picked_seed_keeps_counting() -> None:
    """A1111 numbers them so; a seed past what a request may carry is refused by name, never wrapped round."""
    seeds = [r.seed for r in batch_requests(REQUEST.__class__(prompt="x", seed=MAX_SEED), 2, False, random.Random())]
    assert seeds == [MAX_SEED, MAX_SEED + 1]


@pytest.mark.parametrize("count", [0, -1, 101])
def test_a_batch_size_out_of_range_is_refused_with_a_reason(count: int) -> None:
    with pytest.raises(ValueError, match="number of images"):
        batch_requests(REQUEST, count, False, random.Random())


def test_a_prompt_list_keeps_one_seed_for_every_prompt() -> None:
    prompts = parse_prompt_list("a cat\n\n  # a comment\n a dog  \r\na bird\n")
    assert prompts == ["a cat", "a dog", "a bird"]
    requests = prompt_list_requests(REQUEST, prompts, random.Random(3))
    assert [r.prompt for r in requests] == prompts and len({r.seed for r in requests}) == 1
    with pytest.raises(ValueError, match="empty"):
        prompt_list_requests(REQUEST, parse_prompt_list("\n# only a comment\n"), random.Random())


def test_the_queue_file_round_trips_and_keeps_only_what_is_not_done(tmp_path: Path) -> None:
    jobs = [Job(REQUEST, state=state) for state in JobState]
    path = tmp_path / "data" / "queue.json"
    save_queue(path, jobs)
    loaded = load_queue(path, NOW)
    assert loaded.message is None
    # done and cancelled go; the running one comes back waiting, and says why
    assert [(j.id, j.state) for j in loaded.jobs] == [(jobs[0].id, JobState.WAITING), (jobs[1].id, JobState.WAITING),
                                                     (jobs[3].id, JobState.FAILED)]
    assert "running when the app closed" in loaded.jobs[1].reason
    assert all(j.request == REQUEST for j in loaded.jobs)
    assert [p.name for p in path.parent.iterdir()] == ["queue.json"]  # no temporary file left behind


def test_a_failed_job_keeps_its_set_aside_picture_over_a_restart(tmp_path: Path) -> None:
    """Keep it is still offered after the app closed: the picture the check set aside stays the job's."""
    path = tmp_path / "queue.json"
    save_queue(path, [Job(REQUEST, state=JobState.FAILED, reason="black", suspect="/data/Bad pictures/p.png"),
                      Job(REQUEST, state=JobState.FAILED, reason="no backend")])
    assert [job.suspect for job in load_queue(path, NOW).jobs] == ["/data/Bad pictures/p.png", None]


def test_a_failed_job_comes_back_at_the_next_start_only(tmp_path: Path) -> None:
    """Done jobs go at once; a failed one is shown once more after a restart (why it failed, Retry), then goes
    unless it was retried; jobs left waiting keep coming back until they run."""
    path = tmp_path / "queue.json"
    failed, waiting = Job(REQUEST, state=JobState.FAILED, reason="no backend"), Job(REQUEST)
    save_queue(path, [failed, waiting])
    after_first = load_queue(path, NOW).jobs
    assert [(job.id, job.state) for job in after_first] == [(failed.id, JobState.FAILED),
                                                            (waiting.id, JobState.WAITING)]
    assert after_first[0].failed_last_time and not after_first[1].failed_last_time
    save_queue(path, after_first)  # the queue saves with any change of this run
    assert [job.id for job in load_queue(path, NOW).jobs] == [waiting.id]


def test_a_missing_queue_file_is_an_empty_queue(tmp_path: Path) -> None:
    assert load_queue(tmp_path / "queue.json", NOW).jobs == []


@pytest.mark.parametrize("content", [b"{\"format\": 1, \"jobs\": [{\"id\": \"x\"", b"\xff\xfe garbage",
                                     b"[1, 2, 3]", b'{"format": 99, "jobs": []}',
                                     b'{"format": 1, "jobs": [{"id": "a", "state": "bogus", "request": {}}]}'])
def test_a_damaged_queue_file_is_set_aside_never_deleted(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "queue.json"
    path.write_bytes(content)
    loaded = load_queue(path, NOW)
    aside = tmp_path / "queue.damaged-20261123-023000.json"
    assert loaded.jobs == [] and loaded.message is not None and str(aside) in loaded.message
    assert not path.exists() and aside.read_bytes() == content


def test_the_file_names_every_setting_of_the_request() -> None:
    document = queue_json([Job(REQUEST)])
    request = document["jobs"][0]["request"]
    assert request["models"] == {"model": "m.gguf", "taesd": "t.gguf"}
    assert request["memory"]["max_vram_gib"] == 2.5 and request["family"] == "flux"
    json.dumps(document)  # plain JSON


def test_an_upscale_job_survives_a_restart_as_an_upscale(tmp_path: Path) -> None:
    upscale = UpscaleRequest(tmp_path / "a picture.png", tmp_path / "x4.pth", factor=2, tile_size=64)
    store = tmp_path / "queue.json"
    save_queue(store, [Job(upscale), Job(GenerationRequest(prompt="a cat", seed=1))])
    loaded = load_queue(store, datetime(2026, 1, 1))
    assert loaded.jobs[0].request == upscale
    assert isinstance(loaded.jobs[1].request, GenerationRequest) and loaded.jobs[1].request.prompt == "a cat"
    assert loaded.jobs[0].what == "upscale a picture.png x2" and loaded.jobs[1].what == "a cat (seed 1)"


def test_a_running_job_s_time_left_comes_from_its_price_until_a_step_says_it() -> None:
    job = Job(GenerationRequest("x"))
    assert job.time_left(100.0) is None  # not priced, no step yet
    job.running_since, job.expected_seconds = 100.0, 300.0  # a first picture on lavapipe: minutes of set-up first
    assert job.time_left(160.0) == 240.0
    assert job.time_left(500.0) == 0.0  # later than priced: never below nothing
    job.eta_seconds = 12.0  # a step said how long the rest takes
    assert job.time_left(500.0) == 12.0
