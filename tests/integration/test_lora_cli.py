"""`python -m app generate --lora NAME:WEIGHT` with the real sd.cpp: a tiny LoRA for the tiny Flux."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from app.core.demo.picture_models import write_tiny_lora
from app.core.gallery.metadata import lora_hash, parse_parameters, read_parameters_text
from tests.helpers.cli import generate_argv, run_generate


def test_a_tiny_lora_changes_the_picture_at_a_fixed_seed(sd_cli: Path, tiny_model, out_dir: Path,
                                                         tmp_path: Path) -> None:
    model, taesd = tiny_model
    lora = write_tiny_lora(tmp_path / "loras")
    pictures = []
    for extra in ((), ("--lora", "flux_tiny_lora:1", "--lora-dir", str(lora.parent))):
        run = run_generate(generate_argv("a lighthouse", model, taesd, out_dir, "--width", "64", "--height", "64",
                                         "--steps", "2", "--seed", "11", *extra))
        assert run.exit_code == 0, run.stderr
        [image] = run.of("image")
        pictures.append(Path(image["path"]))
    logs = "\n".join(e["text"] for e in run.of("log"))
    assert "(20 / 20) LoRA tensors have been applied" in logs
    plain, styled = (np.asarray(Image.open(p).convert("RGB"), int) for p in pictures)
    # measured: 22 of 255 on average at weight 1 (the tiny autoencoder flattens much of the change)
    assert np.abs(plain - styled).mean() > 5
    text = read_parameters_text(pictures[1])
    assert text is not None
    parameters = parse_parameters(text)
    assert parameters.prompt == "a lighthouse <lora:flux_tiny_lora:1>"  # as A1111 writes it: the tag stays
    assert f'Lora hashes: "flux_tiny_lora: {lora_hash(lora)}"' in parameters.settings


def test_a_lora_name_with_a_path_is_refused_and_nothing_runs(sd_cli: Path, tiny_model, out_dir: Path,
                                                             tmp_path: Path) -> None:
    model, taesd = tiny_model
    lora = write_tiny_lora(tmp_path / "loras")
    run = run_generate(generate_argv("x", model, taesd, out_dir, "--lora", "../../x:1", "--lora-dir",
                                     str(lora.parent)))
    assert run.exit_code == 1
    [error] = run.of("error")
    assert error["kind"] == "bad_request" and "not a plain name" in error["message"]
    assert run.of("stage") == [] and run.of("log") == []
