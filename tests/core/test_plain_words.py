"""Every sentence core makes for the window, made from real inputs, is in plain words: no command-line flag, no
errno text, no error kind or check id, no log level. The CLI keeps its kinds and ids; its sentences are these."""

from __future__ import annotations

import dataclasses
import errno
import os
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from PIL import Image

from app.core.file_words import file_problem
from app.core.gallery.image_store import FolderProblem, check_folder
from app.core.gallery.picture_check import PictureFault, Refusal, rung_words, what_to_try
from app.core.generation.lora import LoraRejected, check_loras
from app.core.generation.output import ErrorKind, OutputParser, Progress, Stage
from app.core.generation.request import GenerationRequest, HiresFix, InvalidRequest, validate
from app.core.generation.status_words import (
    check_headline,
    failure_words,
    plan_in_detail,
    plan_sentence,
    progress_words,
    stage_words,
    time_words,
)
from app.core.models.backend_caps import parse_help
from app.core.models.catalog import load_catalog
from app.core.models.families import MemoryFlags, ModelFiles
from app.core.models.model_files import import_file
from app.core.planning.plan import Device, plan_memory, plan_upscale
from app.core.planning.timing import PictureTime
from app.core.queue.jobs import load_queue
from app.core.system.checks import (
    BackendStatus,
    DiskInfo,
    HostInfo,
    SystemFacts,
    check_title,
    run_checks,
)
from app.core.system.processor import REQUIRED_FLAGS, CpuVariant
from app.core.system.usage import ResourceSample
from tests.helpers.captures import CAPTURES, SUPPORTED_VERSIONS, load, vulkaninfo_devices

AVX2 = REQUIRED_FLAGS[CpuVariant.HASWELL]  # what /proc/cpuinfo lists of a processor since Haswell

GIB = 2**30
CHECK_IDS = ("vulkan_loader", "gpu", "vulkan_api", "device_order", "amd_driver", "overlay_layers", "vram",
             "max_allocation", "host_ram", "disk_free", "disk_rotational", "cpu_features", "backend")
# what a developer reads and a hobbyist does not: a flag, an errno text, an error kind or check id, a log level,
# and the two phrases issue 26 found on screen
_DEVELOPER = re.compile(
    r"(?<![\w-])--?[a-z][\w-]*"  # --offload-to-cpu, -v
    r"|\[?Errno\b|\bWinError\b"
    rf"|\b(?:{'|'.join(word for word in (*ErrorKind, *CHECK_IDS) if '_' in word)})\b"
    r"|\b(?:WARN|FAIL|PASS|ERROR|INFO|DEBUG)\b"
    r"|vulkan loader|Your llvmpipe|will work, but:|card.s specifications", re.IGNORECASE)
_LOG_LEVELS = re.compile(r"\b(?:WARN|FAIL|PASS|ERROR|INFO|DEBUG)\b")  # case matters: "fail" is a plain word
CAPS = parse_help(load("help").stdout.decode())
GOOD_HOST = HostInfo(32 * GIB, 24 * GIB, AVX2, "linux")


def developer_words(text: str) -> list[str]:
    found = [m.group(0) for m in _DEVELOPER.finditer(text) if not re.fullmatch(r"(?i)warn|fail|pass|error|info|debug",
                                                                                m.group(0))]
    return found + _LOG_LEVELS.findall(text)


def test_the_detector_finds_what_issue_26_saw_on_screen() -> None:
    seen = ("Your llvmpipe will work, but: the vulkan loader is old. Try --offload-to-cpu (bad_request) "
            "[Errno 30] Read-only file system: '/x' WARN")
    assert len(developer_words(seen)) == 7
    assert developer_words("Drawing — step 3 of 20: the picture may fail, a warning; Q4_K, flux1-schnell-q4_k.gguf") \
        == []


def _captures() -> list[str]:
    folder = CAPTURES / "vulkaninfo"
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*.txt"))


