"""What the window's status line and check banner say, in plain words, from plain data."""

from __future__ import annotations

from app.core.generation.output import BackendError, ErrorKind, Progress, Stage
from app.core.generation.plan import MemoryPlan
from app.core.generation.timing import PictureTime
from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.usage import ResourceSample
from app.core.system.vulkaninfo import VulkanDevice

_STAGE_WORDS = {Stage.LOADING: "Loading the model", Stage.ENCODING: "Reading the prompt",
                Stage.SAMPLING: "Drawing", Stage.DECODING: "Finishing the picture", Stage.SAVING: "Saving"}
_PART_WORDS = {"diffusion": "the model", "text_encoders": "the text encoders", "vae": "the image decoder"}
_PLACE_WORDS = {"gpu": "on the graphics card", "cpu": "on the processor"}


def duration_in_words(seconds: float) -> str:
    """'less than a second', '12 seconds', 'about 3 minutes', 'about 1 hour 5 minutes'."""
    if seconds < 1:
        return "less than a second"
    if seconds < 60:
        whole = round(seconds)
        return f"{whole} second{'s' if whole != 1 else ''}"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"about {minutes} minute{'s' if minutes != 1 else ''}"
    hours, minutes = divmod(minutes, 60)
    rest = f" {minutes} minute{'s' if minutes != 1 else ''}" if minutes else ""
    return f"about {hours} hour{'s' if hours != 1 else ''}{rest}"


# sd.cpp prints nothing while ggml sets up the card and the driver compiles its programs (tens of seconds on a
# first run): past this long, say so, or the app looks stuck
_SLOW_LOADING_S = 5


def stage_words(stage: Stage, elapsed: float | None = None) -> str:
    """'Reading the prompt…', or with the time spent so far 'Loading the model… 12 seconds (…)'."""
    words = _STAGE_WORDS[stage] + "…"
    if elapsed is not None and elapsed >= 1:
        words += f" {duration_in_words(elapsed)}"
    if stage is Stage.LOADING and elapsed is not None and elapsed >= _SLOW_LOADING_S:
        words += " (the first time, the graphics card also compiles its shaders)"
    return words


def progress_words(progress: Progress) -> str:
    """'Drawing — step 3 of 20, 1.4 s per step, about 24 seconds left'."""
    parts = [f"Drawing — step {progress.step} of {progress.steps}"]
    if progress.sec_per_step is not None:
        parts.append(f"{progress.sec_per_step:.1f} s per step")
        eta = progress.eta_seconds
        if eta is not None:
            parts.append(f"{duration_in_words(eta)} left")
    return ", ".join(parts)


def plan_sentence(plan: MemoryPlan, device: VulkanDevice | None) -> str:
    """The memory plan on `device` in one sentence: 'The model on the graphics card, the text encoders on the
    processor; about 3.1 GiB of video memory.'"""
    verdict = "" if plan.fits else " — predicted not to fit, so it may fail"
    if device is not None and device.is_cpu:
        # Vulkan run by the processor (llvmpipe): the "graphics card" parts run on the processor too, and their
        # "video memory" is the computer's own, as is the rest's
        memory = (plan.peak_vram.total + plan.peak_ram) / 2**30
        return (f"Everything on the processor (no graphics card that can draw was found); up to {memory:.1f} GiB "
                f"of the computer's memory{verdict}.")
    places = [f"{_PART_WORDS.get(part, part)} {_PLACE_WORDS.get(place.value, place.value)}"
              for part, place in plan.placement.items()]
    first, *rest = places or ["nothing placed yet"]
    where = ", ".join([first[0].upper() + first[1:], *rest])
    return f"{where}; about {plan.peak_vram.total / 2**30:.1f} GiB of video memory{verdict}."


def time_range_words(low: float, high: float) -> str:
    """'about 20-30 seconds', 'about 1-2 minutes', 'about 12-16 minutes', 'about 1-2 hours'."""
    if high < 60:
        def seconds(value: float) -> int:
            return max(1, round(value / 5) * 5 if value >= 20 else round(value))
        low_s, high_s = seconds(low), seconds(high)
        return f"about {low_s} seconds" if low_s == high_s else f"about {low_s}-{high_s} seconds"
    if high < 90 * 60:
        low_m, high_m = max(1, round(low / 60)), max(1, round(high / 60))
        if low_m == high_m:
            return f"about {low_m} minute{'s' if low_m != 1 else ''}"
        return f"about {low_m}-{high_m} minutes"
    low_h, high_h = max(1, round(low / 3600)), max(1, round(high / 3600))
    return f"about {low_h} hours" if low_h == high_h else f"about {low_h}-{high_h} hours"


