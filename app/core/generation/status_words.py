"""What the window's status line and check banner say, in plain words, from plain data."""

from __future__ import annotations

from app.core.generation.output import BackendError, ErrorKind, Progress, Stage
from app.core.planning.plan import MemoryPlan
from app.core.planning.timing import PictureTime, time_range_words
from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.processor import slower_words
from app.core.system.usage import ResourceSample
from app.core.system.vulkaninfo import VulkanDevice, software_name
from app.core.words import capitalised, number, sentence, translate


def _stage_words(stage: Stage) -> str:
    return {Stage.LOADING: translate("Status", "Loading the model"),
            Stage.ENCODING: translate("Status", "Reading the prompt"),
            Stage.SAMPLING: translate("Status", "Drawing"),
            Stage.DECODING: translate("Status", "Finishing the picture"),
            Stage.SAVING: translate("Status", "Saving")}[stage]


def _part_words(part: str) -> str:
    return {"diffusion": translate("Plan", "the model"), "text_encoders": translate("Plan", "the text encoders"),
            "vae": translate("Plan", "the image decoder")}.get(part, part)


def _place_words(place: str) -> str:
    return {"gpu": translate("Plan", "on the graphics card"), "cpu": translate("Plan", "on the processor")}.get(
        place, place)


def duration_in_words(seconds: float) -> str:
    """'less than a second', '12 s', 'about 3 min', 'about 1 h 5 min' (short units: a translation needs no
    plural forms)."""
    if seconds < 1:
        return translate("Time", "less than a second")
    if seconds < 60:
        return translate("Time", "{seconds} s").format(seconds=round(seconds))
    minutes = round(seconds / 60)
    if minutes < 60:
        return translate("Time", "about {minutes} min").format(minutes=minutes)
    hours, minutes = divmod(minutes, 60)
    if minutes:
        return translate("Time", "about {hours} h {minutes} min").format(hours=hours, minutes=minutes)
    return translate("Time", "about {hours} h").format(hours=hours)


# sd.cpp prints nothing while ggml sets up the card and the driver compiles its programs (tens of seconds on a
# first run): past this long, say so, or the app looks stuck
_SLOW_LOADING_S = 5


def stage_words(stage: Stage, elapsed: float | None = None, on_processor: bool = False) -> str:
    """'Reading the prompt…', or with the time spent so far 'Loading the model… 12 s (…)'; `on_processor`: no
    graphics card draws here (llvmpipe), so none is said to prepare anything."""
    words = _stage_words(stage) + "…"
    if elapsed is not None and elapsed >= 1:
        words += f" {duration_in_words(elapsed)}"
    if elapsed is None or elapsed < _SLOW_LOADING_S:
        return words
    if stage is Stage.LOADING:
        words += " " + (translate("Status", "(the processor reads the model into memory)") if on_processor else
                        translate("Status", "(the first time, the graphics card also prepares its programs)"))
    elif stage is Stage.SAMPLING and on_processor:  # lavapipe compiles ggml's shaders as the first step asks
        words += " " + translate("Status", "(the first step, the slowest: on a first picture the processor also "
                                           "prepares its code for drawing, once)")
    elif stage is Stage.SAMPLING:  # the first step also sets everything up: on a processor it takes a minute
        words += " " + translate("Status", "(the first step, the slowest, is under way)")
    return words


def progress_words(progress: Progress) -> str:
    """'Drawing — step 3 of 20, 1.4 s per step, 24 s left'."""
    words = translate("Status", "Drawing — step {step} of {steps}").format(step=progress.step, steps=progress.steps)
    if progress.sec_per_step is not None:
        words += ", " + translate("Status", "{seconds} s per step").format(seconds=number(progress.sec_per_step, 1))
        eta = progress.eta_seconds
        if eta is not None:
            words += ", " + translate("Status", "{time} left").format(time=duration_in_words(eta))
    return words


def plan_sentence(plan: MemoryPlan, device: VulkanDevice | None) -> str:
    """The memory plan on `device` in one sentence: 'The model on the graphics card, the text encoders on the
    processor; about 3.1 GiB of video memory.'"""
    verdict = "" if plan.fits else translate("Plan", " — predicted not to fit, so it may fail")
    if device is not None and device.is_cpu:
        # Vulkan run by the processor (llvmpipe): the "graphics card" parts run on the processor too, and their
        # "video memory" is the computer's own, as is the rest's
        memory = (plan.peak_vram.total + plan.peak_ram) / 2**30
        return translate("Plan", "Everything on the processor (no graphics card that can draw was found); up to "
                                 "{memory} GiB of the computer's memory{verdict}.").format(
            memory=number(memory, 1), verdict=verdict)
    places = [translate("Plan", "{part} {place}").format(part=_part_words(part), place=_place_words(place.value))
              for part, place in plan.placement.items()]
    first, *rest = places or [translate("Plan", "nothing placed yet")]
    where = ", ".join([first[0].upper() + first[1:], *rest])
    return translate("Plan", "{where}; about {memory} GiB of video memory{verdict}.").format(
        where=where, memory=number(plan.peak_vram.total / 2**30, 1), verdict=verdict)


