"""`python -m app models import`: files the user already has, each put in its slot or flagged."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.helpers import model_headers as mh
from tests.helpers.cli import REPO


def import_models(*paths: Path) -> tuple[int, list[dict]]:
    result = subprocess.run([sys.executable, "-m", "app", "models", "import", *map(str, paths), "--json"],
                            capture_output=True, text=True, cwd=REPO, timeout=60, check=False)
    return result.returncode, json.loads(result.stdout)


def test_each_file_lands_in_its_slot_and_risky_ones_are_flagged(tiny_model, tmp_path: Path) -> None:
    model, taesd = tiny_model
    folder = tmp_path / "Downloads"
    (folder / "flux").mkdir(parents=True)
    shutil.copy(taesd, folder / "flux" / "taef1.gguf")
    mh.write_gguf(folder / "flux" / "flux1-schnell-Q4_K_S.gguf", mh.flux_diffusion())
    mh.write_safetensors(folder / "flux" / "t5xxl_fp16.safetensors", mh.t5xxl())
    mh.write_safetensors(folder / "clip_l.safetensors", mh.clip_l())
    mh.write_safetensors(folder / "ae.safetensors", mh.vae())
    (folder / "old-model.ckpt").write_bytes(b"PK\x03\x04 a pickle inside a zip")
    (folder / "notes.txt").write_text("not a model, not even looked at")
    code, results = import_models(model, folder)
    assert all(set(r) == {"path", "kind", "slot", "warning"} for r in results)
    by_name = {Path(r["path"]).name: r for r in results}
    assert set(by_name) == {model.name, "taef1.gguf", "flux1-schnell-Q4_K_S.gguf", "t5xxl_fp16.safetensors",
                            "clip_l.safetensors", "ae.safetensors", "old-model.ckpt"}
    slots = {name: r["slot"] for name, r in by_name.items()}
    assert slots == {model.name: "model", "taef1.gguf": "taesd", "flux1-schnell-Q4_K_S.gguf": "diffusion_model",
                     "t5xxl_fp16.safetensors": "t5xxl", "clip_l.safetensors": "clip_l", "ae.safetensors": "vae",
                     "old-model.ckpt": None}
    assert "can run code" in by_name["old-model.ckpt"]["warning"]
    assert all(r["warning"] is None for name, r in by_name.items() if name != "old-model.ckpt")
    assert code == 1  # not every file found a slot


def test_an_unknown_or_broken_file_gets_no_slot(tmp_path: Path) -> None:
    odd = mh.write_gguf(tmp_path / "odd.gguf", {"some.weight": ((64, 64), "f16")})
    broken = tmp_path / "broken.safetensors"
    broken.write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{not json at all")
    code, results = import_models(odd, broken)
    assert code == 1
    assert [(r["kind"], r["slot"]) for r in results] == [("unknown", None), ("unreadable", None)]
    assert "not a model part" in results[0]["warning"] and "not JSON" in results[1]["warning"]
