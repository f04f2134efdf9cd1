from __future__ import annotations

import pytest

from app.core.generation.aspect import Aspect, aspect_of, aspect_size, snap_size
from app.core.models.families import ModelFamily, ModelFiles
from app.core.models.model_files import family_of_files


@pytest.mark.parametrize(("family", "square", "portrait", "landscape"), [
    (ModelFamily.FLUX, (1024, 1024), (832, 1216), (1216, 832)),
    (ModelFamily.SDXL, (1024, 1024), (832, 1216), (1216, 832)),
    (ModelFamily.SD1, (512, 512), (512, 768), (768, 512)),
    (ModelFamily.UNKNOWN, (512, 512), (512, 768), (768, 512)),
])
def test_each_family_gets_its_own_sizes(family: ModelFamily, square, portrait, landscape) -> None:
    assert aspect_size(family, Aspect.SQUARE) == square
    assert aspect_size(family, Aspect.PORTRAIT) == portrait
    assert aspect_size(family, Aspect.LANDSCAPE) == landscape
    for aspect in (Aspect.SQUARE, Aspect.PORTRAIT, Aspect.LANDSCAPE):
        width, height = aspect_size(family, aspect)
        assert width % family.size_multiple == 0 and height % family.size_multiple == 0
        assert aspect_of(family, width, height) is aspect


def test_portrait_is_tall_and_landscape_wide() -> None:
    for family in ModelFamily:
        width, height = aspect_size(family, Aspect.PORTRAIT)
        assert height > width
        assert aspect_size(family, Aspect.LANDSCAPE) == (height, width)


def test_custom_sizes_snap_to_the_family_and_stay_in_range() -> None:
    assert snap_size(ModelFamily.FLUX, 1000, 700) == (1008, 704)
    assert snap_size(ModelFamily.SD1, 1000, 700) == (1000, 704)
    assert snap_size(ModelFamily.SDXL, 20, 5000) == (64, 2048)
    assert aspect_of(ModelFamily.FLUX, 1000, 700) is Aspect.CUSTOM
    with pytest.raises(ValueError, match="custom"):
        aspect_size(ModelFamily.FLUX, Aspect.CUSTOM)


def test_the_family_comes_from_the_files_headers(tiny_model, tmp_path) -> None:
    model, taesd = tiny_model
    assert family_of_files(ModelFiles(model=model, taesd=taesd)) is ModelFamily.FLUX
    assert family_of_files(ModelFiles(model=tmp_path / "missing.gguf")) is ModelFamily.UNKNOWN
    assert family_of_files(ModelFiles()) is ModelFamily.UNKNOWN
