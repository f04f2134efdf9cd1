"""A queued job's model headers are read once: the queue's RAM count, the plan and the run all use the one
`PreparedJob`, so each header is asked for once and read from the disk once; a changed file is read again."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.generation.request import GenerationRequest, ModelFiles
from app.core.models import model_files
from app.services.queue.job_queue import JobQueue
from app.services.runners.generation import Generation


def test_a_queued_job_reads_each_model_header_once(qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path,
                                                   tmp_path: Path) -> None:
    model, taesd = tiny_model
    copies = [tmp_path / model.name, tmp_path / taesd.name]  # files no other test has asked about yet
    for source, copy in zip((model, taesd), copies, strict=True):
        copy.write_bytes(source.read_bytes())
    queue = JobQueue(Generation(out_dir))
    request = GenerationRequest(prompt="read once", width=64, height=64, steps=1,
                                models=ModelFiles(model=copies[0], taesd=copies[1]))  # planned automatically
    before = model_files._read_header.cache_info()
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        [job] = queue.add([request])
    assert job.image is not None, job.reason
    after = model_files._read_header.cache_info()
    reads_before = before.misses
    assert after.misses - reads_before == 2  # from the disk
    assert (after.hits + after.misses) - (before.hits + before.misses) == 2  # asked for: once a file for the job
    # the file changed (a new download in its place): its header is read again
    os.utime(copies[1], ns=(0, 10**9))
    model_files.inspect_model(copies[1])
    assert model_files._read_header.cache_info().misses - reads_before == 3
