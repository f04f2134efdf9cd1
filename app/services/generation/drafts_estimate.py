"""How long N drafts and the finish of the one picked take on a card, said before anything runs: the window's plan
and the command line's note, from the card's own measured seconds where it has drawn such pictures before."""

from __future__ import annotations

from collections.abc import Callable

from app.core.generation.drafts import DraftsTime, drafts_time, drafts_words, planned_drafts
from app.core.generation.prepare import MachineFacts, PreparedJob, prepared_or_why
from app.core.generation.request import GenerationRequest, InvalidRequest
from app.services.runners.generation import Generation


def drafts_estimate(card: Generation, prepared: PreparedJob, count: int) -> DraftsTime | None:
    """`count` drafts of the prepared picture and its finish, priced on `card`; None while the card is not known
    yet, or for a picture drafts cannot try."""
    facts = card.machine_facts()
    if isinstance(facts, str):
        return None
    try:
        draft, finish = planned_drafts(prepared, count, facts)
    except InvalidRequest:
        return None
    return drafts_time(draft, finish, count, lambda job: card.speeds.estimate(job, card.card))


def tell_drafts_time(card: Generation, request: GenerationRequest, count: int, tell: Callable[[str], None]) -> None:
    """Say the drafts' time through `tell` as soon as the card and the backend are known (before the first draft
    starts: the queue waits for the same answer)."""
    def say() -> None:
        facts = card.machine_facts()
        if not isinstance(facts, MachineFacts):
            return
        prepared = prepared_or_why(request, facts)
        time = drafts_estimate(card, prepared, count) if not isinstance(prepared, str) else None
        if time is not None and time.draft.first_guess and time.draft.on_software_vulkan:
            return  # a Vulkan driver on the processor: the number comes once the processor is timed (probed again)
        card.probed.disconnect(say)
        if time is not None:
            tell(drafts_words(time))

    card.probed.connect(say)
    say()
