"""`generate --events` reports each preview frame: its file and step, while the run goes on."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.cli import generate_argv, run_generate


def test_preview_events_come_with_the_steps_and_their_folder_is_removed(sd_cli: Path, tiny_model,
                                                                       out_dir: Path) -> None:
    model, taesd = tiny_model
    run = run_generate(generate_argv("a lighthouse", model, taesd, out_dir, "--width", "64", "--height", "64",
                                     "--steps", "3", "--seed", "7"))
    assert run.exit_code == 0, run.stderr
    kinds = [e["event"] for e in run.events]
    previews = run.of("preview")
    assert previews and all(set(p) == {"event", "path", "step"} for p in previews)
    assert [p["step"] for p in previews] == sorted({p["step"] for p in previews})
    first_progress = run.of("progress")[0]
    assert kinds.index("preview") < kinds.index("image")
    assert previews[0]["step"] <= first_progress["step"] + 1
    path = Path(previews[0]["path"])
    assert path.name == "preview.png" and path.parent != out_dir
    assert not path.parent.exists()  # the job's temporary folder went with the job
    [image] = run.of("image")
    assert [p.name for p in out_dir.iterdir()] == [Path(image["path"]).name]
