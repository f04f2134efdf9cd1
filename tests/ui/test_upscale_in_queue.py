"""An upscale asked for in the gallery is a job of the queue: it waits its turn behind a picture being made, shows
in the queue strip, and its events come through the studio's one stream like a picture's (real sd.cpp, a tiny
random-weight ESRGAN and the tiny model)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pytestqt.qtbot import QtBot

from app.core.demo.picture_models import write_tiny_upscaler
from app.core.gallery.metadata import write_metadata
from app.core.generation.request import GenerationRequest
from app.core.generation.upscale import UpscaleRequest
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.queue.jobs import JobState
from app.services.runners.events import JobEnded, JobEvent, JobStarted
from app.services.user_dirs import current_user_dirs
from app.ui.first_start import load_demo
from tests.helpers.gallery_window import window_over


def test_an_upscale_waits_behind_a_picture_then_lands_in_the_gallery(
        qtbot: QtBot, sd_cli: Path, tiny_model: tuple[Path, Path], out_dir: Path, tmp_path: Path) -> None:
    model, taesd = tiny_model
    out_dir.mkdir(parents=True)
    source = out_dir / "polaris-1.png"
    Image.effect_noise((64, 32), 40).convert("RGB").save(source)
    write_metadata(source, "a cat\nSteps: 4, Seed: 1", {"prompt": "a cat", "width": 64, "height": 32, "seed": 1})
    write_tiny_upscaler(current_user_dirs().models / "upscalers")
    window = window_over(qtbot, source, tmp_path / "gallery.sqlite3")
    assert window.gallery is not None
    heard: list[JobEvent] = []
    window.studio.job_event.connect(heard.append)
    [drawing] = window.studio.add([GenerationRequest(
        prompt="first in the queue", width=64, height=64, steps=1, seed=3,
        models=ModelFiles(model=model, taesd=taesd), memory=MemoryFlags(clip_on_cpu=True, vae_on_cpu=True))])
    qtbot.waitUntil(lambda: drawing.state is JobState.RUNNING, timeout=60_000)  # once vulkaninfo answered
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    window.gallery.upscale_actions[2].trigger()
    upscale = window.studio.queue.jobs[-1]
    assert isinstance(upscale.request, UpscaleRequest) and upscale.request.factor == 2
    assert upscale.state is JobState.WAITING and drawing.state is JobState.RUNNING
    assert "when the jobs before it are done" in window.status_line.status.text()
    assert any("upscale polaris-1.png x2" in window.queue_strip.list.item(i).text()
               for i in range(window.queue_strip.list.count()))
    with qtbot.waitSignal(window.studio.queue.idle, timeout=180_000):
        pass
    assert [event.job for event in heard if isinstance(event, JobStarted)] == [drawing, upscale]
    ended = {event.job.id: event.outcome for event in heard if isinstance(event, JobEnded)}
    assert ended[drawing.id].ok and ended[upscale.id].ok, ended
    assert {event.card for event in heard} == {"the graphics card"}
    assert upscale.state is JobState.DONE and upscale.image is not None
    with Image.open(upscale.image) as upscaled:
        assert upscaled.size == (128, 64)
    assert window.image.image_path == Path(upscale.image)
    assert [entry.path for entry in window.gallery.selected()] == [Path(upscale.image)]  # the one in view
    names = {entry.path.name for entry in window.gallery.model.entries}
    assert {source.name, Path(upscale.image).name, Path(str(drawing.image)).name} <= names


def test_in_the_demo_the_demos_upscaler_enlarges_and_says_so(qtbot: QtBot, sd_cli: Path, out_dir: Path,
                                                            tmp_path: Path) -> None:
    out_dir.mkdir(parents=True)
    source = out_dir / "polaris-1.png"
    Image.effect_noise((32, 32), 40).convert("RGB").save(source)
    write_metadata(source, "a cat\nSteps: 4, Seed: 1", {"prompt": "a cat", "width": 32, "height": 32, "seed": 1})
    window = window_over(qtbot, source, tmp_path / "gallery.sqlite3")
    assert window.gallery is not None
    load_demo(window.panel)  # no upscaler in the models folder
    window.gallery.view.setCurrentIndex(window.gallery.model.index(0))
    window.status_line.progress.setFormat("Done")  # as the last job left it
    shown: list[tuple[str, str]] = []  # the bar's words and the status line's, after each event is shown
    window.studio.job_event.connect(lambda event: shown.append(
        (window.status_line.progress.format(), window.status_line.status.text())))
    with qtbot.waitSignal(window.studio.queue.idle, timeout=180_000):
        window.gallery.upscale_actions[4].trigger()
        assert window.status_line.status.text() == ("Upscaling polaris-1.png x4 with the demo's upscaler (noise, to "
                                                    "show how it works)…")
        assert window.status_line.progress.format() == "Upscaling…"  # its own progress, not the last job's Done
    # the plan in the window's words: the demo's upscaler says it draws noise; no tiles' pixels, no VRAM budget
    said = [text for _, text in shown]
    assert any(text.startswith("Upscaling with the demo's upscaler, which draws noise to show how it works: about ")
               for text in said), said
    assert not any("VRAM" in text or "budget" in text or " px" in text for text in said), said
    assert [bar for bar, _ in shown[:-1]] == ["Upscaling…"] * (len(shown) - 1)
    assert shown[-1][0] == "Done"
    upscale = window.studio.queue.jobs[-1]
    assert upscale.state is JobState.DONE and upscale.image is not None
    with Image.open(upscale.image) as upscaled:
        assert upscaled.size == (128, 128)
