"""One calibration record a family: every family has one, its numbers agree with the family's traits, and the
planner and the time model ask nothing of a family but its record, so a new family is one `FAMILIES` entry and
one record."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.core.models.backend_caps import parse_help
from app.core.models.components import Components
from app.core.models.families import FAMILIES, ModelFamily
from app.core.planning.calibration import CALIBRATION, NO_MAX_VRAM_FIT
from app.core.planning.plan import Device, plan_memory
from app.core.planning.timing import conservative_card, picture_time
from tests.helpers.captures import load

APP = Path(__file__).parents[3] / "app"
CAPS = parse_help(load("help").stdout.decode())
GIB = 2**30


def test_every_family_has_a_record() -> None:
    assert set(CALIBRATION) == set(ModelFamily) == set(FAMILIES)


@pytest.mark.parametrize("family", list(ModelFamily))
def test_a_record_agrees_with_its_family(family: ModelFamily) -> None:
    traits, record = family.traits, CALIBRATION[family]
    assert record.passes_per_step == (1 if traits.distilled else 2)  # classifier-free guidance doubles the passes
    assert (record.llm_tokens > 0) is traits.reads_llm
    assert record.attention_heads > 0 and record.graph_pieces > 1 and record.compute_fa[1] > 0
    if traits.transformer:
        assert record.text_tokens > 0 and record.max_vram_fit[0] > 0
        assert record.unet_attention_downscale == 0 and record.unet_uncut_compute_share == 0
    else:
        assert record.text_tokens == 0 and record.max_vram_fit == NO_MAX_VRAM_FIT
        assert record.unet_attention_downscale >= 1 and 0 < record.unet_uncut_compute_share < 1
    if family is not ModelFamily.UNKNOWN:  # an unknown family is held as Flux but priced as SDXL
        assert record.pass_over_dit_tokens is traits.transformer
    if traits.latent_px is not None:  # the tiled decoder's tiles are 32x32 latents
        assert record.vae_tile_pixels == (32 * traits.latent_px) ** 2
    assert record.text_encoders and all(params > 0 and read > 0 for params, read in record.text_encoders)
    assert record.diffusion_params > 0 and record.graph_nodes > 0 and record.no_fa_slowdown >= 1


@pytest.mark.parametrize("family", list(ModelFamily))
def test_every_family_is_planned_and_priced(family: ModelFamily) -> None:
    components = Components(family, 3 * GIB, 2 * GIB, 160 * 2**20)
    plan = plan_memory(components, Device(8 * GIB), 16 * GIB, 1024, 1024, 20, CAPS)
    assert plan.fits and plan.seconds > 0
    assert picture_time(components, plan, conservative_card(""), Device(8 * GIB).host, 1024, 1024, 20,
                        False).seconds == pytest.approx(plan.seconds)


def test_the_code_names_no_family_for_what_a_family_can_do() -> None:
    # a family's numbers are its record and its abilities its traits: code that asks "is this FLUX.2?" would be
    # one more file to touch for a new family; only "is the family not known yet?" stays a question of its name
    asks = re.compile(r"\bis (not )?ModelFamily\.(?!UNKNOWN\b)|(^|[{,])\s*ModelFamily\.\w+\s*:")
    found = [f"{path.relative_to(APP)}:{number}" for path in sorted(APP.rglob("*.py"))
             if path.name not in ("families.py", "calibration.py")
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if asks.search(line)]
    assert found == []
