"""The plan the window shows counts what img2img, hires fix and LoRAs add (Generation.preview)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import write_tiny_lora
from app.core.generation.prepare import PreparedJob
from app.core.generation.request import GenerationRequest, HiresFix
from app.core.models.families import ModelFiles
from app.core.planning.plan import MemoryPlan
from app.core.queue.jobs import Job
from app.services.runners.events import StageEntered
from app.services.runners.generation import Generation
from tests.helpers.fake_vulkaninfo import FakeVulkaninfo, use_fake_vulkaninfo
from tests.helpers.runner_events import ended, hear


def test_the_preview_plan_counts_the_encode_hires_and_loras(qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path,
                                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_vulkaninfo(monkeypatch, FakeVulkaninfo("linux", "public/amd_rx470_radv_linux_full.txt"))
    model, taesd = tiny_model
    generation = Generation(out_dir)
    plain = GenerationRequest(prompt="x", width=512, height=512, models=ModelFiles(model=model, taesd=taesd))
    with qtbot.waitSignal(generation.probed, timeout=30_000):
        generation.prepare(Job(plain))

    def plan(request: GenerationRequest) -> MemoryPlan:
        result = generation.prepare(Job(request))
        assert isinstance(result, PreparedJob), result
        return result.plans[0]

    base = plan(plain)
    Image.new("RGB", (512, 512), (90, 120, 200)).save(tmp_path / "in.png")
    assert plan(dataclasses.replace(plain, init_image=tmp_path / "in.png")).seconds > base.seconds
    hires = plan(dataclasses.replace(plain, hires=HiresFix(scale=2)))
    assert hires.peak_vram.compute > base.peak_vram.compute and hires.seconds > base.seconds
    lora = write_tiny_lora(tmp_path / "loras")
    with_lora = plan(dataclasses.replace(plain, prompt="x <lora:flux_tiny_lora:1>", lora_dir=lora.parent))
    assert with_lora.peak_vram.weights >= base.peak_vram.weights + lora.stat().st_size - 4096  # f16 tensors
    refused = generation.prepare(Job(dataclasses.replace(plain, prompt="x <lora:../x:1>", lora_dir=lora.parent)))
    assert isinstance(refused, str) and "not a plain name" in refused


def test_deleting_the_input_and_mask_mid_run_harms_nothing(qtbot: QtBot, sd_cli: Path, tiny_model, out_dir: Path,
                                                           tmp_path: Path) -> None:
    model, taesd = tiny_model
    source, mask = tmp_path / "in.png", tmp_path / "mask.png"
    Image.effect_noise((64, 64), 50).convert("RGB").save(source)
    Image.new("L", (64, 64), 255).save(mask)
    generation = Generation(out_dir)
    gone: list[str] = []

    def on_stage(stage: object) -> None:
        if not gone:  # sd.cpp has started: the user deletes the input and paints over the mask file
            source.unlink()
            mask.write_text("not a picture any more")
            gone.append(str(stage))

    generation.job_event.connect(hear(StageEntered, on_stage, "stage"))
    request = GenerationRequest(prompt="x", width=64, height=64, steps=1, seed=2, init_image=source, mask=mask,
                                models=ModelFiles(model=model, taesd=taesd))
    with qtbot.waitSignal(generation.job_event, timeout=180_000, check_params_cb=ended) as finished:
        generation.start(Job(request))
    outcome = finished.args[0].outcome
    assert gone and outcome.ok, outcome
    with Image.open(outcome.image) as made:
        assert made.size == (64, 64)
    [job] = (out_dir / ".jobs").iterdir()
    assert sorted(p.name for p in job.iterdir()) == ["input.png", "mask.png"]
