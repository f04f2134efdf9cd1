"""Drafts, then the one you want (issue 50): the time to a chosen 1024² picture among four tries, and whether the
finish keeps its draft's composition.

    .venv/bin/python tests/bench/bench_drafts.py            # the predicted times (instant)
    .venv/bin/python tests/bench/bench_drafts.py --lavapipe # and the composition, drawn with the tiny demo model

Times: predicted by the time model the window and `plan --card` show, for a Radeon RX 580 8 GB (the planner's card
preset), 16 GB of RAM and 8 cores, each preset at 1024² with its own steps: four drafts and the finish of one
against four full pictures (the goal: at most 40 %). The finish of a draft is the draft drawn again (its seed, size
and steps) and carried to the full size by sd.cpp's hires fix (its latent enlarged, then the steps an img2img finish
at strength 0.5 would sample): no encoder is held beside the model, so its decoder stays on the card as the full
picture's does. The roofline prices each run's stages after loading; each run also starts sd-cli and loads the
model (not in the roofline: learned after a first picture), so the line below adds a start per run as an
assumption, stated, to show how far that moves the fraction (five runs against four).

Composition: two drafts drawn on lavapipe with the tiny demo model (64x64, 2 steps, seeds 7 and 8), the first
finished with `python -m app finish` (128x128, drawn again with the hires fix), the finish scaled down to the
draft's size (Lanczos) and compared with it by SSIM (grey, uniform 7x7 windows, numpy). Beside it, the floor (the
finish against the other seed's draft: no composition shared) and two ceilings: the draft drawn again and enlarged
at the lowest strength (0.01, the finish's own way: all that the model's enlarged latent and decoder let through),
and the draft through the model's own autoencoder and one step at strength 0.01 (an img2img finish's way). The
threshold for real weights, 0.5: a finish that redraws half the steps changes the details (SSIM below 1) and keeps
the shapes and colours, well above an unrelated picture's ~0.1; not measurable here (no real weights on this machine
or the lent GPU, which is offline; real-shaped random weights draw no composition either). What is measured, and
passes or fails the bench: the finish keeps at least 90 % of what the model can keep at all, above the floor:
(finish - floor) >= 0.9 x (best ceiling - floor). A finish that lost the draft's composition falls to the floor.
Measured 2026-11-29 on lavapipe (the hires finish): finish against its draft 0.187, floor 0.096, ceilings 0.169
(enlarged at the lowest strength) and 0.182 (img2img's; its random-weight autoencoder gives any picture back as
one flat colour, (16, 247, 158)); the img2img finish measured 0.177 there before. So no finish can pass 0.5 with
this model; the finish reaches both ceilings and twice the floor.

Predicted 2026-11-29 (RX 580 8 GB, 16 GB RAM, 8 cores, 4 tries at 1024²): Flux Schnell Q4_K 1331 s against 3489 s,
38 % (text 24, the draft's 2 steps and the 3 at full size 745, decoding on the card 7 s); SDXL 147 s against 497 s,
30 %; with an assumed 30 s start a run, 41 % and 48 %. The img2img finish gave 47 % and 27 %: Flux's held the
encoder beside the model (7543.9 MiB against a 7536.6 MiB budget), so it encoded and decoded on the processor
(102 + 323 s).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.core.generation.drafts import drafts_time, finish_words, planned_drafts
from app.core.generation.prepare import MachineFacts, WhatIf, job_time, prepare
from app.core.generation.request import GenerationRequest
from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.planning.plan import GIB, Device
from app.core.planning.timing import Host, find_card
from tests.helpers.captures import load

PRESETS = ("flux-schnell-q4k", "sdxl")
SIZE = 1024
TRIES = 4
RAM = 16 * GIB
CORES = 8
GOAL = 0.40
START_SECONDS = 30.0  # an assumption: sd-cli's start and loading the model from disk, per run
SSIM_REAL_WEIGHTS = 0.5  # the target with real weights (none here): printed, not measured
KEPT_SHARE = 0.9  # of what the model can keep above the floor (its best ceiling): measured
REPO = Path(__file__).resolve().parents[2]


def predicted() -> bool:
    caps = parse_help(load("help").stdout.decode())
    card = find_card("Radeon RX 580 Series")
    assert card is not None
    host = Host(CORES)
    device = Device(max(card.memory), max_allocation=card.max_allocation, card=card, host=host)
    machine = MachineFacts(device, RAM, caps)
    presets = load_catalog().presets
    met = True
    print(f"{card.name} {max(card.memory) / GIB:.0f} GiB, {RAM // GIB} GiB RAM, {CORES} cores; {TRIES} tries at "
          f"{SIZE}²")
    print(f"{'preset':20} {'full s':>7} {'draft s':>8} {'finish s':>9} {'4 full s':>9} {'drafts+finish s':>16} "
          f"{'fraction':>9} {'with starts':>12}")
    for name in PRESETS:
        preset = presets[name]
        full = prepare(GenerationRequest("x", width=SIZE, height=SIZE, steps=preset.steps), machine,
                       WhatIf(preset.components(), preset.quantized))
        full_time = job_time(full, device.time_card, host)
        draft, finish = planned_drafts(full, TRIES, machine)
        time = drafts_time(draft, finish, TRIES, lambda job: job_time(job, device.time_card, host))
        assert full_time is not None and time is not None
        four = TRIES * full_time.seconds
        fraction = time.seconds / four
        started = (time.seconds + (TRIES + 1) * START_SECONDS) / (four + TRIES * START_SECONDS)
        met = met and fraction <= GOAL
        print(f"{name:20} {full_time.seconds:7.0f} {time.draft.seconds:8.0f} {time.finish.seconds:9.0f} "
              f"{four:9.0f} {time.seconds:16.0f} {fraction:9.0%} {started:12.0%}")
        hires = finish.request.hires
        assert hires is not None
        print(f"{'':20} draft {draft.request.width}x{draft.request.height}, {draft.request.steps} steps; finish "
              f"{finish_words(finish.request)}: {finish.request.steps} + {finish.work.hires_steps} steps sampled "
              f"(--hires-steps {hires.steps}) at strength {hires.denoising_strength:g}, encoder held: "
              f"{finish.work.encode}; stages: draft "
              f"{_stages(time.draft.stages)}; finish {_stages(time.finish.stages)}; full {_stages(full_time.stages)}")
    print(f"goal: drafts + finish at most {GOAL:.0%} of {TRIES} full pictures: {'met' if met else 'NOT met'} "
          f"(with starts: {START_SECONDS:.0f} s a run assumed)")
    return met


def _stages(stages: tuple[tuple[str, float], ...]) -> str:
    return " ".join(f"{name} {seconds:.0f}" for name, seconds in stages)


def ssim(a: np.ndarray, b: np.ndarray, window: int = 7) -> float:
    """Mean structural similarity of two grey pictures (Wang et al. 2004, uniform windows, K1 0.01, K2 0.03)."""
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2

    def mean(x: np.ndarray) -> np.ndarray:
        view = np.lib.stride_tricks.sliding_window_view(x, (window, window))
        return view.mean(axis=(-1, -2))

    mu_a, mu_b = mean(a), mean(b)
    var_a, var_b = mean(a * a) - mu_a ** 2, mean(b * b) - mu_b ** 2
    cov = mean(a * b) - mu_a * mu_b
    score = ((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a ** 2 + mu_b ** 2 + c1) * (var_a + var_b + c2))
    return float(score.mean())


def grey(path: Path, size: tuple[int, int] | None = None) -> np.ndarray:
    with Image.open(path) as picture:
        picture = picture.convert("L")
        if size is not None:
            picture = picture.resize(size, Image.Resampling.LANCZOS)
        return np.asarray(picture, np.float64)


def composition() -> bool:
    from tests.helpers.cli import generate_argv, run_generate

    folder = Path(tempfile.mkdtemp(prefix="bench-drafts-"))
    model, taesd = REPO / ".demo-model" / "flux_tiny_clip.gguf", REPO / ".demo-model" / "taef1_tiny.gguf"
    home = ["--basedir", str(folder / "home")]  # the app's own options come before the command

    def argv(command: str, *extra: str) -> list[str]:
        words = generate_argv(None, model, taesd, folder / "out", *extra)
        at = words.index("generate")
        return [*words[:at], *home, command, *words[at + 1:]]

    drafts = run_generate(argv("generate", "--prompt", "a lighthouse on a cliff", "--width", "128", "--height", "128",
                               "--steps", "4", "--drafts", "2", "--seed", "7"), timeout=600)
    assert drafts.exit_code == 0, drafts.stderr
    first, second = (Path(image["path"]) for image in drafts.of("image"))
    finish_argv = [*argv("finish"), str(first)]
    finished = run_generate(finish_argv, timeout=600)
    assert finished.exit_code == 0, finished.stderr
    [image] = finished.of("image")
    final = Path(image["path"])
    with Image.open(first) as draft, Image.open(final) as made:
        draft_size, final_size = draft.size, made.size
    # the ceilings: the draft drawn again and enlarged as the finish does, at the lowest strength (all that the
    # model's enlarged latent and decoder let through), and the draft through the model's own autoencoder and one
    # step at the lowest strength, at its size (what an img2img finish can keep; kept even when the picture check
    # doubts it: the tiny autoencoder gives back one flat colour)
    enlarged = run_generate(argv("generate", "--prompt", "a lighthouse on a cliff", "--width", str(draft_size[0]),
                                 "--height", str(draft_size[1]), "--steps", "2", "--seed", "7", "--hires",
                                 "--hires-strength", "0.01", "--hires-steps", "1", "--keep-suspect"), timeout=600)
    assert enlarged.exit_code == 0, enlarged.stderr
    again = run_generate(argv("generate", "--prompt", "a lighthouse on a cliff", "--init-img", str(first),
                              "--strength", "0.01", "--steps", "4", "--seed", "7", "--keep-suspect"), timeout=600)
    assert again.exit_code == 0, again.stderr
    [through] = again.of("image")
    [replayed] = enlarged.of("image")
    kept = ssim(grey(final, draft_size), grey(first))
    other = ssim(grey(final, draft_size), grey(second))
    ceiling = ssim(grey(Path(replayed["path"]), draft_size), grey(first))
    img2img_ceiling = ssim(grey(Path(through["path"])), grey(first))
    print(f"draft {draft_size[0]}x{draft_size[1]} -> finish {final_size[0]}x{final_size[1]} ({final})")
    print(f"SSIM of the finish, scaled to its draft's size, against its draft: {kept:.3f}; against the other seed's "
          f"draft (the floor: no composition shared): {other:.3f}; the draft drawn again and enlarged at the lowest "
          f"strength (the ceiling): {ceiling:.3f}; through the model's autoencoder (img2img's ceiling): "
          f"{img2img_ceiling:.3f}")
    share = (kept - other) / max(max(ceiling, img2img_ceiling) - other, 1e-6)
    print(f"the finish keeps {share:.0%} of what the model can keep above the floor (at least {KEPT_SHARE:.0%}): "
          f"{'kept' if share >= KEPT_SHARE else 'NOT kept'}; with real weights the target is SSIM >= "
          f"{SSIM_REAL_WEIGHTS} (not measurable here)")
    return share >= KEPT_SHARE


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lavapipe", action="store_true", help="also draw a draft and its finish on lavapipe")
    args = parser.parse_args()
    ok = predicted()
    if args.lavapipe:
        ok = composition() and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