def _facts() -> Iterator[SystemFacts]:
    """Every recorded machine with a good host, and the faults the checks know, on real outputs."""
    no_driver = (CAPTURES / "vulkaninfo" / "no_driver.stderr").read_text(encoding="utf-8").strip().splitlines()[-1]
    for name in _captures():
        devices = tuple(vulkaninfo_devices(name))
        yield SystemFacts(None, devices, GOOD_HOST, DiskInfo("/models", 200 * GIB, False),
                          BackendStatus(None, tuple(d.name for d in devices[:1])))
        yield SystemFacts(None, devices, HostInfo(8 * GIB, 2 * GIB, frozenset({"sse2"}), "win32"),
                          DiskInfo("D:/models", 2 * GIB, True), BackendStatus("sd-cli.exe was not found"),
                          pinned_device="7")
    lavapipe = tuple(vulkaninfo_devices("lavapipe_full.txt"))
    yield SystemFacts(no_driver, (), GOOD_HOST, None, BackendStatus(None, ("AMD Radeon RX 580 Series",)))
    yield SystemFacts(no_driver, (), GOOD_HOST, None, BackendStatus("libvulkan.so.1: cannot open shared object file",
                                                                    missing_library=True))
    yield SystemFacts(None, lavapipe, dataclasses.replace(GOOD_HOST, cpu_flags=None), None, BackendStatus(None, ()))
    yield SystemFacts(None, (), HostInfo(None, None, None, None, from_paste=True))


def _check_sentences() -> Iterator[str]:
    for facts in _facts():
        report = run_checks(facts)
        for check in report.checks:
            yield check.message
            yield check.fix or ""
            yield check_title(check.id)
        yield check_headline(facts, report)[1]


def _failure_sentences() -> Iterator[str]:
    for version in SUPPORTED_VERSIONS:
        for case in sorted({p.stem for p in (CAPTURES / version).glob("*.exit")}):
            capture = load(case, version)
            parser = OutputParser()
            parser.feed(capture.stdout, "stdout")
            parser.feed(capture.stderr, "stderr")
            for event in parser.finish(capture.exit_code):
                if hasattr(event, "kind"):
                    yield failure_words(event)  # type: ignore[arg-type]
    crashed = OutputParser()
    crashed.feed(b"generating image: 1/1\n")
    yield from (failure_words(e) for e in crashed.finish(139) if hasattr(e, "kind"))  # type: ignore[arg-type]


def _status_sentences() -> Iterator[str]:
    for stage in Stage:
        yield from (stage_words(stage, elapsed) for elapsed in (None, 0.5, 12, 400))
    yield from (progress_words(p) for p in (Progress(3, 20, 1.43), Progress(20, 20, 1.4), Progress(1, 4, None)))
    flux = load_catalog().presets["flux-schnell-q4k"].components()
    for device in (Device(8 * GIB), Device(4 * GIB, max_allocation=2 * GIB), Device(2 * GIB, is_cpu=True)):
        for size in (512, 1024, 2048):
            plan = plan_memory(flux, device, 16 * GIB, size, size, 4, CAPS)
            yield from plan.explanation
            yield plan_in_detail(plan, ResourceSample(16 * GIB, 4 * GIB, 8 * GIB, 2 * GIB))
            for card in (vulkaninfo_devices("public/amd_rx470_radv_linux_full.txt")[0],
                         vulkaninfo_devices("lavapipe_full.txt")[0], None):
                yield plan_sentence(plan, card)
        yield plan_upscale(64 * 2**20, 4, device, 1024, 1024, 256).explanation
    for measured, known, card in ((True, True, "AMD Radeon RX 580 Series (RADV POLARIS10)"),
                                  (False, True, "AMD Radeon RX 580 Series (RADV POLARIS10)"),
                                  (False, False, "AMD Radeon RX 580 Series (RADV POLARIS10)"),
                                  (False, True, "llvmpipe (LLVM 15.0.6, 256 bits)")):
        yield time_words(PictureTime((("text", 11.5), ("sampling", 838.0), ("moving weights", 40.0)), measured,
                                     card, known))


def _request_sentences(tmp: Path) -> Iterator[str]:
    model = tmp / "model.gguf"
    model.write_bytes(b"not a model at all")
    picture = tmp / "in.png"
    Image.new("RGB", (96, 96), "white").save(picture)
    text = tmp / "notes.png"
    text.write_text("hello", encoding="utf-8")
    good = GenerationRequest("a cat", models=ModelFiles(model=model))
    for request in (GenerationRequest(""), GenerationRequest("a cat"), good,
                    dataclasses.replace(good, models=ModelFiles(model=tmp / "gone.gguf")),
                    dataclasses.replace(good, prompt="x" * 3000), dataclasses.replace(good, prompt="\x00" * 3000)):
        with pytest.raises(InvalidRequest) as refused:
            validate(request)
        yield str(refused.value)
    from app.core.generation.request import check_fields, check_hires, snap_side
    for call in (lambda: snap_side("width", 10, 8), lambda: snap_side("width", -1, 8),
                 lambda: check_fields(dataclasses.replace(good, steps=0)),
                 lambda: check_fields(dataclasses.replace(good, eta=2.0)),
                 lambda: check_hires(dataclasses.replace(good, width=2048, height=2048, hires=HiresFix(2.0))),
                 lambda: check_hires(dataclasses.replace(good, hires=HiresFix(9.0)))):
        with pytest.raises(InvalidRequest) as refused:
            call()
        yield str(refused.value)
    yield str(snap_side("width", 100, 16)[1])
    from app.core.generation.input_image import InputImageRejected, check_input_image
    for path in (text, tmp / "nothing.png"):
        with pytest.raises(InputImageRejected) as refused:
            check_input_image(path)
        yield str(refused.value)