def upscale_words(tiles: int, seconds: float, demo: bool) -> str:
    """An upscale's plan as the window says it: how long, in how many tiles; the demo's upscaler (random weights)
    says it draws noise, lest its picture look broken."""
    if demo:
        return translate("Status", "Upscaling with the demo's upscaler, which draws noise to show how it works: "
                                   "about {time}.").format(time=duration_in_words(seconds))
    return translate("Status", "Upscaling: about {time} (tiles: {tiles}).").format(
        time=duration_in_words(seconds), tiles=tiles)


def _time_stage_words(stage: str) -> str:
    return {"text": translate("Time", "reading the prompt"), "encode": translate("Time", "reading the picture"),
            "sampling": translate("Time", "drawing"), "decode": translate("Time", "finishing"),
            "moving weights": translate("Time", "moving the model to the card"),
            "starting": translate("Time", "starting and loading the model")}[stage]


def time_words(picture: PictureTime) -> str:
    """'About 12-16 min a picture on the AMD Radeon RX 580 Series (mostly drawing), an estimate until a first
    picture is made.', and, where the longest stage runs on a processor without AVX2, how much slower that is."""
    words = _time_words(picture)
    longest = max(picture.stages, key=lambda stage: stage[1])[0]
    slower = slower_words(picture.variant) if longest in picture.on_processor else None
    return f"{words} {slower}" if slower else words


def _time_words(picture: PictureTime) -> str:
    if picture.first_guess and picture.on_software_vulkan:
        # no confident short number: the specifications leave out most of what a first picture here takes
        return translate("Time", "No time estimate yet for this computer's processor: this first picture measures "
                                 "it, and the next estimate uses what it took.")
    low, high = picture.low_high
    longest = max(picture.stages, key=lambda stage: stage[1])[0]
    basis = (translate("Time", "as it ran here before") if picture.measured else
             translate("Time", "estimated from this processor's measured speed") if picture.processor_timed else
             translate("Time", "an estimate until a first picture is made") if picture.card_known else
             translate("Time", "estimated as for a slow Polaris card until a first picture is made"))
    words = capitalised(time_range_words(low, high))
    if picture.one_time_setup:  # lavapipe's first picture: most of it is LLVM compiling ggml's shaders, once
        return translate("Time", "{time} for this first picture on this computer's processor: it includes a "
                                 "one-time set-up (preparing the processor's code for drawing); later pictures take "
                                 "less.").format(time=words)
    if software_name(picture.card):  # Vulkan run by the processor (llvmpipe): no card to name
        return translate("Time", "{time} a picture on this computer's processor (mostly {stage}), {basis}.").format(
            time=words, stage=_time_stage_words(longest), basis=basis)
    if picture.card:
        return translate("Time", "{time} a picture on the {card} (mostly {stage}), {basis}.").format(
            time=words, card=short_card_name(picture.card), stage=_time_stage_words(longest), basis=basis)
    return translate("Time", "{time} a picture (mostly {stage}), {basis}.").format(
        time=words, stage=_time_stage_words(longest), basis=basis)


# Advanced's plan is for those who asked for it: shorter names, and GPU / CPU
def _part_short_name(part: str) -> str:
    return {"diffusion": translate("Plan", "diffusion model"), "text_encoders": translate("Plan", "text encoders"),
            "vae": translate("Plan", "image decoder")}[part]


def _gib(size: int) -> str:
    return number(size / 2**30, 1)


def plan_in_detail(plan: MemoryPlan, sample: ResourceSample | None, on_processor: bool = False) -> str:
    """The memory plan for Advanced, against what this computer has when known: 'Memory plan: diffusion model
    on GPU, text encoders on CPU; predicted 3.1 of 8.0 GiB VRAM, 4.2 of 16.0 GiB RAM.' `on_processor`: Vulkan
    run by the processor (llvmpipe), whose "VRAM" is the computer's own memory."""
    if on_processor:
        used = _gib(plan.peak_vram.total + plan.peak_ram)
        ram = (translate("Plan", "{used} of {total} GiB RAM").format(used=used, total=_gib(sample.ram_total))
               if sample else translate("Plan", "{used} GiB RAM").format(used=used))
        return translate("Plan", "Memory plan: everything on the processor; predicted {ram}{verdict}.").format(
            ram=ram, verdict="" if plan.fits else translate("Plan", " — predicted NOT to fit"))
    vram = (translate("Plan", "{used} of {total} GiB VRAM").format(used=_gib(plan.peak_vram.total),
                                                                    total=_gib(sample.vram_total))
            if sample and sample.vram_total else
            translate("Plan", "{used} GiB VRAM").format(used=_gib(plan.peak_vram.total)))
    ram = (translate("Plan", "{used} of {total} GiB RAM").format(used=_gib(plan.peak_ram), total=_gib(sample.ram_total))
           if sample else translate("Plan", "{used} GiB RAM").format(used=_gib(plan.peak_ram)))
    where = ", ".join(translate("Plan", "{part} on {place}").format(part=_part_short_name(part),
                                                                   place=place.value.upper())
                      for part, place in plan.placement.items())
    verdict = "" if plan.fits else translate("Plan", " — predicted NOT to fit")
    return translate("Plan", "Memory plan: {where}; predicted {vram}, {ram}{verdict}.").format(
        where=where, vram=vram, ram=ram, verdict=verdict)


