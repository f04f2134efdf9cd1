"""Which catalog model suits this card: each preset planned for the card as Generate would plan it, timed by the
planner's own prediction at its family's usual size, and the one to recommend.

Pure: a function of the catalog, the card (the planner's `Device`, which carries the time model's card and
processor) and what the backend offers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.models.backend_caps import BackendCaps
from app.core.models.catalog import Catalog, Preset
from app.core.planning.plan import Device, MemoryPlan, plan_memory
from app.core.planning.timing import PictureTime, picture_time, time_range_words
from app.core.words import translate

# a picture that takes longer than this is no first choice, however good: the README's Flux Schnell on an RX 580
# (~14 minutes, the slowest published case people live with) still passes
RECOMMEND_WITHIN_S = 20 * 60


@dataclass(frozen=True)
class ModelAdvice:
    """One preset on this card: the plan Generate would get at its family's usual size, and how long it takes."""

    preset: Preset
    width: int
    height: int
    plan: MemoryPlan
    time: PictureTime

    @property
    def fits(self) -> bool:
        return self.plan.fits

    @property
    def whole(self) -> bool:
        """Fits with its diffusion model in one piece: not streamed from RAM in pieces at every step."""
        return self.plan.fits and self.plan.segments <= 1


def advise(catalog: Catalog, device: Device, ram_available: int, caps: BackendCaps) -> list[ModelAdvice]:
    """Every preset of the catalog planned and timed for this card. The card's whole VRAM counts, not what other
    programs hold of it now: a model is chosen for the card, not for this minute."""
    device = dataclasses.replace(device, vram_free=None)
    advice = []
    for preset in catalog.presets.values():
        width, height = preset.family.traits.square
        components = preset.components()
        plan = plan_memory(components, device, ram_available, width, height, preset.steps, caps,
                           quantized=preset.quantized)
        time = picture_time(components, plan, device.time_card, device.host, width, height, preset.steps,
                            preset.quantized)
        advice.append(ModelAdvice(preset, width, height, plan, time))
    return advice


def recommended(advice: Sequence[ModelAdvice], order: Sequence[str]) -> ModelAdvice | None:
    """The first of `order` (best pictures first) that fits whole and draws within RECOMMEND_WITHIN_S; else the
    quickest that fits at all; None when nothing fits."""
    by_id = {item.preset.id: item for item in advice}
    ranked = [by_id[key] for key in order if key in by_id]
    good = [item for item in ranked if item.whole and item.time.seconds <= RECOMMEND_WITHIN_S]
    if good:
        return good[0]
    fitting = [item for item in advice if item.fits]
    return min(fitting, key=lambda item: item.time.seconds) if fitting else None


def fit_words(item: ModelAdvice, on_processor: bool = False) -> str:
    """Whether the model fits; on a PC whose pictures the processor draws (llvmpipe) there is no card to fit in
    pieces: the model fits in the computer's memory or not."""
    if on_processor:
        return (translate("Advice", "Fits in this computer's memory") if item.fits else
                translate("Advice", "Too big for this computer"))
    if item.whole:
        return translate("Advice", "Fits")
    if item.fits:
        return translate("Advice", "Fits in pieces (slower)")
    return translate("Advice", "Too big for this computer")


def time_words(item: ModelAdvice) -> str:
    """'about 5-8 minutes at 1024 x 1024'."""
    low, high = item.time.low_high
    return translate("Advice", "{time} at {width} x {height}").format(
        time=time_range_words(low, high), width=item.width, height=item.height)
