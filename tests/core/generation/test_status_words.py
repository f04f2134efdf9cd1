from __future__ import annotations

import pytest

from app.core.generation.output import BackendError, ErrorKind, Progress, Stage
from app.core.generation.status_words import (
    check_headline,
    duration_in_words,
    failure_words,
    plan_in_detail,
    plan_sentence,
    progress_words,
    stage_words,
)
from app.core.models.families import MemoryFlags
from app.core.planning.plan import Breakdown, MemoryPlan, Where
from app.core.system.checks import CheckResult, CompatibilityReport, HostInfo, SystemFacts, Verdict
from app.core.system.processor import REQUIRED_FLAGS, CpuVariant
from app.core.system.usage import ResourceSample
from app.core.system.vulkaninfo import DeviceType, VulkanDevice
from tests.helpers.captures import vulkaninfo_devices

AVX2 = REQUIRED_FLAGS[CpuVariant.HASWELL]  # what /proc/cpuinfo lists of a processor since Haswell

RX470 = vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0]
LAVAPIPE = vulkaninfo_devices("lavapipe_full.txt")[0]


@pytest.mark.parametrize(("seconds", "words"), [
    (0.4, "less than a second"), (1, "1 s"), (12.4, "12 s"), (59.4, "59 s"),
    (61, "about 1 min"), (150, "about 2 min"), (3600, "about 1 h"), (3900, "about 1 h 5 min"),
    (7300, "about 2 h 2 min"),
])
def test_durations_read_as_words(seconds: float, words: str) -> None:
    assert duration_in_words(seconds) == words


def test_progress_says_step_time_per_step_and_time_left() -> None:
    assert progress_words(Progress(3, 20, 1.43)) == "Drawing — step 3 of 20, 1.4 s per step, 24 s left"
    assert progress_words(Progress(20, 20, 1.43)) == "Drawing — step 20 of 20, 1.4 s per step"
    assert progress_words(Progress(1, 4, None)) == "Drawing — step 1 of 4"
    assert stage_words(Stage.LOADING) == "Loading the model…"


def test_the_plan_is_one_sentence() -> None:
    plan = MemoryPlan(MemoryFlags(), {"diffusion": Where.GPU, "text_encoders": Where.CPU, "vae": Where.CPU}, (),
                      Breakdown(3 * 2**30, 2**29, 0), 2**33, 10.0, True, ())
    assert plan_sentence(plan, RX470) == ("The model on the graphics card, the text encoders on the processor, the "
                                          "image decoder on the processor; about 3.5 GiB of video memory.")
    tight = MemoryPlan(MemoryFlags(), {"diffusion": Where.GPU}, (), Breakdown(2**33, 0, 0), 0, 1.0, False, ())
    assert plan_sentence(tight, RX470).endswith("about 8.0 GiB of video memory — predicted not to fit, so it may "
                                                "fail.")


def test_the_plan_on_vulkan_run_by_the_processor_says_the_processor() -> None:
    plan = MemoryPlan(MemoryFlags(), {"diffusion": Where.GPU, "text_encoders": Where.CPU, "vae": Where.GPU}, (),
                      Breakdown(3 * 2**30, 2**29, 0), 2**32, 10.0, True, ())
    said = plan_sentence(plan, LAVAPIPE)
    assert said == ("Everything on the processor (no graphics card that can draw was found); up to 7.5 GiB of the "
                    "computer's memory.")
    assert "graphics card," not in said and "video memory" not in said


