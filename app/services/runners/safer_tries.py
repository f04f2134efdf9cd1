"""A picture job's safer tries: the planner's placements, safest last, walked down when the card runs out of video
memory, and a picture the check refused drawn once more on a placement that computes it otherwise."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from app.core.gallery.image_store import BadPicture, discard
from app.core.gallery.picture_check import DOUBTFUL, safer_rung, same_picture
from app.core.models.families import MemoryFlags
from app.core.planning.plan import MemoryPlan
from app.core.planning.preview import PreviewMethod
from app.core.words import translate


@dataclasses.dataclass
class SaferTries:
    """One job's plans left and what it has tried. `automatic`: the planner chose the placement; the user's own
    memory settings have no safer plan to fall back on."""

    plans: list[MemoryPlan] = dataclasses.field(default_factory=list)  # the safer plans left
    automatic: bool = False
    preview: PreviewMethod = PreviewMethod.PROJ  # the plan's live preview; without a plan, the projection (no memory)
    picture_retried: bool = False  # a refused picture is drawn again once, on a rung that computes otherwise
    first_try: Path | None = None  # the refused picture, kept while that rung draws it again

    @classmethod
    def planned(cls, plans: Sequence[MemoryPlan], automatic: bool) -> SaferTries:
        """The prepared job's plans, when the planner places it (`automatic`); none for the user's own settings."""
        return cls(list(plans) if automatic else [], automatic)

    def take(self, rung: int = 0) -> MemoryPlan | None:
        """The next plan to run (or the ladder's `rung`: those before it need more memory and are dropped); None
        when none is left."""
        if not self.plans:
            return None
        plan = self.plans[rung]
        del self.plans[:rung + 1]
        self.preview = plan.preview
        return plan

    def out_of_memory(self, error: str) -> str:
        """The last try ran out of video memory too: what to say, and what to try."""
        advice = (translate("Generation", "Even the safest placement ran out of video memory") if self.automatic
                  else translate("Generation", "These memory settings ran out of video memory; automatic "
                                               "placement may fit"))
        return translate("Generation", "{error}. {advice}: try a smaller image, a lower quantization (Q4_K, "
                                       "T5-XXL q8_0) or SD 1.5.").format(error=error, advice=advice)

    def drew_the_same(self, staged: Path, error: BadPicture) -> bool:
        """After the safer try of a refused picture: a doubt (a design may look so) that came back the same is the
        model's picture, to keep. The first try goes either way."""
        first, self.first_try = self.first_try, None
        if first is None:
            return False
        reproduced = error.fault in DOUBTFUL and _same_pictures(first, staged)
        discard(first)
        return reproduced

    def rung_to_redraw(self, memory: MemoryFlags) -> int | None:
        """The rung that draws a refused picture once more, computing it otherwise; None when it was drawn again
        already, or no plan left would change it."""
        return None if self.picture_retried else safer_rung(memory, [plan.memory for plan in self.plans])

    def keep_first_try(self, staged: Path) -> None:
        """The refused picture, kept aside to compare with what the same seed draws on the safer rung."""
        self.picture_retried = True
        self.first_try = staged.with_name(f"{staged.stem}-first{staged.suffix}")
        staged.replace(self.first_try)

    def close(self) -> None:
        """The job ended (cancelled, failed, a good picture) before its first try was compared: it goes."""
        if self.first_try is not None:
            discard(self.first_try)
            self.first_try = None


def _same_pictures(first: Path, second: Path) -> bool:
    try:
        with Image.open(first) as one, Image.open(second) as other:
            return same_picture(one, other)
    except OSError:
        return False
