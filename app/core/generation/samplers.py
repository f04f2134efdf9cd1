"""The sampling methods and sigma schedulers: sd.cpp's code for each, and the one name the window shows, the
picture's A1111 text writes and the API lists.

The name is A1111's (Forge's where only Forge has the method), so a picture's text, the window and an A1111 client
agree, and A1111 and Forge read our pictures' "Sampler" and "Schedule type" back. This is the only table of them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Choice:
    code: str  # sd.cpp's, as its --sampling-method / --scheduler take it
    name: str  # A1111's: the window's words, the PNG's and the API's
    # other names read back: the words the window showed before this table (drafts, users' habits)
    also: tuple[str, ...] = ()

    def answers_to(self, asked: str) -> bool:
        """Whether `asked` names this one: its code, its name (any case, spaces or underscores) or an old name."""
        wanted = asked.strip().casefold()
        name = self.name.casefold()
        return wanted in (self.code, name, name.replace(" ", "_"), *(old.casefold() for old in self.also))


class Sampler(Choice):
    """A sampling method (sd.cpp's --sampling-method, A1111's "Sampler")."""


class Scheduler(Choice):
    """A sigma scheduler (sd.cpp's --scheduler, A1111's "Schedule type")."""


# sd.cpp 0.4.7's choices that we offer, in its own --help order (tests/data/sdcpp-0.4.7/bad_flag.stdout)
SAMPLERS = (
    Sampler("euler", "Euler"),
    Sampler("euler_a", "Euler a"),
    Sampler("heun", "Heun"),
    Sampler("dpm2", "DPM2"),
    Sampler("dpm++2s_a", "DPM++ 2S a"),
    Sampler("dpm++2m", "DPM++ 2M"),
    Sampler("dpm++2mv2", "DPM++ 2M v2"),
    Sampler("ipndm", "IPNDM", also=("iPNDM",)),  # Forge's names
    Sampler("ipndm_v", "IPNDM_V", also=("iPNDM v",)),
    Sampler("lcm", "LCM"),
    # A1111's DDIM; sd.cpp's spaces its steps to the end of the schedule ("trailing"), the only DDIM it has
    Sampler("ddim_trailing", "DDIM", also=("DDIM trailing",)),
    Sampler("tcd", "TCD"),
)
SCHEDULERS = (
    Scheduler("discrete", "Normal", also=("Discrete",)),  # sd.cpp's default; A1111's "Normal" is the same sigmas
    Scheduler("karras", "Karras"),
    Scheduler("exponential", "Exponential"),
    Scheduler("ays", "Align Your Steps"),
    Scheduler("gits", "Align Your Steps GITS", also=("GITS",)),  # Forge's name
    Scheduler("smoothstep", "Smoothstep"),
    Scheduler("sgm_uniform", "SGM Uniform"),
    Scheduler("simple", "Simple"),
    Scheduler("kl_optimal", "KL Optimal"),
    Scheduler("lcm", "LCM"),
    Scheduler("bong_tangent", "Bong Tangent"),
)


def sampler_named(asked: str) -> Sampler | None:
    """The sampler a name means, as A1111 writes it ('Euler a', 'DPM++ 2M') or as sd.cpp does; None for one
    sd.cpp does not have."""
    return next((sampler for sampler in SAMPLERS if sampler.answers_to(asked)), None)


def scheduler_named(asked: str) -> Scheduler | None:
    """The scheduler a "Schedule type" means ('Karras', 'sgm_uniform', 'Align Your Steps'); None for one sd.cpp
    does not have."""
    return next((scheduler for scheduler in SCHEDULERS if scheduler.answers_to(asked)), None)


def sampler_name(code: str | None, unless_told: str = "euler_a") -> str:
    """A1111's name of sd.cpp's method; `unless_told`: the one sd.cpp samples the family with when none is set. A
    code not in the table (a newer backend's) is said as it is."""
    code = code or unless_told
    return next((sampler.name for sampler in SAMPLERS if sampler.code == code), code)


def scheduler_name(code: str | None) -> str | None:
    """A1111's "Schedule type" for sd.cpp's scheduler; None: the backend's default, not written."""
    if not code:
        return None
    return next((scheduler.name for scheduler in SCHEDULERS if scheduler.code == code), code)


def sampler_and_schedule(text: str) -> tuple[Sampler, Scheduler | None] | None:
    """The sampler a "Sampler" value means, with the schedule an old combined name ends with ("DPM++ 2M Karras",
    from before A1111 1.9 gave the schedule its own field), as A1111 splits it; None for neither."""
    if (sampler := sampler_named(text)) is not None:
        return sampler, None
    words = text.split()
    for cut in range(len(words) - 1, 0, -1):
        head, tail = sampler_named(" ".join(words[:cut])), scheduler_named(" ".join(words[cut:]))
        if head is not None and tail is not None:
            return head, tail
    return None