def test_the_plan_in_detail_measures_against_this_computer_once_known() -> None:
    plan = MemoryPlan(MemoryFlags(), {"diffusion": Where.GPU, "text_encoders": Where.CPU, "vae": Where.CPU}, (),
                      Breakdown(3 * 2**30, 2**29, 0), 2**33, 10.0, True, ())
    where = "Memory plan: diffusion model on GPU, text encoders on CPU, image decoder on CPU"
    assert plan_in_detail(plan, None) == f"{where}; predicted 3.5 GiB VRAM, 8.0 GiB RAM."
    sample = ResourceSample(ram_total=2**34, ram_used=2**32, vram_total=2**33)
    assert plan_in_detail(plan, sample) == f"{where}; predicted 3.5 of 8.0 GiB VRAM, 8.0 of 16.0 GiB RAM."
    # the card's memory is not known until vulkaninfo has answered: then only the RAM has its total
    assert plan_in_detail(plan, ResourceSample(ram_total=2**34, ram_used=0)).endswith(
        "predicted 3.5 GiB VRAM, 8.0 of 16.0 GiB RAM.")
    tight = MemoryPlan(MemoryFlags(), {"diffusion": Where.GPU}, (), Breakdown(2**33, 0, 0), 0, 1.0, False, ())
    assert plan_in_detail(tight, None).endswith("8.0 GiB VRAM, 0.0 GiB RAM — predicted NOT to fit.")


@pytest.mark.parametrize("kind", [kind for kind in ErrorKind if kind is not ErrorKind.BAD_PICTURE])
def test_every_failure_says_what_to_do_then_why_as_a_sentence(kind: ErrorKind) -> None:
    advice, message = failure_words(BackendError(kind, "the prompt is 50,000 characters long")).split("\n")
    assert advice[-1] in ".?" and message == "The prompt is 50,000 characters long."


def test_a_broken_picture_says_its_own_three_lines() -> None:
    lines = "The picture came out black: it is set aside, not in the gallery.\nIt is kept in x.png.\nTry this."
    assert failure_words(BackendError(ErrorKind.BAD_PICTURE, lines, picture="x.png")) == lines


@pytest.mark.parametrize("kind", list(ErrorKind))
def test_a_line_of_the_backend_s_output_stays_in_details(kind: ErrorKind) -> None:
    said = failure_words(BackendError(kind, "error: unknown argument: --bogus-flag", from_backend=True))
    advice, where = said.split("\n")
    assert advice[-1] in ".?" and "--bogus-flag" not in said and where == "The backend's own words are under Details."


def facts() -> SystemFacts:
    card = VulkanDevice(0, "AMD Radeon RX 580 Series (RADV POLARIS10)", 0x1002, 0x67DF, DeviceType.DISCRETE)
    return SystemFacts(None, (card,), HostInfo(16 * 2**30, 12 * 2**30, AVX2, "linux"))


def test_the_banner_names_the_card_and_the_first_thing_to_fix() -> None:
    ok = CompatibilityReport((CheckResult("gpu", Verdict.PASS, "fine"),))
    assert check_headline(facts(), ok) == (Verdict.PASS, "Your AMD Radeon RX 580 Series is ready.")
    warn = CompatibilityReport((CheckResult("gpu", Verdict.PASS, "fine"),
                                CheckResult("disk", Verdict.WARN, "The models folder is on a spinning disk.",
                                            "Move it to an SSD."),
                                CheckResult("ram", Verdict.WARN, "Little RAM.")))
    # one sentence over the window: what to do about it is in the full check, one click away
    assert check_headline(facts(), warn) == (
        Verdict.WARN, "The models folder is on a spinning disk. (Warnings in the full check: 2)")
    bad = CompatibilityReport((CheckResult("disk", Verdict.WARN, "Slow disk."),
                               CheckResult("vulkan", Verdict.FAIL, "No Vulkan driver.", "Install the AMD driver.")))
    assert check_headline(facts(), bad) == (Verdict.FAIL, "Fix this first: No Vulkan driver. Install the AMD driver.")


def test_the_banner_does_not_call_software_vulkan_your_card() -> None:
    lavapipe = VulkanDevice(0, "llvmpipe (LLVM 15.0.6, 256 bits)", 0x10005, 0, DeviceType.CPU)
    on_the_processor = SystemFacts(None, (lavapipe,), facts().host)
    warn = CompatibilityReport((CheckResult("gpu", Verdict.WARN, "The only Vulkan device is llvmpipe."),))
    assert check_headline(on_the_processor, warn) == (Verdict.WARN, "The only Vulkan device is llvmpipe.")
    fine = CompatibilityReport((CheckResult("gpu", Verdict.PASS, "fine"),))
    assert check_headline(on_the_processor, fine) == (Verdict.PASS, "This computer is ready.")
