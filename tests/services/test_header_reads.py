"""A queued job's model headers are read once: the queue's RAM count, the plan and the run all ask, and only the
first ask reads the disk; a changed file is read again."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.generation.request import GenerationRequest, ModelFiles
from app.core.models import model_files
from app.services.generation.runner import Generation
from app.services.queue.job_queue import JobQueue


def test_a_queued_job_reads_each_model_header_once(qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path,
                                                   tmp_path: Path) -> None:
    model, taesd = tiny_model
    copies = [tmp_path / model.name, tmp_path / taesd.name]  # files no other test has asked about yet
    for source, copy in zip((model, taesd), copies, strict=True):
        copy.write_bytes(source.read_bytes())
    queue = JobQueue(Generation(out_dir))
    request = GenerationRequest(prompt="read once", width=64, height=64, steps=1,
                                models=ModelFiles(model=copies[0], taesd=copies[1]))  # planned automatically
    reads_before = model_files._read_header.cache_info().misses
    with qtbot.waitSignal(queue.idle, timeout=120_000):
        [job] = queue.add([request])
    assert job.image is not None, job.reason
    assert model_files._read_header.cache_info().misses - reads_before == 2
    # the file changed (a new download in its place): its header is read again
    os.utime(copies[1], ns=(0, 10**9))
    model_files.inspect_model(copies[1])
    assert model_files._read_header.cache_info().misses - reads_before == 3