_TIME_STAGE_WORDS = {"text": "reading the prompt", "encode": "reading the picture", "sampling": "drawing",
                     "decode": "finishing", "moving weights": "moving the model over PCIe"}


def time_words(picture: PictureTime) -> str:
    """'About 12-16 minutes a picture on the AMD Radeon RX 580 Series (mostly drawing), estimated from the card's
    specifications.'"""
    low, high = picture.low_high
    longest = max(picture.stages, key=lambda stage: stage[1])[0]
    where = f" on the {short_card_name(picture.card)}" if picture.card else ""
    basis = ("as it ran here before" if picture.measured else "estimated from the card's specifications"
             if picture.card_known else "estimated as for a slow Polaris card until a first picture is made")
    words = time_range_words(low, high)
    return f"{words[0].upper()}{words[1:]} a picture{where} (mostly {_TIME_STAGE_WORDS[longest]}), {basis}."


# Advanced's plan is for those who asked for it: shorter names, and GPU / CPU
_PART_SHORT_NAMES = {"diffusion": "diffusion model", "text_encoders": "text encoders", "vae": "image decoder"}


def _gib(size: int) -> str:
    return f"{size / 2**30:.1f}"


def plan_in_detail(plan: MemoryPlan, sample: ResourceSample | None) -> str:
    """The memory plan for Advanced, against what this computer has when known: 'Memory plan: diffusion model
    on GPU, text encoders on CPU; predicted 3.1 of 8.0 GiB VRAM, 4.2 of 16.0 GiB RAM.'"""
    vram_of = f" of {_gib(sample.vram_total)}" if sample and sample.vram_total else ""
    ram_of = f" of {_gib(sample.ram_total)}" if sample else ""
    where = ", ".join(f"{_PART_SHORT_NAMES[part]} on {place.value.upper()}" for part, place in plan.placement.items())
    verdict = "" if plan.fits else " — predicted NOT to fit"
    return (f"Memory plan: {where}; predicted {_gib(plan.peak_vram.total)}{vram_of} GiB VRAM, "
            f"{_gib(plan.peak_ram)}{ram_of} GiB RAM{verdict}.")


# What the user should do about each failure, in their words.
_ADVICE = {
    ErrorKind.OUT_OF_VRAM: "The graphics card ran out of memory. Try a smaller size, or tick 'Decode in tiles' "
                           "in Advanced.",
    ErrorKind.MODEL_LOAD_FAILED: "The model file could not be loaded. Is it complete and a supported model?",
    ErrorKind.BACKEND_MISSING: "The sd.cpp backend is missing.",
    ErrorKind.BACKEND_CRASHED: "The sd.cpp backend crashed. Details shows its last words.",
    ErrorKind.BAD_REQUEST: "The settings were not accepted.",
    ErrorKind.CANNOT_SAVE: "The picture could not be saved where it should go. Choose another folder with the "
                           "folder button, or free some space.",
    ErrorKind.BAD_PICTURE: "The picture came out broken (the graphics card's numbers went wrong), so it was kept "
                           "aside, not in the gallery.",
    ErrorKind.UNKNOWN: "The generation failed.",
}


def failure_words(error: BackendError) -> str:
    """What to do about a failed job, then the backend's own message on a line of its own."""
    return f"{_ADVICE[error.kind]}\n{error.message}"


def check_headline(facts: SystemFacts, report: CompatibilityReport) -> tuple[Verdict, str]:
    """The first-start banner: 'Your Radeon RX 580 is ready.' or the first thing to fix."""
    device = facts.selected
    # software Vulkan (lavapipe) or Dozen is no card to call "your llvmpipe": the check's words name it
    name = short_card_name(device.name) if device is not None and device.is_hardware else "computer"
    overall = report.overall
    if overall is Verdict.PASS:
        return overall, f"Your {name} is ready."
    worst = next(c for c in report.checks if c.status is overall)
    fix = f" {worst.fix}" if worst.fix else ""
    if overall is Verdict.WARN:
        warnings = sum(c.status is Verdict.WARN for c in report.checks)
        more = f" ({warnings - 1} more in the full check)" if warnings > 1 else ""
        return overall, f"Your {name} will work, but: {worst.message}{fix}{more}"
    return overall, f"Fix this first: {worst.message}{fix}"


def short_card_name(name: str) -> str:
    # 'AMD Radeon RX 580 Series (RADV POLARIS10)' -> 'AMD Radeon RX 580 Series'
    return name.split(" (")[0].strip() or name
