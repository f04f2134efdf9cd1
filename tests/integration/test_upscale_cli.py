"""`python -m app upscale IMAGE --factor N --events` with the real sd.cpp and a tiny random-weight ESRGAN."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PIL import Image

from app.core.demo.picture_models import write_tiny_upscaler
from app.core.gallery.metadata import read_details
from tests.helpers.cli import run_generate


def test_a_tiny_esrgan_upscales_64_to_256(sd_cli: Path, out_dir: Path, tmp_path: Path) -> None:
    model = write_tiny_upscaler(tmp_path / "models")
    source = tmp_path / "small.png"
    Image.effect_noise((64, 64), 60).convert("RGB").save(source)
    for factor, side in (("4", 256), ("2", 128)):
        run = run_generate([sys.executable, "-m", "app", "upscale", str(source), "--factor", factor, "--model",
                            str(model), "--out", str(out_dir), "--events"])
        assert run.exit_code == 0, run.stderr
        assert run.events[-1] == {"event": "done", "ok": True, "exit_code": 0}
        [image] = run.of("image")
        with Image.open(image["path"]) as made:
            assert made.size == (side, side)
            assert any(low != high for low, high in made.getextrema())  # a picture, not one colour
        details = read_details(Path(image["path"]))
        assert details is not None and details["upscale"]["factor"] == int(factor)
        assert details["upscaled_from"] == str(source)
    assert "Tiles of 128 px: 1;" in run.stderr  # the planner's count, said before the run


def test_upscaling_something_that_is_no_picture_runs_nothing(sd_cli: Path, out_dir: Path, tmp_path: Path) -> None:
    model = write_tiny_upscaler(tmp_path / "models")
    (tmp_path / "notes.png").write_text("hello")
    run = run_generate([sys.executable, "-m", "app", "upscale", str(tmp_path / "notes.png"), "--model", str(model),
                        "--out", str(out_dir), "--events"])
    assert run.exit_code == 1
    [error] = run.of("error")
    assert "is not a picture" in error["message"] and run.of("log") == []


def test_out_of_vram_is_retried_in_smaller_tiles(sd_cli: Path, standin: Path, out_dir: Path, tmp_path: Path) -> None:
    model = write_tiny_upscaler(tmp_path / "models")
    source = tmp_path / "small.png"
    Image.effect_noise((64, 64), 60).convert("RGB").save(source)
    calls = tmp_path / "calls.jsonl"
    run = run_generate([sys.executable, "-m", "app", "upscale", str(source), "--model", str(model), "--out",
                        str(out_dir), "--sd-binary", str(standin), "--events"],
                       env={"STANDIN_CASE": "oom_then_real", "STANDIN_STATE": str(calls),
                            "STANDIN_REAL": str(sd_cli)})
    assert run.exit_code == 0, run.stderr
    assert run.of("retry") == [{"event": "retry", "reason": "out_of_vram", "flags": ["--upscale-tile-size", "64"]}]
    first, second = (json.loads(line) for line in calls.read_text(encoding="utf-8").splitlines())
    assert first[first.index("--upscale-tile-size") + 1] == "128"
    assert second[second.index("--upscale-tile-size") + 1] == "64"
    [image] = run.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (256, 256)


def test_in_the_demo_the_demo_upscaler_draws_and_says_it_is_a_demo(sd_cli: Path, out_dir: Path,
                                                                     tmp_path: Path) -> None:
    source = tmp_path / "small.png"
    Image.effect_noise((32, 32), 60).convert("RGB").save(source)
    run = run_generate([sys.executable, "-m", "app", "--demo", "upscale", str(source), "--out", str(out_dir),
                        "--events"])
    assert run.exit_code == 0, run.stderr
    assert "the demo upscaler (esrgan_tiny_x4.gguf, random weights)" in run.stderr
    [image] = run.of("image")
    with Image.open(image["path"]) as made:
        assert made.size == (128, 128)


def test_without_an_upscaler_it_names_the_download_and_the_demo(tmp_path: Path) -> None:
    source = tmp_path / "small.png"
    Image.effect_noise((32, 32), 60).convert("RGB").save(source)
    run = run_generate([sys.executable, "-m", "app", "upscale", str(source), "--events"])
    assert run.exit_code == 1
    [error] = run.of("error")
    assert "realesrgan-x4plus-anime-6b" in error["message"] and "python -m app --demo upscale" in error["message"]
