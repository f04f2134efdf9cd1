"""`python -m app plan`: presets before download, and real file headers."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from app.services.runners.measured_speeds import SHADERS_KEPT_MARK
from app.services.user_dirs import current_user_dirs
from tests.helpers import model_headers as mh
from tests.helpers.cli import REPO, utf8_env


def plan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "plan", *args], capture_output=True, encoding="utf-8",
                          env=utf8_env(), cwd=REPO, timeout=60, check=False)


def test_flux_schnell_q4k_at_1024_fits_a_4gb_card(sd_cli: Path) -> None:
    result = plan("--preset", "flux-schnell-q4k", "--vram", "4GiB", "--ram", "24GB", "--max-alloc", "2GiB", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert set(document) == {"fits", "flags", "placement", "predicted_peak_vram_bytes", "predicted_peak_ram_bytes",
                             "explanation", "fallbacks", "preview", "predicted_seconds", "predicted_seconds_range",
                             "time_from", "time_card", "stages"}
    assert document["fits"] is True
    assert document["predicted_peak_vram_bytes"] < 4 * 2**30
    assert document["placement"]["text_encoders"] == "cpu"
    assert "--offload-to-cpu" in document["flags"]


def test_plan_from_file_headers(sd_cli: Path, tmp_path: Path) -> None:
    diffusion = mh.write_gguf(tmp_path / "flux1-schnell-Q4_K_S.gguf", mh.flux_diffusion())
    t5 = mh.write_safetensors(tmp_path / "t5xxl_fp16.safetensors", mh.t5xxl())
    clip = mh.write_safetensors(tmp_path / "clip_l.safetensors", mh.clip_l())
    ae = mh.write_safetensors(tmp_path / "ae.safetensors", mh.vae())
    result = plan("--diffusion-model", str(diffusion), "--t5xxl", str(t5), "--clip-l", str(clip), "--vae", str(ae),
                  "--vram", "8GiB", "--ram", "16GB", "--width", "1024", "--height", "1024")
    assert result.returncode == 0, result.stderr
    assert "Text encoders on the CPU." in result.stdout
    assert "Predicted VRAM peak" in result.stdout


def test_nothing_fits_exits_1_and_says_what_would(sd_cli: Path) -> None:
    result = plan("--preset", "flux-schnell-q4k", "--vram", "2GiB", "--ram", "4GB", "--json")
    assert result.returncode == 1
    assert "more RAM" in json.loads(result.stdout)["explanation"][-1]


def test_bad_input_is_explained(sd_cli: Path) -> None:
    unknown = plan("--preset", "nope", "--vram", "8GiB", "--ram", "16GB")
    assert unknown.returncode == 2 and "no preset 'nope'; known: flux-schnell-q4k" in unknown.stderr
    size = plan("--preset", "sd15", "--vram", "lots", "--ram", "16GB")
    assert size.returncode == 2 and "not a size: 'lots'" in size.stderr


def test_z_image_and_klein_presets_are_planned_with_their_llm(sd_cli: Path) -> None:
    for preset in ("z-image-turbo-q3k", "flux2-klein-4b-q4"):
        result = plan("--preset", preset, "--vram", "4GiB", "--ram", "16GB", "--max-alloc", "2GiB")
        assert result.returncode == 0, result.stderr
        assert "Text encoder (the Qwen3 LLM) on the " in result.stdout
        # the ladder's later rungs cut the LLM (and the DiT) into pieces of at most 1.5 GiB (and may decode in
        # smaller tiles than sd.cpp's own: planning/decoder_tiles.py)
        assert re.search(r"--max-vram 1\.5( --vae-tile-size \d+x\d+)? \(~1\.", result.stdout), result.stdout
    common = ("--preset", "flux2-klein-4b-q8", "--vram", "8GiB", "--ram", "16GB", "--json")
    plain, edit = (json.loads(plan(*common, *extra).stdout) for extra in ((), ("--edit",)))
    # the picture's encoding beside all the weights, and its tokens, no longer fit an 8 GB card: it offloads
    assert "--offload-to-cpu" in edit["flags"] and "--offload-to-cpu" not in plain["flags"]
    assert edit["predicted_peak_ram_bytes"] > plain["predicted_peak_ram_bytes"]
    refused = plan("--preset", "z-image-turbo-q8", "--vram", "8GiB", "--ram", "16GB", "--edit")
    assert refused.returncode == 2 and "--edit needs a FLUX.2 klein model" in refused.stderr


def test_img2img_hires_and_a_lora_are_planned_too(sd_cli: Path, tmp_path: Path) -> None:
    # a card with room for everything: the same placement each time, so the peaks compare
    common = ("--preset", "sd15", "--vram", "24GiB", "--ram", "64GB", "--width", "512", "--height", "512", "--json")
    plain, hires, img2img = (json.loads(plan(*common, *extra).stdout)
                             for extra in ((), ("--hires-scale", "2"), ("--img2img",)))
    assert hires["flags"] == plain["flags"] == img2img["flags"]
    assert hires["predicted_peak_vram_bytes"] > plain["predicted_peak_vram_bytes"]
    assert img2img["predicted_peak_vram_bytes"] >= plain["predicted_peak_vram_bytes"]
    # a Flux LoRA's header with 600 MiB of (sparse) weights, on Flux, whose peak is the diffusion stage
    lora = mh.write_safetensors(tmp_path / "big.safetensors", {
        f"lora_unet_double_blocks_{i}_img_attn_qkv.lora_down.weight": ((4096, 768), "f32") for i in range(50)})
    flux = ("--preset", "flux-schnell-q4k", "--vram", "24GiB", "--ram", "64GB", "--json")
    without, with_lora = (json.loads(plan(*flux, *extra).stdout) for extra in ((), ("--lora", str(lora))))
    assert with_lora["predicted_peak_vram_bytes"] > without["predicted_peak_vram_bytes"] + 500 * 2**20
    assert plan(*flux, "--lora", str(tmp_path / "missing.safetensors")).returncode == 2


def test_a_budget_of_zero_or_less_is_refused() -> None:
    # refused before anything else is looked at: no backend needed
    for option, value in (("--vram", "0"), ("--ram", "-4GiB"), ("--max-alloc", "0GB")):
        budgets = {"--vram": "8GiB", "--ram": "16GB", option: value}
        # `--ram=-4GiB`: argparse reads a lone "-4GiB" as an option of its own
        result = plan("--preset", "sd15", *(f"{name}={size}" for name, size in budgets.items()))
        assert result.returncode == 2
        assert f"error: {option} must be a size above zero, got '{value}'" in result.stderr
        assert result.stdout == ""


def test_sizes_and_steps_that_generate_refuses_are_refused_in_its_words(sd_cli: Path) -> None:
    budgets = ("--vram", "8GiB", "--ram", "16GB")
    for extra, words in ((("--width", "7", "--height", "100000", "--steps", "-5"),
                          "width must be between 64 and 2048 pixels, got 7"),
                         (("--width", "512", "--height", "100000"), "height must be between 64 and 2048 pixels, "
                                                                     "got 100000"),
                         (("--width", "512", "--height", "512", "--steps", "-5"), "steps must be between 1 and 200, "
                                                                                  "got -5"),
                         (("--steps", "0",), "steps must be between 1 and 200, got 0"),
                         (("--hires-scale", "3"), "hires fix would make 3072x3072; the largest side is 2048")):
        result = plan("--preset", "flux-schnell-q4k", *budgets, *extra, "--json")
        assert result.returncode == 2, (extra, result.stdout)
        assert f"error: {words}" in result.stderr
        assert result.stdout == ""


def test_a_side_off_the_model_s_multiple_is_planned_as_generate_would_run_it(sd_cli: Path) -> None:
    common = ("--preset", "flux-schnell-q4k", "--vram", "8GiB", "--ram", "16GB", "--height", "512", "--json")
    snapped, exact = plan(*common, "--width", "1000"), plan(*common, "--width", "1008")
    assert snapped.returncode == exact.returncode == 0, snapped.stderr
    assert "note: width 1000 is not a multiple of 16; using 1008" in snapped.stderr
    assert json.loads(snapped.stdout) == json.loads(exact.stdout)


def test_plain_plan_prices_this_pc_as_the_window_does_its_first_picture_included(sd_cli: Path, tiny_model,
                                                                                 new_shader_cache: Path) -> None:
    # issue 52: `plan` priced only a named card, so it said no first-picture number for this PC
    model, taesd = tiny_model
    asked = ("--model", str(model), "--taesd", str(taesd), "--width", "128", "--height", "128")
    result = plan(*asked, "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["time_card"].startswith("llvmpipe")
    # this PC's processor draws here: priced from its speed (timed now, kept in the data folder), the set-up said
    assert document["time_from"] == ("estimated from this processor's measured speed; the first picture includes "
                                     "a one-time set-up")
    assert [stage["stage"] for stage in document["stages"]][:2] == ["starting", "setting up"]
    assert (current_user_dirs().data / "processor_speed.json").is_file()
    words = plan(*asked).stdout
    assert "for this first picture on this computer's processor: it includes a one-time set-up" in words
    # the shaders kept from an earlier picture: the same PC's first picture in this data folder has no set-up
    (new_shader_cache / SHADERS_KEPT_MARK).write_text("", encoding="utf-8")
    kept = json.loads(plan(*asked, "--json").stdout)
    assert "setting up" not in [stage["stage"] for stage in kept["stages"]]
    assert kept["predicted_seconds"] < document["predicted_seconds"] / 3