def _file_sentences(tmp: Path) -> Iterator[str]:
    for code in (errno.EROFS, errno.ENOSPC, errno.EACCES, errno.EPERM, errno.ENOENT, errno.ENOTDIR, errno.EEXIST,
                 errno.EIO, errno.EBUSY, errno.ENAMETOOLONG):
        yield file_problem(OSError(code, os.strerror(code), str(tmp / "pictures")), tmp / "pictures")
    blocked = tmp / "a file"
    blocked.write_bytes(b"")
    with pytest.raises(FolderProblem) as refused:
        check_folder(blocked / "pictures", 1)  # a real ENOTDIR from the operating system
    yield str(refused.value)
    with pytest.raises(FolderProblem) as refused:
        check_folder(tmp, 2**60)
    yield str(refused.value)
    for fault in PictureFault:
        yield Refusal(fault, (0, 0, 0)).words
    for memory in (MemoryFlags(), MemoryFlags(vae_on_cpu=True)):
        for fault in PictureFault:
            yield what_to_try(fault, memory)
        yield rung_words(MemoryFlags(), memory)
    yield rung_words(MemoryFlags(), MemoryFlags(vae_tiling=True))
    yield rung_words(MemoryFlags(), MemoryFlags(offload_to_cpu=True))


def _model_and_queue_sentences(tmp: Path) -> Iterator[str]:
    garbage = tmp / "half.gguf"
    garbage.write_bytes(b"GGUF\x03\x00\x00\x00" + b"\xff" * 12)  # a header cut short
    folder = tmp / "a folder.safetensors"
    folder.mkdir()  # a real EISDIR from the operating system
    for path in (garbage, folder, tmp / "model.ckpt"):
        yield import_file(path).warning or ""
    for text in (b'{"format": 1, "jobs": [{"id": "x"', b"\xff\xfe garbage"):
        queue = tmp / "queue.json"
        queue.write_bytes(text)
        yield load_queue(queue, datetime(2026, 11, 25, 9, 30)).message or ""
    for prompt, folder_given in (("<lora:missing:1>", tmp), ("<lora:x:9>", tmp), ("<lora:x:1>", None)):
        with pytest.raises(LoraRejected) as refused:
            check_loras(prompt, folder_given, "flux")
        yield str(refused.value)


def every_sentence(tmp: Path) -> dict[str, list[str]]:
    return {"checks": list(_check_sentences()), "failures": list(_failure_sentences()),
            "status": list(_status_sentences()), "requests": list(_request_sentences(tmp)),
            "files and pictures": list(_file_sentences(tmp)), "models and queue": list(_model_and_queue_sentences(tmp))}


def test_every_message_family_is_made_and_in_plain_words(tmp_path: Path) -> None:
    families = every_sentence(tmp_path)
    assert all(len(sentences) >= 5 for sentences in families.values()), {k: len(v) for k, v in families.items()}
    found = {f"{family}: {sentence!r}": words for family, sentences in families.items() for sentence in sentences
             if (words := developer_words(sentence))}
    assert found == {}


def test_a_processor_only_machine_is_told_so_in_the_headline() -> None:
    lavapipe = tuple(vulkaninfo_devices("lavapipe_full.txt"))
    facts = SystemFacts(None, lavapipe, GOOD_HOST, DiskInfo("/models", 200 * GIB, False),
                        BackendStatus(None, ("llvmpipe (LLVM 15.0.6, 256 bits)",)))
    headline = check_headline(facts, run_checks(facts))[1]
    assert headline.startswith("No graphics card that can draw was found: pictures will be made by the processor, "
                               "many times slower.")
    assert "llvmpipe" not in headline.split(".")[0]


def test_check_titles_are_words_for_every_check() -> None:
    titles = [check_title(check_id) for check_id in CHECK_IDS]
    assert len(set(titles)) == len(CHECK_IDS)
    assert not any("_" in title for title in titles)