def _advice(kind: ErrorKind) -> str:
    """What the user should do about each failure, in their words."""
    return {
        ErrorKind.OUT_OF_VRAM: translate("Errors", "The graphics card ran out of memory. Try a smaller size, or tick "
                                                   "'Decode in tiles' in Advanced."),
        ErrorKind.DEVICE_LOST: translate("Errors", "The graphics card stopped answering and its driver reset it "
                                                   "(Windows does that when one piece of work takes over two "
                                                   "seconds). Try a smaller size; if it happens again, update the "
                                                   "graphics driver: the system check (Full check…) names the one "
                                                   "to get."),
        ErrorKind.MODEL_LOAD_FAILED: translate("Errors", "The model file could not be loaded. Is it complete and a "
                                                         "supported model?"),
        ErrorKind.BACKEND_MISSING: translate("Errors", "The image backend is missing."),
        ErrorKind.BACKEND_CRASHED: translate("Errors", "The image backend stopped suddenly. Details shows its last "
                                                       "words."),
        ErrorKind.BAD_REQUEST: translate("Errors", "The settings were not accepted."),
        ErrorKind.CANNOT_SAVE: translate("Errors", "The picture could not be saved where it should go. Choose another "
                                                   "folder with the folder button, or free some space."),
        ErrorKind.BAD_PICTURE: translate("Errors", "The picture looks broken, so it was set aside, not put in the "
                                                   "gallery; if it is what you wanted, click Keep it."),
        ErrorKind.UNKNOWN: translate("Errors", "The generation failed."),
    }[kind]


def failure_words(error: BackendError) -> str:
    """What to do about a failed job, then why on a line of its own: ours in words, or, for a line of the
    backend's own output (flags, file names, C++ words), where to read it."""
    if error.kind is ErrorKind.BAD_PICTURE and not error.from_backend:
        return error.message  # its own three short lines: what went wrong, where the picture is, what to try
    why = (translate("Errors", "The backend's own words are under Details.") if error.from_backend else
           sentence(error.message))
    return f"{_advice(error.kind)}\n{why}"


def check_headline(facts: SystemFacts, report: CompatibilityReport) -> tuple[Verdict, str]:
    """The first-start banner: 'Your Radeon RX 580 is ready.', the warning to know, or the first thing to fix."""
    device = facts.selected
    overall = report.overall
    if overall is Verdict.PASS:
        # software Vulkan (lavapipe) or Dozen is no card to call "your llvmpipe": the check's words name it
        if device is not None and device.is_hardware:
            return overall, translate("Check", "Your {card} is ready.").format(card=short_card_name(device.name))
        return overall, translate("Check", "This computer is ready.")
    # over the window, what matters most in a sentence (and what to do first when nothing can work yet); the rest
    # is one click away (the full check)
    worst = next(c for c in report.checks if c.status is overall)
    said = first_sentence(worst.message)
    if overall is Verdict.WARN:
        warnings = sum(c.status is Verdict.WARN for c in report.checks)
        more = " " + translate("Check", "(Warnings in the full check: {count})").format(count=warnings) \
            if warnings > 1 else ""
        return overall, f"{said}{more}"
    fix = f" {first_sentence(worst.fix)}" if worst.fix else ""
    return overall, translate("Check", "Fix this first: {problem}").format(problem=said + fix)


def first_sentence(text: str) -> str:
    """Up to the end of the first sentence (a full stop before a space or the end, or what opens a bracket)."""
    ends = [at for at in (text.find(". "), text.find(" (")) if at >= 0]
    return text[:min(ends)].rstrip(".:") + "." if ends else text


def short_card_name(name: str) -> str:
    # 'AMD Radeon RX 580 Series (RADV POLARIS10)' -> 'AMD Radeon RX 580 Series'
    return name.split(" (")[0].strip() or name
