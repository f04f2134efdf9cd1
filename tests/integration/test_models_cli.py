"""`python -m app models import`: files the user already has, each put in its slot or flagged."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.helpers import model_headers as mh
from tests.helpers.cli import REPO, utf8_env
from tests.helpers.file_server import Served, file_server
from tests.helpers.local_catalog import PRESET, preset_files, served, write_catalog


def import_models(*paths: Path) -> tuple[int, list[dict]]:
    result = subprocess.run([sys.executable, "-m", "app", "models", "import", *map(str, paths), "--json"],
                            capture_output=True, encoding="utf-8", env=utf8_env(), cwd=REPO, timeout=60, check=False)
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
    (folder / "notes.txt").write_text("not a model, not even looked at", encoding="utf-8")
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


def models_cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "app", "models", *args], capture_output=True, cwd=REPO,
                            env=utf8_env(), timeout=timeout, check=False)  # bytes: text mode turns the bar's \r to \n
    return subprocess.CompletedProcess(result.args, result.returncode, result.stdout.decode("utf-8"),
                                       result.stderr.decode("utf-8"))


def test_models_list_says_what_each_preset_needs_and_has(tmp_path: Path) -> None:
    result = models_cli("list", "--json", "--models-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert listed["models_dir"] == str(tmp_path)
    flux = next(p for p in listed["presets"] if p["id"] == "flux-schnell-q4k")
    assert flux["status"] == "missing" and flux["bytes"] == sum(f["bytes"] for f in flux["files"])
    t5 = next(f for f in flux["files"] if f["slot"] == "t5xxl")
    assert t5["verified_hash"] is True and t5["url"].startswith("https://huggingface.co/")
    assert t5["licence"] == "Apache-2.0" and t5["status"] == "missing"
    canny = next(p for p in listed["presets"] if p["id"] == "control-sd15-canny")  # the ControlNets too
    assert canny["family"] == "sd1" and canny["files"][0]["slot"] == "controlnet"
    text = models_cli("list", "--models-dir", str(tmp_path))
    assert "flux-schnell-q4k: Flux Schnell" in text.stdout and "no published hash" in text.stdout


def test_models_download_shows_a_progress_bar_and_installs_the_preset(tmp_path: Path) -> None:
    files = preset_files()
    with file_server(Served(files=served(files), pause_s=0.002)) as base:
        write_catalog(tmp_path / "catalog.json", base, files)
        result = models_cli("download", PRESET, "--catalog", str(tmp_path / "catalog.json"),
                            "--models-dir", str(tmp_path / "models"))
        assert result.returncode == 0, result.stderr
        bar = result.stderr.split("\n")[0]  # one line, redrawn in place
        assert bar.count("\r[") > 3 and "100% 879 KiB/879 KiB" in bar and "(2/2) local-ae.safetensors" in bar
        listed = json.loads(models_cli("list", "--json", "--catalog", str(tmp_path / "catalog.json"),
                                       "--models-dir", str(tmp_path / "models")).stdout)
    assert listed["presets"][0]["status"] == "unverified"  # one file has no published hash
    assert [f["status"] for f in listed["presets"][0]["files"]] == ["unverified", "installed"]


def test_models_download_names_the_cause_of_a_failure(tmp_path: Path) -> None:
    files = preset_files(1000)
    with file_server(Served(files={})) as base:  # the server has none of them
        write_catalog(tmp_path / "catalog.json", base, files)
        result = models_cli("download", PRESET, "--catalog", str(tmp_path / "catalog.json"),
                            "--models-dir", str(tmp_path / "models"))
    assert result.returncode == 1
    # the model by its name and its part in words, no file's name
    assert result.stderr.startswith("error: Local Flux: the diffusion model file is not on the server any more: the "
                                    "catalog needs updating")
    unknown = models_cli("download", "no-such-preset", "--models-dir", str(tmp_path))
    assert unknown.returncode == 2 and "known: flux-schnell-q4k" in unknown.stderr
