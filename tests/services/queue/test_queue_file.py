"""The queue's file: what a restart brings back, and a file that cannot be written said in words, never raised."""

from __future__ import annotations

from pathlib import Path

from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import Job
from app.services.queue.queue_file import QueueFile


def test_the_saved_jobs_come_back_and_a_queue_without_a_file_starts_empty(tmp_path: Path) -> None:
    said: list[str] = []
    kept = QueueFile(tmp_path / "queue.json", said.append)
    assert kept.load().jobs == []
    job = Job(GenerationRequest(prompt="a red fox", seed=7))
    kept.save([job])
    back = QueueFile(tmp_path / "queue.json", said.append).load().jobs
    assert [(j.id, j.request.prompt) for j in back] == [(job.id, "a red fox")]
    memory_only = QueueFile(None, said.append)
    memory_only.save([job])
    assert memory_only.load().jobs == [] and said == []


def test_a_queue_file_that_cannot_be_written_is_said_and_the_queue_kept(tmp_path: Path) -> None:
    blocked = tmp_path / "not a folder"
    blocked.write_text("")
    said: list[str] = []
    QueueFile(blocked / "queue.json", said.append).save([Job(GenerationRequest(prompt="x"))])
    assert len(said) == 1
    assert said[0].startswith("The job queue could not be saved (") and "kept until the app closes" in said[0]
